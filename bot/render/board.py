"""The board: a grid of Place tiles under a header strip, drawn from an engine view.

The static layer (background, tiles, numbers, names, symbols) depends only on the grid width and
the layout and is cached per layout (`static_layer`). Each turn only the state of the places
(rubies and prices, mosque tiles, demand tiles, mail, Wainwright), the tokens, the header and the
last move are drawn on a copy of it.

`board_layout(view)` is the pure geometry of everything drawn: each tile's box and every placed
item (`Placed`: kind, key, place, box and any text with its font). The tests check it without
pixels; `draw_board` draws exactly those items.

Tokens and their shapes (every coloured token also shows a letter):
merchant = a pill in the player colour, "R·4" (letter and stack height); family member = a house
with the letter; assistant = a square with the letter; Governor = a purple octagon "G"; Smuggler
= a black diamond "S"; neutral merchant (2 players) = a grey pill ringed in its colour with the
colour's letter; neutral assistant (variant) = a grey square "N".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from ..engine import View
from ..engine import components as c
from ..engine.state import GameState
from ..engine.texts import CARD_NAMES, PLACE_NAMES
from .layout import Box, GridLayout, Placed, cut, flow, grid_layout, place_crowd, text_extent, wrap
from .style import (
    GOOD_FILL,
    GOOD_LETTER,
    GOVERNOR,
    HIGHLIGHT,
    NEUTRAL,
    PLAYER_FILL,
    PLAYER_LETTER,
    PLAYER_TEXT,
    RUBY,
    SMUGGLER,
    TEXT_DARK,
    TEXT_LIGHT,
    font,
)
from .tiles import draw_static

__all__ = [
    "BOARD_WIDTH", "TOKEN_KINDS", "BoardLayout", "Placed", "board_layout", "crowd_scales", "draw_board",
    "fit_state", "grid_geometry", "largest_crowds", "state_boxes", "static_layer", "tallest_states",
    "tile_body_height",
]

RGB = tuple[int, int, int]

BOARD_WIDTH = 1180
HEADER_HEIGHT = 52
HEADER_SIZE = 22
TOKEN_SCALES = ((24, 44), (22, 40), (20, 37), (18, 34), (16, 30), (14, 26))  # (font px, token height), largest first
TOKEN_GAP = 4
STATE_TEXT = 17  # plain state text
STATE_CHIP = 16  # text on chips and goods squares (bold)
STATE_LINE = 28
STATE_GAP = 6  # between the state lines and the tokens
EMPTY_CHIP = (200, 192, 176)

TOKEN_KINDS = (
    "merchant", "neutral_merchant", "family", "governor", "smuggler", "assistant", "neutral_assistant",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Look:
    """How an item is drawn: a shape ("text", "chip", "pill", "square", "house", "octagon",
    "diamond"), its fill, text colour and outline."""

    shape: str
    fill: RGB | None
    ink: RGB
    outline: RGB | None = None
    outline_width: int = 2


@dataclass(frozen=True, slots=True)
class Spec:
    """An item before it is placed. `size` 0 means the token scale decides the font."""

    kind: str
    key: str
    text: str
    look: Look
    size: int = 0
    bold: bool = True
    join: bool = False  # stays on the line of the item before it (place state only)


@dataclass(frozen=True, slots=True)
class BoardLayout:
    """Everything on the board image: `tiles` (place -> box), `items` (static and per-turn, in
    drawing order; header items have place 0 and lie in `header`) and the last move as
    (source, target) places."""

    width: int
    height: int
    header: Box
    tiles: dict[int, Box]
    items: list[Placed]
    last_move: tuple[int, int] | None


# -- items of one position ------------------------------------------------------------------


def _ink(fill: RGB) -> RGB:
    r, g, b = fill
    return TEXT_DARK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else TEXT_LIGHT


def _text(key: str, text: str, bold: bool = False, join: bool = False) -> Spec:
    return Spec("place_state", key, text, Look("text", None, TEXT_DARK), STATE_TEXT, bold, join)


def _chip(key: str, text: str, fill: RGB) -> Spec:
    return Spec("place_state", key, text, Look("chip", fill, _ink(fill), TEXT_DARK, 1), STATE_CHIP)


def _goods(key: str, colours: Sequence[str]) -> list[Spec]:
    """A square per good with its letter ("?" on white: any good), kept on the line of the label
    before them where they fit."""
    out = []
    for i, colour in enumerate(colours):
        if colour == "any":
            look = Look("square", TEXT_LIGHT, TEXT_DARK, TEXT_DARK, 1)
            out.append(Spec("place_state", f"{key}.{i}", "?", look, STATE_CHIP, join=True))
        else:
            fill = GOOD_FILL[colour]
            look = Look("square", fill, _ink(fill), TEXT_DARK, 1)
            out.append(Spec("place_state", f"{key}.{i}", GOOD_LETTER[colour], look, STATE_CHIP, join=True))
    return out


def _rubies(key: str, n: int) -> Spec:
    return _chip(key, f"{n} rub{'y' if n == 1 else 'ies'}", RUBY) if n else _chip(key, "no rubies", EMPTY_CHIP)


def _from_counts(counts: Sequence[int]) -> list[str]:
    return [g for g, n in zip(c.GOODS, counts, strict=True) for _ in range(n)]


def _sultan(rubies: int) -> list[Spec]:
    out = [_rubies("sultan.rubies", rubies)]
    if rubies:
        counts, anys = c.sultan_price(rubies)
        out.append(_text("sultan.next", "next:"))
        out += _goods("sultan.price", _from_counts(counts) + ["any"] * anys)
    return out


def _gemstone(rubies: int) -> list[Spec]:
    out = [_rubies("gem.rubies", rubies)]
    if rubies:
        out.append(_text("gem.price", f"next: {c.gemstone_price(rubies)} Lira"))
    return out


def _mosque(place: int, stacks: Sequence[Sequence[int]], rubies: int) -> list[Spec]:
    out = []
    for colour in c.MOSQUE_COLOURS[place]:
        stack = stacks[c.TILE_COLOURS.index(colour)]
        if stack:
            out.append(_chip(f"mosque.{colour}", f"{colour} {stack[0]}", GOOD_FILL[colour]))
            out.append(_text(f"mosque.{colour}.left", f"({len(stack)} left)", join=True))
        else:
            out.append(_chip(f"mosque.{colour}", f"{colour}: none", EMPTY_CHIP))
    out.append(_rubies("mosque.rubies", rubies))
    return out


def _market(tile: str) -> list[Spec]:
    counts = c.DEMAND_TILES.get(tile)
    if counts is None:
        return [_text("market.demand", "demand: ?")]
    return [_text("market.demand", "demand:"), *_goods("market.goods", _from_counts(counts))]


def _post(mail: int) -> list[Spec]:
    goods, lira = c.POST_OFFICE_REWARDS[mail]
    return [
        _text("post.mail", f"mail {mail}/4:"),
        *_goods("post.goods", goods),
        _text("post.lira", f"+{lira} Lira", bold=True, join=True),
    ]


def _wainwright(extensions: int, rubies: int) -> list[Spec]:
    return [_text("wainwright.extensions", f"{extensions} extensions left"), _rubies("wainwright.rubies", rubies)]


def _caravansary(top: str | None, leader_here: bool) -> list[Spec]:
    name = CARD_NAMES.get(top, top) if top else "empty"
    out = [_text("caravansary.discard", "discard:"), _text("caravansary.top", name, bold=True, join=True)]
    if leader_here:
        out.append(_chip("caravansary.leader", "Caravan Leader", (160, 140, 200)))
    return out


def _place_state(g: GameState, place: int) -> list[Spec]:
    b = g.board
    if place == c.SULTANS_PALACE:
        return _sultan(b.sultan_rubies)
    if place == c.GEMSTONE_DEALER:
        return _gemstone(b.gemstone_rubies)
    if place in c.MOSQUE_COLOURS:
        return _mosque(place, b.mosque_tiles, b.mosque_rubies[0 if place == c.SMALL_MOSQUE else 1])
    if place == c.SMALL_MARKET:
        return _market(b.small_demand[0] if b.small_demand else "?")
    if place == c.LARGE_MARKET:
        return _market(b.large_demand[0] if b.large_demand else "?")
    if place == c.POST_OFFICE:
        return _post(b.mail)
    if place == c.WAINWRIGHT:
        return _wainwright(b.wainwright_extensions, b.wainwright_rubies)
    if place == c.CARAVANSARY:
        leader = g.settings.caravan_leader and b.caravan_leader < 0
        return _caravansary(g.discard[-1] if g.discard else None, leader)
    return []


def _player(kind: str, colour: str, text: str, shape: str) -> Spec:
    return Spec(kind, colour, text, Look(shape, PLAYER_FILL[colour], PLAYER_TEXT[colour], TEXT_DARK))


def _tokens(g: GameState) -> dict[int, list[Spec]]:
    """Every token on the board, by place, in drawing order."""
    out: dict[int, list[Spec]] = {}

    def add(place: int, spec: Spec) -> None:
        out.setdefault(place, []).append(spec)

    b = g.board
    for p in g.players:
        add(p.merchant, _player("merchant", p.colour, f"{PLAYER_LETTER[p.colour]}·{len(p.stack)}", "pill"))
    for colour, place in zip(b.neutral_colours, b.neutral_merchants, strict=False):
        look = Look("pill", NEUTRAL, TEXT_DARK, PLAYER_FILL[colour], 3)
        add(place, Spec("neutral_merchant", colour, PLAYER_LETTER[colour], look))
    for p in g.players:
        add(p.family, _player("family", p.colour, PLAYER_LETTER[p.colour], "house"))
    add(b.governor, Spec("governor", "governor", "G", Look("octagon", GOVERNOR, TEXT_LIGHT, TEXT_DARK)))
    add(b.smuggler, Spec("smuggler", "smuggler", "S", Look("diamond", SMUGGLER, TEXT_LIGHT, TEXT_DARK)))
    for p in g.players:
        seen: dict[int, int] = {}
        for place in p.assistants:
            k = seen[place] = seen.get(place, -1) + 1
            key = p.colour if k == 0 else f"{p.colour}.{k}"
            spec = _player("assistant", p.colour, PLAYER_LETTER[p.colour], "square")
            add(place, Spec(spec.kind, key, spec.text, spec.look))
    counts: dict[int, int] = {}
    for place in b.neutral_assistants:
        k = counts[place] = counts.get(place, -1) + 1
        add(place, Spec("neutral_assistant", f"n{k}", "N", Look("square", NEUTRAL, TEXT_DARK, TEXT_DARK)))
    return out


def _width(spec: Spec, size: int, height: int) -> int:
    tw = text_extent(spec.text, size, spec.bold)[0]
    shape = spec.look.shape
    if shape == "text":
        return tw
    if shape == "chip":
        return tw + 12
    if shape == "pill":
        return max(height, tw + int(height * 0.7))
    if shape == "diamond":
        return max(height + 8, int(tw / 0.55) + 2)
    return max(height, tw + 12)  # square, house, octagon


# -- geometry -------------------------------------------------------------------------------


def largest_crowds() -> list[list[Spec]]:
    """The largest crowds one tile may hold: 5 merchants, 3 neutral merchants, 5 families, the
    Governor, the Smuggler and assistants of 5 colours (more than any real game holds: neutral
    merchants need 2 players); and the Neutral Assistants variant's 4 players with 4 neutral
    assistants."""
    def crowd(colours: Sequence[str], neutral_merchants: int, neutral_assistants: int) -> list[Spec]:
        specs = [_player("merchant", col, f"{PLAYER_LETTER[col]}·5", "pill") for col in colours]
        specs += [Spec("neutral_merchant", f"w{k}", "W", Look("pill", NEUTRAL, TEXT_DARK))
                  for k in range(neutral_merchants)]
        specs += [_player("family", col, PLAYER_LETTER[col], "house") for col in colours]
        specs.append(Spec("governor", "governor", "G", Look("octagon", GOVERNOR, TEXT_LIGHT)))
        specs.append(Spec("smuggler", "smuggler", "S", Look("diamond", SMUGGLER, TEXT_LIGHT)))
        specs += [_player("assistant", col, PLAYER_LETTER[col], "square") for col in colours]
        specs += [Spec("neutral_assistant", f"n{k}", "N", Look("square", NEUTRAL, TEXT_DARK))
                  for k in range(neutral_assistants)]
        return specs

    return [crowd(c.COLOURS, 3, 0), crowd(c.COLOURS[:4], 0, 4)]


def tallest_states() -> list[list[Spec]]:
    """Each place's state at its widest (1 ruby left at the Sultan's Palace, the longest card
    name at the Caravansary, ...): the tiles are made tall enough for them."""
    longest_card = max(CARD_NAMES, key=lambda k: text_extent(CARD_NAMES[k], STATE_TEXT, True)[0])
    return [
        _sultan(1), _gemstone(1), _mosque(c.SMALL_MOSQUE, [(2, 3, 4, 5)] * 4, 4),
        _mosque(c.GREAT_MOSQUE, [(2, 3, 4, 5)] * 4, 4), _market("s1"), _market("l2"),
        *(_post(k) for k in range(5)), _wainwright(15, 5), _caravansary(longest_card, True),
    ]  # fmt: skip


def fit_state(specs: Sequence[Spec], width: int) -> list[Spec]:
    """The state items as they fit a body `width` wide: a text wider than that is wrapped into
    several items (keys "<key>", "<key>.1", ...), a chip is cut short."""
    out: list[Spec] = []
    for spec in specs:
        if _width(spec, spec.size, STATE_LINE) <= width:
            out.append(spec)
        elif spec.look.shape == "text":
            lines = wrap(spec.text, width, spec.size, spec.bold) or [cut(spec.text, width, spec.size, spec.bold)]
            for k, line in enumerate(lines):
                key = spec.key if k == 0 else f"{spec.key}.{k}"
                out.append(Spec(spec.kind, key, line, spec.look, spec.size, spec.bold, spec.join and k == 0))
        else:
            room = width - (_width(spec, spec.size, STATE_LINE) - text_extent(spec.text, spec.size, spec.bold)[0])
            text = cut(spec.text, room, spec.size, spec.bold)
            out.append(Spec(spec.kind, spec.key, text, spec.look, spec.size, spec.bold, spec.join))
    return out


def state_boxes(area: Box, specs: Sequence[Spec]) -> list[Box] | None:
    """Lines of state items from the top of `area` (items marked `join` stay with the one before)."""
    widths = [_width(s, s.size, STATE_LINE) for s in specs]
    return flow(area, widths, STATE_LINE, 6, 4, [s.join for s in specs])


def crowd_scales(specs: Sequence[Spec]) -> list[tuple[list[int], int]]:
    """The tokens' widths and height at every scale of TOKEN_SCALES, for `place_crowd`."""
    return [([_width(s, size, h) for s in specs], h) for size, h in TOKEN_SCALES]


