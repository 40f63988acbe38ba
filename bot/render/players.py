"""The players image: the round, whose turn, what just happened, and a strip per player with every
figure a player needs to decide, drawn to be read on a phone.

Discord shows an image about PHONE_WIDTH (360) px wide on a phone; this image is PLAYERS_WIDTH
(720) px wide and no text in it is under `SMALLEST` (24) px, so every text reads at 12 px or more
there (`style.on_phone`), light on the dark strips or dark on the chips (4.5:1 or better).

- The title: "Round 8", the mark and name of the player to play (or, once the game is over, "final
  ranking"), and "Last round!" / "Game over".
- The caption: the last turn played in one line (`caption.caption`), cut short if it must be.
- A strip per player, in seat order (at the end: in order of the ranking): the player's mark,
  name and badges ("to play", "Start", "Leader"; at the end the place and the tie-break that
  decided it), then rows of figures: rubies against the target, Lira, bonus cards and the
  assistants in the merchant's stack; the goods against the wheelbarrow's capacity and the
  mosque tiles owned. The strip of the player to play has a highlighted frame.

Figures are small local things: each row of `FIGURE_ROWS` is a list of functions that give a
player's figures (`Figure`: a width and the items that draw it), flowed left to right and onto a
new line when the row is full. An expansion's figure (coffee, guild cards, letters and seals,
Tavern tiles) is one more such function in a row, or a row of its own; the strip grows to hold it.

As for the other images, `players_layout` gives every box and text as data and `draw_players`
draws exactly that.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image

from ..engine import View, result
from ..engine.components import GOODS, ruby_target
from ..engine.registry import Registry
from ..engine.state import GameState, Player
from ..engine.texts import GOOD_NAMES
from . import style
from .items import Box, Item, draw_items, ink_width, text_item
from .layout import label_of
from .ranking import ordinal, ranking

__all__ = [
    "ALT_PARTS", "FIGURE_ROWS", "FIGURE_KINDS", "MODULE_FIGURE_ROWS", "PLAYERS_WIDTH", "SMALLEST", "Figure",
    "PlayersLayout", "chip_figure", "draw_players", "players_alt", "players_layout", "text_figure",
]  # fmt: skip

PLAYERS_WIDTH = 720
SMALLEST = style.phone_size(PLAYERS_WIDTH)  # 24 px: 12 px on a phone
MARGIN = 12
TITLE_H = 42
TITLE_SIZE = 28
CAPTION_H = 34
STRIP_GAP = 6
PAD_X = 10
PAD_Y = 6
HEAD_H = 38
NAME_SIZE = 28
MARK = 34
BADGE_H = 32
ROW_H = 32
ROW_GAP = 2
FIGURE_SIZE = 26  # the figures (bold)
CHIP_H = 30
FIGURE_GAP = 20  # between two figures on a line
PART_GAP = 6  # between the parts of one figure
DIAMOND = 20
DIAMOND_STEP = 22

EMPTY = (58, 64, 78)  # an empty ruby, a good not held
RUBY_EDGE = (235, 110, 140)
# What a player needs to decide, by item kind: each is measured in the phone test.
FIGURE_KINDS = ("round", "turn", "rubies", "lira", "cards", "stack", "goods")


@dataclass(frozen=True, slots=True)
class Figure:
    """One figure of a strip: `width` px on a line ROW_H high; `items(x, y, seat)` draws it with
    its top left corner at (x, y)."""

    kind: str
    width: int
    items: Callable[[int, int, int], list[Item]]


@dataclass(frozen=True, slots=True)
class PlayersLayout:
    width: int
    height: int
    strips: dict[int, Box]  # seat -> its strip
    order: tuple[int, ...]  # the seats from the top
    items: list[Item]

    def texts(self) -> list[Item]:
        return [i for i in self.items if i.is_text]

    def of(self, seat: int, kind: str) -> list[Item]:
        return [i for i in self.items if i.seat == seat and i.kind == kind]


# -- figures --------------------------------------------------------------------------------------


def _text_figure(kind: str, text: str, key: str = "") -> Figure:
    w = ink_width(text, FIGURE_SIZE, True) + 2

    def items(x: int, y: int, seat: int) -> list[Item]:
        return [Item(kind, key, seat, (x, y, x + w, y + ROW_H), text=text, size=FIGURE_SIZE, bold=True)]

    return Figure(kind, w, items)


def _chip_figure(kind: str, key: str, text: str, fill: style.RGB, outline: style.RGB, size: int = FIGURE_SIZE,
                 ink: style.RGB | None = None) -> Figure:
    w = ink_width(text, size, True) + 16

    def items(x: int, y: int, seat: int) -> list[Item]:
        box = (x, y + (ROW_H - CHIP_H) // 2, x + w, y + (ROW_H + CHIP_H) // 2)
        return [
            Item(f"{kind}_chip", key, seat, box, shape="round", fill=fill, outline=outline, width=2),
            Item(kind, key, seat, box, text=text, size=size, bold=True, colour=ink or style.ink_for(fill), align="c"),
        ]

    return Figure(kind, w, items)


def rubies(g: GameState, p: Player) -> list[Figure]:
    """A diamond per ruby the target asks for (filled for those owned), then "2/5"."""
    target = ruby_target(len(g.players), len(g.settings.expansions))
    text = f"{p.rubies}/{target}"
    diamonds = max(target, p.rubies)
    w = diamonds * DIAMOND_STEP + PART_GAP + ink_width(text, FIGURE_SIZE, True) + 2

    def items(x: int, y: int, seat: int) -> list[Item]:
        out = []
        top = y + (ROW_H - DIAMOND) // 2
        for k in range(diamonds):
            box = (x + k * DIAMOND_STEP, top, x + k * DIAMOND_STEP + DIAMOND, top + DIAMOND)
            if k < p.rubies:
                out.append(Item("ruby", str(k), seat, box, shape="diamond", fill=style.RUBY, outline=style.TEXT_LIGHT))
            else:
                out.append(Item("ruby_slot", str(k), seat, box, shape="diamond", fill=EMPTY, outline=RUBY_EDGE, width=2))
        tx = x + diamonds * DIAMOND_STEP + PART_GAP
        out.append(Item("rubies", "", seat, (tx, y, x + w, y + ROW_H), text=text, size=FIGURE_SIZE, bold=True))
        return out

    return [Figure("rubies", w, items)]


def lira(g: GameState, p: Player) -> list[Figure]:
    return [_text_figure("lira", f"{p.lira} Lira")]


def cards(g: GameState, p: Player) -> list[Figure]:
    """How many bonus cards the player holds (never which: the image is the same for everyone)."""
    n = len(p.cards)
    return [_text_figure("cards", f"{n} card{'' if n == 1 else 's'}")]


def stack(g: GameState, p: Player) -> list[Figure]:
    """The assistants under the merchant (a neutral one, in the variant, counted apart)."""
    own, neutral = p.stack.count("o"), p.stack.count("n")
    return [_text_figure("stack", f"{own} in stack" + (f" +{neutral} N" if neutral else ""))]


def goods(g: GameState, p: Player) -> list[Figure]:
    """A chip per good in the good's colour with its letter and "held/capacity": "F 2/3"."""
    out = []
    for good, held in zip(GOODS, p.goods, strict=True):
        text = f"{style.GOOD_LETTER[good]} {held}/{p.capacity}"
        fill = style.GOOD_FILL[good]
        if held:
            out.append(_chip_figure("goods", good, text, fill, style.TEXT_LIGHT))
        else:  # none held: an empty chip edged in the good's colour
            out.append(_chip_figure("goods", good, text, EMPTY, fill, ink=style.TEXT_LIGHT))
    return out


