"""The key: what the shapes on the board mean, for a newcomer.

Each entry is a sample drawn exactly as on the board (a merchant "R·2" with its stack, a family
member, an assistant, the neutral tokens when the game has them, the goods' letters, the last
move's frames and the dashed outline a token leaves where it started) followed by a few words.
The key is flowed into any width (a strip under the board). It depends only on the game's
settings and seat 0's colour, so it is laid out and drawn once per kind of game and width
(cached).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from ..engine import View
from ..engine.components import GOODS
from ..engine.modules import in_play
from ..engine.registry import Registry
from ..engine.texts import GOOD_NAMES
from .layout import Box, Placed, flow, text_extent
from .places import good_square
from .shapes import Look, Spec, draw_item, spec_width, text_size
from .style import BACKGROUND, HIGHLIGHT, PANEL, PANEL_EDGE, TEXT_LIGHT, TILE
from .tokens import assistant, family, ghost, merchant, neutral_assistant, neutral_merchant

__all__ = ["KEY_ENTRIES", "KEY_KINDS", "LegendKind", "LegendLayout", "legend_image", "legend_kind", "legend_layout", "sections"]

TEXT_SIZE = 16
TITLE_SIZE = 18
SAMPLE_SIZE = 16  # the samples' token scale (font px)
ROW_H = 28
PAD = 12
GAP = 5
ENTRY_GAP = 12  # after an entry's words
KEY_KINDS = ("key", "key_title", "key_sample", "key_text")
# A module's entries (sample, words) for the tokens' section, from seat 0's colour: the Barrier.
KEY_ENTRIES: Registry[Callable[[str], list[tuple[Spec, str]]]] = Registry("key entries")


@dataclass(frozen=True, slots=True)
class LegendKind:
    """What the key must explain: seat 0's colour for the samples, whether the game has
    neutral merchants (2 players) and neutral assistants (variant), and its modules."""

    colour: str
    neutral_merchants: bool
    neutral_assistants: bool
    modules: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LegendLayout:
    width: int
    height: int
    items: tuple[tuple[Placed, Look], ...]  # the frame ("key"), the title, then samples and words

    def placed(self) -> list[Placed]:
        return [p for p, _ in self.items]


def legend_kind(view: View) -> LegendKind:
    g = view.state
    return LegendKind(
        g.players[0].colour, bool(g.board.neutral_colours), g.settings.neutral_assistants, g.settings.expansions
    )


def _frame(key: str, shape: str) -> Spec:
    return Spec("key_sample", key, "", Look(shape, None, HIGHLIGHT, HIGHLIGHT, 4), width=40)


def sections(kind: LegendKind) -> list[list[tuple[Spec, str]]]:
    """(sample, words) of every entry, by section (tokens, goods, the last move); each section
    starts a new row."""
    tokens = [
        (merchant(kind.colour, 2), "merchant, 2 assistants in its stack"),
        (family(kind.colour), "family member"),
        (assistant(kind.colour), "assistant left here"),
    ]
    if kind.neutral_merchants:
        tokens.append((neutral_merchant("white"), "neutral merchant"))
    if kind.neutral_assistants:
        tokens.append((neutral_assistant(0), "neutral assistant"))
    if kind.modules:
        play = in_play(kind.modules)
        for module, entries in KEY_ENTRIES.entries:
            if module in play:
                tokens += entries(kind.colour)
    goods = [(good_square("key_sample", good, good, 0), GOOD_NAMES[good]) for good in GOODS]
    goods.append((good_square("key_sample", "any", "any", 0), "any good"))
    left = ghost(merchant(kind.colour, 2), 9)
    left = Spec(left.kind, left.key, left.text, Look("ghost", TILE, left.look.ink, left.look.outline), small=left.small)
    move = [
        (_frame("to", "frame"), "last move: to here"),
        (_frame("from", "dashed"), "from here"),
        (left, "moved from here to 9 (an outline, no token)"),
    ]
    return [tokens, goods, move]


def _flow(groups: list[list[tuple[Spec, str]]], width: int, top: int) -> list[Box] | None:
    """Boxes for each entry's sample and words, every group starting a new row."""
    boxes: list[Box] = []
    y = top
    for group in groups:
        widths: list[int] = []
        for sample, words in group:
            widths.append(spec_width(sample, text_size(sample, SAMPLE_SIZE), ROW_H))
            widths.append(text_extent(words, TEXT_SIZE)[0] + ENTRY_GAP)
        placed = flow((PAD, y, width - PAD, 10**6), widths, ROW_H, GAP, GAP, [k % 2 == 1 for k in range(len(widths))])
        if placed is None:
            return None
        boxes += placed
        y = placed[-1][3] + GAP
    return boxes


@lru_cache(maxsize=64)
def legend_layout(kind: LegendKind, width: int) -> LegendLayout | None:
    """The key flowed into `width` px (None if an entry is wider than that): each section on rows
    of its own, unless running them on saves a row (a wide strip)."""
    title_h = text_extent("Key", TITLE_SIZE, True)[1]
    top = PAD + title_h + GAP
    groups = sections(kind)
    specs = [entry for group in groups for entry in group]
    apart = _flow(groups, width, top)
    together = _flow([specs], width, top)
    if apart is None or together is None:
        return None
    boxes = together if together[-1][3] < apart[-1][3] else apart
    height = boxes[-1][3] + PAD
    frame = Placed("key", "frame", 0, (0, 0, width, height))
    items: list[tuple[Placed, Look]] = [(frame, Look("chip", PANEL, TEXT_LIGHT, PANEL_EDGE, 1))]
    title = Placed("key_title", "title", 0, (PAD, PAD, PAD + text_extent("Key", TITLE_SIZE, True)[0], PAD + title_h),
                   "Key", TITLE_SIZE, True)
    items.append((title, Look("text", None, TEXT_LIGHT)))
    for k, (sample, words) in enumerate(specs):
        sb, wb = boxes[2 * k], boxes[2 * k + 1]
        size = text_size(sample, SAMPLE_SIZE)
        items.append((Placed("key_sample", f"{k}", 0, sb, sample.text, size, sample.bold), sample.look))
        text_box: Box = (wb[0], wb[1], wb[2] - ENTRY_GAP, wb[3])
        items.append((Placed("key_text", f"{k}", 0, text_box, words, TEXT_SIZE), Look("text", None, TEXT_LIGHT)))
    return LegendLayout(width, height, tuple(items))


@lru_cache(maxsize=64)
def legend_image(kind: LegendKind, width: int) -> Image.Image:
    """The key drawn once per kind and width (opaque RGBA); callers paste it, never draw on it."""
    lay = legend_layout(kind, width)
    if lay is None:
        raise ValueError(f"the key does not fit {width} px")
    img = Image.new("RGBA", (lay.width, lay.height), (*BACKGROUND, 255))
    d = ImageDraw.Draw(img)
    frame, look = lay.items[0]
    x0, y0, x1, y1 = frame.box
    d.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), 10, fill=look.fill, outline=look.outline, width=look.outline_width)
    for item, item_look in lay.items[1:]:
        draw_item(img, item, item_look)
    return img
