"""The state Letters & Seals adds to a game: one part on the board, one on each player.

Both are absent in other games. They are frozen: a write replaces the part (`set_letters_board`,
`set_letters_player`), so states share every part nobody wrote. Everything here is public: the
letters before a player lie face up (RULES-NOTES E-48), the kiosk tiles turned up and the bids are
open. The face-down piles are decks of their own (`letter_deck.LETTER_DECK`,
`kiosk_deck.KIOSK_DECK`): their order is hidden.

- ``LettersBoard``: the Courier's place, the Secret Society bonuses handed out, the kiosk tiles
  turned up at a Kiosk action (still free, and those picked and not yet put away), the running
  auction's bid and bidder.
- ``LettersPlayer``: the player's letters (place number, delivered) in the order received, where
  the companion is (`COMPANION_IN_GENERAL_SUPPLY`, `OFF_BOARD` for the player's own supply, or a
  place), and the round in which the player last made a double move; the turn in which the
  companion was last set on the board and the last turn bound to the merchant at its start (the
  return-assistant card played before any token moved: no companion turn then, E-45) and the last
  turn in which the companion was the active token.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..part_slots import BoardSlot, PlayerSlot
from ..setup import SETUPS
from ..state import GameState, Part
from ..tokens import OFF_BOARD
from . import data

MODULE = data.MODULE
BOARD = "letters_board"
PLAYER = "letters_player"

COMPANION_IN_GENERAL_SUPPLY = -1
"""The companion's place while it waits in the general supply (before its owner's first Fountain
action, E-44). ``OFF_BOARD`` (0) is its owner's personal supply; a positive number a place."""

Letter = tuple[int, bool]
"""A letter before a player: (the place number on its front, delivered)."""


@dataclass(frozen=True, slots=True)
class LettersBoard(Part):
    """The module's things on and beside the board."""

    courier: int = 0  # the Courier's place (0 until the set-up dice place him)
    society_bonuses: tuple[int, ...] = ()  # seats paid a Secret Society Lira bonus, in order (E-52)
    kiosk_up: tuple[str, ...] = ()  # kiosk tiles turned up and not picked yet (K01-K24)
    kiosk_taken: tuple[tuple[int, str], ...] = ()  # (seat, tile) picked at this Kiosk action
    bid: int = 0  # the auction's highest bid so far (0: no auction running)
    bidder: int = -1  # the seat that bid it, -1 nobody


@dataclass(frozen=True, slots=True)
class LettersPlayer(Part):
    """A player's letters, companion and double move."""

    letters: tuple[Letter, ...] = ()  # face up before the player, in the order received
    companion: int = COMPANION_IN_GENERAL_SUPPLY
    double_move_round: int = -1  # the round of the player's last double move (D-17, E-49)
    companion_placed: int = -1  # the turn (`GameState.turns`) the companion was last set out (E-45)
    merchant_turn: int = -1  # a turn (`GameState.turns`) bound to the merchant before it moved (E-45)
    companion_turn: int = -1  # the last turn (`GameState.turns`) in which the companion moved instead


BOARD_SLOT = BoardSlot(BOARD, LettersBoard, MODULE)
PLAYER_SLOT = PlayerSlot(PLAYER, LettersPlayer, MODULE)
letters_board = BOARD_SLOT.of
set_letters_board = BOARD_SLOT.set  # the board part with some fields changed (returns the new part)
letters_player = PLAYER_SLOT.of
set_letters_player = PLAYER_SLOT.set


def letters_of(g: GameState, seat: int) -> tuple[Letter, ...]:
    return letters_player(g, seat).letters


def seals_of(g: GameState, seat: int) -> int:
    """The seals a player's letters show (1 on a front, 2 once delivered)."""
    return data.seals_total([delivered for _, delivered in letters_of(g, seat)])


def companion_place(g: GameState, seat: int) -> int:
    """The companion's place on the board; `OFF_BOARD` while it is in a supply."""
    return max(letters_player(g, seat).companion, OFF_BOARD)


def _set_up(g: GameState) -> None:
    """Set-up of the module's parts: the Secret Society's Lira piles untouched, no tiles turned up,
    every companion in the general supply, nobody's letters (the letter and kiosk piles are decks,
    the Courier a neutral token: both are set up with the others)."""
    g.set_board_part(BOARD, LettersBoard())
    for seat in range(len(g.players)):
        g.set_player_part(seat, PLAYER, LettersPlayer())


SETUPS.add(_set_up, MODULE)