def tile_body_height(body_width: int) -> int:
    """Body height that holds the tallest place state and the largest crowd at the smallest scale."""
    tall = (0, 0, body_width, 10**6)
    state = 0
    for specs in tallest_states():
        boxes = state_boxes(tall, fit_state(specs, body_width))
        if boxes is None:
            raise ValueError(f"tiles {body_width} px wide cannot show a place's state")
        state = max(state, boxes[-1][3])
    crowd = 0
    for specs in largest_crowds():
        widths, height = crowd_scales(specs)[-1]
        boxes = flow(tall, widths, height, TOKEN_GAP, TOKEN_GAP)
        if boxes is None:
            raise ValueError(f"tiles {body_width} px wide cannot hold the largest crowd")
        crowd = max(crowd, boxes[-1][3])
    return state + STATE_GAP + crowd


@lru_cache(maxsize=32)
def grid_geometry(width: int, layout: tuple[int, ...]) -> GridLayout:
    """The tiles of a layout (`width` places per row), cached."""
    return grid_layout(width, layout, PLACE_NAMES, BOARD_WIDTH, HEADER_HEIGHT, tile_body_height)


@lru_cache(maxsize=32)
def static_layer(width: int, layout: tuple[int, ...]) -> Image.Image:
    """The static layer of a layout, drawn once and cached: callers copy it, never draw on it."""
    return draw_static(grid_geometry(width, layout))


