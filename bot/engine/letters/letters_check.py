"""The module's invariants and step checks (run after every step by the tests and `soak`).

- Letters and seals: every letter of a row is a letter of the game (the deck's count, in
  `invariants.deck_violations`, conserves the 36 letters and 24 kiosk tiles: pile, discard pile,
  rows and tiles turned up), no player holds more letters than the game has, and a letter whose
  owner has a token on its place is delivered once the machinery settles (E-48).
- The Courier stands on a place of the board, or off it (0) in a quiet test position.
- The companion is in the general supply, its owner's supply or on a place of the board.
- Step check: a ``double_move`` event only for a seat that had not made one in that round
  (E-49), and the turn after it is the same seat's extra turn.
The Secret Society's bonuses are checked in `secret_society` (never more than three, and per
player at most one under the "player" option).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..decision import Event
from ..invariants import register_invariant, register_step_check
from ..state import GameState
from ..tokens import OFF_BOARD, TOKEN_KINDS
from . import data
from .parts import COMPANION_IN_GENERAL_SUPPLY, PLAYER, LettersPlayer, letters_board, letters_player


def letters_problems(g: GameState) -> list[str]:
    out = []
    places = set(g.layout)
    held = 0
    kinds = TOKEN_KINDS.in_play(g.settings)
    for p in g.players:
        part = p.parts.get(PLAYER)
        if not isinstance(part, LettersPlayer):
            out.append(f"seat {p.seat} has no letters part")
            continue
        held += len(part.letters)
        if g.steps:  # the sweep runs before every step (a finished game has none left)
            here = {k.where(p) for k in kinds}
            late = [place for place, done in part.letters if not done and place in here]
            if late:
                out.append(f"seat {p.seat} stands on place {late[0]} with its letter for it undelivered")
        companion = part.companion
        if companion not in (COMPANION_IN_GENERAL_SUPPLY, OFF_BOARD) and companion not in places:
            out.append(f"seat {p.seat}'s companion stands on {companion}, not a place of the board")
    if held > data.LETTER_TILES:
        out.append(f"{held} letters before the players, more than the {data.LETTER_TILES} of the game")
    courier = letters_board(g).courier
    if courier != OFF_BOARD and courier not in places:
        out.append(f"the Courier stands on {courier}, not a place of the board")
    return out


def double_move_once_a_round(before: GameState, events: Sequence[Event], after: GameState) -> list[str]:
    out = []
    for e in events:
        if e.kind == "double_move" and e.player is not None:
            if letters_player(before, e.player).double_move_round == before.round:
                out.append(f"seat {e.player} made a second double move in round {before.round}")
            if e.data.get("round") != before.round:
                out.append(f"seat {e.player}'s double move names round {e.data.get('round')}, not {before.round}")
    return out


register_invariant(letters_problems, data.MODULE)
register_step_check(double_move_once_a_round, data.MODULE)