def mosque_tiles(g: GameState, p: Player) -> list[Figure]:
    """A chip per mosque tile owned, named by its colour."""
    return [_chip_figure("mosque_tile", colour, colour, style.GOOD_FILL[colour], style.TEXT_LIGHT, SMALLEST)
            for colour in p.mosque_tiles]


FigureRow = tuple[Callable[[GameState, Player], list[Figure]], ...]
FIGURE_ROWS: tuple[FigureRow, ...] = (
    (rubies, lira, cards, stack),
    (goods, mosque_tiles),
)
# A module's rows of figures (coffee, guild cards, Tavern tiles), drawn below the base game's in
# games with that module; and what each adds to a player's sentence of the alt text.
MODULE_FIGURE_ROWS: Registry[FigureRow] = Registry("players image figure rows")
ALT_PARTS: Registry[Callable[[GameState, Player], str]] = Registry("players image alt text parts")
text_figure = _text_figure
chip_figure = _chip_figure


def _flow(figures: Sequence[Figure], x0: int, x1: int, y: int, seat: int) -> tuple[list[Item], int]:
    """The figures on lines from (x0, y) within x1; returns their items and the bottom of the last line."""
    items: list[Item] = []
    x = x0
    for f in figures:
        if x > x0 and x + f.width > x1:
            x, y = x0, y + ROW_H + ROW_GAP
        items += f.items(x, y, seat)
        x += f.width + FIGURE_GAP
    return items, y + ROW_H


# -- the strip's head -----------------------------------------------------------------------------


