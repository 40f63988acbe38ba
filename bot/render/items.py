"""Drawn things as plain data (`Item`: a shape or a line of text in a box) and their drawing, for
the players image and the private image.

A layout is first worked out as a list of items, then drawn from exactly that list
(`draw_items`), so the tests check what is drawn: every box, every text with its font size, its
colour and the fill beneath it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from . import style

__all__ = ["RGB", "Box", "Item", "draw_items", "draw_text", "fit_text", "fits", "ink_width", "text_extent", "text_item"]

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 (x1, y1 exclusive)
RGB = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Item:
    """One drawn thing: a shape (`shape` rect, round, circle, diamond) or a text (`text` set,
    drawn with its left edge at box x0, or centred when `align` is "c", vertically centred).

    `kind` says what it shows (e.g. "strip", "mark", "name", "lira", "goods", "mosque_tile");
    `key` tells items of a kind apart; `seat` is the player it belongs to (-1: none)."""

    kind: str
    key: str
    seat: int
    box: Box
    shape: str = ""
    fill: RGB | None = None
    outline: RGB | None = None
    width: int = 1
    text: str = ""
    size: int = 0
    bold: bool = False
    colour: RGB = style.TEXT_LIGHT
    align: str = "l"

    @property
    def is_text(self) -> bool:
        return bool(self.text)


@lru_cache(maxsize=4096)
def text_extent(text: str, size: int, bold: bool, align: str = "l") -> Box:
    """The ink box of `text` relative to its anchor point (left- or centre-middle)."""
    left, top, right, bottom = style.font(size, bold).getbbox(text, anchor="mm" if align == "c" else "lm")
    return int(left), int(top), int(right) + 1, int(bottom) + 1


def ink_width(text: str, size: int, bold: bool) -> int:
    left, _, right, _ = text_extent(text, size, bold)
    return right - left


def fits(text: str, size: int, bold: bool, box: Box, align: str = "l") -> bool:
    """Whether `text` drawn as an `Item` in `box` stays inside the box."""
    x0, y0, x1, y1 = box
    ax, ay = _anchor(box, align)
    left, top, right, bottom = text_extent(text, size, bold, align)
    return ax + left >= x0 and ax + right <= x1 and ay + top >= y0 and ay + bottom <= y1


def fit_text(
    text: str, box: Box, size: int, bold: bool = False, align: str = "l", smallest: int = style.MIN_TEXT,
) -> tuple[str, int]:
    """The largest size from `size` down to `smallest` at which `text` fits `box`; failing that
    the text shortened with an ellipsis at `smallest`."""
    for s in range(size, smallest - 1, -1):
        if fits(text, s, bold, box, align):
            return text, s
    cut = text
    while cut and not fits(cut.rstrip() + "…", smallest, bold, box, align):
        cut = cut[:-1]
    return cut.rstrip() + "…", smallest


def text_item(
    kind: str, key: str, seat: int, box: Box, text: str, size: int, *, bold: bool = False,
    colour: RGB = style.TEXT_LIGHT, align: str = "l", smallest: int = style.MIN_TEXT,
) -> Item:
    """A text item that fits `box`: at `size` or smaller (not under `smallest`), else cut short."""
    shown, s = fit_text(text, box, size, bold, align, smallest)
    return Item(kind, key, seat, box, text=shown, size=s, bold=bold, colour=colour, align=align)


def _anchor(box: Box, align: str) -> tuple[int, int]:
    x0, y0, x1, y1 = box
    cy = (y0 + y1) // 2
    # a left-aligned text starts 1 px in: some capitals (T, Y) overhang their origin by a pixel
    return ((x0 + x1) // 2, cy) if align == "c" else (x0 + 1, cy)


@lru_cache(maxsize=2048)
def _text_mask(text: str, size: int, bold: bool, align: str) -> tuple[Image.Image, int, int]:
    """The text's coverage mask (rendered once) and its offset from the anchor point."""
    left, top, right, bottom = text_extent(text, size, bold, align)
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text(
        (-left, -top), text, fill=255, font=style.font(size, bold), anchor="mm" if align == "c" else "lm"
    )
    return mask, left, top


def draw_text(image: Image.Image, it: Item) -> None:
    """Draw a text item: a cached mask pasted in the text colour (far cheaper than FreeType)."""
    mask, left, top = _text_mask(it.text, it.size, it.bold, it.align)
    ax, ay = _anchor(it.box, it.align)
    x, y = ax + left, ay + top
    image.paste(it.colour, (x, y, x + mask.width, y + mask.height), mask)


def draw_items(image: Image.Image, items: Sequence[Item]) -> None:
    """Draw items in order (later ones on top) on an RGB or opaque RGBA image."""
    draw = ImageDraw.Draw(image)
    for it in items:
        x0, y0, x1, y1 = it.box
        rect = (x0, y0, x1 - 1, y1 - 1)
        if it.is_text:
            draw_text(image, it)
        elif it.shape == "rect":
            draw.rectangle(rect, fill=it.fill, outline=it.outline, width=it.width)
        elif it.shape == "round":
            draw.rounded_rectangle(rect, radius=min(8, (y1 - y0) // 3), fill=it.fill, outline=it.outline, width=it.width)
        elif it.shape == "circle":
            draw.ellipse(rect, fill=it.fill, outline=it.outline, width=it.width)
        elif it.shape == "diamond":
            cx, cy = (x0 + x1 - 1) / 2, (y0 + y1 - 1) / 2
            points = [(cx, y0), (x1 - 1, cy), (cx, y1 - 1), (x0, cy)]
            draw.polygon(points, fill=it.fill, outline=it.outline, width=it.width)
        else:
            raise ValueError(f"unknown shape {it.shape!r}")
