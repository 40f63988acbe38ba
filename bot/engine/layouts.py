"""Board layouts: the grid of place tiles and the rules for building one.

The base game uses a 4x4 grid of places 1-16.  Three layouts are fixed (see
``FIXED_LAYOUTS``); the fourth is random and must respect two placement rules
(see ``layout_is_legal``).  All place-set queries on a :class:`Grid` return
place numbers in ascending order so that callers get deterministic results.

Randomness never comes from the ``random`` module: callers pass a ``draw``
function (``draw(n)`` -> uniform integer in ``[0, n)``) taken from the
engine's own seeded generator, so a game can be replayed exactly.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

__all__ = [
    "BLACK_MARKET",
    "FIXED_LAYOUTS",
    "NO_EDGES",
    "FOUNTAIN",
    "LAYOUT_NAMES",
    "TEA_HOUSE",
    "Draw",
    "Edge",
    "Edges",
    "Grid",
    "edge",
    "fountain_cells",
    "layout_is_legal",
    "make_grid",
    "random_layout",
]

Draw = Callable[[int], int]
"""``draw(n)`` returns a uniform integer in ``[0, n)``."""

Edge = tuple[int, int]
"""Two orthogonally adjacent places, the smaller number first (see ``edge``)."""
Edges = frozenset[Edge]
"""Edges that may not be crossed step by step (a Barrier, for every seat but its controller)."""
NO_EDGES: Edges = frozenset()


def edge(a: int, b: int) -> Edge:
    """The edge between two places, whichever way it is crossed."""
    return (a, b) if a < b else (b, a)


LAYOUT_NAMES: tuple[str, ...] = ("short", "long", "in_order", "random")

FOUNTAIN = 7
BLACK_MARKET = 8
TEA_HOUSE = 9

# Rows top to bottom, columns left to right (components.md §1.2, RULES-NOTES appendix A).
FIXED_LAYOUTS: dict[str, tuple[int, ...]] = {
    "short": (
        15, 5, 2, 14,
        4, 12, 7, 3,
        8, 6, 11, 9,
        13, 10, 1, 16,
    ),
    "long": (
        16, 2, 8, 11,
        15, 7, 6, 4,
        3, 5, 12, 1,
        10, 9, 14, 13,
    ),
    "in_order": tuple(range(1, 17)),
}  # fmt: skip

BASE_WIDTH = 4
BASE_HEIGHT = 4
BASE_PLACES: tuple[int, ...] = tuple(range(1, 17))

# Minimum Manhattan distance between the Black Market and the Tea House.
MIN_MARKET_TEA_DISTANCE = 3


@dataclass(frozen=True, slots=True)
class Grid:
    """An immutable ``height`` x ``width`` board; ``places`` is row-major, top row first."""

    width: int
    height: int
    places: tuple[int, ...]
    # the hash of the three fields, worked out once: a grid is the first argument of the cached
    # look-ups here (neighbours, distances), asked at every step of every search
    _hash: int = field(init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        return self._hash

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.width, self.height, self.places)))
        if self.width < 1 or self.height < 1:
            raise ValueError(f"grid size must be positive, got {self.width}x{self.height}")
        if len(self.places) != self.width * self.height:
            raise ValueError(
                f"a {self.width}x{self.height} grid needs {self.width * self.height} places, "
                f"got {len(self.places)}"
            )
        if len(set(self.places)) != len(self.places):
            raise ValueError("each place may appear only once in a grid")

    # -- coordinates -------------------------------------------------------------------------

    def position(self, place: int) -> tuple[int, int]:
        """(row, col) of ``place``; raises ``ValueError`` if the place is not on the board."""
        try:
            return _index(self)[place]
        except KeyError:
            raise ValueError(f"place {place} is not on this board") from None

    def place_at(self, row: int, col: int) -> int:
        """The place at (row, col); raises ``IndexError`` outside the board."""
        if not (0 <= row < self.height and 0 <= col < self.width):
            raise IndexError(f"cell ({row}, {col}) is outside a {self.width}x{self.height} grid")
        return self.places[row * self.width + col]

    def __contains__(self, place: object) -> bool:
        return place in _index(self)

    # -- shape -------------------------------------------------------------------------------

    def corners(self) -> tuple[int, ...]:
        """The places in the corner cells."""
        cells = {(0, 0), (0, self.width - 1), (self.height - 1, 0), (self.height - 1, self.width - 1)}
        return tuple(sorted(self.place_at(r, c) for r, c in cells))

    def inner(self) -> tuple[int, ...]:
        """The places that are not on the border of the board."""
        return tuple(
            sorted(self.place_at(r, c) for r in range(1, self.height - 1) for c in range(1, self.width - 1))
        )

    def neighbours(self, place: int, blocked: Edges = NO_EDGES) -> tuple[int, ...]:
        """Orthogonally adjacent places that one step reaches, not crossing a ``blocked`` edge.

        This is the single point where a step between cells is decided: every distance and
        every step-by-step move goes through it, with the edges blocked for the seat that moves
        (``board.blocked_for``); teleports never ask it (RULES-NOTES E-11).
        """
        found = _neighbours(self, place)
        if not blocked:
            return found
        return tuple(n for n in found if edge(place, n) not in blocked)

    # -- distances ---------------------------------------------------------------------------

    def distances_from(self, place: int, blocked: Edges = NO_EDGES) -> dict[int, int]:
        """Steps from ``place`` to every reachable place (``place`` itself maps to 0)."""
        return dict(_distances(self, place, blocked))

    def distance(self, a: int, b: int, blocked: Edges = NO_EDGES) -> int:
        """Number of orthogonal steps between two places: the Manhattan distance on an open board,
        longer where a blocked edge forces a detour (RULES-NOTES E-1)."""
        self.position(b)  # validate b
        try:
            return _distances(self, a, blocked)[b]
        except KeyError:
            raise ValueError(f"place {b} cannot be reached from place {a}") from None

    def within(self, place: int, lo: int, hi: int, blocked: Edges = NO_EDGES) -> tuple[int, ...]:
        """Places whose distance from ``place`` is in ``[lo, hi]``, excluding ``place`` itself."""
        dist = _distances(self, place, blocked)
        return tuple(sorted(p for p, d in dist.items() if p != place and lo <= d <= hi))


@lru_cache(maxsize=64)
def _index(grid: Grid) -> dict[int, tuple[int, int]]:
    """place -> (row, col).  Private: the cached dict must not be mutated."""
    return {p: divmod(i, grid.width) for i, p in enumerate(grid.places)}


@lru_cache(maxsize=1024)
def _neighbours(grid: Grid, place: int) -> tuple[int, ...]:
    row, col = grid.position(place)
    found = [
        grid.place_at(r, c)
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
        if 0 <= r < grid.height and 0 <= c < grid.width
    ]
    return tuple(sorted(found))


@lru_cache(maxsize=4096)
def _distances(grid: Grid, place: int, blocked: Edges = NO_EDGES) -> dict[int, int]:
    """Breadth-first search over ``Grid.neighbours``.  Private: the cached dict must not be mutated."""
    grid.position(place)  # validate
    dist = {place: 0}
    queue = deque([place])
    while queue:
        here = queue.popleft()
        for nxt in grid.neighbours(here, blocked):
            if nxt not in dist:
                dist[nxt] = dist[here] + 1
                queue.append(nxt)
    return dist


# -- layout rules ----------------------------------------------------------------------------


def fountain_cells(width: int, height: int) -> tuple[tuple[int, int], ...]:
    """Cells (row, col) where a random layout may put the Fountain, row-major.

    Any cell off the border; on the 5x5 Great Bazaar board only the exact centre.
    """
    if (width, height) == (5, 5):
        return ((2, 2),)
    return tuple((r, c) for r in range(1, height - 1) for c in range(1, width - 1))


def _far_enough(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Black Market / Tea House rule: different row, different column, distance >= 3."""
    dr = abs(a[0] - b[0])
    dc = abs(a[1] - b[1])
    return dr >= 1 and dc >= 1 and dr + dc >= MIN_MARKET_TEA_DISTANCE


