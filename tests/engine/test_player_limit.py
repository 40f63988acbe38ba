"""The box is for 2 to 5 players (one colour each): every layer refuses a table outside that."""

from __future__ import annotations

import pydantic
import pytest

from bot.engine.components import COLOURS, MAX_PLAYERS, MIN_PLAYERS
from bot.engine.settings import GameSettings
from bot.service.options import TableOptions


def test_two_to_five_players_one_colour_each() -> None:
    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, 5)
    assert len(COLOURS) == MAX_PLAYERS


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_game_of_two_to_five_players_is_set_up(players: int) -> None:
    assert GameSettings(players=players).players == players


@pytest.mark.parametrize("players", [0, 1, 6])
def test_a_game_of_fewer_than_two_or_more_than_five_is_refused(players: int) -> None:
    with pytest.raises(pydantic.ValidationError, match="players"):
        GameSettings(players=players)


@pytest.mark.parametrize("seats", [1, 6])
def test_a_table_of_fewer_than_two_or_more_than_five_seats_is_refused(seats: int) -> None:
    with pytest.raises(pydantic.ValidationError, match="seats"):
        TableOptions(seats=seats)
