"""2-player neutral merchants, the layouts and the variants Neutral Assistants and Caravan Leader
(rulebook "Special case in a 2-player game" and "Variants"; RULES-NOTES E-13, E-16, E-19, D-10)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.engine import GameSettings, GameState, forfeit_turn, new_game, pending, set_chance_script, validate
from bot.engine.components import COLOURS
from tests.engine.helpers import codes, decider, grant_tile, kind, play, quiet_game, to_discard


def variant_game(players: int = 3, **options: bool) -> GameState:
    """A new "in_order" game with the given variants, empty hands, Governor and Smuggler parked."""
    return quiet_game(players, **options)


def pass_turns(g: GameState, turns: int) -> GameState:
    """The next `turns` players forfeit their turns."""
    for _ in range(turns):
        g, _ = forfeit_turn(g, decider(g))
    return g


# ---- 2 players: neutral merchants ----------------------------------------------------------------


@pytest.mark.parametrize("colours", [["red", "blue"], ["white", "green"]])
def test_neutral_merchants_start_on_14_15_16_in_the_unused_colours(colours: list[str]) -> None:
    """2 players: one merchant of each unused colour stands on 14, 15 and 16."""
    g = new_game(GameSettings(players=2), colours, seed=5)
    assert g.board.neutral_merchants == (14, 15, 16)
    assert sorted(g.board.neutral_colours) == sorted(set(COLOURS) - set(colours))


def test_no_neutral_merchants_with_three_players() -> None:
    """3 or more players: no neutral merchants."""
    g = new_game(GameSettings(players=3), ["red", "blue", "green"], seed=5)
    assert g.board.neutral_merchants == () and g.board.neutral_colours == ()


def meet_neutral(lira: int = 2) -> GameState:
    """Seat 0 walks from 10 onto the Small Mosque (14), where a neutral merchant stands."""
    g = variant_game(players=2)
    g.players[0].merchant = 10
    g.players[0].lira = lira
    return play(g, "go.14", "a.leave")


def test_meeting_a_neutral_merchant_costs_2_lira_to_the_bank_and_it_moves() -> None:
    """Pay 2 Lira into the supply (nobody receives them), then the dice place the merchant anew."""
    g = set_chance_script(meet_neutral(), dice=[(3, 4)])
    assert set(codes(g)) == {"pay", "x.end"}
    counter = g.rng_counter
    g = play(g, "pay")
    assert g.players[0].lira == 0 and g.players[1].lira == 3
    assert g.board.neutral_merchants == (7, 15, 16)
    assert g.rng_counter == counter + 1
    assert decider(g) == 1  # nothing to do at the mosque without goods: the turn went on and ended


def test_refusing_to_pay_a_neutral_merchant_ends_the_turn() -> None:
    """Refusing: no Lira paid, the neutral merchant stays, the turn ends (the assistant stays left)."""
    g = play(meet_neutral(), "x.end")
    assert g.players[0].lira == 2 and g.board.neutral_merchants == (14, 15, 16)
    assert g.players[0].assistants == (14,) and decider(g) == 1


def test_too_poor_to_pay_a_neutral_merchant() -> None:
    """With less than 2 Lira the only choice is to end the turn, so it ends by itself."""
    g = meet_neutral(lira=1)
    assert g.players[0].lira == 1 and g.board.neutral_merchants == (14, 15, 16) and decider(g) == 1


def test_two_neutral_merchants_and_a_player_cost_6_and_each_neutral_rolls() -> None:
    """Every merchant there costs 2: the player's goes to its owner, the neutrals' to the bank;
    each neutral merchant rolls for its own new place."""
    g = variant_game(players=2)
    g.board.neutral_merchants = (14, 14, 16)
    g.players[1].merchant = 14
    g.players[0].merchant = 10
    g.players[0].lira = 7
    g = set_chance_script(play(g, "go.14", "a.leave"), dice=[(1, 1), (6, 6)])
    g = play(g, "pay")
    assert g.players[0].lira == 1 and g.players[1].lira == 5
    assert g.board.neutral_merchants == (2, 12, 16)


def test_no_fee_for_a_neutral_merchant_at_the_fountain() -> None:
    """The Fountain: nobody is paid there, neutral merchants included."""
    g = variant_game(players=2)
    g.board.neutral_merchants = (7, 15, 16)
    g.players[0].merchant, g.players[0].stack, g.players[0].assistants = 6, "oon", (6,)
    g = play(validate(g), "go.7")
    assert kind(g) == "action"  # no pay step in between
    assert g.players[0].lira == 2 and g.board.neutral_merchants == (7, 15, 16)


# ---- layouts --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "rows"),
    [
        ("short", "15 5 2 14 / 4 12 7 3 / 8 6 11 9 / 13 10 1 16"),
        ("long", "16 2 8 11 / 15 7 6 4 / 3 5 12 1 / 10 9 14 13"),
        ("in_order", "1 2 3 4 / 5 6 7 8 / 9 10 11 12 / 13 14 15 16"),
    ],
)
def test_fixed_layouts_match_the_rulebook(name: str, rows: str) -> None:
    """The game is laid out as components.md §1.2 prints it, row by row."""
    g = new_game(GameSettings(players=3, layout=name), ["red", "blue", "green"], seed=9)
    assert g.width == 4
    assert g.layout == tuple(int(x) for x in rows.replace("/", " ").split())


def position(g: GameState, place: int) -> tuple[int, int]:
    return divmod(g.layout.index(place), g.width)


def test_random_layouts_are_legal_and_follow_the_seed() -> None:
    """Random layout: all 16 places, the Fountain inside, Black Market and Tea House at least 3
    apart in different rows and columns; the same seed gives the same layout."""
    seen = set()
    for seed in range(40):
        g = new_game(GameSettings(players=3, layout="random"), ["red", "blue", "green"], seed)
        assert sorted(g.layout) == list(range(1, 17)) and g.width == 4
        r, c = position(g, 7)
        assert 1 <= r <= 2 and 1 <= c <= 2
        (r8, c8), (r9, c9) = position(g, 8), position(g, 9)
        assert r8 != r9 and c8 != c9 and abs(r8 - r9) + abs(c8 - c9) >= 3
        again = new_game(GameSettings(players=3, layout="random"), ["red", "blue", "green"], seed)
        assert again.layout == g.layout
        seen.add(g.layout)
    assert len(seen) > 30


# ---- Neutral Assistants ---------------------------------------------------------------------------


def test_neutral_assistants_are_for_2_to_4_players() -> None:
    """The variant cannot be chosen with 5 players."""
    for players in (2, 3, 4):
        GameSettings(players=players, neutral_assistants=True)
    with pytest.raises(ValidationError, match="2-4 players"):
        GameSettings(players=5, neutral_assistants=True)


def test_each_stacks_bottom_assistant_is_neutral() -> None:
    """Setup: the bottom assistant of every stack is neutral; without the variant none is."""
    g = variant_game(neutral_assistants=True)
    assert [p.stack for p in g.players] == ["ooon"] * 3
    assert [p.stack for p in variant_game().players] == ["oooo"] * 3


def test_the_first_assistant_left_is_the_neutral_one() -> None:
    """Leaving takes the bottom assistant: the neutral one stays on the place for anyone."""
    g = play(variant_game(neutral_assistants=True), "go.2", "a.leave", "skip")
    assert g.players[0].stack == "ooo" and g.players[0].assistants == ()
    assert g.board.neutral_assistants == (2,)


def test_the_leave_option_names_the_neutral_assistant() -> None:
    """The option says which assistant is left, in plain English."""
    g = play(variant_game(neutral_assistants=True), "go.2")
    d = pending(g)
    assert d is not None
    label = next(o.label for o in d.options if o.code == "a.leave")
    assert label == "Leave a neutral assistant here"


def neutral_at_2(own_too: bool) -> GameState:
    """Seat 0's neutral assistant waits on place 2 (and, if asked, one of its own as well)."""
    g = variant_game(neutral_assistants=True)
    p = g.players[0]
    p.stack = "oo" if own_too else "ooo"
    p.assistants = (2,) if own_too else ()
    g.board.neutral_assistants = (2,)
    return validate(g)


