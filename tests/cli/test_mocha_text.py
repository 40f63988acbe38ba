"""Mocha & Baksheesh in the terminal: `:b` shows the module's places, the Barrier and each
player's coffee, guild-card count and Tavern tiles; the chooser's wheelbarrow names their own guild
cards; every line fits 80 columns at 5 players; `:h` finds every new place, tile and card."""

from __future__ import annotations

import pytest

from bot import engine
from bot.cli.board_text import board_lines
from bot.cli.play_text import help_lines, wheelbarrow
from bot.engine.mocha.guild_deck import GUILD_DECK
from bot.engine.mocha.parts import set_mocha_board
from tests.mocha_positions import mocha_position

LONG = {s: "A very long player name" for s in range(5)}


def test_the_board_shows_the_new_places_and_the_barrier() -> None:
    g = mocha_position()
    lines = board_lines(engine.view(g, 0), LONG)
    pile = len(GUILD_DECK.pile(g))
    assert f"18 Guild Hall: pile {pile}, discard 1 | 20 Coffee House: 4 rubies, next 7 coffee" in lines
    assert "19 Tavern: Movement tile 3 coffee, Encounter tile 2 coffee" in lines
    assert "   Baksheesh side B: 4 coffee + 1 fabric, 1 spice, 1 jewelry for a ruby" in lines
    a, b = g.layout[5], g.layout[6]
    assert f"Barrier: between {min(a, b)} and {max(a, b)}, B (blue) may cross" in lines
    set_mocha_board(g, barrier=None, barrier_controller=-1, movement_tiles=(), coffee_house_rubies=0)
    lines = board_lines(engine.view(g, 0), LONG)
    assert "Barrier: beside the board" in lines
    assert "19 Tavern: Movement tile none left, Encounter tile 2 coffee" in lines
    assert any(line.endswith("20 Coffee House: no rubies") for line in lines)


def test_each_player_line_shows_coffee_guild_count_and_tiles_within_80_columns() -> None:
    g = mocha_position()
    for viewer in (None, 0, 3):
        lines = board_lines(engine.view(g, viewer), LONG)
        extra = [line for line in lines if line.startswith("   coffee ")]
        assert extra == [
            "   coffee 3  guild cards 2  Tavern tiles: Movement",
            "   coffee 12  guild cards 1  Tavern tiles: Encounter, Movement",
            "   coffee 0  guild cards 0  Tavern tiles: none",
            "   coffee 1  guild cards 3  Tavern tiles: none",
            "   coffee 0  guild cards 1  Tavern tiles: none",
        ]
        assert all(len(line) <= 80 for line in lines if not line.startswith(("+", "|"))), lines
        assert max(len(line) for line in lines) <= 100
        text = "\n".join(lines)
        for code in ("g7", "g12", "g1", "g3", "g5", "g20", "g18"):  # no guild card is ever named
            assert code not in text


def test_the_wheelbarrow_names_only_the_choosers_guild_cards() -> None:
    g = mocha_position()
    lines = wheelbarrow(engine.view(g, 3), 3)
    assert lines[3] == "Coffee 1 | Tavern tiles: none"
    assert " ".join(line.strip() for line in lines[4:]) == (
        "Guild cards: Spice guild (g3), Lira and four goods (g5), Coffee House at half price (g20)")
    assert all(len(line) <= 80 for line in lines)
    assert wheelbarrow(engine.view(g, 1), 1)[3:] == ["Coffee 12 | Tavern tiles: Encounter, Movement",
                                                    "Guild cards: Free extension (g1)"]
    assert wheelbarrow(engine.view(g, 2), 2)[4] == "Guild cards: none"


def test_a_base_game_has_no_mocha_lines() -> None:
    g = engine.new_game(engine.GameSettings(players=3), ["red", "blue", "green"], 3)
    lines = board_lines(engine.view(g, 0))
    assert not any("coffee" in line.lower() or "Barrier" in line for line in lines)
    assert len(wheelbarrow(engine.view(g, 0), 0)) == 3


@pytest.mark.parametrize(
    ("topic", "name"),
    [("guild 7", "Back to the Fountain (guild 7)"), ("g7", "Back to the Fountain (guild 7)"),
     ("c.g20", "Coffee House at half price (guild 20)"), ("tavern", "Tavern"), ("19", "Tavern"),
     ("barrier", "Barrier"), ("roasting plant", "Roasting Plant"), ("guild hall", "Guild Hall"),
     ("20", "Coffee House"), ("movement tile", "Movement tile"), ("encounter tile", "Encounter tile"),
     ("baksheesh", "Baksheesh tile"), ("coffee trader", "Coffee trader"), ("c.coffee2", "Take 2 coffee"),
     ("six", "Turn a die to 6"), ("coffee", "Coffee"), ("guild cards", "Guild cards")],
)
def test_help_finds_every_new_place_tile_and_card(topic: str, name: str) -> None:
    g = mocha_position()
    (line,) = help_lines(engine.view(g, 0), 0, topic)
    assert line.startswith(f"{name}: "), line


def test_help_topics_list_the_modules_topics() -> None:
    (line,) = help_lines(engine.view(mocha_position(), 0), 0, "topics")
    for name in ("Roasting Plant", "Tavern", "Back to the Fountain (guild 7)", "Barrier", "Movement tile"):
        assert name in line


def test_help_alone_explains_the_choosers_own_guild_cards() -> None:
    g = mocha_position()
    lines = help_lines(engine.view(g, 0), 0, "")
    guild = [line for line in lines if line.startswith("Your guild card: ")]
    assert [line.split(": ")[1] for line in guild] == ["Any place (guild 12)", "Back to the Fountain (guild 7)"]
    assert not any("guild card" in line for line in help_lines(engine.view(g, 2), 2, ""))


def test_a_modules_neutral_token_stands_in_its_cell_by_three_letters() -> None:
    """The Coffee trader is a neutral token of the engine's table: `:b` shows any such token in
    its cell by the first three letters of its name ("Cof"; a test token "Ped" here)."""
    from tests.engine.test_token_tables import peddler

    g = mocha_position()
    with peddler("mocha") as (_, spot):
        spot["at"] = g.layout[0]
        lines = board_lines(engine.view(g, None), LONG)
        assert lines[3].split("|")[1].split() == ["Ped"]
    with peddler("letters") as (_, spot):  # a module not in play: not drawn
        spot["at"] = g.layout[0]
        assert "Ped" not in "\n".join(board_lines(engine.view(g, None), LONG))
