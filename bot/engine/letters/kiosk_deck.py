"""The kiosk tiles as a deck: the face-down stacks on the Kiosk (one pile here: the two printed
stacks only make the tiles easier to reach), the face-up discard pile, and the tiles turned up at
a Kiosk action (`parts.LettersBoard.kiosk_up`, then `kiosk_taken` once a player picked one).

An item is the tile's id, ``"K01"`` ... ``"K24"`` (components.md §13, one of each). Tiles turned
up are named to everyone; the pile's order is hidden. The pile is refilled from the discard pile
when it runs out (RULES-NOTES E-50).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..decks import Deck, register_deck
from ..settings import GameSettings
from ..state import GameState
from . import data
from .parts import letters_board
from .texts import KIOSK_NAMES

KIOSK = "kiosk"


class KioskTiles(Deck):
    name = KIOSK
    private = False
    title = "kiosk tile"
    noun = "a kiosk tile"

    def phrase(self, item: str) -> str:
        return f"kiosk tile {KIOSK_NAMES[item]}"

    def contents(self, settings: GameSettings) -> tuple[str, ...]:
        return tuple(sorted(data.KIOSK_TILE_IDS))

    def face_up(self, g: GameState) -> Iterable[str]:
        board = letters_board(g)
        return (*board.kiosk_up, *(tile for _, tile in board.kiosk_taken))


KIOSK_DECK = register_deck(KioskTiles(), data.MODULE)
