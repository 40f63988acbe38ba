"""Shared test configuration; the repository root is pytest's rootdir."""
