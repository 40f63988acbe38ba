"""Forfeiting at every decision the Kiosk and the Auction House ask (engine contract
`forfeit_turn`, RULES-NOTES E-62): the acting player's forfeit plays its defaults while the other
seats still decide their own part; another seat's forfeit covers its own part only."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine import GameState, can_undo, forfeit_turn, pending
from bot.engine.invariants import violations
from bot.engine.letters.parts import letters_board
from tests.engine.helpers import decider, kind, play
from tests.engine.letters.kiosk_position import AUCTION_HOUSE, at_kiosk, at_place


def _rich(g: GameState) -> None:
    g.players[0].lira = 5
    g.players[0].goods = (1, 1, 0, 0)


def _purses(g: GameState) -> None:
    for seat, lira in enumerate((3, 150, 4)):
        g.players[seat].lira = lira


Check = Callable[[GameState, GameState], bool]  # (before the forfeit, after it)

# the decision kind -> (a position where seat `who` decides it, who, what the forfeit did)
STEPS: dict[str, tuple[Callable[[], GameState], int, Check]] = {
    # the acting player: the first tile, not used; seat 1 picks next
    "kiosk_pick": (
        lambda: at_kiosk("K12", "K07", "K08", "K09"),
        0,
        lambda a, b: (0, "K12") in letters_board(b).kiosk_taken and b.players[0].lira == a.players[0].lira,
    ),
    # the picked tile is left unused
    "kiosk_use": (
        lambda: play(at_kiosk("K12", "K07", "K08", "K09"), "p.12"),
        0,
        lambda a, b: b.players[0].lira == a.players[0].lira,
    ),
    # halfway through a trade: the first good offered is given (the way was chosen already)
    "kiosk_pay": (
        lambda: play(at_kiosk("K23", "K07", "K08", "K09", change=_rich), "p.23", "u1"),
        0,
        lambda a, b: b.players[0].goods == (0, 1, 0, 0) and b.players[0].lira == 8,
    ),
    # the good paid for is taken: the first colour
    "kiosk_good": (
        lambda: play(at_kiosk("K23", "K07", "K08", "K09", change=_rich), "p.23", "u0"),
        0,
        lambda a, b: b.players[0].goods == (2, 1, 0, 0) and b.players[0].lira == 3,
    ),
    # the opening bid is the lowest, 1 Lira
    "auction_bid": (
        lambda: play(at_place(AUCTION_HOUSE, change=_purses), "g.red"),
        0,
        lambda a, b: (letters_board(b).bid, letters_board(b).bidder) == (1, 0),
    ),
}
FORFEITED = frozenset(STEPS) | {
    "kiosk_last",
    "kiosk_end",
    "auction_last",
    "auction_end",
}  # these run by themselves


@pytest.mark.parametrize("where", sorted(STEPS))
def test_forfeit_at_every_kiosk_and_auction_step(where: str) -> None:
    setup, seat, check = STEPS[where]
    g = setup()
    assert kind(g) == where and decider(g) == seat
    after, events = forfeit_turn(g, seat)
    assert events[0].kind == "forfeit"
    assert check(g, after) and violations(after) == []
    assert not can_undo(after, seat)
    d = pending(after)
    assert d is not None and d.player != seat and d.off_turn  # the others still decide their part
    while (d := pending(after)) is not None and d.off_turn:
        after, _ = forfeit_turn(after, d.player)  # each other seat: its own part only
        assert violations(after) == []
    assert after.turn.player == 1 and kind(after) == "move"  # the acting player's turn is over


def test_another_seats_forfeit_covers_its_own_part_only() -> None:
    g = play(at_kiosk("K12", "K07", "K08", "K09"), "p.12", "u0")
    g, _ = forfeit_turn(g, 1)
    d = pending(g)
    assert d is not None and d.player == 2 and d.kind == "kiosk_pick" and g.turn.player == 0
