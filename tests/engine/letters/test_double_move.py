"""The double move (RULES-NOTES D-17, E-49): at the end of a turn, also one ended early, once a
round, a minimal set of letters worth at least 3 seals for another whole turn at once."""

from __future__ import annotations

import pytest

from bot.engine import Event, GameState, IllegalChoice, apply, describe, forfeit_turn, pending
from bot.engine.invariants import violations
from bot.engine.letters.letters_check import double_move_once_a_round
from bot.engine.letters.parts import letters_of, letters_player, set_letters_player
from tests.engine.helpers import codes, decider, kind, pass_turn, play, play_events
from tests.engine.letters.letters_helpers import done, edit, give_letters, quiet_letters

LETTERS = ((3, False), (5, False), (9, False), (12, True))


def ending_early(*letters: tuple[int, bool]) -> GameState:
    """Seat 0 holds these letters and ends its first turn early, at the assistant step."""
    g = edit(quiet_letters())
    give_letters(g, 0, *letters)
    return pass_turn(done(g))


def test_e49_double_move_after_an_early_end_pays_a_minimal_set_for_another_turn() -> None:
    g = ending_early(*LETTERS)
    assert kind(g) == "double_move" and decider(g) == 0
    # three fronts, or one front and the delivered letter: never four letters (D-17)
    assert codes(g) == ("no", "p.012", "p.03", "p.13", "p.23")
    d = pending(g)
    assert d is not None and d.default == "no"
    assert [o.label for o in d.options][1:3] == ["Another turn for 3, 5, 9 (3 seals)", "Another turn for 3 and delivered 12 (3 seals)"]
    g, events = play_events(g, "p.03")
    assert letters_of(g, 0) == ((5, False), (9, False))
    assert letters_player(g, 0).double_move_round == 1
    kinds = [e.kind for e in events]
    assert kinds.index("letters_paid") < kinds.index("double_move") < kinds.index("turn")
    turn = next(e for e in events if e.kind == "turn")
    assert turn.player == 0 and turn.data == {"round": 1, "extra": True}
    line = describe(next(e for e in events if e.kind == "double_move"), None)
    assert line is not None and "double move" in line
    assert decider(g) == 0 and kind(g) == "move" and violations(g) == []


def test_e49_double_move_once_a_round_never_chained() -> None:
    g = play(ending_early(*LETTERS, (14, True)), "p.03")
    assert sum(d for _, d in letters_of(g, 0)) >= 1  # 3 seals or more left
    g = pass_turn(g)  # the extra turn ends early too: no second double move this round
    assert decider(g) == 1 and kind(g) != "double_move"
    g = pass_turn(g)
    g = pass_turn(g)  # seat 2: the round ends
    assert g.round == 2 and decider(g) == 0
    g = pass_turn(g)
    assert kind(g) == "double_move" and decider(g) == 0  # a new round: offered again


def test_double_move_declined_ends_the_turn() -> None:
    g = play(ending_early(*LETTERS), "no")
    assert decider(g) == 1 and letters_of(g, 0) == LETTERS
    assert letters_player(g, 0).double_move_round == -1


def test_double_move_not_offered_below_three_seals() -> None:
    g = ending_early((10, False), (16, False))
    assert decider(g) == 1 and kind(g) != "double_move"


def test_d17_double_move_refuses_a_set_that_is_not_minimal_and_changes_nothing() -> None:
    g = ending_early((3, False), (5, False), (12, True))
    assert codes(g) == ("no", "p.02", "p.12")  # 1 + 1 + 2 is not minimal: one front is spare
    d = pending(g)
    assert d is not None
    for code in ("p.012", "p.01", "p.3", "yes"):
        with pytest.raises(IllegalChoice):
            apply(g, d.player, d.decision_id, code)
    assert letters_of(g, 0) == ((3, False), (5, False), (12, True))


def test_d17_double_move_two_delivered_letters_show_four_seals() -> None:
    g = ending_early((3, True), (12, True))
    assert codes(g) == ("no", "p.01")
    g = play(g, "p.01")
    assert letters_of(g, 0) == () and decider(g) == 0


def test_double_move_after_a_whole_turn() -> None:
    """A turn that ran to its end offers it too, after the encounters."""
    g = edit(quiet_letters())
    give_letters(g, 0, *LETTERS)
    g = done(g)
    g = play(g, next(c for c in codes(g) if c.startswith("go.") and c != "go.7"))
    while kind(g) != "double_move":
        assert decider(g) == 0
        g = play(g, "a.leave" if "a.leave" in codes(g) else ("skip" if "skip" in codes(g) else pending(g).default))  # type: ignore[union-attr]
    assert decider(g) == 0


def test_double_move_forfeit_declines_it() -> None:
    g = ending_early(*LETTERS)
    g, _ = forfeit_turn(g, 0)
    assert decider(g) == 1 and letters_of(g, 0) == LETTERS


def test_double_move_step_check_catches_a_second_one_in_a_round() -> None:
    g = edit(quiet_letters())
    set_letters_player(g, 0, double_move_round=1)
    g = done(g)
    twice = double_move_once_a_round(g, [Event("double_move", 0, {"round": 1})], g)
    assert twice == ["seat 0 made a second double move in round 1"]
    fresh = edit(g)
    set_letters_player(fresh, 0, double_move_round=-1)
    assert double_move_once_a_round(done(fresh), [Event("double_move", 0, {"round": 1})], g) == []


def test_e49_double_move_extra_turn_may_end_early_and_the_round_goes_on() -> None:
    """The extra turn is a whole turn of its own: it may end early too, and then the next seat
    plays; the round does not advance in between."""
    g = play(ending_early(*LETTERS), "p.012")
    assert g.round == 1 and decider(g) == 0
    g = pass_turn(g)
    assert decider(g) == 1 and g.round == 1 and g.extra_turns == 1


def test_double_move_declining_can_be_taken_back() -> None:
    from bot.engine import can_undo, undo

    g = play(ending_early(*LETTERS), "no")
    assert decider(g) == 1 and can_undo(g, 0)
    back, _ = undo(g, 0)
    assert kind(back) == "double_move" and decider(back) == 0


def test_e38_a_guild_card_may_be_played_in_the_double_move_turn() -> None:
    """In the Great Bazaar the extra turn is a whole turn: a guild card may replace it (E-38,
    E-49); guild card #7's own extra turn comes on top and does not use the double move."""
    from bot.engine import new_game, preview_settings, validate
    from bot.engine.letters.parts import set_letters_board
    from bot.engine.mocha.parts import set_mocha_board
    from tests.engine.helpers import quieten
    from tests.engine.mocha.core_helpers import give_guild

    settings = preview_settings(players=3, expansions=("mocha", "letters"), layout="random")
    g = new_game(settings, ["red", "blue", "green"], 4).copy()
    quieten(g)
    set_letters_board(g, courier=0)
    set_mocha_board(g, coffee_trader=0)
    give_guild(g, 0, "g7")
    give_letters(g, 0, (3, True), (5, True))
    g = pass_turn(validate(g, preview=True))
    if kind(g) == "assistant":
        g = play(g, "x.end")
    assert kind(g) == "double_move"
    g = play(g, "p.01")
    assert decider(g) == 0 and "c.g7" in codes(g)
    g = play(g, "c.g7")
    assert decider(g) == 0 and letters_player(g, 0).double_move_round == 1
    assert violations(g) == []
