"""The one way in for everything that reads or changes a game: lobby → start → choices →
results, on top of the engine and the store. No Discord types here; the Discord layer, the local
commands and the tests all go through `GameService`."""

from __future__ import annotations

from pathlib import Path

from ..settings import Settings
from ..store import Database
from . import errors
from .core import Clock, Game, Outcome, Policy, random_policy
from .lobby import LobbyMixin
from .local import LocalGame, LocalMixin
from .options import TableOptions, parse_options
from .play import PlayMixin
from .queries import Placing, QueryMixin
from .records import GameRecord, RecordMixin
from .render import RenderMixin, TurnImages
from .surface import SurfaceMixin
from .users import UserSettings


class GameService(LobbyMixin, PlayMixin, QueryMixin, RecordMixin, RenderMixin, LocalMixin, SurfaceMixin):
    """Construct with an open `Database` (or use `GameService.open(path)`)."""

    @classmethod
    async def open(cls, path: Path, **kwargs: object) -> GameService:
        return cls(await Database.open(path), **kwargs)  # type: ignore[arg-type]

    @classmethod
    async def from_settings(cls, settings: Settings, **kwargs: object) -> GameService:
        """The service for the configured database, with the configured grace period."""
        kwargs.setdefault("grace_seconds", settings.turn_grace_seconds)
        return await cls.open(settings.db_path, **kwargs)

    async def close(self) -> None:
        await self.db.close()


__all__ = [
    "Clock", "Game", "GameRecord", "GameService", "LocalGame", "Outcome", "Placing", "Policy", "TableOptions", "errors", "parse_options",
    "TurnImages", "UserSettings", "random_policy",
]
