"""Every place of the Big Box has a symbol of its own on its tile: on the Great Bazaar's 5x5 board
no two of the 25 symbols look alike, and none is the plain circle drawn for an unknown place."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot import engine
from bot.render import compose_board
from bot.render.board import grid_geometry
from bot.render.tiles import SYMBOLS, _generic
from tests.render.bazaar_position import bazaar_position


def _symbol_pixels(image: Image.Image, box: tuple[float, float, float, float]) -> bytes:
    return image.crop(tuple(int(v) for v in box)).convert("RGB").tobytes()  # type: ignore[arg-type]


def test_every_place_on_the_5x5_board_has_its_own_symbol() -> None:
    g = bazaar_position()
    image = compose_board(engine.view(g, None), ["Ann", "Bob", "Cem", "Dan", "Eda"])
    frames = grid_geometry(g.width, tuple(g.layout)).frames
    assert sorted(frames) == list(range(1, 26))
    assert set(SYMBOLS) >= set(range(1, 26))
    blank = Image.new("RGB", (30, 30), (0, 0, 0))
    _generic(ImageDraw.Draw(blank), (0, 0, 30, 30))
    shapes = {place: _symbol_pixels(image, frames[place].symbol) for place in frames}
    # the tiles differ only by their symbol's pixels here: 25 distinct crops, 25 distinct symbols
    assert len(set(shapes.values())) == 25
    for place in range(1, 26):
        own = Image.new("RGB", (30, 30), (0, 0, 0))
        SYMBOLS[place](ImageDraw.Draw(own), (0, 0, 30, 30))
        assert own.tobytes() != blank.tobytes(), place
