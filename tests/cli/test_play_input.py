"""What a typed line means at a decision of `python -m bot play` (no process, no database)."""

from __future__ import annotations

from bot import engine
from bot.cli.play_input import Bad, Command, Pick, option_keys, option_place, read_answer
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


def _places_decision() -> engine.Decision:
    options = (
        engine.Option("go.3", "Move to Spice Warehouse (3)"),
        engine.Option("go.9", "Move to Tea House (9)"),
        engine.Option("go.12", "Move to Police Station (12)"),
        engine.Option("c.stay", "Play the “Stay where you are” card"),
        engine.Option("c.move34", "Play the “Move 3 or 4” card"),
    )
    return engine.Decision(1, 0, "move", "Move.", options, "go.3")


def test_in_a_choice_of_places_the_number_is_the_place() -> None:
    """Issue 20, item 5: typing 9 picks the Tea House (place 9), not the ninth option; the other
    options get letters; codes keep working; a place not offered is refused by its number."""
    d = _places_decision()
    assert option_keys(d) == ("3", "9", "12", "a", "b")
    assert read_answer("9", d) == Pick("go.9")
    assert read_answer("12", d) == Pick("go.12")
    assert read_answer("B", d) == Pick("c.move34")
    assert read_answer("go.3", d) == Pick("go.3")
    assert read_answer("2", d) == Bad("There is no place 2 here; type place 3, 9 or 12 or letters a, b.")
    assert read_answer("c", d) == Bad("'c' is not one of the options here; type its key (place 3, 9 or 12 or letters a, b) or its code.")
    assert read_answer("", d) == Bad("Type place 3, 9 or 12 or letters a, b, an option's code, or :h for help.")


def test_choices_of_no_place_keep_their_numbers_and_letters_avoid_codes() -> None:
    plain = engine.Decision(1, 0, "x", "?", (engine.Option("a.leave", "Leave an assistant here"), engine.Option("x.end", "End")), "x.end")
    assert option_keys(plain) == ("1", "2")
    # a letter that is an option's code is skipped; a place listed twice is keyed by letters
    odd = engine.Decision(1, 0, "x", "?", (
        engine.Option("a", "Something"), engine.Option("f.9", "Send your family member to Tea House"),
        engine.Option("r.9", "Call back the assistant at Tea House"), engine.Option("go.5", "Move to Post Office (5)"),
    ), "a")
    assert option_keys(odd) == ("b", "c", "d", "5")
    assert read_answer("a", odd) == Pick("a")  # the code, not a key
    # a number in a code that is not a place (a bid) is no place
    assert option_place(engine.Option("v.9", "Bid 9 Lira")) is None
    assert option_place(engine.Option("y.16", "Call back the assistant at Gemstone Dealer")) == 16
