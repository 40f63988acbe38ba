"""The Barrier blocks step-by-step moves across its edge for everyone but its controller (RULES-NOTES
E-1, E-2, E-4, E-11, E-12), played with the real Barrier of Mocha & Baksheesh."""

from __future__ import annotations

import pytest

from bot.engine import GameState, IllegalChoice, RuleOptions, apply, pending
from bot.engine.board import blocked_for
from bot.engine.components import POLICE_STATION
from bot.engine.mocha.parts import set_mocha_board
from tests.engine.helpers import codes, give, kind, play
from tests.engine.mocha.tavern_position import edit, mocha_game, with_coffee


def moves(g: GameState) -> list[int]:
    return [int(c[3:]) for c in codes(g) if c.startswith("go.")]


def barrier(g: GameState, where: tuple[int, int], controller: int) -> GameState:
    return edit(g, lambda h: set_mocha_board(h, barrier=where, barrier_controller=controller))


def test_no_barrier_on_the_board_blocks_nothing() -> None:
    g = mocha_game()
    assert blocked_for(g, 0) == frozenset() and 6 in moves(g)


def test_barrier_blocks_the_merchants_move_for_others_but_not_its_controller() -> None:
    """E-1, E-12: with the Barrier between the Fountain 7 and the Caravansary 6, the Caravansary
    and the Post Office 5 behind it are 3 steps away for the others; its controller crosses."""
    g = barrier(mocha_game(), (6, 7), controller=1)
    assert blocked_for(g, 0) == frozenset({(6, 7)}) and blocked_for(g, 1) == frozenset()
    assert moves(g) == [1, 3, 4, 8, 12, 15, 17, 18, 19]
    d = pending(g)
    assert d is not None
    with pytest.raises(IllegalChoice):
        apply(g, 0, d.decision_id, "go.6")
    assert g.players[0].merchant == 7
    mine = barrier(mocha_game(), (6, 7), controller=0)
    assert moves(mine) == [1, 3, 4, 5, 6, 8, 12, 15, 17, 18, 19]
    assert play(mine, "go.6").players[0].merchant == 6


@pytest.mark.parametrize("semantics", ["distance", "walk"])
def test_barrier_blocks_the_3_or_4_card_for_others(semantics: str) -> None:
    """E-2 under both `move_card_semantics`, from the corner 16 with the Barrier on its edge to 8."""
    expected = {
        # nobody's Barrier / someone else's
        "distance": ([3, 6, 7, 10, 11, 17, 19, 20], [2, 3, 6, 7, 8, 10, 11, 17, 19]),
        "walk": ([1, 2, 3, 6, 7, 8, 10, 11, 15, 17, 18, 19, 20], [1, 2, 3, 6, 7, 8, 10, 11, 15, 17, 18, 19]),
    }[semantics]
    for controller, want in ((0, expected[0]), (1, expected[1])):
        g = mocha_game(rules=RuleOptions(move_card_semantics=semantics))  # type: ignore[arg-type]

        def corner(h: GameState, controller: int = controller) -> None:
            h.players[0].merchant = 16
            give(h, 0, "move34")
            set_mocha_board(h, barrier=(8, 16), barrier_controller=controller)

        g = play(edit(g, corner), "c.move34")
        assert kind(g) == "move34" and moves(g) == want


def test_barrier_blocks_the_movement_tiles_line() -> None:
    """E-4: the straight line stops at the Barrier unless its holder controls it."""

    def line(h: GameState) -> None:
        h.players[0].merchant = 8

    g = with_coffee(edit(mocha_game(), line), 0, 0, "movement1")
    assert [c for c in codes(g) if c.startswith("t.mv.")] == ["t.mv.4", "t.mv.17"]
    assert not [c for c in codes(barrier(g, (7, 17), controller=1)) if c.startswith("t.mv.")]
    assert [c for c in codes(barrier(g, (7, 17), controller=0)) if c.startswith("t.mv.")] == ["t.mv.4", "t.mv.17"]


def test_teleports_ignore_the_barrier() -> None:
    """E-11: the Police Station sends the family member across the Barrier (a teleport)."""

    def police(h: GameState) -> None:
        h.players[0].merchant = 17  # next to the Police Station 12
        set_mocha_board(h, barrier=(9, 12), barrier_controller=1)

    g = play(edit(mocha_game(), police), f"go.{POLICE_STATION}", "a.leave")
    assert "f.9" in codes(g)
    g = play(g, "f.9")
    assert g.players[0].family == 9


def test_the_barrier_is_placed_at_the_tavern_and_then_blocks() -> None:
    """The whole way: placed at the Tavern, it blocks the next player's move to the Caravansary."""
    g = play(with_coffee(mocha_game(), 0, 2), "go.19", "a.leave", "barrier", "e.6.7", "p.6")
    while g.turn.player == 0:
        g = play(g, pending(g).default)  # type: ignore[union-attr]
    assert g.players[1].merchant == 7 and 6 not in moves(g)


def test_the_barrier_stands_only_between_neighbours() -> None:
    """The invariant: an edge of the grid, and a seat holding its control tile."""
    from bot.engine.invariants import violations

    assert violations(barrier(mocha_game(), (6, 7), controller=2)) == []
    assert violations(barrier(mocha_game(), (2, 3), controller=0))  # not neighbours on this grid
    assert violations(barrier(mocha_game(), (6, 7), controller=-1))
    assert violations(edit(mocha_game(), lambda h: set_mocha_board(h, barrier_controller=1)))
