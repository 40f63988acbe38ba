"""The actions of places 1-16 (rulebook "Places (Base Game)", RULES-NOTES E-17..E-26)."""

from __future__ import annotations

import pytest

from bot.engine import pending, set_chance_script, validate
from tests.engine.helpers import (
    codes,
    give,
    grant_tile,
    kind,
    play,
    play_events,
    quiet_game,
    reach,
    to_discard,
)

# ---- 1 Wainwright ---------------------------------------------------------------------------


def test_wainwright_sells_an_extension_for_7_lira() -> None:
    """Wainwright: pay 7 Lira for one more extension; every colour then holds one more good."""
    g = quiet_game()
    g.players[0].lira = 10
    g = play(reach(g, 1), "act")
    p = g.players[0]
    assert (p.lira, p.extensions, p.capacity, p.rubies) == (3, 1, 3, 0)
    assert g.board.wainwright_extensions == 8


def test_wainwright_third_extension_brings_its_ruby() -> None:
    """Wainwright: completing the wheelbarrow (3rd extension) takes a ruby off the Wainwright."""
    g = quiet_game()
    g.players[0].lira = 7
    g.players[0].extensions = 2
    g.board.wainwright_extensions -= 2
    g = play(reach(g, 1), "act")
    p = g.players[0]
    assert (p.lira, p.extensions, p.capacity, p.rubies) == (0, 3, 5, 1)
    assert g.board.wainwright_rubies == 2


# ---- 2-4 Warehouses -------------------------------------------------------------------------


@pytest.mark.parametrize(("place", "index"), [(2, 0), (3, 1), (4, 2)])
def test_warehouse_fills_its_good_to_capacity(place: int, index: int) -> None:
    """Warehouses: the warehouse's good goes up to the wheelbarrow's capacity, others stay."""
    g = quiet_game()
    g.players[0].extensions, g.players[0].goods = 1, (1, 1, 1, 1)
    g.board.wainwright_extensions -= 1
    g = play(reach(g, place), "act")
    expected = [1, 1, 1, 1]
    expected[index] = 3
    assert g.players[0].goods == tuple(expected)


def test_warehouse_green_tile_buys_one_extra_good_of_any_colour() -> None:
    """Green tile: after filling up, pay 2 Lira for 1 more good of a colour not yet full."""
    g = quiet_game()
    grant_tile(g, 0, "green")
    g.players[0].lira, g.players[0].goods = 5, (0, 0, 0, 2)
    g = play(reach(g, 2), "act")
    assert g.players[0].goods == (2, 0, 0, 2)
    assert codes(g) == ("g.green", "g.yellow", "no")
    g = play(g, "g.yellow")
    assert (g.players[0].goods, g.players[0].lira) == ((2, 0, 1, 2), 3)


# ---- 5 Post Office --------------------------------------------------------------------------

POST_OFFICE = [
    (0, (0, 1, 1, 0), 2),
    (1, (1, 0, 1, 0), 2),
    (2, (1, 0, 1, 0), 3),
    (3, (1, 0, 0, 1), 3),
    (4, (1, 0, 0, 1), 4),
]


@pytest.mark.parametrize(("mail", "goods", "lira"), POST_OFFICE)
def test_post_office_pays_the_uncovered_spaces_and_moves_a_mail_indicator(
    mail: int, goods: tuple[int, int, int, int], lira: int
) -> None:
    """Post Office: 5 states; after the 5th (all indicators down) they all go back up."""
    g = quiet_game()
    g.board.mail = mail
    g = play(reach(g, 5), "act")
    assert (g.players[0].goods, g.players[0].lira) == (goods, 2 + lira)
    assert g.board.mail == (mail + 1) % 5


# ---- 6 Caravansary --------------------------------------------------------------------------


