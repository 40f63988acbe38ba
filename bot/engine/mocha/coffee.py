"""Coffee: Mocha & Baksheesh's own resource, held in any amount and never "a good" (E-43).

Every gain and payment of coffee goes through `gain_coffee` / `pay_coffee`, which record a
``coffee`` event ({n: the change, why, total}) whose story line is registered here.
"""

from __future__ import annotations

from typing import Any

from ..describe import register_line
from ..invariants import register_invariant
from ..machine import Tx
from ..scoring import NEVER_COUNTED
from ..state import GameState
from . import data
from .parts import PLAYER, MochaPlayer, mocha_player, set_mocha_player

# Where coffee came from or went, for the story line ("{who} took 2 coffee at the Roasting Plant").
COFFEE_WHY: dict[str, str] = {}


def coffee_of(g: GameState, seat: int) -> int:
    """A seat's coffee (0 in a game without the module)."""
    part = g.players[seat].parts.get(PLAYER)
    return part.coffee if isinstance(part, MochaPlayer) else 0


def gain_coffee(tx: Tx, seat: int, n: int, why: str = "") -> None:
    if n <= 0:
        return
    total = mocha_player(tx.g, seat).coffee + n
    set_mocha_player(tx.g, seat, coffee=total)
    tx.emit("coffee", seat, n=n, why=why, total=total)


def pay_coffee(tx: Tx, seat: int, n: int, why: str = "") -> None:
    """Take `n` coffee from a seat that has it (callers offer only what can be paid)."""
    if n <= 0:
        return
    have = mocha_player(tx.g, seat).coffee
    if have < n:
        raise RuntimeError(f"seat {seat} cannot pay {n} coffee")
    set_mocha_player(tx.g, seat, coffee=have - n)
    tx.emit("coffee", seat, n=-n, why=why, total=have - n)


def _line(who: str, d: dict[str, Any], own: bool) -> str:
    where = COFFEE_WHY.get(d.get("why", ""), "")
    n = d["n"]
    verb = "took" if n > 0 else "paid"
    return f"{who} {verb} {abs(n)} coffee{' ' + where if where else ''} (now {d['total']})."


register_line("coffee", _line, data.MODULE)


def _never_negative(g: GameState) -> list[str]:
    return [
        f"seat {p.seat} holds {coffee_of(g, p.seat)} coffee" for p in g.players if coffee_of(g, p.seat) < 0
    ]


register_invariant(_never_negative, data.MODULE)
NEVER_COUNTED.add("coffee", data.MODULE)  # never a good, so never a tie-break (E-56)
NEVER_COUNTED.add("guild cards", data.MODULE)  # never bonus cards (E-56, E-60)
