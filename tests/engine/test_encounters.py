"""Movement, assistants, fees and phase 4 encounters (rulebook "Your turn", RULES-NOTES E-1..E-16,
E-27..E-29)."""

from __future__ import annotations

from bot.engine import GameSettings, new_game, set_chance_script, validate
from tests.engine.helpers import codes, give, kind, play, play_events, quiet_game, reach

# ---- phase 1: movement and the assistant ----------------------------------------------------


def test_merchant_moves_one_or_two_places_never_staying() -> None:
    """Movement: 1 or 2 places orthogonally, ending on a different place (no diagonals)."""
    g = quiet_game()
    assert codes(g) == tuple(f"go.{q}" for q in (2, 3, 4, 5, 6, 8, 10, 11, 12, 15))
    g.players[0].merchant = 1
    assert codes(validate(g)) == ("go.2", "go.3", "go.5", "go.6", "go.9")


def test_leaving_the_bottom_assistant() -> None:
    """Assistant: with none of yours there, leave the bottommost assistant of the stack."""
    g = quiet_game()
    g = play(g, "go.3")
    assert codes(g) == ("a.leave", "x.end")
    g = play(g, "a.leave")
    assert (g.players[0].stack, g.players[0].assistants, kind(g)) == ("ooo", (3,), "action")


def test_collecting_an_assistant_is_the_only_way_to_stay_on() -> None:
    """Assistant: with one of yours there, pick it up (a second one may not be left)."""
    g = quiet_game()
    g.players[0].stack, g.players[0].assistants = "ooo", (3,)
    g = play(validate(g), "go.3")
    assert codes(g) == ("a.collect", "x.end")
    g = play(g, "a.collect")
    assert (g.players[0].stack, g.players[0].assistants, kind(g)) == ("oooo", (), "action")


def test_declining_the_assistant_ends_the_turn_at_once() -> None:
    """Assistant: declining ends the turn: no fee, no action, no catch, no Governor."""
    g = quiet_game()
    g.players[1].family, g.players[2].merchant, g.board.governor = 3, 3, 3
    g = play(validate(g), "go.3", "x.end")
    assert g.turn.player == 1 and kind(g) == "move"
    assert (g.players[0].lira, g.players[0].goods, g.players[0].stack) == (2, (0, 0, 0, 0), "oooo")
    assert (g.players[1].family, g.players[0].cards) == (3, ())


def test_empty_stack_collects_its_own_assistant() -> None:
    """Assistant: a merchant without assistants may still move and collect one of his own."""
    g = quiet_game()
    g.players[0].stack, g.players[0].assistants = "", (2, 3, 5, 16)
    g = play(validate(g), "go.3", "a.collect")
    assert (g.players[0].stack, kind(g)) == ("o", "action")


def test_empty_stack_with_nothing_to_leave_ends_the_turn() -> None:
    """Assistant: nothing to collect and nothing to leave ends the turn at once."""
    g = quiet_game()
    g.players[0].stack, g.players[0].assistants = "", (2, 3, 5, 16)
    g = play(validate(g), "go.4")
    assert (g.players[0].merchant, g.turn.player, kind(g)) == (4, 1, "move")


# ---- phase 2: other merchants ---------------------------------------------------------------


def test_paying_2_lira_to_each_other_merchant() -> None:
    """Merchants: pay 2 Lira to each other merchant at the place, then act."""
    g = quiet_game()
    g.players[0].lira = 5
    g.players[1].merchant = g.players[2].merchant = 3
    g = reach(g, 3)
    assert codes(g) == ("pay", "x.end")
    g = play(g, "pay")
    assert [p.lira for p in g.players] == [1, 5, 6]
    assert kind(g) == "action"


def test_refusing_to_pay_ends_the_turn_but_the_assistant_stays() -> None:
    """Merchants: refusing to pay ends the turn; the assistant already left stays there."""
    g = quiet_game()
    g.players[0].lira, g.players[1].merchant = 5, 3
    g = play(reach(g, 3), "x.end")
    assert (g.turn.player, g.players[0].lira, g.players[0].assistants) == (1, 5, (3,))