def test_caravansary_draws_two_from_the_pile_then_discards_one() -> None:
    """Caravansary: take 2 cards (discard pile empty: face-down pile only), then discard any 1."""
    g = quiet_game()
    give(g, 0, "stay")
    g = set_chance_script(reach(g, 6), cards=["lira5", "gem2"])
    g = play(g, "act")
    assert kind(g) == "card_discard"
    assert codes(g) == ("d.gem2", "d.lira5", "d.stay")
    g = play(g, "d.stay")
    assert g.players[0].cards == ("gem2", "lira5")
    assert g.discard == ("stay",)


def test_caravansary_may_take_the_top_of_the_discard_pile() -> None:
    """Caravansary: each card comes from the face-down pile or the top of the discard pile."""
    g = quiet_game()
    to_discard(g, "family", "sultan2")
    g = set_chance_script(reach(g, 6), cards=["lira5"])
    g = play(g, "act")
    assert codes(g) == ("pile", "top")
    g = play(g, "top")
    assert g.players[0].cards == ("sultan2",) and g.discard == ("family",)
    g = play(g, "pile", "d.lira5")
    assert g.players[0].cards == ("sultan2",)
    assert g.discard == ("family", "lira5")


def test_caravansary_reshuffles_the_discard_pile_when_the_draw_pile_runs_out() -> None:
    """Caravansary: drawing the last face-down card turns the discard pile into a new draw pile."""
    g = quiet_game()
    rest = list(g.draw_pile)
    rest.remove("good")
    to_discard(g, *rest)
    assert g.draw_pile == ("good",)
    g = set_chance_script(reach(g, 6), cards=["good", "stay"])
    g = play(g, "act")
    g, events = play_events(g, "pile")
    assert "reshuffle" in [e.kind for e in events]
    assert g.discard == () and len(g.draw_pile) == len(rest) - 1  # the 2nd card came from the new pile
    assert g.players[0].cards == ("good", "stay")


# ---- 7 Fountain -----------------------------------------------------------------------------


def test_fountain_calls_back_all_assistants() -> None:
    """Fountain: every own assistant returns to the bottom of the merchant stack."""
    g = quiet_game()
    g.players[0].stack, g.players[0].assistants = "o", (2, 5, 10)
    g = play(reach(g, 7), "r.all")
    assert (g.players[0].stack, g.players[0].assistants) == ("oooo", ())


def test_fountain_calls_back_only_the_chosen_assistants() -> None:
    """Fountain: return any number of your assistants, the rest stay where they are."""
    g = quiet_game()
    g.players[0].stack, g.players[0].assistants = "o", (2, 5, 10)
    g = play(reach(g, 7), "r.some")
    assert codes(g) == ("r.2", "r.5", "r.10", "done")
    g = play(g, "r.5", "done")
    assert (g.players[0].stack, g.players[0].assistants) == ("oo", (2, 10))


def test_fountain_needs_no_assistant_and_no_fee() -> None:
    """Fountain: reachable with an empty stack and no Lira although other merchants stand there."""
    g = quiet_game()
    g.players[0].stack, g.players[0].assistants, g.players[0].lira = "", (2, 5, 10, 11), 0
    g = reach(g, 7)
    assert kind(g) == "action" and g.players[1].merchant == g.players[2].merchant == 7
    g = play(g, "r.all")
    assert (g.players[0].stack, g.players[0].lira, g.players[1].lira) == ("oooo", 0, 3)


def test_fountain_with_every_assistant_home_has_nothing_to_do() -> None:
    """Fountain: with no assistant away the action would change nothing, so it is not offered
    (the turn goes on to the encounters without a pointless question)."""
    g = quiet_game()
    g.players[0].merchant = 6
    g = play(validate(g), "go.7")
    assert g.turn.player == 1 and g.players[0].merchant == 7


# ---- 8 Black Market -------------------------------------------------------------------------


