"""Local command-line tools (simulate, soak, bench) dispatched from ``python -m bot``."""
