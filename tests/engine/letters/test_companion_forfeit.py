"""Forfeiting a turn at the companion's own decisions (engine contract `forfeit_turn`, E-62 for
idle players): the defaults play the turn to its end, every invariant holds and the next seat
moves. `FORFEITED` joins the step kinds tests/engine/test_forfeit.py counts as covered."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine import GameState
from bot.engine.invariants import violations
from bot.engine.letters.parts import letters_player
from tests.engine.helpers import give, kind, play
from tests.engine.letters.letters_helpers import done, edit, put_companion, quiet_letters
from tests.engine.test_forfeit import forfeit


def _companion2() -> GameState:
    g = edit(quiet_letters())
    put_companion(g, 0, 12)
    give(g, 0, "companion2")
    return play(done(g), "c.companion2")


def _companion_back() -> GameState:
    g = edit(quiet_letters())
    put_companion(g, 0, 22)
    p = g.players[0]
    p.merchant, p.stack, p.assistants = 6, p.stack[:-1], (4,)
    return play(done(g), "go.7", "r.all")


Check = Callable[[GameState, GameState], bool]

STEPS: dict[str, tuple[Callable[[], GameState], Check]] = {
    # a movement step: the companion stays where it stood and the turn ends
    "companion2": (_companion2, lambda a, b: letters_player(b, 0).companion == 12),
    # the default leaves the companion on the board
    "companion_back": (_companion_back, lambda a, b: letters_player(b, 0).companion == 22),
}
FORFEITED = frozenset(STEPS)


@pytest.mark.parametrize("where", sorted(STEPS))
def test_forfeit_at_the_companions_steps(where: str) -> None:
    setup, check = STEPS[where]
    g = setup()
    assert kind(g) == where
    after = forfeit(g)
    assert violations(after) == []
    assert check(g, after)
