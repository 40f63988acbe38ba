"""The start and the end of a turn, the round, the end of the game's last round."""

from __future__ import annotations

from .machine import StepKind, Tx, pop, push, register
from .state import Step, Turn


@register
class TurnStart(StepKind):
    name = "turn"

    def run(self, tx: Tx, step: Step) -> None:
        g = tx.g
        pop(g)
        seat = step.actor
        g.turns += 1
        g.turn = Turn(player=seat, start=g.players[seat].merchant)
        tx.emit("turn", seat, round=g.round)
        push(g, Step("move", seat), Step("end", seat))


@register
class TurnEnd(StepKind):
    name = "end"

    def run(self, tx: Tx, step: Step) -> None:
        g = tx.g
        pop(g)
        seat = step.actor
        if g.settings.caravan_leader and g.turn.caravansary_done and g.board.caravan_leader != seat:
            g.board.caravan_leader = seat
            tx.emit("caravan_leader", seat)
        n = len(g.players)
        last_of_round = (seat + 1) % n == 0  # seat 0 is the start player
        if g.end_triggered and last_of_round:
            tx.emit("last_round_over", None)
            push(g, *[Step("final", s) for s in range(n)], Step("gameover", 0))
            return
        nxt = (seat + 1) % n
        if nxt == 0:
            g.round += 1
        push(g, Step("turn", nxt))


@register
class GameEnd(StepKind):
    name = "gameover"

    def run(self, tx: Tx, step: Step) -> None:
        from .scoring import result

        pop(tx.g)
        tx.g.finished = True
        tx.emit("game_over", None, ranking=[[s.seat, s.rank] for s in result(tx.g)])
