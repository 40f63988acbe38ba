"""The Auction House (place 23; RULES-NOTES E-51, E-62): the good, the bids in seat order, the
acting player's last word, the payment, the draws, refusals, many bids in two steps, undo and the
idle default."""

from __future__ import annotations

import pytest

from bot.engine import (
    GameState,
    IllegalChoice,
    apply,
    can_undo,
    describe,
    forfeit_turn,
    pending,
    set_chance_script,
    undo,
)
from bot.engine.invariants import violations
from bot.engine.letters.parts import letters_board
from tests.engine.helpers import codes, kind, play, play_events
from tests.engine.letters.kiosk_position import AUCTION_HOUSE, at_place


def auction(*lira: int, bazaar: bool = False, piles: tuple[tuple[str, ...], tuple[str, ...]] | None = None) -> GameState:
    """Seat 0 at the Auction House, each seat holding the Lira given (and the bonus cards'
    face-down and discard piles `piles`, when given)."""

    def purses(g: GameState) -> None:
        for seat, n in enumerate(lira):
            g.players[seat].lira = n
        if piles is not None:
            g.draw_pile, g.discard = piles

    return at_place(AUCTION_HOUSE, players=len(lira), change=purses, bazaar=bazaar)


def test_auction_house_rulebook_example() -> None:
    """Yellow (seat 0) takes 1 jewelry and opens at 1 Lira; Red passes; Blue bids 5; Yellow passes.
    Blue draws 2 bonus cards and pays Yellow 5 Lira."""
    g = set_chance_script(auction(8, 6, 7), cards=["lira5", "good"])
    g = play(g, "g.blue", "v.1")
    assert (letters_board(g).bid, letters_board(g).bidder) == (1, 0)
    g = play(g, "pass")
    g = play(g, "v.5")
    d = pending(g)
    assert d is not None and d.player == 0 and d.kind == "auction_bid" and not d.off_turn
    assert "highest bid 5 Lira by {seat:2}" in d.prompt and d.default == "pass"
    g, events = play_events(g, "pass")
    assert g.players[0].goods == (0, 0, 0, 1)
    assert [p.lira for p in g.players] == [8 + 5, 6, 7 - 5]
    assert sorted(g.players[2].cards) == ["good", "lira5"] and g.players[0].cards == ()
    assert letters_board(g).bid == 0 and letters_board(g).bidder == -1
    assert "{seat:2} won the auction and paid 5 Lira to {seat:0}." in [describe(e, None) for e in events]
    assert violations(g) == []


def test_auction_house_good_is_any_colour_but_never_coffee() -> None:
    g = auction(3, 3, 3, bazaar=True)
    assert codes(g) == ("g.red", "g.green", "g.yellow", "g.blue", "skip")
    assert pending(g).option("g.red").label == "Take 1 fabric, then auction 2 bonus cards"  # type: ignore[union-attr]


def test_auction_bid_above_ones_lira_is_refused_with_the_reason_e51() -> None:
    g = play(auction(3, 4, 2), "g.red")
    d = pending(g)
    assert d is not None and d.codes() == ("v.1", "v.2", "v.3")
    with pytest.raises(IllegalChoice, match="You hold 3 Lira: you cannot bid 4."):
        apply(g, 0, d.decision_id, "v.4")
    assert pending(g) == d and g.players[0].lira == 3
    g = play(g, "v.2")
    with pytest.raises(IllegalChoice, match="A bid must be at least 3 Lira now."):
        apply(g, 1, pending(g).decision_id, "v.2")  # type: ignore[union-attr]


def test_auction_each_other_player_bids_once_in_seat_order_e51() -> None:
    g = play(auction(5, 5, 5, 5), "g.red", "v.1")
    seen = []
    for code in ("v.2", "pass", "v.3"):
        d = pending(g)
        assert d is not None and d.off_turn
        seen.append(d.player)
        g = play(g, code)
    assert seen == [1, 2, 3]
    d = pending(g)
    assert d is not None and d.player == 0 and d.codes()[:2] == ("pass", "v.4")


def test_auction_acting_player_winning_pays_the_bank() -> None:
    g = set_chance_script(auction(4, 1, 0), cards=["lira5", "good"])
    g = play(g, "g.red", "v.2")  # nobody else can beat 2: their passes are taken at once
    assert g.players[0].lira == 2 and sorted(g.players[0].cards) == ["good", "lira5"]
    assert g.players[1].lira == 1


def test_auction_acting_player_raises_once_at_the_end() -> None:
    g = play(auction(6, 4, 0), "g.red", "v.1", "v.3")
    g = play(g, "v.5")
    assert g.players[0].lira == 1 and len(g.players[0].cards) == 2 and g.players[1].lira == 4


def test_auction_last_word_is_not_asked_when_the_acting_player_leads() -> None:
    g = play(auction(6, 4, 3), "g.red", "v.5")  # nobody can beat 5
    assert kind(g) != "auction_bid" and g.players[0].lira == 1


