"""The turn image as a whole: deterministic bytes, the same for every reader and across re-deals
of hidden information, renders of seeded games at 2-5 players and every layout, the width and
the byte budget."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot import engine
from bot.cli.playout import LAYOUTS, RandomPlayer
from bot.engine import GameSettings, GameState
from bot.render import compose, public_view, render, render_private, style
from bot.render.board import BOARD_WIDTH
from bot.render.panels import PANEL_WIDTH

NAMES = ["Ann", "Bob", "Cem", "Dan", "Eda"]
BUDGET = 350_000  # bytes of a turn image (issue: at most 350 KB at 5 players)


def _positions(settings: GameSettings, seed: int, turns: tuple[int, ...]) -> list[GameState]:
    """The positions at the start of each of `turns` (and the final one) of a random game."""
    player = RandomPlayer(seed)
    state = engine.new_game(settings, ["red", "blue", "green", "yellow", "white"][: settings.players], seed)
    out: list[GameState] = []
    wanted = sorted(turns)
    while (d := engine.pending(state)) is not None:
        if wanted and state.turns >= wanted[0]:
            out.append(state)
            wanted.pop(0)
        state, _ = engine.apply(state, d.player, d.decision_id, player.choose(d))
    out.append(state)
    return out


def _png(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.fixture(scope="module")
def mid_game() -> GameState:
    return _positions(GameSettings(players=4), 7, (150,))[0]


def test_the_same_view_gives_the_same_bytes(mid_game: GameState) -> None:
    view = engine.view(mid_game, None)
    first = render(view, NAMES)
    assert render(view, NAMES) == first
    assert render(engine.view(mid_game, None), NAMES) == first


def test_every_reader_gets_the_public_image(mid_game: GameState) -> None:
    """A seat's view is reduced to the public view: the bytes never depend on who asked."""
    public = render(engine.view(mid_game, None), NAMES)
    for seat in range(4):
        view = engine.view(mid_game, seat)
        assert public_view(view).viewer is None
        assert render(view, NAMES) == public


def test_the_public_image_is_the_same_across_re_deals_of_hidden_information(mid_game: GameState) -> None:
    """Re-dealing the hidden cards and demand tiles (determinize) never changes the public image."""
    public = render(engine.view(mid_game, None), NAMES)
    hands_changed = 0
    for viewer in (None, 0, 2):
        for seed in (1, 2, 3):
            dealt = engine.determinize(engine.view(mid_game, viewer), seed)
            hands_changed += [p.cards for p in dealt.players] != [p.cards for p in mid_game.players]
            assert render(engine.view(dealt, None), NAMES) == public
    assert hands_changed  # the re-deals did deal other cards


def test_labels_change_the_image(mid_game: GameState) -> None:
    view = engine.view(mid_game, None)
    assert render(view, NAMES) != render(view, ["Zed", "Bob", "Cem", "Dan"])


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("layout", LAYOUTS)
def test_seeded_games_render_at_several_turns(players: int, layout: str) -> None:
    settings = GameSettings.model_validate(
        {"players": players, "layout": layout, "caravan_leader": players % 2 == 0,
         "neutral_assistants": players == 3}
    )
    seed = 11 * players + len(layout)
    for state in _positions(settings, seed, (1, 60, 250)):
        public = engine.view(state, None)
        data = render(public, NAMES[:players])
        image = _png(data)
        assert image.format == "PNG" and image.mode == "P" and "transparency" not in image.info
        assert image.width == BOARD_WIDTH + PANEL_WIDTH <= style.MAX_WIDTH
        assert len(data) <= BUDGET
        for seat in range(players):
            private = _png(render_private(engine.view(state, seat), seat, NAMES[:players]))
            assert private.width <= style.MAX_WIDTH


def test_compose_is_opaque_rgb_with_the_panels_on_the_right(mid_game: GameState) -> None:
    image = compose(engine.view(mid_game, None), NAMES)
    assert image.mode == "RGB" and image.width == BOARD_WIDTH + PANEL_WIDTH
    # the panels' column starts with the dark background at its top right corner
    assert image.getpixel((image.width - 2, 2)) == style.BACKGROUND


def test_five_players_late_in_the_game_stay_within_budget() -> None:
    states = _positions(GameSettings(players=5), 21, (400,))
    for state in states:
        data = render(engine.view(state, None), NAMES)
        assert len(data) <= BUDGET


def test_the_static_canvas_is_drawn_once_per_kind_of_game_and_never_drawn_on(mid_game: GameState) -> None:
    """Background, tiles and key are drawn once per kind of game; each turn draws on a copy."""
    from bot.render import _canvas, _static_canvas

    public = engine.view(mid_game, None)
    canvas = _static_canvas(public)
    before = canvas.tobytes()
    hits = _canvas.cache_info().hits
    for _ in range(2):
        render(public, NAMES)
    assert _canvas.cache_info().hits >= hits + 2
    assert _static_canvas(public) is canvas and canvas.tobytes() == before
    # the tiles and the key are on it already; the tokens and numbers are not
    image = compose(public, NAMES)
    assert image.size == canvas.size and image.tobytes() != before
