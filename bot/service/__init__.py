"""The one way in for everything that reads or changes a game: lobby → start → choices →
results, on top of the engine and the store. No Discord types here; the Discord layer, the local
commands and the tests all go through `GameService`."""

from __future__ import annotations

import asyncio
from pathlib import Path

from ..ai import get_policy
from ..ai.hints import Hint
from ..ai.levels import DEFAULT_LEVEL, Level, level_named, level_names, levels
from ..engine import Decision, GameState, Option, View, fill_seats, pending, result, view, winners
from ..engine.components import COLOURS, MAX_PLAYERS, MIN_PLAYERS
from ..engine.decks import deck_named
from ..engine.modules import game_words
from ..engine.preview import previews
from ..engine.scoring import tie_break_sentence
from ..engine.texts import (
    CARD_NAMES,
    CARD_TEXTS,
    MOSQUE_TILE_NAMES,
    MOSQUE_TILE_TEXTS,
    rule_text,
    rule_topics,
)
from ..render.palette import turn_palette
from ..render.ranking import ranking
from ..settings import Settings
from ..store import Database, DatabaseError, TimerRow, backup, remove_stale_partials
from ..store.surface import MessageRow
from . import errors
from .core import PAUSE_DAYS, PAUSED, Clock, Game, Outcome, Policy, random_policy
from .hints import HINTS_OFF, HintMixin
from .lobby import LobbyMixin
from .local import LocalGame, LocalMixin
from .options import (
    TableOptions,
    game_named,
    game_title,
    parse_options,
    table_games,
    table_pairs,
    table_rules,
)
from .play import PlayMixin
from .queries import Placing, QueryMixin
from .records import GameRecord, RecordMixin
from .render import Picture, RenderMixin, TurnImages
from .searches import Searches
from .surface import SurfaceMixin
from .users import UserSettings, parse_quiet, parse_zone, zones_matching


class GameService(LobbyMixin, HintMixin, PlayMixin, QueryMixin, RecordMixin, RenderMixin, LocalMixin, SurfaceMixin):
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
        await asyncio.to_thread(self.searches.close)
        await self.db.close()


# What a front end needs of the engine and the store comes through here too (the Discord layer
# imports only this package and bot.settings): the current decision and views, results, rule
# texts and colours; the store's rows, its error and its backup; the computer players and the
# renderer's one-time preparation.
__all__ = [
    "CARD_NAMES", "CARD_TEXTS", "COLOURS", "DEFAULT_LEVEL", "MAX_PLAYERS", "MIN_PLAYERS", "Level", "level_named", "level_names", "levels", "MOSQUE_TILE_NAMES", "MOSQUE_TILE_TEXTS", "PAUSED", "PAUSE_DAYS", "Clock",
    "DatabaseError", "Decision", "Game", "HINTS_OFF", "Hint", "GameRecord", "GameService", "GameState", "LocalGame", "MessageRow",
    "Option", "Outcome", "Picture", "Placing", "Policy", "Searches", "TableOptions", "TimerRow", "TurnImages", "UserSettings",
    "View", "backup", "deck_named", "errors", "fill_seats", "game_named", "game_title", "game_words", "get_policy",
    "parse_options", "parse_quiet", "parse_zone", "pending", "previews", "random_policy", "ranking",
    "remove_stale_partials", "result", "rule_text", "rule_topics", "table_games", "table_pairs", "table_rules", "tie_break_sentence", "turn_palette",
    "view", "winners", "zones_matching",
]
