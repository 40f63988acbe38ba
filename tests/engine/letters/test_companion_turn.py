"""A companion turn (RULES-NOTES E-45, E-3, E-14, E-16, E-28, E-33, E-11) and the cards and tiles
that never move the companion.

The first-game layout of Letters & Seals (rows): 9 1 4 21 3 / 15 6 7 11 22 / 13 24 12 14 8 /
10 2 23 5 16; every merchant starts on the Fountain (7), every family member on the Police
Station (12).
"""

from __future__ import annotations

import pytest

from bot.engine import (
    GameState,
    IllegalChoice,
    apply,
    can_undo,
    describe,
    new_game,
    pending,
    preview_settings,
    set_chance_script,
    to_json,
    undo,
)
from bot.engine.letters.parts import letters_of, letters_player
from bot.engine.mocha.parts import set_mocha_board, set_mocha_player
from bot.engine.tokens import OFF_BOARD
from tests.engine.helpers import COLOURS_IN_SEAT_ORDER, codes, give, kind, play, play_events, quieten
from tests.engine.letters.letters_helpers import done, edit, give_letters, put_companion, quiet_letters
from tests.engine.mocha.core_helpers import give_guild

FOUNTAIN, POLICE = 7, 12


def companion(g: GameState, seat: int = 0) -> int:
    return letters_player(g, seat).companion


def companion_moves(g: GameState) -> set[int]:
    return {int(c[5:]) for c in codes(g) if c.startswith("t.cm.")}


def out_at(place: int, players: int = 3) -> GameState:
    """Seat 0 to move, its companion on `place` (the game editable: pass it to `done`)."""
    g = edit(quiet_letters(players))
    put_companion(g, 0, place)
    return g


def refused(g: GameState, code: str) -> None:
    """`code` is not offered, and sending it anyway is refused with a readable message and
    changes nothing."""
    d = pending(g)
    assert d is not None
    assert code not in d.codes()
    before = to_json(g)
    with pytest.raises(IllegalChoice, match=f"'{code}' is not one of the choices offered now"):
        apply(g, d.player, d.decision_id, code)
    assert to_json(g) == before


# ---- E-3, E-45: one step instead of the merchant ----------------------------------------------


def test_e3_the_companion_steps_exactly_one_place_and_never_stays() -> None:
    g = done(out_at(POLICE))
    assert companion_moves(g) == {7, 24, 14, 23}  # the neighbours of 12, never 12 itself
    g, events = play_events(g, "t.cm.24")
    assert companion(g) == 24 and g.players[0].merchant == FOUNTAIN
    moved = [e for e in events if e.kind == "move"]
    assert [e.data for e in moved] == [{"source": 12, "target": 24, "how": "move", "token": "companion"}]
    assert str(describe(moved[0], None)).startswith("{seat:0}'s companion moved from Police Station to ")
    assert g.last_move is not None and g.last_move.token == "companion"


def test_e45_a_companion_turn_has_no_assistant_step_and_never_ends_for_lack_of_one() -> None:
    g = out_at(1)
    p = g.players[0]
    p.stack, p.assistants = "", (9, 15, 22, 16)  # every assistant out: a merchant could not act
    g, events = play_events(done(g), "t.cm.4")
    assert kind(g) == "action" and pending(g).player == 0  # type: ignore[union-attr]
    assert not [e for e in events if e.kind in ("assistant", "end_early")]
    g = play(g, "act")
    assert g.players[0].goods[2] == 2  # the Fruit Warehouse fills the yellow goods


def test_e14_the_companion_pays_the_other_players_merchants_and_companions() -> None:
    g = out_at(9)
    g.players[0].lira = 10
    g.players[1].merchant = 15
    put_companion(g, 2, 15)
    g = play(done(g), "t.cm.15")
    d = pending(g)
    assert d is not None and d.kind == "pay" and d.codes() == ("pay", "x.end")
    lira = [p.lira for p in g.players]
    g, events = play_events(g, "pay")
    assert [p.lira - before for p, before in zip(g.players, lira, strict=True)] == [-4, 2, 2]
    assert [(e.data["to"], e.data["lira"]) for e in events if e.kind == "fee"] == [(1, 2), (2, 2)]
    assert [e.data["place"] for e in events if e.kind == "skip"] == [15]  # on to the action (none possible)
    assert not [e for e in events if e.kind == "end_early"]


