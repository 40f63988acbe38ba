"""Positions for the Letters & Seals rule tests (append only: several authors add to this file):
a quiet game (empty hands, neutral tokens off the board), letters and companions put in place by
hand, and the letter pile scripted."""

from __future__ import annotations

from bot.engine import GameState, RuleOptions
from bot.engine.letters.letter_deck import LETTER_DECK, letter_item
from bot.engine.letters.parts import Letter, letters_of, set_letters_player
from tests.engine.helpers import (
    done,
    edit,  # noqa: F401  (re-exported: the tests take it from here)
    quiet_module_game,
)


def quiet_letters(
    players: int = 3, seed: int = 1, rules: RuleOptions | None = None, layout: str = "first"
) -> GameState:
    """A Letters & Seals game (the first-game layout unless told) with empty hands (cards back in
    the draw pile) and the Governor, Smuggler and Courier off the board."""
    return done(quiet_module_game(("letters",), players, seed, rules, layout=layout))


def give_letters(g: GameState, seat: int, *letters: Letter) -> None:
    """Move letters (place, delivered) from the face-down pile to a seat's row (edits `g`)."""
    pile = list(LETTER_DECK.pile(g))
    for place, _ in letters:
        pile.remove(letter_item(place))
    LETTER_DECK.set_pile(g, tuple(pile))
    set_letters_player(g, seat, letters=letters_of(g, seat) + tuple(letters))


def put_companion(g: GameState, seat: int, place: int) -> None:
    """Put a seat's companion on a place (0: its owner's supply, -1: the general supply)."""
    set_letters_player(g, seat, companion=place)