def test_black_market_good_before_rolling() -> None:
    """Black Market: take the red/green/yellow good first, then roll for jewelry."""
    g = set_chance_script(reach(quiet_game(), 8), dice=[(3, 4)])
    assert codes(g)[:4] == ("g.red", "g.green", "g.yellow", "roll")
    g, events = play_events(g, "g.red")
    kinds = [e.kind for e in events]
    assert kinds.index("gain") < kinds.index("dice")
    assert g.players[0].goods == (1, 0, 0, 1)


def test_black_market_good_after_rolling() -> None:
    """Black Market: or roll first and choose the good afterwards."""
    g = set_chance_script(reach(quiet_game(), 8), dice=[(5, 5)])
    g = play(g, "roll")
    assert g.players[0].goods == (0, 0, 0, 2)
    assert codes(g) == ("g.red", "g.green", "g.yellow")
    g = play(g, "g.green")
    assert g.players[0].goods == (0, 1, 0, 2)


@pytest.mark.parametrize(
    ("dice", "blue"),
    [((1, 1), 0), ((2, 4), 0), ((3, 4), 1), ((2, 6), 1), ((4, 5), 2), ((5, 5), 2), ((5, 6), 3), ((6, 6), 3)],
)
def test_black_market_jewelry_by_the_sum(dice: tuple[int, int], blue: int) -> None:
    """Black Market: 7-8 gives 1 blue, 9-10 gives 2, 11-12 gives 3, less gives none."""
    g = quiet_game()
    g.players[0].extensions = 1
    g.board.wainwright_extensions -= 1
    g = play(set_chance_script(reach(g, 8), dice=[dice]), "g.yellow")
    assert g.players[0].goods == (0, 0, 1, blue)


# ---- 9 Tea House ----------------------------------------------------------------------------


def test_tea_house_offers_calls_3_to_12() -> None:
    """Tea House: announce a number between 3 and 12."""
    g = reach(quiet_game(), 9)
    assert [c for c in codes(g) if c.startswith("n")] == [f"n{k}" for k in range(3, 13)]


@pytest.mark.parametrize(
    ("call", "dice", "gain"), [(8, (4, 4), 8), (9, (4, 4), 2), (12, (6, 6), 12), (3, (1, 2), 3), (4, (1, 2), 2)]
)
def test_tea_house_pays_the_call_or_2_lira(call: int, dice: tuple[int, int], gain: int) -> None:
    """Tea House: a roll at least the call pays the call in Lira, otherwise 2 Lira."""
    g = play(set_chance_script(reach(quiet_game(), 9), dice=[dice]), f"n{call}")
    assert g.players[0].lira == 2 + gain


# ---- 10/11 Markets --------------------------------------------------------------------------

SALES = [
    (11, ["red"], 2), (11, ["red", "green"], 5), (11, ["red", "green", "yellow"], 9),
    (11, ["red", "green", "yellow", "yellow"], 14), (11, ["red", "green", "yellow", "yellow", "blue"], 20),
    (10, ["red"], 3), (10, ["red", "red"], 7), (10, ["red", "red", "green"], 12),
    (10, ["red", "red", "green", "blue"], 18), (10, ["red", "red", "green", "blue", "blue"], 25),
]


@pytest.mark.parametrize(("market", "goods", "lira"), SALES)
def test_market_revenue_by_number_sold(market: int, goods: list[str], lira: int) -> None:
    """Markets: Small pays 2/5/9/14/20 and Large 3/7/12/18/25 Lira for 1-5 goods."""
    g = quiet_game()
    g.players[0].goods = (2, 2, 2, 2)
    g.board.small_demand = ("s1", "s2", "s3", "s4", "s5")  # s1: 1 red 1 green 2 yellow 1 blue
    g.board.large_demand = ("l1", "l2", "l3", "l4", "l5")  # l1: 2 red 1 green 2 blue
    g = play(reach(g, market), "act", *[f"s.{c}" for c in goods])
    if len(goods) < 5:
        g = play(g, "done")
    assert g.players[0].lira == 2 + lira
    assert sum(g.players[0].goods) == 8 - len(goods)


