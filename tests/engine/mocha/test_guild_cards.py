"""Each of the 20 guild cards (components.md §9, RULES-NOTES E-38): when it may be played and
what it does, through the public engine API."""

from __future__ import annotations

import pytest

from bot.engine import GameState, IllegalChoice, apply, describe, pending, validate
from bot.engine.decision import Option
from bot.engine.decks import set_chance_script
from bot.engine.invariants import violations
from bot.engine.machine import Tx
from bot.engine.mocha.coffee import coffee_of
from bot.engine.mocha.guild_deck import GUILD_DECK
from bot.engine.mocha.parts import set_mocha_board
from bot.engine.places import PLACES, Place, place
from bot.engine.state import Step
from tests.engine.helpers import codes, give, grant_tile, kind, play, play_events
from tests.engine.mocha.guild_helpers import give_guild, mocha_game, set_coffee


def with_card(card: str, **edits: object) -> GameState:
    """Seat 0 to move, holding guild card `card`; `edits` set fields of seat 0."""
    g = mocha_game().copy()
    p = g.players[0]
    for field, value in edits.items():
        if field == "cards":
            give(g, 0, *value)  # type: ignore[misc]
        elif field == "mosque_tiles":
            for colour in value:  # type: ignore[attr-defined]
                grant_tile(g, 0, colour)
        elif field == "rubies":
            g.board.ruby_supply -= value  # type: ignore[operator]
            p.rubies = value  # type: ignore[assignment]
        elif field == "extensions":
            g.board.wainwright_extensions -= value - p.extensions  # type: ignore[operator]
            p.extensions = value  # type: ignore[assignment]
        else:
            setattr(p, field, value)
    g = give_guild(validate(g, preview=True), 0, card)
    assert violations(g) == []
    return g


def over(g: GameState) -> bool:
    """The guild card's effect is over: its last free moment (asked while a card is in hand) or
    already the next seat's turn."""
    return kind(g) == "guild_end" or (kind(g) == "move" and g.turn.player == 1)


def played(g: GameState, card: str, *codes_: str) -> GameState:
    g = play(g, f"c.{card}", *codes_)
    assert over(g), kind(g)
    assert card in GUILD_DECK.discard(g) and card not in GUILD_DECK.hand(g.players[0])
    assert violations(g) == []
    return g


def dice(g: GameState, *rolls: tuple[int, int]) -> GameState:
    return set_chance_script(g, dice=list(rolls))


# ---- #1 -----------------------------------------------------------------------------------------


def test_guild_card_1_a_free_extension() -> None:
    g = with_card("g1", lira=5)
    g = played(g, "g1")
    assert g.players[0].extensions == 1 and g.players[0].lira == 5


def test_guild_card_1_third_extension_brings_the_wainwright_ruby() -> None:
    g = played(with_card("g1", extensions=2), "g1")
    assert g.players[0].extensions == 3 and g.players[0].rubies == 1


def test_guild_card_1_not_playable_with_three_extensions() -> None:
    g = with_card("g1", extensions=3)
    assert "c.g1" not in codes(g)
    d = pending(g)
    assert d is not None
    with pytest.raises(IllegalChoice):
        apply(g, d.player, d.decision_id, "c.g1")


# ---- #2-#5 ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "index"), [("g2", 0), ("g3", 1), ("g4", 2)])
def test_guild_card_2_3_4_fill_one_colour_then_up_to_3_different_goods(card: str, index: int) -> None:
    g = with_card(card, goods=(0, 0, 0, 0))
    g = play(g, f"c.{card}")
    assert g.players[0].goods[index] == g.players[0].capacity
    assert kind(g) == "guild_goods"
    assert set(codes(g)) == {"g.red", "g.green", "g.yellow", "g.blue", "done"}  # never coffee
    g = play(g, "g.blue")
    assert "g.blue" not in codes(g)  # each of another colour
    other = next(c for c in ("red", "green", "yellow") if c != ("red", "green", "yellow")[index])
    g = play(g, f"g.{other}")
    last = [c for c in codes(g) if c.startswith("g.")]
    assert len(last) == 2
    g = play(g, last[0])
    assert over(g)  # three goods at most
    assert g.players[0].goods[3] == 1


