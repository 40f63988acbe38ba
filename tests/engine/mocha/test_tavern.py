"""The Tavern (place 19): the Barrier, a Tavern tile or the Baksheesh, one per action (RULES-NOTES
E-41), and guild card #19's one or two options at a discount (E-38)."""

from __future__ import annotations

import pytest

from bot.engine import GameState, IllegalChoice, apply, describe, pending, undo
from bot.engine.cards import REMOTE_TAGS
from bot.engine.mocha.parts import mocha_board, mocha_player, set_mocha_board
from bot.engine.places import can_act
from bot.engine.state import Step
from tests.engine.helpers import codes, kind, play, play_events
from tests.engine.mocha.tavern_position import at_tavern, edit, mocha_game, with_coffee


def test_tavern_offers_only_what_coffee_pays_for() -> None:
    g, events = play_events(play(mocha_game(), "go.19"), "a.leave")
    assert g.turn.player == 1  # no coffee: nothing to do at the Tavern, the lone skip runs by itself
    assert [e.data["could"] for e in events if e.kind == "skip"] == [False]
    g = at_tavern(with_coffee(mocha_game(), 0, 1))
    assert codes(g) == ("tl.movement", "tl.encounter", "skip")
    g = at_tavern(with_coffee(mocha_game(), 0, 2))
    assert codes(g) == ("barrier", "tl.movement", "tl.encounter", "skip")


def test_tavern_barrier_pays_2_coffee_and_acts_remotely_without_an_assistant() -> None:
    g = at_tavern(with_coffee(mocha_game(), 0, 5))
    g = play(g, "barrier")
    assert mocha_player(g, 0).coffee == 3
    d = pending(g)
    assert d is not None and d.kind == "barrier" and len(d.options) == 31  # every edge of the 5x4 grid
    g = play(g, "e.2.8")
    assert mocha_board(g).barrier == (2, 8) and mocha_board(g).barrier_controller == 0
    assert codes(g) == ("p.2", "p.8")
    g = play(g, "p.2")
    assert kind(g) == "action" and g.steps[-1] == Step("action", 0, 2, tag="barrier")
    g = play(g, "act")
    assert g.players[0].goods[0] == g.players[0].capacity  # the Fabric Warehouse filled the fabric
    assert 2 not in g.players[0].assistants and g.players[0].merchant == 19


def test_barrier_edges_come_in_place_number_order_with_readable_labels() -> None:
    g = play(at_tavern(with_coffee(mocha_game(), 0, 2)), "barrier")
    d = pending(g)
    assert d is not None
    pairs = [tuple(int(x) for x in o.code.split(".")[1:]) for o in d.options]
    assert pairs == sorted(pairs) and all(a < b for a, b in pairs)
    assert d.option("e.2.8") is not None and d.option("e.2.8").label == "2 Fabric Warehouse | 8 Black Market"  # type: ignore[union-attr]
    assert d.option("e.1.19").label == "1 Wainwright | 19 Tavern"  # type: ignore[union-attr]
    assert d.option("e.2.3") is None  # not neighbours on this grid


def test_tavern_barrier_may_stay_on_its_edge() -> None:
    """E-41: the Barrier may be put back on the edge it stands on; its control tile changes hands."""
    g = edit(mocha_game(), lambda h: set_mocha_board(h, barrier=(2, 8), barrier_controller=1))
    g = play(at_tavern(with_coffee(g, 0, 2)), "barrier")
    d = pending(g)
    assert d is not None and "where it stands" in d.option("e.2.8").label  # type: ignore[union-attr]
    g, events = play_events(g, "e.2.8")
    assert mocha_board(g).barrier == (2, 8) and mocha_board(g).barrier_controller == 0
    lines = [describe(e, None) for e in events if e.kind == "barrier"]
    assert lines == ["{seat:0} left the Barrier between Fabric Warehouse and Black Market and took its control tile."]