def test_unable_to_pay_ends_the_turn() -> None:
    """Merchants: a player who cannot pay everyone (3 Lira for 4) ends the turn."""
    g = quiet_game()
    g.players[0].lira = 3
    g.players[1].merchant = g.players[2].merchant = 3
    g = reach(g, 3)
    assert (g.turn.player, [p.lira for p in g.players]) == (1, [3, 3, 4])


def test_two_player_neutral_merchant_paid_to_the_supply_then_rolled_away() -> None:
    """2 players: a neutral merchant costs 2 Lira to the supply, then moves to the rolled place."""
    g = new_game(GameSettings(players=2, layout="in_order"), ["red", "blue"], seed=4)
    g.players[0].lira = 5
    g = set_chance_script(reach(g, 14), dice=[(3, 4)])
    assert kind(g) == "pay"
    g = play(g, "pay")
    assert [p.lira for p in g.players] == [3, 3]
    assert g.board.neutral_merchants == (7, 15, 16)


# ---- phase 4: family members ----------------------------------------------------------------


def test_catching_every_other_family_member_with_a_reward_each() -> None:
    """Family members: each one is caught (sent to 12) with its own reward: a card or 3 Lira."""
    g = quiet_game()
    g.players[1].family = g.players[2].family = 3
    g = set_chance_script(play(reach(g, 3), "skip"), cards=["move34"])
    assert codes(g) == ("k1.card", "k1.lira", "k2.card", "k2.lira")
    g = play(g, "k2.lira")
    assert g.players[2].family == 12 and codes(g) == ("k1.card", "k1.lira")
    g = play(g, "k1.card")
    assert (g.players[0].lira, g.players[0].cards, g.players[1].family) == (5, ("move34",), 12)
    assert codes(g) == ("done",)  # asked although alone: the hand is not empty


def test_own_family_member_is_never_caught() -> None:
    """Family members: your own family member at the place stays there."""
    g = quiet_game()
    g.players[0].family = 3
    g = play(reach(g, 3), "skip")
    assert (g.players[0].family, g.players[0].lira, g.turn.player) == (3, 2, 1)


def test_no_catching_at_the_police_station() -> None:
    """Family members: nobody is caught (and no reward) at the Police Station."""
    g = quiet_game()
    g.players[0].family = 5
    give(g, 0, "lira5")
    g = reach(g, 12)
    g = play(g, "skip")
    assert kind(g) == "after" and codes(g) == ("done", "c.lira5")
    assert [p.family for p in g.players] == [5, 12, 12]


# ---- phase 4: Governor and Smuggler ---------------------------------------------------------


def test_governor_draw_then_discard_the_drawn_card() -> None:
    """Governor: draw a card, then pay 2 Lira or discard a card (even the one just drawn); then
    he moves to the place the dice show."""
    g = quiet_game()
    give(g, 0, "stay")
    g.board.governor = 3
    g = play(reach(g, 3), "skip")
    assert codes(g) == ("gov", "done")
    g = set_chance_script(g, cards=["lira5"], dice=[(2, 3)])
    g = play(g, "gov")
    assert (kind(g), codes(g)) == ("gov_pay", ("pay", "d.lira5", "d.stay"))
    g, events = play_events(g, "d.lira5")
    assert (g.players[0].cards, g.discard, g.players[0].lira) == (("stay",), ("lira5",), 2)
    assert g.board.governor == 5 and "dice" in [e.kind for e in events]


def test_governor_paid_with_2_lira() -> None:
    """Governor: paying 2 Lira keeps the drawn card; used once per visit."""
    g = quiet_game()
    g.board.governor = g.board.smuggler = 3
    g = set_chance_script(play(reach(g, 3), "skip"), cards=["good"], dice=[(6, 6)])
    g = play(g, "gov")
    assert codes(g) == ("pay", "d.good")
    g = play(g, "pay")
    assert (g.players[0].cards, g.players[0].lira, g.board.governor) == (("good",), 0, 12)
    assert kind(g) == "after" and codes(g) == ("smug", "done", "c.good")


def test_governor_without_2_lira_takes_a_card_back() -> None:
    """Governor: with fewer than 2 Lira the payment is a card."""
    g = quiet_game()
    g.players[0].lira, g.board.governor = 1, 3
    g = set_chance_script(play(reach(g, 3), "skip"), cards=["good"], dice=[(1, 1)])
    g = play(g, "gov")
    assert codes(g) == ("d.good",)
    g = play(g, "d.good")
    assert (g.players[0].cards, g.discard, g.players[0].lira, g.board.governor) == ((), ("good",), 1, 2)