def _header(view: View, labels: Sequence[str], box: Box) -> list[tuple[Placed, Look]]:
    g = view.state
    x0, y0, x1, y1 = box
    out: list[tuple[Placed, Look]] = []
    line_h = text_extent("Hg", HEADER_SIZE, True)[1]
    ty0 = (y0 + y1 - line_h) // 2

    def text(key: str, s: str, x: int, bold: bool = True) -> int:
        w = text_extent(s, HEADER_SIZE, bold)[0]
        out.append((Placed("header", key, 0, (x, ty0, x + w, ty0 + line_h), s, HEADER_SIZE, bold),
                    Look("text", None, TEXT_LIGHT)))
        return x + w

    right = x1 - 14
    status = "Game over" if g.finished else ("Last round!" if g.end_triggered else "")
    if status:
        w = text_extent(status, HEADER_SIZE, True)[0] + 20
        sbox = (right - w, y0 + 8, right, y1 - 8)
        out.append((Placed("header", "status", 0, sbox, status, HEADER_SIZE, True),
                    Look("chip", HIGHLIGHT, TEXT_DARK, None)))
        right = sbox[0] - 16
    x = text("round", f"Round {g.round}", x0 + 14)
    if not g.finished:
        seat = view.turn_player
        colour = g.players[seat].colour
        letter = PLAYER_LETTER[colour]
        mw = text_extent(letter, 18, True)[0] + 20
        mbox = (x + 28, y0 + 10, x + 28 + mw, y1 - 10)
        out.append((Placed("header", "turn_mark", 0, mbox, letter, 18, True),
                    Look("pill", PLAYER_FILL[colour], PLAYER_TEXT[colour], TEXT_LIGHT)))
        label = labels[seat] if seat < len(labels) else f"Seat {seat + 1}"
        room = right - (mbox[2] + 10)
        suffix = " to play"
        name = cut(label, room - text_extent(suffix, HEADER_SIZE, False)[0], HEADER_SIZE, True)
        x = text("turn", name, mbox[2] + 10)
        text("turn_suffix", suffix, x, bold=False)
    return out


