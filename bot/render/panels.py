"""The wheelbarrow panels: one panel per player, stacked in a column right of the board.

A panel shows the player's name and colour mark (fill and letter) and, as labelled badges, the
start player, the holder of the Caravan Leader tile and (once the game is over) the winner; the
goods against the wheelbarrow's capacity (one row of slots per good, filled slots in the good's
colour with its letter) and its extensions, the rubies against the ruby target, Lira, the number
of bonus cards (never their faces: the public image is the same for everyone), the mosque tiles
owned (chips named by colour) and the assistants in the merchant stack and left out. The panel
of the player whose turn it is has a highlighted frame.

Everything is laid out first as plain data (`panel_layout`: shapes and text boxes), then drawn
from that data (`draw_panels`), so the tests check exactly what is drawn: every item lies inside
its panel and every text fits its box.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache

from PIL import Image, ImageDraw

from ..engine import View, winners
from ..engine.components import GOODS, MAX_EXTENSIONS, ruby_target
from . import style
from .layout import label_of

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 (x1, y1 exclusive)
RGB = tuple[int, int, int]

PANEL_WIDTH = 420  # with the board's 1180 px: 1600 px in all
MARGIN_LEFT = 4
MARGIN_RIGHT = 12
MARGIN_TOP = 12
GAP = 8  # between two panels
PANEL_INNER = PANEL_WIDTH - MARGIN_LEFT - MARGIN_RIGHT
PAD = 10  # inside a panel

HEADER_H = 34
ROW_LABEL = 22  # the good's letter at the start of its row
SLOT = 24  # a goods slot
SLOT_STEP = 28
ROWS_Y = PAD + HEADER_H + 6  # top of the goods rows inside a panel
ROWS_H = 4 * SLOT_STEP - (SLOT_STEP - SLOT)
RIGHT_X = PAD + ROW_LABEL + 5 * SLOT_STEP + 10  # the right column, beside the goods
LINE_H = 24  # a footer line
FOOTER_Y = ROWS_Y + ROWS_H + 6
PANEL_H = FOOTER_Y + 2 * LINE_H + PAD

NAME_SIZE = 20
TEXT_SIZE = 18
BADGE_SIZE = 14
DIAMOND = 17
DIAMOND_STEP = 19
CHIP_H = 22

EMPTY_SLOT = (58, 64, 78)
RUBY_EDGE = (235, 110, 140)
BADGES = {  # kind: (label, short label when the name would get too little room)
    "winner": ("Winner", "Winner"),
    "start": ("Start player", "Start"),
    "leader": ("Caravan Leader", "Caravan"),
}
NAME_ROOM = 110  # px the name keeps before badges take their short labels


@dataclass(frozen=True, slots=True)
class Item:
    """One drawn thing: a shape (`shape` rect, round, circle, diamond) or a text (`text` set,
    drawn with its left edge at box x0, or centred when `align` is "c", vertically centred).

    `kind` says what it shows (e.g. "panel", "mark", "name", "start", "leader", "good",
    "ruby", "lira", "cards", "mosque_tile", "assistants"); `key` tells items of a kind apart;
    `seat` is the player it belongs to."""

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


@dataclass(frozen=True, slots=True)
class PanelLayout:
    width: int
    height: int
    panels: dict[int, Box]  # seat -> the panel's box
    items: list[Item]

    def texts(self) -> list[Item]:
        return [i for i in self.items if i.is_text]

    def of(self, seat: int, kind: str) -> list[Item]:
        return [i for i in self.items if i.seat == seat and i.kind == kind]


# -- text helpers (shared with the private image) -------------------------------------------------


@lru_cache(maxsize=4096)
def text_extent(text: str, size: int, bold: bool, align: str = "l") -> Box:
    """The ink box of `text` relative to its anchor point (left- or centre-middle)."""
    left, top, right, bottom = style.font(size, bold).getbbox(text, anchor="mm" if align == "c" else "lm")
    return int(left), int(top), int(right) + 1, int(bottom) + 1


def fits(text: str, size: int, bold: bool, box: Box, align: str = "l") -> bool:
    """Whether `text` drawn as an `Item` in `box` stays inside the box."""
    x0, y0, x1, y1 = box
    ax, ay = _anchor(box, align)
    left, top, right, bottom = text_extent(text, size, bold, align)
    return ax + left >= x0 and ax + right <= x1 and ay + top >= y0 and ay + bottom <= y1


def fit_text(text: str, box: Box, size: int, bold: bool = False, align: str = "l") -> tuple[str, int]:
    """The largest size from `size` down to 14 px at which `text` fits `box`; failing that the
    text shortened with an ellipsis at 14 px."""
    for s in range(size, style.MIN_TEXT - 1, -1):
        if fits(text, s, bold, box, align):
            return text, s
    s = style.MIN_TEXT
    cut = text
    while cut and not fits(cut.rstrip() + "…", s, bold, box, align):
        cut = cut[:-1]
    return cut.rstrip() + "…", s


def text_item(
    kind: str, key: str, seat: int, box: Box, text: str, size: int, *, bold: bool = False,
    colour: RGB = style.TEXT_LIGHT, align: str = "l",
) -> Item:
    shown, s = fit_text(text, box, size, bold, align)
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


# -- layout -----------------------------------------------------------------------------------------


def panels_height(players: int) -> int:
    """The height the panels of `players` players need (without any extra filling)."""
    return MARGIN_TOP + players * PANEL_H + (players - 1) * GAP + MARGIN_TOP


def panel_layout(view: View, seat_labels: Sequence[str], height: int | None = None) -> PanelLayout:
    """Where everything of every player's panel goes. Uses only what the public sees: the
    number of cards in each hand, never the cards themselves."""
    g = view.state
    n = len(g.players)
    target = ruby_target(n, len(g.settings.expansions))
    won = set(winners(g)) if g.finished else set()
    items: list[Item] = []
    boxes: dict[int, Box] = {}
    for p in g.players:
        seat = p.seat
        x = MARGIN_LEFT
        y = MARGIN_TOP + seat * (PANEL_H + GAP)
        box = (x, y, x + PANEL_INNER, y + PANEL_H)
        boxes[seat] = box
        turn = not g.finished and g.turn.player == seat
        items.append(
            Item("panel", str(seat), seat, box, shape="round", fill=style.PANEL,
                 outline=style.HIGHLIGHT if turn else style.PANEL_EDGE, width=3 if turn else 1)
        )
        badges = [kind for kind, holds in (("winner", seat in won), ("start", seat == view.start_player),
                                           ("leader", g.board.caravan_leader == seat)) if holds]  # fmt: skip
        items += _header(p.colour, label_of(seat_labels, seat), badges, seat, x, y)
        items += _goods(seat, p.goods, p.capacity, x + PAD, y + ROWS_Y)
        items += _right_column(seat, p.rubies, target, p.lira, len(p.cards), p.extensions, x + RIGHT_X, y + ROWS_Y,
                               x + PANEL_INNER - PAD)
        fy = y + FOOTER_Y
        items += _mosque_tiles(seat, p.mosque_tiles, (x + PAD, fy, x + PANEL_INNER - PAD, fy + LINE_H))
        text = f"Assistants: {p.stack.count('o')} in stack, {len(p.assistants)} left out"
        if neutral := p.stack.count("n"):
            text += f", +{neutral} neutral"
        fy += LINE_H
        items.append(text_item("assistants", "", seat, (x + PAD, fy, x + PANEL_INNER - PAD, fy + LINE_H), text,
                               TEXT_SIZE))
    needed = panels_height(n)
    return PanelLayout(PANEL_WIDTH, max(needed, height or 0), boxes, items)


def _badge_width(text: str) -> int:
    left, _, right, _ = text_extent(text, BADGE_SIZE, True)
    return right - left + 14


def _header(colour: str, label: str, badges: Sequence[str], seat: int, x: int, y: int) -> list[Item]:
    items: list[Item] = []
    fill = style.PLAYER_FILL.get(colour, style.NEUTRAL)
    mark = (x + PAD, y + PAD, x + PAD + HEADER_H, y + PAD + HEADER_H)
    items.append(Item("mark", colour, seat, mark, shape="circle", fill=fill, outline=style.TEXT_LIGHT, width=2))
    items.append(
        Item("mark_letter", colour, seat, mark, text=style.PLAYER_LETTER.get(colour, "?"), size=18, bold=True,
             colour=style.ink_for(fill), align="c")
    )
    right = x + PANEL_INNER - PAD
    long = sum(_badge_width(BADGES[k][0]) + 6 for k in badges)
    short = right - long - (mark[2] + 8) < NAME_ROOM
    for kind in reversed(badges):  # the first badge ends up nearest to the name
        text = BADGES[kind][1 if short else 0]
        bx = (right - _badge_width(text), y + PAD + 5, right, y + PAD + HEADER_H - 5)
        badge = style.WINNER if kind == "winner" else style.HIGHLIGHT
        items.append(Item(kind, text, seat, bx, shape="round", fill=badge))
        items.append(Item(f"{kind}_text", text, seat, bx, text=text, size=BADGE_SIZE, bold=True,
                          colour=style.ink_for(badge), align="c"))
        right = bx[0] - 6
    name_box = (mark[2] + 8, y + PAD, right - 2, y + PAD + HEADER_H)
    items.append(text_item("name", str(seat), seat, name_box, label, NAME_SIZE, bold=True))
    return items


def _goods(seat: int, goods: tuple[int, int, int, int], capacity: int, x: int, y: int) -> list[Item]:
    """A row per good: its letter, then one slot per unit of capacity, filled for the goods held."""
    items: list[Item] = []
    for row, good in enumerate(GOODS):
        fill = style.GOOD_FILL[good]
        letter = style.GOOD_LETTER[good]
        sy = y + row * SLOT_STEP
        items.append(Item("good_label", good, seat, (x, sy, x + ROW_LABEL - 4, sy + SLOT), text=letter, size=14,
                          bold=True, colour=style.TEXT_LIGHT, align="c"))
        for k in range(capacity):
            sx = x + ROW_LABEL + k * SLOT_STEP
            box = (sx, sy, sx + SLOT, sy + SLOT)
            if k < goods[row]:
                items.append(Item("good", f"{good}.{k}", seat, box, shape="rect", fill=fill, outline=style.TEXT_LIGHT))
                items.append(Item("good_letter", f"{good}.{k}", seat, box, text=letter, size=14, bold=True,
                                  colour=style.ink_for(fill), align="c"))
            else:
                items.append(Item("slot", f"{good}.{k}", seat, box, shape="rect", fill=EMPTY_SLOT, outline=fill, width=2))
    return items


def _right_column(
    seat: int, rubies: int, target: int, lira: int, cards: int, extensions: int, x: int, y: int, right: int
) -> list[Item]:
    items: list[Item] = []
    line = SLOT
    # rubies against the target: one diamond per ruby needed, filled for those owned
    for k in range(target):
        dx = x + k * DIAMOND_STEP
        box = (dx, y + (line - DIAMOND) // 2, dx + DIAMOND, y + (line - DIAMOND) // 2 + DIAMOND)
        if k < rubies:
            items.append(Item("ruby", str(k), seat, box, shape="diamond", fill=style.RUBY, outline=style.TEXT_LIGHT))
        else:
            items.append(Item("ruby_slot", str(k), seat, box, shape="diamond", fill=EMPTY_SLOT, outline=RUBY_EDGE,
                              width=2))
    tx = x + target * DIAMOND_STEP + 4
    items.append(text_item("rubies", "", seat, (tx, y, right, y + line), f"{rubies}/{target} rubies", TEXT_SIZE,
                           bold=True))
    y += SLOT_STEP
    items.append(text_item("lira", "", seat, (x, y, right, y + line), f"Lira: {lira}", TEXT_SIZE, bold=True))
    y += SLOT_STEP
    items.append(text_item("cards", "", seat, (x, y, right, y + line), f"Bonus cards: {cards}", TEXT_SIZE))
    y += SLOT_STEP
    text = f"Extensions: {extensions} of {MAX_EXTENSIONS}"
    items.append(text_item("extensions", "", seat, (x, y, right, y + line), text, TEXT_SIZE))
    return items


def _mosque_tiles(seat: int, tiles: Sequence[str], box: Box) -> list[Item]:
    """"Mosque tiles:" and a chip per tile owned, named by its colour (or "none")."""
    x0, y0, x1, y1 = box
    label = "Mosque tiles:"
    left, _, ink_right, _ = text_extent(label, TEXT_SIZE, False)
    x = x0 + ink_right - left + 10
    items = [text_item("mosque_label", "", seat, (x0, y0, x, y1), label, TEXT_SIZE)]
    if not tiles:
        items.append(text_item("mosque_none", "", seat, (x, y0, x1, y1), "none", TEXT_SIZE, colour=style.MUTED_LIGHT))
    cy0 = y0 + (y1 - y0 - CHIP_H) // 2
    for colour in tiles:
        fill = style.GOOD_FILL.get(colour, style.NEUTRAL)
        left, _, ink_right, _ = text_extent(colour, BADGE_SIZE, True)
        chip = (x, cy0, min(x1, x + ink_right - left + 12), cy0 + CHIP_H)
        items.append(Item("mosque_tile", colour, seat, chip, shape="round", fill=fill, outline=style.TEXT_LIGHT))
        items.append(Item("mosque_tile_text", colour, seat, chip, text=colour, size=BADGE_SIZE, bold=True,
                          colour=style.ink_for(fill), align="c"))
        x = chip[2] + 6
    return items


# -- drawing ----------------------------------------------------------------------------------------


def paint_panels(image: Image.Image, view: View, seat_labels: Sequence[str], origin: tuple[int, int] = (0, 0)) -> None:
    """Draw the panels column on `image` (RGB or opaque RGBA) with its top left corner at `origin`;
    the background under it is left as it is."""
    dx, dy = origin
    items = panel_layout(view, seat_labels).items
    if origin != (0, 0):
        items = [replace(it, box=(it.box[0] + dx, it.box[1] + dy, it.box[2] + dx, it.box[3] + dy)) for it in items]
    draw_items(image, items)


def draw_panels(view: View, seat_labels: Sequence[str], height: int | None = None) -> Image.Image:
    """The panels column as an opaque RGBA image, PANEL_WIDTH wide and at least `height` tall.
    Pass the public view (`engine.view(state, None)`): only card counts are drawn anyway."""
    layout = panel_layout(view, seat_labels, height)
    image = Image.new("RGBA", (layout.width, layout.height), (*style.BACKGROUND, 255))
    draw_items(image, layout.items)
    return image
