"""How the items of the board image look and how they are drawn.

An item is first described (`Spec`: what it is, its text and its `Look`), then placed (a `Placed`
box from `layout`), then drawn by `draw_item`: shapes are drawn once into cached sprites and
pasted wherever they recur; text is pasted through a cached coverage mask. Widths come from
`spec_width`, so a placed box always holds its shape and text.

Shapes: "text" (plain text), "chip" (rounded label), "pill" (merchant), "square" (assistant, good),
"house" (family member), "octagon" (the Governor), "hexagon" (the Smuggler), "disc", "ghost" (a
dashed outline with nothing inside but its text: where the last move started), "frame" and
"dashed" (small tile frames: the last move's target and source, for the key).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from .layout import Box, Placed, text_extent
from .style import MIN_TEXT, RGB, TILE, font

__all__ = [
    "Look", "Spec", "dashed_frame", "draw_item", "draw_shape", "spec_width", "text_size",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class Look:
    """How an item is drawn: its shape, fill, text colour and outline."""

    shape: str
    fill: RGB | None
    ink: RGB
    outline: RGB | None = None
    outline_width: int = 2


@dataclass(frozen=True, slots=True)
class Spec:
    """An item before it is placed. `size` 0: the token scale decides the font (`text_size`).
    `small`: a word rather than a letter, set a few pixels smaller than the scale's letters.
    `join`: stays on the line of the item before it (place state only)."""

    kind: str
    key: str
    text: str
    look: Look
    size: int = 0
    bold: bool = True
    join: bool = False
    small: bool = False
    width: int = 0  # a fixed width (the key's frame samples); 0: from the text and shape


def text_size(spec: Spec, scale: int) -> int:
    """The font size of `spec` when tokens are drawn at font size `scale`."""
    if spec.size:
        return spec.size
    return max(MIN_TEXT, scale - 7) if spec.small else scale


def spec_width(spec: Spec, size: int, height: int) -> int:
    """The width of `spec`'s box when its text is `size` px and its box `height` px high."""
    if spec.width:
        return spec.width
    tw = text_extent(spec.text, size, spec.bold)[0]
    shape = spec.look.shape
    if shape == "text":
        return tw
    if shape == "chip":
        return tw + 12
    if shape == "ghost":
        return tw + 16
    if shape == "pill":
        return max(height, tw + int(height * 0.7))
    if shape == "octagon":
        return max(height, tw + int(height * 0.6) + 4)
    if shape == "hexagon":
        return max(height, tw + int(height * 0.8) + 6)
    return max(height, tw + 12)  # square, house


def dashed_frame(d: ImageDraw.ImageDraw, box: Box, colour: RGB, width: int, dash: int = 14, gap: int = 9) -> None:
    """A rectangle of dashes along the inside of `box` (corners solid)."""
    x0, y0, x1, y1 = box[0], box[1], box[2] - 1, box[3] - 1
    half = width // 2
    for a, b, fixed, horizontal in ((x0, x1, y0 + half, True), (x0, x1, y1 - half, True),
                                    (y0, y1, x0 + half, False), (y0, y1, x1 - half, False)):  # fmt: skip
        pos = a
        while pos < b:
            end = min(pos + dash, b)
            seg = (pos, fixed, end, fixed) if horizontal else (fixed, pos, fixed, end)
            d.line(seg, fill=colour, width=width)
            pos = end + gap
        corner = (b - width, fixed, b, fixed) if horizontal else (fixed, b - width, fixed, b)
        d.line(corner, fill=colour, width=width)


def draw_shape(d: ImageDraw.ImageDraw, look: Look, box: Box, text: str, size: int, bold: bool) -> None:
    """Draw one item's shape and its centred text into `box`."""
    x0, y0, x1, y1 = box
    x1, y1 = x1 - 1, y1 - 1
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    shape, fill, outline, ow = look.shape, look.fill, look.outline, look.outline_width
    h = y1 - y0
    text_y = cy
    if shape == "chip":
        d.rounded_rectangle((x0, y0, x1, y1), 6, fill=fill, outline=outline, width=ow)
    elif shape == "pill":
        d.rounded_rectangle((x0, y0, x1, y1), h // 2, fill=fill, outline=outline, width=ow)
    elif shape == "square":
        d.rectangle((x0, y0, x1, y1), fill=fill, outline=outline, width=ow)
    elif shape == "disc":
        d.ellipse((x0, y0, x1, y1), fill=fill, outline=outline, width=ow)
    elif shape == "ghost":  # no fill on a tile; the key's sample has the tile's colour under it
        if fill is not None:
            d.rectangle((x0, y0, x1, y1), fill=fill)
        dashed_frame(d, (x0, y0, x1 + 1, y1 + 1), outline or look.ink, ow, dash=6, gap=4)
    elif shape == "house":
        roof = round(h * 0.36)
        d.polygon(((x0, y0 + roof), (cx, y0), (x1, y0 + roof), (x1, y1), (x0, y1)), fill=fill, outline=outline,
                  width=ow)
        text_y = (y0 + roof + y1) / 2
    elif shape == "octagon":
        k = round(h * 0.29)
        pts = ((x0 + k, y0), (x1 - k, y0), (x1, y0 + k), (x1, y1 - k), (x1 - k, y1), (x0 + k, y1),
               (x0, y1 - k), (x0, y0 + k))  # fmt: skip
        d.polygon(pts, fill=fill, outline=outline, width=ow)
    elif shape == "hexagon":
        k = round(h * 0.4)
        hexagon = ((x0 + k, y0), (x1 - k, y0), (x1, cy), (x1 - k, y1), (x0 + k, y1), (x0, cy))
        d.polygon(hexagon, fill=fill, outline=outline, width=ow)
    elif shape in ("frame", "dashed"):
        d.rounded_rectangle((x0, y0, x1, y1), 6, fill=TILE)
        if shape == "frame":
            d.rounded_rectangle((x0, y0, x1, y1), 6, outline=outline, width=ow)
        else:
            dashed_frame(d, (x0, y0, x1 + 1, y1 + 1), outline or look.ink, ow, dash=8, gap=5)
    if text:
        d.text((cx, text_y), text, font=font(size, bold), fill=look.ink, anchor="mm")


@lru_cache(maxsize=4096)
def _sprite(look: Look, text: str, size: int, bold: bool, w: int, h: int) -> Image.Image:
    """A shape with its text drawn once on a transparent background; pasted wherever it recurs."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw_shape(ImageDraw.Draw(img), look, (0, 0, w, h), text, size, bold)
    return img


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, bold: bool, w: int, h: int) -> Image.Image:
    """One line of text as a coverage mask, left-aligned and centred vertically in w x h."""
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).text((0, (h - 1) / 2), text, font=font(size, bold), fill=255, anchor="lm")
    return mask


def draw_item(img: Image.Image, item: Placed, look: Look) -> None:
    """Draw a placed item on an opaque image."""
    x0, y0, x1, y1 = item.box
    w, h = x1 - x0, y1 - y0
    if look.shape == "text":
        img.paste(look.ink, item.box, _text_mask(item.text, item.size, item.bold, w, h))
    else:
        sprite = _sprite(look, item.text, item.size, item.bold, w, h)
        if img.mode == "RGBA":
            img.alpha_composite(sprite, (x0, y0))
        else:
            img.paste(sprite, (x0, y0), sprite)
