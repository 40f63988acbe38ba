"""The static layer of the board: the background, every tile with its number, name and a small
symbol for its kind of place, drawn from plain shapes (no artwork). Drawn once per layout by
`bot.render.board.static_layer`, which caches it."""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import Image, ImageDraw

from ..engine import components as c
from .layout import Box, GridLayout
from .style import (
    BACKGROUND,
    GOOD_FILL,
    PANEL,
    RUBY,
    TEXT_DARK,
    TEXT_LIGHT,
    TILE,
    TILE_EDGE,
    font,
)

RGB = tuple[int, int, int]
INK = (70, 58, 44)  # symbol strokes: a dark brown that reads on the tile colour
WATER = (70, 140, 215)
GOLD = (225, 175, 40)
STALL_LIGHT = (230, 190, 120)
STALL_DARK = (120, 80, 50)
DOME = (90, 160, 170)

Symbol = Callable[[ImageDraw.ImageDraw, Box], None]


def _wheel(d: ImageDraw.ImageDraw, b: Box) -> None:
    x0, y0, x1, y1 = b
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 - 1
    d.ellipse((cx - r, cy - r, cx + r, cy + r), outline=INK, width=3)
    for k in range(4):
        a = k * math.pi / 4
        dx, dy = math.cos(a) * (r - 2), math.sin(a) * (r - 2)
        d.line((cx - dx, cy - dy, cx + dx, cy + dy), fill=INK, width=2)
    d.ellipse((cx - 4, cy - 4, cx + 4, cy + 4), fill=INK)


def _crate(colour: str) -> Symbol:
    def draw(d: ImageDraw.ImageDraw, b: Box) -> None:
        x0, y0, x1, y1 = b
        d.rectangle((x0 + 2, y0 + 2, x1 - 3, y1 - 3), fill=GOOD_FILL[colour], outline=INK, width=2)
        d.line((x0 + 3, y0 + 3, x1 - 4, y1 - 4), fill=INK, width=2)
        d.line((x0 + 3, y1 - 4, x1 - 4, y0 + 3), fill=INK, width=2)

    return draw


def _envelope(d: ImageDraw.ImageDraw, b: Box) -> None:
    x0, y0, x1, y1 = b
    top, bottom = y0 + 6, y1 - 6
    d.rectangle((x0 + 1, top, x1 - 2, bottom), fill=TEXT_LIGHT, outline=INK, width=2)
    d.line((x0 + 2, top + 1, (x0 + x1) // 2, (top + bottom) // 2 + 2, x1 - 3, top + 1), fill=INK, width=2)


def _cards(d: ImageDraw.ImageDraw, b: Box) -> None:
    x0, y0, x1, y1 = b
    d.rounded_rectangle((x0 + 1, y0 + 1, x1 - 10, y1 - 6), 3, fill=(210, 200, 230), outline=INK, width=2)
    d.rounded_rectangle((x0 + 9, y0 + 6, x1 - 2, y1 - 1), 3, fill=(160, 140, 200), outline=INK, width=2)


def _drop(d: ImageDraw.ImageDraw, b: Box) -> None:
    x0, y0, x1, y1 = b
    cx = (x0 + x1) / 2
    r = (x1 - x0) / 2 - 5
    cy = y1 - r - 2
    d.polygon(((cx, y0 + 1), (cx - r + 1, cy - 2), (cx + r - 1, cy - 2)), fill=WATER)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WATER)


def _die(d: ImageDraw.ImageDraw, b: Box) -> None:
    x0, y0, x1, y1 = b
    d.rounded_rectangle((x0 + 2, y0 + 2, x1 - 3, y1 - 3), 5, fill=(35, 35, 40))
    for fx, fy in ((0.3, 0.3), (0.5, 0.5), (0.7, 0.7)):
        px, py = x0 + (x1 - x0) * fx, y0 + (y1 - y0) * fy
        d.ellipse((px - 2.5, py - 2.5, px + 2.5, py + 2.5), fill=TEXT_LIGHT)


def _cup(d: ImageDraw.ImageDraw, b: Box) -> None:
    x0, y0, x1, y1 = b
    d.ellipse((x1 - 13, y0 + 9, x1 - 2, y0 + 20), outline=INK, width=3)
    d.polygon(((x0 + 2, y0 + 7), (x1 - 8, y0 + 7), (x1 - 12, y1 - 5), (x0 + 6, y1 - 5)), fill=(200, 110, 70))
    d.line((x0 + 1, y1 - 3, x1 - 6, y1 - 3), fill=INK, width=2)


def _stall(fill: RGB) -> Symbol:
    def draw(d: ImageDraw.ImageDraw, b: Box) -> None:
        x0, y0, x1, y1 = b
        d.polygon(((x0 + 1, y0 + 12), ((x0 + x1) / 2, y0 + 1), (x1 - 2, y0 + 12)), fill=fill, outline=INK)
        d.rectangle((x0 + 4, y0 + 12, x1 - 5, y1 - 2), fill=TILE, outline=INK, width=2)
        d.rectangle((x0 + 9, y0 + 18, x1 - 10, y1 - 2), fill=fill)

    return draw


def _star(d: ImageDraw.ImageDraw, b: Box) -> None:
    x0, y0, x1, y1 = b
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2 + 1, (x1 - x0) / 2 - 1
    points = []
    for k in range(10):
        a = -math.pi / 2 + k * math.pi / 5
        rr = r if k % 2 == 0 else r * 0.45
        points.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr))
    d.polygon(points, fill=(60, 90, 150), outline=INK)