def _plan(view: View, labels: Sequence[str]) -> tuple[BoardLayout, list[tuple[Placed, Look]]]:
    g = view.state
    layout = tuple(g.layout)
    grid = grid_geometry(g.width, layout)
    drawn: list[tuple[Placed, Look]] = _header(view, labels, grid.header)
    tokens = _tokens(g)
    for place in layout:
        body = grid.frames[place].body
        state = fit_state(_place_state(g, place), body[2] - body[0])
        top = body[1]
        if state:
            boxes = state_boxes(body, state) or []
            for spec, sb in zip(state, boxes, strict=False):
                drawn.append((Placed(spec.kind, spec.key, place, sb, spec.text, spec.size, spec.bold), spec.look))
            if boxes:
                top = boxes[-1][3] + STATE_GAP
        crowd = tokens.get(place, [])
        if not crowd:
            continue
        area = (body[0], top, body[2], body[3])
        scales = crowd_scales(crowd)
        placed = place_crowd(area, scales, TOKEN_GAP)
        if placed is None:  # cannot happen with tiles sized by tile_body_height; draw it anyway
            widths, h = scales[-1]
            placed = (len(scales) - 1, flow((area[0], area[1], area[2], 10**6), widths, h) or [])
        index, boxes = placed
        size = TOKEN_SCALES[index][0]
        for spec, tb in zip(crowd, boxes, strict=False):
            drawn.append((Placed(spec.kind, spec.key, place, tb, spec.text, size, spec.bold), spec.look))
    move = None
    if g.last_move is not None and g.last_move.source in grid.frames and g.last_move.target in grid.frames:
        move = (g.last_move.source, g.last_move.target)
    tiles = {p: f.box for p, f in grid.frames.items()}
    items = list(grid.items) + [p for p, _ in drawn]
    return BoardLayout(grid.width, grid.height, grid.header, tiles, items, move), drawn


