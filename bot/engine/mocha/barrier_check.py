"""The Barrier respected by every step-by-step move (the issue's playout invariant; E-1, E-11).

A state alone cannot tell how a token got where it stands, so this is a step check
(`invariants.register_step_check`): for each ``move`` event of an accepted input whose ``how`` is
a step-by-step move (`STEPWISE_HOWS`) and that was decided at a movement step (`MOVE_LENGTHS`), the
move must be possible around the edges blocked for that seat in the state *before* the input
(`board.blocked_for`: the Barrier for everyone but its controller): the target among
`movement.reachable` for that step's lengths, or at the end of a straight line that crosses no
blocked edge (the Movement tile). Teleports (other ``how`` values) are not checked: they ignore
the Barrier (E-11).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board import blocked_for, grid_of
from ..decision import Event
from ..invariants import register_step_check
from ..machine import pending
from ..movement import reachable
from ..state import GameState
from . import data

# The `how` of the move events of step-by-step moves (a module adding one registers its word here).
STEPWISE_HOWS: set[str] = {"move"}
# Decision kinds that move a token step by step: the lengths they allow (lo, hi, a 3-4 card move).
MOVE_LENGTHS: dict[str, tuple[int, int, bool]] = {"move": (1, 2, False), "move34": (3, 4, True)}


def straight_and_clear(g: GameState, seat: int, source: int, target: int) -> bool:
    """Whether `target` lies in a straight line from `source` with no edge on it blocked for `seat`
    (on a line the only shortest way is the line itself)."""
    grid = grid_of(g)
    (r1, c1), (r2, c2) = grid.position(source), grid.position(target)
    if r1 != r2 and c1 != c2:
        return False
    blocked = blocked_for(g, seat)
    try:
        return grid.distance(source, target, blocked) == abs(r1 - r2) + abs(c1 - c2)
    except ValueError:
        return False


def move_respects_barrier(g: GameState, kind: str, seat: int, source: int, target: int) -> bool:
    """Whether a step-by-step move decided at a `kind` step is possible around the blocked edges."""
    lo, hi, card = MOVE_LENGTHS[kind]
    walk = card and g.settings.rules.move_card_semantics == "walk"
    return target in reachable(g, seat, source, lo, hi, walk) or straight_and_clear(g, seat, source, target)


def barrier_crossings(before: GameState, events: Sequence[Event], after: GameState) -> list[str]:
    d = pending(before)
    if d is None or d.kind not in MOVE_LENGTHS:
        return []
    out = []
    for e in events:
        if e.kind != "move" or e.data.get("how") not in STEPWISE_HOWS or e.player is None:
            continue
        source, target = e.data["source"], e.data["target"]
        if not move_respects_barrier(before, d.kind, e.player, source, target):
            out.append(f"seat {e.player} moved from {source} to {target} across a blocked edge")
    return out


register_step_check(barrier_crossings, data.MODULE)
