"""The generic geometry: a synthetic 5x5 grid of named tiles, rows of slots, the largest crowd."""

from __future__ import annotations

import itertools

import pytest

from bot.render import board, places, tokens
from bot.render.layout import (
    Box,
    Placed,
    box_height,
    box_width,
    flow,
    grid_layout,
    inside,
    overlap,
    place_crowd,
    text_extent,
    wrap,
)
from bot.render.shapes import text_size
from bot.render.style import MIN_TEXT, font
from bot.render.tiles import draw_static

MADE_UP = (
    "Caravan Camp", "Tavern", "Coffee Roastery", "Guild Hall", "Bathhouse", "Catacombs",
    "Secret Society", "Kiosk", "Well", "Lodge of the Faithful", "Embassy", "Harbour", "Bazaar",
    "Library", "Tannery", "Spice Route", "Observatory", "Old Bridge", "Hippodrome", "Cistern", "Mint",
    "Caravanserai Gate", "Bath", "Pier", "Dye Works",
)  # fmt: skip
PLACES = tuple(range(1, 26))
NAMES = dict(zip(PLACES, MADE_UP, strict=True))


def _fits(item: Placed) -> bool:
    f = font(item.size, item.bold)
    ascent, descent = f.getmetrics()
    return f.getlength(item.text) <= box_width(item.box) and ascent + descent <= box_height(item.box)


def _no_overlaps(boxes: list[Box], tolerance: int = 0) -> None:
    for a, b in itertools.combinations(boxes, 2):
        assert overlap(a, b) <= tolerance, (a, b)


@pytest.fixture(scope="module")
def grid5():  # type: ignore[no-untyped-def]
    return grid_layout(5, PLACES, NAMES, board.BOARD_WIDTH, board.HEADER_HEIGHT, board.tile_body_height)


def test_synthetic_5x5_grid_lies_inside_the_board(grid5) -> None:  # type: ignore[no-untyped-def]
    assert grid5.width == board.BOARD_WIDTH
    assert (grid5.columns, grid5.rows) == (5, 5)
    assert set(grid5.frames) == set(PLACES)
    whole = (0, 0, grid5.width, grid5.height)
    tiles = [f.box for f in grid5.frames.values()]
    for t in tiles:
        assert inside(t, whole)
        assert not overlap(t, grid5.header)
    _no_overlaps(tiles)
    # row by row, left to right
    for i, place in enumerate(PLACES):
        r, c = divmod(i, 5)
        x0, y0, _, _ = grid5.frames[place].box
        assert x0 == grid5.frames[PLACES[c]].box[0] and y0 == grid5.frames[PLACES[5 * r]].box[1]


def test_synthetic_grid_static_items_fit(grid5) -> None:  # type: ignore[no-untyped-def]
    assert grid5.name_size >= MIN_TEXT
    by_place: dict[int, list[Placed]] = {}
    for item in grid5.items:
        by_place.setdefault(item.place, []).append(item)
    for place, frame in grid5.frames.items():
        items = by_place[place]
        assert {i.kind for i in items} == {"number", "symbol", "name"}
        for item in items:
            assert inside(item.box, frame.box), item
            if item.text:
                assert item.size >= MIN_TEXT and _fits(item), item
        names = " ".join(i.text for i in items if i.kind == "name")
        assert names == NAMES[place]
        _no_overlaps([i.box for i in items] + [frame.body])
        assert inside(frame.body, frame.box)


def test_names_too_long_are_cut() -> None:
    names = {1: "Supercalifragilisticexpialidocious Emporium of Wonders", 2: "Kiosk"}
    g = grid_layout(2, (1, 2), names, 400, 40, 50)
    lines = [i for i in g.items if i.kind == "name" and i.place == 1]
    assert 1 <= len(lines) <= 2 and lines[-1].text.endswith("…")
    assert all(i.size >= MIN_TEXT and _fits(i) for i in g.items if i.text)


def test_synthetic_grid_draws(grid5) -> None:  # type: ignore[no-untyped-def]
    img = draw_static(grid5)
    assert img.size == (grid5.width, grid5.height)


def test_a_grid_of_any_size() -> None:
    for columns, rows in ((1, 1), (3, 2), (4, 4), (5, 4), (6, 5)):
        places = tuple(range(1, columns * rows + 1))
        g = grid_layout(columns, places, {}, board.BOARD_WIDTH, board.HEADER_HEIGHT, 100)
        assert (g.columns, g.rows) == (columns, rows)
        _no_overlaps([f.box for f in g.frames.values()])
        assert all(inside(f.box, (0, 0, g.width, g.height)) for f in g.frames.values())
        assert all(box_height(f.body) >= 100 for f in g.frames.values())
    with pytest.raises(ValueError):
        grid_layout(4, (1, 2, 3), {}, board.BOARD_WIDTH, board.HEADER_HEIGHT, 100)


