"""The turn images' 256 colours, so that they are encoded as palette PNGs.

The art is flat shapes and text, so a turn image (the board or the players) holds a few dozen
flat colours plus the antialiased edges of text and shapes. A palette image is a third of the
data of an RGB one and the PNG encoder skips its per-line filtering: measured, encoding gets
about four times faster and the file about half as large, with no visible change (`python -m bot
bench`, render section).

The palette is worked out once per process from sample positions drawn like any other (every
kind of token, chip, badge, the key, the last move, a final position): every colour that covers a
sizeable area is kept exactly, and the remaining slots go to a median cut of the edge colours.
It depends on nothing but this code and the bundled font, so the bytes of an image stay the same
for the same view.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from functools import cache

from PIL import Image

from .. import engine
from ..engine import GameSettings, GameState, LastMove
from ..engine import components as c

__all__ = ["FLAT_PIXELS", "quantize", "sample_states", "turn_palette"]

FLAT_PIXELS = 150  # a colour covering this many pixels in the samples is kept exactly
MAX_FLAT = 200  # at most this many exact colours: the rest of the 256 go to edges


def sample_states() -> list[GameState]:
    """Positions that between them show every look the turn image has: 2 players with both
    variants (neutral merchants and assistants, the Caravan Leader on its place and held) at the
    end of the game, and 5 players in the last round; full wheelbarrows, mosque tiles, the last
    move by a merchant and by a family member, empty stacks on the board."""
    out = []
    for players, variants in ((2, True), (5, False)):
        settings = GameSettings(players=players, neutral_assistants=variants, caravan_leader=variants)
        g = engine.new_game(settings, list(c.COLOURS[:players]), 1)
        layout = g.layout
        for p in g.players:
            p.extensions = p.seat % 4
            cap = p.capacity
            p.goods = (min(cap, p.seat), min(cap, p.seat + 1), min(cap, p.seat + 2), min(cap, p.seat + 3))
            p.rubies = p.seat + 1
            p.mosque_tiles = c.TILE_COLOURS[: p.seat % 5]
            p.assistants = (layout[4 + p.seat], layout[10])
            p.family = layout[8 + p.seat]
            p.cards = ("good",) * p.seat
        mover = g.players[0]
        g.last_move = LastMove("merchant", 0, mover.merchant, layout[2])
        mover.merchant = layout[2]
        g.board.mosque_tiles = ((), *g.board.mosque_tiles[1:])
        g.board.wainwright_rubies = 0
        g.discard = ("family",)
        if variants:
            g.board.neutral_assistants = (layout[6], layout[6])
            out.append(g.copy())  # the Caravan Leader still on the Caravansary
            g.board.caravan_leader = 1
            g.finished = True
        else:
            g.players[3].family = layout[12]
            g.last_move = LastMove("family", 3, c.POLICE_STATION, layout[12])
            g.end_triggered = True
        out.append(g)
    return out


def _colours(image: Image.Image) -> Counter[tuple[int, int, int]]:
    """How many pixels of each colour an RGB image has (a small limit first: far faster)."""
    limit = 1 << 16
    while (found := image.getcolors(limit)) is None:
        limit *= 4
    out: Counter[tuple[int, int, int]] = Counter()
    for n, colour in found:
        if isinstance(colour, tuple):
            out[colour[0], colour[1], colour[2]] += n
    return out


@cache
def turn_palette() -> Image.Image:
    """The palette (a 1x1 "P" image holding 256 colours) for turn images, worked out once."""
    from . import compose_board, compose_players  # the samples are drawn like every turn image

    counts: Counter[tuple[int, int, int]] = Counter()
    for g in sample_states():
        public, labels = engine.view(g, None), [p.colour.capitalize() for p in g.players]
        counts += _colours(compose_board(public, labels))
        counts += _colours(compose_players(public, labels, "Yellow: Gemstone Dealer, paid 20 Lira → 5th ruby"))
    flat = [colour for colour, n in counts.most_common(MAX_FLAT) if n >= FLAT_PIXELS]
    kept = set(flat)
    edges: list[tuple[int, int, int]] = []
    for colour, n in sorted(counts.items()):  # sorted: the same palette on every run
        if colour not in kept:
            edges += [colour] * min(n, 32)
    channels = [v for colour in flat for v in colour]
    if edges:
        strip = Image.new("RGB", (len(edges), 1))
        strip.putdata(edges)
        cut = strip.quantize(256 - len(flat), method=Image.Quantize.MEDIANCUT)
        palette = cut.getpalette() or []
        for index in sorted(i for _, i in cut.getcolors(256) or [] if isinstance(i, int)):
            channels += palette[3 * index : 3 * index + 3]
    channels += [0] * (768 - len(channels))
    holder = Image.new("P", (1, 1))
    holder.putpalette(channels)
    return holder


def quantize(image: Image.Image, palette: Callable[[], Image.Image] = turn_palette) -> Image.Image:
    """`image` (RGB) mapped to the nearest colours of the turn palette, without dithering."""
    return image.quantize(palette=palette(), dither=Image.Dither.NONE)
