"""The private image sent to one player by direct message: their bonus cards, each as a card with
its name and rule text ("x2" and so on for copies), the cards of every other private deck in play
(Mocha & Baksheesh's guild cards) the same way, and the abilities of their mosque tiles.

As for the players image, `private_layout` gives every box and text as data and `draw_private` draws
exactly that, so the tests can count the cards and check that every text fits.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from ..engine import View
from ..engine.decks import BONUS_DECK, Deck, decks_in_play
from ..engine.state import HIDDEN, Player
from ..engine.texts import CARD_NAMES, CARD_TEXTS, MOSQUE_TILE_NAMES, MOSQUE_TILE_TEXTS
from . import style
from .items import RGB, Box, Item, draw_items, text_extent, text_item
from .layout import label_of

PRIVATE_WIDTH = 840
MARGIN = 20
COLUMNS = 2
COL_GAP = 16
CARD_W = (PRIVATE_WIDTH - 2 * MARGIN - (COLUMNS - 1) * COL_GAP) // COLUMNS
CARD_PAD = 12
BAND_H = 36
NAME_SIZE = 18
BODY_SIZE = 16
LINE_H = 22
ROW_GAP = 14
TITLE_H = 40
SECTION_H = 32

CARD_FACE = style.TILE
CARD_BAND = (214, 190, 140)
CARD_EDGE = style.TILE_EDGE
COUNT_FILL = style.HIGHLIGHT
DECK_BANDS: dict[str, RGB] = {}  # another private deck's card band (a module sets its own)


@dataclass(frozen=True, slots=True)
class PrivateLayout:
    width: int
    height: int
    items: list[Item]

    def cards(self) -> list[Item]:
        """One box per kind of bonus card shown."""
        return [i for i in self.items if i.kind == "card"]

    def counts(self) -> dict[str, int]:
        """Cards shown per kind (the "x2" badges counted)."""
        out = {c.key: 1 for c in self.cards()}
        for i in self.items:
            if i.kind == "count_text":
                out[i.key] = int(i.text.removeprefix("x"))
        return out

    def texts(self) -> list[Item]:
        return [i for i in self.items if i.is_text]


@lru_cache(maxsize=256)
def wrap(text: str, width: int, size: int, bold: bool = False) -> tuple[str, ...]:
    """`text` broken into lines at spaces, each at most `width` px wide (a longer word stays whole)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        left, _, right, _ = text_extent(trial, size, bold)
        if current and right - min(left, 0) > width:
            lines.append(current)
            current = word
        else:
            current = trial
    if current:
        lines.append(current)
    return tuple(lines)


def _hand(view: View, seat: int) -> Counter[str]:
    cards = view.state.players[seat].cards
    if HIDDEN in cards:
        raise ValueError(f"the view of seat {view.viewer} does not show the cards of seat {seat}")
    return Counter(cards)


def _deck_section(deck: Deck, p: Player, y: int, text_w: int) -> tuple[list[Item], int]:
    """A heading and a card per kind for the cards `p` holds of another private deck ("Guild
    cards: 2"); `y` is where it starts, the second value where the next part starts."""
    held = deck.hand(p)
    if HIDDEN in held:
        raise ValueError(f"the view does not show the {deck.title}s of seat {p.seat}")
    hand = Counter(held)
    title = deck.title[:1].upper() + deck.title[1:] + "s"
    heading = f"{title}: {len(held)}" if held else f"{title}: none"
    items = [text_item("section", deck.name, p.seat, (MARGIN, y, PRIVATE_WIDTH - MARGIN, y + SECTION_H), heading,
                       18, bold=True)]
    y += SECTION_H + (6 if held else ROW_GAP)
    entries = [(kind, list(wrap(CARD_TEXTS.get(kind, ""), text_w, BODY_SIZE)), hand[kind]) for kind in _ordered(hand)]
    places, y = _grid(entries, y)
    band = DECK_BANDS.get(deck.name, CARD_BAND)
    for (kind, lines, count), (x, by, h) in zip(entries, places, strict=True):
        items += _card(deck.name, kind, p.seat, x, by, h, CARD_NAMES.get(kind, deck.phrase(kind)), lines, band,
                       style.ink_for(band), count)
    return items, y


