"""bench's "searches" section: how quickly a click is answered while computer searches run.

Two searches run without pause in the service's search pool (`bot.service.searches`; each one is
the best registered player, strong when there is one, else greedy, deciding a series of
positions), while a person's clicks arrive in another game, one every few milliseconds. For
each click: ``ack`` is the time until the event loop starts handling it (what a Discord client
waits for the bot to acknowledge), ``answered`` the time until the service has applied and
stored the choice. Both pools are measured, threads and worker processes, each also with no
search running; ``max_running`` is the most searches that ever ran at once (never more than the
pool's limit: the rest queue).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.ai import POLICIES, greedy_policy
from bot.ai.levels import hint_policy_name
from bot.engine import Decision, GameSettings, View, apply, new_game, pending, view
from bot.engine.components import COLOURS
from bot.service import GameService
from bot.service.searches import Searches

CLICKS = 60  # per measurement
SEARCHERS = 2  # searches kept running at once
POSITIONS = 12  # decisions in one search's series
CLICK_GAP = 0.01  # seconds between two clicks


def positions(seed: int, count: int = POSITIONS, players: int = 4) -> list[tuple[View, Decision]]:
    """Up to `count` decisions with several options (each with its decider's view) from a seeded
    base game between greedy players."""
    g = new_game(GameSettings(players=players), list(COLOURS[:players]), seed)
    rng = random.Random(seed)
    found: list[tuple[View, Decision]] = []
    while len(found) < count and (d := pending(g)) is not None:
        v = view(g, d.player)
        if len(d.codes()) > 1:
            found.append((v, d))
        g, _ = apply(g, d.player, d.decision_id, greedy_policy(v, d, rng))
    return found


def think(series: list[tuple[View, Decision]], player: str) -> int:
    """One search: `player` decides every position of `series` (what runs in the pool)."""
    policy = POLICIES[player]
    return sum(len(policy(v, d, random.Random(i))) for i, (v, d) in enumerate(series))


def _p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] * 1000, 2)


async def _clicks(svc: GameService, count: int, seed: int) -> tuple[list[float], list[float]]:
    """`count` clicks of the person deciding in a 2-person game; (ack, answered) seconds each."""
    rng = random.Random(seed)
    acks: list[float] = []
    answers: list[float] = []
    game = await _new_table(svc, seed)
    for _ in range(count):
        loaded = await svc.load(game)
        d = pending(loaded.state) if loaded.state is not None else None
        if d is None:
            game = await _new_table(svc, rng.randrange(1 << 30))
            continue
        user = loaded.seats[d.player].user_id or ""
        code = rng.choice(d.codes())
        arrived = time.perf_counter()
        started = await asyncio.create_task(_click(svc, game, user, d.decision_id, code))
        answers.append(time.perf_counter() - arrived)
        acks.append(started - arrived)
        await asyncio.sleep(CLICK_GAP)
    return acks, answers


async def _click(svc: GameService, game: int, user: str, decision_id: int, code: str) -> float:
    """A click as the bot handles it: once the event loop gets to it, the choice is submitted;
    returns when the handling began."""
    began = time.perf_counter()
    await svc.submit(game, user, decision_id, code)
    return began


async def _new_table(svc: GameService, seed: int) -> int:
    lobby = await svc.create_lobby(creator="p0", creator_name="Ann", origin="local", options={"seats": 2})
    await svc.join(lobby.id, "p1", "Bob")
    return (await svc.start(lobby.id, "p0", seed=seed, shuffle=False)).id


async def _measure(processes: bool, clicks: int, seed: int, player: str, decisions: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        searches = Searches(processes=processes)
        svc = await GameService.open(Path(folder) / "bench.db", grace_seconds=0, searches=searches)
        try:
            series = positions(seed, decisions)
            await searches.run(think, series[:1], player)  # the workers start (a process imports the bot)
            idle_ack, idle_answer = await _clicks(svc, clicks, seed)
            stop = asyncio.Event()
            most = 0
            done = 0

            async def searching() -> None:
                nonlocal most, done
                while not stop.is_set():
                    job = asyncio.ensure_future(searches.run(think, series, player))
                    await asyncio.sleep(0)
                    most = max(most, searches.running)
                    await job
                    done += 1

            async def watch() -> None:
                nonlocal most
                while not stop.is_set():
                    most = max(most, searches.running)
                    await asyncio.sleep(0.005)

            tasks = [asyncio.create_task(searching()) for _ in range(SEARCHERS + 1)] + [asyncio.create_task(watch())]
            while searches.running < min(SEARCHERS, searches.limit):
                await asyncio.sleep(0.001)
            started = time.perf_counter()
            busy_ack, busy_answer = await _clicks(svc, clicks, seed + 1)
            seconds = time.perf_counter() - started
            stop.set()
            await asyncio.gather(*tasks)
        finally:
            await svc.close()
    return {
        "pool": "processes" if processes else "threads",
        "limit": searches.limit,
        "idle": {"ack_p95_ms": _p95(idle_ack), "answered_p95_ms": _p95(idle_answer)},
        "busy": {"ack_p95_ms": _p95(busy_ack), "answered_p95_ms": _p95(busy_answer),
                 "answered_median_ms": round(statistics.median(busy_answer) * 1000, 2)},
        "searches_finished_while_clicking": done,
        "seconds": round(seconds, 2),
        "max_running": most,
    }


def search_figures(seed: int, clicks: int = CLICKS, decisions: int = POSITIONS) -> dict[str, Any]:
    """The section: the player searching, then one measurement per pool (each search decides
    `decisions` positions)."""
    player = hint_policy_name()
    out: dict[str, Any] = {
        "what": f"{SEARCHERS + 1} searchers ({player}, {decisions} decisions each) keep the pool full, "
                f"{clicks} clicks in another game",
        "player": player,
    }
    for processes in (False, True):
        figures = asyncio.run(_measure(processes, clicks, seed, player, decisions))
        out[figures.pop("pool")] = figures
    return out
