"""A blocked edge between two places (the Barrier's groundwork, RULES-NOTES E-1, E-2, E-11, E-12):
step-by-step moves and distances go around it for every seat but its controller; teleports
ignore it. Played with the test-only blocker of tests/testedge.py through the engine."""

from __future__ import annotations

import pytest

from bot.engine import GameSettings, IllegalChoice, RuleOptions, apply, new_game, pending, validate
from bot.engine.board import blocked_for
from bot.engine.components import POLICE_STATION
from bot.engine.layouts import FIXED_LAYOUTS, Grid
from bot.engine.movement import reachable
from tests.engine.helpers import codes, give, kind, pass_turn, play, quiet_game
from tests.testedge import blocked_edge

# in_order: 1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 16; the Fountain 7 is where merchants start
IN_ORDER = Grid(4, 4, FIXED_LAYOUTS["in_order"])


def moves(g: object) -> list[int]:
    return [int(c[3:]) for c in codes(g) if c.startswith("go.")]  # type: ignore[arg-type]


def test_distances_detour_around_a_blocked_edge() -> None:
    """E-1: the step distance respects the edge: the place just behind it is 3 steps away."""
    blocked = frozenset({(7, 8)})
    assert IN_ORDER.neighbours(7, blocked) == (3, 6, 11)
    assert IN_ORDER.neighbours(8, blocked) == (4, 12)
    assert IN_ORDER.distance(7, 8, blocked) == IN_ORDER.distance(8, 7, blocked) == 3
    assert IN_ORDER.distance(7, 8) == 1
    assert IN_ORDER.within(7, 1, 2, blocked) == (2, 3, 4, 5, 6, 10, 11, 12, 15)
    assert IN_ORDER.distances_from(7, blocked)[4] == 2  # 7 -> 3 -> 4 still fine


def test_a_place_closed_on_every_side_is_out_of_reach() -> None:
    blocked = frozenset({(1, 2), (1, 5)})
    assert IN_ORDER.neighbours(1, blocked) == ()
    assert IN_ORDER.within(1, 1, 16, blocked) == ()
    with pytest.raises(ValueError, match="cannot be reached"):
        IN_ORDER.distance(2, 1, blocked)


def test_normal_move_goes_around_the_edge_but_its_controller_passes() -> None:
    """E-1 and E-12: the place behind the edge is no normal move for the others (no detour of at
    most 2 steps exists), and refusing it changes nothing; the controller's merchant crosses."""
    with blocked_edge((7, 8), controller=1):
        g = quiet_game()
        assert blocked_for(g, 0) == frozenset({(7, 8)}) and blocked_for(g, 1) == frozenset()
        assert moves(g) == [2, 3, 4, 5, 6, 10, 11, 12, 15]
        d = pending(g)
        assert d is not None
        with pytest.raises(IllegalChoice):
            apply(g, 0, d.decision_id, "go.8")
        assert g.players[0].merchant == 7 and pending(g) == d
        g = pass_turn(g)
        assert g.turn.player == 1
        assert moves(g) == [2, 3, 4, 5, 6, 8, 10, 11, 12, 15]
        g = play(g, "go.8")
        assert g.players[1].merchant == 8


def test_3_or_4_card_reaches_behind_the_edge_by_the_detour() -> None:
    """E-2 ("distance"): the place next door behind the edge is 3 steps away, so the card reaches it."""
    g = quiet_game()
    give(g, 0, "move34")
    g = play(validate(g), "c.move34")
    assert moves(g) == [1, 9, 13, 14, 16]
    with blocked_edge((7, 8)):
        g = quiet_game()
        give(g, 0, "move34")
        g = play(validate(g), "c.move34")
        assert kind(g) == "move34" and moves(g) == [1, 8, 9, 13, 14, 16]
        g = play(g, "go.8")
        assert g.players[0].merchant == 8


@pytest.mark.parametrize("semantics", ["distance", "walk"])
def test_3_or_4_card_from_a_corner_under_both_rule_options(semantics: str) -> None:
    """E-2 under both `move_card_semantics`: with the corner's edge to 2 blocked, 4 lies 5 steps
    away (out of reach), while 2 and 3 lie 3 and 4 steps away."""
    settings = GameSettings(players=3, layout="in_order", rules=RuleOptions(move_card_semantics=semantics))  # type: ignore[arg-type]
    open_walk = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14]
    open_distance = [4, 7, 8, 10, 11, 13, 14]
    for blocked in (False, True):
        with blocked_edge((1, 2)) if blocked else blocked_edge(controller=0):
            g = new_game(settings, ["red", "blue", "green"], seed=1)
            g.draw_pile, g.players[0].cards = tuple(sorted(g.draw_pile + g.players[0].cards)), ()
            give(g, 0, "move34")
            g.players[0].merchant = 1
            g = play(validate(g), "c.move34")
            found = moves(g)
        if semantics == "walk":
            assert found == ([q for q in open_walk if q != 4] if blocked else open_walk)
        else:
            assert found == (sorted({*open_distance, 2, 3} - {4}) if blocked else open_distance)


def test_teleports_ignore_the_edge() -> None:
    """E-11: the Police Station sends the family member to a place walled in on every side,
    where no step-by-step move leads."""
    with blocked_edge((1, 2), (1, 5)):
        g = quiet_game()
        assert reachable(g, 0, 2, 1, 16) == tuple(q for q in range(2, 17) if q != 2)
        assert 1 not in reachable(g, 0, 7, 1, 16) and 1 not in reachable(g, 0, 7, 1, 16, walk=True)
        g.players[0].merchant = 8
        g.players[0].stack = "oooo"
        g = validate(g)
        g = play(g, f"go.{POLICE_STATION}", "a.leave")
        assert "f.1" in codes(g)
        g = play(g, "f.1")
        assert g.players[0].family == 1
        assert g.last_move is not None and (g.last_move.token, g.last_move.target) == ("family", 1)


def test_a_blocker_of_a_module_not_in_play_is_never_asked() -> None:
    """Providers state their module: a base game never consults a module's blocker."""
    with blocked_edge((7, 8), module="mocha") as barrier:
        g = quiet_game()
        assert 8 in moves(g) and blocked_for(g, 0) == frozenset()
        assert barrier.asked == 0
    with blocked_edge((7, 8)) as barrier:
        g = quiet_game()
        assert 8 not in moves(g) and barrier.asked > 0