def _ordered(hand: Counter[str]) -> list[str]:
    known = [k for k in CARD_NAMES if k in hand]
    return known + sorted(k for k in hand if k not in CARD_NAMES)


def _box_height(lines: int) -> int:
    return BAND_H + CARD_PAD // 2 + lines * LINE_H + CARD_PAD


def _card(
    kind: str, key: str, seat: int, x: int, y: int, h: int, name: str, lines: Sequence[str], band: RGB,
    band_text: RGB, count: int = 1, letter: str = "",
) -> list[Item]:
    items = [Item(kind, key, seat, (x, y, x + CARD_W, y + h), shape="round", fill=CARD_FACE, outline=CARD_EDGE, width=2)]
    items.append(Item(f"{kind}_band", key, seat, (x + 2, y + 2, x + CARD_W - 2, y + BAND_H), shape="round", fill=band))
    name_x = x + CARD_PAD
    if letter:
        mark = (x + CARD_PAD, y + 7, x + CARD_PAD + BAND_H - 12, y + BAND_H - 3)
        items.append(Item(f"{kind}_mark", key, seat, mark, shape="round", fill=band, outline=band_text, width=2))
        items.append(Item(f"{kind}_letter", key, seat, mark, text=letter, size=14, bold=True, colour=band_text,
                          align="c"))
        name_x = mark[2] + 8
    right = x + CARD_W - CARD_PAD
    if count > 1:
        badge = f"x{count}"
        left, _, ink_right, _ = text_extent(badge, NAME_SIZE, True)
        w = ink_right - left + 16
        bx = (right - w, y + 6, right, y + BAND_H - 2)
        items.append(Item("count", key, seat, bx, shape="round", fill=COUNT_FILL, outline=style.TEXT_DARK))
        items.append(Item("count_text", key, seat, bx, text=badge, size=NAME_SIZE, bold=True,
                          colour=style.TEXT_DARK, align="c"))
        right = bx[0] - 6
    items.append(text_item(f"{kind}_name", key, seat, (name_x, y + 2, right, y + BAND_H), name, NAME_SIZE,
                           bold=True, colour=band_text))
    ty = y + BAND_H + CARD_PAD // 2
    for n, line in enumerate(lines):
        box = (x + CARD_PAD, ty + n * LINE_H, x + CARD_W - CARD_PAD, ty + (n + 1) * LINE_H)
        items.append(text_item(f"{kind}_text", f"{key}.{n}", seat, box, line, BODY_SIZE, colour=style.TEXT_DARK))
    return items


def _grid(entries: list[tuple[str, list[str], int]], y: int) -> tuple[list[tuple[int, int, int]], int]:
    """Positions (x, y, height) of boxes in rows of COLUMNS, each row as tall as its tallest box."""
    out: list[tuple[int, int, int]] = []
    for start in range(0, len(entries), COLUMNS):
        row = entries[start : start + COLUMNS]
        h = max(_box_height(len(lines)) for _, lines, _ in row)
        for col in range(len(row)):
            out.append((MARGIN + col * (CARD_W + COL_GAP), y, h))
        y += h + ROW_GAP
    return out, y


