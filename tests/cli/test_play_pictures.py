"""The pictures of `python -m bot play` follow the game (item 15): the turn image and the person's
cards image are drawn again after every accepted choice, the person's own steps within a turn
included, not only once per turn."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.service import Game, GameService


def test_the_pictures_are_redrawn_after_every_accepted_choice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    drawn: list[int] = []  # the decision id of each position drawn
    sheet_of = GameService.sheet_of  # the turn picture of local play: board and players side by side

    async def counting(self: GameService, game: Game) -> bytes:
        drawn.append(game.row.decision_id)
        return await sheet_of(self, game)

    monkeypatch.setattr(GameService, "sheet_of", counting)
    # With --seed the person sits first: move, then the assistant, then the action, all in turn 1;
    # a bad line in between is no choice and draws nothing.
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\nnonsense\n1\n1\n:q\n"))
    db = tmp_path / "g.db"
    assert main(["play", "--db", str(db), "--seed", "3", "--ai", "random", "--images", str(tmp_path / "pics")]) == 0
    out = capsys.readouterr().out
    assert out.count(", choose ") == 5 and "Round 2" not in out  # four questions of turn 1 (one asked twice)
    assert len(drawn) == 4 and len(set(drawn)) == 4  # each new position once, the first one included
    assert out.count(str(tmp_path / "pics" / "game-1-turn.png")) == 1  # the path is still printed once
