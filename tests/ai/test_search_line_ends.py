"""The search's short cut at a step where only one code is worth playing inside a line
(`search.LINE_ENDS`): Letters & Seals' double move. Its payments start an extra turn the search
does not look into, so they are never played there; the scores and the engine calls counted stay
exactly what they were when every payment was played."""

from __future__ import annotations

import random

import pytest

from bot.ai import random_policy, search
from bot.ai.search import TurnSearch
from bot.engine import GameSettings, GameState, apply, new_game, pending, view
from bot.engine.components import COLOURS
from bot.engine.letters.double_move import DOUBLE_MOVE
from bot.engine.playout import Playout

SEED = 5  # a two-player Letters game in which a double move is offered for three payments by turn 35


def _turn_with_double_move() -> tuple[GameState, GameState]:
    """(the state at the turn's move step, the state at its double move step) of the first turn
    that ends with a double move offered for two or more payments, random players."""
    settings = GameSettings.model_validate({"players": 2, "expansions": ("letters",)})
    g = new_game(settings, list(COLOURS[:2]), SEED)
    rng = random.Random(SEED)
    start = g
    while (d := pending(g)) is not None:
        if d.kind == "move" and d.player == g.turn.player:
            start = g
        if d.kind == DOUBLE_MOVE and len(d.codes()) >= 3:
            return start, g
        g, _ = apply(g, d.player, d.decision_id, random_policy(view(g, d.player), d, rng))
    raise AssertionError("no double move offered in the whole game")


class Counted(Playout):
    """A playout that counts the choices really played (class-wide, reset per search)."""

    __slots__ = ()
    played = 0

    def choose(self, code: str) -> None:
        Counted.played += 1
        super().choose(code)

    def copy(self) -> Playout:
        new = super().copy()
        new.__class__ = Counted
        return new


def _best(g: GameState, budget: int) -> tuple[float, int, int]:
    """The search's best score from `g` for its decider: (score, calls counted, choices played)."""
    root = Counted(g)
    seat = root.decider()
    assert seat is not None
    Counted.played = 0
    s = TurnSearch(seat, g.turns)
    return s.best(root, budget), s.calls, Counted.played


def test_a_double_move_payment_scores_below_declining_when_played() -> None:
    _, at_end = _turn_with_double_move()
    root = Playout(at_end)
    seat = root.decider()
    assert seat is not None
    scores = {code: TurnSearch(seat, at_end.turns).after(root, code, 10) for code in root.codes() or []}
    assert len(scores) >= 3
    assert scores["no"] > max(score for code, score in scores.items() if code != "no")


@pytest.mark.parametrize("budget", [3, 20, 400, 1200])
def test_the_short_cut_changes_no_score_and_no_count(budget: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """From the turn's move step and from the double move step itself: the same best score and
    the same engine calls counted as when the payments are played, with fewer choices played."""
    start, at_end = _turn_with_double_move()
    for g, shorter in ((start, budget >= 400), (at_end, True)):  # the lines from the start reach the end at 400
        score, calls, played = _best(g, budget)
        monkeypatch.delitem(search.LINE_ENDS, DOUBLE_MOVE)
        all_score, all_calls, all_played = _best(g, budget)
        monkeypatch.undo()
        assert (score, calls) == (all_score, all_calls)
        assert played < all_played if shorter else played == all_played  # the payments left out