def board_layout(view: View, seat_labels: Sequence[str] = ()) -> BoardLayout:
    """Where everything on the board goes (pure geometry; see the module docstring)."""
    return _plan(view, seat_labels)[0]


# -- drawing --------------------------------------------------------------------------------


def _draw_shape(d: ImageDraw.ImageDraw, look: Look, box: Box, text: str, size: int, bold: bool) -> None:
    x0, y0, x1, y1 = box
    x1, y1 = x1 - 1, y1 - 1
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    shape, fill, outline, ow = look.shape, look.fill, look.outline, look.outline_width
    text_y = cy
    if shape == "chip":
        d.rounded_rectangle((x0, y0, x1, y1), 6, fill=fill, outline=outline, width=ow)
    elif shape == "pill":
        d.rounded_rectangle((x0, y0, x1, y1), (y1 - y0) // 2, fill=fill, outline=outline, width=ow)
    elif shape == "square":
        d.rectangle((x0, y0, x1, y1), fill=fill, outline=outline, width=ow)
    elif shape == "house":
        roof = round((y1 - y0) * 0.36)
        d.polygon(((x0, y0 + roof), (cx, y0), (x1, y0 + roof), (x1, y1), (x0, y1)), fill=fill, outline=outline,
                  width=ow)
        text_y = (y0 + roof + y1) / 2
    elif shape == "octagon":
        k = round((y1 - y0) * 0.29)
        pts = ((x0 + k, y0), (x1 - k, y0), (x1, y0 + k), (x1, y1 - k), (x1 - k, y1), (x0 + k, y1),
               (x0, y1 - k), (x0, y0 + k))  # fmt: skip
        d.polygon(pts, fill=fill, outline=outline, width=ow)
    elif shape == "diamond":
        d.polygon(((cx, y0), (x1, cy), (cx, y1), (x0, cy)), fill=fill, outline=outline, width=ow)
    if text:
        d.text((cx, text_y), text, font=font(size, bold), fill=look.ink, anchor="mm")


@lru_cache(maxsize=4096)
def _sprite(look: Look, text: str, size: int, bold: bool, w: int, h: int) -> Image.Image:
    """A token or chip drawn once on a transparent background; pasted wherever it recurs."""
    img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    _draw_shape(ImageDraw.Draw(img), look, (0, 0, w, h), text, size, bold)
    return img


@lru_cache(maxsize=4096)
def _text_mask(text: str, size: int, bold: bool, w: int, h: int) -> Image.Image:
    """One line of text as a coverage mask, left-aligned and centred vertically in w x h."""
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).text((0, (h - 1) / 2), text, font=font(size, bold), fill=255, anchor="lm")
    return mask


