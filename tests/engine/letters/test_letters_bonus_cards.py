"""The Letters & Seals bonus cards that give things or move the merchant stack (components.md §8.3,
house values H3 and H5; RULES-NOTES D-24, D-25, E-11, E-15, E-32, E-33, E-45, E-55). The copy,
family-step and use-a-token cards have files of their own."""

from __future__ import annotations

import pytest

from bot.engine import (
    GameState,
    IllegalChoice,
    apply,
    describe,
    new_game,
    pending,
    preview_settings,
    set_chance_script,
)
from bot.engine.cards import REMOTE_TAGS
from bot.engine.invariants import violations
from bot.engine.letters import data
from bot.engine.letters.letter_deck import LETTER_DECK
from bot.engine.letters.parts import letters_of
from bot.engine.mocha.parts import set_mocha_player
from bot.engine.state import Step
from tests.engine.helpers import (
    COLOURS_IN_SEAT_ORDER,
    codes,
    give,
    grant_tile,
    kind,
    pass_turn,
    play,
    play_events,
    quieten,
)
from tests.engine.letters.letters_helpers import done, edit, put_companion, quiet_letters

# First-game layout of Letters & Seals (rows): 9 1 4 21 3 / 15 6 7 11 22 / 13 24 12 14 8 /
# 10 2 23 5 16. The merchants start on the Fountain 7; the Police Station 12 is right below it.


def holding(
    *cards: str,
    goods: tuple[int, int, int, int] | None = None,
    lira: int | None = None,
    g: GameState | None = None,
) -> GameState:
    g = edit(g if g is not None else quiet_letters())
    give(g, 0, *cards)
    if goods is not None:
        g.players[0].goods = goods
    if lira is not None:
        g.players[0].lira = lira
    return done(g)


def bazaar(players: int = 3, seed: int = 1) -> GameState:
    """A quiet Great Bazaar game (both modules)."""
    settings = preview_settings(players=players, expansions=("mocha", "letters"))
    g = new_game(settings, COLOURS_IN_SEAT_ORDER[:players], seed).copy()
    return done(quieten(g))


def offered(g: GameState) -> set[str]:
    return {c[2:] for c in codes(g) if c.startswith("c.")}


def lines(events: list[object], viewer: int | None = None) -> list[str]:
    return [line for e in events if (line := describe(e, viewer)) is not None]  # type: ignore[arg-type]


def at_the_end(*cards: str, goods: tuple[int, int, int, int] = (0, 0, 0, 0), g: GameState | None = None) -> GameState:
    """The last round played out (3 players): seat 0 may play its leftover cards (E-55)."""
    g = edit(holding(*cards, goods=goods, g=g))
    g.end_triggered = True
    g = done(g)
    for _ in range(3):
        g = pass_turn(g)
    assert kind(g) == "final" and pending(g).player == 0  # type: ignore[union-attr]
    return g


def test_letters_bonus_deck_holds_the_kinds_in_house_value_h3_counts() -> None:
    g = quiet_letters()
    for card, count in data.LETTERS_BONUS_CARDS.items():
        assert g.draw_pile.count(card) == count


# ---- letter --------------------------------------------------------------------------------------


def test_letter_card_takes_one_letter_face_up_at_any_free_moment() -> None:
    g = set_chance_script(holding(data.LETTER), cards={"letters": ["l9"]})
    assert data.LETTER in offered(g)
    g, events = play_events(g, f"c.{data.LETTER}")
    assert letters_of(g, 0) == ((9, False),) and g.discard[-1] == data.LETTER and not g.players[0].cards
    assert any("letter for" in line for line in lines(events))
    assert kind(g) == "move" and violations(g) == []
    g = play(holding(data.LETTER), "go.11", "a.leave")
    assert kind(g) == "action" and data.LETTER in offered(g)  # before the action too


def test_letter_card_is_not_offered_when_no_letter_is_left() -> None:
    g = edit(holding(data.LETTER))
    LETTER_DECK.set_pile(g, ())
    assert data.LETTER not in offered(done(g))