def test_neutral_instead_of_own() -> None:
    """Own and neutral assistant both there: pick up either one, the other stays."""
    g = play(neutral_at_2(own_too=True), "go.2")
    assert set(codes(g)) == {"a.collect", "a.neutral", "x.end"}
    took_neutral = play(g, "a.neutral")
    p = took_neutral.players[0]
    assert (p.stack, p.assistants, took_neutral.board.neutral_assistants) == ("oon", (2,), ())
    took_own = play(g, "a.collect")
    p = took_own.players[0]
    assert (p.stack, p.assistants, took_own.board.neutral_assistants) == ("ooo", (), (2,))


def test_only_a_neutral_assistant_there() -> None:
    """Only a neutral assistant there: pick it up, or leave one of your own beside it (E-13)."""
    g = play(neutral_at_2(own_too=False), "go.2")
    assert set(codes(g)) == {"a.neutral", "a.leave", "x.end"}
    left = play(g, "a.leave")
    assert left.players[0].stack == "oo" and left.players[0].assistants == (2,)
    assert left.board.neutral_assistants == (2,)


def test_several_neutral_assistants_in_one_stack() -> None:
    """A stack may hold more than one neutral assistant; the last picked up is left next."""
    g = variant_game(neutral_assistants=True)
    g.players[1].stack = "ooo"
    g.board.neutral_assistants = (2,)
    g = play(validate(g), "go.2", "a.neutral", "skip")
    assert g.players[0].stack == "ooonn" and g.board.neutral_assistants == ()
    g = pass_turns(g, 2)
    g = play(g, "go.3", "a.leave", "skip")
    assert g.players[0].stack == "ooon" and g.board.neutral_assistants == (3,)


