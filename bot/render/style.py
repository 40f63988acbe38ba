"""Colours, fonts and the player marks shared by every image.

Everything is drawn on an opaque dark-slate card so that it reads the same on Discord's dark and
light themes; text is near-white or near-black on its own background, never on transparency, and
`ink_for` picks whichever of the two contrasts more with the fill beneath (WCAG contrast ratio;
every fill below gives at least 4.5:1).

Two sizes of reading: at full size (an image opened on a computer) no text is under 14 px
(MIN_TEXT); on a phone, where Discord shows an image PHONE_WIDTH px wide, every figure a player
needs to decide is at least PHONE_TEXT px (`on_phone`): the players image is drawn for that.
"""

from __future__ import annotations

from functools import cache

from PIL import ImageFont

from ..resources import assets_dir

MIN_TEXT = 14  # px: the smallest text of any image at full size
PHONE_WIDTH = 360  # px: the width Discord shows an image at on a phone (a 360 px wide screen)
PHONE_TEXT = 12  # px: the smallest font size a figure has there

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


def on_phone(size: float, image_width: int) -> float:
    """The font size, in screen pixels, of text drawn at `size` px in an image `image_width` px
    wide, as a phone shows it (scaled down to PHONE_WIDTH; a narrower image is not enlarged)."""
    return size * min(1.0, PHONE_WIDTH / image_width)


def phone_size(image_width: int) -> int:
    """The smallest font size (px) that reads as PHONE_TEXT on a phone in an image this wide."""
    return -(-PHONE_TEXT * max(image_width, PHONE_WIDTH) // PHONE_WIDTH)


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
        raise ValueError(f"text smaller than {MIN_TEXT} px is too small to read even at full size")
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(assets_dir() / "fonts" / name), size)
