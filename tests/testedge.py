"""A test-only edge blocker (the Barrier's stand-in until Mocha & Baksheesh lands): an edge
between two adjacent places that every seat but its controller must go around.

`with blocked_edge(7, 8, controller=1): ...` registers it for the block's duration (build the
game inside it: a pending decision is cached on the state). The service and Discord tests may
play the same edge through their layers.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from bot.engine.board import EDGE_BLOCKERS, BlockedEdge
from bot.engine.state import GameState


@dataclass(eq=False)
class TestBarrier:
    """Blocks `edges` for every seat but `controller`; counts how often the engine asks."""

    edges: tuple[tuple[int, int], ...]
    controller: int = -1
    module: str | None = None
    asked: int = field(default=0)

    def blocked_edges(self, g: GameState) -> Iterable[BlockedEdge]:
        self.asked += 1
        return [BlockedEdge(a, b, self.controller) for a, b in self.edges]


@contextmanager
def blocked_edge(*edges: tuple[int, int], controller: int = -1, module: str | None = None) -> Iterator[TestBarrier]:
    barrier = TestBarrier(tuple(edges), controller, module)
    EDGE_BLOCKERS.add(barrier)
    try:
        yield barrier
    finally:
        EDGE_BLOCKERS.remove(barrier)
