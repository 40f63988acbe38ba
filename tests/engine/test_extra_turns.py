"""Extra turns (issue 21, item 6): a seat takes another turn right after its own (guild card #7,
the double move next): the round does not advance; a forfeit plays the seat's defaults through
its extra turns; a default never starts one; the last round ends after the last seat's extra
turns (RULES-NOTES D-02). The service tells "the turn sequence is over" (`sequence_over`) from "a
turn ended" (`turn_over`). Proven with `test_again` of `tests.testkinds`."""

from __future__ import annotations

from bot.engine import Event, GameState, Step, describe, forfeit_turn, pending
from bot.engine.invariants import violations
from bot.engine.machine import push
from bot.engine.turn import sequence_over, turn_over
from tests.engine.helpers import codes, decider, kind, pass_turn, play, play_events
from tests.testkinds import base_position


def end_turn(g: GameState) -> tuple[GameState, list[Event]]:
    """The deciding seat moves to the first place offered (not the Fountain) and ends its turn at
    the assistant step."""
    g, events = play_events(g, next(c for c in codes(g) if c.startswith("go.") and c != "go.7"))
    g, more = play_events(g, "x.end")
    return g, events + more


def test_an_extra_turn_follows_at_once_and_the_round_stays() -> None:
    before = play(base_position("test_again"), "again")
    assert kind(before) == "move" and before.turn.again == 1 and not before.turn.extra
    g, events = end_turn(before)
    assert decider(g) == 0 and kind(g) == "move"
    assert g.turn.extra and g.turn.again == 0 and g.round == 1
    assert (g.turns, g.extra_turns) == (before.turns + 1, 1)
    start = next(e for e in events if e.kind == "turn")
    assert start.data == {"round": 1, "extra": True}
    assert describe(start, None) == "Round 1: {seat:0}'s extra turn."
    assert turn_over(before, g) and not sequence_over(before, g)
    after, _ = end_turn(g)
    assert decider(after) == 1 and after.round == 1 and not after.turn.extra
    assert turn_over(g, after) and sequence_over(g, after) and violations(after) == []


def test_a_default_never_starts_an_extra_turn() -> None:
    g = base_position("test_again")
    assert pending(g).default == "no"
    skipped, _ = forfeit_turn(g, 0)
    assert decider(skipped) == 1 and skipped.extra_turns == 0


def test_a_forfeit_plays_through_the_extra_turns() -> None:
    """Skipped after an extra turn was granted: the merchant stays, the turn ends, the extra turn
    is played by default too, and the next seat moves."""
    g = play(base_position("test_again"), "again")
    skipped, events = forfeit_turn(g, 0)
    assert decider(skipped) == 1 and kind(skipped) == "move"
    assert [e.data.get("extra", False) for e in events if e.kind == "turn"] == [True, False]
    assert skipped.players[0].merchant == 7 and skipped.extra_turns == 1
    assert sequence_over(g, skipped)


def test_the_last_round_ends_after_the_last_seats_extra_turns() -> None:
    """D-02: with the end triggered, the seat before the start player finishes its extra turn
    before the leftover cards."""
    g = base_position("test_again").copy()
    g.end_triggered = True
    g = pass_turn(play(g, "no"))  # seat 0
    g = pass_turn(g).copy()  # seat 1
    assert decider(g) == 2
    push(g, Step("test_again", 2))
    g.cache = None
    g, events = end_turn(play(g, "again"))
    assert decider(g) == 2 and g.turn.extra and not any(e.kind == "last_round_over" for e in events)
    g, events = end_turn(g)
    assert any(e.kind == "last_round_over" for e in events) and kind(g) == "final"
