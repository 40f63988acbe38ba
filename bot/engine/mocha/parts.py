"""The state Mocha & Baksheesh adds to a game: one part on the board, one on each player.

Both are absent in other games. They are frozen: a write replaces the part
(``g.set_board_part(BOARD, replace(part, ...))``), so states share every part nobody wrote.
Everything here is public; the guild cards are a deck of their own (the Guild Hall's face-down
pile, its face-up discard pile and each player's hidden hand, ``Player.hands["guild"]``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..part_slots import BoardSlot, PlayerSlot
from ..places.rubies import Price, RubyTrack, add_ruby_track
from ..setup import SETUPS
from ..state import GameState, Part
from . import data

BOARD = "mocha_board"
PLAYER = "mocha_player"


@dataclass(frozen=True, slots=True)
class MochaBoard(Part):
    """The module's things on and beside the board."""

    coffee_house_rubies: int = data.COFFEE_HOUSE_RUBIES_AT_SETUP  # rubies left on the Coffee House track
    coffee_trader: int = 0  # the Coffee trader's place (0 until the set-up dice place it)
    barrier: tuple[int, int] | None = (
        None  # the edge (smaller place first) it stands on; None beside the board
    )
    barrier_controller: int = -1  # the seat holding the Barrier control tile, -1 nobody
    movement_tiles: tuple[int, ...] = ()  # coffee costs of the Movement tiles left in their pile, top first
    encounter_tiles: tuple[int, ...] = ()  # the same for the Encounter tiles
    baksheesh: data.BaksheeshSide = data.BAKSHEESH_START_SIDE  # the Baksheesh tile's side up


@dataclass(frozen=True, slots=True)
class MochaPlayer(Part):
    """A player's coffee and Tavern tiles (face up in front of them, kept for good)."""

    coffee: int = data.START_COFFEE
    tavern_tiles: tuple[str, ...] = ()  # tile ids ("movement1", "encounter3"), in the order taken


BOARD_SLOT = BoardSlot(BOARD, MochaBoard, data.MODULE)
PLAYER_SLOT = PlayerSlot(PLAYER, MochaPlayer, data.MODULE)
mocha_board = BOARD_SLOT.of
set_mocha_board = BOARD_SLOT.set  # the board part with some fields changed (returns the new part)
mocha_player = PLAYER_SLOT.of
set_mocha_player = PLAYER_SLOT.set


def _set_up(g: GameState) -> None:
    """Set-up steps 4-6 of the module (the Coffee trader's dice and the guild pile come with the
    neutral tokens and the decks): the Coffee House rubies from the supply, both Tavern piles
    with the 1-coffee tile on top, the Baksheesh tile with its 3 yellow up, nobody's coffee."""
    pile = data.tavern_pile(len(g.players), g.settings.rules.two_player_tavern_tiles)
    g.set_board_part(BOARD, MochaBoard(movement_tiles=pile, encounter_tiles=pile))
    g.wboard().ruby_supply -= data.COFFEE_HOUSE_RUBIES_AT_SETUP
    for seat in range(len(g.players)):
        g.set_player_part(seat, PLAYER, MochaPlayer())


SETUPS.add(_set_up, data.MODULE)


# ---- the Coffee House's ruby track (components.md §11) --------------------------------------------


def _coffee_house_left(g: GameState) -> int:
    return mocha_board(g).coffee_house_rubies


def _set_coffee_house_left(g: GameState, n: int) -> None:
    set_mocha_board(g, coffee_house_rubies=n)


def _coffee_house_price(left: int) -> Price:
    return Price(coffee=data.coffee_house_price(left))


COFFEE_HOUSE_TRACK = add_ruby_track(
    RubyTrack(
        data.COFFEE_HOUSE,
        "coffee_house",
        data.MODULE,
        _coffee_house_left,
        _set_coffee_house_left,
        _coffee_house_price,
    )
)