def test_tavern_never_acts_remotely_at_itself() -> None:
    """E-41: on an edge of the Tavern only the other place acts (the lone choice is taken at once)."""
    g = play(at_tavern(with_coffee(mocha_game(), 0, 2)), "barrier", "e.2.19")
    assert kind(g) == "action" and g.steps[-1] == Step("action", 0, 2, tag="barrier")
    g = play(at_tavern(with_coffee(mocha_game(), 0, 2)), "barrier")
    d = pending(g)
    assert d is not None
    with pytest.raises(IllegalChoice):
        apply(g, 0, d.decision_id, "p.19")


def test_barrier_remote_action_has_no_payment_or_encounters_there() -> None:
    """E-41: no merchant to pay, no family member caught, no Governor met at the remote place;
    the turn's encounters stay at the Tavern."""

    def crowd(h: GameState) -> None:
        h.players[1].merchant = 2
        h.players[1].family = 2
        h.board.governor = 2

    g = at_tavern(with_coffee(edit(mocha_game(), crowd), 0, 2))
    lira = [p.lira for p in g.players]
    g = play(g, "barrier", "e.2.8", "p.2", "act")
    assert g.turn.player == 1  # nothing more to do at the Tavern: the turn is over
    assert [p.lira for p in g.players] == lira
    assert g.players[1].family == 2 and g.board.governor == 2


def test_barrier_turn_still_meets_the_tokens_at_the_tavern() -> None:
    g = edit(mocha_game(), lambda h: setattr(h.board, "governor", 19))
    g = play(at_tavern(with_coffee(g, 0, 2)), "barrier", "e.2.8", "p.2", "act")
    assert kind(g) == "after" and g.steps[-1].place == 19 and "gov" in codes(g)


def test_barrier_remote_action_is_a_remote_tag() -> None:
    """E-33: "if you are at" cards are barred from the Barrier's remote action."""
    assert "barrier" in REMOTE_TAGS


def test_tavern_tile_takes_the_top_of_its_pile_for_its_coffee() -> None:
    g = at_tavern(with_coffee(mocha_game(), 0, 3))
    g, events = play_events(g, "tl.movement")
    assert mocha_player(g, 0).coffee == 2 and mocha_player(g, 0).tavern_tiles == ("movement1",)
    assert mocha_board(g).movement_tiles == (2, 3, 4) and mocha_board(g).encounter_tiles == (1, 2, 3, 4)
    lines = [describe(e, None) for e in events if e.kind == "tavern_tile"]
    assert lines == ["{seat:0} took the Movement tile (the 1-coffee one) at the Tavern."]


def test_tavern_tile_one_of_each_type_per_player() -> None:
    g = at_tavern(with_coffee(mocha_game(), 0, 9, "movement1"))
    assert "tl.movement" not in codes(g) and "tl.encounter" in codes(g)
    d = pending(g)
    assert d is not None
    with pytest.raises(IllegalChoice):
        apply(g, 0, d.decision_id, "tl.movement")
    assert mocha_board(g).movement_tiles == (1, 2, 3, 4)


def test_tavern_tile_costs_what_the_next_tile_shows() -> None:
    g = edit(mocha_game(), lambda h: set_mocha_board(h, encounter_tiles=(3, 4)))
    assert "tl.encounter" not in codes(at_tavern(with_coffee(g, 0, 2)))
    g = play(at_tavern(with_coffee(g, 0, 3)), "tl.encounter")
    assert mocha_player(g, 0).tavern_tiles == ("encounter3",) and mocha_player(g, 0).coffee == 0


def test_tavern_tile_piles_run_out() -> None:
    g = edit(mocha_game(), lambda h: set_mocha_board(h, movement_tiles=()))
    assert "tl.movement" not in codes(at_tavern(with_coffee(g, 0, 9)))


def test_two_player_tavern_piles_hold_the_1_and_3() -> None:
    g = at_tavern(with_coffee(mocha_game(players=2), 0, 4))
    g = play(g, "tl.movement")
    assert mocha_board(g).movement_tiles == (3,)


def test_tavern_tile_is_taken_back_by_undo() -> None:
    g = at_tavern(with_coffee(mocha_game(), 0, 3))
    after = play(g, "tl.encounter")
    back, _ = undo(after, 0)
    assert mocha_player(back, 0) == mocha_player(g, 0) and mocha_board(back) == mocha_board(g)


