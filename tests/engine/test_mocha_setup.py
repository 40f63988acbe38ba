"""Mocha & Baksheesh set-up (rulebook set-up steps 4-6) and coffee, its own resource."""

from __future__ import annotations

import pytest

from bot.engine import describe, new_game, preview_settings
from bot.engine.invariants import violations
from bot.engine.machine import Tx
from bot.engine.mocha.coffee import coffee_of, gain_coffee, pay_coffee
from bot.engine.mocha.parts import mocha_board, mocha_player
from bot.engine.places.rubies import next_price
from bot.engine.settings import RuleOptions

COLOURS = ["red", "blue", "green", "yellow", "white"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_set_up_lays_out_the_coffee_house_tavern_piles_and_baksheesh(players: int) -> None:
    g = new_game(preview_settings(players=players, expansions=("mocha",)), COLOURS[:players], 7)
    board = mocha_board(g)
    assert board.coffee_house_rubies == 5
    assert next_price(g, 20) is not None and next_price(g, 20).coffee == 6  # type: ignore[union-attr]
    pile = (1, 3) if players == 2 else (1, 2, 3, 4)
    assert board.movement_tiles == board.encounter_tiles == pile
    assert board.baksheesh == "a" and board.barrier is None and board.barrier_controller == -1
    assert all(mocha_player(g, s).coffee == 0 and not mocha_player(g, s).tavern_tiles for s in range(players))
    assert violations(g) == []  # the Coffee House rubies came out of the supply


def test_two_players_may_use_every_tavern_tile() -> None:
    settings = preview_settings(players=2, expansions=("mocha",), rules=RuleOptions(two_player_tavern_tiles="all"))
    g = new_game(settings, COLOURS[:2], 7)
    assert mocha_board(g).movement_tiles == (1, 2, 3, 4)


def test_a_base_game_has_no_mocha_state() -> None:
    g = new_game(preview_settings(players=3), COLOURS[:3], 7)
    assert not g.board.parts and not any(p.parts for p in g.players)
    assert coffee_of(g, 0) == 0


def test_coffee_is_gained_and_paid_with_a_story_line() -> None:
    g = new_game(preview_settings(players=2, expansions=("mocha",)), COLOURS[:2], 7).copy()
    tx = Tx(g)
    gain_coffee(tx, 1, 3)
    pay_coffee(tx, 1, 2)
    assert coffee_of(g, 1) == 1 and coffee_of(g, 0) == 0
    assert [describe(e, None) for e in tx.events] == [
        "{seat:1} took 3 coffee (now 3).",
        "{seat:1} paid 2 coffee (now 1).",
    ]
    with pytest.raises(RuntimeError):
        pay_coffee(tx, 1, 2)