# ---- ldice (house value H5) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "goods", "lira", "letters"),
    [((1, 2), (0, 0, 0, 0), 3, 0), ((4, 5), (0, 0, 0, 1), 0, 0), ((6, 5), (0, 0, 0, 1), 0, 1)],
)
def test_ldice_card_pays_one_reward_by_the_sum(
    dice: tuple[int, int], goods: tuple[int, int, int, int], lira: int, letters: int
) -> None:
    g = holding(data.DICE, lira=0)
    g = play(set_chance_script(g, dice=[dice]), f"c.{data.DICE}")
    assert g.players[0].goods == goods and g.players[0].lira == lira and len(letters_of(g, 0)) == letters
    assert kind(g) == "move"


def test_ldice_card_sum_six_to_eight_gives_a_good_of_choice() -> None:
    g = play(set_chance_script(holding(data.DICE), dice=[(3, 4)]), f"c.{data.DICE}")
    assert kind(g) == "card_good" and "g.yellow" in codes(g)
    g = play(g, "g.yellow")
    assert g.players[0].goods == (0, 0, 1, 0) and kind(g) == "move"


def test_ldice_card_in_the_great_bazaar_lets_the_die_to_six_card_change_a_die() -> None:
    g = holding(data.DICE, "six", g=bazaar())
    g = play(set_chance_script(g, dice=[(5, 5)]), f"c.{data.DICE}")
    assert kind(g) == "dice" and "c.six" in codes(g)  # 10 (a jewelry) or 11 (a jewelry and a letter)
    g = play(g, "c.six")
    assert g.players[0].goods == (0, 0, 0, 1) and len(letters_of(g, 0)) == 1 and g.discard[-1] == "six"


def test_e55_ldice_card_after_the_last_round_pays_goods_and_lira_only() -> None:
    g = play(set_chance_script(at_the_end(data.DICE, data.PAY3), dice=[(6, 6)]), f"c.{data.DICE}")
    assert g.players[0].goods == (0, 0, 0, 1) and letters_of(g, 0) == () and kind(g) == "final"


# ---- sell7 --------------------------------------------------------------------------------------


def test_sell7_card_gives_7_lira_for_one_good() -> None:
    g = holding(data.SELL7, goods=(1, 0, 2, 0), lira=0)
    g = play(g, f"c.{data.SELL7}")
    assert kind(g) == "sell7" and set(codes(g)) == {"g.red", "g.yellow"}  # no coffee without Mocha
    g, events = play_events(g, "g.yellow")
    assert g.players[0].goods == (1, 0, 1, 0) and g.players[0].lira == 7
    assert "{seat:0} paid 1 fruit for a bonus card." in lines(events)


def test_sell7_card_is_not_offered_without_goods() -> None:
    assert data.SELL7 not in offered(holding(data.SELL7, goods=(0, 0, 0, 0)))


def test_sell7_card_takes_coffee_in_the_great_bazaar() -> None:
    g = edit(holding(data.SELL7, goods=(0, 0, 0, 0), lira=0, g=bazaar()))
    set_mocha_player(g, 0, coffee=1)
    g = play(done(g), f"c.{data.SELL7}")
    assert codes(g) == () or kind(g) != "sell7"  # a lone public choice is taken at once
    assert g.players[0].lira == 7


def test_sell7_card_after_the_last_round() -> None:
    g = at_the_end(data.SELL7, data.PAY3, goods=(0, 1, 0, 0))
    lira = g.players[0].lira
    g = play(g, f"c.{data.SELL7}")
    assert g.players[0].lira == lira + 7 and g.players[0].goods == (0, 0, 0, 0) and kind(g) == "final"


# ---- good3 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("card", sorted(data.GOOD3_CARDS))
def test_good3_card_gives_the_pictured_good_and_3_lira(card: str) -> None:
    g = play(holding(card, lira=0), f"c.{card}")
    colour = data.GOOD3_CARDS[card]
    assert g.players[0].good(colour) == 1 and sum(g.players[0].goods) == 1 and g.players[0].lira == 3


