"""`python -m bot play` at a terminal shared by people (issue 19, items 17 and 18), driven in this
process: `input` is replaced by a keyboard that answers each prompt and records it, standard
input counts as a terminal. The "pass the keyboard" screen offers `:u` only when the last person
can take something back; a resumed game with several people starts with that screen, before any
hand is shown; help is wrapped to the terminal's width; a decision with one option is not asked
as "a number from 1 to 1"."""

from __future__ import annotations

import builtins
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.cli.play_input import Bad, read_answer
from bot.engine import Decision, Option

CLEAR = "\x1b[H\x1b[2J\x1b[3J"
Answer = Callable[[str], str | None]


class Keyboard:
    """Answers each prompt with `answer(prompt)` (None: Ctrl-D) and keeps the prompts asked."""

    def __init__(self, answer: Answer) -> None:
        self.answer = answer
        self.prompts: list[str] = []

    def __call__(self, prompt: str = "") -> str:
        self.prompts.append(prompt)
        print(prompt, end="")
        text = self.answer(prompt)
        if text is None:
            raise EOFError
        print(text)
        return text


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> Callable[[Answer], Keyboard]:
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)

    def plug(answer: Answer) -> Keyboard:
        keyboard = Keyboard(answer)
        monkeypatch.setattr(builtins, "input", keyboard)
        return keyboard

    return plug


def _play(db: Path, *args: str) -> int:
    return main(["play", "--db", str(db), "--no-images", "--ai", "random", *args])


def test_the_pass_screen_offers_to_take_back_only_what_can_be_taken_back(
    tmp_path: Path, terminal: Callable[[Answer], Keyboard], capsys: pytest.CaptureFixture[str]
) -> None:
    """Yellow and White at one keyboard, then a computer seat: handing over from Yellow to White,
    Yellow can take the end of the turn back; after the computer's turn White cannot (another
    player chose since), so the screen does not offer it and `:u` there changes nothing."""
    passes: list[str] = []

    def answer(prompt: str) -> str | None:
        if prompt.startswith("Pass the keyboard"):
            passes.append(prompt)
            return ":u" if len(passes) == 2 else ""
        return "1" if len(passes) < 3 else None

    keyboard = terminal(answer)
    assert _play(tmp_path / "g.db", "--players", "3", "--humans", "2", "--seed", "3") == 0
    out = capsys.readouterr().out
    assert passes[0] == "Pass the keyboard to White and press Enter (:u takes back Yellow's last choice, :q saves and quits) > "
    assert passes[1] == passes[2] == "Pass the keyboard to Yellow and press Enter (:q saves and quits) > "
    assert "Computer Ada" in out.split(passes[1], 1)[1].split("Yellow, choose")[0]  # it played in between
    # `:u` there is answered with the service's refusal (NothingToUndo, which may say why: "Can't
    # undo: Red has chosen since your last choice."), and nothing is taken back
    refusal = out.split(passes[1] + ":u\n", 1)[1].splitlines()[0]
    assert refusal.startswith(("There is nothing you can take back", "Can't undo")), refusal
    assert "took back" not in out
    assert len(keyboard.prompts) > 4


def test_a_resumed_game_of_several_people_starts_with_the_pass_screen(
    tmp_path: Path, terminal: Callable[[Answer], Keyboard], capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "g.db"
    terminal(lambda prompt: ":q")
    assert _play(db, "--players", "3", "--humans", "2", "--seed", "3") == 0
    first = capsys.readouterr().out
    assert "Bonus cards:" in first  # a new game shows its first person's hand at once, as before
    keyboard = terminal(lambda prompt: "" if prompt.startswith("Pass the keyboard") else ":q")
    assert _play(db, "--resume") == 0
    out = capsys.readouterr().out
    assert keyboard.prompts[0] == "Pass the keyboard to Yellow and press Enter (:q saves and quits) > "
    before, after = out.split(keyboard.prompts[0], 1)
    assert "Bonus cards:" not in before and before.endswith(CLEAR)  # nothing private before the screen
    assert after.index(CLEAR) < after.index("--- Yellow |") < after.index("Bonus cards:")


def test_one_person_resuming_is_not_asked_to_pass_the_keyboard(
    tmp_path: Path, terminal: Callable[[Answer], Keyboard], capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "g.db"
    terminal(lambda prompt: ":q")
    assert _play(db, "--seed", "3") == 0
    keyboard = terminal(lambda prompt: ":q")
    assert _play(db, "--resume") == 0
    assert not any(p.startswith("Pass the keyboard") for p in keyboard.prompts)
    capsys.readouterr()


def test_help_is_wrapped_to_the_terminal_width(
    tmp_path: Path, terminal: Callable[[Answer], Keyboard], capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "50")
    answers = iter([":h", ":h 13", ":q"])
    terminal(lambda prompt: next(answers))
    assert _play(tmp_path / "g.db", "--seed", "3") == 0
    out = capsys.readouterr().out
    shown = out.split(":h\n", 1)[1].split(", choose ", 1)[0].splitlines()[:-1]
    assert shown[0].startswith("Type an option's key") and len(shown) > 5
    assert all(len(line) <= 49 for line in shown), shown
    assert re.search(r"^Here: Fountain: Bring any number of your\n  assistants", out, re.M)
    sultan = out.split(":h 13\n", 1)[1].split(", choose ", 1)[0].splitlines()[:-1]
    assert sultan[0].startswith("Sultan's Palace: ") and all(len(line) <= 49 for line in sultan)
    assert " ".join(line.strip() for line in sultan).startswith("Sultan's Palace: Hand over all goods shown")


def test_a_decision_with_one_option_is_not_asked_as_a_range() -> None:
    one = Decision(1, 0, "after", "Yellow: encounters and last moves of your turn.", (Option("done", "End your turn"),), "done")
    assert read_answer("", one) == Bad("Type 1 (the only option), an option's code, or :h for help.")
    assert read_answer("2", one) == Bad("There is no option 2 here; type 1 (the only option).")
    two = Decision(1, 0, "x", "?", (Option("a", "A"), Option("b", "B")), "a")
    assert read_answer("3", two) == Bad("There is no option 3 here; type a number from 1 to 2.")


def test_the_command_help_is_wrapped_to_the_terminal_width(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 60
    assert "\n\nresuming: --resume lists" in out and "\n\nwatching: --humans 0" in out  # paragraphs kept