def test_guild_card_2_up_to_means_none_is_fine() -> None:
    g = played(with_card("g2"), "g2", "done")
    assert g.players[0].goods[0] == g.players[0].capacity


def test_guild_card_5_four_lira_and_up_to_4_different_goods() -> None:
    g = with_card("g5", lira=0, goods=(0, 0, 0, 0))
    g = play(g, "c.g5", "g.red", "g.green", "g.yellow", "g.blue")
    assert over(g)
    assert g.players[0].lira == 4 and g.players[0].goods == (1, 1, 1, 1)


# ---- #6, #7 ----------------------------------------------------------------------------------------


def test_guild_card_6_three_bonus_cards() -> None:
    g = with_card("g6", cards=())
    g, events = play_events(g, "c.g6")
    assert len(g.players[0].cards) == 3
    assert [describe(e, None) for e in events if e.kind == "draw"] == ["{seat:0} drew a bonus card."] * 3


def test_guild_card_6_not_playable_without_any_bonus_card_to_draw() -> None:
    g = with_card("g6").copy()
    g.players[1].cards = g.draw_pile
    g.draw_pile = ()
    g = validate(g, preview=True)
    assert "c.g6" not in codes(g)


def test_guild_card_7_stack_and_chosen_assistants_to_the_fountain_then_another_turn() -> None:
    g = with_card("g7", merchant=4, assistants=(1, 3), stack="oo")
    g = play(g, "c.g7")
    assert g.players[0].merchant == 7
    assert kind(g) == "fountain"
    g = play(g, "r.1", "done")  # any number of assistants: here one of two
    assert g.players[0].assistants == (3,) and g.players[0].stack == "ooo"
    assert g.turn.player == 0 and g.turn.extra  # the extra turn, at once
    assert kind(g) == "move" and g.players[0].merchant == 7


def test_guild_card_7_is_not_the_fountains_action() -> None:
    g = with_card("g7", merchant=4, assistants=(1,), stack="ooo")
    g, events = play_events(g, "c.g7")
    assert not any(e.kind == "action" for e in events)


# ---- #8, #9: no red tile (E-20) --------------------------------------------------------------------


def test_guild_card_8_two_goods_then_dice_for_jewelry() -> None:
    g = dice(with_card("g8", goods=(0, 0, 0, 0), extensions=1), (3, 4))
    g = play(g, "c.g8")
    assert set(codes(g)) == {"g.red", "g.yellow", "g.green"}
    g = play(g, "g.yellow")
    assert over(g)
    assert g.players[0].goods == (0, 0, 2, 3)  # 7: three blue


@pytest.mark.parametrize(("roll", "blue"), [((1, 2), 0), ((2, 2), 1), ((6, 6), 3)])
def test_guild_card_8_jewelry_by_the_total(roll: tuple[int, int], blue: int) -> None:
    g = dice(with_card("g8", goods=(0, 0, 0, 0), extensions=2), roll)
    g = play(g, "c.g8", "g.red")
    assert g.players[0].goods[3] == blue


def test_e20_guild_card_8_without_the_red_tile() -> None:
    g = with_card("g8", goods=(0, 0, 0, 0), mosque_tiles=("red",))
    g = dice(g, (1, 1))
    g = play(g, "c.g8", "g.red")
    assert over(g) and g.players[0].goods[3] == 0


def test_guild_card_9_tea_house_pays_double() -> None:
    g = dice(with_card("g9", lira=0), (5, 4))
    g = play(g, "c.g9", "n8")
    assert over(g) and g.players[0].lira == 16


def test_guild_card_9_the_consolation_doubles_too() -> None:
    g = dice(with_card("g9", lira=0, mosque_tiles=("red",)), (2, 3))
    g = play(g, "c.g9", "n7")  # the rulebook's example: 7 named, 5 rolled
    assert over(g) and g.players[0].lira == 4


# ---- #10, #11 ----------------------------------------------------------------------------------------


def test_guild_card_10_red_green_yellow_for_15_lira() -> None:
    g = played(with_card("g10", lira=0, goods=(1, 1, 1, 1)), "g10")
    assert g.players[0].goods == (0, 0, 0, 1) and g.players[0].lira == 15


