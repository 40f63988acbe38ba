"""The "store" section of ``python -m bot bench``: the game service over SQLite.

One game is recorded through the service: the bench's 99th-percentile random game (by log length),
replayed choice by choice with the same random player. Every other stored game is a copy of its
rows made in SQL (``INSERT ... SELECT`` with new ids), cut where needed at a choice boundary with
the snapshot the service would have written there. Figures:

- ``submit_ms``: `GameService.submit` (load, check, apply, append in one transaction) with
  ``active`` stored games: ``cold`` is each game's first choice (loaded from its snapshot and the
  log after it), ``warm`` the next one (the service's cached state).
- ``load_ms``: loading the recorded game one choice before its end (its whole log but the last
  choice) from a cold cache: the newest snapshot and the events after it, placed as far past a
  snapshot as the service ever leaves them; ``replay_ms`` rebuilding it from its whole log, for
  comparison.
- ``bytes_per_finished_game``: what the recorded game adds to a vacuumed database.
- ``ready_ms``: what a starting bot does before it answers a click, through the service as the bot
  calls it: open the database (pending migrations applied; here there are none to apply), list
  the lobbies and running games, read every timer; with ``total`` stored games of which
  ``active`` are active with three timers each (grace, reminder, timeout).
  ``and_every_active_game_loaded`` adds loading each active game's state (snapshot + log tail),
  in case a bot wants them all at once. The finished copies carry their game row, seats and
  final snapshot but not their event logs (about a megabyte each for these long random games;
  nothing at start-up reads the logs of finished games).
"""

from __future__ import annotations

import asyncio
import json
import math
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiosqlite

from bot import engine
from bot.engine import INPUT_KINDS, Event
from bot.engine.settings import LayoutName
from bot.service import GameService, TableOptions
from bot.store import Database

LOAD_SAMPLES = 30
READY_RUNS = 5
ACTIVE_PREFIX = 1000  # events kept in each active copy (a game well under way)
SNAPSHOT_EVERY = 25  # the service's default


@dataclass(frozen=True, slots=True)
class SampleGame:
    """One of the bench's engine-only games: enough to play it again."""

    players: int
    seed: int
    events: int


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def _ms(values: list[float]) -> dict[str, float]:
    return {"p50": round(statistics.median(values) * 1000, 2), "p99": round(percentile(values, 99) * 1000, 2), "n": len(values)}


def store_figures(
    sample: list[SampleGame], layout: LayoutName, *, active: int = 1000, total: int = 10_000,
    expansions: tuple[str, ...] = (),
) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="istanbul-bench-") as tmp:
        return asyncio.run(_figures(Path(tmp), sample, layout, active, total, expansions))


async def _figures(
    tmp: Path, sample: list[SampleGame], layout: LayoutName, active: int, total: int, expansions: tuple[str, ...]
) -> dict[str, Any]:
    started = time.perf_counter()
    chosen = sorted(sample, key=lambda g: g.events)[max(0, math.ceil(0.99 * len(sample)) - 1)]
    path = tmp / "bench.db"
    t0 = time.perf_counter()
    template, decisions = await _record(path, chosen, layout, expansions)
    record_seconds = time.perf_counter() - t0
    size = await _bytes_of_one_game(tmp, path)
    fixture = _Fixture(path, template)
    await fixture.read_template()
    out: dict[str, Any] = {
        "recorded_game": {
            "players": chosen.players, "seed": chosen.seed, "events": fixture.length, "decisions": decisions,
            "same_log_as_engine_run": fixture.length == chosen.events,
            "percentile_of": len(sample), "record_seconds": round(record_seconds, 2),
        },
        "bytes_per_finished_game": size,
        "bytes_per_event": round(size / fixture.length, 1),
    }
    out["load_ms"], out["replay_ms"] = await fixture.load_times()
    out["submit_ms"] = await fixture.submit_times(active)
    out["ready_ms"] = await fixture.ready_times(total, active)
    out["seconds"] = round(time.perf_counter() - started, 1)
    return out


async def _record(path: Path, game: SampleGame, layout: LayoutName, expansions: tuple[str, ...]) -> tuple[int, int]:
    """Play the sample game again through the service, all seats local people choosing as the
    bench's random player did; returns the game id and the number of choices."""
    svc = await GameService.open(path, grace_seconds=0)
    try:
        options = TableOptions(seats=game.players, computers=0, expansions=expansions, layout=layout)
        g = await svc.create_lobby(creator="local:P1", creator_name="P1", origin="local", options=options)
        for k in range(2, game.players + 1):
            g = await svc.join(g.id, f"local:P{k}", f"P{k}")
        g = await svc.start(g.id, "local:P1", seed=game.seed, shuffle=False)
        rng = random.Random(game.seed)
        state = g.state
        decisions = 0
        while state is not None and (d := engine.pending(state)) is not None:
            user = g.seats[d.player].user_id
            assert user is not None
            outcome = await svc.submit(g.id, user, d.decision_id, rng.choice(d.options).code)
            state = outcome.game.state
            decisions += 1
        return g.id, decisions
    finally:
        await svc.close()