def test_market_sells_only_what_the_demand_tile_shows() -> None:
    """Markets: no good beyond its count on the demand tile (s3: 1 red 3 green 1 yellow)."""
    g = quiet_game()
    g.players[0].goods = (2, 2, 2, 2)
    g.board.small_demand = ("s3", "s1", "s2", "s4", "s5")
    g = play(reach(g, 11), "act")
    assert codes(g) == ("s.red", "s.green", "s.yellow", "s.all")
    assert pending(g).default == "s.red"  # the smallest sale (forfeit), selling all comes last
    g = play(g, "s.red")
    assert codes(g) == ("s.green", "s.yellow", "done")
    g = play(g, "s.green", "s.green")
    assert codes(g) == ("s.yellow", "done")


def test_market_sell_all_that_fits() -> None:
    """Markets: selling everything that fits the tile (l2: 1 red 1 green 3 blue, 2 blue held)."""
    g = quiet_game()
    g.players[0].goods = (2, 2, 2, 2)
    g.board.large_demand = ("l2", "l1", "l3", "l4", "l5")
    g = play(reach(g, 10), "act", "s.all")
    assert (g.players[0].goods, g.players[0].lira) == ((1, 1, 2, 0), 2 + 18)


def test_market_tile_goes_to_the_bottom_only_after_a_sale() -> None:
    """Markets: the demand tile moves under the stack after a sale; skipping leaves it on top."""
    g = quiet_game()
    g.players[0].goods = (1, 0, 0, 0)
    g.board.small_demand = ("s1", "s2", "s3", "s4", "s5")
    g = reach(g, 11)
    assert play(g, "skip").board.small_demand == ("s1", "s2", "s3", "s4", "s5")
    g = play(g, "act")  # a single good to sell: chosen and sold at once
    assert g.board.small_demand == ("s2", "s3", "s4", "s5", "s1")
    assert (g.players[0].goods, g.players[0].lira) == ((0, 0, 0, 0), 4)


# ---- 12 Police Station ----------------------------------------------------------------------


def test_police_station_sends_the_family_member_anywhere_but_here() -> None:
    """Police Station: the family member may go to any other place (15 choices)."""
    g = reach(quiet_game(), 12)
    assert [c for c in codes(g) if c.startswith("f.")] == [f"f.{q}" for q in range(1, 17) if q != 12]


def test_police_station_family_member_acts_without_encounters() -> None:
    """Police Station: the family member does that place's action; no fee, no catch, no Smuggler."""
    g = quiet_game()
    g.players[1].merchant, g.players[1].family = 8, 8
    g.board.smuggler = 8
    g = set_chance_script(reach(g, 12), dice=[(4, 5)])
    g = play(g, "f.8")
    assert kind(g) == "action" and g.players[0].family == 8
    g = play(g, "g.red")
    assert g.players[0].goods == (1, 0, 0, 2)
    assert (g.players[0].lira, g.players[1].lira, g.players[1].family) == (2, 3, 8)
    assert g.turn.player == 1  # nothing left to do at 8 or 12: the turn has passed


def test_police_station_family_member_at_the_fountain_returns_the_assistants() -> None:
    """Police Station: sent to the Fountain, the family member still brings the assistants home
    to the merchant stack at the Police Station."""
    g = quiet_game()
    g.players[0].stack, g.players[0].assistants = "oo", (2, 5)
    g = play(reach(g, 12), "f.7", "r.all")
    p = g.players[0]
    assert (p.merchant, p.family, p.stack, p.assistants) == (12, 7, "oooo", ())


# ---- 13 Sultan's Palace, 16 Gemstone Dealer -------------------------------------------------

SULTAN = [  # rubies left -> goods paid (red, green, yellow, blue) with every "any" paid in red
    (7, (1, 1, 1, 1)), (6, (2, 1, 1, 1)), (5, (2, 1, 1, 2)), (4, (3, 1, 1, 2)),
    (3, (3, 2, 1, 2)), (2, (3, 2, 2, 2)), (1, (4, 2, 2, 2)),
]


