"""Helpers for the guild card tests: a quiet Mocha & Baksheesh game and hands of guild cards."""

from __future__ import annotations

from bot.engine import GameState, validate
from bot.engine.mocha.guild_deck import GUILD_DECK
from bot.engine.mocha.parts import set_mocha_player
from tests.engine.mocha.core_helpers import quiet_mocha

COLOURS = ["red", "blue", "green", "yellow", "white"]


def mocha_game(players: int = 3, seed: int = 1) -> GameState:
    """A Mocha game on the first layout with empty bonus hands and the neutral tokens parked off
    the board (their cards back in the pile), so only the test's own setup changes the options."""
    return quiet_mocha(players, seed)


def give_guild(g: GameState, seat: int, *cards: str) -> GameState:
    """Move guild cards from the guild pile into a hand; returns a clean copy."""
    g = g.copy()
    pile = list(GUILD_DECK.pile(g))
    for card in cards:
        pile.remove(card)
    GUILD_DECK.set_pile(g, tuple(pile))
    p = g.mut(seat)
    GUILD_DECK.set_hand(p, tuple(sorted(GUILD_DECK.hand(p) + cards)))
    return validate(g, preview=True)


def set_coffee(g: GameState, seat: int, n: int) -> GameState:
    g = g.copy()
    set_mocha_player(g, seat, coffee=n)
    return validate(g, preview=True)


def reach(g: GameState, place: int) -> GameState:
    """The current player's merchant steps onto `place` from a neighbouring place and handles the
    assistant there (as `tests.engine.helpers.reach`, for a game of a module not playable yet)."""
    from bot.engine.board import grid_of
    from tests.engine.helpers import codes, kind, play

    seat = g.turn.player
    g = g.copy()
    g.players[seat].merchant = grid_of(g).neighbours(place)[0]
    g = validate(g, preview=True)
    g = play(g, f"go.{place}")
    for code in ("a.collect", "a.leave"):
        if kind(g) == "assistant" and code in codes(g):
            return play(g, code)
    return g