def test_good3_card_after_the_last_round() -> None:
    g = at_the_end("good3.b", "good3.r")
    assert offered(g) == {"good3.b", "good3.r"}
    g = play(g, "c.good3.b")
    assert g.players[0].goods == (0, 0, 0, 1) and kind(g) == "final"


def test_e55_final_cards_are_ldice_sell7_good3_only() -> None:
    cards = (data.LETTER, data.DICE, data.SELL7, "good3.g", data.MOSQUE2, data.FOLLOW, data.PAY3)
    assert offered(at_the_end(*cards, goods=(1, 0, 0, 0))) == {data.DICE, data.SELL7, "good3.g"}


# ---- mosque2 ---------------------------------------------------------------------------------------


def at_mosque(place: int, *colours: str, tiles: tuple[str, ...] = ()) -> GameState:
    """Seat 0 holds mosque2 and arrives at a mosque (from a neighbour) with goods for its tiles."""
    g = edit(holding(data.MOSQUE2, goods=(2, 2, 2, 2)))
    for colour in tiles:
        grant_tile(g, 0, colour)
    g.players[0].merchant = {14: 12, 15: 13}[place]
    g = play(done(g), f"go.{place}", "a.leave")
    assert kind(g) == "action"
    return g


def test_mosque2_card_takes_the_mosque_action_twice() -> None:
    g = at_mosque(15)  # the Great Mosque: blue and yellow tiles
    assert f"c.{data.MOSQUE2}" in codes(g)
    g = play(g, f"c.{data.MOSQUE2}")
    assert kind(g) == "twice" and set(codes(g)) == {"m.blue", "m.yellow", "skip"}
    g = play(g, "m.blue")
    assert "blue" in g.players[0].mosque_tiles and kind(g) == "action" and g.steps[-1].tag == "again"
    assert "m.yellow" in codes(g) and f"c.{data.MOSQUE2}" not in codes(g)
    g = play(g, "m.yellow")
    assert {"blue", "yellow"} <= set(g.players[0].mosque_tiles) and violations(g) == []


def test_mosque2_card_first_action_may_be_skipped_with_its_repeat() -> None:
    g = play(at_mosque(15), f"c.{data.MOSQUE2}", "skip")
    assert kind(g) != "action" and not g.players[0].mosque_tiles and g.discard[-1] == data.MOSQUE2


def test_mosque2_card_with_one_tile_left_repeats_at_once() -> None:
    g = at_mosque(14, tiles=("red",))  # the Small Mosque: only green is left to take
    g = play(g, f"c.{data.MOSQUE2}")
    assert "green" in g.players[0].mosque_tiles and g.discard[-1] == data.MOSQUE2
    assert kind(g) != "twice" and g.turn.player == 1  # nothing left for the second: the turn went on


def test_e33_mosque2_card_is_not_offered_elsewhere_or_when_no_tile_can_be_taken() -> None:
    g = play(holding(data.MOSQUE2, goods=(2, 2, 2, 2)), "go.11", "a.leave")
    assert kind(g) == "action" and data.MOSQUE2 not in offered(g)
    g = at_mosque(14, tiles=("red", "green"))
    assert data.MOSQUE2 not in offered(g)


def test_e33_mosque2_card_never_with_a_remote_action() -> None:
    """"If you are at" needs the acting token on the mosque: not the Tavern's remote action."""
    g = edit(at_mosque(15))
    g.steps = g.steps[:-1] + (Step("action", 0, 15, 0, "barrier"),)
    assert "barrier" in REMOTE_TAGS and data.MOSQUE2 not in offered(done(g))


# ---- follow (D-25, E-15) --------------------------------------------------------------------------


def test_d25_e15_follow_card_moves_the_merchant_stack_to_another_merchant_who_is_not_paid() -> None:
    g = edit(holding(data.FOLLOW, lira=10))
    g.players[1].merchant = 16  # far away: a jump, not a step (E-11)
    g.players[2].merchant = 16
    g = done(g)
    assert f"c.{data.FOLLOW}" in codes(g)
    g = play(g, f"c.{data.FOLLOW}")
    assert kind(g) == "follow" and set(codes(g)) == {"f.1", "f.2"}
    g = play(g, "f.1", "a.leave")
    assert g.players[0].merchant == 16 and kind(g) == "pay"
    before = [p.lira for p in g.players]
    g, events = play_events(g, "pay")
    assert [p.lira - b for p, b in zip(g.players, before, strict=True)] == [-2, 0, 2]  # only seat 2 paid
    assert [e.data["to"] for e in events if e.kind == "fee"] == [2]


