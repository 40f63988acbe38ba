"""The double move (RULES-NOTES D-17, E-49): at the end of a turn, once a round, a player may pay a
minimal set of letters worth at least 3 seals (no letter of it could be left out and still reach
3, so it shows 3 or 4 seals: `data.double_move_payment_ok`) and take another whole turn at once.

It is offered at the end of every turn of its player (`turn.END_OFFERS`), also after a turn
that ended early (declining the assistant or the payment), as the step ``double_move``:
``no`` (the default: the turn ends) or ``p.<digits>`` (the letters paid, `letter_payment`). The
extra turn (`turn.grant_extra_turn`) may be any kind of turn (a guild card's, the companion's);
`LettersPlayer.double_move_round` keeps the round, so it is never offered twice in one round and
so never chained. A round runs from the start player to the seat before it, extra turns within.
Events: ``double_move`` {round}, after the ``letters_paid`` (why "double_move").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..decision import Option, who
from ..describe import register_line
from ..invariants import register_invariant
from ..machine import Tx, pop, register
from ..state import GameState, Step
from ..turn import END_OFFERS, grant_extra_turn
from . import data
from .letter_deck import LETTERS_WHY, discard_letters
from .letter_payment import LetterPayment
from .parts import letters_player, seals_of, set_letters_player

DOUBLE_MOVE = "double_move"  # the step, the event and the `why` of the letters paid
LETTERS_WHY[DOUBLE_MOVE] = "for a double move"
MOST = 4  # a minimal payment of ones and twos worth at least 3 seals shows 3 or 4 (D-17)
NO = Option("no", "No double move: end your turn")


def can_double_move(g: GameState, seat: int) -> bool:
    """Whether `seat` may make a double move now: not yet this round, with 3 seals or more."""
    return letters_player(g, seat).double_move_round != g.round and seals_of(g, seat) >= data.DOUBLE_MOVE_SEALS


def _offer(g: GameState, seat: int) -> tuple[Step, ...]:
    return (Step(DOUBLE_MOVE, seat),) if can_double_move(g, seat) else ()


END_OFFERS.add(_offer, data.MODULE)


@register
class DoubleMove(LetterPayment):
    """End of the turn: letters worth at least 3 seals (a minimal set) for another turn, or not."""

    name = DOUBLE_MOVE
    module = data.MODULE
    decline = "no"
    most = MOST

    def ok(self, seals: Sequence[int]) -> bool:
        return data.double_move_payment_ok(seals)

    def what(self, g: GameState, step: Step) -> str:
        return "Another turn for"

    def extra(self, g: GameState, step: Step) -> list[Option]:
        return [NO]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: pay letters worth {data.DOUBLE_MOVE_SEALS} seals for a double move?"

    def paid(self, tx: Tx, step: Step, indices: tuple[int, ...]) -> None:
        g = tx.g
        seat = step.actor
        pop(g)
        discard_letters(tx, seat, indices, DOUBLE_MOVE)
        set_letters_player(g, seat, double_move_round=g.round)
        tx.emit(DOUBLE_MOVE, seat, round=g.round)
        grant_extra_turn(g)

    def resolve_extra(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)


def _line(who: str, d: dict[str, Any], own: bool) -> str:
    return f"{who} makes a double move: another turn follows at once."


register_line(DOUBLE_MOVE, _line, data.MODULE)


def _once_a_round(g: GameState) -> list[str]:
    """Nobody's double move lies in a round still to come (the round is kept when one is made)."""
    return [
        f"seat {p.seat} made a double move in round {letters_player(g, p.seat).double_move_round}, "
        f"after the current round {g.round}"
        for p in g.players
        if letters_player(g, p.seat).double_move_round > g.round
    ]


register_invariant(_once_a_round, data.MODULE)
