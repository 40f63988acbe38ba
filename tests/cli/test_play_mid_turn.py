"""`python -m bot play` with decisions of other seats in the middle of a turn (issue 21, item 7):
several people at one keyboard are asked in turn, in seat order, each after the
pass-the-keyboard screen that says it is a decision in someone else's turn, and the keyboard
then goes back to the player whose turn it is. A computer seat asked meanwhile answers at once.
The game is stopped, set to a `test_ask` position in its database, and resumed with piped
answers (standard input counting as a terminal)."""

from __future__ import annotations

import asyncio
import builtins
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.service import GameService
from tests.service.positions import put_steps

Answer = Callable[[str], str | None]


def _play(db: Path, *args: str) -> int:
    return main(["play", "--db", str(db), "--no-images", "--ai", "random", *args])


def keyboard(monkeypatch: pytest.MonkeyPatch, answer: Answer) -> list[str]:
    """Standard input is a terminal whose answers come from `answer(prompt)` (None: Ctrl-D)."""
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    prompts: list[str] = []

    def typed(prompt: str = "") -> str:
        prompts.append(prompt)
        print(prompt, end="")
        text = answer(prompt)
        if text is None:
            raise EOFError
        print(text)
        return text

    monkeypatch.setattr(builtins, "input", typed)
    return prompts


def ask_position(db: Path, monkeypatch: pytest.MonkeyPatch, humans: int) -> None:
    """A new 3-player game (seed 3) stopped at its first question, whose decider then faces
    `test_ask`."""
    keyboard(monkeypatch, lambda prompt: ":q")
    assert _play(db, "--players", "3", "--humans", str(humans), "--seed", "3") == 0

    async def put() -> None:
        svc = await GameService.open(db, grace_seconds=0)
        try:
            await put_steps(svc, 1, "test_ask")
        finally:
            await svc.close()

    asyncio.run(put())


def test_people_asked_mid_turn_are_asked_in_turn_with_the_pass_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "g.db"
    ask_position(db, monkeypatch, humans=3)
    capsys.readouterr()
    answers = iter(["1", "2", "1", "3", "2", "3"])  # ask; pick.2, use; pick.3, keep; back.no

    def answer(prompt: str) -> str | None:
        if prompt.startswith("Pass the keyboard"):
            return ""
        return next(answers, None)

    prompts = keyboard(monkeypatch, answer)
    assert _play(db, "--resume") == 0
    out = capsys.readouterr().out
    passes = [p for p in prompts if p.startswith("Pass the keyboard")]
    asked = [p.split(",")[0] for p in prompts if ", choose " in p]
    asker = asked[0]
    assert passes[0].startswith("Pass the keyboard to ")  # a resumed game starts with the screen
    first, second = asked[1], asked[3]
    assert asked == [asker, first, first, second, second, asker, asker]
    assert passes[1:4] == [
        f"Pass the keyboard to {first} (a decision in {asker}'s turn) and press Enter (:q saves and quits) > ",
        f"Pass the keyboard to {second} (a decision in {asker}'s turn) and press Enter (:q saves and quits) > ",
        f"Pass the keyboard to {asker} and press Enter (:q saves and quits) > ",
    ]
    assert f"{first}, a decision in {asker}'s turn:" in out
    assert out.index(f"{first} chose pick.2.") < out.index(f"{second} chose pick.3.") < out.index(f"{second} chose keep.")
    assert f"{asker} chose back.no." in out


def test_a_computer_asked_mid_turn_answers_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "g.db"
    ask_position(db, monkeypatch, humans=1)
    capsys.readouterr()
    answers = iter(["1", "1"])  # ask; then back.a

    prompts = keyboard(monkeypatch, lambda prompt: next(answers, None))
    assert _play(db, "--resume") == 0
    out = capsys.readouterr().out
    assert not any(p.startswith("Pass the keyboard") for p in prompts)
    assert "a decision in" not in out
    asked = [p for p in prompts if ", choose " in p]
    assert len(asked) == 3  # ask, back, then the turn goes on (the input ends there)
    between = out.split(asked[0], 1)[1].split(asked[1], 1)[0]
    assert between.count(" chose pick.") == 2 and between.count(" chose use.") + between.count(" chose keep.") == 2
