"""The start and the end of a turn, extra turns, the round, the end of the game's last round.

A seat's *turn sequence* is its turn and the extra turns that follow it right away (guild card
#7, the double move: `grant_extra_turn`); the round does not advance in between, and the last
round ends after the last seat's extra turns (RULES-NOTES D-02). `sequence_over(before, after)`
tells the service when a sequence (or a seat's leftover-card window after the last round) has
ended, `turn_over(before, after)` when a single turn has.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from .machine import StepKind, Tx, pop, push, register
from .registry import Registry
from .state import GameState, Step, Turn, replace_turn, shared_step

# What a module offers at the end of a turn, before anything else happens there (Letters & Seals'
# double move, RULES-NOTES E-49): called with the state and the turn's player, each gives the
# steps to ask first (none: nothing to offer). The end step then runs again with n=1, offering
# nothing more.
END_OFFERS: Registry[Callable[[GameState, int], tuple[Step, ...]]] = Registry("end-of-turn offers")


def grant_extra_turn(g: GameState) -> None:
    """The turn's player takes another turn as soon as this one ends (it may be granted more
    than once; a forfeit plays through them)."""
    g.turn = replace_turn(g.turn, {"again": g.turn.again + 1})


@cache
def _fresh_turn(seat: int, start: int) -> Turn:
    """A new turn's record, built once per seat and start place and shared (a Turn never changes:
    a change replaces it)."""
    return Turn(player=seat, start=start)


@cache
def _turn_steps(seat: int) -> tuple[Step, Step]:
    """The steps every turn queues (the move, then the end) in stack order (the last runs first),
    built once per seat and shared."""
    return shared_step("end", seat), shared_step("move", seat)


@register
class TurnStart(StepKind):
    """A turn begins (tag "extra": an extra turn of the same seat; n: extra turns still owed after it)."""

    name = "turn"

    def run(self, tx: Tx, step: Step) -> None:
        g = tx.g
        seat = step.actor
        g.turns += 1
        start = g.players[seat].merchant
        if step.tag == "extra":
            g.extra_turns += 1
            g.turn = Turn(player=seat, start=start, extra=True, again=step.n, forfeit=g.turn.forfeit)
            tx.emit("turn", seat, round=g.round, extra=True)
        else:
            g.turn = _fresh_turn(seat, start)
            if tx.keeps_events:  # (the hottest events: not even built for a quiet transaction)
                tx.emit("turn", seat, round=g.round)
        g.steps = g.steps[:-1] + _turn_steps(seat)  # `pop` this step, `push` the turn's (stack order built once)


@register
class TurnEnd(StepKind):
    """The turn's end (n=1: the end-of-turn offers, `END_OFFERS`, were made)."""

    name = "end"

    def run(self, tx: Tx, step: Step) -> None:
        g = tx.g
        g.steps = g.steps[:-1]  # `pop`
        seat = step.actor
        if not step.n:
            offering = END_OFFERS.active(g.settings)
            if offering:  # (no comprehension's frame on a turn where no module offers anything)
                offers = [s for offer in offering for s in offer(g, seat)]
                if offers:
                    push(g, *offers, Step("end", seat, n=1))
                    return
        turn = g.turn
        if turn.caravansary_done and g.settings.caravan_leader and g.board.caravan_leader != seat:
            g.wboard().caravan_leader = seat
            tx.emit("caravan_leader", seat)
        if turn.again:
            push(g, Step("turn", seat, n=turn.again - 1, tag="extra"))
            return
        nxt = seat + 1
        if nxt == len(g.players):  # the last seat's turn: seat 0 is the start player
            if g.end_triggered:
                tx.emit("last_round_over", None)
                push(g, *[Step("final", s) for s in range(nxt)], Step("gameover", 0))
                return
            nxt = 0
            g.round += 1
        g.steps += _next_turn(nxt)  # `push`


@cache
def _next_turn(seat: int) -> tuple[Step]:
    """The step that starts `seat`'s turn, as the one-step tuple `TurnEnd` pushes (built once)."""
    return (shared_step("turn", seat),)


@register
class GameEnd(StepKind):
    name = "gameover"

    def run(self, tx: Tx, step: Step) -> None:
        from .scoring import result

        pop(tx.g)
        tx.g.finished = True
        tx.emit("game_over", None, ranking=[[s.seat, s.rank] for s in result(tx.g)])


def _window(g: GameState) -> int:
    """The seat whose leftover-card window after the last round is open (-1: none)."""
    for step in reversed(g.steps):
        if step.kind == "final":
            return step.actor
        if step.kind == "gameover":
            return -1
    return -1


def sequence_key(g: GameState) -> tuple[int, int, bool]:
    """Changes exactly when a turn sequence ends: (sequences started, the leftover-card window's
    seat or -1, whether the game is over)."""
    return g.turns - g.extra_turns, _window(g), g.finished


def sequence_over(before: GameState, after: GameState) -> bool:
    """Whether the turn sequence going on in `before` (a seat's turn with its extra turns, or a
    seat's leftover-card window after the last round) is over in `after`: the moment a grace
    period starts. Decisions of other seats in the middle of a turn do not end it."""
    return sequence_key(before) != sequence_key(after)


def turn_over(before: GameState, after: GameState) -> bool:
    """Whether a single turn (an extra turn too) or a leftover-card window ended."""
    return (before.turns, _window(before), before.finished) != (after.turns, _window(after), after.finished)
