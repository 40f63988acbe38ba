"""Positions for the Tavern, Barrier and Tavern tile tests: a quiet Mocha & Baksheesh game on the
first-game grid (components.md §1.3), every merchant on the Fountain 7:

    16 15 18  3 10
     8  1  7 17  4
     2 19  6 12  9
    20 11  5 14 13
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import GameState, RuleOptions, validate
from bot.engine.mocha.parts import set_mocha_player
from tests.engine.helpers import play
from tests.engine.mocha.core_helpers import quiet_mocha


def mocha_game(players: int = 3, seed: int = 1, rules: RuleOptions | None = None) -> GameState:
    """Empty hands, the Governor, Smuggler and Coffee trader off the board."""
    return quiet_mocha(players, seed, rules)


def edit(g: GameState, change: Callable[[GameState], None]) -> GameState:
    """A copy of `g` changed by `change`, checked again."""
    g = g.copy()
    change(g)
    return validate(g, preview=True)


def with_coffee(g: GameState, seat: int, coffee: int, *tiles: str) -> GameState:
    return edit(g, lambda h: set_mocha_player(h, seat, coffee=coffee, tavern_tiles=tiles))


def at_tavern(g: GameState) -> GameState:
    """Seat 0 walks from the Fountain to the Tavern and leaves an assistant: its action step."""
    return play(g, "go.19", "a.leave")