@pytest.mark.parametrize(("left", "paid"), SULTAN)
def test_sultan_price_grows_along_the_track(left: int, paid: tuple[int, int, int, int]) -> None:
    """Sultan's Palace: pay every uncovered space (B R G Y any B R G Y any), take the next ruby."""
    g = quiet_game(players=4)
    g.players[0].extensions, g.players[0].goods = 3, (5, 5, 5, 5)
    g.board.wainwright_extensions -= 3
    g.board.sultan_rubies, g.board.ruby_supply = left, g.board.ruby_supply + 7 - left
    g = play(reach(g, 13), "act")
    while kind(g) == "sultan_any":
        g = play(g, "g.red")
    assert tuple(5 - n for n in g.players[0].goods) == paid
    assert g.players[0].rubies == 1


def test_sultan_any_good_only_from_goods_held() -> None:
    """Sultan's Palace: the 'any good' is chosen among the goods left after the fixed ones."""
    g = quiet_game()  # 3 players: blue, red, green, yellow and 1 any
    g.players[0].goods = (1, 1, 2, 2)
    g = play(reach(g, 13), "act")
    assert codes(g) == ("g.yellow", "g.blue")
    g = play(g, "g.yellow")
    assert (g.players[0].goods, g.players[0].rubies, g.board.sultan_rubies) == ((0, 0, 0, 1), 1, 5)


@pytest.mark.parametrize(("players", "price"), [(2, 15), (3, 14), (4, 12), (5, 12)])
def test_gemstone_first_price_by_player_count(players: int, price: int) -> None:
    """Gemstone Dealer: the first ruby costs 15/14/12/12 Lira with 2/3/4/5 players."""
    g = quiet_game(players=players)
    g.board.neutral_merchants = (14, 15, 14)[: len(g.board.neutral_merchants)]
    g.players[0].lira = 30
    left = g.board.gemstone_rubies
    g = play(reach(g, 16), "act")
    assert (g.players[0].lira, g.players[0].rubies, g.board.gemstone_rubies) == (30 - price, 1, left - 1)


def test_last_sultan_ruby_is_refilled_from_the_supply() -> None:
    """Refill (13): taking the last track ruby puts a supply ruby on the ruby symbol (10 goods)."""
    g = quiet_game()
    g.players[0].extensions, g.players[0].goods = 3, (5, 5, 5, 5)
    g.board.wainwright_extensions -= 3
    g.board.sultan_rubies, g.board.ruby_supply = 1, g.board.ruby_supply + 5
    supply = g.board.ruby_supply
    g = play(reach(g, 13), "act", "g.blue", "g.blue")
    assert (g.players[0].rubies, g.board.sultan_rubies, g.board.ruby_supply) == (1, 1, supply - 1)
    assert g.players[0].goods == (3, 3, 3, 1)


def test_last_gemstone_ruby_is_refilled_from_the_supply() -> None:
    """Refill (16): after the last track ruby, the next one still costs 23 Lira."""
    g = quiet_game()
    g.players[0].lira = 30
    g.board.gemstone_rubies, g.board.ruby_supply = 1, g.board.ruby_supply + 9
    supply = g.board.ruby_supply
    g = play(reach(g, 16), "act")
    assert (g.players[0].lira, g.board.gemstone_rubies, g.board.ruby_supply) == (7, 1, supply - 1)


def test_no_refill_when_the_supply_is_empty() -> None:
    """Refill: with no ruby left in the supply the track stays empty."""
    g = quiet_game()
    g.players[0].lira = 30
    g.board.gemstone_rubies, g.board.ruby_supply = 1, 0  # (the box's other rubies are not needed here)
    g = play(reach(g, 16), "act")
    assert (g.players[0].rubies, g.board.gemstone_rubies) == (1, 0)


