"""The Courier (RULES-NOTES D-19, E-29, E-58, D-16): a neutral token placed by the set-up dice, met
in phase 4 for 1 letter, paid with 2 Lira or any 1 letter (the one just received included), then
moved by the dice; in the Great Bazaar the Encounter tile waives his price."""

from __future__ import annotations

import pytest

from bot.engine import (
    GameState,
    IllegalChoice,
    apply,
    describe,
    new_game,
    pending,
    preview_settings,
    set_chance_script,
)
from bot.engine.invariants import violations
from bot.engine.letters.letter_deck import LETTER_DECK
from bot.engine.letters.parts import letters_board, letters_of, set_letters_board, set_letters_player
from bot.engine.mocha.data import tavern_tile_id
from bot.engine.mocha.parts import mocha_board, set_mocha_board, set_mocha_player
from tests.engine.helpers import COLOURS_IN_SEAT_ORDER, codes, give, kind, play, play_events, quieten
from tests.engine.letters.letters_helpers import done, edit, give_letters, quiet_letters
from tests.engine.mocha.core_helpers import step_onto

PLACE = 4  # the Fabric Warehouse: its action is skipped, then the encounters


def meeting_the_courier(g: GameState, *letters: tuple[int, bool], lira: int | None = None) -> GameState:
    """Seat 0 reaches PLACE, where the Courier stands, skips the action: the encounters are next."""
    g = edit(g)
    set_letters_board(g, courier=PLACE)
    give_letters(g, 0, *letters)
    if lira is not None:
        g.players[0].lira = lira
    g = play(step_onto(done(g), PLACE), "skip")
    assert kind(g) == "after"
    return g


def test_courier_gives_a_letter_for_two_lira_and_moves_by_the_dice() -> None:
    g = meeting_the_courier(quiet_letters())
    assert "cour" in codes(g)
    lira = g.players[0].lira
    g = play(set_chance_script(g, cards={"letters": ["l9"]}, dice=[(5, 6)]), "cour")
    assert kind(g) == "cour_pay" and letters_of(g, 0) == ((9, False),)
    assert codes(g) == ("pay", "l.0")
    g, events = play_events(g, "pay")
    assert g.players[0].lira == lira - 2 and letters_of(g, 0) == ((9, False),)
    assert letters_board(g).courier == 11
    relocation = [e for e in events if e.kind == "relocate"]
    line = describe(relocation[0], None)
    assert line is not None and line.startswith("The Courier moved to")
    assert violations(g) == []


def test_d19_courier_may_be_paid_with_the_letter_just_received() -> None:
    g = set_chance_script(meeting_the_courier(quiet_letters(), (3, True)), cards={"letters": ["l16"]})
    g = play(g, "cour")
    assert letters_of(g, 0) == ((3, True), (16, False))
    assert codes(g) == ("pay", "l.0", "l.1")
    g, events = play_events(g, "l.1")
    assert letters_of(g, 0) == ((3, True),) and LETTER_DECK.discard(g) == ("l16",)
    assert [e.data for e in events if e.kind == "letters_paid"] == [
        {"letters": [[16, False]], "seals": 1, "why": "courier"}
    ]
    line = describe(next(e for e in events if e.kind == "letters_paid"), None)
    assert line is not None and "to the Courier" in line
    assert violations(g) == []


def test_d19_courier_may_be_paid_with_any_letter_held() -> None:
    g = set_chance_script(meeting_the_courier(quiet_letters(), (3, True), (3, True)), cards={"letters": ["l16"]})
    g = play(g, "cour")
    assert codes(g) == ("pay", "l.0", "l.2")  # the two equal letters are one choice
    g = play(g, "l.0")
    assert letters_of(g, 0) == ((3, True), (16, False))


def test_courier_without_two_lira_takes_a_letter() -> None:
    g = set_chance_script(meeting_the_courier(quiet_letters(), lira=1), cards={"letters": ["l16"]})
    g = play(g, "cour")
    assert kind(g) != "cour_pay"  # his only price, the letter he gave, is paid at once
    assert letters_of(g, 0) == () and g.players[0].lira == 1


def test_courier_is_optional_and_not_offered_without_letters_to_give() -> None:
    g = edit(quiet_letters())
    pile = LETTER_DECK.pile(g)
    LETTER_DECK.set_pile(g, ())
    set_letters_player(g, 1, letters=tuple((int(item[1:]), False) for item in pile))
    give(g, 0, "lira5")  # a card in hand: the last free moment is asked even with nothing else to do
    g = meeting_the_courier(done(g))
    assert "cour" not in codes(g) and "done" in codes(g)
    d = pending(g)
    assert d is not None
    with pytest.raises(IllegalChoice):
        apply(g, d.player, d.decision_id, "cour")


def test_e58_courier_is_placed_by_the_set_up_dice_on_2_to_12() -> None:
    for seed in range(12):
        g = new_game(preview_settings(players=2, expansions=("letters",)), COLOURS_IN_SEAT_ORDER[:2], seed)
        assert 2 <= letters_board(g).courier <= 12 and letters_board(g).courier in g.layout


def test_d16_courier_encounter_tile_waives_his_price_in_the_great_bazaar() -> None:
    settings = preview_settings(players=3, expansions=("mocha", "letters"), layout="random")
    g = new_game(settings, COLOURS_IN_SEAT_ORDER[:3], 2).copy()
    quieten(g)
    set_mocha_board(g, coffee_trader=0)
    tiles = mocha_board(g).encounter_tiles
    set_mocha_board(g, encounter_tiles=tiles[1:])
    set_mocha_player(g, 0, tavern_tiles=(tavern_tile_id("encounter", tiles[0]),))
    g = meeting_the_courier(g)
    lira = g.players[0].lira
    g, events = play_events(g, "cour")
    assert [e.data for e in events if e.kind == "waived"] == [{"token": "courier"}]
    assert kind(g) != "cour_pay" and len(letters_of(g, 0)) == 1 and g.players[0].lira == lira
    assert violations(g) == []


def test_courier_letter_is_an_undo_barrier() -> None:
    from bot.engine import can_undo

    g = meeting_the_courier(quiet_letters())
    assert can_undo(g, 0)  # skipping the action may still be taken back
    g = play(g, "cour")  # a letter turned up for everyone
    assert not can_undo(g, 0)
