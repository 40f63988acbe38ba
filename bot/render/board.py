"""The board: a grid of Place tiles under a header strip, drawn from an engine view.

The static layer (background, tiles, numbers, names, symbols) depends only on the grid width and
the layout and is cached per layout (`static_layer`). Each turn only the header, the state of the
places (`places`), the tokens (`tokens`) and the last move are drawn on a copy of it.

`board_layout(view)` is the pure geometry of everything drawn: each tile's box and every placed
item (`Placed`: kind, key, place, box and any text with its font). The tests check it without
pixels; `draw_board` draws exactly those items.

Any grid: 4x4 (the base game), 5x4 and 5x5 (the expansions); the tiles keep one size and the
board grows with the columns (`board_width`). Places the engine does not know yet (17-25, the
expansions') are plain numbered tiles named as the rulebook names them (`PLACES_TO_COME`).

The last move: the tile where it ended has a solid highlighted frame and the token that moved a
highlighted ring; the tile where it started (when the token left it) a dashed frame and a dashed
outline "Y→13"; the header says "Last move: <token> 4 → 13".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from ..engine import View
from ..engine.registry import Registry
from ..engine.state import GameState
from ..engine.texts import PLACE_NAMES
from .header import HEADER_HEIGHT, header_items
from .layout import Box, GridLayout, Placed, flow, grid_layout, place_crowd
from .places import fit_state, place_state, state_boxes, tallest_states
from .shapes import Look, Spec, dashed_frame, draw_item, text_size
from .style import HIGHLIGHT, TEXT_DARK
from .tiles import draw_static
from .tokens import TOKEN_GAP, TOKEN_SCALES, crowd_scales, largest_crowds, more, mover, tokens_by_place

__all__ = [
    "ALT_SENTENCES", "BOARD_WIDTH", "OVERLAYS", "PLACES_TO_COME", "BoardLayout", "Placed", "board_layout", "board_width", "draw_board",
    "grid_geometry", "paint_board", "static_layer", "tile_body_height",
]  # fmt: skip

TILE_WIDTH = 284
MARGIN = 10  # around the grid
TILE_GAP = 8
BOARD_WIDTH = 1180  # the base game's 4 columns (`board_width(4)`)
# The expansions' places, drawn as plain numbered tiles until their modules register them.
PLACES_TO_COME = {
    17: "Roasting Plant", 18: "Guild Hall", 19: "Tavern", 20: "Coffee House", 21: "Embassy", 22: "Kiosk",
    23: "Auction House", 24: "Secret Society", 25: "Catacombs",
}  # fmt: skip
# What a module draws across tiles (the Barrier on the edge between two places): from a game and
# each place's tile box, the items placed on top of everything else.
OVERLAYS: Registry[Callable[[GameState, dict[int, Box]], list[tuple[Placed, Look]]]] = Registry("board overlays")
# ... and what it adds to the board's alt text (a sentence, or "" when there is nothing to say).
ALT_SENTENCES: Registry[Callable[[GameState], str]] = Registry("board alt text sentences")
STATE_GAP = 6  # between the state lines and the tokens
FRAME = 6  # the last move's tile frames
RING = 3  # the ring around the token that moved (inside the gap between tokens)


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Everything on the board image: `tiles` (place -> box), `items` (static and per-turn, in
    drawing order; header items have place 0 and lie in `header`), the last move as (source,
    target) places and the token that made it (`moved`, one of `items`)."""

    width: int
    height: int
    header: Box
    tiles: dict[int, Box]
    items: list[Placed]
    last_move: tuple[int, int] | None
    moved: Placed | None = None


def tile_body_height(body_width: int) -> int:
    """Body height that holds the tallest place state and the largest crowd at the smallest scale."""
    tall = (0, 0, body_width, 10**6)
    state = 0
    for specs in tallest_states():
        boxes = state_boxes(tall, fit_state(specs, body_width))
        if boxes is None:
            raise ValueError(f"tiles {body_width} px wide cannot show a place's state")
        state = max(state, boxes[-1][3])
    crowd = 0
    for specs in largest_crowds():
        widths, height = crowd_scales(specs)[-1]
        boxes = flow(tall, widths, height, TOKEN_GAP, TOKEN_GAP)
        if boxes is None:
            raise ValueError(f"tiles {body_width} px wide cannot hold the largest crowd")
        crowd = max(crowd, boxes[-1][3])
    return state + STATE_GAP + crowd


def board_width(columns: int) -> int:
    """The board's width for a grid `columns` tiles wide (1180 px for the base game's 4)."""
    return 2 * MARGIN + columns * TILE_WIDTH + (columns - 1) * TILE_GAP


NAMES = {**PLACES_TO_COME, **PLACE_NAMES}


@lru_cache(maxsize=32)
def grid_geometry(width: int, layout: tuple[int, ...]) -> GridLayout:
    """The tiles of a layout (`width` places per row), cached."""
    return grid_layout(width, layout, NAMES, board_width(width), HEADER_HEIGHT, tile_body_height, MARGIN, TILE_GAP)