def test_guild_card_11_blue_red_green_for_20_lira() -> None:
    g = played(with_card("g11", lira=0, goods=(1, 1, 1, 1)), "g11")
    assert g.players[0].goods == (0, 0, 1, 0) and g.players[0].lira == 20


@pytest.mark.parametrize(("card", "goods"), [("g10", (1, 1, 0, 1)), ("g11", (1, 1, 1, 0))])
def test_guild_card_10_11_need_every_good(card: str, goods: tuple[int, int, int, int]) -> None:
    assert f"c.{card}" not in codes(with_card(card, goods=goods))


# ---- #12 ------------------------------------------------------------------------------------------


def test_guild_card_12_any_place_then_the_family_member_home_without_reward() -> None:
    g = with_card("g12", lira=0, family=4, goods=(0, 0, 0, 0))
    g = play(g, "c.g12")
    assert kind(g) == "guild_place" and "p.18" in codes(g) and "p.3" in codes(g)
    g, events = play_events(g, "p.3")
    assert over(g)
    assert g.players[0].goods[1] == g.players[0].capacity
    assert g.players[0].family == 12 and g.players[0].lira == 0 and not g.players[0].cards
    assert "{seat:0}'s family member went back to the Police Station." in [describe(e, None) for e in events]


def test_guild_card_12_playable_with_the_family_member_at_home_and_recursion_allowed() -> None:
    g = with_card("g12", family=12)
    g = play(g, "c.g12", "p.18")  # the Guild Hall (its lone option runs): guild cards from a guild card
    assert kind(g) == "guild_discard"
    assert g.players[0].family == 12


def test_guild_card_12_police_station_and_place_bound_cards_barred() -> None:
    g = with_card("g12", family=12, cards=("sultan2",), extensions=3, goods=(5, 5, 5, 5))
    g = play(g, "c.g12", "p.12", "f.13")
    assert kind(g) == "action" and g.players[0].family == 13
    assert "c.sultan2" not in codes(g)  # bound to a place: barred in a guild turn (E-33, E-38)
    g = play(g, "act")
    while kind(g) == "sultan_any":
        g = play(g, codes(g)[0])
    assert g.players[0].rubies == 1 and g.players[0].family == 12


# ---- #13-#16 --------------------------------------------------------------------------------------


def test_guild_card_13_any_six_goods_for_the_sultans_ruby() -> None:
    g = with_card("g13", goods=(2, 2, 1, 2), extensions=1)
    g = play(g, "c.g13")
    assert kind(g) == "sultan_any"
    for code in ("g.red", "g.red", "g.green", "g.green", "g.blue", "g.blue"):
        g = play(g, code)
    assert over(g)
    assert g.players[0].rubies == 1 and g.players[0].goods == (0, 0, 1, 0)


def test_guild_card_13_needs_six_goods() -> None:
    assert "c.g13" not in codes(with_card("g13", goods=(2, 1, 1, 1)))


def test_guild_card_14_small_mosque_tile_for_one_good() -> None:
    g = with_card("g14", goods=(1, 0, 0, 0))
    g = play(g, "c.g14")
    assert over(g)  # red only: it is taken at once
    assert "red" in g.players[0].mosque_tiles and g.players[0].goods == (0, 0, 0, 0)


def test_guild_card_15_great_mosque_tile_blue_gives_the_fifth_assistant() -> None:
    g = with_card("g15", goods=(0, 0, 1, 1))
    g = play(g, "c.g15")
    assert set(codes(g)) == {"m.blue", "m.yellow"}
    stack = g.players[0].stack
    g = play(g, "m.blue")
    assert "blue" in g.players[0].mosque_tiles and g.players[0].stack == stack + "o"


def test_guild_card_14_15_not_playable_without_the_good_or_with_the_tiles() -> None:
    assert "c.g14" not in codes(with_card("g14", goods=(0, 0, 2, 2)))
    assert "c.g15" not in codes(with_card("g15", goods=(0, 0, 2, 2), mosque_tiles=("blue", "yellow")))


