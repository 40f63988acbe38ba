"""Queries for games played at one keyboard (``python -m bot play``): the unfinished local games
with their seats and round, and where a seat last chose (so a resumed game can tell each person
what happened since their last choice). Read-only; nothing here changes a game."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import INPUT_KINDS
from ..store import SeatRow
from ..store import games as sql
from .core import ServiceCore
from .errors import DamagedGame

UNFINISHED = ("lobby", "active")


@dataclass(frozen=True, slots=True)
class LocalGame:
    """An unfinished local game as a list of them shows it (no seed, no hands)."""

    id: int
    status: str  # "lobby" (created but not started) or "active"
    seats: tuple[SeatRow, ...]  # turn order once started; join order in a lobby
    round: int | None  # None before the start
    turns: int
    updated_at: float  # the time of the last accepted choice (or of the creation)
    problem: str = ""  # why the game cannot be loaded (a damaged row), else empty


class LocalMixin(ServiceCore):
    async def local_games(self) -> list[LocalGame]:
        """Every local game not yet finished or abandoned, the most recently played first; one
        that cannot be loaded is listed with the reason (`problem`) and no round."""
        found: list[LocalGame] = []
        async with self.db.read() as conn:
            for row in await sql.games_with_status(conn, UNFINISHED, "local"):
                try:
                    game = await self._load(conn, row.id)
                except DamagedGame as exc:
                    seats = tuple(await sql.seats(conn, row.id))
                    found.append(LocalGame(row.id, row.status, seats, None, 0, row.updated_at, str(exc)))
                    continue
                state = game.state
                found.append(LocalGame(
                    row.id, row.status, tuple(game.seats), state.round if state else None,
                    state.turns if state else 0, row.updated_at,
                ))
        return found

    async def last_choice_seq(self, game_id: int, seat: int) -> int:
        """The log position of the seat's last own input (a choice, an undo or a skip of their
        turn), or 0 if they have not chosen yet."""
        async with self.db.read() as conn:
            rows = await self._events(conn, game_id)
        return max((r.seq for r in rows if r.player == seat and r.kind in INPUT_KINDS), default=0)
