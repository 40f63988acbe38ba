"""The Tavern tiles: the Movement tile's straight line (RULES-NOTES E-4) and the Encounter tile's
waiver of every neutral token's cost (E-29, D-16)."""

from __future__ import annotations

import pytest

from bot.engine import GameState, IllegalChoice, apply, describe, pending, undo
from bot.engine.tokens import NEUTRAL_TOKENS, waived
from tests.engine.helpers import codes, give, kind, play, play_events
from tests.engine.mocha.tavern_position import edit, mocha_game, with_coffee


def lines(g: GameState) -> list[str]:
    return [c for c in codes(g) if c.startswith("t.mv.")]


def from_black_market(coffee: int = 0, *tiles: str) -> GameState:
    def there(h: GameState) -> None:
        h.players[0].merchant = 8

    return with_coffee(edit(mocha_game(), there), 0, coffee, *tiles)


def test_movement_tile_goes_any_distance_in_a_straight_line() -> None:
    """From the Black Market 8 along its row: the Roasting Plant 17 (3 places) and the Fruit
    Warehouse 4 (4 places); its column is only 3 long, so nothing there lies beyond a normal move."""
    g = from_black_market(0, "movement1")
    d = pending(g)
    assert d is not None and d.kind == "move"
    assert lines(g) == ["t.mv.4", "t.mv.17"]
    assert d.option("t.mv.4").label == "Movement tile: straight to Fruit Warehouse (4), 4 places"  # type: ignore[union-attr]
    g, events = play_events(g, "t.mv.4")
    assert g.players[0].merchant == 4 and kind(g) == "assistant"
    assert [describe(e, None) for e in events if e.kind in ("tavern_tile_used", "move")] == [
        "{seat:0} used the Movement tile.",
        "{seat:0} moved from Black Market to Fruit Warehouse.",
    ]
    back, _ = undo(g, 0)
    assert back.players[0].merchant == 8


def test_movement_tile_offers_only_places_beyond_a_normal_move() -> None:
    """The places 1 or 2 along a line are the normal move's own options (the same place, the same
    turn), so the tile adds only the farther ones."""
    g = from_black_market(0, "movement1")
    normal = {c[3:] for c in codes(g) if c.startswith("go.")}
    assert {"1", "7", "16", "2", "20"} <= normal
    assert not {c[5:] for c in lines(g)} & normal


def test_movement_tile_needs_the_tile() -> None:
    assert lines(from_black_market(0)) == []
    assert lines(from_black_market(0, "encounter1")) == []


def test_movement_tile_is_not_the_3_or_4_cards_move() -> None:
    """E-4: it replaces the normal move only; it does not combine with the 3-or-4 card."""
    g = edit(from_black_market(0, "movement1"), lambda h: give(h, 0, "move34"))
    g = play(g, "c.move34")
    assert kind(g) == "move34" and lines(g) == []


def test_movement_tile_only_at_the_start_of_the_turn() -> None:
    g = play(from_black_market(0, "movement1"), "go.1")
    assert kind(g) == "assistant" and lines(g) == []


def test_movement_tile_refuses_a_place_off_its_lines() -> None:
    g = from_black_market(0, "movement1")
    d = pending(g)
    assert d is not None
    for forged in ("t.mv.13", "t.mv.7", "t.mv.99", "t.mv.x"):
        with pytest.raises(IllegalChoice):
            apply(g, 0, d.decision_id, forged)
    assert g.players[0].merchant == 8


def governor_at_tavern(*tiles: str) -> GameState:
    def gov(h: GameState) -> None:
        h.board.governor = 19
        h.board.smuggler = 19

    return play(with_coffee(edit(mocha_game(), gov), 0, 0, *tiles), "go.19", "a.leave")


def test_encounter_tile_waives_the_governors_payment() -> None:
    g = governor_at_tavern("encounter2")
    assert kind(g) == "after" and "gov" in codes(g)
    lira = g.players[0].lira
    g, events = play_events(g, "gov")
    assert len(g.players[0].cards) == 1 and g.players[0].lira == lira
    assert kind(g) == "after" and "gov" not in codes(g)  # no payment asked; the Governor moved on
    assert [e.kind for e in events if e.kind in ("waived", "relocate")] == ["waived", "relocate"]
    assert describe(next(e for e in events if e.kind == "waived"), None) == "{seat:0} owed the Governor nothing this time."


def test_encounter_tile_waives_the_smugglers_payment() -> None:
    g = governor_at_tavern("encounter1")
    g = play(g, "smug")
    assert kind(g) == "smug_good"
    goods = g.players[0].goods
    g = play(g, "g.blue")
    assert g.players[0].goods == (goods[0], goods[1], goods[2], goods[3] + 1)
    assert kind(g) == "after"


def test_without_the_encounter_tile_the_governor_is_paid() -> None:
    g = play(governor_at_tavern("movement1"), "gov")
    assert kind(g) == "gov_pay"


def test_encounter_tile_covers_every_neutral_token_in_play() -> None:
    """Made general over the neutral tokens (the Coffee trader, the Courier of the Great Bazaar)."""
    g = with_coffee(mocha_game(), 0, 0, "encounter3")
    tokens = NEUTRAL_TOKENS.in_play(g.settings)
    assert len(tokens) >= 2
    assert all(waived(g, 0, t) for t in tokens)
    assert not any(waived(g, 1, t) for t in tokens)


def test_tavern_tiles_are_conserved_one_per_type_per_player() -> None:
    """The invariant: each type's tiles are in its pile or in front of one player, one each."""
    from bot.engine.invariants import violations
    from bot.engine.mocha.parts import set_mocha_board

    g = with_coffee(edit(mocha_game(), lambda h: set_mocha_board(h, movement_tiles=(2, 3, 4))), 0, 0, "movement1")
    assert violations(g) == []
    bad = with_coffee(g, 1, 0, "movement1")
    assert any("movement tiles" in v for v in violations(bad))
    two = edit(g, lambda h: set_mocha_board(h, movement_tiles=(3, 4)))
    assert any("more than one movement tile" in v for v in violations(with_coffee(two, 0, 0, "movement1", "movement2")))
