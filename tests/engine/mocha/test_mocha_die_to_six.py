"""The die-to-6 card and its question (issue 23 item 7; RULES-NOTES E-20, E-29, E-32d): after a
roll of the player's own, when turning one die to 6 would change what it brings, a roller holding
any private card is asked, whether or not this card is among them; no pause otherwise, never for
a neutral token's roll; the red mosque tile and the card each once, in either order."""

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
from bot.engine.mocha.guild_deck import GUILD
from tests.engine.helpers import codes, give, grant_tile, kind, play, play_events
from tests.engine.mocha.bonus_helpers import mocha_game, reach, validate

# First-game layout: Black Market 8, Tea House 9, Governor placed by hand; merchants on the Fountain 7.


def at(place: int, *cards: str, red: bool = False, guild: tuple[str, ...] = ()) -> GameState:
    g = mocha_game()
    give(g, 0, *cards)
    if red:
        grant_tile(g, 0, "red")
    if guild:
        pile = g.decks[GUILD]
        g.decks[GUILD] = pile.__class__(pile=tuple(c for c in pile.pile if c not in guild), discard=pile.discard)
        g.players[0].hands = {**g.players[0].hands, GUILD: guild}
    return reach(validate(g), place)


def tea_house(call: int, dice: tuple[int, int], *cards: str, **kw: object) -> GameState:
    g = set_chance_script(at(9, *cards, **kw), dice=[dice])  # type: ignore[arg-type]
    return play(g, f"n{call}")


def test_mocha_card_six_turns_a_tea_house_die_into_the_call() -> None:
    g = tea_house(10, (3, 4), "six")
    assert kind(g) == "dice" and codes(g) == ("ok", "c.six")  # the 4 turned to 6 would still miss 10
    g, events = play_events(g, "c.six")  # the only useful die turns at once
    assert g.players[0].lira == 2 + 10 and g.discard[-1] == "six" and not g.players[0].cards
    said = [line for e in events if (line := describe(e, None)) is not None]
    assert "{seat:0} turned a die to 6: now 6 and 4." in said


def test_mocha_card_six_keep_pays_the_roll_as_it_lies() -> None:
    g = play(tea_house(10, (3, 4), "six"), "ok")
    assert g.players[0].lira == 2 + 2 and g.players[0].cards == ("six",)


@pytest.mark.parametrize("hand", [("good",), ("stay", "lira5")])
def test_mocha_card_six_asked_with_any_private_card(hand: tuple[str, ...]) -> None:
    """The pause tells nobody whether the card is held: a lone "keep" is asked all the same."""
    g = tea_house(10, (3, 4), *hand)
    assert kind(g) == "dice" and codes(g) == ("ok",)
    g = play(g, "ok")
    assert g.players[0].lira == 4


def test_mocha_card_six_asked_with_a_guild_card_only() -> None:
    g = tea_house(10, (3, 4), guild=("g7",))
    assert kind(g) == "dice" and codes(g) == ("ok",)


def test_mocha_card_six_no_pause_with_an_empty_hand() -> None:
    g = tea_house(10, (3, 4))
    assert kind(g) != "dice" and g.players[0].lira == 4


@pytest.mark.parametrize(("call", "dice"), [(3, (2, 3)), (12, (1, 2)), (7, (6, 6)), (11, (6, 1))])
def test_mocha_card_six_no_pause_when_it_cannot_change_the_result(call: int, dice: tuple[int, int]) -> None:
    """Call 3 is reached anyway; 12 is out of reach with one 6; two 6s; 6+6 reaches 11 (asked)."""
    g = tea_house(call, dice, "six")
    if call == 11:
        assert kind(g) == "dice" and codes(g) == ("ok", "c.six")
    else:
        assert kind(g) != "dice"


def test_mocha_card_six_on_the_black_market_roll() -> None:
    g = set_chance_script(at(8, "six"), dice=[(2, 3)])
    g = play(g, "g.red")
    assert codes(g) == ("ok", "c.six")
    g = play(g, "c.six")
    assert kind(g) == "six_die" and codes(g) == ("die.1", "die.2")
    g = play(g, "die.1")  # 6 + 3 = 9: 2 jewelry
    assert g.players[0].goods == (1, 0, 0, 2)