@pytest.mark.parametrize("columns", [4, 5])
def test_the_largest_crowd_fits_one_tile(columns: int) -> None:
    """Below the tallest place state, the largest crowds fit the body of a tile (rows of slots,
    shrinking as needed, never below 14 px text)."""
    places_ = tuple(range(1, columns * columns + 1))
    g = grid_layout(columns, places_, NAMES, board.BOARD_WIDTH, board.HEADER_HEIGHT, board.tile_body_height)
    body = g.frames[1].body
    for state in places.tallest_states():
        specs = places.fit_state(state, box_width(body))
        boxes = places.state_boxes(body, specs)
        assert boxes is not None and all(inside(b, body) for b in boxes)
        area = (body[0], boxes[-1][3] + board.STATE_GAP, body[2], body[3])
        for crowd in tokens.largest_crowds():
            placed = place_crowd(area, tokens.crowd_scales(crowd), tokens.TOKEN_GAP)
            assert placed is not None
            index, boxes_ = placed
            scale = tokens.TOKEN_SCALES[index][0]
            assert len(boxes_) == len(crowd)
            assert all(inside(t, area) for t in boxes_)
            _no_overlaps(boxes_ + boxes)
            for spec, t in zip(crowd, boxes_, strict=True):
                size = text_size(spec, scale)
                assert size >= MIN_TEXT
                assert _fits(Placed(spec.kind, spec.key, 1, t, spec.text, size, spec.bold))


def test_the_largest_crowds_hold_every_kind_of_token() -> None:
    kinds = {s.kind for crowd in tokens.largest_crowds() for s in crowd}
    assert kinds == set(tokens.TOKEN_KINDS) | {tokens.GHOST_KIND, "reserved"}
    for crowd in tokens.largest_crowds():  # room for the Coffee trader, the Courier and five companions
        assert [s.key for s in crowd if s.kind == "reserved"] == [
            "coffee_trader", "courier", *(f"companion.{colour}" for colour in ("red", "blue", "green", "yellow", "white"))
        ]  # fmt: skip
    five = tokens.largest_crowds()[0]
    assert [s.kind for s in five].count("merchant") == 5 and [s.kind for s in five].count("family") == 5


def test_a_small_crowd_uses_the_largest_scale() -> None:
    crowd = tokens.largest_crowds()[0][:3]
    placed = place_crowd((0, 0, 268, 120), tokens.crowd_scales(crowd), tokens.TOKEN_GAP)
    assert placed is not None and placed[0] == 0


def test_flow_rows_and_groups() -> None:
    assert flow((0, 0, 100, 100), [40, 40, 40], 20, gap=4, row_gap=4) == [
        (0, 0, 40, 20), (44, 0, 84, 20), (0, 24, 40, 44),
    ]  # fmt: skip
    assert flow((0, 0, 100, 30), [40, 40, 40], 20) is None  # a second row does not fit
    assert flow((0, 0, 30, 100), [40], 20) is None  # wider than the area
    # a joined item keeps its group on one row
    boxes = flow((0, 0, 100, 100), [40, 30, 30], 20, gap=4, row_gap=4, joins=[False, False, True])
    assert boxes == [(0, 0, 40, 20), (0, 24, 30, 44), (34, 24, 64, 44)]
    # a group wider than a row breaks where it must
    boxes = flow((0, 0, 100, 100), [60, 60], 20, gap=4, row_gap=4, joins=[False, True])
    assert boxes == [(0, 0, 60, 20), (0, 24, 60, 44)]


def test_wrap_and_measure() -> None:
    w, h = text_extent("Gemstone Dealer", 16, True)
    assert w > 0 and h >= 16
    assert wrap("Gemstone Dealer", w, 16, True) == ["Gemstone Dealer"]
    assert wrap("Gemstone Dealer", w - 1, 16, True) == ["Gemstone", "Dealer"]
    assert wrap("Gemstone", 10, 16, True) is None


def test_overlap_and_inside() -> None:
    assert overlap((0, 0, 10, 10), (10, 0, 20, 10)) == 0
    assert overlap((0, 0, 10, 10), (7, 5, 20, 20)) == 3
    assert inside((1, 1, 5, 5), (0, 0, 5, 5)) and not inside((1, 1, 6, 5), (0, 0, 5, 5))
