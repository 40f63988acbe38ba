"""The Roasting Plant (17): three deals, each at most once per action, 2 coffee each (E-40)."""

from __future__ import annotations

import pytest

from bot.engine import IllegalChoice, can_undo, describe, pending, undo
from bot.engine.decks import deck_named
from bot.engine.invariants import violations
from bot.engine.mocha.coffee import coffee_of
from tests.engine.helpers import codes, give, kind, play, play_events
from tests.engine.mocha.core_helpers import done, edit, give_coffee, give_guild, quiet_mocha, step_onto

ROASTING_PLANT = 17


def at_the_roasting_plant(lira: int = 5, goods: tuple[int, int, int, int] = (1, 0, 0, 0), cards: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    g = edit(quiet_mocha())
    p = g.players[0]
    p.lira, p.goods = lira, goods
    give(g, 0, *cards)
    return step_onto(done(g), ROASTING_PLANT)


def test_roasting_plant_offers_each_deal_once_for_up_to_six_coffee() -> None:
    """E-40 (D-15): each of the three deals at most once per action, 2 coffee each, 6 at most."""
    g = at_the_roasting_plant(cards=("sultan2",))
    assert kind(g) == "action" and "act" in codes(g)
    g = play(g, "act")
    assert kind(g) == "roast"
    assert codes(g) == ("lira", "g.red", "d.sultan2")  # no "done" before a first deal
    g = play(g, "lira")
    assert codes(g) == ("g.red", "d.sultan2", "done")
    g = play(g, "g.red")
    assert codes(g) == ("d.sultan2", "done")
    g = play(g, "d.sultan2")
    assert kind(g) != "roast"  # every deal made: the action is over
    p = g.players[0]
    assert coffee_of(g, 0) == 6 and p.lira == 3 and p.goods == (0, 0, 0, 0) and p.cards == ()
    assert g.discard[-1] == "sultan2"
    assert violations(g) == []


def test_roasting_plant_lira_option_pays_two_lira_for_two_coffee() -> None:
    g, events = play_events(at_the_roasting_plant(goods=(0, 0, 0, 0)), "act")
    # the only deal open is made at once, and then none is left
    assert g.players[0].lira == 3 and coffee_of(g, 0) == 2 and kind(g) != "roast"
    lines = [describe(e, None) for e in events]
    assert "{seat:0} paid 2 Lira." in lines
    assert "{seat:0} took 2 coffee at the Roasting Plant (now 2)." in lines


def test_roasting_plant_good_option_never_takes_coffee() -> None:
    """E-40, E-43: the good paid is one of the four goods, never coffee."""
    g = edit(quiet_mocha())
    g.players[0].lira = 1
    g.players[0].goods = (0, 0, 0, 0)
    give_coffee(g, 0, 7)
    from bot.engine.places import PLACES

    g = done(g)
    assert PLACES[ROASTING_PLANT].options(g, 0, g.steps[-1]) == []  # coffee is no good (E-43)
    g = edit(g)
    g.players[0].goods = (0, 1, 0, 1)
    g = play(step_onto(done(g), ROASTING_PLANT), "act")
    assert codes(g) == ("g.green", "g.blue")
    g = play(g, "g.blue")  # one good per action: nothing else is open, so the action ends
    assert g.players[0].goods == (0, 1, 0, 0) and coffee_of(g, 0) == 9


def test_roasting_plant_card_option_discards_a_bonus_or_a_guild_card_privately() -> None:
    """E-60: the Roasting Plant is the one place that takes a bonus card or a guild card."""
    g = edit(quiet_mocha())
    g.players[0].lira = 0
    g.players[0].goods = (0, 0, 0, 0)
    give(g, 0, "gem2")
    give_guild(g, 0, "g7", "g12")
    g = play(step_onto(done(g), ROASTING_PLANT), "act")
    d = pending(g)
    assert d is not None
    assert d.codes() == ("d.gem2", "gd.g7", "gd.g12")
    assert all(o.private for o in d.options)  # the hand is shown only to its holder
    g, events = play_events(g, "gd.g12")
    guild = deck_named("guild")
    assert guild.hand(g.players[0]) == ("g7",) and guild.discard(g) == ("g12",)
    assert g.players[0].cards == ("gem2",)  # one card deal per action: the bonus card stays
    assert coffee_of(g, 0) == 2 and kind(g) != "roast"
    assert "{seat:0} discarded guild card #12 (Any place)." in [describe(e, None) for e in events]
    assert violations(g) == []


def test_roasting_plant_stops_when_the_player_says_done() -> None:
    g = play(at_the_roasting_plant(), "act", "g.red", "done")
    assert coffee_of(g, 0) == 2 and g.players[0].lira == 5  # the Lira deal was not made


def test_roasting_plant_refuses_a_deal_made_already_and_changes_nothing() -> None:
    g = play(at_the_roasting_plant(), "act", "lira")
    d = pending(g)
    assert d is not None
    from bot.engine import apply

    for code in ("lira", "g.blue", "d.sultan2", "gd.g1", "coffee"):
        with pytest.raises(IllegalChoice):
            apply(g, d.player, d.decision_id, code)
    assert coffee_of(g, 0) == 2 and pending(g) == d


def test_roasting_plant_not_offered_without_lira_goods_or_cards() -> None:
    g = edit(quiet_mocha())
    g.players[0].lira = 1
    g.players[0].goods = (0, 0, 0, 0)
    g = step_onto(done(g), ROASTING_PLANT)
    assert kind(g) != "action" or "act" not in codes(g)


def test_roasting_plant_deals_can_be_taken_back_until_a_card_is_shown() -> None:
    g = play(at_the_roasting_plant(cards=("sultan2",)), "act", "lira")
    assert can_undo(g, 0)
    back, _ = undo(g, 0)
    assert kind(back) == "roast" and coffee_of(back, 0) == 0 and back.players[0].lira == 5
    g = play(g, "d.sultan2")
    assert not can_undo(g, 0)  # the discarded card lies face up: a barrier