def test_e14_refusing_to_pay_ends_the_companion_turn() -> None:
    g = out_at(9)
    g.players[0].lira = 10
    g.players[1].merchant = 15
    g, events = play_events(play(done(g), "t.cm.15"), "x.end")
    assert [e.data["reason"] for e in events if e.kind == "end_early"] == ["refused_to_pay"]
    assert companion(g) == 15 and g.turn.player == 1


def test_e45_the_companion_is_paid_like_a_merchant_and_never_caught() -> None:
    g = edit(quiet_letters())
    put_companion(g, 1, 4)  # seat 1's companion where seat 0's merchant goes
    g = play(done(g), "go.4", "a.leave")
    assert kind(g) == "pay"
    g, events = play_events(g, "pay")
    assert [(e.data["to"], e.data["lira"]) for e in events if e.kind == "fee"] == [(1, 2)]
    g = play(g, "skip")
    assert not [c for c in codes(g) if c.startswith("k")]  # nothing to catch
    assert companion(g, 1) == 4


def test_e16_the_companion_meets_the_two_player_neutral_merchants() -> None:
    g = edit(quiet_letters(players=2))
    put_companion(g, 0, 22)  # beside 8
    neutral = list(g.board.neutral_merchants)
    neutral[0] = 8
    g.board.neutral_merchants = tuple(neutral)
    g = set_chance_script(done(g), dice=[(3, 3)])
    g = play(g, "t.cm.8")
    assert kind(g) == "pay"
    lira = g.players[0].lira
    g, events = play_events(g, "pay")
    assert g.players[0].lira == lira - 2
    assert [e.data["to"] for e in events if e.kind == "fee"] == [-1]  # the bank
    assert g.board.neutral_merchants[0] == 6  # moved by the dice
    assert [e.data["to"] for e in events if e.kind == "relocate"] == [6]


def test_e28_the_companion_catches_the_family_members_at_its_place() -> None:
    g = out_at(1)
    g.players[1].family = 4
    g = play(done(g), "t.cm.4", "skip")
    assert {"k1.card", "k1.lira"} <= set(codes(g)) and "done" not in codes(g)  # must be caught
    lira = g.players[0].lira
    g = play(g, "k1.lira")
    assert g.players[1].family == POLICE and g.players[0].lira == lira + 3


def test_e29_the_companion_meets_the_governor_at_its_place() -> None:
    g = out_at(1)
    g.board.governor = 4
    g = play(done(g), "t.cm.4", "skip")
    assert "gov" in codes(g)


def test_e48_the_companion_delivers_a_letter_where_it_arrives() -> None:
    g = out_at(1)
    give_letters(g, 0, (4, False))
    g = play(done(g), "t.cm.4")
    assert letters_of(g, 0) == ((4, True),)


def test_e45_the_companion_acts_at_the_fountain_without_paying_and_earns_nothing_twice() -> None:
    g = out_at(6)
    g.players[1].merchant = FOUNTAIN
    p = g.players[0]
    p.stack, p.assistants = p.stack[:-1], (4,)
    g = play(done(g), "t.cm.7")
    assert kind(g) == "action"  # no payment at the Fountain (E-8)
    g = play(g, "r.all")
    assert kind(g) == "companion_back"  # it may come home from the Fountain itself
    g = play(g, "ch.home")
    assert companion(g) == OFF_BOARD and g.players[0].assistants == ()


# ---- E-3: the "Companion moves 2" card ----------------------------------------------------------


def test_e3_the_companion2_card_moves_the_companion_exactly_two_places() -> None:
    g = out_at(POLICE)
    give(g, 0, "companion2")
    g = done(g)
    assert "c.companion2" in codes(g)
    g = play(g, "c.companion2")
    assert kind(g) == "companion2"
    assert companion_moves(g) == {4, 6, 11, 13, 2, 5, 8}  # distance exactly 2 from 12
    g, events = play_events(g, "t.cm.8")
    assert companion(g) == 8
    assert [e.data for e in events if e.kind == "move"] == [
        {"source": 12, "target": 8, "how": "companion2", "token": "companion"}
    ]
    assert g.discard[-1] == "companion2"


def test_e3_the_companion2_card_needs_the_companion_on_the_board() -> None:
    g = edit(quiet_letters())
    give(g, 0, "companion2")
    put_companion(g, 0, OFF_BOARD)
    g = done(g)
    refused(g, "c.companion2")
    g = play(g, "t.cp")
    assert "c.companion2" in codes(g)  # set out, it may use the card that very turn


