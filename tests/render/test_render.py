"""The turn message's pictures as a whole: deterministic bytes, the same for every reader and across
re-deals of hidden information, renders of seeded games at 2-5 players and every layout (and
on the expansions' grids), the widths, the alt texts and the byte budget."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot import engine
from bot.cli.playout import LAYOUTS, RandomPlayer
from bot.engine import GameSettings, GameState
from bot.render import (
    ALT_LIMIT,
    compose_board,
    public_view,
    render_private,
    render_sheet,
    render_turn,
    style,
)
from bot.render.board import BOARD_WIDTH, board_width
from bot.render.grids import on_grid
from bot.render.players import PLAYERS_WIDTH

NAMES = ["Ann", "Bob", "Cem", "Dan", "Eda"]
BUDGET = 400_000  # bytes of a turn message's pictures in all (issue 20: at most 400 KB, 5x5 at 5 players)
CAPTION = "Yellow: Gemstone Dealer, paid 20 Lira → 5th ruby"


def render(view: engine.View, labels: list[str], caption: str = CAPTION) -> bytes:
    """Both pictures' bytes, for comparing."""
    return b"".join(p.png for p in render_turn(view, labels, caption))


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
        board, players_ = render_turn(public, NAMES[:players], CAPTION)
        assert (board.name, players_.name) == ("board.png", "players.png")
        for picture, width in ((board, BOARD_WIDTH), (players_, PLAYERS_WIDTH)):
            image = _png(picture.png)
            assert image.format == "PNG" and image.mode == "P" and "transparency" not in image.info
            assert image.width == width
            assert picture.alt.startswith(CAPTION + ".") and len(picture.alt) <= ALT_LIMIT
        assert len(board.png) + len(players_.png) <= BUDGET
        for seat in range(players):
            private = _png(render_private(engine.view(state, seat), seat, NAMES[:players]))
            assert private.mode == "RGB"


def test_the_board_is_opaque_rgb_and_the_sheet_puts_the_players_on_its_right(mid_game: GameState) -> None:
    image = compose_board(engine.view(mid_game, None), NAMES)
    assert image.mode == "RGB" and image.width == BOARD_WIDTH
    sheet = _png(render_sheet(engine.view(mid_game, None), NAMES, CAPTION))
    assert sheet.width > BOARD_WIDTH + PLAYERS_WIDTH and sheet.height == image.height
    # the players' column starts with the dark background at its top right corner
    assert sheet.convert("RGB").getpixel((sheet.width - 2, 2)) == style.BACKGROUND


@pytest.mark.parametrize("columns,rows", [(4, 4), (5, 4), (5, 5)])
def test_every_grid_renders(columns: int, rows: int, mid_game: GameState) -> None:
    """The expansions' grids: the board grows with the columns (the tiles keep their size) and
    the places to come are numbered tiles named as the rulebook names them."""
    g = on_grid(mid_game, columns, rows)
    board, players_ = render_turn(engine.view(g, None), NAMES[:4], CAPTION)
    assert _png(board.png).width == board_width(columns) and _png(players_.png).width == PLAYERS_WIDTH
    assert len(board.png) + len(players_.png) <= BUDGET
    with pytest.raises(ValueError):
        on_grid(mid_game, 3, 6)


def test_the_alt_texts_say_what_the_pictures_show(mid_game: GameState) -> None:
    view = engine.view(mid_game, None)
    board, players_ = render_turn(view, NAMES[:4], CAPTION)
    turn = mid_game.players[mid_game.turn.player]
    assert f"round {mid_game.round}: {NAMES[turn.seat]} ({turn.colour}) to play" in board.alt
    assert "Last move: the " in board.alt
    for p in mid_game.players:
        assert f"{NAMES[p.seat]} ({p.colour}): {p.rubies}/5 rubies, {p.lira} Lira" in players_.alt
    board, players_ = render_turn(view, NAMES[:4])
    assert board.alt.startswith("The board") and players_.alt.startswith(NAMES[0])
    long = render_turn(view, ["N" * 40] * 4, "x" * 2000)
    assert all(len(p.alt) <= ALT_LIMIT for p in long)


def test_five_players_late_in_the_game_stay_within_budget() -> None:
    states = _positions(GameSettings(players=5), 21, (400,))
    for state in states:
        assert len(render(engine.view(state, None), NAMES)) <= BUDGET
        assert len(render(engine.view(on_grid(state, 5, 5), None), NAMES)) <= BUDGET


def test_the_static_canvas_is_drawn_once_per_kind_of_game_and_never_drawn_on(mid_game: GameState) -> None:
    """Background, tiles and key are drawn once per kind of game; each board draws on a copy."""
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
    image = compose_board(public, NAMES)
    assert image.size == canvas.size and image.tobytes() != before
