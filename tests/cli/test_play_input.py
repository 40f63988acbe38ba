"""What a typed line means at a decision of `python -m bot play` (no process, no database)."""

from __future__ import annotations

from bot import engine
from bot.cli.play_input import Bad, Command, Pick, read_answer
from bot.engine.settings import GameSettings


def _decision() -> engine.Decision:
    state = engine.new_game(GameSettings(players=3), ["red", "blue", "green"], 7)
    d = engine.pending(state)
    assert d is not None and len(d.options) >= 2
    return d


def test_numbers_codes_and_commands() -> None:
    d = _decision()
    assert read_answer(" 2 ", d) == Pick(d.options[1].code)
    assert read_answer(d.options[0].code.upper(), d) == Pick(d.options[0].code)
    assert read_answer(":H 7", d) == Command("help", "7")
    assert read_answer(":standings", d) == Command("standings")


def test_digits_int_refuses_get_a_one_line_answer() -> None:
    d = _decision()
    for text in ("²", "1²", "¹"):  # str.isdigit() is true for these, int() raises ValueError
        answer = read_answer(text, d)
        assert isinstance(answer, Bad), text
        assert "\n" not in answer.answer
    assert read_answer("\u0661", d) == Pick(d.options[0].code)  # an Arabic-Indic 1 is a number