async def _bytes_of_one_game(tmp: Path, path: Path) -> int:
    """The vacuumed size of the database holding the one recorded game, less an empty one's."""
    empty = await Database.open(tmp / "empty.db")
    db = await Database.open(path)
    try:
        sizes = []
        for conn, name in ((empty.conn, "empty.vacuumed"), (db.conn, "one.vacuumed")):
            target = tmp / name
            await conn.execute("VACUUM INTO ?", (str(target),))
            sizes.append(target.stat().st_size)
            target.unlink()
        return sizes[1] - sizes[0]
    finally:
        await empty.close()
        await db.close()


async def _scalar(conn: aiosqlite.Connection, sql: str, args: tuple[Any, ...] = ()) -> Any:
    rows = list(await conn.execute_fetchall(sql, args))
    return rows[0][0]


class _Fixture:
    """Copies of the recorded game, made in SQL."""

    def __init__(self, path: Path, template: int) -> None:
        self.path = path
        self.template = template
        self.length = 0
        self.boundaries: list[int] = []  # seqs after which a choice's events end
        self.events: list[Event] = []

    async def read_template(self) -> None:
        async with aiosqlite.connect(self.path) as conn:
            rows = await conn.execute_fetchall(
                "SELECT seq, kind, player, payload FROM events WHERE game_id = ? ORDER BY seq", (self.template,)
            )
        self.events = [Event(kind, player, json.loads(payload)) for _, kind, player, payload in rows]
        self.length = len(self.events)
        self.boundaries = [i for i, e in enumerate(self.events) if e.kind in INPUT_KINDS] + [self.length]

    def _cut(self, near: int) -> tuple[int, int]:
        """A position at a choice boundary within 100 events before `near`, as far past the service's
        last snapshot as any there, and that snapshot's seq. (The service writes a snapshot at the
        first boundary past each multiple of SNAPSHOT_EVERY.)"""
        snap_at: dict[int, int] = {}
        snap = previous = 0
        for b in self.boundaries:
            if b // SNAPSHOT_EVERY != previous // SNAPSHOT_EVERY:
                snap = b
            snap_at[b] = snap
            previous = b
        near = max(near, 0)
        window = [b for b in self.boundaries if near - 100 < b <= near]
        if not window:
            window = [max(b for b in self.boundaries if b <= near)]
        at = max(window, key=lambda b: (b - snap_at[b], b))
        return at, snap_at[at]

    async def _state_at(self, conn: aiosqlite.Connection, seq: int) -> engine.GameState:
        seats = await conn.execute_fetchall("SELECT colour FROM seats WHERE game_id = ? ORDER BY seat", (self.template,))
        options = TableOptions.model_validate_json(await _scalar(conn, "SELECT options FROM games WHERE id = ?", (self.template,)))
        seed = await _scalar(conn, "SELECT seed FROM games WHERE id = ?", (self.template,))
        settings = options.engine_settings(len(list(seats)))
        return engine.replay(settings, [r[0] for r in seats], seed, self.events[:seq])

    async def copies(
        self, conn: aiosqlite.Connection, count: int, *, at: int | None = None, snapshot_at: int | None = None,
        with_events: bool = True,
    ) -> list[int]:
        """`count` copies of the recorded game cut at `at` events (None: the whole finished game),
        each with the snapshot after `snapshot_at` events; returns their ids."""
        base = int(await _scalar(conn, "SELECT COALESCE(MAX(id), 0) FROM games"))
        nums = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "
        state = None if at is None else await self._state_at(conn, at)
        if at is None:
            at = snap_seq = self.length
            status = "finished"
            decision_id = int(await _scalar(conn, "SELECT decision_id FROM games WHERE id = ?", (self.template,)))
        else:
            assert state is not None
            status, decision_id = "active", state.decision_id
            snap_seq = snapshot_at if snapshot_at is not None else at
        await conn.execute("BEGIN")
        await conn.execute(
            nums + "INSERT INTO games (id, origin, guild_id, channel_id, creator, status, options, seed, decision_id,"
            " seq, created_at, updated_at) SELECT ? + n.i, origin, NULL, NULL, creator, ?, options, seed, ?, ?,"
            " created_at, updated_at + n.i FROM n CROSS JOIN games WHERE games.id = ?",
            (count, base, status, decision_id, at, self.template),
        )
        await conn.execute(
            nums + "INSERT INTO seats SELECT ? + n.i, seat, kind, user_id, name, colour, computer"
            " FROM n CROSS JOIN seats WHERE seats.game_id = ?", (count, base, self.template),
        )
        if with_events:
            await conn.execute(
                nums + "INSERT INTO events SELECT ? + n.i, seq, kind, player, payload, at"
                " FROM n CROSS JOIN events WHERE events.game_id = ? AND events.seq <= ?", (count, base, self.template, at),
            )
        if state is None:
            await conn.execute(
                nums + "INSERT INTO snapshots SELECT ? + n.i, seq, state FROM n CROSS JOIN snapshots"
                " WHERE snapshots.game_id = ?", (count, base, self.template),
            )
        else:
            snap_state = state if snap_seq == at else await self._state_at(conn, snap_seq)
            await conn.execute(
                nums + "INSERT INTO snapshots SELECT ? + n.i, ?, ? FROM n",
                (count, base, snap_seq, engine.to_json(snap_state)),
            )
        await conn.execute("COMMIT")
        return list(range(base + 1, base + count + 1))

    async def load_times(self) -> tuple[dict[str, Any], float]:
        """Cold loads of the recorded game late in play: each sample is another copy of it."""
        at, snap = self._cut(self.length - 1)  # the last choice before the end: the whole log but one
        async with aiosqlite.connect(self.path, isolation_level=None) as conn:
            ids = await self.copies(conn, LOAD_SAMPLES, at=at, snapshot_at=snap)
        svc = await GameService.open(self.path)
        try:
            times = []
            loaded = []
            for game_id in ids:
                t0 = time.perf_counter()
                loaded.append(await svc.load(game_id))
                times.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            rebuilt = await svc.replay(ids[0])
            replay = time.perf_counter() - t0
            if loaded[0].state != rebuilt:
                raise RuntimeError("bench fixture: a copied game does not load as its log replays")
        finally:
            await svc.close()
        return {**_ms(times), "log_events": at, "events_after_snapshot": at - snap}, round(replay * 1000, 1)

    async def submit_times(self, active: int) -> dict[str, Any]:
        """A choice in each of `active` stored games (cold), then a second one in each (warm)."""
        at, snap = self._cut(ACTIVE_PREFIX)
        async with aiosqlite.connect(self.path, isolation_level=None) as conn:
            self.active_ids = await self.copies(conn, active, at=at, snapshot_at=snap)
            stored = int(await _scalar(conn, "SELECT COUNT(*) FROM games"))
            state = await self._state_at(conn, at)
        svc = await GameService.open(self.path, grace_seconds=0)
        cold: list[float] = []
        warm: list[float] = []
        rng = random.Random(1)
        try:
            first = engine.pending(state)
            assert first is not None
            seats = (await svc.load(self.template)).seats
            for game_id in self.active_ids:
                d = first
                for times in (cold, warm):
                    user = seats[d.player].user_id
                    assert user is not None
                    t0 = time.perf_counter()
                    outcome = await svc.submit(game_id, user, d.decision_id, rng.choice(d.options).code)
                    times.append(time.perf_counter() - t0)
                    after = engine.pending(outcome.game.state) if outcome.game.state is not None else None
                    if after is None:
                        break
                    d = after
        finally:
            await svc.close()
        return {"stored_games": stored, "log_events": at, "cold": _ms(cold), "warm": _ms(warm)}

    async def ready_times(self, total: int, active: int) -> dict[str, Any]:
        """Open + migrations + the active games + every timer, with `total` stored games."""
        async with aiosqlite.connect(self.path, isolation_level=None) as conn:
            await conn.execute("UPDATE games SET status = 'finished' WHERE status = 'active'")
            await conn.execute(
                "UPDATE games SET status = 'active' WHERE id IN ({})".format(",".join(map(str, self.active_ids[:active])))
            )
            await conn.execute("DELETE FROM timers")
            count = int(await _scalar(conn, "SELECT COUNT(*) FROM games"))
            if total > count:
                await self.copies(conn, total - count, with_events=False)
            await conn.execute("BEGIN")
            for kind, due in (("grace", 0.0), ("reminder", 86_400.0), ("timeout", 259_200.0)):
                await conn.execute(
                    "INSERT INTO timers SELECT id, ?, ? + id, '{}' FROM games WHERE status = 'active'", (kind, 2e9 + due)
                )
            await conn.execute("COMMIT")
            await conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            stored = int(await _scalar(conn, "SELECT COUNT(*) FROM games"))
            n_active = int(await _scalar(conn, "SELECT COUNT(*) FROM games WHERE status = 'active'"))
        ready: list[float] = []
        loaded_all: list[float] = []
        n_timers = 0
        for _ in range(READY_RUNS):
            # what a starting bot does before it takes a click: open the file and apply (here: check)
            # the migrations, find the running games, read every timer to schedule it
            t0 = time.perf_counter()
            svc = await GameService.open(self.path)
            games = await svc.games(("lobby", "active"))
            timers = await svc.timers()
            ready.append(time.perf_counter() - t0)
            for row in games:  # a bot that also brought every running game into memory at once
                await svc.load(row.id)
            loaded_all.append(time.perf_counter() - t0)
            await svc.close()
            assert len(games) == n_active and len(timers) == 3 * n_active
            n_timers = len(timers)
        return {
            "stored_games": stored, "active": n_active, "timers": n_timers,
            "first": round(ready[0] * 1000, 1), "median": round(statistics.median(ready) * 1000, 1),
            "and_every_active_game_loaded": {
                "first": round(loaded_all[0] * 1000, 1), "median": round(statistics.median(loaded_all) * 1000, 1),
            },
        }