def _badge(kind: str, text: str, fill: style.RGB, right: int, y: int, seat: int) -> tuple[list[Item], int]:
    """A badge ending at `right`; returns its items and its left edge."""
    w = ink_width(text, SMALLEST, True) + 16
    box = (right - w, y + (HEAD_H - BADGE_H) // 2, right, y + (HEAD_H + BADGE_H) // 2)
    return [Item(kind, text, seat, box, shape="round", fill=fill),
            Item(f"{kind}_text", text, seat, box, text=text, size=SMALLEST, bold=True, colour=style.ink_for(fill),
                 align="c")], box[0]


def _head(view: View, p: Player, label: str, x0: int, x1: int, y: int, place: tuple[int, str] | None) -> list[Item]:
    g = view.state
    seat = p.seat
    items: list[Item] = []
    x = x0
    if place is not None:  # the final ranking: the place first
        rank, _ = place
        fill = style.WINNER if rank == 1 else style.EMPTY_CHIP
        text = ordinal(rank)
        w = ink_width(text, SMALLEST, True) + 16
        box = (x, y + (HEAD_H - BADGE_H) // 2, x + w, y + (HEAD_H + BADGE_H) // 2)
        items.append(Item("place", text, seat, box, shape="round", fill=fill))
        items.append(Item("place_text", text, seat, box, text=text, size=SMALLEST, bold=True,
                          colour=style.ink_for(fill), align="c"))
        x = box[2] + 8
    fill = style.PLAYER_FILL.get(p.colour, style.NEUTRAL)
    mark = (x, y + (HEAD_H - MARK) // 2, x + MARK, y + (HEAD_H + MARK) // 2)
    items.append(Item("mark", p.colour, seat, mark, shape="circle", fill=fill, outline=style.TEXT_LIGHT, width=2))
    items.append(Item("mark_letter", p.colour, seat, mark, text=style.PLAYER_LETTER.get(p.colour, "?"),
                      size=SMALLEST, bold=True, colour=style.ink_for(fill), align="c"))
    right = x1
    if place is not None:
        why = place[1]
        w = min(ink_width(why, SMALLEST, False) + 4, (x1 - mark[2]) // 2)
        items.append(text_item("decided", "", seat, (x1 - w, y, x1, y + HEAD_H), why, SMALLEST,
                               colour=style.MUTED_LIGHT, smallest=SMALLEST))
        right = x1 - w - 12
    else:
        badges = [("turn_badge", "to play", style.HIGHLIGHT, g.turn.player == seat),
                  ("start", "Start", style.HIGHLIGHT, seat == view.start_player),
                  ("leader", "Leader", style.CARAVAN, g.board.caravan_leader == seat)]  # fmt: skip
        for kind, text, badge_fill, shown in reversed(badges):  # the first ends up nearest to the name
            if shown:
                drawn, left = _badge(kind, text, badge_fill, right, y, seat)
                items += drawn
                right = left - 6
    items.append(text_item("name", str(seat), seat, (mark[2] + 8, y, right - 2, y + HEAD_H), label, NAME_SIZE,
                           bold=True, smallest=SMALLEST))
    return items


# -- the title and the caption --------------------------------------------------------------------


def _title(view: View, labels: Sequence[str], y: int) -> list[Item]:
    g = view.state
    x0, x1 = MARGIN, PLAYERS_WIDTH - MARGIN
    items: list[Item] = []
    status = "Game over" if g.finished else ("Last round!" if g.end_triggered else "")
    right = x1
    if status:
        drawn, right = _badge("status", status, style.HIGHLIGHT, x1, y + (TITLE_H - HEAD_H) // 2, -1)
        items += drawn
        right -= 12
    text = f"Round {g.round}"
    w = ink_width(text, TITLE_SIZE, True) + 2
    items.append(Item("round", "", -1, (x0, y, x0 + w, y + TITLE_H), text=text, size=TITLE_SIZE, bold=True))
    x = x0 + w + 16
    if g.finished:
        items.append(text_item("title", "", -1, (x, y, right, y + TITLE_H), "final ranking", FIGURE_SIZE,
                               smallest=SMALLEST))
        return items
    p = g.players[view.turn_player]
    fill = style.PLAYER_FILL.get(p.colour, style.NEUTRAL)
    mark = (x, y + (TITLE_H - MARK) // 2, x + MARK, y + (TITLE_H + MARK) // 2)
    items.append(Item("turn_mark", p.colour, -1, mark, shape="circle", fill=fill, outline=style.TEXT_LIGHT, width=2))
    items.append(Item("turn_mark_letter", p.colour, -1, mark, text=style.PLAYER_LETTER.get(p.colour, "?"),
                      size=SMALLEST, bold=True, colour=style.ink_for(fill), align="c"))
    suffix = "to play"
    suffix_w = ink_width(suffix, SMALLEST, False) + 2
    name = text_item("turn", "", -1, (mark[2] + 8, y, right - suffix_w - 10, y + TITLE_H),
                     label_of(labels, p.seat), FIGURE_SIZE, bold=True, smallest=SMALLEST)
    used = ink_width(name.text, name.size, True) + 2
    name = Item(name.kind, name.key, -1, (name.box[0], y, name.box[0] + used, y + TITLE_H), text=name.text,
                size=name.size, bold=True)
    items.append(name)
    sx = name.box[2] + 10
    items.append(Item("turn_suffix", "", -1, (sx, y, sx + suffix_w, y + TITLE_H), text=suffix, size=SMALLEST))
    return items


def _caption(text: str, y: int) -> Item:
    box = (MARGIN, y, PLAYERS_WIDTH - MARGIN, y + CAPTION_H)
    if not text:
        return Item("caption", "", -1, box, text="No move yet.", size=SMALLEST, colour=style.MUTED_LIGHT)
    return text_item("caption", "", -1, box, text, SMALLEST, smallest=SMALLEST)


# -- the whole image ------------------------------------------------------------------------------


def players_layout(view: View, seat_labels: Sequence[str], caption: str = "") -> PlayersLayout:
    """Where everything of the players image goes. Uses only what the public sees (card counts,
    never cards), so the layout is the same for every viewer."""
    g = view.state
    items = _title(view, seat_labels, MARGIN)
    y = MARGIN + TITLE_H
    items.append(_caption(caption, y))
    y += CAPTION_H + STRIP_GAP
    places = {pl.seat: (pl.rank, pl.decided) for pl in ranking(result(g))} if g.finished else {}
    order = tuple(places) if g.finished else tuple(range(len(g.players)))
    strips: dict[int, Box] = {}
    x0, x1 = MARGIN, PLAYERS_WIDTH - MARGIN
    for seat in order:
        p = g.players[seat]
        body = _head(view, p, label_of(seat_labels, seat), x0 + PAD_X, x1 - PAD_X, y + PAD_Y, places.get(seat))
        bottom = y + PAD_Y + HEAD_H
        for row in (*FIGURE_ROWS, *MODULE_FIGURE_ROWS.active(g.settings)):
            figures = [f for provide in row for f in provide(g, p)]
            if figures:
                drawn, bottom = _flow(figures, x0 + PAD_X, x1 - PAD_X, bottom + ROW_GAP, seat)
                body += drawn
        box = (x0, y, x1, bottom + PAD_Y)
        turn = not g.finished and g.turn.player == seat
        strip = Item("strip", str(seat), seat, box, shape="round", fill=style.PANEL,
                     outline=style.HIGHLIGHT if turn else style.PANEL_EDGE, width=3 if turn else 1)
        items += [strip, *body]
        strips[seat] = box
        y = box[3] + STRIP_GAP
    return PlayersLayout(PLAYERS_WIDTH, y - STRIP_GAP + MARGIN, strips, order, items)


def draw_players(view: View, seat_labels: Sequence[str], caption: str = "") -> Image.Image:
    """The players image as an opaque RGB image, PLAYERS_WIDTH wide."""
    layout = players_layout(view, seat_labels, caption)
    image = Image.new("RGB", (layout.width, layout.height), style.BACKGROUND)
    draw_items(image, layout.items)
    return image


def players_alt(view: View, seat_labels: Sequence[str]) -> str:
    """The players image in words (its alt text): each player's figures, in the image's order."""
    g = view.state
    target = ruby_target(len(g.players), len(g.settings.expansions))
    lines = []
    standings = {pl.seat: pl for pl in ranking(result(g))} if g.finished else {}
    for seat in (tuple(standings) if g.finished else range(len(g.players))):
        p = g.players[seat]
        held = ", ".join(f"{GOOD_NAMES[good]} {n}/{p.capacity}" for good, n in zip(GOODS, p.goods, strict=True))
        text = (f"{label_of(seat_labels, seat)} ({p.colour}): {p.rubies}/{target} rubies, {p.lira} Lira, {held}, "
                f"{len(p.cards)} bonus cards, {p.stack.count('o')} assistants in the stack")
        if p.mosque_tiles:
            text += f", mosque tiles {' and '.join(p.mosque_tiles)}"
        text += "".join(f", {part(g, p)}" for part in ALT_PARTS.active(g.settings))
        if seat in standings:
            text = f"{ordinal(standings[seat].rank)}: {text} ({standings[seat].decided})"
        lines.append(text + ".")
    return " ".join(lines)
