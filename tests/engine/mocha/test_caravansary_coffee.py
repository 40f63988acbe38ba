"""The Caravansary's extra coffee with Mocha & Baksheesh (D-13): an action hook of the module."""

from __future__ import annotations

from bot.engine import GameSettings, describe, new_game
from bot.engine.mocha.coffee import coffee_of
from tests.engine.helpers import COLOURS_IN_SEAT_ORDER, codes, kind, play_events, reach
from tests.engine.mocha.core_helpers import quiet_mocha, step_onto

CARAVANSARY = 6


def test_caravansary_gives_one_coffee_with_mocha() -> None:
    """D-13: with the module the Caravansary also gives 1 coffee."""
    g = step_onto(quiet_mocha(), CARAVANSARY)
    g, events = play_events(g, "act")
    assert coffee_of(g, 0) == 1
    kinds = [e.kind for e in events]
    assert kinds.index("coffee") < kinds.index("draw")  # before the cards
    assert "{seat:0} took 1 coffee at the Caravansary (now 1)." in [describe(e, None) for e in events]


def test_caravansary_gives_no_coffee_in_a_base_game() -> None:
    g = new_game(GameSettings(players=3, layout="in_order"), COLOURS_IN_SEAT_ORDER[:3], 1)
    g = reach(g, CARAVANSARY)
    assert kind(g) == "action" and "act" in codes(g)
    g, events = play_events(g, "act")
    assert not any(e.kind == "coffee" for e in events)
