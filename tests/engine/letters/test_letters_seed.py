"""The module's state, decks and letter delivery (RULES-NOTES E-48, D-18): what every rule of
Letters & Seals builds on."""

from __future__ import annotations

from bot.engine import apply, new_game, pending, preview_settings, set_chance_script
from bot.engine.invariants import violations
from bot.engine.letters.letter_deck import LETTER_DECK, discard_letters, receive_letters
from bot.engine.letters.parts import (
    COMPANION_IN_GENERAL_SUPPLY,
    letters_board,
    letters_of,
    letters_player,
    seals_of,
)
from bot.engine.machine import Tx, settle
from bot.engine.tokens import paid_at
from tests.engine.helpers import COLOURS_IN_SEAT_ORDER
from tests.engine.letters.letters_helpers import done, edit, give_letters, put_companion, quiet_letters


def test_set_up_gives_nobody_letters_and_leaves_every_companion_in_the_general_supply() -> None:
    g = new_game(preview_settings(players=4, expansions=("letters",)), COLOURS_IN_SEAT_ORDER[:4], 5)
    assert len(LETTER_DECK.pile(g)) == 36 and len(g.decks["kiosk"].pile) == 24
    assert all(letters_player(g, s).letters == () for s in range(4))
    assert all(letters_player(g, s).companion == COMPANION_IN_GENERAL_SUPPLY for s in range(4))
    assert letters_board(g).society_bonuses == () and letters_board(g).kiosk_up == ()
    assert violations(g) == []


def test_a_letter_received_where_its_owner_already_stands_is_delivered_at_once() -> None:
    g = edit(quiet_letters())
    g = set_chance_script(g, cards={"letters": ["l7", "l3"]})  # the merchants stand on the Fountain (7)
    tx = Tx(g)
    assert receive_letters(tx, 1, 2) == [7, 3]
    settle(tx)
    assert letters_of(g, 1) == ((7, True), (3, False))
    assert seals_of(g, 1) == 3
    assert [(e.kind, e.player, e.data.get("place")) for e in tx.events if e.kind == "delivered"] == [
        ("delivered", 1, 7)
    ]
    assert violations(g) == []


def test_only_the_owners_own_tokens_deliver_and_an_assistant_never_does() -> None:
    g = edit(quiet_letters())
    give_letters(g, 0, (9, False), (15, False), (21, False))
    g.mut(0).assistants = (21,)  # an assistant waiting there delivers nothing
    g.mut(1).merchant = 9  # another player's merchant on the place delivers nothing
    g.mut(0).family = 15  # the owner's family member delivers
    g = done(g)
    d = pending(g)
    assert d is not None
    g, events = apply(g, d.player, d.decision_id, d.codes()[0])
    assert (
        (15, True) in letters_of(g, 0) and (9, False) in letters_of(g, 0) and (21, False) in letters_of(g, 0)
    )


def test_the_companion_delivers_and_is_paid_like_a_merchant() -> None:
    g = edit(quiet_letters())
    give_letters(g, 2, (4, False))
    put_companion(g, 2, 4)
    g = done(g)
    tx = Tx(g)
    settle(tx)
    assert letters_of(g, 2) == ((4, True),)
    assert paid_at(g, 4, besides=0) == [2]


def test_paid_letters_go_face_up_onto_the_discard_pile() -> None:
    g = edit(quiet_letters())
    give_letters(g, 0, (9, True), (15, False), (21, False))
    tx = Tx(g)
    paid = discard_letters(tx, 0, [2, 0], "test")
    assert paid == [(21, False), (9, True)]
    assert letters_of(g, 0) == ((15, False),)
    assert LETTER_DECK.discard(g) == ("l21", "l9")
    assert [e.data["seals"] for e in tx.events if e.kind == "letters_paid"] == [3]
    assert violations(g) == []


def test_a_companion_on_the_board_goes_back_to_its_owners_supply() -> None:
    from bot.engine.letters.companion_token import return_companion
    from bot.engine.letters.parts import companion_place

    g = edit(quiet_letters())
    put_companion(g, 1, 9)
    tx = Tx(g)
    assert return_companion(tx, 1, "test") and companion_place(g, 1) == 0
    assert letters_player(g, 1).companion == 0
    assert not return_companion(tx, 1, "test")  # already off the board
    assert [e.data for e in tx.events if e.kind == "companion_home"] == [{"from": 9, "why": "test"}]


def test_a_letter_is_named_by_its_place_in_every_story_line() -> None:
    from bot.engine.letters.letter_deck import letter_phrase

    assert letter_phrase(7) == "a letter for Fountain (7)"
    assert letter_phrase(22) == "a letter for Kiosk (22)"