def _draw_item(img: Image.Image, item: Placed, look: Look) -> None:
    x0, y0, x1, y1 = item.box
    w, h = x1 - x0, y1 - y0
    if look.shape == "text":
        img.paste(look.ink, item.box, _text_mask(item.text, item.size, item.bold, w, h))
    else:
        sprite = _sprite(look, item.text, item.size, item.bold, w, h)
        img.paste(sprite, (x0, y0), sprite)  # the board is opaque: same as alpha compositing


def _edge_point(start: tuple[float, float], end: tuple[float, float], box: Box, inset: int) -> tuple[float, float]:
    """Where the segment start -> end (end inside `box`) enters `box` shrunk by `inset`."""
    x0, y0, x1, y1 = box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset
    sx, sy = start
    dx, dy = end[0] - sx, end[1] - sy
    t_enter = 0.0  # the segment enters the box at the largest of its slab entry parameters
    for lo, hi, s, dd in ((x0, x1, sx, dx), (y0, y1, sy, dy)):
        if dd:
            t_enter = max(t_enter, min((lo - s) / dd, (hi - s) / dd))
    t = min(max(t_enter, 0.0), 1.0)
    return sx + dx * t, sy + dy * t


def _draw_move(d: ImageDraw.ImageDraw, grid: GridLayout, source: int, target: int) -> None:
    """Both tiles' borders in HIGHLIGHT and an arrow between their bodies (a ring around the
    number when the token stayed)."""
    tiles = {p: f.box for p, f in grid.frames.items()}
    bodies = {p: f.body for p, f in grid.frames.items()}
    for place in {source, target}:
        x0, y0, x1, y1 = tiles[place]
        d.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), 10, outline=HIGHLIGHT, width=6)
    if source == target:  # stayed: a circular arrow in the middle of the tile
        bx0, by0, bx1, by1 = bodies[source]
        cx, cy = (bx0 + bx1) / 2, (by0 + by1) / 2
        r = min(bx1 - bx0, by1 - by0) * 0.3
        ring = (cx - r, cy - r, cx + r, cy + r)
        d.arc(ring, 40, 330, fill=TEXT_DARK, width=11)
        d.arc((ring[0] + 2, ring[1] + 2, ring[2] - 2, ring[3] - 2), 41, 329, fill=HIGHLIGHT, width=7)
        a = math.radians(330)
        tip = (cx + math.cos(a + 0.35) * r, cy + math.sin(a + 0.35) * r)
        ex, ey = cx + math.cos(a) * (r - 3), cy + math.sin(a) * (r - 3)
        nx, ny = math.cos(a), math.sin(a)
        d.polygon((tip, (ex + nx * 15, ey + ny * 15), (ex - nx * 15, ey - ny * 15)), fill=HIGHLIGHT,
                  outline=TEXT_DARK, width=2)
        return
    sb, tb = bodies[source], bodies[target]
    start = ((sb[0] + sb[2]) / 2, (sb[1] + sb[3]) / 2)
    centre = ((tb[0] + tb[2]) / 2, (tb[1] + tb[3]) / 2)
    tip = _edge_point(start, centre, tiles[target], 44)
    length = math.hypot(tip[0] - start[0], tip[1] - start[1])
    if length < 1:
        return
    ux, uy = (tip[0] - start[0]) / length, (tip[1] - start[1]) / length
    head, half = 26.0, 15.0
    base = (tip[0] - ux * head, tip[1] - uy * head)
    d.line((start, base), fill=TEXT_DARK, width=11)
    d.line((start, base), fill=HIGHLIGHT, width=7)
    d.ellipse((start[0] - 8, start[1] - 8, start[0] + 8, start[1] + 8), fill=HIGHLIGHT, outline=TEXT_DARK, width=2)
    wing1 = (base[0] - uy * half, base[1] + ux * half)
    wing2 = (base[0] + uy * half, base[1] - ux * half)
    d.polygon((tip, wing1, wing2), fill=HIGHLIGHT, outline=TEXT_DARK, width=2)


def draw_board(view: View, seat_labels: Sequence[str]) -> Image.Image:
    """The board image (RGBA, BOARD_WIDTH wide): the cached static layer plus this position."""
    g = view.state
    layout, drawn = _plan(view, seat_labels)
    img = static_layer(g.width, tuple(g.layout)).copy()
    d = ImageDraw.Draw(img)
    if layout.last_move is not None:
        _draw_move(d, grid_geometry(g.width, tuple(g.layout)), *layout.last_move)
    for item, look in drawn:
        _draw_item(img, item, look)
    return img

