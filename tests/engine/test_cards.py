"""The 10 base bonus cards: their timing windows and effects (rulebook "Bonus cards", RULES-NOTES
E-31..E-36)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine import GameState, set_chance_script, validate
from tests.engine.helpers import codes, give, grant_tile, kind, play, quiet_game, reach, to_discard


def cards_offered(g: GameState) -> set[str]:
    return {c[2:] for c in codes(g) if c.startswith("c.")}


# ---- timing windows -------------------------------------------------------------------------


def test_card_windows_through_a_turn() -> None:
    """Timing: stay/3-4 only at the movement step, return in phase 1, 1 good/5 Lira/family any
    free moment, the action cards never in the free window of another place."""
    g = quiet_game()
    give(g, 0, "good", "lira5", "family", "stay", "move34", "return", "sultan2", "post2", "gem2", "smallany")
    g.players[0].family, g.players[0].stack, g.players[0].assistants = 5, "ooo", (16,)
    g = validate(g)
    assert cards_offered(g) == {"good", "lira5", "family", "stay", "move34", "return"}
    g = play(g, "go.3")
    assert kind(g) == "assistant" and cards_offered(g) == {"good", "lira5", "family", "return"}
    g = play(g, "a.leave")
    assert kind(g) == "action" and cards_offered(g) == {"good", "lira5", "family"}
    g = play(g, "act")
    assert kind(g) == "after" and cards_offered(g) == {"good", "lira5", "family"}


def test_card_windows_at_the_pay_step() -> None:
    """Timing: 1 good, 5 Lira and family may be played before paying other merchants."""
    g = quiet_game()
    give(g, 0, "good", "lira5", "family", "return")
    g.players[0].family, g.players[0].assistants, g.players[0].stack = 5, (16,), "ooo"
    g.players[1].merchant = 3
    g = play(reach(g, 3))
    assert kind(g) == "pay" and cards_offered(g) == {"good", "lira5", "family"}


def sub_sell(g: GameState) -> GameState:
    g.players[0].goods = (2, 2, 0, 0)
    g.board.small_demand = ("s1", "s2", "s3", "s4", "s5")
    return play(reach(g, 11), "act")


def sub_black_market(g: GameState) -> GameState:
    return play(set_chance_script(reach(g, 8), dice=[(1, 1)]), "roll")


def sub_caravansary(g: GameState) -> GameState:
    to_discard(g, "stay")
    return play(reach(g, 6), "act")


def sub_sultan(g: GameState) -> GameState:
    g.players[0].goods = (2, 2, 2, 2)
    return play(reach(g, 13), "act")


def sub_green(g: GameState) -> GameState:
    grant_tile(g, 0, "green")
    return play(reach(g, 2), "act")


def sub_red(g: GameState) -> GameState:
    grant_tile(g, 0, "red")
    return play(set_chance_script(reach(g, 9), dice=[(1, 1)]), "n5")


def sub_fountain(g: GameState) -> GameState:
    g.players[0].stack, g.players[0].assistants = "oo", (2, 16)
    return play(reach(g, 7), "r.some")


def sub_family(g: GameState) -> GameState:
    return play(reach(g, 12), "f.2")


SUB_STEPS: list[tuple[str, Callable[[GameState], GameState]]] = [
    ("sell", sub_sell), ("bm_good", sub_black_market), ("caravan_draw", sub_caravansary),
    ("sultan_any", sub_sultan), ("green_tile", sub_green), ("dice", sub_red), ("fountain", sub_fountain),
    ("action", sub_family),
]


@pytest.mark.parametrize(("step", "setup"), SUB_STEPS)
def test_no_card_inside_an_action(step: str, setup: Callable[[GameState], GameState]) -> None:
    """Timing: no bonus card (1 good included) while an action is being carried out, including
    the family member's action sent by the Police Station."""
    g = quiet_game()
    give(g, 0, "good", "lira5")
    g = setup(g)
    assert kind(g) == step
    assert cards_offered(g) == set()


# ---- effects --------------------------------------------------------------------------------


def test_good_card_gives_a_good_of_choice_and_goes_face_up_on_the_discard_pile() -> None:
    """1 good: choose any good; the played card lies face up on top of the discard pile."""
    g = quiet_game()
    give(g, 0, "good")
    to_discard(g, "stay")
    g = play(g, "c.good")
    assert codes(g) == ("g.red", "g.green", "g.yellow", "g.blue")
    g = play(g, "g.blue")
    assert (g.players[0].goods, g.players[0].cards, g.discard) == ((0, 0, 0, 1), (), ("stay", "good"))
    assert kind(g) == "move"


