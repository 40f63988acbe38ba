"""The ``familystep`` bonus card (components.md §8.3; RULES-NOTES E-37): instead of moving the
merchant stack or the companion, the family member steps to an orthogonally adjacent place and
takes its action there.

The family member must not stand on the Police Station and may not step onto it; the step goes
round no blocked edge (the Barrier stops it unless its owner controls it, E-11, E-12). There it
takes the place's action without an assistant (an ``action`` step tagged "family", so cards
bound to the place apply as for the family member sent by the Police Station, E-33) and meets
nobody: no fees, no catching, no neutral tokens. That is the whole turn: after the action comes
step ``family_end`` (the last free moment, for cards and tiles), then the end of the turn.

Steps: ``family_step`` (``go.N``, a movement step: a forfeit leaves the family member where it
is), ``family_end`` (``done``). The move event has ``token`` "family" and ``how`` "familystep".
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board import place_name
from ..bonus_cards import CardMove, instead_of_move
from ..cards import CardPlay, register_card_play
from ..components import POLICE_STATION
from ..decision import Option, who
from ..machine import LastFreeMoment, Tx, push, register
from ..movement import reachable
from ..state import GameState, Step
from ..tokens import FAMILY, move_token
from . import data
from .bonus_cards import MOVE_STEP, phrase

FAMILY_STEP = "family_step"
FAMILY_END = "family_end"


def family_targets(g: GameState, seat: int) -> tuple[int, ...]:
    """Where the family member may step: a neighbouring place other than the Police Station,
    round the edges blocked for its owner; nothing while it is at the station."""
    here = g.players[seat].family
    if here == POLICE_STATION or here not in g.layout:
        return ()
    return tuple(q for q in reachable(g, seat, here, 1, 1) if q != POLICE_STATION)


def _can_step(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return bool(family_targets(g, seat))


@register
class FamilyStep(CardMove):
    """After the ``familystep`` card: the family member's one step (``go.N``)."""

    name = FAMILY_STEP
    module = data.MODULE
    ask = "move your family member one step and take that place's action."

    def targets(self, g: GameState, step: Step) -> Sequence[int]:
        return family_targets(g, step.actor)

    def label(self, g: GameState, step: Step, target: int) -> str:
        return f"Step your family member to {place_name(target)} ({target})"

    def land(self, tx: Tx, step: Step, target: int) -> None:
        g, seat = tx.g, step.actor
        source = move_token(g, seat, FAMILY, target)
        tx.emit("move", seat, source=source, target=target, how=data.FAMILY_STEP, token=FAMILY.name)
        push(g, Step("action", seat, target, 0, "family"), Step(FAMILY_END, seat, target))


@register
class FamilyEnd(LastFreeMoment):
    """The end of a turn spent on the family member's step: no encounters (E-37), but still a
    free moment for cards and tiles."""

    name = FAMILY_END
    module = data.MODULE

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: your family member's turn is over; play a card first?"


register_card_play(
    CardPlay(
        data.FAMILY_STEP, instead_of_move(FAMILY_STEP), window=MOVE_STEP, playable=_can_step,
        label=f"Play {phrase(data.FAMILY_STEP)}: move your family member, not your stack",
    ),
    data.MODULE,
)
