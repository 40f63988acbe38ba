"""Generic geometry for the board: boxes, text measuring, a grid of tiles and rows of slots.

Nothing here knows the game: a grid is any ``columns x rows`` list of numbered, named tiles, and
a crowd is any list of item widths. Every function is pure and deterministic, so tests can check
the geometry without looking at pixels. Boxes are ``(x0, y0, x1, y1)`` with ``x1``/``y1``
exclusive, in image pixels.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from .style import MIN_TEXT, font

Box = tuple[int, int, int, int]

__all__ = [
    "Box",
    "GridLayout",
    "Placed",
    "TileFrame",
    "box_height",
    "box_width",
    "cut",
    "flow",
    "grid_layout",
    "inside",
    "label_of",
    "overlap",
    "place_crowd",
    "text_extent",
    "wrap",
    "wrap_cut",
]


@dataclass(frozen=True, slots=True)
class Placed:
    """One drawn item: what (`kind`, `key`), on which tile (`place`; 0 = the header strip) and
    where (`box`). Items that carry text also give it with its font, so tests can check that it
    fits the box (`text_extent(text, size, bold)` no larger than the box)."""

    kind: str
    key: str
    place: int
    box: Box
    text: str = ""
    size: int = 0
    bold: bool = False


def box_width(b: Box) -> int:
    return b[2] - b[0]


def box_height(b: Box) -> int:
    return b[3] - b[1]


def inside(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def overlap(a: Box, b: Box) -> int:
    """How far two boxes overlap: the smaller of the x and y overlaps, 0 when they do not."""
    dx = min(a[2], b[2]) - max(a[0], b[0])
    dy = min(a[3], b[3]) - max(a[1], b[1])
    return max(0, min(dx, dy))


@lru_cache(maxsize=4096)
def text_extent(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """Width (advance) and line height (ascent + descent) of one line of text, in pixels."""
    f = font(size, bold)
    ascent, descent = f.getmetrics()
    return int(f.getlength(text) + 0.999), ascent + descent


def wrap(text: str, width: int, size: int, bold: bool = False) -> list[str] | None:
    """Break `text` at spaces into lines no wider than `width`; None if one word is too wide."""
    lines: list[str] = []
    for word in text.split():
        if text_extent(word, size, bold)[0] > width:
            return None
        if lines and text_extent(f"{lines[-1]} {word}", size, bold)[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def cut(text: str, width: int, size: int, bold: bool = False) -> str:
    """`text`, shortened with "…" until it is no wider than `width`."""
    if text_extent(text, size, bold)[0] <= width:
        return text
    while text and text_extent(text + "…", size, bold)[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


MAX_LABEL = 40  # characters of a seat label kept at all


def label_of(seat_labels: Sequence[str], seat: int) -> str:
    """The name shown for a seat: its label with runs of spaces folded and at most MAX_LABEL
    characters, or "Seat N" when the label is missing or blank."""
    label = seat_labels[seat] if 0 <= seat < len(seat_labels) else ""
    label = " ".join(label.split())[:MAX_LABEL]
    return label or f"Seat {seat + 1}"


def wrap_cut(text: str, width: int, size: int, bold: bool, max_lines: int) -> list[str]:
    """Like `wrap`, but words too wide are cut short and lines past `max_lines` are dropped (the
    last one kept ends with "…")."""
    words = [cut(w, width, size, bold) for w in text.split()]
    lines = wrap(" ".join(words), width, size, bold) or [""]
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = cut(lines[-1] + "…", width, size, bold)
    return lines


def flow(
    area: Box,
    widths: Sequence[int],
    height: int,
    gap: int = 4,
    row_gap: int = 4,
    joins: Sequence[bool] | None = None,
) -> list[Box] | None:
    """Rows of slots: items of the given widths (all `height` high) left to right, starting a new
    row when the next item does not fit; None when the rows run out of `area` (or an item is wider
    than it). `joins[i]` keeps item i on the same row as item i - 1: a group that does not fit
    the rest of a row starts the next one (and breaks where it must if wider than a whole row)."""
    x0, y0, x1, y1 = area
    room = x1 - x0
    groups: list[list[int]] = []
    for i, w in enumerate(widths):
        if w > room:
            return None
        if groups and joins is not None and joins[i]:
            groups[-1].append(w)
        else:
            groups.append([w])
    boxes: list[Box] = []
    x, y = x0, y0
    for group in groups:
        total = sum(group) + gap * (len(group) - 1)
        if x > x0 and x + total > x1:  # a group that does not fit the rest of the row starts the next
            x, y = x0, y + height + row_gap
        for w in group:
            if x > x0 and x + w > x1:  # a group wider than a row breaks where it must
                x, y = x0, y + height + row_gap
            if y + height > y1:
                return None
            boxes.append((x, y, x + w, y + height))
            x += w + gap
    return boxes


def place_crowd(
    area: Box, scales: Sequence[tuple[Sequence[int], int]], gap: int = 4
) -> tuple[int, list[Box]] | None:
    """Place a crowd of items in `area` at the first (largest) scale where all of them fit.

    `scales` lists, from the largest to the smallest, the items' widths and their common height
    at that scale. Returns the index of the scale used and the boxes, or None if even the last
    scale does not fit."""
    for index, (widths, height) in enumerate(scales):
        boxes = flow(area, widths, height, gap, gap)
        if boxes is not None:
            return index, boxes
    return None


# -- a grid of tiles ------------------------------------------------------------------------

NUMBER_SIZE = 26  # the big place number (bold)
NAME_SIZES = (20, 19, 18, 17, 16, 15, 14)  # tile names, largest that fits every tile
NAME_LINES = 2
PAD = 8  # inside a tile
SYMBOL = 30  # the kind-of-place symbol, a square at the top right


@dataclass(frozen=True, slots=True)
class TileFrame:
    """Where the static parts of one tile go, and the body left for its state and tokens."""

    place: int
    box: Box
    number: Box
    symbol: Box
    names: tuple[Box, ...]
    body: Box


@dataclass(frozen=True, slots=True)
class GridLayout:
    """A grid of tiles under a header strip: `width` x `height` pixels in all."""

    width: int
    height: int
    header: Box
    columns: int
    rows: int
    tile_width: int
    tile_height: int
    name_size: int
    frames: dict[int, TileFrame] = field(default_factory=dict)
    items: tuple[Placed, ...] = ()  # the static items: number, name lines, symbol


def _name_room(tile_width: int, number_width: int) -> int:
    return tile_width - 2 * PAD - number_width - SYMBOL - 2 * 6


def grid_layout(
    columns: int,
    places: Sequence[int],
    names: Mapping[int, str],
    board_width: int,
    header_height: int,
    body_height: int | Callable[[int], int],
    margin: int = 10,
    gap: int = 8,
) -> GridLayout:
    """Lay out `places` (row by row, `columns` wide) as tiles filling `board_width`, below a header
    strip. Each tile shows its number at the top left, a symbol at the top right and its name
    (wrapped to at most two lines, one font size for the whole grid, never under 14 px) between
    them; below is the body, at least `body_height` high (or `body_height(body_width)` when it
    is a function), and the tiles are at least square."""
    if columns < 1 or not places or len(places) % columns:
        raise ValueError(f"{len(places)} places do not fill rows of {columns}")
    rows = len(places) // columns
    tile_w = (board_width - 2 * margin - (columns - 1) * gap) // columns
    number_w = max(text_extent(str(p), NUMBER_SIZE, True)[0] for p in places) + 14
    number_h = text_extent("0", NUMBER_SIZE, True)[1] + 6
    room = _name_room(tile_w, number_w)
    labels = {p: names.get(p, f"Place {p}") for p in places}
    size, wrapped = MIN_TEXT, {p: [labels[p]] for p in places}
    for candidate in NAME_SIZES:
        attempt = {p: wrap(labels[p], room, candidate, True) for p in places}
        if all(w is not None and len(w) <= NAME_LINES for w in attempt.values()):
            size, wrapped = candidate, {p: w for p, w in attempt.items() if w is not None}
            break
    else:  # a name too long even at 14 px: cut it (never happens with the game's names)
        wrapped = {p: wrap_cut(labels[p], room, MIN_TEXT, True, NAME_LINES) for p in places}
    line_h = text_extent("Hg", size, True)[1]
    lines = max(len(w) for w in wrapped.values())
    head_h = max(number_h, SYMBOL, lines * line_h)
    need = body_height(tile_w - 2 * PAD) if callable(body_height) else body_height
    tile_h = max(tile_w, PAD + head_h + 6 + need + PAD)
    top = header_height + margin
    frames: dict[int, TileFrame] = {}
    items: list[Placed] = []
    for i, place in enumerate(places):
        r, c = divmod(i, columns)
        x0 = margin + c * (tile_w + gap)
        y0 = top + r * (tile_h + gap)
        box = (x0, y0, x0 + tile_w, y0 + tile_h)
        number = (x0 + PAD, y0 + PAD, x0 + PAD + number_w, y0 + PAD + number_h)
        symbol = (x0 + tile_w - PAD - SYMBOL, y0 + PAD, x0 + tile_w - PAD, y0 + PAD + SYMBOL)
        name_x = number[2] + 6
        block = len(wrapped[place]) * line_h
        name_y = y0 + PAD + (head_h - block) // 2
        name_boxes = tuple(
            (name_x, name_y + k * line_h, name_x + room, name_y + (k + 1) * line_h)
            for k in range(len(wrapped[place]))
        )
        body = (x0 + PAD, y0 + PAD + head_h + 6, x0 + tile_w - PAD, y0 + tile_h - PAD)
        frames[place] = TileFrame(place, box, number, symbol, name_boxes, body)
        items.append(Placed("number", str(place), place, number, str(place), NUMBER_SIZE, True))
        items.append(Placed("symbol", str(place), place, symbol))
        for k, (line, nb) in enumerate(zip(wrapped[place], name_boxes, strict=True)):
            items.append(Placed("name", f"{place}.{k}", place, nb, line, size, True))
    height = top + rows * tile_h + (rows - 1) * gap + margin
    return GridLayout(
        width=board_width, height=height, header=(0, 0, board_width, header_height), columns=columns,
        rows=rows, tile_width=tile_w, tile_height=tile_h, name_size=size, frames=frames, items=tuple(items),
    )