def _crown(d: ImageDraw.ImageDraw, b: Box) -> None:
    x0, y0, x1, y1 = b
    w = x1 - x0
    pts = (
        (x0 + 1, y1 - 5), (x0 + 1, y0 + 6), (x0 + w * 0.3, y0 + 15), (x0 + w / 2, y0 + 2),
        (x0 + w * 0.7, y0 + 15), (x1 - 2, y0 + 6), (x1 - 2, y1 - 5),
    )  # fmt: skip
    d.polygon(pts, fill=GOLD, outline=INK, width=2)
    d.ellipse((x0 + w / 2 - 3, y1 - 13, x0 + w / 2 + 3, y1 - 7), fill=RUBY)


def _mosque(minarets: int) -> Symbol:
    def draw(d: ImageDraw.ImageDraw, b: Box) -> None:
        x0, y0, x1, y1 = b
        cx = (x0 + x1) / 2
        r = 9 if minarets == 1 else 11
        d.pieslice((cx - r, y1 - 10 - r, cx + r, y1 - 10 + r), 180, 360, fill=DOME, outline=INK)
        d.rectangle((cx - r - 2, y1 - 10, cx + r + 2, y1 - 1), fill=DOME, outline=INK)
        sides = (x0 + 1,) if minarets == 1 else (x0 + 1, x1 - 5)
        for mx in sides:
            d.rectangle((mx, y0 + 3, mx + 3, y1 - 1), fill=DOME, outline=INK)

    return draw


def _gem(d: ImageDraw.ImageDraw, b: Box) -> None:
    x0, y0, x1, y1 = b
    w = x1 - x0
    pts = ((x0 + 6, y0 + 4), (x1 - 7, y0 + 4), (x1 - 1, y0 + 11), (x0 + w / 2, y1 - 2), (x0 + 1, y0 + 11))
    d.polygon(pts, fill=RUBY, outline=INK, width=2)
    d.line((x0 + 1, y0 + 11, x1 - 1, y0 + 11), fill=INK, width=1)


def _generic(d: ImageDraw.ImageDraw, b: Box) -> None:
    x0, y0, x1, y1 = b
    d.ellipse((x0 + 4, y0 + 4, x1 - 5, y1 - 5), outline=INK, width=3)


SYMBOLS: dict[int, Symbol] = {
    c.WAINWRIGHT: _wheel,
    c.FABRIC_WAREHOUSE: _crate("red"),
    c.SPICE_WAREHOUSE: _crate("green"),
    c.FRUIT_WAREHOUSE: _crate("yellow"),
    c.POST_OFFICE: _envelope,
    c.CARAVANSARY: _cards,
    c.FOUNTAIN: _drop,
    c.BLACK_MARKET: _die,
    c.TEA_HOUSE: _cup,
    c.LARGE_MARKET: _stall(STALL_DARK),
    c.SMALL_MARKET: _stall(STALL_LIGHT),
    c.POLICE_STATION: _star,
    c.SULTANS_PALACE: _crown,
    c.SMALL_MOSQUE: _mosque(1),
    c.GREAT_MOSQUE: _mosque(2),
    c.GEMSTONE_DEALER: _gem,
}


# A place whose tile is not the usual colour (a module registers it: the Great Bazaar's Catacombs).
TILE_FILLS: dict[int, RGB] = {}


def draw_static(grid: GridLayout) -> Image.Image:
    """The background, the header strip and every tile of `grid` (RGBA, opaque)."""
    img = Image.new("RGBA", (grid.width, grid.height), (*BACKGROUND, 255))
    d = ImageDraw.Draw(img)
    d.rectangle((grid.header[0], grid.header[1], grid.header[2] - 1, grid.header[3] - 1), fill=PANEL)
    by_key = {(it.kind, it.key): it for it in grid.items}
    for place, frame in grid.frames.items():
        x0, y0, x1, y1 = frame.box
        d.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), 10, fill=TILE_FILLS.get(place, TILE), outline=TILE_EDGE, width=3)
        number = by_key[("number", str(place))]
        nx0, ny0, nx1, ny1 = number.box
        d.rounded_rectangle((nx0, ny0, nx1 - 1, ny1 - 1), 7, fill=TILE_EDGE)
        d.text(((nx0 + nx1) / 2, (ny0 + ny1) / 2), number.text, font=font(number.size, True),
               fill=TEXT_LIGHT, anchor="mm")
        SYMBOLS.get(place, _generic)(d, frame.symbol)
        for k in range(len(frame.names)):
            name = by_key[("name", f"{place}.{k}")]
            bx0, by0, _, by1 = name.box
            d.text((bx0, (by0 + by1) / 2), name.text, font=font(name.size, True), fill=TEXT_DARK, anchor="lm")
    return img
