"""Positions for the Great Bazaar's rule tests: a quiet game (empty hands, every neutral token off
the board) on a fixed legal 5x5 board whose Catacombs (25) touch the Fountain, the Police Station
and the Tavern, so each way of reaching them is one step away."""

from __future__ import annotations

from bot.engine import GameState, RuleOptions, preview_settings
from bot.engine.layouts import Grid, layout_is_legal
from tests.engine.helpers import (
    codes,
    done,
    edit,  # noqa: F401  (re-exported: the tests take it from here)
    kind,
    play,
    quiet_module_game,
)

BAZAAR = ("mocha", "letters")
# Rows top to bottom: the Catacombs (25) between the Police Station (12) and the Tavern (19), the
# Fountain (7) below it in the centre, the Black Market (8) and the Tea House (9) far apart.
TEST_BOARD = (
    1, 2, 3, 4, 5,
    6, 12, 25, 19, 10,
    11, 13, 7, 14, 8,
    15, 16, 17, 18, 20,
    9, 21, 22, 23, 24,
)  # fmt: skip
assert layout_is_legal(Grid(5, 5, TEST_BOARD))


def bazaar_settings(players: int = 3, rules: RuleOptions | None = None) -> object:
    return preview_settings(players=players, expansions=BAZAAR, rules=rules or RuleOptions())


def quiet_bazaar(players: int = 3, seed: int = 1, rules: RuleOptions | None = None, board: bool = True) -> GameState:
    """A Great Bazaar game (on `TEST_BOARD` unless `board` is False) with empty hands and the
    Governor, Smuggler, Coffee trader and Courier off the board."""
    g = quiet_module_game(BAZAAR, players, seed, rules)
    if board:
        g.layout = TEST_BOARD
    return done(g)


def leave_assistant(g: GameState) -> GameState:
    """Handle the assistant step if it is asked (collect one if present, else leave one)."""
    for code in ("a.collect", "a.leave"):
        if kind(g) == "assistant" and code in codes(g):
            return play(g, code)
    return g
