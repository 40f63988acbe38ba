"""The Kiosk (place 22; RULES-NOTES E-50, E-62): the letter, the tiles turned up, the picks in
seat order, the tile left to the acting player, the discard, other seats deciding off turn, undo
and the idle default."""

from __future__ import annotations

import pytest

from bot.engine import IllegalChoice, apply, can_undo, describe, forfeit_turn, pending, undo
from bot.engine.invariants import violations
from bot.engine.letters.kiosk_deck import KIOSK_DECK
from bot.engine.letters.parts import letters_board, letters_of
from tests.engine.helpers import codes, give, kind, play, play_events
from tests.engine.letters.kiosk_position import KIOSK, at_kiosk, at_place


def test_kiosk_gives_a_letter_and_turns_up_players_plus_one_tiles() -> None:
    g = at_place(KIOSK, players=4)
    assert pending(g).option("act").label == "Take 1 letter, then turn up 5 kiosk tiles"  # type: ignore[union-attr]
    g = at_kiosk("K01", "K02", "K03", "K04", "K05", players=4, letter="l9")
    assert letters_of(g, 0) == ((9, False),)
    assert letters_board(g).kiosk_up == ("K01", "K02", "K03", "K04", "K05")
    assert len(KIOSK_DECK.pile(g)) == 19
    assert violations(g) == []


def test_kiosk_picks_go_in_seat_order_and_the_acting_player_takes_the_tile_left_e50() -> None:
    g = at_kiosk("K12", "K07", "K08", "K09")
    order = []
    while kind(g) in ("kiosk_pick", "kiosk_use"):
        d = pending(g)
        assert d is not None
        if d.kind == "kiosk_pick":
            order.append(d.player)
            assert d.off_turn == (d.player != 0)
        g = play(g, d.options[0].code)
    assert order == [0, 1, 2]
    # each used the first tile offered; seat 0 also got the one left (K09, one fabric)
    assert g.players[0].lira == 2 + 2 and g.players[0].goods == (1, 0, 0, 0)
    assert g.players[1].goods == (0, 0, 1, 0) and g.players[2].goods == (0, 1, 0, 0)


def test_kiosk_tiles_all_go_to_the_discard_pile_after_the_action() -> None:
    g = at_kiosk("K12", "K07", "K08", "K09")
    g, events = play_events(g, "p.12")
    while kind(g) in ("kiosk_pick", "kiosk_use"):
        g, events = play_events(g, pending(g).default)  # type: ignore[union-attr]
    assert sorted(KIOSK_DECK.discard(g)) == ["K07", "K08", "K09", "K12"]
    board = letters_board(g)
    assert board.kiosk_up == () and board.kiosk_taken == ()
    assert "The kiosk tiles went to the discard pile (4 in all)." in [describe(e, None) for e in events]
    assert violations(g) == []


def test_kiosk_shuffles_the_discard_pile_in_when_the_tiles_run_out_e50() -> None:
    """E-50: the face-down tiles ran out after 2: the discard pile becomes the new pile."""

    def short(g) -> None:  # type: ignore[no-untyped-def]
        pile = KIOSK_DECK.pile(g)
        KIOSK_DECK.set_pile(g, pile[:2])
        KIOSK_DECK.set_discard(g, pile[2:])

    g = at_place(KIOSK, change=short)
    d = pending(g)
    g, events = apply(g, 0, d.decision_id, "act")  # type: ignore[union-attr]
    assert len(letters_board(g).kiosk_up) == 4
    assert [e.kind for e in events].count("reshuffle") == 1
    assert violations(g) == []


def test_kiosk_other_players_pick_without_bonus_cards_or_tiles_e50() -> None:
    """E-50: a player picking at someone else's Kiosk may not play a bonus card there."""

    def cards(g) -> None:  # type: ignore[no-untyped-def]
        give(g, 1, "lira5")

    g = at_kiosk("K12", "K07", "K08", "K09", change=cards)
    g = play(g, "p.12", "u0")
    d = pending(g)
    assert d is not None and d.player == 1 and d.kind == "kiosk_pick"
    assert not any(c.startswith(("c.", "t.")) for c in d.codes())
    g = play(g, "p.7")
    assert not any(c.startswith(("c.", "t.")) for c in codes(g))


