"""Positions for the Mocha & Baksheesh rule tests of places 17 and 20, the Coffee trader and the
Caravansary's coffee: a quiet game (empty hands, neutral tokens off the board) and a seat's
merchant stepped onto a place."""

from __future__ import annotations

from bot.engine import GameState, RuleOptions
from bot.engine.decks import deck_named
from bot.engine.mocha.parts import set_mocha_player
from tests.engine.helpers import (
    codes,
    done,
    edit,  # noqa: F401  (re-exported: the tests take it from here)
    kind,
    play,
    quiet_module_game,
)


def quiet_mocha(players: int = 3, seed: int = 1, rules: RuleOptions | None = None) -> GameState:
    """A Mocha game on the first-game layout with empty hands (cards back in the draw pile) and
    the Governor, Smuggler and Coffee trader off the board."""
    return done(quiet_module_game(("mocha",), players, seed, rules))


def give_coffee(g: GameState, seat: int, n: int) -> None:
    set_mocha_player(g, seat, coffee=n)


def give_guild(g: GameState, seat: int, *cards: str) -> None:
    """Move guild cards from the Guild Hall's pile into a hand (edits `g`)."""
    deck = deck_named("guild")
    pile = list(deck.pile(g))
    for c in cards:
        pile.remove(c)
    deck.set_pile(g, tuple(pile))
    p = g.players[seat]
    deck.set_hand(p, tuple(sorted(deck.hand(p) + cards)))


def step_onto(g: GameState, place: int) -> GameState:
    """The current player's merchant steps onto `place` from its first neighbour and handles the
    assistant there; returns the next decision (the action, as a rule)."""
    from bot.engine.board import grid_of

    g = g.copy()
    g.players[g.turn.player].merchant = grid_of(g).neighbours(place)[0]
    g = play(done(g), f"go.{place}")
    for code in ("a.collect", "a.leave"):
        if kind(g) == "assistant" and code in codes(g):
            return play(g, code)
    return g
