"""What the strong player's work costs: its budget of engine calls counts the base game's calls and
shrinks where each call costs more, as the greedy player's does, so that a strong decision takes
about the same time in every game."""

from __future__ import annotations

import random

import pytest

import bot.ai.strong as strong_module
from bot.ai import STRONG_BUDGET, analyse
from bot.ai.strong import decision_budget
from bot.engine import pending, preview_settings, view
from tests.ai.test_strong import _mid_game


@pytest.mark.parametrize(
    ("expansions", "calls"),
    [((), STRONG_BUDGET), (("mocha",), int(STRONG_BUDGET / 1.4)), (("letters",), STRONG_BUDGET // 2),
     (("mocha", "letters"), STRONG_BUDGET // 2)],
)
def test_a_strong_decision_gets_fewer_calls_where_each_call_costs_more(expansions: tuple[str, ...], calls: int) -> None:
    """Letters & Seals' engine calls cost about twice the base game's, Mocha & Baksheesh's about 1.4
    times: half the calls in the first (the Great Bazaar included), 1/1.4 in the second, for the
    default budget and for one a caller names."""
    settings = preview_settings(players=4, expansions=expansions)
    assert decision_budget(settings) == calls
    assert decision_budget(settings, 1000) == 1000 * calls // STRONG_BUDGET


def test_a_letters_decision_plays_fewer_deals_on_the_same_named_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The work the analysis does follows the divided budget: in a Letters & Seals game, a named
    budget plays fewer deals than the same budget undivided."""
    g = _mid_game(modules=("letters",))
    d = pending(g)
    assert d is not None
    own = view(g, d.player)
    monkeypatch.setattr(strong_module, "MIN_DEALS", 0)  # the calls alone decide when the deals stop
    divided = analyse(own, d, random.Random(4), budget=8000)
    monkeypatch.setattr(strong_module, "call_budget", lambda settings, calls: calls)  # no division
    whole = analyse(own, d, random.Random(4), budget=8000)
    assert whole.deals > divided.deals >= 1 and whole.calls > divided.calls >= 4000 and divided.calls < 8000


def test_the_floor_of_deals_is_the_default_budgets_and_shrinks_with_a_named_one() -> None:
    assert strong_module.deal_floor() == strong_module.MIN_DEALS >= 2
    assert strong_module.deal_floor(STRONG_BUDGET // 2) == strong_module.MIN_DEALS // 2
    assert strong_module.deal_floor(1) == 1  # at least one deal, however small the budget


def test_a_decision_whose_deals_are_dear_still_plays_the_floor_of_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a Great Bazaar game, where each deal costs the most, the deals go on past the budget of
    calls until the floor is reached; without a floor the same budget stops sooner."""
    g = _mid_game(players=4, modules=("mocha", "letters"))
    d = pending(g)
    assert d is not None
    own = view(g, d.player)
    budget = 2000
    monkeypatch.setattr(strong_module, "MIN_DEALS", 0)
    bare = analyse(own, d, random.Random(4), budget=budget)
    assert bare.deals >= 1 and bare.calls >= decision_budget(g.settings, budget)
    wanted = bare.deals + 2
    monkeypatch.setattr(strong_module, "MIN_DEALS", wanted * STRONG_BUDGET // budget)
    floored = analyse(own, d, random.Random(4), budget=budget)
    assert floored.deals == wanted and floored.calls > bare.calls and floored.code in d.codes()
