"""The turn image is encoded as a palette PNG: the palette holds every flat colour of the art
exactly, is the same on every run, and mapping a real position to it changes nothing visible."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat

from bot import engine
from bot.cli.render import play_to_turn
from bot.engine import GameSettings
from bot.render import compose_board, compose_players, style
from bot.render import palette as pal

NAMES = ["Ann", "Bob", "Cem", "Dan", "Eda"]


def _colours() -> set[tuple[int, int, int]]:
    channels = pal.turn_palette().getpalette() or []
    return {(channels[i], channels[i + 1], channels[i + 2]) for i in range(0, len(channels), 3)}


def test_every_flat_colour_of_the_art_is_in_the_palette_exactly() -> None:
    """Every fill and line colour (MUTED_LIGHT is only ever text: its pixels are mapped like
    any antialiased text)."""
    flat = [
        style.BACKGROUND, style.PANEL, style.PANEL_EDGE, style.TILE, style.TILE_EDGE, style.TEXT_LIGHT,
        style.TEXT_DARK, style.MUTED_DARK, style.HIGHLIGHT, style.RUBY,
        style.GOVERNOR, style.SMUGGLER, style.NEUTRAL, style.CARAVAN, style.EMPTY_CHIP, style.WINNER,
        *style.PLAYER_FILL.values(), *style.GOOD_FILL.values(),
    ]  # fmt: skip
    missing = [c for c in flat if c not in _colours()]
    assert not missing


def test_the_palette_is_the_same_on_every_run() -> None:
    first = pal.turn_palette().getpalette()
    pal.turn_palette.cache_clear()
    try:
        assert pal.turn_palette().getpalette() == first
    finally:
        pal.turn_palette.cache_clear()


@pytest.mark.parametrize(
    "players,turn,neutral,leader,layout",
    [(2, 50, True, True, "short"), (3, 100, False, True, "random"), (4, 30, True, False, "long"),
     (5, 250, False, False, "in_order"), (5, 100000, False, False, "short")],
)  # fmt: skip
def test_mapping_a_position_to_the_palette_changes_nothing_visible(
    players: int, turn: int, neutral: bool, leader: bool, layout: str
) -> None:
    config = GameSettings(players=players, neutral_assistants=neutral, caravan_leader=leader, layout=layout)  # type: ignore[arg-type]
    g = play_to_turn(config, 3, turn)
    rgb = compose_board(engine.view(g, None), NAMES[:players])
    _maps_cleanly(rgb)
    _maps_cleanly(compose_players(engine.view(g, None), NAMES[:players], "Red: Fountain, called back 2 assistants"))


def _maps_cleanly(rgb: Image.Image) -> None:
    mapped = pal.quantize(rgb)
    assert mapped.mode == "P" and mapped.size == rgb.size
    diff = ImageChops.difference(rgb, mapped.convert("RGB")).convert("L")
    assert ImageStat.Stat(diff).mean[0] < 1.5  # grey levels, on average over the image
    off = sum(diff.histogram()[40:])  # pixels more than 40 levels off: a few antialiased edge pixels
    assert off <= rgb.width * rgb.height // 10_000