# ---- E-45: the cards and tiles that name the merchant never move the companion --------------------


def test_e45_no_merchant_card_is_offered_once_the_companion_has_moved() -> None:
    g = out_at(1)
    give(g, 0, "stay", "move34", "return")
    g.players[0].assistants = (9,)
    g.players[0].stack = g.players[0].stack[:-1]
    g = done(g)
    assert {"c.stay", "c.move34", "c.return"} <= set(codes(g))  # offered before a token is chosen
    g = play(g, "t.cm.4")
    while g.turn.player == 0:
        for card in ("c.stay", "c.move34", "c.return"):
            refused(g, card)
        g = play(g, "done" if "done" in codes(g) else "skip" if "skip" in codes(g) else codes(g)[0])


def test_e45_the_stay_card_keeps_the_merchant_not_the_companion() -> None:
    g = out_at(1)
    g.players[0].merchant = 6
    give(g, 0, "stay")
    g, events = play_events(done(g), "c.stay")
    assert [e.data.get("token") for e in events if e.kind == "move"] == [None]  # the merchant stack
    assert companion(g) == 1 and kind(g) == "assistant"


def test_e45_the_3_or_4_card_moves_the_merchant_not_the_companion() -> None:
    g = out_at(1)
    give(g, 0, "move34")
    g = play(done(g), "c.move34")
    assert kind(g) == "move34" and not companion_moves(g)
    refused(g, "t.cm.4")


def test_e45_the_return_card_binds_the_turn_to_the_merchant() -> None:
    g = out_at(1)
    give(g, 0, "return", "companion2")
    p = g.players[0]
    p.stack, p.assistants = p.stack[:-1], (9,)
    g = done(g)
    g = play(g, "c.return")  # the only assistant out comes back at once
    assert kind(g) == "move" and g.players[0].assistants == ()
    assert not companion_moves(g) and "c.companion2" not in codes(g)
    refused(g, "t.cm.4")
    assert any(c.startswith("go.") for c in codes(g))


def test_e45_the_return_card_is_not_offered_in_a_companion_turn() -> None:
    g = out_at(POLICE)
    give(g, 0, "return", "companion2")
    p = g.players[0]
    p.stack, p.assistants = p.stack[:-1], (9,)
    g = play(done(g), "c.companion2")
    refused(g, "c.return")
    g = play(g, "t.cm.4")
    refused(g, "c.return")


def _bazaar(seat0_companion: int) -> GameState:
    """A Great Bazaar game (both modules) with seat 0's companion on a place; its first-game
    layout (rows): 20 3 18 9 21 / 10 1 25 5 2 / 11 19 7 4 12 / 17 16 22 13 23 / 15 8 24 14 6."""
    settings = preview_settings(players=3, expansions=("mocha", "letters"))
    g = quieten(new_game(settings, COLOURS_IN_SEAT_ORDER[:3], 1).copy())
    set_mocha_board(g, coffee_trader=0)
    put_companion(g, 0, seat0_companion)
    return g


def test_e45_the_corner_card_moves_the_merchant_not_the_companion() -> None:
    g = _bazaar(19)
    give(g, 0, "corner")
    g = play(done(g), "c.corner")
    assert kind(g) == "corner" and not companion_moves(g)
    refused(g, "t.cm.1")


def test_e45_the_movement_tile_never_moves_the_companion() -> None:
    g = _bazaar(19)
    g.players[0].merchant = 11  # the row 11 19 7 4 12: the Movement tile reaches 4 and 12
    set_mocha_player(g, 0, tavern_tiles=("movement1",))
    give(g, 0, "companion2")
    g = done(g)
    lines = [c for c in codes(g) if c.startswith("t.mv.")]
    assert lines  # the merchant's straight lines are offered at the start of the turn
    g = play(g, "c.companion2")
    for code in lines:
        refused(g, code)
    g = play(g, f"t.cm.{min(companion_moves(g))}")
    for code in lines:
        refused(g, code)


def test_e11_the_barrier_blocks_the_companions_step_but_not_its_controllers() -> None:
    g = _bazaar(19)
    set_mocha_board(g, barrier=(1, 19), barrier_controller=1)
    assert 1 not in companion_moves(done(g))
    g = _bazaar(19)
    set_mocha_board(g, barrier=(1, 19), barrier_controller=0)
    assert 1 in companion_moves(done(g))


