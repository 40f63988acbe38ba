"""Reading games: by channel or user, views, public lines, results, timers, replay."""

from __future__ import annotations

from dataclasses import dataclass

from .. import engine
from ..engine import GameState, Standing, View
from ..store import GameRow, TimerRow
from ..store import games as sql
from ..store import timers as timer_sql
from .core import SERVICE_EVENT, Game, ServiceCore, engine_events
from .errors import NotStarted, UnknownGame
from .records import TurnSpan, turn_spans

# Public lines for the service's own events. The engine's "forfeit" event already says "<name>'s
# turn was skipped." (or "<name>'s decision was skipped." for a decision asked mid-turn); the
# service's note of a skip adds who asked for it (a forced skip: nothing).
SERVICE_LINES = {
    "to_computer": "A computer player now plays {name}'s seat.",
    "to_person": "{name} plays their own seat again.",
    "skip": "{by} asked for that skip: {name}'s time for the move had run out.",
    "skip.decision": "{by} asked for that skip: {name}'s time to decide had run out.",
}


@dataclass(frozen=True, slots=True)
class Placing:
    standing: Standing
    name: str


class QueryMixin(ServiceCore):
    async def game_in_channel(self, channel_id: int) -> Game | None:
        async with self.db.read() as conn:
            row = await sql.active_game_in_channel(conn, channel_id)
            return await self._load(conn, row.id) if row else None

    async def user_games(self, user: str, *, finished: bool = False) -> list[GameRow]:
        statuses = ("lobby", "active", "finished", "abandoned") if finished else ("lobby", "active")
        async with self.db.read() as conn:
            return await sql.games_of_user(conn, user, statuses)

    async def games(self, statuses: tuple[str, ...], origin: str | None = None) -> list[GameRow]:
        async with self.db.read() as conn:
            return await sql.games_with_status(conn, statuses, origin)

    def _started(self, game: Game) -> GameState:
        if game.state is None:
            raise NotStarted()
        return game.state

    async def views(self, game_id: int) -> dict[int | None, View]:
        """The public view (key None) and each seat's own view."""
        game = await self.load(game_id)
        state = self._started(game)
        return {viewer: engine.view(state, viewer) for viewer in [None, *range(len(game.seats))]}

    async def lines(self, game_id: int, *, after_seq: int = 0, viewer: int | None = None) -> list[tuple[int, str]]:
        """The story of a game since `after_seq` as (seq, line), names filled in, as `viewer` may read it."""
        async with self.db.read() as conn:
            game = await self._load(conn, game_id)
            rows = await self._events(conn, game_id, after_seq)
        out = []
        names = game.names()
        for r in rows:
            if r.kind.startswith(SERVICE_EVENT):
                name = r.kind[len(SERVICE_EVENT):] + (".decision" if r.payload.get("decision") else "")
                template = SERVICE_LINES.get(name)
                by = str(r.payload.get("by") or "")
                if template and r.player is not None and ("{by}" not in template or by):
                    requester = next((s.name for s in game.seats if s.user_id == by), "another player")
                    out.append((r.seq, template.format(name=names.get(r.player, "someone"), by=requester)))
                continue
            line = engine.describe(engine.Event(r.kind, r.player, r.payload), viewer)
            if line:
                out.append((r.seq, game.fill(line)))
        return out

    async def computer_turns_since(self, game_id: int, after_seq: int) -> list[TurnSpan]:
        """The turns a computer played that began after `after_seq` (each was posted as a message
        of its own, so a person's turn message may shorten them)."""
        async with self.db.read() as conn:
            game = await self._load(conn, game_id)
            rows = await sql.events(conn, game_id, after_seq)
        # who was a computer when the window began: the seats now, with the hand-overs since undone
        computer = {s.seat for s in game.seats if s.played_by_computer}
        for r in reversed(rows):
            if r.kind == SERVICE_EVENT + "to_computer" and r.player is not None:
                computer.discard(r.player)
            elif r.kind == SERVICE_EVENT + "to_person" and r.player is not None:
                computer.add(r.player)
        return [t for t in turn_spans(rows, frozenset(computer)) if t.chooser == "computer"]

    async def taken_back_by(self, game_id: int, after_seq: int) -> int | None:
        """The seat whose undo is the newest input after `after_seq` (None: no undo since then, or
        a newer choice). A front end words a turn that was taken back with it."""
        async with self.db.read() as conn:
            rows = await sql.events(conn, game_id, after_seq)
        inputs = [r for r in rows if r.kind in engine.INPUT_KINDS]
        return inputs[-1].player if inputs and inputs[-1].kind == "undo" else None

    async def results(self, game_id: int) -> list[Placing]:
        game = await self.load(game_id)
        names = game.names()
        return [Placing(s, names[s.seat]) for s in engine.result(self._started(game))]

    async def replay(self, game_id: int) -> GameState:
        """The game rebuilt from its seed and its whole log (for checks; loading uses snapshots)."""
        async with self.db.read() as conn:
            game = await self._load(conn, game_id)
            rows = await self._events(conn, game_id)
        state = self._started(game)
        colours = [s.colour or "" for s in game.seats]
        assert game.row.seed is not None
        return engine.replay(state.settings, colours, game.row.seed, engine_events(rows))

    async def set_timer(self, game_id: int, kind: str, due_at: float, payload: dict[str, object] | None = None) -> None:
        """Set (or move) the game's timer of this kind; a game has at most one timer per kind."""
        async with self.db.transaction() as conn:
            if await sql.get_game(conn, game_id) is None:
                raise UnknownGame(game_id)
            await timer_sql.set_timer(conn, game_id, kind, due_at, dict(payload or {}))

    async def clear_timer(self, game_id: int, kind: str) -> None:
        async with self.db.transaction() as conn:
            await timer_sql.clear_timers(conn, game_id, kind)

    async def due_timers(self) -> list[TimerRow]:
        """Every timer whose time has come on the service's clock, soonest first."""
        async with self.db.read() as conn:
            return await timer_sql.due_timers(conn, self.clock())

    async def timers(self, game_id: int | None = None) -> list[TimerRow]:
        """The timers of one game, or of every game (what a starting bot schedules), soonest first."""
        async with self.db.read() as conn:
            if game_id is None:
                return await timer_sql.due_timers(conn, float("inf"))
            return await timer_sql.timers_of(conn, game_id)
