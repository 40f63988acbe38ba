"""A Letters & Seals position for the surface tests (pictures, terminal): a fresh game whose module
parts are edited to show every state at once: letters open and delivered, companions on the board,
in a supply and not earned, a double move made this round, kiosk tiles turned up and picked, a
running bid, a Secret Society bonus paid and the Courier on the board.

The Courier is a neutral token of the rules (l-core registers it); until it is registered,
`courier_token` registers a stand-in for the length of a test so the board draws him the same way.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from bot.engine import GameState, new_game, preview_settings
from bot.engine.letters.kiosk_deck import KIOSK_DECK
from bot.engine.letters.letter_deck import LETTER_DECK, letter_item
from bot.engine.letters.parts import Letter, letters_board, set_letters_board, set_letters_player
from bot.engine.tokens import NeutralToken, add_neutral_token, neutral_token, remove_neutral_token

COLOURS = ["red", "blue", "green", "yellow", "white"]
TEA_HOUSE = 9
# Each seat's letters (place, delivered): none is addressed to where its owner's tokens stand
# (merchants at the Fountain, family members at the Police Station, seat 0's companion at 16).
LETTERS: tuple[tuple[Letter, ...], ...] = (
    ((3, False), (21, True), (10, False), (16, True)),
    ((5, False),),
    (),
    ((22, True), (24, False), (1, False), (2, False), (4, False), (13, True)),
    ((14, True),),
)
KIOSK_UP = ("K04", "K11", "K19")
KIOSK_TAKEN = ((0, "K07"), (1, "K15"))


def letters_position(players: int = 5, seed: int = 7) -> GameState:
    g = new_game(preview_settings(players=players, expansions=("letters",)), COLOURS[:players], seed).copy()
    show_letters(g)
    return g


def show_letters(g: GameState) -> None:
    """The edits of `letters_position` on a fresh game with the module (the Great Bazaar's too)."""
    players = len(g.players)
    pile = list(LETTER_DECK.pile(g))
    for seat in range(players):
        for place, _ in LETTERS[seat]:
            pile.remove(letter_item(place))
        set_letters_player(g, seat, letters=LETTERS[seat])
    discarded = (pile.pop(), pile.pop())
    LETTER_DECK.set_pile(g, tuple(pile))
    LETTER_DECK.set_discard(g, discarded)
    set_letters_player(g, 0, companion=16)
    set_letters_player(g, 1, companion=0)  # earned, in its owner's supply
    set_letters_player(g, players - 1, double_move_round=g.round)
    tiles = list(KIOSK_DECK.pile(g))
    taken = KIOSK_TAKEN if players > 2 else KIOSK_TAKEN[:1]
    for tile in (*KIOSK_UP, *(t for _, t in taken)):
        tiles.remove(tile)
    KIOSK_DECK.set_pile(g, tuple(tiles))
    g.players[1].lira = max(g.players[1].lira, 6)
    set_letters_board(
        g, courier=TEA_HOUSE, society_bonuses=(1,), kiosk_up=KIOSK_UP, kiosk_taken=taken, bid=6, bidder=1,
    )


@contextmanager
def courier_token() -> Iterator[None]:
    """The Courier as a neutral token for the block (none needed once the rules register him)."""
    if neutral_token("courier") is not None:
        yield
        return

    def put(g: GameState, place: int) -> None:
        set_letters_board(g, courier=place)

    token = add_neutral_token(NeutralToken(
        "cou", "courier", "the Courier", "letters", lambda g: letters_board(g).courier, put, lambda g, seat: None,
    ))  # fmt: skip
    try:
        yield
    finally:
        remove_neutral_token(token)
