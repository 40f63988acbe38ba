"""The store's one error type."""

from __future__ import annotations


class DatabaseError(Exception):
    """The database cannot be opened, migrated or written; the message (one line) says what to do."""


class DamagedRow(DatabaseError):
    """One game's stored data cannot be read (an event payload that is not JSON, say); the other
    games are not affected. `what` names the damaged part in a few words."""

    def __init__(self, game_id: int, what: str) -> None:
        super().__init__(f"Game #{game_id} is damaged in the database: {what}.")
        self.game_id = game_id
        self.what = what
