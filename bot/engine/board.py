"""Where things stand on the grid: the layout as a `Grid`, and who is at a place."""

from __future__ import annotations

from functools import lru_cache

from .layouts import Grid
from .state import GameState
from .texts import PLACE_NAMES


@lru_cache(maxsize=256)
def _grid(width: int, layout: tuple[int, ...]) -> Grid:
    return Grid(width, len(layout) // width, layout)


def grid_of(g: GameState) -> Grid:
    return _grid(g.width, g.layout)


def place_name(place: int) -> str:
    return PLACE_NAMES.get(place, f"Place {place}")


def merchants_at(g: GameState, place: int, besides: int) -> list[int]:
    """Seats of the other players whose merchant stands on `place`."""
    return [p.seat for p in g.players if p.seat != besides and p.merchant == place]


def neutral_merchants_at(g: GameState, place: int) -> int:
    return sum(1 for m in g.board.neutral_merchants if m == place)


def families_at(g: GameState, place: int, besides: int) -> list[int]:
    return [p.seat for p in g.players if p.seat != besides and p.family == place]
