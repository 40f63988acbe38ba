"""The service's core: loading a game (snapshot + the log after it), committing one accepted
input as one transaction, per-game locks, the clock and the cache."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import aiosqlite

from .. import engine
from ..ai import Policy, random_policy
from ..ai.levels import level_policy
from ..engine import EngineError, Event, GameState
from ..store import DamagedRow, Database, GameRow, SeatRow
from ..store import games as sql
from ..store import timers as timer_sql
from .errors import DamagedGame, UnknownGame
from .options import TableOptions, parse_options
from .searches import Searches

Clock = Callable[[], float]
SERVICE_EVENT = "svc."  # service events in the log (seat changes and the like); the engine skips them
TURN_TIMERS = ("reminder", "timeout")
PAUSED = "paused"  # timer kind: a game nobody plays any more waits for a person; due when it closes
PAUSE_DAYS = 7
DAY = 86400.0


@dataclass(slots=True)
class Game:
    """A game as loaded: its row, its seats and (once started) its engine state."""

    row: GameRow
    seats: list[SeatRow]
    state: GameState | None

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def options(self) -> TableOptions:
        return parse_options(self.row.options, stored=True)

    def seat_of(self, user: object) -> SeatRow | None:
        """The seat of this person (never a computer seat: those have no user)."""
        if not isinstance(user, str) or not user:
            return None
        for s in self.seats:
            if s.user_id == user:
                return s
        return None

    def people_playing(self) -> list[SeatRow]:
        """The people's seats that their people play themselves (not handed to the computer)."""
        return [s for s in self.seats if not s.played_by_computer]

    @property
    def left_by_everyone(self) -> bool:
        """Whether people sat at this table and the computer plays every seat now (the last
        person's seat passed to it). A game that started without people never is."""
        return any(s.kind != "ai" for s in self.seats) and not self.people_playing()

    def names(self) -> dict[int, str]:
        return {s.seat: s.name for s in self.seats}

    def fill(self, text: str) -> str:
        """Replace the engine's seat placeholders with the seats' names."""
        names = self.names()
        return engine.fill_seats(text, lambda seat: names.get(seat, "someone"))


@dataclass(slots=True)
class Outcome:
    """What one accepted input (or one computer turn) did."""

    game: Game
    events: list[Event]
    first_seq: int  # seq of the first new event
    decider_before: int | None
    decider_after: int | None
    lines: list[str] = field(default_factory=list)  # public lines, names filled
    off_turn: bool = False  # the input answered a decision of another seat in the middle of a turn
    sequence_over: bool = False  # it ended a turn sequence (`engine.sequence_over`)

    @property
    def turn_changed(self) -> bool:
        return self.decider_before != self.decider_after

    @property
    def finished(self) -> bool:
        return self.game.state is not None and self.game.state.finished


class StateCache(OrderedDict[int, tuple[int, GameState]]):
    """Game id -> (log length, state) of the most recently used games, at most `size` of them, so
    a bot that runs for months does not keep every game it ever loaded."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def __setitem__(self, game_id: int, entry: tuple[int, GameState]) -> None:
        super().__setitem__(game_id, entry)
        self.move_to_end(game_id)
        while len(self) > self.size:
            self.popitem(last=False)

    def recent(self, game_id: int) -> tuple[int, GameState] | None:
        """The game's entry, if any, marked as just used."""
        entry = self.get(game_id)
        if entry is not None:
            self.move_to_end(game_id)
        return entry


MAX_ID = 2**63 - 1  # SQLite's largest integer


def game_number(game_id: object) -> int:
    """A game id as the caller gave it, checked: an int (not a bool, not a string of digits) that
    SQLite can hold; `UnknownGame` otherwise."""
    if type(game_id) is not int or not 0 < game_id <= MAX_ID:
        raise UnknownGame(game_id)
    return game_id


def engine_events(rows: Sequence[sql.EventRow]) -> list[Event]:
    return [Event(r.kind, r.player, r.payload) for r in rows if not r.kind.startswith(SERVICE_EVENT)]


