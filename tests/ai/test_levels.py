"""The computer's levels (`bot.ai.levels`) and the easy player (`bot.ai.easy`)."""

from __future__ import annotations

import random

import pytest

from bot.ai import POLICIES, easy, greedy_policy, random_policy
from bot.ai.easy import easy_policy
from bot.ai.levels import (
    DEFAULT_LEVEL,
    level_named,
    level_names,
    level_policy,
    levels,
    player_named,
    player_names,
)
from bot.cli.bench_searches import positions


def test_the_levels_on_offer_are_those_whose_player_is_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a strong player the levels are easy and normal; registering one as "strong" adds
    the strong level everywhere the levels are read, with nothing else to change."""
    monkeypatch.delitem(POLICIES, "strong", raising=False)
    assert level_names() == ("easy", "normal")
    assert DEFAULT_LEVEL == "normal" and level_policy("normal") is greedy_policy
    assert level_policy("easy") is easy_policy
    monkeypatch.setitem(POLICIES, "strong", random_policy)
    assert level_names() == ("easy", "normal", "strong")
    assert level_policy("strong") is random_policy
    assert "strong" in player_names()
    assert all(level.description and len(level.description) <= 100 for level in levels())


def test_an_unknown_level_is_refused_in_one_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(POLICIES, "strong", raising=False)
    with pytest.raises(ValueError, match=r"^there is no computer level 'hard'; choose easy, normal$"):
        level_named("hard")
    with pytest.raises(ValueError, match="no computer level 'strong'"):
        level_named("strong")  # not registered: not on offer
    assert level_policy("strong") is greedy_policy  # a table stored while it was: the default level
    with pytest.raises(ValueError, match="no computer player 'hard'"):
        player_named("hard")
    assert player_named("normal") is greedy_policy and player_named("random") is random_policy


def test_the_easy_player_mostly_plays_greedy_and_otherwise_a_runner_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """The easy player takes greedy's option unless its generator says it slips (`SLIP`), and
    its slips do change choices.
    The same view and generator give the same choice. (Tested at a slip rate of 0.35, so that
    enough of the 40 positions slip whatever rate the arena tuned `SLIP` to.)"""
    monkeypatch.setattr(easy, "SLIP", 0.35)
    pairs = positions(11, 40, players=3)
    same = differs = 0
    for i, (v, d) in enumerate(pairs):
        code = easy_policy(v, d, random.Random(i))
        assert code == easy_policy(v, d, random.Random(i))
        assert code in d.codes()
        rng = random.Random(i)
        slipped = rng.random() < easy.SLIP
        best = greedy_policy(v, d, rng)
        if slipped:
            differs += code != best
        else:
            assert code == best
            same += 1
    assert same >= len(pairs) // 2
    assert differs >= 3  # its slips do change choices