def test_baksheesh_flips_after_a_ruby() -> None:
    g = edit(with_coffee(mocha_game(), 0, 4), lambda h: setattr(h.players[0], "goods", (0, 0, 3, 0)))
    g = at_tavern(g)
    assert [c for c in codes(g) if c.startswith("bk.")] == ["bk.13", "bk.16", "bk.20"]
    gems = g.board.gemstone_rubies
    g, events = play_events(g, "bk.16")
    p = g.players[0]
    assert p.rubies == 1 and p.goods == (0, 0, 0, 0) and mocha_player(g, 0).coffee == 0
    assert g.board.gemstone_rubies == gems - 1 and mocha_board(g).baksheesh == "b"
    lines = [describe(e, None) for e in events if e.kind == "baksheesh"]
    assert lines == [
        "{seat:0} paid the baksheesh for the ruby of the Gemstone Dealer; the tile now asks for 1 fabric, 1 spice and 1 jewelry."
    ]


def test_baksheesh_side_b_asks_a_red_green_and_blue() -> None:
    g = edit(with_coffee(mocha_game(), 0, 4), lambda h: set_mocha_board(h, baksheesh="b"))
    assert not any(c.startswith("bk.") for c in codes(at_tavern(g)))
    g = edit(g, lambda h: setattr(h.players[0], "goods", (1, 1, 0, 1)))
    g = play(at_tavern(g), "bk.20")
    assert g.players[0].rubies == 1 and g.players[0].goods == (0, 0, 0, 0)
    assert mocha_board(g).coffee_house_rubies == 4 and mocha_board(g).baksheesh == "a"


def test_baksheesh_needs_4_coffee() -> None:
    g = edit(with_coffee(mocha_game(), 0, 3), lambda h: setattr(h.players[0], "goods", (0, 0, 3, 0)))
    assert not any(c.startswith("bk.") for c in codes(at_tavern(g)))


def test_baksheesh_refills_the_last_ruby_of_a_track() -> None:
    def last_ruby(h: GameState) -> None:
        h.players[0].goods = (0, 0, 3, 0)
        h.board.ruby_supply -= h.board.sultan_rubies - 1
        h.board.sultan_rubies = 1

    g = edit(with_coffee(mocha_game(), 0, 4), last_ruby)
    supply = g.board.ruby_supply
    g = play(at_tavern(g), "bk.13")
    assert g.board.sultan_rubies == 1 and g.board.ruby_supply == supply - 1 and g.players[0].rubies == 1


# ---- guild card #19: one or two Tavern options, 1 coffee less in total ------------------------


def guild19(coffee: int, **board: object) -> GameState:
    g = with_coffee(mocha_game(), 0, coffee)
    if board:
        g = edit(g, lambda h: set_mocha_board(h, **board))
    g = at_tavern(g)
    return edit(g, lambda h: setattr(h, "steps", h.steps[:-1] + (Step("action", 0, 19, tag="g19"),)))


def test_guild19_pays_one_coffee_less_over_two_options() -> None:
    """The rulebook's example: a 2-coffee tile and the Barrier for 3 coffee instead of 4."""
    g = guild19(3, movement_tiles=(2, 3, 4))
    assert "tl.movement" in codes(g)
    g = play(g, "tl.movement")
    assert mocha_player(g, 0).coffee == 2 and g.steps[-1] == Step("action", 0, 19, 1, "g19")
    assert codes(g) == ("barrier", "tl.encounter", "skip")
    g = play(g, "barrier", "e.2.8", "p.2", "act")
    assert mocha_player(g, 0).coffee == 0 and mocha_player(g, 0).tavern_tiles == ("movement2",)
    assert mocha_board(g).barrier == (2, 8)


def test_guild19_may_take_both_tile_types() -> None:
    g = guild19(1)
    g = play(g, "tl.movement", "tl.encounter")
    assert mocha_player(g, 0).tavern_tiles == ("movement1", "encounter1") and mocha_player(g, 0).coffee == 0


