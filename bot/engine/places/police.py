"""Police Station: send your family member from here to another place and take its action."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..board import place_name
from ..components import POLICE_STATION
from ..decision import Option
from ..machine import Tx, push
from ..state import GameState, Step
from ..tokens import FAMILY, move_token
from . import Place, place


@lru_cache(maxsize=64)
def _targets(layout: tuple[int, ...]) -> tuple[str, ...]:
    """The codes of the places a family member may be sent to, in number order."""
    return tuple(f"f.{q}" for q in sorted(layout) if q != POLICE_STATION)


@place
class PoliceStation(Place):
    number = POLICE_STATION

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        if g.players[seat].family != POLICE_STATION:
            return []
        return [
            Option(f"f.{q}", f"Send your family member to {place_name(q)} ({q})")
            for q in sorted(g.layout)
            if q != POLICE_STATION
        ]

    def codes(self, g: GameState, seat: int, step: Step) -> Sequence[str]:
        if g.players[seat].family != POLICE_STATION:
            return ()
        return _targets(g.layout)

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        target = int(code[2:])
        seat = step.actor
        move_token(tx.g, seat, FAMILY, target)  # a teleport: no edge blocks it (E-11)
        tx.emit("family_sent", seat, target=target)
        push(tx.g, Step("action", seat, target, 0, "family"))
