"""The tile symbols of Letters & Seals' places (21–24), registered with `tiles.SYMBOLS`: a flag for
the Embassy, three tiles turned up for the Kiosk, a gavel for the Auction House and a wax seal for
the Secret Society. Plain shapes in a 30-pixel square."""

from __future__ import annotations

import math

from PIL import ImageDraw

from ..engine.letters import data
from . import tiles
from .layout import Box
from .style import TEXT_LIGHT

FLAG = (60, 110, 170)
TILE_FACE = (238, 226, 190)
WOOD = (150, 95, 55)
WAX = (160, 40, 50)


def _flag(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A flag with a star-like dot on a pole."""
    x0, y0, x1, y1 = b
    d.line((x0 + 4, y0 + 1, x0 + 4, y1 - 1), fill=tiles.INK, width=3)
    d.rectangle((x0 + 6, y0 + 2, x1 - 2, y0 + 17), fill=FLAG, outline=tiles.INK, width=2)
    cx, cy = (x0 + 6 + x1 - 2) / 2, y0 + 9.5
    d.ellipse((cx - 3, cy - 3, cx + 3, cy + 3), fill=TEXT_LIGHT)


def _tiles_up(d: ImageDraw.ImageDraw, b: Box) -> None:
    """Three small tiles side by side, turned face up."""
    x0, y0, x1, y1 = b
    size = (x1 - x0 - 4) / 3
    for k in range(3):
        tx = x0 + 1 + k * (size + 1)
        ty = y0 + 4 + (k % 2) * 6
        d.rectangle((tx, ty, tx + size - 1, ty + size + 6), fill=TILE_FACE, outline=tiles.INK, width=2)
        d.ellipse((tx + size / 2 - 2, ty + size / 2 + 1, tx + size / 2 + 2, ty + size / 2 + 5), fill=tiles.INK)


def _gavel(d: ImageDraw.ImageDraw, b: Box) -> None:
    """An auctioneer's gavel over its block."""
    x0, y0, x1, y1 = b
    cx, cy, a = x0 + 13, y0 + 10, math.radians(-35)
    ux, uy = math.cos(a), math.sin(a)  # along the head
    vx, vy = -uy, ux  # across it
    hw, hh = 9, 4
    head = [(cx + sx * hw * ux + sy * hh * vx, cy + sx * hw * uy + sy * hh * vy)
            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    d.line((cx, cy, cx + 13 * vx, cy + 13 * vy), fill=WOOD, width=4)
    d.polygon(head, fill=WOOD, outline=tiles.INK)
    d.rectangle((x0 + 12, y1 - 6, x1 - 1, y1 - 1), fill=WOOD, outline=tiles.INK)


def _seal(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A red wax seal: a scalloped disc with a ring pressed into it."""
    x0, y0, x1, y1 = b
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    outer, inner = (x1 - x0) / 2 - 1, (x1 - x0) / 2 - 4
    edge = [(cx + math.cos(k * math.pi / 12) * (outer if k % 2 == 0 else inner),
             cy + math.sin(k * math.pi / 12) * (outer if k % 2 == 0 else inner)) for k in range(24)]
    d.polygon(edge, fill=WAX, outline=tiles.INK)
    d.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), outline=TEXT_LIGHT, width=2)


tiles.SYMBOLS[data.EMBASSY] = _flag
tiles.SYMBOLS[data.KIOSK] = _tiles_up
tiles.SYMBOLS[data.AUCTION_HOUSE] = _gavel
tiles.SYMBOLS[data.SECRET_SOCIETY] = _seal