def test_the_fountain_returns_only_own_assistants() -> None:
    """Fountain: own assistants come back; neutral ones in the stack or on the board stay put."""
    g = variant_game(neutral_assistants=True)
    g.players[0].stack = "n"
    g.players[0].assistants = (2, 3, 4)
    g.players[0].merchant = 6
    g.players[1].stack = "ooo"
    g.board.neutral_assistants = (8,)
    g = play(validate(g), "go.7")
    if kind(g) == "action":
        g = play(g, "r.all")
    p = g.players[0]
    assert (p.stack, p.assistants, g.board.neutral_assistants) == ("nooo", (), (8,))


def test_a_neutral_assistant_on_the_fountain_may_be_picked_up() -> None:
    """A neutral assistant standing on the Fountain may still be collected (E-8)."""
    g = variant_game(neutral_assistants=True)
    g.players[0].merchant = 6
    g.players[1].stack = "ooo"
    g.board.neutral_assistants = (7,)
    g = play(validate(g), "go.7")
    assert set(codes(g)) == {"a.neutral", "a.none"}
    g = play(g, "a.neutral")
    assert g.players[0].stack == "ooonn" and g.board.neutral_assistants == ()


def test_the_yellow_tile_calls_back_only_own_assistants() -> None:
    """The yellow mosque tile fetches an own assistant; a neutral one on the board stays (E-13)."""
    g = variant_game(neutral_assistants=True)
    grant_tile(g, 0, "yellow")
    g.players[0].stack = "ooon"
    g.players[0].assistants = (3,)
    g.players[1].stack = "ooo"
    g.board.neutral_assistants = (4,)
    g = validate(g)
    assert "t.yellow" in codes(g)
    g = play(g, "t.yellow")
    p = g.players[0]
    assert (p.stack, p.assistants, p.lira) == ("ooono", (), 0)
    assert g.board.neutral_assistants == (4,) and kind(g) == "move"