def test_guild19_second_option_may_be_skipped() -> None:
    g = guild19(5)
    g = play(g, "tl.encounter", "skip")
    assert mocha_player(g, 0).coffee == 5 and g.turn.player == 1


def test_guild19_cannot_act_without_coffee_for_any_option() -> None:
    step = Step("action", 0, 19, tag="g19")
    g = with_coffee(mocha_game(), 0, 0)
    assert can_act(g, 0, 19, step)  # the 1-coffee tile comes free with the discount
    g = edit(g, lambda h: set_mocha_board(h, movement_tiles=(2, 3), encounter_tiles=(3,)))
    assert not can_act(g, 0, 19, step)
    assert can_act(with_coffee(g, 0, 1), 0, 19, step)  # the Barrier or the 2-coffee tile


def test_tavern_refuses_what_it_does_not_offer_and_changes_nothing() -> None:
    g = at_tavern(with_coffee(mocha_game(), 0, 2))
    d = pending(g)
    assert d is not None
    for forged in ("bk.16", "bk.7", "tl.guild", "tl.movement.", "e.2.8", "p.2"):
        with pytest.raises(IllegalChoice):
            apply(g, 0, d.decision_id, forged)
    g = play(g, "barrier")
    d = pending(g)
    assert d is not None
    for forged in ("e.2.3", "e.8.2", "e.1.99", "e.7", "barrier", "p.2"):
        with pytest.raises(IllegalChoice):
            apply(g, 0, d.decision_id, forged)
    assert pending(g) == d and mocha_board(g).barrier is None


def test_tavern_barrier_is_taken_back_by_undo() -> None:
    g = at_tavern(with_coffee(mocha_game(), 0, 2))
    after, events = play_events(play(g, "barrier"), "e.6.7")
    assert [describe(e, None) for e in events if e.kind == "barrier"] == [
        "{seat:0} put the Barrier between Caravansary and Fountain and took its control tile."
    ]
    back, _ = undo(after, 0)
    assert mocha_board(back) == mocha_board(g) and kind(back) == "barrier"
    back, _ = undo(back, 0)
    assert mocha_player(back, 0).coffee == 2 and kind(back) == "action"


def test_barrier_edges_of_the_great_bazaar_board() -> None:
    """40 edges on the 5x5 board of the Great Bazaar, each in place-number order."""
    from bot.engine import new_game, preview_settings
    from bot.engine.mocha.barrier import board_edges

    g = new_game(preview_settings(players=3, expansions=("mocha", "letters")), ["red", "blue", "green"], 3)
    edges = board_edges(g)
    assert len(edges) == 40 and list(edges) == sorted(edges) and all(a < b for a, b in edges)


def test_rulebook_example_barrier_between_post_office_and_fabric_warehouse() -> None:
    """The rulebook's Tavern example: 2 coffee, the Barrier between the Post Office 5 and the
    Fabric Warehouse 2, the Warehouse's action. Seed 15's random grid puts them side by side:

        3 16 10 15  1
       19 20 14  7  8
        6 12  9 17  5
        4 18 13 11  2
    """
    from bot.engine import new_game, preview_settings, validate

    g = new_game(preview_settings(players=2, expansions=("mocha",), layout="random"), ["red", "blue"], 15).copy()
    g.players[0].merchant = 20
    g.players[1].merchant = 8
    g.board.governor = g.board.smuggler = 0
    g = with_coffee(validate(g, preview=True), 0, 2)
    g = play(g, "go.19", "a.leave", "barrier", "e.2.5", "p.2", "act")
    assert mocha_player(g, 0).coffee == 0 and mocha_board(g).barrier == (2, 5)
    assert mocha_board(g).barrier_controller == 0 and g.players[0].goods[0] == g.players[0].capacity
    while g.turn.player == 0:
        g = play(g, pending(g).default)  # type: ignore[union-attr]
    assert "go.5" in codes(g) and "go.2" not in codes(g)  # 8 -> 5 -> 2 crosses the Barrier
