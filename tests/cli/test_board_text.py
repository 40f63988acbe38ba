"""The board in the terminal (`:b`): sizes, tokens and what each viewer may see (issue 20, item 5)."""

from __future__ import annotations

from bot.cli.board_text import board_lines, fit
from bot.engine import GameSettings, new_game, validate, view


def _game(players: int):  # type: ignore[no-untyped-def]
    colours = ["red", "blue", "green", "yellow", "white"][:players]
    return new_game(GameSettings(players=players, layout="in_order"), colours, seed=3)


def test_a_4x4_board_with_five_players_fits_80_columns_and_24_lines() -> None:
    g = _game(5)
    lines = board_lines(view(g, 0), {s: "A very long player name" for s in range(5)})
    assert len(lines) <= 24
    assert max(len(line) for line in lines) <= 80
    assert lines[1].startswith("|1 Wainwright") and "|7 Fountain" in lines[5]


def test_a_5x5_board_fits_100_columns_and_names_every_place() -> None:
    g = _game(5).copy()
    g.width = 5
    g.layout = tuple(range(1, 26))
    for p in g.players:
        p.merchant = 13
    g = validate(g)
    lines = board_lines(view(g, None))
    assert max(len(line) for line in lines) <= 100
    text = "\n".join(lines)
    for number, name in ((19, "Tavern"), (22, "Kiosk"), (25, "Catacombs")):
        assert f"|{number} {name}" in text


def test_the_cells_show_who_stands_where_and_the_turn() -> None:
    g = _game(3).copy()
    g.players[1].merchant = 3
    g.players[1].assistants = (3,)
    g.players[2].family = 3
    g.board.governor = 3
    g.board.smuggler = 9
    g = validate(g)
    lines = board_lines(view(g, None), {0: "Ada", 1: "Bo", 2: "Cy"})
    cell3 = [line.split("|")[3] for line in lines[1:4]]
    assert cell3 == ["3 Spice Whse".ljust(17), "B4".ljust(17), "a:b f:g Gov".ljust(17)]
    fountain = [line.split("|")[3] for line in lines[5:8]]
    assert fountain[1].strip() == "R4 G4"
    assert lines[17].startswith(">R Ada") and lines[18].startswith(" B Bo")
    assert "cards 1" in lines[18]  # a count, never a card's name


def test_tokens_that_do_not_fit_a_cell_are_counted() -> None:
    assert fit(["R4", "B4", "G4", "Y4", "W4", "N", "N"]) == "R4 B4 G4 Y4 W4 +2"
    assert fit(["a:rbgyw", "f:rbgyw", "Gov", "Smg"]) == "a:rbgyw +3"
    assert fit(["a:rb", "f:g", "Gov", "Smg"]) == "a:rb f:g Gov Smg"


def test_every_board_of_the_big_box_fits_its_terminal() -> None:
    """The boards the modules build (bot.engine.modules.grid_for through the settings): 4x4 fits
    80x24 and 5x4 and 5x5 fit 100 columns, at every player count, each place named by number."""
    from bot.engine.settings import preview_settings

    games = [((), "short"), ((), "long"), (("mocha",), "first"), (("letters",), "random"), (("mocha", "letters"), "random")]
    for expansions, layout in games:
        for players in range(2, 6):
            settings = preview_settings(players=players, expansions=expansions, layout=layout)
            g = new_game(settings, ["red", "blue", "green", "yellow", "white"][:players], seed=5)
            lines = board_lines(view(g, 0), {s: "A very long player name" for s in range(players)})
            width = max(len(line) for line in lines)
            if g.width == 4:
                assert width <= 80 and len(lines) <= 24, (expansions, players)
            else:
                assert width <= 100, (expansions, players)
            text = "\n".join(lines)
            for place in g.layout:
                assert f"|{place} " in text, (expansions, place)
            assert len(g.layout) == {(): 16, ("mocha",): 20, ("letters",): 20}.get(expansions, 25)
