"""Persistence in SQLite (aiosqlite): the schema's migrations, one writer connection with a lock,
and plain SQL functions over it. It knows no rules: states and events are JSON."""

from __future__ import annotations

from . import games, timers
from .db import Database, backup, backup_folders
from .errors import DamagedRow, DatabaseError
from .games import ChannelTaken, EventRow, GameRow, SeatRow
from .integrity import newest_good_backup, remember_sound, remove_stale_partials
from .schema import migrate, schema_dump
from .timers import TimerRow

__all__ = [
    "ChannelTaken", "DamagedRow", "Database", "DatabaseError", "EventRow", "GameRow", "SeatRow", "TimerRow", "backup",
    "backup_folders", "games", "migrate", "newest_good_backup", "remember_sound", "remove_stale_partials", "schema_dump", "timers",
]
