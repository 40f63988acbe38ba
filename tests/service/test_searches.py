"""The search pool (`bot.service.searches`): computer turns and hints off the event loop, never more
at once than the pool's limit (the rest queue), the same turns in threads and in worker
processes, and a search that dies loses nothing."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import BrokenExecutor
from pathlib import Path

import pytest

import bot.ai.strong_deals as strong_deals
from bot import engine
from bot.ai import POLICIES, Analysis, analyse
from bot.cli.bench_searches import search_figures
from bot.engine import Decision, View, pending, view
from bot.service import GameService, Searches
from bot.service.searches import cores
from tests.ai.test_strong import _mid_game
from tests.service.helpers import FakeClock, event_kinds, local_table

_lock = threading.Lock()
_now = 0
_most = 0


def _busy(seconds: float) -> int:
    """A search that takes `seconds` and counts how many run at once."""
    global _now, _most
    with _lock:
        _now += 1
        _most = max(_most, _now)
    time.sleep(seconds)
    with _lock:
        _now -= 1
    return 1


async def test_never_more_searches_at_once_than_the_limit_the_rest_queue() -> None:
    global _most
    _most = 0
    searches = Searches(2)
    try:
        jobs = [asyncio.ensure_future(searches.run(_busy, 0.05)) for _ in range(6)]
        await asyncio.sleep(0.01)
        assert searches.running == 2 and searches.waiting == 4
        # the event loop is free meanwhile: it answers at once
        began = time.perf_counter()
        await asyncio.sleep(0)
        assert time.perf_counter() - began < 0.05
        assert await asyncio.gather(*jobs) == [1] * 6
        assert _most == 2 and searches.running == 0 and searches.waiting == 0
    finally:
        searches.close()


def _failing(v: View, d: Decision, rng: object) -> str:
    raise RuntimeError("the search broke")


async def test_a_search_that_dies_loses_nothing(
    svc: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await local_table(svc, people=1, computers=1)
    await svc.skip_turn(game.id, None, force=True)
    before = await svc.load(game.id)
    kinds = await event_kinds(svc, game.id)
    svc.policy = _failing
    with pytest.raises(RuntimeError, match="the search broke"):
        async for _ in svc.computer_turns(game.id, seed=1):
            pass
    after = await svc.load(game.id)
    assert after.row.seq == before.row.seq and await event_kinds(svc, game.id) == kinds
    assert after.state is not None and before.state is not None
    assert engine.to_json(after.state) == engine.to_json(before.state)
    svc.policy = POLICIES["random"]
    assert [out async for out in svc.computer_turns(game.id, seed=1)]  # the next try plays


async def test_a_dead_worker_process_fails_one_search_and_the_next_starts_a_fresh_pool() -> None:
    searches = Searches(1, processes=True)
    try:
        with pytest.raises(BrokenExecutor):
            await searches.run(os._exit, 3)
        assert await searches.run(abs, -4) == 4
    finally:
        searches.close()


def _strong_analysis(v: View, d: Decision) -> tuple[Analysis, bool, bool]:
    """A strong decision in a search worker: its analysis, whether the worker shares its deals,
    and whether a helper process played some of them."""
    result = analyse(v, d, random.Random(6), budget=8000)
    return result, strong_deals.sharing(), bool(multiprocessing.active_children())


async def test_a_worker_process_shares_a_strong_decisions_deals_and_decides_the_same() -> None:
    """The bot's search workers play every other deal of a strong decision in a helper process
    when there is a core to spare; the analysis is the one a single thread makes."""
    g = _mid_game(players=3)
    d = pending(g)
    assert d is not None
    here = analyse(view(g, d.player), d, random.Random(6), budget=8000)
    assert here.deals >= 2
    searches = Searches(1, processes=True)
    try:
        there, shared, helped = await searches.run(_strong_analysis, view(g, d.player), d)
    finally:
        searches.close()
    assert there == here
    assert shared == helped == (cores() > 1)


async def _play(path: Path, searches: Searches) -> list[tuple[str, int | None, str]]:
    svc = await GameService.open(path, clock=FakeClock(), grace_seconds=0, policy=None, searches=searches)
    try:
        game = await local_table(svc, people=1, computers=2, level="easy", seed=9)
        for _ in range(3):
            await svc.skip_turn(game.id, None, force=True)
            async for _ in svc.computer_turns(game.id, seed=4):
                pass
        async with svc.db.read() as conn:
            rows = await conn.execute_fetchall("SELECT kind, player, payload FROM events ORDER BY seq")
        return [(str(k), p, str(x)) for k, p, x in rows]
    finally:
        await svc.close()


async def test_worker_processes_play_the_same_turns_as_threads(tmp_path: Path) -> None:
    threads = await _play(tmp_path / "threads.db", Searches(2))
    processes = await _play(tmp_path / "processes.db", Searches(2, processes=True))
    assert processes == threads and sum(kind == "input" for kind, _, _ in threads) > 6


def test_bench_measures_clicks_while_two_searches_run() -> None:
    figures = search_figures(3, clicks=4, decisions=2)  # short searches: the test waits for the last ones
    for pool in ("threads", "processes"):
        part = figures[pool]
        assert part["max_running"] == part["limit"] >= 1
        assert part["busy"]["answered_p95_ms"] > 0 and part["idle"]["ack_p95_ms"] >= 0
