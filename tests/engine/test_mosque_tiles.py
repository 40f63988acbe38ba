"""The four mosque tile abilities (rulebook "Mosque tiles", RULES-NOTES D-08, D-09, E-20, E-23, E-59)."""

from __future__ import annotations

import pytest

from bot.engine import pending, set_chance_script, validate
from tests.engine.helpers import codes, give, grant_tile, kind, pass_turn, play, quiet_game, reach

# ---- red: set one die to 4 or reroll both, once, at the Black Market and the Tea House ------


def test_red_tile_offers_each_choice_after_the_roll() -> None:
    """Red tile: after rolling, keep the dice, turn one die into a 4 or reroll both."""
    g = quiet_game()
    grant_tile(g, 0, "red")
    g = play(set_chance_script(reach(g, 9), dice=[(1, 2)]), "n7")
    assert kind(g) == "dice"
    assert codes(g) == ("ok", "t.four1", "t.four2", "t.reroll")


def test_red_tile_choices_say_what_each_total_brings() -> None:
    """Red tile, the rulebook's Black Market roll of 2 and 5: each choice tells its result."""
    g = quiet_game()
    grant_tile(g, 0, "red")
    g = play(set_chance_script(reach(g, 8), dice=[(2, 5)]), "roll")
    d = pending(g)
    assert d is not None
    assert [o.label for o in d.options[:3]] == [
        "Keep 2 and 5: 7, 1 jewelry",
        "Red tile: turn the 2 into a 4: 9, 2 jewelry",
        "Red tile: turn the 5 into a 4: 6, no jewelry",
    ]
    g = quiet_game()
    grant_tile(g, 0, "red")
    g = play(set_chance_script(reach(g, 9), dice=[(2, 5)]), "n8")
    d = pending(g)
    assert d is not None
    labels = [o.label for o in d.options]
    assert labels[:2] == ["Keep 2 and 5: 7, below 8: 2 Lira", "Red tile: turn the 2 into a 4: 9, 8 Lira"]


def test_red_tile_not_offered_to_turn_a_4_into_a_4() -> None:
    """Red tile: a die already showing 4 cannot be 'turned' into a 4."""
    g = quiet_game()
    grant_tile(g, 0, "red")
    g = play(set_chance_script(reach(g, 9), dice=[(4, 3)]), "n9")
    assert codes(g) == ("ok", "t.four2", "t.reroll")


@pytest.mark.parametrize(("code", "lira"), [("ok", 2), ("t.four1", 8), ("t.four2", 2)])
def test_red_tile_die_to_4_at_the_tea_house(code: str, lira: int) -> None:
    """Red tile: 2 and 5 against a call of 8; turning the 2 into a 4 makes 9 and wins 8 Lira."""
    g = quiet_game()
    grant_tile(g, 0, "red")
    g = play(set_chance_script(reach(g, 9), dice=[(2, 5)]), "n8", code)
    assert g.players[0].lira == 2 + lira


def test_red_tile_reroll_happens_once() -> None:
    """Red tile: rerolling both dice uses the tile; the new roll counts, with no second use."""
    g = quiet_game()
    grant_tile(g, 0, "red")
    g = play(set_chance_script(reach(g, 9), dice=[(1, 2), (1, 1)]), "n10", "t.reroll")
    assert kind(g) != "dice" and g.turn.player == 1
    assert g.players[0].lira == 2 + 2


def test_red_tile_reroll_at_the_black_market_before_taking_the_good() -> None:
    """Red tile at the Black Market: roll first, reroll into 11, take 3 blue and then the good."""
    g = quiet_game()
    grant_tile(g, 0, "red")
    g.players[0].extensions = 1
    g.board.wainwright_extensions -= 1
    g = play(set_chance_script(reach(g, 8), dice=[(1, 1), (5, 6)]), "roll", "t.reroll")
    assert g.players[0].goods == (0, 0, 0, 3)
    assert kind(g) == "bm_good"
    g = play(g, "g.yellow")
    assert g.players[0].goods == (0, 0, 1, 3)


def test_no_dice_choice_without_the_red_tile() -> None:
    """Red tile: without it the roll stands and pays at once."""
    g = play(set_chance_script(reach(quiet_game(), 9), dice=[(2, 5)]), "n8")
    assert g.players[0].lira == 2 + 2 and g.turn.player == 1


# ---- green: 2 Lira for one extra good at a warehouse ----------------------------------------


def test_green_tile_needs_2_lira() -> None:
    """Green tile: with fewer than 2 Lira no extra good is offered; the warehouse still fills."""
    g = quiet_game()
    grant_tile(g, 0, "green")
    g.players[0].lira = 1
    g = play(reach(g, 3), "act")
    assert (g.players[0].goods, g.players[0].lira, g.turn.player) == ((0, 2, 0, 0), 1, 1)


def test_green_tile_once_per_warehouse_action() -> None:
    """Green tile: one extra good only, even with Lira to spare."""
    g = quiet_game()
    grant_tile(g, 0, "green")
    g.players[0].lira = 10
    g = play(reach(g, 4), "act", "g.blue")
    assert (g.players[0].goods, g.players[0].lira, g.turn.player) == ((0, 0, 2, 1), 8, 1)


