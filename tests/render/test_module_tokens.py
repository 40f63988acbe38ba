"""A module's tokens are drawn from the engine's tables: a player's token of a new kind (the
companion next) as a disc with the player's letter, a new neutral token (the Coffee trader, the
Courier next) named on its tile, and either one outlined where it came from after it moved."""

from __future__ import annotations

from bot.engine import GameSettings, new_game, view
from bot.engine.state import GameState, LastMove
from bot.render import render_turn
from bot.render.palette import turn_palette
from bot.render.tokens import tokens_by_place
from tests.engine.test_token_tables import peddler, shadow_kind


def a_game() -> GameState:
    return new_game(GameSettings(players=3), ["red", "blue", "green"], 5).copy()


def test_a_new_kind_of_player_token_and_a_new_neutral_token_are_drawn_where_they_stand() -> None:
    g = a_game()
    turn_palette()  # worked out (and cached) before the test tokens exist, like every palette
    with shadow_kind() as (_, where), peddler() as (_, spot):
        where[1] = 9
        spot["at"] = 12
        by_place = tokens_by_place(g)
        assert [(s.kind, s.key, s.text) for s in by_place[9] if s.kind == "shadow"] == [("shadow", "blue", "B")]
        assert [(s.kind, s.text) for s in by_place[12] if s.kind == "peddler"] == [("peddler", "Peddler")]
        board, players = render_turn(view(g, None), ["Ann", "Bob", "Cy"])
        assert board.png[:8] == b"\x89PNG\r\n\x1a\n" and players.png


def test_a_token_off_the_board_is_not_drawn_and_one_that_moved_leaves_its_outline() -> None:
    g = a_game()
    with shadow_kind() as (_, where):
        assert not any(s.kind == "shadow" for specs in tokens_by_place(g).values() for s in specs)
        where[0] = 4
        g.last_move = LastMove("shadow", 0, 7, 4)
        by_place = tokens_by_place(g)
        ghosts = [s for s in by_place[7] if s.kind == "moved_from"]
        assert len(ghosts) == 1 and ghosts[0].text == "R→4"


def test_tokens_of_a_module_not_in_play_are_not_drawn() -> None:
    g = a_game()
    with shadow_kind("mocha") as (_, where), peddler("mocha") as (_, spot):
        where[0] = 9
        spot["at"] = 12
        kinds = {s.kind for specs in tokens_by_place(g).values() for s in specs}
        assert "shadow" not in kinds and "peddler" not in kinds