def test_guild_card_16_gemstone_ruby_for_15_lira_then_coffee_per_ruby() -> None:
    g = with_card("g16", lira=15, rubies=2)
    g = played(g, "g16")
    assert g.players[0].lira == 0 and g.players[0].rubies == 3
    assert coffee_of(g, 0) == 3  # the rulebook's example: the new ruby counts


def test_guild_card_16_needs_15_lira() -> None:
    assert "c.g16" not in codes(with_card("g16", lira=14))


# ---- #17, #18 --------------------------------------------------------------------------------------


def test_guild_card_17_five_coffee() -> None:
    g = played(with_card("g17"), "g17")
    assert coffee_of(g, 0) == 5


def test_guild_card_18_coffee_and_two_guild_cards() -> None:
    g = with_card("g18")
    g, events = play_events(g, "c.g18")
    assert coffee_of(g, 0) == 1 and len(GUILD_DECK.hand(g.players[0])) == 2
    assert [describe(e, 1) for e in events if e.kind == "draw"] == ["{seat:0} drew a guild card."] * 2


# ---- #19, #20: the Tavern's and the Coffee House's own price rules (their places are the
# m-tavern and m-core branches'; here a stand-in place records the tagged action step) ------------


class StandIn(Place):
    """Offers one option while the seat holds at least 2 coffee; records what it was asked."""

    seen: list[str] = []

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        return [Option("act", "Stand-in action")] if coffee_of(g, seat) >= 2 else []

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        StandIn.seen.append(step.tag)


@pytest.fixture
def stand_ins() -> object:
    saved = {n: PLACES.get(n) for n in (19, 20)}
    for n in (19, 20):
        place(type(f"StandIn{n}", (StandIn,), {"number": n}))
    StandIn.seen = []
    yield None
    for n, p in saved.items():
        if p is None:
            PLACES.pop(n, None)
        else:
            PLACES[n] = p


@pytest.mark.parametrize(("card", "where"), [("g19", 19), ("g20", 20)])
def test_guild_card_19_20_push_the_tagged_action_from_afar(stand_ins: object, card: str, where: int) -> None:
    g = set_coffee(with_card(card), 0, 10)
    start = g.players[0].merchant
    g = play(g, f"c.{card}")
    assert kind(g) == "action" and pending(g).prompt.startswith("{seat:0}:")  # type: ignore[union-attr]
    g = play(g, "act")
    assert StandIn.seen == [card] and over(g)
    assert g.players[0].merchant == start


def test_guild_card_19_not_playable_when_the_tavern_cannot_act(stand_ins: object) -> None:
    assert "c.g19" not in codes(set_coffee(with_card("g19"), 0, 1))


def test_guild_card_20_needs_half_the_coffee_price_rounded_up(stand_ins: object) -> None:
    g = with_card("g20")
    assert "c.g20" in codes(set_coffee(g, 0, 3))  # 6 coffee: 3
    assert "c.g20" not in codes(set_coffee(g, 0, 2))
    g = set_coffee(g, 0, 10).copy()
    set_mocha_board(g, coffee_house_rubies=0)
    assert "c.g20" not in codes(validate(g, preview=True))


def test_e20_guild_card_8_roll_takes_the_die_to_6_card() -> None:
    """The die-to-6 card works on guild card #8's roll (the red tile does not): 1 and 1 would
    bring no jewelry, a 6 and a 1 bring three."""
    g = dice(with_card("g8", goods=(0, 0, 0, 0), extensions=1, cards=("six",), mosque_tiles=("red",)), (1, 1))
    g = play(g, "c.g8", "g.red")
    assert kind(g) == "dice" and codes(g) == ("ok", "c.six")  # no red tile here (E-20)
    g = play(g, "c.six")
    assert g.players[0].goods[3] == 3 and g.discard[-1] == "six"


def test_guild_card_9_roll_takes_the_die_to_6_card() -> None:
    """Call 8, 2 and 2 rolled: the consolation, 2 Lira doubled, unless a die turns to 6, which
    reaches the call: 8 Lira doubled."""
    g = dice(with_card("g9", lira=0, cards=("six",)), (2, 2))
    g = play(g, "c.g9", "n8")
    assert kind(g) == "dice" and "c.six" in codes(g)
    assert play(g, "ok").players[0].lira == 4
    assert play(g, "c.six").players[0].lira == 16
