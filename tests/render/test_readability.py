"""Readable on a phone and on Discord's dark and light themes: every text of every image at least
14 px in images at most 1600 px wide, fully opaque images, and every text at a WCAG contrast of at
least 4.5:1 with what lies under it (the image carries its own background, so the theme around it
does not matter)."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest
from PIL import Image

from bot import engine
from bot.cli.playout import GameConfig
from bot.cli.render import play_to_turn
from bot.engine import GameState
from bot.render import render, render_private, style, turn_layout
from bot.render.board import _plan, grid_geometry
from bot.render.layout import Box, inside
from bot.render.legend import legend_kind, legend_layout
from bot.render.panels import PANEL_INNER, Item, panel_layout
from bot.render.private import private_layout

NAMES = ["Ann", "Bob", "Cem", "Dan", "Eda"]
AA = 4.5


def _positions() -> Iterator[GameState]:
    for players, turn, neutral, leader in ((2, 30, True, True), (3, 80, False, True), (5, 100000, False, False)):
        yield play_to_turn(GameConfig(players=players, neutral_assistants=neutral, caravan_leader=leader), 5, turn)


POSITIONS = list(_positions())


def _area(b: Box) -> int:
    return (b[2] - b[0]) * (b[3] - b[1])


def _under(text: Item, items: list[Item]) -> style.RGB:
    """The fill of the smallest shape under a text item of the panels or the private image."""
    shapes = [i for i in items if not i.is_text and i.fill is not None and inside(text.box, i.box)]
    return min(shapes, key=lambda i: _area(i.box)).fill if shapes else style.BACKGROUND  # type: ignore[return-value]


@pytest.mark.parametrize("g", POSITIONS, ids=["2p", "3p", "5p-final"])
def test_every_text_is_at_least_14_px_in_an_image_at_most_1600_px_wide(g: GameState) -> None:
    public = engine.view(g, None)
    lay = turn_layout(public)
    assert lay.width <= style.MAX_WIDTH
    sizes = [p.size for p, _ in _plan(public, NAMES)[1] if p.text]
    sizes += [p.size for p in grid_geometry(g.width, tuple(g.layout)).items if p.text]
    sizes += [i.size for i in panel_layout(public, NAMES).texts()]
    key = legend_layout(legend_kind(public), lay.legend[2] - lay.legend[0])
    assert key is not None
    sizes += [p.size for p in key.placed() if p.text]
    for seat in range(len(g.players)):
        sizes += [i.size for i in private_layout(engine.view(g, seat), seat, NAMES).texts()]
    assert min(sizes) >= style.MIN_TEXT == 14
    for data in [render(public, NAMES)] + [render_private(engine.view(g, s), s, NAMES) for s in range(len(g.players))]:
        with Image.open(io.BytesIO(data)) as image:  # no alpha, no transparent colour: fully opaque
            assert image.mode in ("RGB", "P") and "transparency" not in image.info
            assert image.width <= style.MAX_WIDTH


@pytest.mark.parametrize("g", POSITIONS, ids=["2p", "3p", "5p-final"])
def test_every_text_contrasts_with_what_lies_under_it(g: GameState) -> None:
    public = engine.view(g, None)
    for placed, look in _plan(public, NAMES)[1]:
        if not placed.text:
            continue
        under = look.fill if look.fill is not None else (style.PANEL if placed.place == 0 else style.TILE)
        assert style.contrast(look.ink, under) >= AA, (placed, look)
    key = legend_layout(legend_kind(public), PANEL_INNER)
    assert key is not None
    for placed, look in key.items:
        if placed.text:
            under = look.fill if look.fill is not None else style.PANEL
            assert style.contrast(look.ink, under) >= AA, (placed, look)
    panels = panel_layout(public, NAMES).items
    for it in panels:
        if it.is_text:
            assert style.contrast(it.colour, _under(it, panels)) >= AA, it
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
