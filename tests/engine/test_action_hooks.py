"""Action hooks: a module adds to a base place's action whenever it is carried out (Mocha &
Baksheesh's coffee at the Caravansary, D-13; the companion at the first Fountain action, E-44),
only in games where that module is in play."""

from __future__ import annotations

from bot.engine import GameSettings, apply, new_game, pending
from bot.engine.decision import Event
from bot.engine.state import GameState
from tests.testkinds import deck_position


def caravansary_gains(g: GameState) -> list[dict[str, object]]:
    """Seat 0 walks to the Caravansary and carries out its action, taking every first option."""
    events: list[Event] = []
    for code in ("go.6", "a.leave"):
        d = pending(g)
        assert d is not None and code in d.codes(), (code, d and d.codes())
        g, ev = apply(g, d.player, d.decision_id, code)
        events += ev
    d = pending(g)
    assert d is not None and any(c.startswith("act") or c == "act" for c in d.codes()), d.codes()
    act = next(c for c in d.codes() if c.startswith("act"))
    g, ev = apply(g, d.player, d.decision_id, act)
    return [e.data for e in ev if e.kind == "gain"]


def next_to_the_fountain(g: GameState, place: int) -> GameState:
    """The same game with `place` swapped onto the square left of the Fountain (the Great Bazaar's
    centre), so that a merchant starting there reaches it in one step."""
    layout = list(g.layout)
    fountain, here = layout.index(7), layout.index(place)
    layout[here], layout[fountain - 1] = layout[fountain - 1], layout[here]
    g.layout = tuple(layout)
    return g


def test_a_modules_hook_adds_to_the_caravansary_action() -> None:
    g = next_to_the_fountain(deck_position(), 6)
    g, _ = apply(g, 0, g.decision_id, "done")
    assert {"goods": {}, "lira": 1, "why": "test"} in [
        {k: v for k, v in e.items() if k in ("goods", "lira", "why")} for e in caravansary_gains(g)
    ]


def test_no_hook_in_a_base_game() -> None:
    g = new_game(GameSettings(players=3, layout="in_order"), ["red", "blue", "green"], 1)
    assert all(e.get("why") != "test" for e in caravansary_gains(g))