def test_lira5_card_pays_a_fee_otherwise_out_of_reach() -> None:
    """5 Lira: played at the pay step it lets a player without money pay another merchant."""
    g = quiet_game()
    give(g, 0, "lira5")
    g.players[0].lira, g.players[1].merchant = 0, 3
    g = reach(g, 3)
    assert codes(g) == ("x.end", "c.lira5")
    g = play(g, "c.lira5", "pay")
    assert (g.players[0].lira, g.players[1].lira, kind(g), g.discard) == (3, 5, "action", ("lira5",))


def test_stay_card_keeps_the_merchant_and_collects_the_assistant_there() -> None:
    """Do not move: the merchant stays and the assistant step runs there as after a move."""
    g = quiet_game()
    give(g, 0, "stay")
    g.players[0].merchant, g.players[0].stack, g.players[0].assistants = 3, "ooo", (3,)
    g = play(validate(g), "c.stay")
    assert g.players[0].merchant == 3 and codes(g) == ("a.collect", "x.end")
    g = play(g, "a.collect")
    assert (g.players[0].stack, kind(g), g.discard) == ("oooo", "action", ("stay",))


def test_move34_card_moves_exactly_3_or_4_places() -> None:
    """3 or 4 places: from the Fountain (row 2, column 3) only places at distance 3 or 4."""
    g = quiet_game()
    give(g, 0, "move34", "stay")
    g = play(g, "c.move34")
    assert kind(g) == "move34"
    assert [c for c in codes(g) if c.startswith("go.")] == ["go.1", "go.9", "go.13", "go.14", "go.16"]
    assert "c.stay" not in codes(g)
    g = play(g, "go.13")
    assert g.players[0].merchant == 13 and kind(g) == "assistant"


def test_move34_card_under_the_walk_rule_option() -> None:
    """Rule option move_card_semantics="walk" (RULES-NOTES E-2): a walk of exactly 3 or 4 steps
    that may double back, so from the Fountain every other place of the grid can be reached;
    the default ("distance") keeps exactly 3 or 4 steps away."""
    from bot.engine import GameSettings, RuleOptions, new_game

    settings = GameSettings(players=3, layout="in_order", rules=RuleOptions(move_card_semantics="walk"))
    g = new_game(settings, ["red", "blue", "green"], seed=1)
    g.players[0].cards, g.draw_pile = (), tuple(sorted(g.draw_pile + g.players[0].cards))
    give(g, 0, "move34")
    g = play(validate(g), "c.move34")
    assert [c for c in codes(g) if c.startswith("go.")] == [f"go.{q}" for q in sorted(range(1, 17)) if q != 7]


def test_return_card_brings_one_assistant_back_for_free() -> None:
    """Return 1 assistant: in phase 1, one own assistant comes back to the stack at no cost."""
    g = quiet_game()
    give(g, 0, "return")
    g.players[0].stack, g.players[0].assistants = "oo", (1, 16)
    g = play(validate(g), "c.return")
    assert codes(g) == ("y.1", "y.16")
    g = play(g, "y.1")
    assert (g.players[0].stack, g.players[0].assistants, g.players[0].lira) == ("ooo", (16,), 2)


def test_return_card_needs_an_assistant_away() -> None:
    """Return 1 assistant: not offered while every assistant is in the stack."""
    g = quiet_game()
    give(g, 0, "return", "lira5")
    assert cards_offered(validate(g)) == {"lira5"}


def test_family_card_not_playable_with_the_family_member_at_home() -> None:
    """Family member to the Police Station: not playable if it is already there."""
    g = quiet_game()
    give(g, 0, "family", "lira5")
    assert cards_offered(validate(g)) == {"lira5"}


@pytest.mark.parametrize(("reward", "lira", "cards"), [("r.lira", 5, ()), ("r.card", 2, ("gem2",))])
def test_family_card_brings_it_home_with_a_reward(reward: str, lira: int, cards: tuple[str, ...]) -> None:
    """Family member to the Police Station: it returns and the player takes 3 Lira or a card."""
    g = quiet_game()
    give(g, 0, "family")
    g.players[0].family = 9
    g = set_chance_script(validate(g), cards=["gem2"])
    g = play(g, "c.family")
    assert g.players[0].family == 12 and codes(g) == ("r.card", "r.lira")
    g = play(g, reward)
    assert (g.players[0].lira, g.players[0].cards, g.discard) == (lira, cards, ("family",))


def test_sultan2_delivers_twice_at_the_rising_price() -> None:
    """Sultan twice: after the first ruby the action runs again at the next, higher price."""
    g = quiet_game()
    give(g, 0, "sultan2")
    g.players[0].extensions, g.players[0].goods = 3, (3, 3, 2, 3)
    g.board.wainwright_extensions -= 3
    g = play(reach(g, 13), "c.sultan2", "g.red")
    assert g.players[0].rubies == 1 and kind(g) == "action"
    g = play(g, "act")  # 2 blue, red, green, yellow + the last green as 'any'
    assert (g.players[0].rubies, g.players[0].goods, g.board.sultan_rubies) == (2, (0, 0, 0, 0), 4)
    assert g.discard == ("sultan2",)


