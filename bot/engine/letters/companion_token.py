"""The companion as a token kind (`tokens.TOKEN_KINDS`): where each player's companion stands,
how it is put down, and what the base rules already do with such a token.

The other players pay its owner like a merchant when they arrive on its place (RULES-NOTES E-45:
it "pays and is paid like a merchant"); it is never caught; arriving with it takes no assistant
step. It stands on the board (a place) or in a supply (`OFF_BOARD` for the rules of movement;
`parts.COMPANION_IN_GENERAL_SUPPLY` before its owner has earned it, E-44).
"""

from __future__ import annotations

from typing import Any

from ..describe import register_line
from ..machine import Tx
from ..state import GameState, Player
from ..tokens import OFF_BOARD, TokenKind, add_token_kind
from . import data
from .parts import PLAYER, LettersPlayer, set_letters_player


def _where(p: Player) -> int:
    part = p.parts.get(PLAYER)
    if not isinstance(part, LettersPlayer):
        return OFF_BOARD
    place = part.companion  # asked for every token at every step: no call of `max`
    return place if place > OFF_BOARD else OFF_BOARD


def _put(g: GameState, seat: int, place: int) -> None:
    set_letters_player(g, seat, companion=place)


COMPANION = add_token_kind(TokenKind("companion", "companion", data.MODULE, _where, _put, paid=True))


def return_companion(tx: Tx, seat: int, why: str) -> bool:
    """Take a seat's companion from the board back to its owner's supply (a later Fountain action,
    E-44; kiosk tile K15); logged as ``companion_home`` {from, why}. False (and nothing logged)
    when it is not on the board."""
    place = _where(tx.g.players[seat])
    if place == OFF_BOARD:
        return False
    _put(tx.g, seat, OFF_BOARD)
    tx.emit("companion_home", seat, **{"from": place, "why": why})
    return True


def _home_line(who: str, d: dict[str, Any], own: bool) -> str:
    return f"{who} took their companion back from place {d['from']} into their supply."


register_line("companion_home", _home_line, data.MODULE)
