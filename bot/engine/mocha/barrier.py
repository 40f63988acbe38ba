"""The Barrier of Mocha & Baksheesh (the Tavern's first option, RULES-NOTES E-1, E-11, E-12, E-41).

The Barrier stands on one edge between two orthogonally adjacent places (``MochaBoard.barrier``)
and blocks every step-by-step move across it (the merchant's move, the 3-or-4 card, the Movement
tile's straight line) for everyone but the holder of its control tile
(``MochaBoard.barrier_controller``); teleports ignore it. It is a `board.EDGE_BLOCKERS` provider,
so the movement code never names it.

At the Tavern the player pays 2 coffee, chooses an edge (step ``barrier``: ``e.<a>.<b>``, the
smaller place first, the same code in every decision; its current edge too), takes the control
tile, then chooses which of the edge's two places acts (step ``barrier_act``: ``p.<place>``,
never the Tavern itself). That place's action follows as an action step with the tag
``"barrier"`` (a remote action: no assistant, no payment, no encounters there; "if you are at"
cards are barred, E-33).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..board import EDGE_BLOCKERS, BlockedEdge, grid_of
from ..cards import REMOTE_TAGS
from ..decision import Option, who
from ..describe import register_line
from ..invariants import register_invariant
from ..layouts import Edge, Grid, edge
from ..machine import StepKind, Tx, pop, push, register
from ..places import can_act
from ..state import GameState, Step
from ..texts import PLACE_NAMES
from . import data
from .parts import BOARD, MochaBoard, mocha_board, set_mocha_board
from .texts import PLACE_NAMES as MOCHA_PLACE_NAMES

REMOTE_TAG = "barrier"  # the action step's tag of the Barrier's remote action
REMOTE_TAGS.add(REMOTE_TAG)


def place_name(place: int) -> str:
    """A place's name, the module's places included before their texts are registered."""
    return PLACE_NAMES.get(place) or MOCHA_PLACE_NAMES.get(place) or f"Place {place}"


class Barrier:
    """The Barrier as a blocked edge, read from the module's board part."""

    module = data.MODULE

    def __init__(self) -> None:
        # the board part read last and its edge (asked at every move and reach of a search: the
        # part is replaced whenever the Barrier moves, so its identity tells whether it did)
        self._last: tuple[object, tuple[BlockedEdge, ...]] = (None, ())

    def blocked_edges(self, g: GameState) -> tuple[BlockedEdge, ...]:
        part = g.board.parts.get(BOARD)
        last = self._last
        if last[0] is part:
            return last[1]
        found: tuple[BlockedEdge, ...] = ()
        if isinstance(part, MochaBoard) and part.barrier is not None:
            a, b = part.barrier
            found = (BlockedEdge(a, b, part.barrier_controller),)
        self._last = (part, found)
        return found


BARRIER = EDGE_BLOCKERS.add(Barrier())


@lru_cache(maxsize=64)
def _edges(grid: Grid) -> tuple[Edge, ...]:
    found = {edge(a, b) for a in grid.places for b in grid.neighbours(a)}
    return tuple(sorted(found))


def board_edges(g: GameState) -> tuple[Edge, ...]:
    """Every edge between two orthogonally adjacent places, in place-number order (31 on 5x4,
    40 on 5x5)."""
    return _edges(grid_of(g))


def edge_code(a: int, b: int) -> str:
    """The code of an edge in every decision: 'e.7.8' (smaller place first)."""
    lo, hi = edge(a, b)
    return f"e.{lo}.{hi}"


def edge_label(a: int, b: int) -> str:
    lo, hi = edge(a, b)
    return f"{lo} {place_name(lo)} | {hi} {place_name(hi)}"


def put_barrier(tx: Tx, seat: int, where: Edge) -> None:
    """The Barrier goes on `where` (it may be its current edge) and `seat` takes its control tile."""
    before = mocha_board(tx.g)
    set_mocha_board(tx.g, barrier=where, barrier_controller=seat)
    moved = before.barrier != where
    tx.emit("barrier", seat, a=where[0], b=where[1], moved=moved, source=list(before.barrier or ()))


@register
class BarrierEdge(StepKind):
    """Where the Barrier goes: any edge between two adjacent places, its current one included."""

    name = "barrier"
    module = data.MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        current = mocha_board(g).barrier
        out = []
        for a, b in board_edges(g):
            here = " (where it stands)" if current == (a, b) else ""
            out.append(Option(edge_code(a, b), edge_label(a, b) + here))
        return out

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: put the Barrier between two neighbouring places."

    def default_code(self, g: GameState, step: Step) -> str | None:
        """An idle player leaves the Barrier where it stands (taking its control tile); with the
        Barrier beside the board, the first edge."""
        current = mocha_board(g).barrier
        return None if current is None else edge_code(*current)

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        _, a, b = code.split(".")
        put_barrier(tx, step.actor, (int(a), int(b)))
        push(tx.g, Step("barrier_act", step.actor, data.TAVERN))


@register
class BarrierAction(StepKind):
    """Which of the Barrier's two places acts (never the Tavern itself, E-41)."""

    name = "barrier_act"
    module = data.MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        where = mocha_board(g).barrier
        assert where is not None
        out = []
        for q in where:
            if q == data.TAVERN:
                continue
            note = "" if can_act(g, step.actor, q, Step("action", step.actor, q, tag=REMOTE_TAG)) else " (nothing to do there now)"
            out.append(Option(f"p.{q}", f"Take the action of {q} {place_name(q)}{note}"))
        return out

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: which of the two places' actions do you take (no encounters there)?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        push(tx.g, Step("action", step.actor, int(code[2:]), tag=REMOTE_TAG))


def _barrier_line(who: str, d: dict[str, Any], own: bool) -> str:
    where = f"between {place_name(d['a'])} and {place_name(d['b'])}"
    if d.get("moved", True):
        return f"{who} put the Barrier {where} and took its control tile."
    return f"{who} left the Barrier {where} and took its control tile."


register_line("barrier", _barrier_line, data.MODULE)


def _barrier_in_place(g: GameState) -> list[str]:
    """The Barrier stands between two neighbouring places with a seat holding its control tile,
    or lies beside the board with nobody holding it."""
    board = mocha_board(g)
    if board.barrier is None:
        return [] if board.barrier_controller == -1 else [f"seat {board.barrier_controller} controls no Barrier"]
    problems = []
    if board.barrier not in board_edges(g):
        problems.append(f"the Barrier stands on {board.barrier}, not an edge between neighbours")
    if not 0 <= board.barrier_controller < len(g.players):
        problems.append(f"the Barrier's control tile is held by seat {board.barrier_controller}")
    return problems


register_invariant(_barrier_in_place, data.MODULE)