def test_e15_follow_card_chosen_merchant_free_but_other_tokens_met_as_usual() -> None:
    g = edit(holding(data.FOLLOW, lira=10))
    g.players[1].merchant = 16
    g = play(done(g), f"c.{data.FOLLOW}", "a.leave")  # the lone merchant to follow is chosen at once
    assert g.players[0].merchant == 16 and g.players[0].lira == 10  # nobody else there: nothing to pay


def test_e15_follow_card_spares_the_merchant_but_not_the_same_players_companion() -> None:
    g = edit(holding(data.FOLLOW, lira=10))
    g.players[1].merchant = 16
    put_companion(g, 1, 16)
    g = play(done(g), f"c.{data.FOLLOW}", "a.leave")
    assert kind(g) == "pay"
    before = g.players[1].lira
    g = play(g, "pay")
    assert g.players[1].lira == before + 2 and g.players[0].lira == 8  # the companion is paid


def test_d25_follow_card_never_chooses_a_neutral_merchant_or_the_own_place() -> None:
    settings = preview_settings(players=2, expansions=("letters",))
    g = done(quieten(new_game(settings, COLOURS_IN_SEAT_ORDER[:2], 1).copy()))
    assert g.board.neutral_merchants  # two-player game: neutral merchants on the board
    g = holding(data.FOLLOW, g=g)
    assert data.FOLLOW not in offered(g)  # the other merchant stands on the Fountain too
    g = edit(g)
    g.players[1].merchant = 9
    g = play(done(g), f"c.{data.FOLLOW}")
    assert codes(g) == () or kind(g) != "follow"  # the lone choice is taken at once
    assert g.players[0].merchant == 9


def test_e32_follow_card_only_at_the_start_of_phase_one() -> None:
    g = edit(holding(data.FOLLOW))
    g.players[1].merchant = 16
    g = play(done(g), "go.11", "a.leave")
    assert data.FOLLOW not in offered(g)


# ---- pay3move (D-24) -------------------------------------------------------------------------------


def test_d24_pay3move_card_pays_3_lira_and_moves_the_stack_anywhere() -> None:
    g = holding(data.PAY3, lira=5)
    g, events = play_events(g, f"c.{data.PAY3}")
    assert g.players[0].lira == 2 and kind(g) == "anywhere" and "go.7" not in codes(g)
    assert len(codes(g)) == 19 and "go.16" in codes(g)
    g, events = play_events(g, "go.16")
    assert g.players[0].merchant == 16 and kind(g) == "assistant"
    assert "{seat:0} moved from Fountain to Gemstone Dealer." in lines(events)


def test_pay3move_card_needs_3_lira() -> None:
    assert data.PAY3 not in offered(holding(data.PAY3, lira=2))
    assert data.PAY3 in offered(holding(data.PAY3, lira=3))


def test_e45_movement_cards_name_the_merchant_stack() -> None:
    g = edit(holding(data.FOLLOW, data.PAY3, lira=5))
    g.players[1].merchant = 9
    d = pending(done(g))
    assert d is not None
    labels = [o.label for o in d.options if o.code in (f"c.{data.FOLLOW}", f"c.{data.PAY3}")]
    assert len(labels) == 2 and all("merchant stack" in label for label in labels)


# ---- bad input ---------------------------------------------------------------------------------------


def test_letters_cards_not_held_are_refused_and_change_nothing() -> None:
    g = holding(data.LETTER)
    d = pending(g)
    assert d is not None
    for code in (f"c.{data.PAY3}", f"c.{data.SELL7}", "c.good3.x", "c.nonsense"):
        with pytest.raises(IllegalChoice):
            apply(g, d.player, d.decision_id, code)
    assert g.players[0].cards == (data.LETTER,)
