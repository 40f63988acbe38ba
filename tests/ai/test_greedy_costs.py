"""What the greedy player's work costs: its remembered scores never cross from one game's rules to
another's (a process that plays games on the same layout under other rule options, such as arena,
soak's option sample or the bot's worker processes, scores each position as a fresh process
would), and its budget of engine calls shrinks where each call costs more."""

from __future__ import annotations

from typing import Literal

import pytest

from bot.ai import evaluation
from bot.engine import GameState, new_game, preview_settings
from bot.engine.components import COLOURS
from bot.engine.settings import RuleOptions


def _game(move_card: Literal["distance", "walk"]) -> GameState:
    settings = preview_settings(players=2).model_copy(update={"rules": RuleOptions(move_card_semantics=move_card)})
    return new_game(settings, list(COLOURS[:2]), 5)


def test_the_same_position_under_other_rules_is_scored_afresh(monkeypatch: pytest.MonkeyPatch) -> None:
    # a holding that reads the table's rules stands for any score that depends on them
    real = evaluation.holdings
    monkeypatch.setattr(
        evaluation, "holdings",
        lambda g, p: real(g, p) + (1.0 if g.settings.rules.move_card_semantics == "walk" else 0.0),
    )
    monkeypatch.setattr(evaluation, "_scores", {})
    distance, walk = _game("distance"), _game("walk")
    assert distance.layout == walk.layout and distance.players[0] == walk.players[0]
    first = evaluation.evaluate(distance, 0)
    assert evaluation.evaluate(walk, 0) == pytest.approx(first + 1.0)
    assert evaluation.evaluate(distance.copy(), 0) == first  # a copy of the same game shares the memo


@pytest.mark.parametrize(
    ("expansions", "calls"), [((), 1200), (("mocha",), 857), (("letters",), 600), (("mocha", "letters"), 600)],
)
def test_a_greedy_decision_gets_fewer_calls_where_each_call_costs_more(expansions: tuple[str, ...], calls: int) -> None:
    """Letters & Seals' engine calls cost about twice the base game's (bench), Mocha & Baksheesh's
    about 1.4 times, so the greedy player spends half as many on a decision in the first (the Great
    Bazaar included) and 1/1.4 as many in the second: a decision takes about as long in every game."""
    from bot.ai.greedy import BUDGET
    from bot.ai.modules import call_budget

    settings = preview_settings(players=4, expansions=expansions)
    assert call_budget(settings, BUDGET) == calls