def test_smuggler_good_then_pay_with_that_good() -> None:
    """Smuggler: take any good, then pay 2 Lira or 1 good (even that one); then he moves."""
    g = quiet_game()
    g.players[0].goods, g.board.smuggler = (1, 0, 0, 0), 3
    g = set_chance_script(play(reach(g, 3), "skip"), dice=[(4, 4)])
    g = play(g, "smug")
    assert codes(g) == ("g.red", "g.green", "g.yellow", "g.blue")
    g = play(g, "g.blue")
    assert codes(g) == ("pay", "g.red", "g.blue")
    g = play(g, "g.blue")
    assert (g.players[0].goods, g.players[0].lira, g.board.smuggler) == ((1, 0, 0, 0), 2, 8)


def test_smuggler_paid_with_2_lira() -> None:
    """Smuggler: paying 2 Lira keeps the good."""
    g = quiet_game()
    g.board.smuggler = 3
    g = set_chance_script(play(reach(g, 3), "skip"), dice=[(1, 2)])
    g = play(g, "smug", "g.yellow", "pay")
    assert (g.players[0].goods, g.players[0].lira, g.board.smuggler) == ((0, 0, 1, 0), 0, 3)
    assert g.turn.player == 1


def test_encounters_follow_a_declined_action_and_are_optional() -> None:
    """Encounters: a skipped action still leads to phase 4; Governor and Smuggler may be ignored."""
    g = quiet_game()
    g.board.governor = g.board.smuggler = 3
    g = play(reach(g, 3), "skip")
    assert codes(g) == ("gov", "smug", "done")
    g = play(g, "done")
    assert (g.turn.player, g.players[0].cards, g.board.governor, g.board.smuggler) == (1, (), 3, 3)


def test_catching_at_the_fountain() -> None:
    """Family members: the Fountain needs no assistant and no fee, but catching still happens."""
    g = quiet_game()
    g.players[1].family = 7
    g.players[0].merchant, g.players[0].stack, g.players[0].assistants = 3, "ooo", (3,)
    g = play(validate(g), "go.7", "skip")
    assert codes(g) == ("k1.card", "k1.lira")
    g = play(g, "k1.lira")
    assert (g.players[1].family, g.players[0].lira) == (12, 5)


def test_merchant_meets_the_governor_at_the_police_station() -> None:
    """Police Station: the family member has no encounters, the merchant still has its own at 12."""
    g = quiet_game()
    g.board.governor = 12
    g = play(reach(g, 12), "f.3", "act")
    assert (kind(g), codes(g)) == ("after", ("gov", "done"))


def test_no_card_reward_on_offer_when_no_card_can_be_drawn() -> None:
    """Family members: with the draw pile and the discard pile both empty, a catch can only
    earn 3 Lira (the card reward would give nothing), so the Lira are taken without asking."""
    g = quiet_game()
    g.players[2].cards, g.draw_pile = g.draw_pile, ()
    g.players[1].family = 3
    g = play(validate(reach(g, 3)), "skip")
    assert (g.players[0].lira, g.players[1].family, g.turn.player) == (5, 12, 1)


def test_governor_offered_only_while_a_card_can_be_drawn() -> None:
    """Governor (RULES-NOTES E-34): with the draw pile empty, his card comes from the discard
    pile shuffled in; with both piles empty he has nothing to give and is not offered."""
    g = quiet_game()
    last = g.draw_pile[0]
    g.players[2].cards, g.discard, g.draw_pile = g.draw_pile[1:], (last,), ()
    g.board.governor = 3
    g = play(validate(reach(g, 3)), "skip")
    assert codes(g) == ("gov", "done")
    g = play(g, "gov")
    assert (g.players[0].cards, g.draw_pile, g.discard) == ((last,), (), ())
    g = quiet_game()
    g.players[2].cards, g.draw_pile = tuple(sorted(g.draw_pile)), ()
    g.board.governor = 3
    g = play(validate(reach(g, 3)), "skip")
    assert (g.turn.player, g.players[0].cards, g.players[0].lira) == (1, (), 2)
