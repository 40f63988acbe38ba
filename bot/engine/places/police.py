"""Police Station: send your family member from here to another place and take its action."""

from __future__ import annotations

from ..board import place_name
from ..components import POLICE_STATION
from ..decision import Option
from ..machine import Tx, push
from ..state import GameState, Step
from ..tokens import FAMILY, move_token
from . import Place, place


@place
class PoliceStation(Place):
    number = POLICE_STATION

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        if g.players[seat].family != POLICE_STATION:
            return []
        return [
            Option(f"f.{q}", f"Send your family member to {place_name(q)}")
            for q in sorted(g.layout)
            if q != POLICE_STATION
        ]

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        target = int(code[2:])
        seat = step.actor
        move_token(tx.g, seat, FAMILY, target)  # a teleport: no edge blocks it (E-11)
        tx.emit("family_sent", seat, target=target)
        push(tx.g, Step("action", seat, target, 0, "family"))
