"""Positions for the Kiosk and Auction House tests: seat 0's merchant at place 22 or 23 with the
kiosk tiles and letters it turns up scripted."""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import GameState, new_game, preview_settings, set_chance_script, validate
from bot.engine.letters.parts import set_letters_board
from tests.engine.helpers import COLOURS_IN_SEAT_ORDER, kind, play, quieten
from tests.engine.letters.letters_helpers import done, edit, quiet_letters
from tests.engine.mocha.core_helpers import step_onto

KIOSK = 22
AUCTION_HOUSE = 23
Edit = Callable[[GameState], object]


def quiet_bazaar(players: int = 3, seed: int = 1) -> GameState:
    """A Great Bazaar game (both modules: coffee is in play) with empty hands and the neutral
    tokens off the board."""
    settings = preview_settings(players=players, expansions=("mocha", "letters"))
    g = new_game(settings, COLOURS_IN_SEAT_ORDER[:players], seed).copy()
    quieten(g)
    set_letters_board(g, courier=0)
    from bot.engine.mocha.parts import set_mocha_board

    set_mocha_board(g, coffee_trader=0)
    return validate(g, preview=True)


def at_place(place: int, players: int = 3, change: Edit | None = None, bazaar: bool = False) -> GameState:
    """Seat 0's merchant has just arrived on `place` (its action is next); `change` edits the
    game before (hands, Lira, goods...)."""
    g = edit(quiet_bazaar(players) if bazaar else quiet_letters(players))
    if change is not None:
        change(g)
    return step_onto(done(g), place)


def at_kiosk(
    *tiles: str,
    players: int = 3,
    letter: str = "l5",
    change: Edit | None = None,
    bazaar: bool = False,
) -> GameState:
    """Seat 0 has taken the Kiosk's action: it received `letter` and turned up `tiles` (players + 1
    of them, in that order); its pick is next."""
    g = at_place(KIOSK, players, change, bazaar)
    g = set_chance_script(g, cards={"letters": [letter], "kiosk": list(tiles)})
    g = play(g, "act")
    assert kind(g) == "kiosk_pick"
    return g


def code(tile: str) -> str:
    """The pick code of a tile: K05 -> p.5."""
    return f"p.{int(tile[1:])}"


FILLER = ("K01", "K02", "K03", "K04", "K05", "K06")


def picked(tile: str, players: int = 3, change: Edit | None = None, bazaar: bool = False) -> GameState:
    """Seat 0 has picked `tile` at its own Kiosk (the other tiles turned up are fillers): the use of
    `tile` is next."""
    others = [t for t in FILLER if t != tile][:players]
    g = at_kiosk(tile, *others, players=players, change=change, bazaar=bazaar)
    g = play(g, code(tile))
    return g