def test_e11_the_barrier_blocks_the_companion2_cards_steps() -> None:
    g = _bazaar(19)
    give(g, 0, "companion2")
    set_mocha_board(g, barrier=(1, 19), barrier_controller=1)
    g = play(done(g), "c.companion2")
    # 3 lay two steps away over the Wainwright (19-1-3); round the Barrier it is three
    assert 3 not in companion_moves(g) and 25 in companion_moves(g)


def test_e33_an_if_you_are_at_card_counts_the_companions_place() -> None:
    g = _bazaar(19)  # beside the Wainwright (1); the merchant on the Fountain
    give(g, 0, "wain2")
    g.players[0].lira = 20
    g = play(done(g), "t.cm.1")
    assert kind(g) == "action" and "c.wain2" in codes(g)


def test_guild_cards_are_declared_instead_of_a_companion_turn() -> None:
    g = _bazaar(19)
    give_guild(g, 0, "g12")
    g = done(g)
    assert "c.g12" in codes(g) and companion_moves(g)
    g = play(g, "t.cm.1")
    refused(g, "c.g12")


# ---- undo and the story ---------------------------------------------------------------------------


def test_a_companion_turn_can_be_taken_back_to_its_start() -> None:
    g = edit(quiet_letters())
    put_companion(g, 0, OFF_BOARD)
    start = done(g)
    g = play(start, "t.cp", "t.cm.4")
    assert companion(g) == 4 and kind(g) == "action"
    g, _ = undo(g, 0)
    assert companion(g) == FOUNTAIN and kind(g) == "move"
    g, _ = undo(g, 0)
    assert companion(g) == OFF_BOARD and kind(g) == "move" and "t.cp" in codes(g)
    assert not can_undo(g, 0)


def test_the_companion2_card_is_an_undo_barrier() -> None:
    g = out_at(POLICE)
    give(g, 0, "companion2")
    g = play(done(g), "c.companion2")
    assert not can_undo(g, 0)  # a card shown face up


def test_forfeit_at_the_start_of_a_turn_leaves_the_companion_where_it_stands() -> None:
    from bot.engine import forfeit_turn

    g = done(out_at(1))
    g, events = forfeit_turn(g, 0)
    assert companion(g) == 1 and g.turn.player == 1


def test_the_notes_beside_a_companion_move_tell_what_it_pays_and_catches_but_no_assistant() -> None:
    from bot.engine import view
    from bot.engine.preview import previews

    g = out_at(1)
    p = g.players[0]
    p.stack, p.assistants = "", (9, 15, 22, 16)  # the merchant could not go on anywhere
    g.players[1].merchant = 4
    g.players[2].family = 4
    g = done(g)
    d = pending(g)
    assert d is not None
    notes = previews(view(g, 0), d)
    assert notes["t.cm.4"] == "pay 2 Lira (Blue); catch Green's family"
    assert notes["go.4"] == "no assistant to leave: your turn ends"


def test_e11_the_barrier_step_check_watches_the_companions_two_steps() -> None:
    from bot.engine import Event
    from bot.engine.mocha.barrier_check import barrier_crossings

    g = _bazaar(19)
    give(g, 0, "companion2")
    set_mocha_board(g, barrier=(1, 19), barrier_controller=1)
    g = play(done(g), "c.companion2")
    across = Event("move", 0, {"source": 19, "target": 3, "how": "companion2", "token": "companion"})
    around = Event("move", 0, {"source": 19, "target": 25, "how": "companion2", "token": "companion"})
    assert barrier_crossings(g, [across], g) == ["seat 0 moved from 19 to 3 across a blocked edge"]
    assert barrier_crossings(g, [around], g) == []


def test_the_active_token_of_a_companion_turn_is_the_companion() -> None:
    from bot.engine.letters.companion_turn import active_is_companion

    g = out_at(1)
    g.players[0].merchant = 4  # the companion joins the merchant's place: both stand there
    g = done(g)
    assert not active_is_companion(g, 0)
    g = play(g, "t.cm.4")
    assert kind(g) == "action" and active_is_companion(g, 0)
    g = play(g, "skip")
    assert not active_is_companion(g, 0) and not active_is_companion(g, g.turn.player)
    g = done(out_at(1))
    g = play(g, "go.4", "a.leave")
    assert not active_is_companion(g, 0)  # a merchant turn
