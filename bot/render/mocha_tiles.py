"""The tile symbols of Mocha & Baksheesh's places (17–20), registered with `tiles.SYMBOLS`: a
coffee bean for the Roasting Plant, a columned front for the Guild Hall, a tankard for the Tavern
and a coffee pot with steam for the Coffee House. Plain shapes in a 30-pixel square."""

from __future__ import annotations

from PIL import ImageDraw

from ..engine.mocha import data
from . import tiles
from .layout import Box
from .style import TEXT_LIGHT

BEAN = (112, 72, 40)
STONE = (215, 205, 185)
PEWTER = (150, 155, 160)
COPPER = (190, 110, 60)


def _bean(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A coffee bean: a brown oval with the groove down its middle."""
    x0, y0, x1, y1 = b
    d.ellipse((x0 + 5, y0 + 1, x1 - 5, y1 - 1), fill=BEAN, outline=tiles.INK, width=2)
    cx = (x0 + x1) / 2
    d.arc((cx - 7, y0 + 5, cx + 3, y1 - 5), 290, 70, fill=TEXT_LIGHT, width=2)


def _hall(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A guild hall's front: a pediment on three columns over a step."""
    x0, y0, x1, y1 = b
    d.polygon(((x0 + 1, y0 + 10), ((x0 + x1) / 2, y0 + 1), (x1 - 2, y0 + 10)), fill=STONE, outline=tiles.INK)
    d.rectangle((x0 + 1, y0 + 10, x1 - 2, y0 + 13), fill=STONE, outline=tiles.INK)
    for k in range(3):
        cx = x0 + 5 + k * (x1 - x0 - 11) / 2
        d.rectangle((cx, y0 + 14, cx + 3, y1 - 5), fill=STONE, outline=tiles.INK)
    d.rectangle((x0 + 1, y1 - 5, x1 - 2, y1 - 1), fill=STONE, outline=tiles.INK)


def _tankard(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A tankard with a handle and a head of foam."""
    x0, y0, x1, y1 = b
    d.ellipse((x1 - 13, y0 + 9, x1 - 1, y1 - 9), outline=tiles.INK, width=3)
    d.rectangle((x0 + 3, y0 + 7, x1 - 9, y1 - 1), fill=PEWTER, outline=tiles.INK, width=2)
    d.rounded_rectangle((x0 + 1, y0 + 1, x1 - 7, y0 + 9), 4, fill=TEXT_LIGHT, outline=tiles.INK)


def _coffee_pot(d: ImageDraw.ImageDraw, b: Box) -> None:
    """A long-handled coffee pot, wide at the bottom, with two wisps of steam."""
    x0, y0, x1, y1 = b
    body = ((x0 + 5, y1 - 1), (x0 + 19, y1 - 1), (x0 + 16, y0 + 12), (x0 + 8, y0 + 12))
    d.polygon(body, fill=COPPER, outline=tiles.INK, width=2)
    d.line((x0 + 17, y0 + 16, x1 - 1, y0 + 10), fill=tiles.INK, width=3)
    for sx in (x0 + 9, x0 + 14):
        d.arc((sx - 3, y0 + 1, sx + 3, y0 + 10), 90, 270, fill=tiles.INK, width=1)


tiles.SYMBOLS[data.ROASTING_PLANT] = _bean
tiles.SYMBOLS[data.GUILD_HALL] = _hall
tiles.SYMBOLS[data.TAVERN] = _tankard
tiles.SYMBOLS[data.COFFEE_HOUSE] = _coffee_pot
