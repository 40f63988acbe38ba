"""Sharing a strong decision's deals with a helper process (`bot.ai.strong_deals`): the choice and
every figure behind it stay what they are with every deal played here, the helper really plays
some of them, and a helper that dies costs only time."""

from __future__ import annotations

import os
import random
import signal
from collections.abc import Iterator

import pytest

import bot.ai.strong as strong_module
import bot.ai.strong_deals as strong_deals
from bot.ai import STRONG_BUDGET, analyse
from bot.engine import GameState, View, pending, view
from tests.ai.test_strong import SMALL, _mid_game

POSITIONS = [  # (players, seed, turns, modules): decisions with several options worth a rollout
    (2, 11, 6, ()),
    (4, 5, 9, ()),
    (4, 3, 8, ("mocha", "letters")),
    (3, 8, 7, ("letters",)),
]


DEALS = 5  # at least, per decision: pairs, an odd one out, and the halving of the shortlist between


@pytest.fixture(autouse=True)
def _five_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """A floor of `DEALS` deals on the `SMALL` budget, however dear each deal is."""
    monkeypatch.setattr(strong_module, "MIN_DEALS", -(-DEALS * STRONG_BUDGET // SMALL))  # rounded up


@pytest.fixture
def shared() -> Iterator[None]:
    strong_deals.share_deals()
    try:
        yield
    finally:
        strong_deals.share_deals(False)


def _local_deals(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the states dealt in this process (the helper deals its own, unseen here)."""
    seeds: list[int] = []
    real = strong_deals.determinize

    def spy(v: View, seed: int) -> GameState:
        seeds.append(seed)
        return real(v, seed)

    monkeypatch.setattr(strong_deals, "determinize", spy)
    return seeds


@pytest.mark.parametrize(("players", "seed", "turns", "modules"), POSITIONS)
def test_sharing_the_deals_changes_no_choice_and_no_figure(
    players: int, seed: int, turns: int, modules: tuple[str, ...], monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = _mid_game(players, seed, turns, modules)
    d = pending(g)
    assert d is not None
    own = view(g, d.player)
    alone = analyse(own, d, random.Random(seed), budget=SMALL)
    assert alone.deals >= DEALS and len(alone.scores) > 2  # several pairs; a shortlist to halve
    local = _local_deals(monkeypatch)
    strong_deals.share_deals()
    try:
        together = analyse(own, d, random.Random(seed), budget=SMALL)
    finally:
        strong_deals.share_deals(False)
    assert together == alone
    # the helper played the even deals: this process dealt only the odd ones
    assert len(local) == (alone.deals + 1) // 2


def test_sharing_is_off_unless_turned_on_and_turning_it_off_stops_the_helper(shared: None) -> None:
    assert strong_deals.sharing()
    g = _mid_game()
    d = pending(g)
    assert d is not None
    analyse(view(g, d.player), d, random.Random(2), budget=SMALL)
    pool = strong_deals._helper._pool
    assert pool is not None
    strong_deals.share_deals(False)
    assert not strong_deals.sharing() and strong_deals._helper._pool is None
    with pytest.raises(RuntimeError):  # stopped: it takes no more work
        pool.submit(int)


def test_a_helper_that_dies_costs_only_time(shared: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The helper is killed between two decisions: the next decision plays its deals here and
    decides as it would have; the one after starts a new helper."""
    g = _mid_game()
    d = pending(g)
    assert d is not None
    own = view(g, d.player)
    first = analyse(own, d, random.Random(5), budget=SMALL)
    pool = strong_deals._helper._pool
    assert pool is not None
    for pid in list(pool._processes):  # the helper's worker process, killed as an OOM killer would
        os.kill(pid, signal.SIGKILL)
    again = analyse(own, d, random.Random(5), budget=SMALL)
    assert again == first
    local = _local_deals(monkeypatch)
    third = analyse(own, d, random.Random(5), budget=SMALL)
    assert third == first
    assert strong_deals._helper._pool is not None and strong_deals._helper._pool is not pool
    assert len(local) == (first.deals + 1) // 2  # a new helper played the even deals
