"""Concurrent input (issue item 9): many clicks on one decision are taken once; choices in many
games at the same time all go through; two services on one file never both take a choice."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService, Outcome, errors
from bot.store import games as sql
from tests.service.helpers import FakeClock, decider_user, decision, event_kinds, local_table, random_choice


async def test_fifty_clicks_on_one_choice_are_taken_once(svc: GameService) -> None:
    """50 simultaneous submits of the same choice: one is accepted, 49 are stale, one input logged."""
    game = await local_table(svc, people=3, layout="in_order")
    d = decision(game)
    kinds_before = await event_kinds(svc, game.id)
    results = await asyncio.gather(
        *(svc.submit(game.id, "p0", d.decision_id, "go.2") for _ in range(50)), return_exceptions=True
    )
    accepted = [r for r in results if isinstance(r, Outcome)]
    stale = [r for r in results if isinstance(r, errors.StaleDecision)]
    assert len(accepted) == 1 and len(stale) == 49
    kinds = await event_kinds(svc, game.id)
    assert kinds[: len(kinds_before)] == kinds_before
    assert kinds[len(kinds_before):].count("input") == 1
    loaded = await svc.load(game.id)
    assert loaded.row.seq == len(kinds) == accepted[0].game.row.seq
    assert loaded.state is not None and loaded.state.players[0].merchant == 2
    assert loaded.state.decision_id == d.decision_id + 1
    assert await svc.replay(game.id) == loaded.state


async def test_twenty_games_at_once(svc: GameService) -> None:
    """Twenty games, each played by its own task at the same time: every choice is accepted and
    every game replays from its log to its stored state."""
    games = [await local_table(svc, people=2, seed=i) for i in range(20)]

    async def play(game_id: int, seed: int) -> int:
        rng = random.Random(seed)
        for _ in range(15):
            await random_choice(svc, game_id, rng)
            await asyncio.sleep(0)
        return (await svc.load(game_id)).row.seq

    seqs = await asyncio.gather(*(play(g.id, i) for i, g in enumerate(games)))
    for game, seq in zip(games, seqs, strict=True):
        kinds = await event_kinds(svc, game.id)
        assert kinds.count("input") == 15 and len(kinds) == seq
        loaded = await svc.load(game.id)
        assert await svc.replay(game.id) == loaded.state
        svc._cache.clear()
        assert (await svc.load(game.id)).state == loaded.state


async def test_two_services_on_one_file_take_a_choice_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two services (two connections, no shared lock) race on one decision: the log's sequence
    check lets exactly one through and the other is told the board moved on."""
    refused_by_the_log: list[int] = []
    append = sql.append

    async def counting_append(*args: Any, **kwargs: Any) -> bool:
        ok = await append(*args, **kwargs)
        if not ok:
            refused_by_the_log.append(1)
        return ok

    monkeypatch.setattr(sql, "append", counting_append)
    clock = FakeClock()
    path = tmp_path / "shared.db"
    first = await GameService.open(path, clock=clock, grace_seconds=0)
    second = await GameService.open(path, clock=clock, grace_seconds=0)
    try:
        game = await local_table(first, people=2, layout="in_order")
        await second.load(game.id)  # both have the game cached
        for _ in range(10):
            d = decision(await first.load(game.id))
            user = decider_user(await first.load(game.id))
            code = d.codes()[0]
            results = await asyncio.gather(
                *(svc.submit(game.id, user, d.decision_id, code) for svc in (first, second) for _ in range(5)),
                return_exceptions=True,
            )
            assert sum(isinstance(r, Outcome) for r in results) == 1, results
            assert all(isinstance(r, (Outcome, errors.StaleDecision)) for r in results), results
        for svc in (first, second):
            loaded = await svc.load(game.id)
            assert loaded.state is not None and loaded.state.decision_id == game.row.decision_id + 10
            assert (await event_kinds(svc, game.id)).count("input") == 10
            assert await svc.replay(game.id) == loaded.state
        assert refused_by_the_log  # the race really reached the (game, seq) check, not only the locks
    finally:
        await first.close()
        await second.close()


async def test_fifty_undos_offered_at_one_decision_take_back_one_choice(svc: GameService) -> None:
    """50 simultaneous undos of the Undo offered at one decision (a double click, fifty times):
    one choice is taken back, the other 49 are told it was already taken back (before, up to six
    choices went)."""
    game = await local_table(svc, people=3, layout="in_order")
    for code in ("go.2", "a.leave"):
        game = (await svc.submit(game.id, "p0", decision(game).decision_id, code)).game
    offered = decision(game).decision_id
    results = await asyncio.gather(*(svc.undo(game.id, "p0", offered) for _ in range(50)), return_exceptions=True)
    accepted = [r for r in results if isinstance(r, Outcome)]
    refused = [r for r in results if isinstance(r, errors.AlreadyTakenBack)]
    assert len(accepted) == 1 and len(refused) == 49
    assert "already taken back" in str(refused[0]).lower()
    assert (await event_kinds(svc, game.id)).count("undo") == 1
    loaded = await svc.load(game.id)
    assert loaded.state is not None and loaded.state.players[0].merchant == 2  # the move stays
    assert await svc.replay(game.id) == loaded.state
