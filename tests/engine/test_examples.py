"""The rulebook's worked examples (Big Box rulebook, "Places (Base Game)"), played through the API."""

from __future__ import annotations

from bot.engine import set_chance_script
from tests.engine.helpers import codes, grant_tile, kind, play, quiet_game, reach


def test_example_small_market_1_red_1_green_2_yellow_for_14_lira() -> None:
    """Small Market: selling 1 red, 1 green and 2 yellow goods brings 14 Lira."""
    g = quiet_game()
    g.players[0].goods = (1, 1, 2, 0)
    g.board.small_demand = ("s1", "s2", "s3", "s4", "s5")  # 1 red, 1 green, 2 yellow, 1 blue
    g = play(reach(g, 11), "act", "s.red", "s.green", "s.yellow", "s.yellow")
    assert (g.players[0].goods, g.players[0].lira) == ((0, 0, 0, 0), 2 + 14)
    assert g.board.small_demand[-1] == "s1"


def test_example_gemstone_dealer_pays_15() -> None:
    """Gemstone Dealer: the largest number not covered by a ruby is 15, so the ruby costs 15."""
    g = quiet_game()  # 3 players: 14 at the start; one ruby already sold
    g.board.gemstone_rubies, g.board.ruby_supply = 9, g.board.ruby_supply + 1
    g.players[0].lira = 15
    g = play(reach(g, 16), "act")
    assert (g.players[0].lira, g.players[0].rubies, g.board.gemstone_rubies) == (0, 1, 8)


def test_example_sultan_2_blue_2_red_yellow_green_and_any() -> None:
    """Sultan's Palace: the 7th space is uncovered: 2 blue, 2 red, 1 yellow, 1 green, 1 any good."""
    g = quiet_game(players=4)
    g.board.sultan_rubies, g.board.ruby_supply = 4, g.board.ruby_supply + 3
    g.players[0].goods = (2, 2, 1, 2)
    g = reach(g, 13)
    g = play(g, "act")  # the green left over is the only 'any' good: paid at once
    assert (g.players[0].goods, g.players[0].rubies, g.board.sultan_rubies) == ((0, 0, 0, 0), 1, 3)


def test_example_black_market_red_tile_turns_2_into_4() -> None:
    """Black Market: 2 and 5 rolled; the red tile turns the 2 into a 4: 9 gives 2 blue goods,
    plus the non-blue good."""
    g = quiet_game()
    grant_tile(g, 0, "red")
    g = play(set_chance_script(reach(g, 8), dice=[(2, 5)]), "roll")
    assert kind(g) == "dice" and "t.four1" in codes(g)
    g = play(g, "t.four1")
    assert g.players[0].goods == (0, 0, 0, 2)
    g = play(g, "g.red")
    assert g.players[0].goods == (1, 0, 0, 2)


def test_example_great_mosque_blue_tile_needs_3_blue() -> None:
    """Great Mosque: the blue tile showing 3 needs 3 blue goods; 1 is paid and the 5th assistant
    joins the bottom of the merchant stack."""
    g = quiet_game(players=4)
    grant_tile(g, 1, "blue")  # someone already took the 2: the 3 is on top
    g.players[0].extensions, g.players[0].goods = 1, (0, 0, 0, 3)
    g.board.wainwright_extensions -= 1
    g = reach(g, 15)
    assert g.board.mosque_tiles[2] == (3, 4, 5) and "m.blue" in codes(g)
    g = play(g, "m.blue")
    p = g.players[0]
    assert (p.goods, p.mosque_tiles, p.stack, p.assistants) == ((0, 0, 0, 2), ("blue",), "oooo", (15,))
    assert g.board.mosque_tiles[2] == (4, 5)


def test_example_police_station_family_member_at_the_spice_warehouse() -> None:
    """Police Station: the family member goes to the Spice Warehouse and fills up green; no 2 Lira
    to the opponent's merchant there and no Governor there."""
    g = quiet_game()
    g.players[1].merchant, g.board.governor = 3, 3
    g = play(reach(g, 12), "f.3", "act")
    assert g.players[0].goods == (0, 2, 0, 0)
    assert (g.players[0].lira, g.players[1].lira) == (2, 3)
    assert (g.players[0].cards, g.board.governor, g.turn.player) == ((), 3, 1)


def test_example_post_office_3_lira_yellow_red_then_next_indicator() -> None:
    """Post Office: with two indicators down, take 3 Lira, 1 yellow and 1 red; then the next
    indicator moves down (off the blue good onto the yellow one)."""
    g = quiet_game()
    g.board.mail = 2
    g = play(reach(g, 5), "act")
    assert (g.players[0].lira, g.players[0].goods, g.board.mail) == (2 + 3, (1, 0, 1, 0), 3)
