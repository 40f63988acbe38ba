"""The card that calls a neutral token from afar (components.md §8.3; RULES-NOTES E-30, E-29, E-53,
E-55): the Governor, the Smuggler (the Courier once registered, the Coffee trader in the Great
Bazaar) wherever it stands, its cost always paid, then the dice move it."""

from __future__ import annotations

from bot.engine import GameState, can_undo, set_chance_script
from bot.engine.invariants import violations
from bot.engine.letters import data
from bot.engine.letters.parts import set_letters_board
from bot.engine.mocha.parts import mocha_board, set_mocha_board, set_mocha_player
from tests.engine.helpers import codes, kind, play, play_events
from tests.engine.letters.letters_helpers import done, edit
from tests.engine.letters.test_letters_bonus_cards import at_the_end, bazaar, holding, lines, offered

USE = data.NEUTRAL


def tokens_at(governor: int = 0, smuggler: int = 0, **kw: object) -> GameState:
    g = edit(holding(USE, **kw))  # type: ignore[arg-type]
    g.board.governor = governor
    g.board.smuggler = smuggler
    return done(g)


def test_usetoken_card_calls_the_governor_from_afar_then_the_dice_move_him() -> None:
    g = tokens_at(governor=16, smuggler=9, lira=5)
    assert USE in offered(g)
    g = play(g, f"c.{USE}")
    assert kind(g) == "usetoken" and set(codes(g)) == {"u.gov", "u.smug"}
    g = set_chance_script(g, dice=[(2, 3)], cards=["lira5"])
    g, events = play_events(g, "u.gov")
    assert "{seat:0} called the Governor from afar with a bonus card." in lines(events)
    assert g.players[0].cards == ("lira5",) and kind(g) == "gov_pay"
    g, events = play_events(g, "pay")
    assert g.players[0].lira == 3 and g.board.governor == 5 and g.players[0].merchant == 7
    assert "The Governor moved to Post Office." in lines(events)
    assert violations(g) == []


def test_usetoken_card_calls_the_smuggler() -> None:
    g = tokens_at(smuggler=9, lira=0)
    g = play(g, f"c.{USE}")  # the lone token is called at once
    assert kind(g) == "smug_good"
    g = play(set_chance_script(g, dice=[(6, 6)]), "g.blue")  # no Lira: pays with the good just taken
    assert g.players[0].goods == (0, 0, 0, 0) and g.board.smuggler == 12


def test_usetoken_card_is_not_offered_with_no_token_on_the_board() -> None:
    assert USE not in offered(tokens_at())


def test_e30_usetoken_card_any_free_moment_outside_an_action() -> None:
    g = play(tokens_at(governor=16), "go.11", "a.leave")
    assert kind(g) == "action" and USE in offered(g)


def test_e30_usetoken_card_costs_are_never_waived_by_the_encounter_tile() -> None:
    g = edit(holding(USE, lira=5, g=bazaar()))
    g.board.governor = g.layout[0]
    set_mocha_player(g, 0, tavern_tiles=("encounter1",))
    g = play(done(g), f"c.{USE}", "u.gov")
    assert kind(g) == "gov_pay"  # E-30: the card says to pay


def test_e53_usetoken_card_calls_the_coffee_trader_in_the_great_bazaar_only() -> None:
    g = edit(holding(USE, lira=5, g=bazaar()))
    set_mocha_board(g, coffee_trader=g.layout[0])
    set_letters_board(g, courier=0)  # the Courier off the board: he is offered like any other token
    g.board.governor = g.layout[1]
    g = play(done(g), f"c.{USE}")
    assert set(codes(g)) == {"u.gov", "u.cof"}
    g = play(set_chance_script(g, dice=[(1, 1)]), "u.cof")  # no goods: the 2 Lira are the lone way to pay
    assert mocha_board(g).coffee_trader == 2 and g.players[0].lira == 3
    assert "u.cof" not in codes(play(tokens_at(governor=16, smuggler=9), f"c.{USE}"))


def test_e55_usetoken_card_after_the_last_round_calls_the_smuggler_only() -> None:
    g = edit(at_the_end(USE, data.PAY3))
    g.board.governor = 16
    g = done(g)
    assert USE not in offered(g)
    g = edit(g)
    g.board.smuggler = 9
    g = play(done(g), f"c.{USE}")
    assert kind(g) == "smug_good"
    g = play(g, "g.red", "g.red")
    assert kind(g) == "final" and g.board.smuggler == 9  # nothing moves after the game (E-55)


def test_usetoken_card_play_is_an_undo_barrier() -> None:
    assert not can_undo(play(tokens_at(governor=16, smuggler=9), f"c.{USE}"), 0)