def test_mocha_card_six_never_for_the_governors_roll() -> None:
    """E-29: the roll that moves a neutral token is nobody's own roll: no question."""
    g = mocha_game()
    give(g, 0, "six")
    g.board.governor = 3
    g = set_chance_script(play(reach(validate(g), 3), "skip"), cards=["good"], dice=[(2, 3)])
    g = play(g, "gov", "d.good")
    assert kind(g) != "dice" and g.board.governor == 5 and g.players[0].cards == ("six",)


def test_mocha_card_six_not_asked_in_a_base_game() -> None:
    g = new_game(preview_settings(players=3, layout="in_order"), ["red", "blue", "green"], 1)
    assert g.players[0].cards  # holding cards, but the rule exists only with the module
    g = g.copy()
    g.players[0].merchant = 10
    g = validate(set_chance_script(g, dice=[(3, 4)]))
    g = play(g, "go.9")
    if kind(g) == "assistant":
        g = play(g, "a.leave")
    g = play(g, "n10")
    assert kind(g) != "dice"


# ---- with the red mosque tile (E-20: each once, either order) --------------------------------------


def test_mocha_card_six_then_red_tile() -> None:
    g = set_chance_script(at(8, "six", red=True), dice=[(2, 1)])
    g = play(g, "g.red")
    assert codes(g) == ("ok", "t.four1", "t.four2", "t.reroll", "c.six")
    g = play(g, "c.six", "die.1")  # 6 and 1
    assert kind(g) == "dice" and codes(g) == ("ok", "t.four1", "t.four2", "t.reroll")  # the card is used
    g = play(g, "t.four2")  # 6 and 4: 10, 2 jewelry
    assert g.players[0].goods == (1, 0, 0, 2)


def test_mocha_card_six_after_the_red_tile_four() -> None:
    g = set_chance_script(at(8, "six", red=True), dice=[(2, 1)])
    g = play(g, "g.red", "t.four1")  # 4 and 1
    assert kind(g) == "dice" and codes(g) == ("ok", "c.six")  # the tile is used
    g = play(g, "c.six", "die.2")  # 4 and 6: 10
    assert g.players[0].goods == (1, 0, 0, 2) and kind(g) != "dice"


def test_mocha_card_six_after_the_red_tile_reroll() -> None:
    g = set_chance_script(at(8, "six", red=True), dice=[(2, 1), (1, 5)])
    g = play(g, "g.red", "t.reroll")
    assert kind(g) == "dice" and codes(g) == ("ok", "c.six")  # 6 and 5: 3 jewelry; 1 and 6: 1
    assert g.players[0].goods == (1, 0, 0, 0)
    g = play(g, "c.six", "die.1")
    assert g.players[0].goods == (1, 0, 0, 2)  # capacity 2


def test_mocha_card_six_on_the_two_rewards_card() -> None:
    g = set_chance_script(validate(_holding("mdice", "six")), dice=[(3, 5)])
    g = play(g, "c.mdice")
    assert kind(g) == "dice" and codes(g) == ("ok", "c.six")
    g = play(g, "c.six", "die.2")  # 3 and 6: 1 fruit and 1 jewelry
    assert g.players[0].goods == (0, 0, 1, 1)


def _holding(*cards: str) -> GameState:
    g = mocha_game()
    give(g, 0, *cards)
    return g


def test_mocha_card_six_forged_code_is_refused_and_changes_nothing() -> None:
    g = tea_house(10, (3, 4), "good")  # the question, without the card
    d = pending(g)
    assert d is not None
    for code in ("c.six", "die.1", "t.four1"):
        with pytest.raises(IllegalChoice):
            apply(g, d.player, d.decision_id, code)
    assert g.players[0].lira == 2 and kind(g) == "dice"


@pytest.mark.parametrize("dice", [(3, 4), (2, 3), (5, 5)])
def test_mocha_card_six_the_pause_tells_nobody_whether_the_card_is_held(dice: tuple[int, int]) -> None:
    """Holding the card or another: the same decision for everyone else to see (kind, prompt,
    public options, who decides); only the private option differs."""
    seen = []
    for hand in (("six",), ("good",), ("six", "good")):
        d = pending(tea_house(10, dice, *hand))
        assert d is not None
        seen.append((d.kind, d.prompt, d.player, tuple(o for o in d.options if not o.private)))
    assert seen[0] == seen[1] == seen[2]
