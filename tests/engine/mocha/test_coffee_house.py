"""The Coffee House (20): coffee for the next ruby at the highest uncovered number (E-42), the
refill of its last ruby (E-25), and guild card #20's half price (the action tag "g20")."""

from __future__ import annotations

import pytest

from bot.engine import IllegalChoice, Step, apply, describe, pending
from bot.engine.invariants import violations
from bot.engine.mocha.coffee import coffee_of
from bot.engine.mocha.parts import mocha_board, set_mocha_board
from bot.engine.places import PLACES, can_act
from bot.engine.places.rubies import next_price
from tests.engine.helpers import codes, kind, play, play_events
from tests.engine.mocha.core_helpers import done, edit, give_coffee, quiet_mocha, step_onto

COFFEE_HOUSE = 20


def with_coffee(coffee: int, rubies_left: int = 5):  # type: ignore[no-untyped-def]
    g = edit(quiet_mocha())
    give_coffee(g, 0, coffee)
    g.board.ruby_supply += mocha_board(g).coffee_house_rubies - rubies_left
    set_mocha_board(g, coffee_house_rubies=rubies_left)
    return done(g)


def test_coffee_house_pays_the_highest_uncovered_number_for_a_ruby() -> None:
    """E-42: the price is the highest number no ruby covers (6 with all five rubies there)."""
    g = step_onto(with_coffee(8), COFFEE_HOUSE)
    d = pending(g)
    assert d is not None and d.option("act") is not None and "6 coffee" in d.option("act").label  # type: ignore[union-attr]
    g, events = play_events(g, "act")
    assert coffee_of(g, 0) == 2 and g.players[0].rubies == 1
    assert mocha_board(g).coffee_house_rubies == 4 and next_price(g, COFFEE_HOUSE).coffee == 7  # type: ignore[union-attr]
    lines = [describe(e, None) for e in events]
    assert "{seat:0} paid 6 coffee to the Coffee House (now 2)." in lines
    assert "{seat:0} took a ruby from the Coffee House (1 in all)." in lines
    assert violations(g) == []


def test_coffee_house_price_rises_and_refills() -> None:
    """E-42 and E-25: 6, 7, 8, 9, 10; the last ruby is replaced from the supply, so 10 from then on."""
    assert [next_price(with_coffee(0, left), COFFEE_HOUSE).coffee for left in (5, 4, 3, 2, 1)] == [6, 7, 8, 9, 10]  # type: ignore[union-attr]
    g = with_coffee(10, rubies_left=1)
    supply = g.board.ruby_supply
    g, events = play_events(step_onto(g, COFFEE_HOUSE), "act")
    assert coffee_of(g, 0) == 0 and g.players[0].rubies == 1
    assert mocha_board(g).coffee_house_rubies == 1 and g.board.ruby_supply == supply - 1  # refilled
    assert next_price(g, COFFEE_HOUSE).coffee == 10  # type: ignore[union-attr]
    assert any(e.kind == "ruby_refilled" for e in events)
    assert violations(g) == []


def test_coffee_house_not_offered_without_enough_coffee() -> None:
    g = with_coffee(6, rubies_left=4)  # the next ruby costs 7
    assert PLACES[COFFEE_HOUSE].options(g, 0, Step("action", 0, COFFEE_HOUSE)) == []
    g = step_onto(g, COFFEE_HOUSE)
    assert kind(g) != "action" or "act" not in codes(g)
    assert coffee_of(g, 0) == 6


def test_coffee_house_refuses_a_forged_purchase_and_changes_nothing() -> None:
    g = with_coffee(5)
    g = edit(g)
    g.steps = g.steps + (Step("action", 0, COFFEE_HOUSE),)
    g.players[0].merchant = COFFEE_HOUSE
    g = done(g)
    d = pending(g)
    assert d is not None and d.codes() == ("skip",)
    with pytest.raises(IllegalChoice):
        apply(g, 0, d.decision_id, "act")
    assert coffee_of(g, 0) == 5 and mocha_board(g).coffee_house_rubies == 5


def guild20_action(g, seat: int = 0):  # type: ignore[no-untyped-def]
    """Guild card #20's action at the Coffee House, as m-guild pushes it."""
    g = edit(g)
    g.steps = g.steps + (Step("action", seat, COFFEE_HOUSE, tag="g20"),)
    return done(g)


@pytest.mark.parametrize(("left", "price"), [(5, 3), (4, 4), (3, 4), (2, 5), (1, 5)])
def test_guild_card_20_pays_half_the_coffee_house_price_rounded_up(left: int, price: int) -> None:
    g = guild20_action(with_coffee(price, left))
    step = g.steps[-1]
    assert can_act(g, 0, COFFEE_HOUSE, step)
    g = play(g, "act")
    assert coffee_of(g, 0) == 0 and g.players[0].rubies == 1


def test_guild_card_20_cannot_be_carried_out_without_the_half_price() -> None:
    g = guild20_action(with_coffee(2))  # half of 6 is 3
    assert not can_act(g, 0, COFFEE_HOUSE, g.steps[-1])
    assert can_act(g, 0, COFFEE_HOUSE, Step("action", 0, COFFEE_HOUSE, tag="g20")) is False
    g = edit(g)
    give_coffee(g, 0, 3)
    g = done(g)
    assert can_act(g, 0, COFFEE_HOUSE, Step("action", 0, COFFEE_HOUSE, tag="g20"))
    assert not can_act(g, 0, COFFEE_HOUSE, Step("action", 0, COFFEE_HOUSE))  # the full price is 6
