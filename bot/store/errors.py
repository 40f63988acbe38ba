"""The store's one error type."""

from __future__ import annotations


class DatabaseError(Exception):
    """The database cannot be opened, migrated or written; the message (one line) says what to do."""