# ---- Caravan Leader -------------------------------------------------------------------------------


def caravansary(g: GameState, cards: list[str]) -> GameState:
    """The current player walks onto the Caravansary (6) and takes its action; draws scripted."""
    seat = g.turn.player
    g = g.copy()
    g.players[seat].merchant = 7
    g = set_chance_script(validate(g), cards=cards)
    return play(g, "go.6", "a.collect" if 6 in g.players[seat].assistants else "a.leave", "act")


def test_the_caravan_tile_starts_on_the_caravansary() -> None:
    """Setup: nobody holds the Caravan tile."""
    assert variant_game(caravan_leader=True).board.caravan_leader == -1


def test_the_tile_is_taken_at_the_end_of_the_turn() -> None:
    """The Caravansary action earns the tile only when that player's turn ends."""
    g = variant_game(caravan_leader=True)
    g.board.governor = 6
    g = caravansary(g, ["lira5", "good"])
    assert kind(g) == "card_discard"
    g = play(g, "d.good")
    assert kind(g) == "after" and decider(g) == 0
    assert g.board.caravan_leader == -1
    g = play(g, "done")
    assert g.board.caravan_leader == 0 and decider(g) == 1


def test_the_leader_keeps_both_cards() -> None:
    """The Caravan Leader doing the action keeps both cards: no discard."""
    g = variant_game(caravan_leader=True)
    g.board.caravan_leader = 0
    g = caravansary(g, ["lira5", "good"])
    assert g.players[0].cards == ("good", "lira5") and g.discard == ()
    assert kind(g) == "after"
    g = play(g, "done")
    assert decider(g) == 1 and g.board.caravan_leader == 0


def test_another_player_takes_the_tile_over() -> None:
    """Someone else doing the action discards as usual and becomes the leader at turn end."""
    g = variant_game(caravan_leader=True)
    g.board.caravan_leader = 0
    g.players[0].merchant = 1
    g = play(validate(g), "go.2", "x.end")
    g = caravansary(g, ["lira5", "good"])
    assert kind(g) == "card_discard" and decider(g) == 1
    g = play(g, "d.lira5")
    assert g.board.caravan_leader == 0 and g.players[1].cards == ("good",)
    g = play(g, "done")
    assert g.board.caravan_leader == 1 and decider(g) == 2


def test_the_family_members_caravansary_action_counts_too() -> None:
    """Sent from the Police Station to the Caravansary, the family member's action earns the tile."""
    g = set_chance_script(variant_game(caravan_leader=True), cards=["lira5", "good"])
    g = play(g, "go.12", "a.leave", "f.6", "act")
    assert kind(g) == "card_discard" and g.players[0].family == 6
    g = play(g, "d.good")
    assert kind(g) == "after" and g.board.caravan_leader == -1
    g = play(g, "done")
    assert g.board.caravan_leader == 0 and decider(g) == 1


def test_without_the_variant_there_is_no_leader() -> None:
    """Base rules: the action always ends with a discard and nobody holds a tile."""
    g = variant_game()
    g.board.caravan_leader = 0  # even a stale value must not matter without the variant
    g = caravansary(validate(g), ["lira5", "good"])
    assert kind(g) == "card_discard"
    g = play(g, "d.good")
    assert g.board.caravan_leader == 0 and g.players[0].cards == ("lira5",)


def test_the_discard_pile_top_counts_for_the_leader_too() -> None:
    """The leader may take the discard pile's top card and still keeps both."""
    g = variant_game(caravan_leader=True)
    g.board.caravan_leader = 0
    to_discard(g, "stay")
    g = caravansary(validate(g), ["lira5"])
    g = play(g, "top")  # the discard pile is then empty: the second card comes from the pile
    assert g.players[0].cards == ("lira5", "stay") and g.discard == () and kind(g) == "after"