def test_auction_is_skipped_without_lira_e51() -> None:
    """E-51 ruling: with 0 Lira the acting player takes the good and there is no auction."""
    g = auction(0, 5, 5)
    assert pending(g).option("g.red").label == "Take 1 fabric"  # type: ignore[union-attr]
    g, events = play_events(g, "g.red")
    assert kind(g) != "auction_bid" and g.players[0].goods == (1, 0, 0, 0)
    assert "{seat:0} holds no Lira: no auction at the Auction House." in [describe(e, None) for e in events]


def test_auction_with_one_bonus_card_left_sells_one_card_and_says_so() -> None:
    """The lot is what the piles can give: with a single bonus card left (face down or on the
    discard pile) the labels, the prompt and the winner's hand all speak of one card."""
    for piles in ((("lira5",), ()), ((), ("lira5",))):
        g = auction(4, 4, 4, piles=piles)
        assert pending(g).option("g.red").label == "Take 1 fabric, then auction 1 bonus card"  # type: ignore[union-attr]
        g = play(g, "g.red")
        assert "Auction House, 1 bonus card for sale, no bid yet" in pending(g).prompt  # type: ignore[union-attr]
        g = play(g, "v.1", "v.2")
        assert "1 bonus card for sale, highest bid 2 Lira by {seat:1}" in pending(g).prompt  # type: ignore[union-attr]
        g = play(g, "pass", "pass")
        assert g.players[1].cards == ("lira5",) and g.players[1].lira == 2
        assert (g.draw_pile, g.discard) == ((), ())


def test_auction_with_two_cards_left_across_both_piles_sells_two() -> None:
    g = auction(4, 4, 4, piles=(("lira5",), ("good",)))
    g = play(g, "g.red")
    assert "Auction House, 2 bonus cards for sale" in pending(g).prompt  # type: ignore[union-attr]


def test_auction_more_than_100_bids_are_asked_in_two_steps() -> None:
    g = play(auction(3, 150, 0), "g.red", "v.1")
    d = pending(g)
    assert d is not None and d.codes() == ("pass", "vr.2", "vr.101")
    g = play(g, "vr.101")
    d = pending(g)
    assert d is not None and d.kind == "value_range" and d.codes()[0] == "v.101" and d.codes()[-1] == "back"
    assert "highest bid 1 Lira by {seat:0}" in d.prompt
    g, events = play_events(g, "v.120")  # seat 0 cannot answer 120: its pass is taken at once
    assert [e.data["lira"] for e in events if e.kind == "bid"] == [120]
    assert g.players[1].lira == 30 and g.players[0].lira == 123


def test_an_idle_bidder_passes_e62() -> None:
    """E-62: a seat that does not answer passes."""
    g = play(auction(3, 5, 5), "g.red", "v.1")
    g, events = forfeit_turn(g, 1)
    assert [e.kind for e in events if e.kind.startswith("bid")] == ["bid_pass"]
    d = pending(g)
    assert d is not None and d.player == 2


def test_an_idle_bidder_who_opened_a_range_passes_too() -> None:
    g = play(auction(3, 150, 5), "g.red", "v.1", "vr.2")
    g, events = forfeit_turn(g, 1)
    assert letters_board(g).bidder == 0 and pending(g).player == 2  # type: ignore[union-attr]


def test_a_forfeited_turn_opens_the_auction_at_1_lira() -> None:
    g = play(auction(3, 5, 5), "g.red")
    g, _ = forfeit_turn(g, 0)
    assert (letters_board(g).bid, letters_board(g).bidder) == (1, 0)
    d = pending(g)
    assert d is not None and d.player == 1


def test_auction_winners_cards_are_named_to_the_winner_only() -> None:
    g = set_chance_script(auction(2, 5, 0), cards=["lira5", "good"])
    g = play(g, "g.red", "v.1")
    g, events = play_events(g, "v.2")  # seat 2 (no Lira) and seat 0 (2 Lira) cannot answer: passes
    draws = [e for e in events if e.kind == "draw"]
    assert len(draws) == 2 and all(e.player == 1 for e in draws)
    assert all(describe(e, None) == "{seat:1} drew a bonus card." for e in draws)
    assert all(describe(e, 0) == "{seat:1} drew a bonus card." for e in draws)
    assert "5 Lira" in (describe(draws[0], 1) or "") or "5 Lira" in (describe(draws[1], 1) or "")


def test_auction_undo_within_ones_own_bid_but_not_past_another_seat() -> None:
    g = play(auction(3, 150, 5), "g.red")
    g = play(g, "v.1")
    assert not can_undo(g, 0)  # the bid went to seat 1
    g = play(g, "vr.2")
    assert can_undo(g, 1)
    g, _ = undo(g, 1)
    assert pending(g).kind == "auction_bid" and pending(g).player == 1  # type: ignore[union-attr]
