"""Colours, fonts and the player marks shared by every image.

Everything is drawn on an opaque dark-slate card so that it reads the same on Discord's dark and
light themes; text is near-white or near-black on its own background, never on transparency, and
`ink_for` picks whichever of the two contrasts more with the fill beneath (WCAG contrast ratio;
every fill below gives at least 4.5:1). The smallest text is 14 px (MIN_TEXT) in images at most
1600 px wide (MAX_WIDTH).
"""

from __future__ import annotations

from functools import cache

from PIL import ImageFont

from ..resources import assets_dir

MAX_WIDTH = 1600
MIN_TEXT = 14

RGB = tuple[int, int, int]

BACKGROUND = (30, 34, 42)
PANEL = (44, 50, 62)
PANEL_EDGE = (70, 78, 94)
TILE = (236, 226, 204)
TILE_EDGE = (120, 98, 70)
TEXT_LIGHT = (245, 245, 245)
TEXT_DARK = (28, 28, 32)
MUTED_DARK = (90, 84, 76)  # secondary text on tiles
MUTED_LIGHT = (170, 175, 185)  # secondary text on panels
HIGHLIGHT = (255, 196, 0)  # the last move, whose turn
WINNER = (120, 220, 140)  # the winner's badge
GHOST = (250, 246, 238)  # where the last move started: an empty outline of the token

# Player colours: a fill and a letter, so that colour is never the only way to tell players apart.
PLAYER_FILL: dict[str, RGB] = {
    "red": (200, 40, 40),
    "blue": (40, 90, 200),
    "green": (30, 125, 55),
    "yellow": (240, 200, 40),
    "white": (240, 240, 240),
}
PLAYER_LETTER = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "white": "W"}

# Goods (and mosque tiles, which share the goods' colours): a fill and a letter.
GOOD_FILL: dict[str, RGB] = {"red": (190, 50, 50), "green": (40, 125, 50), "yellow": (235, 190, 40), "blue": (50, 90, 190)}
GOOD_LETTER = {"red": "F", "green": "S", "yellow": "Fr", "blue": "J"}  # fabric, spice, fruit, jewelry
RUBY = (200, 20, 60)
GOVERNOR = (110, 55, 160)
SMUGGLER = (20, 20, 20)
NEUTRAL = (150, 150, 150)
CARAVAN = (160, 140, 200)
EMPTY_CHIP = (200, 192, 176)


def _channel(v: int) -> float:
    s = v / 255
    return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4


def luminance(colour: RGB) -> float:
    """The relative luminance of a colour (WCAG 2)."""
    r, g, b = colour
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG contrast ratio of two colours, from 1 (none) to 21 (black on white)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@cache
def ink_for(fill: RGB) -> RGB:
    """The text colour (TEXT_DARK or TEXT_LIGHT) that reads best on `fill`."""
    return TEXT_DARK if contrast(fill, TEXT_DARK) >= contrast(fill, TEXT_LIGHT) else TEXT_LIGHT


PLAYER_TEXT = {colour: ink_for(fill) for colour, fill in PLAYER_FILL.items()}


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans at `size` px (loaded once per size)."""
    if size < MIN_TEXT:
        raise ValueError(f"text smaller than {MIN_TEXT} px does not read on a phone")
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(assets_dir() / "fonts" / name), size)
