"""What `python -m bot play` prints for a decision, help and the pass-the-keyboard screen (plain
functions from values to lines: no process, no database)."""

from __future__ import annotations

from bot import engine
from bot.cli.play_text import decision_lines
from bot.service import Game
from bot.store import GameRow, SeatRow
from tests.engine.helpers import play, quiet_game, reach

NAMES = ("Red", "Blue", "Green")


def _game(state: engine.GameState) -> Game:
    row = GameRow(1, "local", None, None, "local:red", "active", {}, 1, state.decision_id, 0, 0.0, 0.0)
    seats = [
        SeatRow(1, i, "local_human", f"local:{name.lower()}", name, name.lower(), False) for i, name in enumerate(NAMES)
    ]
    return Game(row, seats, state)


def test_option_labels_name_the_seats_as_discord_does() -> None:
    """Item 12: the catch options name the caught player, not the engine's `{seat:N}` placeholder."""
    g = quiet_game()
    g.players[1].family = g.players[2].family = 3
    g = engine.set_chance_script(play(reach(g, 3), "skip"), cards=["move34"])
    d = engine.pending(g)
    assert d is not None and d.codes() == ("k1.card", "k1.lira", "k2.card", "k2.lira")
    lines = decision_lines(_game(g), d)
    text = "\n".join(lines)
    assert "{seat:" not in text
    assert "Catch Blue's family member: take a bonus card" in lines[1]
    assert "Catch Green's family member: take 3 Lira" in lines[4]
    # the codes still line up in one column after the names are filled in
    assert len({line.rindex(" k") for line in lines[1:]}) == 1
