"""Persistence in SQLite (aiosqlite): the schema's migrations, one writer connection with a lock,
and plain SQL functions over it. It knows no rules: states and events are JSON."""

from __future__ import annotations

from . import games, timers
from .db import Database, backup
from .errors import DatabaseError
from .games import ChannelTaken, EventRow, GameRow, SeatRow
from .schema import migrate, schema_dump
from .timers import TimerRow

__all__ = [
    "ChannelTaken", "Database", "DatabaseError", "EventRow", "GameRow", "SeatRow", "TimerRow", "backup",
    "games", "migrate", "schema_dump", "timers",
]