def _crowd(area: Box, crowd: list[Spec]) -> tuple[int, list[Box], list[Spec]]:
    """The scale, boxes and tokens of a crowd in `area`: every token at the largest scale that
    holds them all, or (a crowd larger than any game makes) as many as fit at the smallest scale
    and a "+N more" chip."""
    placed = place_crowd(area, crowd_scales(crowd), TOKEN_GAP)
    if placed is not None:
        return placed[0], placed[1], crowd
    last = len(TOKEN_SCALES) - 1
    for keep in range(len(crowd) - 1, -1, -1):
        shown = [*crowd[:keep], more(len(crowd) - keep)]
        widths, h = crowd_scales(shown)[last]
        boxes = flow(area, widths, h, TOKEN_GAP, TOKEN_GAP)
        if boxes is not None:
            return last, boxes, shown
    return last, [], []


@lru_cache(maxsize=8)
def static_layer(width: int, layout: tuple[int, ...]) -> Image.Image:
    """The static layer of a layout, drawn once and cached: callers copy it, never draw on it."""
    return draw_static(grid_geometry(width, layout))


def _plan(view: View, labels: Sequence[str]) -> tuple[BoardLayout, list[tuple[Placed, Look]]]:
    g = view.state
    layout = tuple(g.layout)
    grid = grid_geometry(g.width, layout)
    drawn = header_items(view, labels, grid.header)
    tokens = tokens_by_place(g)
    for place in layout:
        body = grid.frames[place].body
        state = fit_state(place_state(g, place), body[2] - body[0])
        top = body[1]
        if state:
            boxes = state_boxes(body, state) or []
            for spec, sb in zip(state, boxes, strict=False):
                drawn.append((Placed(spec.kind, spec.key, place, sb, spec.text, spec.size, spec.bold), spec.look))
            if boxes:
                top = boxes[-1][3] + STATE_GAP
        crowd = tokens.get(place, [])
        if not crowd:
            continue
        index, boxes, crowd = _crowd((body[0], top, body[2], body[3]), crowd)
        scale = TOKEN_SCALES[index][0]
        for spec, tb in zip(crowd, boxes, strict=True):
            size = text_size(spec, scale)
            drawn.append((Placed(spec.kind, spec.key, place, tb, spec.text, size, spec.bold), spec.look))
    move, moved = None, None
    last = g.last_move
    if last is not None and last.source in grid.frames and last.target in grid.frames:
        move = (last.source, last.target)
        token = mover(g, last.token, last.seat)
        if token is not None:
            moved = next((it for it, _ in drawn if (it.kind, it.key, it.place) == (token.kind, token.key, last.target)),
                         None)
    tiles = {p: f.box for p, f in grid.frames.items()}
    for overlay in OVERLAYS.active(g.settings):
        drawn += overlay(g, tiles)
    items = list(grid.items) + [p for p, _ in drawn]
    return BoardLayout(grid.width, grid.height, grid.header, tiles, items, move, moved), drawn


def board_layout(view: View, seat_labels: Sequence[str] = ()) -> BoardLayout:
    """Where everything on the board goes (pure geometry; see the module docstring)."""
    return _plan(view, seat_labels)[0]


def _draw_move(d: ImageDraw.ImageDraw, lay: BoardLayout) -> None:
    """The frames of the last move's tiles: solid where it ended, dashed where it started."""
    if lay.last_move is None:
        return
    source, target = lay.last_move
    if source != target:
        dashed_frame(d, lay.tiles[source], HIGHLIGHT, FRAME)
    x0, y0, x1, y1 = lay.tiles[target]
    d.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), 10, outline=HIGHLIGHT, width=FRAME)


def _draw_ring(d: ImageDraw.ImageDraw, token: Placed) -> None:
    """A highlighted ring around the token that moved, edged in dark so it reads on the tile."""
    x0, y0, x1, y1 = token.box
    ring = (x0 - RING, y0 - RING, x1 - 1 + RING, y1 - 1 + RING)
    d.rounded_rectangle(ring, 8, outline=HIGHLIGHT, width=RING)
    edge = (ring[0] - 1, ring[1] - 1, ring[2] + 1, ring[3] + 1)
    d.rounded_rectangle(edge, 9, outline=TEXT_DARK, width=1)


def paint_board(image: Image.Image, view: View, seat_labels: Sequence[str]) -> None:
    """Draw this position (header, places' state, tokens, last move) on `image`, which holds the
    layout's static layer at its top left corner."""
    layout, drawn = _plan(view, seat_labels)
    d = ImageDraw.Draw(image)
    _draw_move(d, layout)
    if layout.moved is not None:
        _draw_ring(d, layout.moved)
    for item, look in drawn:
        draw_item(image, item, look)


def draw_board(view: View, seat_labels: Sequence[str]) -> Image.Image:
    """The board image (RGBA, opaque, `board_width` wide): the cached static layer plus this position."""
    g = view.state
    img = static_layer(g.width, tuple(g.layout)).copy()
    paint_board(img, view, seat_labels)
    return img