def test_kiosk_prompt_names_the_free_tiles_and_who_took_which() -> None:
    g = play(at_kiosk("K12", "K07", "K08", "K09"), "p.12", "u0")
    prompt = pending(g).prompt  # type: ignore[union-attr]
    assert prompt == (
        "{seat:1}: Kiosk: pick one kiosk tile. Free: K07 One fruit, K08 One spice and K09 One fabric. "
        "Taken: {seat:0} K12 Two Lira."
    )


def test_kiosk_refuses_a_tile_already_taken_and_changes_nothing() -> None:
    g = play(at_kiosk("K12", "K07", "K08", "K09"), "p.12", "u0")
    d = pending(g)
    assert d is not None
    for bad in ("p.12", "p.13", "p.x", "u0"):
        with pytest.raises(IllegalChoice):
            apply(g, 1, d.decision_id, bad)
    assert letters_board(g).kiosk_up == ("K07", "K08", "K09") and pending(g) == d


def test_an_idle_player_picks_the_first_free_tile_and_leaves_it_unused_e62() -> None:
    """E-62: a seat that does not answer takes the first free tile without carrying it out."""
    g = play(at_kiosk("K12", "K07", "K08", "K09"), "p.12", "u0")
    g, events = forfeit_turn(g, 1)
    assert (1, "K07") in letters_board(g).kiosk_taken and g.players[1].goods == (0, 0, 0, 0)
    assert [e.kind for e in events if e.kind.startswith("kiosk")] == ["kiosk_pick", "kiosk_unused"]
    d = pending(g)
    assert d is not None and d.player == 2 and d.kind == "kiosk_pick"


def test_a_forfeited_turn_lets_the_others_pick_their_own_tiles() -> None:
    """The acting player's defaults: the first tile, unused; the others still choose."""
    g = at_kiosk("K12", "K07", "K08", "K09")
    g, _ = forfeit_turn(g, 0)
    assert (0, "K12") in letters_board(g).kiosk_taken and g.players[0].lira == 2
    d = pending(g)
    assert d is not None and d.player == 1 and d.kind == "kiosk_pick"
    g = play(g, "p.8", "u0", "p.9", "u0")
    # back to seat 0: the tile left (K07) is taken and left unused by its defaults, and the turn ends
    assert g.turn.player == 1 and g.players[0].goods == (0, 0, 0, 0)
    assert g.players[1].goods == (0, 1, 0, 0) and g.players[2].goods == (1, 0, 0, 0)


def test_undo_works_within_ones_own_part_of_the_kiosk() -> None:
    g = at_kiosk("K23", "K07", "K08", "K09", change=lambda g: setattr(g.players[0], "lira", 5))
    assert not can_undo(g, 0)  # the tiles turned up are a barrier
    picked = play(g, "p.23")
    paying = play(picked, "u0")
    assert kind(paying) == "kiosk_good" and paying.players[0].lira == 3
    back, _ = undo(paying, 0)
    assert kind(back) == "kiosk_use" and back.players[0].lira == 5
    back, _ = undo(back, 0)
    assert kind(back) == "kiosk_pick" and letters_board(back).kiosk_up == ("K23", "K07", "K08", "K09")
    assert not can_undo(back, 0)


def test_handing_the_kiosk_to_another_seat_is_an_undo_barrier() -> None:
    g = play(at_kiosk("K12", "K07", "K08", "K09"), "p.12")
    g = play(g, "u0")  # seat 1 picks next
    assert pending(g).player == 1 and not can_undo(g, 0)  # type: ignore[union-attr]
    g = play(g, "p.7")
    assert can_undo(g, 1)
    g = play(g, "u0")  # on to seat 2
    assert not can_undo(g, 1) and not can_undo(g, 2)


def test_kiosk_story_names_each_pick_and_use() -> None:
    g = at_kiosk("K12", "K07", "K08", "K09")
    g, events = play_events(g, "p.12")
    g, more = play_events(g, "u0")
    lines = [describe(e, None) for e in events + more]
    assert "{seat:0} picked K12 Two Lira." in lines
    assert "{seat:0} used K12 Two Lira." in lines
    assert "{seat:0} gained 2 Lira from a kiosk tile." in lines
    g, events = play_events(g, "p.7")
    g, more = play_events(g, "keep")
    assert "{seat:1} left K07 One fruit unused." in [describe(e, None) for e in more]