def private_layout(view: View, seat: int, seat_labels: Sequence[str]) -> PrivateLayout:
    """The layout of seat `seat`'s private image; `view` must show that seat's cards (its own view)."""
    hand = _hand(view, seat)
    p = view.state.players[seat]
    items: list[Item] = []
    text_w = CARD_W - 2 * CARD_PAD - 2  # the text boxes, less the 1 px inset of left-aligned text
    y = MARGIN
    fill = style.PLAYER_FILL.get(p.colour, style.NEUTRAL)
    mark = (MARGIN, y + 2, MARGIN + TITLE_H - 4, y + TITLE_H - 2)
    items.append(Item("mark", p.colour, seat, mark, shape="circle", fill=fill, outline=style.TEXT_LIGHT, width=2))
    items.append(Item("mark_letter", p.colour, seat, mark, text=style.PLAYER_LETTER.get(p.colour, "?"), size=18,
                      bold=True, colour=style.ink_for(fill), align="c"))
    title = f"{label_of(seat_labels, seat)}: your hand (private)"
    items.append(text_item("title", "", seat, (mark[2] + 10, y, PRIVATE_WIDTH - MARGIN, y + TITLE_H), title, 22,
                           bold=True))
    y += TITLE_H + 8
    total = sum(hand.values())
    heading = f"Bonus cards: {total}" if total else "Bonus cards"
    items.append(text_item("section", "cards", seat, (MARGIN, y, PRIVATE_WIDTH - MARGIN, y + SECTION_H), heading,
                           18, bold=True))
    y += SECTION_H + 6
    if not total:
        box = (MARGIN, y, PRIVATE_WIDTH - MARGIN, y + 56)
        items.append(Item("empty", "cards", seat, box, shape="round", fill=style.PANEL, outline=style.TEXT_LIGHT, width=2))
        items.append(text_item("empty_text", "cards", seat, (box[0] + 16, box[1], box[2] - 16, box[3]),
                               "No bonus cards in your hand.", 20, bold=True, align="c"))
        y = box[3] + ROW_GAP
    else:
        entries = [
            (kind, list(wrap(CARD_TEXTS.get(kind, ""), text_w, BODY_SIZE)), hand[kind]) for kind in _ordered(hand)
        ]
        places, y = _grid(entries, y)
        for (kind, lines, count), (x, by, h) in zip(entries, places, strict=True):
            items += _card("card", kind, seat, x, by, h, CARD_NAMES.get(kind, kind), lines, CARD_BAND,
                           style.TEXT_DARK, count)
    for deck in decks_in_play(view.state.settings):
        if deck is not BONUS_DECK and deck.private:
            section, y = _deck_section(deck, p, y + 4, text_w)
            items += section
    y += 4
    heading = "Your mosque tiles" if p.mosque_tiles else "Your mosque tiles: none yet"
    items.append(text_item("section", "mosque", seat, (MARGIN, y, PRIVATE_WIDTH - MARGIN, y + SECTION_H), heading,
                           18, bold=True))
    y += SECTION_H + (6 if p.mosque_tiles else ROW_GAP)
    if p.mosque_tiles:
        tiles = [(c, list(wrap(MOSQUE_TILE_TEXTS.get(c, ""), text_w, BODY_SIZE)), 1) for c in p.mosque_tiles]
        places, y = _grid(tiles, y)
        for (colour, lines, _), (x, by, h) in zip(tiles, places, strict=True):
            band = style.GOOD_FILL.get(colour, style.NEUTRAL)
            items += _card("tile", colour, seat, x, by, h, MOSQUE_TILE_NAMES.get(colour, colour), lines, band,
                           style.ink_for(band), letter=style.GOOD_LETTER.get(colour, "?"))
    height = y - ROW_GAP + MARGIN
    return PrivateLayout(PRIVATE_WIDTH, height, items)


def draw_private(view: View, seat: int, seat_labels: Sequence[str]) -> Image.Image:
    """Seat `seat`'s cards and mosque tiles as an opaque RGB image, PRIVATE_WIDTH wide."""
    layout = private_layout(view, seat, seat_labels)
    image = Image.new("RGB", (layout.width, layout.height), style.BACKGROUND)
    draw_items(image, layout.items)
    return image


__all__ = ["PRIVATE_WIDTH", "Box", "PrivateLayout", "draw_private", "private_layout", "wrap"]
