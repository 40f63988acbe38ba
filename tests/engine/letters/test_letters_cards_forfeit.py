"""A forfeit at every step the Letters & Seals bonus cards add (RULES-NOTES E-62, the house ruling
on movement steps): the defaults play the turn out, every invariant holds, the next seat moves."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine import GameState, set_chance_script
from bot.engine.invariants import violations
from bot.engine.letters import data
from tests.engine.helpers import kind, play
from tests.engine.letters.letters_helpers import done, edit
from tests.engine.letters.test_letters_bonus_cards import at_mosque, holding
from tests.engine.test_forfeit import forfeit


def _family_at(place: int, *cards: str) -> GameState:
    g = edit(holding(data.FAMILY_STEP, *cards))
    g.players[0].family = place
    return done(g)


def _tokens(*cards: str) -> GameState:
    g = edit(holding(data.NEUTRAL, *cards, lira=5))
    g.board.governor, g.board.smuggler = 16, 9
    return done(g)


def _follow() -> GameState:
    g = edit(holding(data.FOLLOW))
    g.players[1].merchant, g.players[2].merchant = 16, 9
    return play(done(g), f"c.{data.FOLLOW}")


Check = Callable[[GameState, GameState], bool]

STEPS: dict[str, tuple[Callable[[], GameState], Check]] = {
    # the first good offered goes for 7 Lira
    "sell7": (
        lambda: play(holding(data.SELL7, goods=(1, 1, 0, 0), lira=0), f"c.{data.SELL7}"),
        lambda a, b: b.players[0].goods == (0, 1, 0, 0) and b.players[0].lira == 7,
    ),
    # neither mosque action is taken
    "twice": (
        lambda: play(at_mosque(15), f"c.{data.MOSQUE2}"),
        lambda a, b: b.players[0].mosque_tiles == (),
    ),
    # movement steps: the stack stays where it was and the turn ends
    "follow": (_follow, lambda a, b: b.players[0].merchant == 7),
    "anywhere": (
        lambda: play(holding(data.PAY3, lira=5), f"c.{data.PAY3}"),
        lambda a, b: b.players[0].merchant == 7 and b.players[0].lira == 2,
    ),
    "family_step": (
        lambda: play(_family_at(1), f"c.{data.FAMILY_STEP}"),
        lambda a, b: b.players[0].family == 1,
    ),
    # the turn just ends, the other card stays in hand
    "family_end": (
        lambda: play(_family_at(1, "lira5"), f"c.{data.FAMILY_STEP}", "go.4", "act"),
        lambda a, b: b.players[0].cards == ("lira5",),
    ),
    # the first token offered (the Governor), paid with 2 Lira, then the dice move him
    "usetoken": (
        lambda: set_chance_script(play(_tokens(), f"c.{data.NEUTRAL}"), dice=[(1, 1)], cards=["lira5"]),
        lambda a, b: b.board.governor == 2 and b.players[0].lira == 3,
    ),
}
FORFEITED = frozenset(STEPS)


@pytest.mark.parametrize("where", sorted(STEPS))
def test_forfeit_at_every_letters_card_step(where: str) -> None:
    setup, check = STEPS[where]
    g = setup()
    assert kind(g) == where and g.turn.player == 0
    after = forfeit(g)
    assert violations(after) == []
    assert check(g, after)
