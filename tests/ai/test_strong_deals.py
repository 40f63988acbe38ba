"""Sharing a strong decision's deals with a helper process (`bot.ai.strong_deals`): the choice and
every figure behind it stay what they are with every deal played here, the helper really plays
its share, and a helper that dies costs only time."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator

import pytest

import bot.ai.strong as strong_module
import bot.ai.strong_deals as strong_deals
import bot.ai.strong_search as strong_search
from bot.ai import STRONG_BUDGET, Analysis, analyse
from bot.engine import GameState, View, pending, view
from bot.engine.playout import Playout
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


def _local_plays(monkeypatch: pytest.MonkeyPatch) -> Counter[int]:
    """Count the options played in this process on each dealt state, by the deal's seed (the
    helper deals and plays its own, unseen here)."""
    plays: Counter[int] = Counter()
    dealt: list[int] = []
    real_deal, real_value = strong_deals.determinize, strong_search.Rollout.value

    def deal(v: View, seed: int) -> GameState:
        dealt.append(seed)
        plays[seed] += 0
        return real_deal(v, seed)

    def value(self: strong_search.Rollout, p: Playout, code: str) -> float:
        plays[dealt[-1]] += 1
        return real_value(self, p, code)

    monkeypatch.setattr(strong_deals, "determinize", deal)
    monkeypatch.setattr(strong_search.Rollout, "value", value)
    return plays


def _helper_played_its_share(plays: Counter[int], rng_seed: int, alone: Analysis) -> None:
    """The first deal's options are split: this process played the first half of the shortlist
    on it, the helper the rest. No deal was dealt here that the decision does not expect."""
    first = random.Random(rng_seed).getrandbits(strong_module.SEED_BITS) + 1  # the decision's first draw
    assert len(alone.scores) > 2 and plays[first] == (len(alone.scores) + 1) // 2
    assert all(first <= s <= first + alone.deals - 1 + strong_deals.AHEAD for s in plays)


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
    plays = _local_plays(monkeypatch)
    strong_deals.share_deals()
    try:
        together = analyse(own, d, random.Random(seed), budget=SMALL)
    finally:
        strong_deals.share_deals(False)
    assert together == alone
    _helper_played_its_share(plays, seed, alone)


def test_sharing_is_off_unless_turned_on_and_turning_it_off_stops_the_helper(shared: None) -> None:
    assert strong_deals.sharing()
    link = strong_deals._helper._link
    assert link is not None and link.process.is_alive()  # started at once, ready for the first decision
    g = _mid_game()
    d = pending(g)
    assert d is not None
    analyse(view(g, d.player), d, random.Random(2), budget=SMALL)
    assert strong_deals._helper._link is link  # the same helper for every decision
    strong_deals.share_deals(False)
    assert not strong_deals.sharing() and strong_deals._helper._link is None
    assert not link.process.is_alive() and link.process.exitcode == 0  # it stopped when asked


def test_a_helper_that_dies_costs_only_time(shared: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """The helper is killed between two decisions: the next decision plays its deals here and
    decides as it would have; the one after starts a new helper."""
    g = _mid_game()
    d = pending(g)
    assert d is not None
    own = view(g, d.player)
    first = analyse(own, d, random.Random(5), budget=SMALL)
    link = strong_deals._helper._link
    assert link is not None and link.process.pid is not None
    os.kill(link.process.pid, signal.SIGKILL)  # as an out-of-memory killer would
    link.process.join(10)
    again = analyse(own, d, random.Random(5), budget=SMALL)
    assert again == first
    plays = _local_plays(monkeypatch)
    third = analyse(own, d, random.Random(5), budget=SMALL)
    assert third == first
    assert strong_deals._helper._link is not None and strong_deals._helper._link is not link
    _helper_played_its_share(plays, 5, first)  # a new helper


def test_a_helper_left_behind_ends_with_the_process_it_helps() -> None:
    """A process that shares its deals is killed with no chance to stop its helper: the helper
    ends by itself (its end of the pipe closes)."""
    script = (
        "import os, sys\n"
        "import bot.ai.strong_deals as sd\n"
        "sd.share_deals()\n"
        "print(sd._helper._link.process.pid, flush=True)\n"
        "sys.stdin.read()\n"
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert parent.stdout is not None
    helper = int(parent.stdout.readline())
    assert _alive(helper)
    parent.kill()
    parent.wait(30)
    deadline = time.monotonic() + 30
    while _alive(helper) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(helper)


def _alive(pid: int) -> bool:
    """Whether process `pid` runs (a zombie, ended but not yet reaped, does not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_kept_here_plays_every_deal_here_and_keeps_the_helper_up(shared: None, monkeypatch: pytest.MonkeyPatch) -> None:
    g = _mid_game()
    d = pending(g)
    assert d is not None
    link = strong_deals._helper._link
    plays = _local_plays(monkeypatch)
    with strong_deals.kept_here():
        a = analyse(view(g, d.player), d, random.Random(8), budget=SMALL)
    first = random.Random(8).getrandbits(strong_module.SEED_BITS) + 1
    assert plays[first] == len(a.scores) > 2  # the whole shortlist on the first deal, here
    assert sum(1 for s in plays if first <= s < first + a.deals) == a.deals  # and every deal
    assert strong_deals.sharing() and strong_deals._helper._link is link
    assert link is not None and link.process.is_alive()
