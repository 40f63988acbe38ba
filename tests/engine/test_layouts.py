"""Tests for bot.engine.layouts: fixed tables, grid geometry and the random-layout rules."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine.layouts import (
    FIXED_LAYOUTS,
    LAYOUT_NAMES,
    Grid,
    fountain_cells,
    layout_is_legal,
    make_grid,
    random_layout,
)


def lcg_draw(seed: int) -> Callable[[int], int]:
    """A tiny deterministic 64-bit LCG (Knuth's MMIX constants); draw(n) is in [0, n)."""
    state = seed & 0xFFFFFFFFFFFFFFFF

    def draw(n: int) -> int:
        nonlocal state
        state = (state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
        return (state >> 33) % n

    return draw


def no_draw(n: int) -> int:
    raise AssertionError("a fixed layout must not draw")


# -- fixed layouts ---------------------------------------------------------------------------


def test_layout_names() -> None:
    assert LAYOUT_NAMES == ("short", "long", "in_order", "random")
    assert set(FIXED_LAYOUTS) == {"short", "long", "in_order"}


@pytest.mark.parametrize(
    ("name", "rows"),
    [
        ("short", [(15, 5, 2, 14), (4, 12, 7, 3), (8, 6, 11, 9), (13, 10, 1, 16)]),
        ("long", [(16, 2, 8, 11), (15, 7, 6, 4), (3, 5, 12, 1), (10, 9, 14, 13)]),
        ("in_order", [(1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16)]),
    ],
)
def test_fixed_layout_matches_table(name: str, rows: list[tuple[int, ...]]) -> None:
    grid = make_grid(name, no_draw)
    assert (grid.width, grid.height) == (4, 4)
    assert grid.places == FIXED_LAYOUTS[name]
    for r, row in enumerate(rows):
        assert tuple(grid.place_at(r, c) for c in range(4)) == row


@pytest.mark.parametrize("name", ["short", "long", "in_order"])
def test_fixed_layout_holds_each_place_once(name: str) -> None:
    places = FIXED_LAYOUTS[name]
    assert len(places) == 16
    assert sorted(places) == list(range(1, 17))


def test_fixed_layouts_against_random_rules() -> None:
    # The printed layouts are not bound by the random-layout rules: "short" has 8 and 9 in one row.
    assert not layout_is_legal(make_grid("short", no_draw))
    assert layout_is_legal(make_grid("long", no_draw))
    assert layout_is_legal(make_grid("in_order", no_draw))


def test_unknown_layout_name() -> None:
    with pytest.raises(ValueError):
        make_grid("spiral", no_draw)


# -- geometry --------------------------------------------------------------------------------


def test_position_and_place_at_round_trip() -> None:
    grid = make_grid("short", no_draw)
    assert grid.position(15) == (0, 0)
    assert grid.position(7) == (1, 2)
    assert grid.position(16) == (3, 3)
    for place in range(1, 17):
        assert grid.place_at(*grid.position(place)) == place
    with pytest.raises(ValueError):
        grid.position(17)
    with pytest.raises(IndexError):
        grid.place_at(4, 0)


def test_short_layout_distances() -> None:
    grid = make_grid("short", no_draw)
    assert grid.distance(7, 7) == 0
    assert grid.distance(7, 12) == 1
    assert grid.distance(7, 8) == 3
    assert grid.distance(8, 9) == 3
    assert grid.distance(15, 16) == 6
    assert grid.distance(13, 14) == 6
    assert grid.distance(1, 2) == 3
    assert grid.distance(5, 10) == 3
    assert grid.distance(12, 1) == grid.distance(1, 12) == 3


def test_distances_are_manhattan_everywhere() -> None:
    grid = make_grid("long", no_draw)
    for a in grid.places:
        dist = grid.distances_from(a)
        assert set(dist) == set(grid.places)
        ra, ca = grid.position(a)
        for b in grid.places:
            rb, cb = grid.position(b)
            assert dist[b] == grid.distance(a, b) == abs(ra - rb) + abs(ca - cb)


def test_distances_from_returns_a_copy() -> None:
    grid = make_grid("in_order", no_draw)
    grid.distances_from(1)[16] = 99
    assert grid.distance(1, 16) == 6


def test_neighbours_corners_inner() -> None:
    short = make_grid("short", no_draw)
    assert short.neighbours(7) == (2, 3, 11, 12)
    assert short.neighbours(15) == (4, 5)
    assert short.corners() == (13, 14, 15, 16)
    assert short.inner() == (6, 7, 11, 12)
    in_order = make_grid("in_order", no_draw)
    assert in_order.neighbours(1) == (2, 5)
    assert in_order.neighbours(6) == (2, 5, 7, 10)
    assert in_order.corners() == (1, 4, 13, 16)
    assert in_order.inner() == (6, 7, 10, 11)


def test_within_on_in_order() -> None:
    grid = make_grid("in_order", no_draw)
    assert grid.within(7, 1, 2) == (2, 3, 4, 5, 6, 8, 10, 11, 12, 15)
    assert grid.within(7, 1, 1) == (3, 6, 8, 11)
    assert grid.within(7, 0, 0) == ()
    assert grid.within(1, 3, 4) == (4, 7, 8, 10, 11, 13, 14)


def test_grid_validation() -> None:
    with pytest.raises(ValueError):
        Grid(4, 4, tuple(range(1, 16)))
    with pytest.raises(ValueError):
        Grid(2, 2, (1, 1, 2, 3))
    assert hash(Grid(2, 2, (1, 2, 3, 4))) == hash(Grid(2, 2, (1, 2, 3, 4)))


# -- legality --------------------------------------------------------------------------------


def test_fountain_cells() -> None:
    assert fountain_cells(4, 4) == ((1, 1), (1, 2), (2, 1), (2, 2))
    assert fountain_cells(5, 4) == ((1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3))
    assert fountain_cells(5, 5) == ((2, 2),)


def _grid_with(width: int, height: int, where: dict[int, tuple[int, int]]) -> Grid:
    """A grid with some places at given cells and the rest filled in increasing order."""
    cells: list[int | None] = [None] * (width * height)
    for place, (r, c) in where.items():
        cells[r * width + c] = place
    rest = iter(p for p in range(1, width * height + 1) if p not in where)
    return Grid(width, height, tuple(p if p is not None else next(rest) for p in cells))


@pytest.mark.parametrize(
    ("where", "legal"),
    [
        ({7: (1, 1), 8: (0, 0), 9: (2, 2)}, True),  # distance 4, different row and column
        ({7: (1, 1), 8: (0, 0), 9: (1, 2)}, True),  # distance exactly 3
        ({7: (2, 2), 8: (3, 0), 9: (0, 3)}, True),  # opposite corners
        ({7: (0, 1), 8: (0, 0), 9: (3, 3)}, False),  # Fountain on the border
        ({7: (3, 3), 8: (0, 0), 9: (2, 3)}, False),  # Fountain in a corner
        ({7: (1, 1), 8: (0, 0), 9: (0, 3)}, False),  # same row, distance 3
        ({7: (1, 1), 8: (0, 0), 9: (3, 0)}, False),  # same column, distance 3
        ({7: (2, 2), 8: (1, 2), 9: (2, 1)}, False),  # distance 2
        ({7: (2, 2), 8: (0, 0), 9: (1, 1)}, False),  # distance 2, diagonal
    ],
)
def test_layout_is_legal_4x4(where: dict[int, tuple[int, int]], legal: bool) -> None:
    assert layout_is_legal(_grid_with(4, 4, where)) is legal


def test_layout_is_legal_larger_grids() -> None:
    centre = _grid_with(5, 5, {7: (2, 2), 8: (0, 0), 9: (4, 4)})
    assert layout_is_legal(centre)
    off_centre = _grid_with(5, 5, {7: (1, 1), 8: (0, 4), 9: (4, 0)})
    assert not layout_is_legal(off_centre)  # inner but not the centre
    inner_5x4 = _grid_with(5, 4, {7: (2, 3), 8: (0, 0), 9: (3, 4)})
    assert layout_is_legal(inner_5x4)
    border_5x4 = _grid_with(5, 4, {7: (3, 2), 8: (0, 0), 9: (3, 4)})
    assert not layout_is_legal(border_5x4)


# -- random layouts --------------------------------------------------------------------------


def test_random_layouts_are_always_legal() -> None:
    repaired_fountain = repaired_tea_house = 0
    seen: set[tuple[int, ...]] = set()
    for seed in range(2000):
        grid = make_grid("random", lcg_draw(seed))
        assert (grid.width, grid.height) == (4, 4)
        assert sorted(grid.places) == list(range(1, 17))
        assert layout_is_legal(grid), grid
        seen.add(grid.places)
        # Replaying the same draws reproduces the same board.
        assert random_layout(lcg_draw(seed)) == grid
        # Count how often each repair was needed, using a shuffle-only replay.
        shuffled = _shuffle_only(lcg_draw(seed))
        if shuffled.position(7) not in fountain_cells(4, 4):
            repaired_fountain += 1
        elif not layout_is_legal(shuffled):
            repaired_tea_house += 1
    assert len(seen) == 2000
    assert repaired_fountain > 0 and repaired_tea_house > 0


def _shuffle_only(draw: Callable[[int], int]) -> Grid:
    cells = list(range(1, 17))
    for i in range(15, 0, -1):
        j = draw(i + 1)
        cells[i], cells[j] = cells[j], cells[i]
    return Grid(4, 4, tuple(cells))


def test_random_layout_keeps_a_legal_shuffle_unchanged() -> None:
    for seed in range(300):
        shuffled = _shuffle_only(lcg_draw(seed))
        if layout_is_legal(shuffled):
            assert random_layout(lcg_draw(seed)) == shuffled


@pytest.mark.parametrize(("width", "height", "places"), [(5, 4, range(1, 21)), (5, 5, range(1, 26))])
def test_random_layout_other_grids(width: int, height: int, places: range) -> None:
    for seed in range(500):
        grid = random_layout(lcg_draw(seed), width, height, places)
        assert sorted(grid.places) == list(places)
        assert layout_is_legal(grid)


@pytest.mark.parametrize(("width", "height"), [(4, 4), (5, 4), (5, 5)])
def test_tea_house_always_has_a_legal_cell(width: int, height: int) -> None:
    # Whatever cell the Black Market and the Fountain hold, some other cell satisfies the 8/9 rule.
    cells = [(r, c) for r in range(height) for c in range(width)]
    for fountain in fountain_cells(width, height):
        for market in cells:
            if market == fountain:
                continue
            options = [
                cell
                for cell in cells
                if cell not in (fountain, market)
                and abs(cell[0] - market[0]) >= 1
                and abs(cell[1] - market[1]) >= 1
                and abs(cell[0] - market[0]) + abs(cell[1] - market[1]) >= 3
            ]
            assert options, (fountain, market)


def test_random_layout_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        random_layout(lcg_draw(1), 4, 4, range(1, 16))
    with pytest.raises(ValueError):
        random_layout(lambda n: n)  # out of range
