"""The greedy player's view of Letters & Seals (`bot.ai.letters`): seals and letters held, the
companion, the Secret Society as a ruby source, and a running auction valued as it would end now."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.ai import letters as valuation
from bot.ai import values
from bot.ai.evaluation import evaluate
from bot.engine.decks import BONUS_DECK
from bot.engine.letters.parts import set_letters_board
from tests.engine.letters.letters_helpers import done, edit, give_letters, put_companion, quiet_letters


def test_seals_count_and_an_undelivered_letter_counts_a_little_more() -> None:
    g = edit(quiet_letters())
    give_letters(g, 0, (9, True), (15, False))  # 3 seals, one letter still to deliver
    g = done(g)
    assert valuation.held(g, g.players[0]) == 3 * valuation.SEAL + valuation.UNDELIVERED
    assert valuation.held(g, g.players[1]) == 0.0


def test_the_secret_society_is_a_ruby_source_by_the_seals_showing() -> None:
    g = edit(quiet_letters())
    give_letters(g, 1, (9, True), (15, True), (21, False))  # 5 of 6 seals
    g = done(g)
    assert valuation.secret_society(g, g.players[1]) == 5 / 6
    assert valuation.secret_society(g, g.players[0]) == 0.0


def test_an_earned_companion_is_worth_something_and_one_in_the_general_supply_nothing() -> None:
    g = edit(quiet_letters())
    put_companion(g, 2, 0)
    g = done(g)
    assert valuation.held(g, g.players[2]) == valuation.COMPANION_READY
    assert valuation.held(g, g.players[0]) == 0.0


def test_a_bid_is_worth_making_up_to_the_cards_worth_and_pays_the_active_player() -> None:
    g = edit(quiet_letters())  # seat 0's turn
    set_letters_board(g, bid=3, bidder=1)
    g = done(g)
    assert valuation.lot_worth(g) == 2 * values.UNKNOWN_CARD  # the piles are full: two cards
    assert valuation.held(g, g.players[1]) == valuation.lot_worth(g) - 3 * values.LIRA
    assert valuation.held(g, g.players[0]) == 3 * values.LIRA  # the active player is paid
    assert valuation.held(g, g.players[2]) == 0.0
    cheap, dear = edit(g), edit(g)
    set_letters_board(cheap, bid=2, bidder=1)
    set_letters_board(dear, bid=12, bidder=1)
    assert evaluate(done(cheap), 1) > evaluate(done(dear), 1)


def test_the_auction_lot_is_worth_only_the_cards_the_piles_still_hold() -> None:
    g = edit(quiet_letters())  # seat 0's turn
    set_letters_board(g, bid=3, bidder=1)
    BONUS_DECK.set_pile(g, BONUS_DECK.pile(g)[:1])  # one card left to draw, none discarded
    BONUS_DECK.set_discard(g, ())
    g = done(g)
    assert valuation.lot_worth(g) == values.UNKNOWN_CARD
    assert valuation.held(g, g.players[1]) == values.UNKNOWN_CARD - 3 * values.LIRA
    full = edit(g)
    BONUS_DECK.set_pile(full, BONUS_DECK.pile(g) + ("lira5",))
    # the same position but for the lot: the bidder's score sees the difference
    assert evaluate(done(full), 1) - evaluate(g, 1) == pytest.approx(values.UNKNOWN_CARD)


def test_the_score_of_a_running_auction_depends_on_whose_turn_it_is() -> None:
    g = edit(quiet_letters())  # seat 0's turn: seat 0 would be paid the bid
    set_letters_board(g, bid=3, bidder=1)
    g = done(g)
    theirs = edit(g)
    theirs.turn = replace(g.turn, player=2)  # the same position in seat 2's turn: seat 0 is paid nothing
    theirs = done(theirs)
    mine = evaluate(g, 0)
    assert evaluate(theirs, 0) == pytest.approx(mine - 3 * values.LIRA)  # not the first position's remembered score