def test_post2_takes_two_rewards_moving_the_indicator_each_time() -> None:
    """Post Office twice: k=1 (red, yellow, 2 Lira) then k=2 (red, yellow, 3 Lira)."""
    g = quiet_game()
    give(g, 0, "post2")
    g.board.mail = 1
    g = play(reach(g, 5), "c.post2", "act")
    assert (g.players[0].goods, g.players[0].lira, g.board.mail) == ((2, 0, 2, 0), 2 + 5, 3)


def test_gem2_buys_two_rubies_at_rising_prices() -> None:
    """Gemstone twice: 14 then 15 Lira with 3 players."""
    g = quiet_game()
    give(g, 0, "gem2")
    g.players[0].lira = 30
    g = play(reach(g, 16), "c.gem2", "act")
    assert (g.players[0].lira, g.players[0].rubies, g.board.gemstone_rubies) == (1, 2, 8)


def test_gem2_repeat_may_be_financed_between_the_two_actions() -> None:
    """Gemstone twice: between the action and its repeat ("after an action") a 5 Lira card may be
    played to afford the second ruby."""
    g = quiet_game()
    give(g, 0, "gem2", "lira5")
    g.players[0].lira = 24
    g = play(reach(g, 16), "c.gem2")
    assert (g.players[0].lira, kind(g)) == (10, "action")
    assert codes(g) == ("skip", "c.lira5")
    g = play(g, "c.lira5", "act")
    assert (g.players[0].lira, g.players[0].rubies) == (0, 2)


def test_repeat_card_not_offered_when_the_action_is_not_possible() -> None:
    """Sultan twice: not offered where the Sultan's Palace action itself is not possible."""
    g = quiet_game()
    give(g, 0, "sultan2", "lira5")
    assert codes(reach(g, 13)) == ("skip", "c.lira5")


def test_smallany_sells_goods_the_tile_does_not_show() -> None:
    """Small Market any goods: sell up to 5 goods of any colours; the tile still rotates."""
    g = quiet_game()
    give(g, 0, "smallany")
    g.players[0].goods = (0, 0, 0, 2)
    g.board.small_demand = ("s3", "s1", "s2", "s4", "s5")  # s3 shows no blue
    g = reach(g, 11)
    assert codes(g) == ("c.smallany", "skip")
    g = play(g, "c.smallany", "s.blue")
    assert (g.players[0].goods, g.players[0].lira) == ((0, 0, 0, 0), 2 + 5)
    assert g.board.small_demand == ("s1", "s2", "s4", "s5", "s3")
    assert g.discard == ("smallany",)


def test_smallany_still_sells_at_most_5() -> None:
    """Small Market any goods: never more than 5 goods in one sale."""
    g = quiet_game()
    give(g, 0, "smallany")
    g.players[0].goods = (2, 2, 2, 2)
    g = play(reach(g, 11), "c.smallany", "s.blue", "s.blue", "s.red", "s.red", "s.green")
    assert (g.players[0].goods, g.players[0].lira) == ((0, 1, 2, 0), 2 + 20)


def test_repeat_card_works_for_the_family_member_sent_by_the_police() -> None:
    """Gemstone twice via the Police Station: the repeat lies inside the Police Station's action,
    so no card may be played between the two purchases."""
    g = quiet_game()
    give(g, 0, "gem2", "lira5")
    g.players[0].lira = 30
    g = play(reach(g, 12), "f.16")
    assert codes(g) == ("act", "c.gem2", "skip")
    g = play(g, "c.gem2")
    assert (g.players[0].lira, kind(g), codes(g)) == (16, "action", ("act", "skip"))
    g = play(g, "act")
    assert (g.players[0].lira, g.players[0].rubies, g.players[0].family) == (1, 2, 16)


def test_family_card_before_the_police_station_action_frees_the_dispatch() -> None:
    """Family member to the Police Station: played before the action at the Police Station, the
    returned family member may be sent out again at once."""
    g = quiet_game()
    give(g, 0, "family")
    g.players[0].family = 9
    g = reach(g, 12)
    assert codes(g) == ("skip", "c.family")
    g = play(g, "c.family", "r.lira")
    assert g.players[0].lira == 5 and "f.3" in codes(g)
    g = play(g, "f.3", "act")
    assert (g.players[0].family, g.players[0].goods) == (3, (0, 2, 0, 0))
