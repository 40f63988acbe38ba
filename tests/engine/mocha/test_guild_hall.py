"""The Guild Hall (place 18) and the rules around playing a guild card (RULES-NOTES E-38, E-39, E-60)."""

from __future__ import annotations

import pytest

from bot.engine import IllegalChoice, apply, describe, pending
from bot.engine.errors import StaleDecision
from bot.engine.mocha.coffee import coffee_of
from bot.engine.mocha.guild_deck import GUILD_DECK
from bot.engine.scoring import result
from tests.engine.helpers import codes, give, grant_tile, kind, play, play_events
from tests.engine.mocha.guild_helpers import give_guild, mocha_game, reach

GUILD_HALL = 18


def test_guild_hall_gives_a_coffee_and_two_guild_cards_then_one_is_discarded() -> None:
    g = give_guild(mocha_game(), 0, "g17")
    g = reach(g, GUILD_HALL)
    assert "act" in codes(g)
    g = play(g, "act")
    hand = GUILD_DECK.hand(g.players[0])
    assert coffee_of(g, 0) == 1 and len(hand) == 3
    assert kind(g) == "guild_discard"
    d = pending(g)
    assert d is not None and all(o.private for o in d.options)
    assert set(d.codes()) == {f"d.{c}" for c in hand}
    g, events = play_events(g, "d.g17")  # an old card may go, not only a new one
    assert "g17" not in GUILD_DECK.hand(g.players[0]) and GUILD_DECK.discard(g) == ("g17",)
    assert len(GUILD_DECK.hand(g.players[0])) == 2
    lines = [describe(e, None) for e in events]
    assert "{seat:0} discarded guild card #17 (Five coffee)." in lines


def test_guild_hall_draws_are_named_to_their_owner_only() -> None:
    g = reach(mocha_game(), GUILD_HALL)
    g, events = play_events(g, "act")
    draws = [e for e in events if e.kind == "draw"]
    assert len(draws) == 2
    for e in draws:
        assert describe(e, None) == "{seat:0} drew a guild card."
        assert describe(e, 1) == "{seat:0} drew a guild card."
        assert "guild card #" in (describe(e, 0) or "")


def test_guild_hall_discard_refuses_a_card_not_in_hand() -> None:
    g = play(reach(mocha_game(), GUILD_HALL), "act")
    d = pending(g)
    assert d is not None
    missing = next(f"d.g{n}" for n in range(1, 21) if f"d.g{n}" not in d.codes())
    with pytest.raises(IllegalChoice):
        apply(g, d.player, d.decision_id, missing)
    with pytest.raises(StaleDecision):
        apply(g, d.player, d.decision_id - 1, d.codes()[0])


def test_e39_an_empty_guild_pile_is_refilled_from_the_discard_pile() -> None:
    g = mocha_game().copy()
    cards = GUILD_DECK.pile(g)
    GUILD_DECK.set_pile(g, ("g1",))
    GUILD_DECK.set_discard(g, tuple(c for c in cards if c != "g1"))
    g = reach(g, GUILD_HALL)
    g, events = play_events(g, "act")
    assert any(e.kind == "reshuffle" and e.data.get("deck") == "guild" for e in events)
    assert len(GUILD_DECK.hand(g.players[0])) == 2 and "g1" in GUILD_DECK.hand(g.players[0])
    line = next(describe(e, None) for e in events if e.kind == "reshuffle")
    assert line == "The discarded guild cards were shuffled into a new face-down pile."


def test_e39_with_both_guild_piles_empty_the_hall_gives_coffee_only() -> None:
    g = mocha_game().copy()
    GUILD_DECK.set_pile(g, ())
    p = g.mut(1)
    GUILD_DECK.set_hand(p, tuple(sorted(f"g{n}" for n in range(1, 21))))  # every card with seat 1
    g = reach(g, GUILD_HALL)
    g = play(g, "act")
    assert coffee_of(g, 0) == 1 and not GUILD_DECK.hand(g.players[0])
    assert kind(g) != "guild_discard"


def test_guild_card_is_offered_only_at_the_start_of_the_turn() -> None:
    g = give_guild(mocha_game(), 0, "g17")
    assert "c.g17" in codes(g) and kind(g) == "move"
    g = reach(g, 4)  # once moved, the turn is a normal one
    assert "c.g17" not in codes(g)


def test_guild_card_replaces_the_whole_turn_one_per_turn() -> None:
    g = give_guild(mocha_game(), 0, "g17", "g18")
    start = g.players[0].merchant
    g, events = play_events(g, "c.g17")
    assert kind(g) == "guild_end" and "c.g18" not in codes(g)  # one guild card per turn
    assert g.players[0].merchant == start
    assert "{seat:0} played guild card #17 (Five coffee)." in [describe(e, None) for e in events]
    assert GUILD_DECK.discard(g) == ("g17",)
    g = play(g, "done")
    assert g.turn.player == 1


def test_e38_other_bonus_cards_and_the_yellow_tile_in_a_guild_turn() -> None:
    g = mocha_game().copy()
    give(g, 0, "lira5")
    grant_tile(g, 0, "yellow")
    g.players[0].assistants = (4,)
    g.players[0].stack = g.players[0].stack[:-1]
    from bot.engine import validate

    g = give_guild(validate(g, preview=True), 0, "g17")
    assert {"c.lira5", "t.yellow", "c.g17"} <= set(codes(g))  # before the guild card, at the move step
    before = play(g, "c.lira5")
    assert kind(before) == "move" and "c.g17" in codes(before)  # the guild card may still follow
    g = play(g, "c.g17")
    assert kind(g) == "guild_end"  # after its effect: the turn's last free moment
    assert "c.lira5" in codes(g) and "t.yellow" in codes(g)
    g = play(g, "c.lira5", "done")
    assert g.turn.player == 1 and g.players[0].lira >= 5


def test_e38_place_bound_cards_and_tiles_are_barred_in_a_guild_turn() -> None:
    from bot.engine import validate

    g = mocha_game().copy()
    grant_tile(g, 0, "red")
    grant_tile(g, 0, "green")
    g.players[0].lira = 30
    give(g, 0, "sultan2")
    g = give_guild(validate(g, preview=True), 0, "g9", "g12")
    g9 = play(g, "c.g9", "n5")
    assert kind(g9) == "guild_end"  # no red tile step after the roll (E-20)
    g12 = play(g, "c.g12", "p.3")  # the Spice Warehouse through #12 (its lone option runs): no green tile
    assert kind(g12) == "guild_end"
    assert g12.players[0].goods[1] == g12.players[0].capacity


def test_e60_guild_cards_are_never_bonus_cards_for_the_tie_break() -> None:
    g = give_guild(mocha_game(), 0, "g1", "g2", "g3")
    standings = {s.seat: s for s in result(g)}
    assert standings[0].cards == 0  # the tie-break counts bonus cards only (E-56)