class ServiceCore:
    def __init__(
        self, db: Database, *, clock: Clock = time.time, policy: Policy | None = random_policy,
        grace_seconds: float = 60.0, snapshot_every: int = 25, cached_games: int = 512,
        searches: Searches | None = None,
    ) -> None:
        self.db = db
        self.searches = searches or Searches()
        self.clock = clock
        self.policy = policy
        self.grace_seconds = grace_seconds
        self.snapshot_every = snapshot_every
        self._locks: dict[int, asyncio.Lock] = {}
        self._cache = StateCache(cached_games)

    @contextlib.asynccontextmanager
    async def locked(self, game_id: object) -> AsyncIterator[int]:
        """Hold the game's lock (one writer per game at a time); yields the checked id. Only a
        game that exists gets a lock, so ids made up by a caller never fill the lock table."""
        checked = game_number(game_id)
        lock = self._locks.setdefault(checked, asyncio.Lock())
        try:
            async with lock:
                yield checked  # the body loads the game first: UnknownGame when there is none
        except UnknownGame:
            if self._locks.get(checked) is lock and not lock.locked():
                del self._locks[checked]  # no game, no lock (a writer that slips in meanwhile is
            raise  # still caught by the log's sequence check when it commits)

    def policy_for(self, game: Game) -> Policy:
        """The player of the game's computer seats (those it had from the start and those handed
        to it): the service's fixed `policy` when it has one (tests and tools that choose the
        player themselves, such as the terminal's ``--ai``), else the table's level."""
        return self.policy if self.policy is not None else level_policy(game.options.level)

    async def _load(self, conn: aiosqlite.Connection, game_id: int, *, with_state: bool = True) -> Game:
        """The game's row, seats and state (`with_state=False`: no state, for what needs only the
        row, such as abandoning a game whose stored state is damaged)."""
        game_id = game_number(game_id)
        row = await sql.get_game(conn, game_id)
        if row is None:
            raise UnknownGame(game_id)
        seats = await sql.seats(conn, game_id)
        state = None
        if row.seed is not None and with_state:
            state = await self._state(conn, row, seats)
        return Game(row, seats, state)

    async def _state(self, conn: aiosqlite.Connection, row: GameRow, seats: list[SeatRow]) -> GameState:
        """The game's state: its newest snapshot and the log after it. A damaged row (a snapshot or
        an event that does not read, a log that does not replay) is `DamagedGame` for this game
        alone, in one line."""
        cached = self._cache.recent(row.id)
        if cached is not None and cached[0] == row.seq:
            return cached[1]
        snap = await sql.latest_snapshot(conn, row.id)
        if snap is None:
            raise DamagedGame(row.id, "its saved position is missing")
        seq, text = snap
        try:
            state = engine.from_json(text)
        except ValueError:  # pydantic's ValidationError, for JSON and fields alike
            raise DamagedGame(row.id, f"its saved position (after event {seq}) is not readable") from None
        if seq < row.seq:
            rows = await self._events(conn, row.id, seq)
            try:
                state = engine.continue_from(state, engine_events(rows))
            except (EngineError, LookupError, TypeError, ValueError, RuntimeError, AssertionError) as exc:
                raise DamagedGame(row.id, f"its log after event {seq} does not replay ({type(exc).__name__})") from exc
        self._cache[row.id] = (row.seq, state)
        return state

    async def _events(self, conn: aiosqlite.Connection, game_id: int, after_seq: int = 0) -> list[sql.EventRow]:
        """The game's log after `after_seq`; an unreadable event is `DamagedGame`."""
        try:
            return await sql.events(conn, game_id, after_seq)
        except DamagedRow as exc:
            raise DamagedGame(game_id, exc.what) from None

    async def load(self, game_id: int) -> Game:
        async with self.db.read() as conn:
            return await self._load(conn, game_id)

    async def _commit(
        self, game: Game, state: GameState, events: Sequence[tuple[str, int | None, dict[str, Any]]],
        *, status: str | None = None, grace: bool = False,
    ) -> GameRow | None:
        """Append events and move the game on, in one transaction; returns the game's row as now
        stored, or None if another writer was first. The same transaction keeps the timers: the
        grace period after a person's turn (`grace`), and the reminder and timeout of whoever
        decides next; a game that ends loses all its timers."""
        now = self.clock()
        row = game.row
        seq = row.seq + len(events)
        if state.finished and status is None:
            status = "finished"
        crossing = seq // self.snapshot_every != row.seq // self.snapshot_every
        snapshot = engine.to_json(state) if crossing or status == "finished" else None
        async with self.db.transaction() as conn:
            if not await sql.append(conn, row.id, row.seq, state.decision_id, list(events), now, status):
                self._cache.pop(row.id, None)
                return None
            if snapshot is not None:
                await sql.save_snapshot(conn, row.id, seq, snapshot)
            if status in ("finished", "abandoned"):
                await timer_sql.clear_timers(conn, row.id)
            else:
                if grace:
                    await timer_sql.set_timer(conn, row.id, "grace", now + self.grace_seconds)
                await self._turn_timers(conn, game, state, now)
        self._cache[row.id] = (seq, state)
        return dataclasses.replace(
            row, seq=seq, decision_id=state.decision_id, status=status or row.status, updated_at=now
        )

    async def _turn_timers(self, conn: aiosqlite.Connection, game: Game, state: GameState, now: float) -> None:
        """The 'reminder' and 'timeout' timers follow the person who decides now, counted from
        this moment (the last move); a computer seat or a finished game has none."""
        decider = self.decider(state)
        seat = game.seats[decider] if decider is not None and decider < len(game.seats) else None
        if seat is None or seat.played_by_computer:
            for kind in TURN_TIMERS:
                await timer_sql.clear_timers(conn, game.id, kind)
            return
        opts = game.options
        payload = {"seat": seat.seat, "decision_id": state.decision_id}
        await timer_sql.set_timer(conn, game.id, "reminder", now + opts.reminder_hours * 3600, payload)
        await timer_sql.set_timer(conn, game.id, "timeout", now + opts.timeout_hours * 3600, payload)

    def decider(self, state: GameState | None) -> int | None:
        d = engine.pending(state) if state is not None else None
        return d.player if d is not None else None