def test_green_tile_may_be_declined() -> None:
    """Green tile: using it is optional."""
    g = quiet_game()
    grant_tile(g, 0, "green")
    g = play(reach(g, 4), "act", "no")
    assert (g.players[0].goods, g.players[0].lira) == ((0, 0, 2, 0), 2)


def test_green_tile_works_for_the_family_member_at_a_warehouse() -> None:
    """Green tile: also when the Police Station sends the family member to a warehouse."""
    g = quiet_game()
    grant_tile(g, 0, "green")
    g = play(reach(g, 12), "f.2", "act")
    assert g.players[0].goods == (2, 0, 0, 0)
    g = play(g, "g.green")
    assert (g.players[0].goods, g.players[0].lira) == ((2, 1, 0, 0), 0)


def test_green_tile_not_offered_at_other_places() -> None:
    """Green tile: the Post Office is no warehouse, so no extra good."""
    g = quiet_game()
    grant_tile(g, 0, "green")
    g = play(reach(g, 5), "act")
    assert (g.players[0].goods, g.players[0].lira, g.turn.player) == ((0, 1, 1, 0), 4, 1)


# ---- blue: the 5th assistant ----------------------------------------------------------------


def test_blue_tile_assistant_joins_the_stack_wherever_it_is() -> None:
    """Blue tile: taken by the family member at the Great Mosque, the 5th assistant still goes
    under the merchant stack (at the Police Station)."""
    g = quiet_game()
    g.players[0].goods = (0, 0, 0, 2)
    g = reach(g, 12)
    assert g.players[0].stack == "ooo"
    g = play(g, "f.15", "m.blue")
    p = g.players[0]
    assert (p.stack, p.merchant, p.assistants, p.mosque_tiles) == ("oooo", 12, (12,), ("blue",))


# ---- yellow: once per turn, 2 Lira, one assistant back from anywhere -------------------------


def test_yellow_tile_recalls_one_assistant_for_2_lira_at_the_start_of_the_turn() -> None:
    """Yellow tile: pay 2 Lira to bring an assistant from any place to the bottom of the stack."""
    g = quiet_game()
    grant_tile(g, 0, "yellow")
    g.players[0].lira, g.players[0].stack, g.players[0].assistants = 5, "oo", (1, 16)
    g = validate(g)
    assert "t.yellow" in codes(g)
    g = play(g, "t.yellow")
    assert codes(g) == ("y.1", "y.16")
    g = play(g, "y.16")
    assert (g.players[0].lira, g.players[0].stack, g.players[0].assistants) == (3, "ooo", (1,))
    assert kind(g) == "move"


def test_yellow_tile_once_per_turn_and_again_next_turn() -> None:
    """Yellow tile: once on each of your turns."""
    g = quiet_game()
    grant_tile(g, 0, "yellow")
    g.players[0].lira, g.players[0].stack, g.players[0].assistants = 9, "oo", (1, 16)
    g = play(g, "t.yellow", "y.1")
    assert "t.yellow" not in codes(g)
    g = play(g, "go.3")
    assert kind(g) == "assistant" and "t.yellow" not in codes(g)
    g = play(g, "x.end")
    g = pass_turn(pass_turn(g))
    assert g.turn.player == 0 and "t.yellow" in codes(g)


def test_yellow_tile_lets_an_empty_stack_leave_an_assistant() -> None:
    """Yellow tile: used after arriving with an empty stack, it supplies the assistant to leave."""
    g = quiet_game()
    grant_tile(g, 0, "yellow")
    g.players[0].lira, g.players[0].stack, g.players[0].assistants = 5, "", (1, 2, 5, 16)
    g.players[0].merchant = 4
    g = play(validate(g), "go.3")
    assert codes(g) == ("x.end", "t.yellow")
    g = play(g, "t.yellow", "y.5")
    assert codes(g) == ("a.leave", "x.end")
    g = play(g, "a.leave")
    assert (g.players[0].stack, g.players[0].assistants, g.players[0].lira) == ("", (1, 2, 3, 16), 3)


def test_yellow_tile_offered_before_and_after_the_action_not_inside() -> None:
    """Yellow tile: any free moment of the turn, but not in the middle of an action (a sale)."""
    g = quiet_game()
    grant_tile(g, 0, "yellow")
    g.players[0].lira, g.players[0].goods, g.players[0].assistants = 5, (2, 2, 0, 0), (16,)
    g.players[0].stack = "ooo"
    g.board.small_demand = ("s1", "s2", "s3", "s4", "s5")
    g.board.governor = 11
    g = reach(g, 11)
    assert kind(g) == "action" and "t.yellow" in codes(g)
    g = play(g, "act")
    assert kind(g) == "sell" and "t.yellow" not in codes(g)
    g = play(g, "s.red", "done")
    assert kind(g) == "after" and "t.yellow" in codes(g)


@pytest.mark.parametrize(("lira", "out"), [(1, (16,)), (5, ())])
def test_yellow_tile_needs_2_lira_and_an_assistant_away(lira: int, out: tuple[int, ...]) -> None:
    """Yellow tile: not offered with fewer than 2 Lira or with no assistant out on the board."""
    g = quiet_game()
    grant_tile(g, 0, "yellow")
    g.players[0].lira, g.players[0].assistants = lira, out
    g.players[0].stack = "oooo"[: 4 - len(out)]
    give(g, 0, "lira5")
    g = validate(g)
    assert "t.yellow" not in codes(g) and "c.lira5" in codes(g)
