"""Games for the tests of Mocha & Baksheesh's bonus cards: the first-game layout, empty hands,
the Governor and Smuggler parked off the board."""

from __future__ import annotations

from bot.engine import GameState, new_game, preview_settings, set_chance_script
from bot.engine import validate as validate_any
from bot.engine.board import grid_of
from bot.engine.mocha.parts import set_mocha_player
from tests.engine.helpers import COLOURS_IN_SEAT_ORDER, codes, give, kind, play, quieten


def mocha_game(players: int = 3, seed: int = 1) -> GameState:
    """A quiet Mocha & Baksheesh game (first-game layout: corners 16, 10, 20, 13; the Wainwright 1
    beside 15, 8, 7 and 19) whose hands are back in the bonus pile."""
    g = new_game(preview_settings(players=players, expansions=("mocha",)), COLOURS_IN_SEAT_ORDER[:players], seed).copy()
    return validate(quieten(g))


def validate(g: GameState) -> GameState:
    """`validate` for a game of a module that is not playable yet."""
    return validate_any(g, preview=True)


def set_coffee(g: GameState, seat: int, n: int) -> None:
    """Give a seat `n` coffee (edits `g`; validate after)."""
    set_mocha_player(g, seat, coffee=n)


def reach(g: GameState, place: int) -> GameState:
    """The current player's merchant steps onto `place` from a neighbouring place and handles the
    assistant there (collect one if present, else leave one); returns the next decision."""
    seat = g.turn.player
    g = g.copy()
    g.players[seat].merchant = grid_of(g).neighbours(place)[0]
    g = play(validate(g), f"go.{place}")
    for code in ("a.collect", "a.leave"):
        if kind(g) == "assistant" and code in codes(g):
            return play(g, code)
    return g


# ---- positions at the module's bonus-card steps (tests/engine/test_forfeit.py) --------------------


def at_corner() -> GameState:
    """Seat 0 has played the corner card and must pick the corner."""
    g = mocha_game()
    give(g, 0, "corner")
    return play(validate(g), "c.corner")


def at_exchange() -> GameState:
    """Seat 0 has played the exchange card holding 1 coffee and 1 fabric."""
    g = mocha_game()
    give(g, 0, "swap3")
    set_coffee(g, 0, 1)
    g.players[0].goods = (1, 0, 0, 0)
    return play(validate(g), "c.swap3")


def at_six_die() -> GameState:
    """Seat 0 rolled 2 and 3 at the Black Market (fabric taken) and played the die-to-6 card:
    either die may turn."""
    g = mocha_game()
    give(g, 0, "six")
    g = set_chance_script(reach(validate(g), 8), dice=[(2, 3)])
    return play(g, "g.red", "c.six")
