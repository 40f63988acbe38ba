"""Base-game positions moved onto the expansions' grids, for the tests and the benchmark: the
renderer takes 5x4 and 5x5 boards (places 17-25 drawn as plain numbered tiles) before the engine
can set them up."""

from __future__ import annotations

from ..engine import GameState

__all__ = ["on_grid"]


def on_grid(state: GameState, columns: int, rows: int) -> GameState:
    """A copy of a base-game position on a `columns` x `rows` grid (4x4, 5x4 or 5x5): each row
    keeps its four base places in order and the places to come (17, 18, …) fill the rest, so every
    token stays where it was."""
    base = list(state.layout)
    if len(base) != 16 or columns * rows < 16 or columns < 4:
        raise ValueError(f"a {columns}x{rows} grid cannot hold the base game's 16 places")
    extra = iter(range(17, 17 + columns * rows - 16))
    layout: list[int] = []
    for r in range(rows):
        row = base[4 * r : 4 * r + 4]
        layout += row + [next(extra) for _ in range(columns - len(row))]
    g = state.copy()
    g.width = columns
    g.layout = tuple(layout)
    return g
