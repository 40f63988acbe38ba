"""Colours, fonts and the player marks shared by every image.

Everything is drawn on an opaque dark-slate card so that it reads the same on Discord's dark and
light themes; text is near-white or near-black on its own background, never on transparency.
The smallest text is 14 px (MIN_TEXT) in images at most 1600 px wide (MAX_WIDTH).
"""

from __future__ import annotations

from functools import cache

from PIL import ImageFont

from ..resources import assets_dir

MAX_WIDTH = 1600
MIN_TEXT = 14

BACKGROUND = (30, 34, 42)
PANEL = (44, 50, 62)
TILE = (236, 226, 204)
TILE_EDGE = (120, 98, 70)
TEXT_LIGHT = (245, 245, 245)
TEXT_DARK = (28, 28, 32)
MUTED_DARK = (90, 84, 76)
HIGHLIGHT = (255, 196, 0)

# Player colours: a fill, a text colour that contrasts with it, and a letter, so that colour is
# never the only way to tell players apart.
PLAYER_FILL = {
    "red": (200, 40, 40),
    "blue": (40, 90, 200),
    "green": (40, 150, 70),
    "yellow": (240, 200, 40),
    "white": (240, 240, 240),
}
PLAYER_TEXT = {"red": TEXT_LIGHT, "blue": TEXT_LIGHT, "green": TEXT_LIGHT, "yellow": TEXT_DARK, "white": TEXT_DARK}
PLAYER_LETTER = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "white": "W"}

GOOD_FILL = {"red": (190, 50, 50), "green": (60, 150, 60), "yellow": (235, 190, 40), "blue": (50, 90, 190)}
GOOD_LETTER = {"red": "F", "green": "S", "yellow": "Fr", "blue": "J"}  # fabric, spice, fruit, jewelry
RUBY = (200, 20, 60)
GOVERNOR = (120, 60, 160)
SMUGGLER = (20, 20, 20)
NEUTRAL = (150, 150, 150)


@cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans at `size` px (loaded once per size)."""
    if size < MIN_TEXT:
        raise ValueError(f"text smaller than {MIN_TEXT} px does not read on a phone")
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(assets_dir() / "fonts" / name), size)