def layout_is_legal(grid: Grid) -> bool:
    """Whether ``grid`` obeys the random-layout rules (components.md §16, RULES-NOTES D-10).

    The Fountain must stand on an inner cell (5x5: the centre), and the Black Market and
    Tea House must be at least 3 steps apart and share neither a row nor a column.  A rule
    about a place that is not on the board does not apply.  The fixed layouts are printed
    set-ups and need not pass this test ("short" puts 8 and 9 in the same row).
    """
    if FOUNTAIN in grid and grid.position(FOUNTAIN) not in fountain_cells(grid.width, grid.height):
        return False
    if BLACK_MARKET in grid and TEA_HOUSE in grid:
        return _far_enough(grid.position(BLACK_MARKET), grid.position(TEA_HOUSE))
    return True


def _pick(draw: Draw, n: int) -> int:
    value = draw(n)
    if not 0 <= value < n:
        raise ValueError(f"draw({n}) returned {value}, expected 0 <= value < {n}")
    return value


def random_layout(
    draw: Draw,
    width: int = BASE_WIDTH,
    height: int = BASE_HEIGHT,
    places: Sequence[int] = BASE_PLACES,
) -> Grid:
    """A shuffled, always-legal layout.

    Fisher-Yates shuffle with ``draw``, then repair as the rulebook allows ("exchange if
    necessary"): a Fountain off the allowed cells swaps with one of those cells chosen by
    ``draw``; a Tea House too close to the Black Market swaps with a cell chosen by ``draw``
    among the cells that satisfy the rule and hold neither the Fountain nor the Black Market.
    The same draws always give the same board.
    """
    cells = list(places)
    if len(cells) != width * height:
        raise ValueError(f"a {width}x{height} grid needs {width * height} places, got {len(cells)}")
    for i in range(len(cells) - 1, 0, -1):
        j = _pick(draw, i + 1)
        cells[i], cells[j] = cells[j], cells[i]

    def swap(i: int, j: int) -> None:
        cells[i], cells[j] = cells[j], cells[i]

    if FOUNTAIN in cells:
        allowed = [r * width + c for r, c in fountain_cells(width, height)]
        if not allowed:
            raise ValueError(f"a {width}x{height} grid has no cell where the Fountain may stand")
        here = cells.index(FOUNTAIN)
        if here not in allowed:
            swap(here, allowed[_pick(draw, len(allowed))])

    if BLACK_MARKET in cells and TEA_HOUSE in cells:
        market = divmod(cells.index(BLACK_MARKET), width)
        # 9 is moved at most once: the Black Market stays put, so any candidate cell fixes it.
        while not _far_enough(market, divmod(cells.index(TEA_HOUSE), width)):
            options = [
                i
                for i, p in enumerate(cells)
                if p not in (FOUNTAIN, BLACK_MARKET) and _far_enough(market, divmod(i, width))
            ]
            if not options:
                raise ValueError(f"no cell of a {width}x{height} grid can take the Tea House")
            swap(cells.index(TEA_HOUSE), options[_pick(draw, len(options))])

    grid = Grid(width, height, tuple(cells))
    assert layout_is_legal(grid)
    return grid


def make_grid(name: str, draw: Draw) -> Grid:
    """The base-game 4x4 board for a layout in ``LAYOUT_NAMES`` (``draw`` is used only for "random")."""
    if name == "random":
        return random_layout(draw)
    try:
        places = FIXED_LAYOUTS[name]
    except KeyError:
        raise ValueError(f"unknown layout {name!r}; expected one of {', '.join(LAYOUT_NAMES)}") from None
    return Grid(BASE_WIDTH, BASE_HEIGHT, places)
