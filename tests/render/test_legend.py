"""The key to the board's shapes: the entries a game needs, samples drawn like the board's
tokens, everything inside the key's frame and fitting, and the key placed under the board
without covering anything."""

from __future__ import annotations

import itertools

import pytest

from bot import engine
from bot.cli.render import play_to_turn
from bot.engine import GameSettings, GameState
from bot.render import turn_layout
from bot.render.board import _plan
from bot.render.layout import box_height, box_width, inside, overlap, text_extent
from bot.render.legend import legend_image, legend_kind, legend_layout
from bot.render.style import MIN_TEXT

PANEL_INNER = 404  # a narrow key still flows

GAMES = [(2, False), (2, True), (3, False), (3, True), (4, True), (5, False)]


def _state(players: int, neutral: bool, turn: int = 40) -> GameState:
    return play_to_turn(GameSettings(players=players, neutral_assistants=neutral), 9, turn)


@pytest.mark.parametrize("players,neutral", GAMES)
@pytest.mark.parametrize("width", [PANEL_INNER, 1156])
def test_the_key_fits_its_frame(players: int, neutral: bool, width: int) -> None:
    kind = legend_kind(engine.view(_state(players, neutral), None))
    lay = legend_layout(kind, width)
    assert lay is not None and lay.width == width
    frame = (0, 0, lay.width, lay.height)
    parts = lay.placed()[1:]
    for item in parts:
        assert inside(item.box, frame), item
        if item.text:
            w, h = text_extent(item.text, item.size, item.bold)
            assert item.size >= MIN_TEXT and w <= box_width(item.box) and h <= box_height(item.box), item
    for a, b in itertools.combinations(parts, 2):
        assert overlap(a.box, b.box) == 0, (a, b)
    image = legend_image(kind, width)
    assert image.size == (lay.width, lay.height) and image.getchannel("A").getextrema() == (255, 255)


@pytest.mark.parametrize("players,neutral", GAMES)
def test_the_key_explains_what_the_game_shows(players: int, neutral: bool) -> None:
    g = _state(players, neutral)
    lay = legend_layout(legend_kind(engine.view(g, None)), PANEL_INNER)
    assert lay is not None
    words = [p.text for p in lay.placed() if p.kind == "key_text"]
    for must in ("merchant, 2 assistants in its stack", "family member", "assistant left here", "fabric",
                 "spice", "fruit", "jewelry", "any good", "last move: to here", "from here",
                 "moved from here to 9 (an outline, no token)"):
        assert must in words
    assert ("neutral merchant" in words) == (players == 2)
    assert ("neutral assistant" in words) == neutral
    samples = {p.key: p.text for p in lay.placed() if p.kind == "key_sample"}
    texts = dict(zip(words, samples.values(), strict=True))
    letter = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "white": "W"}[g.players[0].colour]
    assert texts["merchant, 2 assistants in its stack"] == f"{letter}·2"
    assert (texts["fabric"], texts["spice"], texts["fruit"], texts["jewelry"], texts["any good"]) == (
        "F", "S", "Fr", "J", "?")  # fmt: skip
    assert texts["moved from here to 9 (an outline, no token)"] == f"{letter}→9"


def test_the_samples_look_like_the_board_tokens() -> None:
    g = _state(2, True)
    v = engine.view(g, None)
    lay = legend_layout(legend_kind(v), PANEL_INNER)
    assert lay is not None
    _, drawn = _plan(v, ["A", "B"])
    board_looks = {(p.kind, p.key): look for p, look in drawn}
    colour = g.players[0].colour
    key_looks = [look for p, look in lay.items if p.kind == "key_sample"]
    for kind in ("merchant", "family", "assistant"):
        assert board_looks[kind, colour] in key_looks
    neutral = next(look for (kind, _), look in board_looks.items() if kind == "neutral_assistant")
    assert neutral in key_looks


@pytest.mark.parametrize("players,neutral", GAMES)
def test_the_key_covers_nothing(players: int, neutral: bool) -> None:
    """Under the board, inside the image."""
    lay = turn_layout(engine.view(_state(players, neutral), None))
    image = (0, 0, lay.width, lay.height)
    assert inside(lay.legend, image) and inside(lay.board, image)
    assert lay.legend[1] >= lay.board[3] and lay.legend[2] <= lay.board[2]
    assert lay.height > lay.legend[3]
