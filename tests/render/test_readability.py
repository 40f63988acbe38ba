"""Readable on a phone and on Discord's dark and light themes.

On a phone Discord shows an image PHONE_WIDTH (360) px wide: measured from the layout's own text
boxes over sampled positions (seeded games at several points, 2-5 players, and the final
positions), every figure a player needs to decide (the round, whose turn, rubies against the
target, Lira, goods against capacity, bonus cards, assistants in the stack) is in the players
image at a font size of 12 px or more there, at a WCAG contrast of at least 4.5:1 with the fill
under it. At full size no text of any image is under 14 px, every image is fully opaque, and
every text contrasts at 4.5:1 or more with what lies under it (the images carry their own
background, so the theme around them does not matter)."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image

from bot import engine
from bot.cli.render import play_to_turn
from bot.engine import GameSettings, GameState
from bot.render import render_private, render_turn, style, turn_layout
from bot.render.board import _plan, grid_geometry
from bot.render.grids import on_grid
from bot.render.items import Item
from bot.render.layout import Box, inside
from bot.render.legend import legend_kind, legend_layout
from bot.render.players import FIGURE_KINDS, PLAYERS_WIDTH, players_layout
from bot.render.private import private_layout
from tests.letters_positions import letters_position
from tests.mocha_positions import mocha_position
from tests.render.bazaar_position import bazaar_position

NAMES = ["Ann", "Bob", "Cem", "Dan", "Eda"]
LONG = ["Alexandra Konstantinopoulou", "Bartholomew", "Cem", "Dan", "Eda"]
AA = 4.5


def _positions() -> Iterator[tuple[str, GameState]]:
    for players in (2, 3, 4, 5):
        config = GameSettings(players=players, neutral_assistants=players == 3, caravan_leader=players % 2 == 0)
        for turn in (1, 40, 150, 100000):
            yield f"{players}p-t{turn}", play_to_turn(config, 5 + players, turn)


POSITIONS = list(_positions())
IDS = [name for name, _ in POSITIONS]
STATES = [g for _, g in POSITIONS]
# Mocha & Baksheesh at 5 and 2 players, every state of the module shown (coffee, guild hands,
# Tavern tiles, the Barrier): measured like the base game's positions.
MOCHA = [mocha_position(), mocha_position(players=2)]
# Letters & Seals at 5 and 2 players, every state of the module shown (letters, companions, the
# double move, kiosk tiles, a bid, the Secret Society's Lira): measured the same way.
LETTERS = [letters_position(), letters_position(players=2)]
# The Great Bazaar at 5 players on its 5x5 board, every token the rules allow on it.
BAZAAR = [bazaar_position()]


def _area(b: Box) -> int:
    return (b[2] - b[0]) * (b[3] - b[1])


def _under(text: Item, items: list[Item]) -> style.RGB:
    """The fill of the smallest shape under a text item of the players or the private image."""
    shapes = [i for i in items if not i.is_text and i.fill is not None and inside(text.box, i.box)]
    return min(shapes, key=lambda i: _area(i.box)).fill if shapes else style.BACKGROUND  # type: ignore[return-value]


@pytest.mark.parametrize(
    "g", STATES + MOCHA + LETTERS + BAZAAR, ids=[*IDS, "mocha-5p", "mocha-2p", "letters-5p", "letters-2p", "bazaar-5p"]
)
def test_every_figure_reads_on_a_phone(g: GameState) -> None:
    public = engine.view(g, None)
    for labels in (NAMES, LONG):
        lay = players_layout(public, labels, "Yellow: Gemstone Dealer, paid 20 Lira → 5th ruby")
        assert lay.width == PLAYERS_WIDTH
        figures = [i for i in lay.texts() if i.kind in FIGURE_KINDS]
        shown = {i.kind for i in figures}
        assert shown == set(FIGURE_KINDS) - ({"turn"} if g.finished else set())
        per_player = {kind: [i.seat for i in figures if i.kind == kind] for kind in ("rubies", "lira", "cards", "stack")}
        for seats in per_player.values():
            assert sorted(seats) == list(range(len(g.players)))
        assert len([i for i in figures if i.kind == "goods"]) == 4 * len(g.players)
        for it in lay.texts():  # every text of the image, the figures first among them
            assert style.on_phone(it.size, lay.width) >= style.PHONE_TEXT, it
            assert style.contrast(it.colour, _under(it, lay.items)) >= AA, it
        # the phone shows it at full width: no taller than wide unless mosque tiles (or a module's
        # figures: coffee, guild cards, Tavern tiles) need lines of their own
        if all(len(p.mosque_tiles) <= 2 for p in g.players) and not g.settings.expansions:
            assert lay.height <= lay.width


def test_the_phone_measure() -> None:
    assert style.on_phone(24, 720) == 12 and style.on_phone(24, 1180) < 8 and style.on_phone(14, 300) == 14
    assert style.phone_size(720) == 24 and style.phone_size(1180) == 40 and style.phone_size(200) == 12


@pytest.mark.parametrize(
    "g", STATES[2::4] + [on_grid(STATES[-2], 5, 5), *MOCHA, *LETTERS, *BAZAAR],
    ids=["2p", "3p", "4p", "5p", "5x5", "mocha-5p", "mocha-2p", "letters-5p", "letters-2p", "bazaar-5p"],
)
def test_every_text_is_at_least_14_px_at_full_size(g: GameState) -> None:
    public = engine.view(g, None)
    lay = turn_layout(public)
    sizes = [p.size for p, _ in _plan(public, NAMES)[1] if p.text]
    sizes += [p.size for p in grid_geometry(g.width, tuple(g.layout)).items if p.text]
    key = legend_layout(legend_kind(public), lay.legend[2] - lay.legend[0])
    assert key is not None
    sizes += [p.size for p in key.placed() if p.text]
    for seat in range(len(g.players)):
        sizes += [i.size for i in private_layout(engine.view(g, seat), seat, NAMES).texts()]
    assert min(sizes) >= style.MIN_TEXT == 14
    pictures = [p.png for p in render_turn(public, NAMES)]
    for data in pictures + [render_private(engine.view(g, s), s, NAMES) for s in range(len(g.players))]:
        with Image.open(io.BytesIO(data)) as image:  # no alpha, no transparent colour: fully opaque
            assert image.mode in ("RGB", "P") and "transparency" not in image.info


@pytest.mark.parametrize(
    "g", STATES[2::4] + MOCHA + LETTERS + BAZAAR,
    ids=["2p", "3p", "4p", "5p", "mocha-5p", "mocha-2p", "letters-5p", "letters-2p", "bazaar-5p"],
)
def test_every_text_contrasts_with_what_lies_under_it(g: GameState) -> None:
    public = engine.view(g, None)
    for placed, look in _plan(public, NAMES)[1]:
        if not placed.text:
            continue
        under = look.fill if look.fill is not None else (style.PANEL if placed.place == 0 else style.TILE)
        assert style.contrast(look.ink, under) >= AA, (placed, look)
    lay = turn_layout(public)
    key = legend_layout(legend_kind(public), lay.legend[2] - lay.legend[0])
    assert key is not None
    for placed, look in key.items:
        if placed.text:
            under = look.fill if look.fill is not None else style.PANEL
            assert style.contrast(look.ink, under) >= AA, (placed, look)
    for seat in range(len(g.players)):
        items = private_layout(engine.view(g, seat), seat, NAMES).items
        for it in items:
            if it.is_text:
                assert style.contrast(it.colour, _under(it, items)) >= AA, it


def test_every_fill_has_a_readable_ink() -> None:
    fills = [*style.PLAYER_FILL.values(), *style.GOOD_FILL.values(), style.RUBY, style.GOVERNOR, style.SMUGGLER,
             style.NEUTRAL, style.CARAVAN, style.EMPTY_CHIP, style.HIGHLIGHT, style.WINNER, style.TILE, style.PANEL]
    for fill in fills:
        assert style.contrast(style.ink_for(fill), fill) >= AA, fill
    assert style.contrast(style.TEXT_LIGHT, style.BACKGROUND) >= 7 and style.contrast(style.TEXT_DARK, style.TILE) >= 7
