"""Where things stand on the grid: the layout as a `Grid`, who is at a place, and the edges
between places that a seat may not cross step by step (a Barrier)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple, Protocol

from .layouts import NO_EDGES, Edges, Grid, edge
from .providers import Registry
from .state import GameState
from .texts import PLACE_NAMES


@lru_cache(maxsize=256)
def _grid(width: int, layout: tuple[int, ...]) -> Grid:
    return Grid(width, len(layout) // width, layout)


# By the identity of a state's layout tuple (shared by every copy of a game's state), so that
# the tuple is not hashed on each look-up; each entry holds its tuple, so the id stays its own.
_GRID_OF: dict[int, tuple[tuple[int, ...], int, Grid]] = {}


def grid_of(g: GameState) -> Grid:
    layout = g.layout
    found = _GRID_OF.get(id(layout))
    if found is None or found[0] is not layout or found[1] != g.width:
        if len(_GRID_OF) > 256:
            _GRID_OF.clear()
        found = _GRID_OF[id(layout)] = (layout, g.width, _grid(g.width, layout))
    return found[2]


def place_name(place: int) -> str:
    name = PLACE_NAMES.get(place)
    return f"Place {place}" if name is None else name  # (the fallback is not written out on every call)


def neutral_merchants_at(g: GameState, place: int) -> int:
    return g.board.neutral_merchants.count(place)


# ---- blocked edges ----------------------------------------------------------------------------


class BlockedEdge(NamedTuple):
    """An edge between two orthogonally adjacent places that no token crosses step by step,
    except those of `controller` (a seat; -1: nobody)."""

    a: int
    b: int
    controller: int = -1


class EdgeBlocker(Protocol):
    """A provider of blocked edges (the Barrier of Mocha & Baksheesh), read from the state."""

    @property
    def module(self) -> str | None: ...

    def blocked_edges(self, g: GameState) -> Iterable[BlockedEdge]: ...


EDGE_BLOCKERS: Registry[EdgeBlocker] = Registry()


def blocked_for(g: GameState, seat: int) -> Edges:
    """The edges `seat`'s tokens may not cross step by step now (empty in a base game).
    Distances and step-by-step moves pass it to `Grid`; teleports ignore it (RULES-NOTES E-11)."""
    blockers = EDGE_BLOCKERS.active(g.settings)
    if not blockers:
        return NO_EDGES
    if len(blockers) == 1:
        edges = tuple(blockers[0].blocked_edges(g))  # (a tuple given is taken as it is)
    else:
        edges = tuple([e for b in blockers for e in b.blocked_edges(g)])
    if not edges:
        return NO_EDGES  # (nothing blocked: no look-up)
    found = _BLOCKED.get((seat, edges))
    if found is None:
        if len(_BLOCKED) > 1024:
            _BLOCKED.clear()
        barred = frozenset(edge(e.a, e.b) for e in edges if e.controller != seat)
        found = _BLOCKED[(seat, edges)] = barred or NO_EDGES
    return found


# By (seat, the blocked edges in play): what that seat may not cross, one shared object each (its
# hash is worked out once, and the tables of moves are keyed by it)
_BLOCKED: dict[tuple[int, tuple[BlockedEdge, ...]], Edges] = {}
