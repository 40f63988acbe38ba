"""The playout invariant "the Barrier is respected by every step-by-step move" (issue 23, Tests):
a step check that compares each move event of an input with the edges blocked before it. Played
with the test-only blocker of tests/testedge.py registered for Mocha & Baksheesh.

First-game layout:  16 15 18  3 10 /  8  1  7 17  4 /  2 19  6 12  9 / 20 11  5 14 13
"""

from __future__ import annotations

from bot.engine import Event, apply, pending
from bot.engine.invariants import step_violations
from tests.engine.mocha.core_helpers import quiet_mocha
from tests.testedge import blocked_edge


def move(source: int, target: int, how: str = "move", seat: int = 0) -> list[Event]:
    return [Event("move", seat, {"source": source, "target": target, "how": how})]


def test_barrier_check_accepts_the_moves_the_engine_offers() -> None:
    with blocked_edge((7, 17), module="mocha"):
        g = quiet_mocha()
        d = pending(g)
        assert d is not None and "go.17" not in d.codes()  # behind the Barrier: 3 steps around
        for code in d.codes():
            after, events = apply(g, 0, d.decision_id, code)
            assert step_violations(g, events, after) == [], code


def test_barrier_check_reports_a_move_across_the_barrier() -> None:
    with blocked_edge((7, 17), module="mocha"):
        g = quiet_mocha()
        assert step_violations(g, move(7, 17), g) == ["seat 0 moved from 7 to 17 across a blocked edge"]
        assert step_violations(g, move(7, 4), g) != []  # 2 steps through the Barrier, 4 around it
        assert step_violations(g, move(7, 8), g) == []  # 7 -> 1 -> 8 never touches it


def test_barrier_check_lets_its_controller_cross() -> None:
    with blocked_edge((7, 17), controller=0, module="mocha"):
        g = quiet_mocha()
        assert step_violations(g, move(7, 17), g) == []
        assert step_violations(g, move(7, 17, seat=1), g) != []


def test_barrier_check_takes_a_clear_straight_line_but_not_one_through_the_barrier() -> None:
    """The Movement tile: any distance in a straight line, never through the Barrier."""
    with blocked_edge((7, 17), module="mocha"):
        g = quiet_mocha()
        assert step_violations(g, move(18, 5), g) == []  # 18, 7, 6, 5: three steps, clear
    with blocked_edge((6, 7), module="mocha"):
        g = quiet_mocha()
        assert step_violations(g, move(18, 5), g) != []


def test_barrier_check_ignores_teleports_and_base_games() -> None:
    with blocked_edge((7, 17), module="mocha"):
        g = quiet_mocha()
        assert step_violations(g, move(7, 17, how="corner"), g) == []  # a teleport ignores it (E-11)
    with blocked_edge((7, 17)):  # a base game's blocker: the Mocha check is not in play there
        from bot.engine import GameSettings, new_game

        base = new_game(GameSettings(players=3, layout="in_order"), ["red", "blue", "green"], 1)
        assert step_violations(base, move(7, 8), base) == []