# ---- 14/15 Mosques --------------------------------------------------------------------------


def test_mosque_tile_costs_one_good_and_uncovers_the_next() -> None:
    """Mosques: 2 red goods for the top red tile (2); 1 is paid; the next red tile shows 3."""
    g = quiet_game()
    g.players[0].goods = (2, 0, 0, 0)
    g = play(reach(g, 14), "m.red")
    assert (g.players[0].goods, g.players[0].mosque_tiles) == ((1, 0, 0, 0), ("red",))
    assert g.board.mosque_tiles[0] == (3, 4)


def test_mosque_both_tiles_bring_that_mosques_ruby() -> None:
    """Mosques: the second tile of one mosque takes a ruby from that mosque."""
    g = quiet_game()
    grant_tile(g, 0, "red")
    g.players[0].goods = (0, 2, 0, 0)
    g = play(reach(g, 14), "m.green")
    assert (g.players[0].rubies, g.board.mosque_rubies) == (1, (2, 3))


def test_mosque_ruby_not_given_once_that_mosque_has_none() -> None:
    """Mosques: when that mosque's rubies are gone, the second tile brings no ruby."""
    g = quiet_game()
    grant_tile(g, 0, "blue")
    g.board.mosque_rubies, g.board.ruby_supply = (3, 0), g.board.ruby_supply + 3
    g.players[0].goods = (0, 0, 2, 0)
    g = play(reach(g, 15), "m.yellow")
    assert (g.players[0].rubies, g.players[0].mosque_tiles) == (0, ("blue", "yellow"))


def test_great_mosque_blue_tile_adds_the_fifth_assistant() -> None:
    """Great Mosque: the blue tile puts the 5th assistant under the merchant stack at once."""
    g = quiet_game()
    g.players[0].goods = (0, 0, 0, 2)
    g = reach(g, 15)
    assert g.players[0].stack == "ooo"
    g = play(g, "m.blue")
    assert (g.players[0].stack, g.players[0].assistants, g.players[0].goods) == ("oooo", (15,), (0, 0, 0, 1))



# ---- when an action is not offered ----------------------------------------------------------

UNAVAILABLE = [  # place, seat 0's fields, mosque tiles owned
    pytest.param(1, {"extensions": 3, "lira": 30}, (), id="wainwright-with-3-extensions"),
    pytest.param(1, {"lira": 6}, (), id="wainwright-under-7-lira"),
    pytest.param(11, {"goods": (0, 0, 0, 2)}, (), id="market-without-a-good-the-tile-shows"),
    pytest.param(12, {"family": 5}, (), id="police-with-the-family-member-away"),
    pytest.param(13, {"goods": (1, 1, 1, 1)}, (), id="sultan-one-good-short"),
    pytest.param(16, {"lira": 13}, (), id="gemstone-one-lira-short"),
    pytest.param(14, {"goods": (1, 1, 0, 0)}, (), id="mosque-one-good-short-of-the-tile"),
    pytest.param(14, {"extensions": 3, "goods": (5, 1, 0, 0)}, ("red",), id="mosque-colour-already-owned"),
]


@pytest.mark.parametrize(("place", "fields", "tiles"), UNAVAILABLE)
def test_action_not_offered_when_its_condition_fails(
    place: int, fields: dict[str, object], tiles: tuple[str, ...]
) -> None:
    """Actions: only skipping is left (and a card) when the place's condition is not met."""
    g = quiet_game()
    for name, value in fields.items():
        setattr(g.players[0], name, value)
    g.board.wainwright_extensions -= g.players[0].extensions
    g.board.small_demand = ("s3", "s1", "s2", "s4", "s5")  # 1 red, 3 green, 1 yellow, no blue
    for colour in tiles:
        grant_tile(g, 0, colour)
    give(g, 0, "lira5")
    assert codes(reach(g, place)) == ("skip", "c.lira5")
