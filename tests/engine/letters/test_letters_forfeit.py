"""Forfeiting a turn at every decision of the Secret Society, the Courier and the double move: the
defaults play the turn to its end (the first set of letters, the first ruby, 2 Lira to the
Courier, no double move), every invariant holds and the next seat moves (engine contract
`forfeit_turn`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine import GameState
from bot.engine.invariants import violations
from bot.engine.letters.parts import letters_of
from tests.engine.helpers import decider, kind, play
from tests.engine.letters.letters_helpers import quiet_letters
from tests.engine.letters.test_courier import meeting_the_courier
from tests.engine.letters.test_double_move import LETTERS, ending_early
from tests.engine.letters.test_secret_society import at_society
from tests.engine.test_forfeit import forfeit

Check = Callable[[GameState, GameState], bool]

STEPS: dict[str, tuple[Callable[[], GameState], Check]] = {
    # the first set offered is paid, then the first ruby taken
    "society_letters": (
        lambda: play(at_society((9, False), (9, False), (3, True), (3, True), (5, True)), "act"),
        lambda a, b: b.players[0].rubies == 1 and letters_of(b, 0) == ((5, True),),
    ),
    # the Sultan's Palace, the first track offered
    "society_ruby": (
        lambda: play(at_society((3, True), (5, True), (12, True)), "act"),
        lambda a, b: b.players[0].rubies == 1 and b.board.sultan_rubies == a.board.sultan_rubies - 1,
    ),
    # 2 Lira, the first price offered
    "cour_pay": (
        lambda: play(meeting_the_courier(quiet_letters()), "cour"),
        lambda a, b: b.players[0].lira == a.players[0].lira - 2 and len(letters_of(b, 0)) == 1,
    ),
    # no double move: the letters are kept
    "double_move": (lambda: ending_early(*LETTERS), lambda a, b: letters_of(b, 0) == LETTERS),
}
FORFEITED = frozenset(STEPS)


@pytest.mark.parametrize("where", sorted(STEPS))
def test_forfeit_at_every_letters_step(where: str) -> None:
    setup, check = STEPS[where]
    g = setup()
    assert kind(g) == where and decider(g) == 0
    after = forfeit(g)
    assert violations(after) == []
    assert check(g, after)
