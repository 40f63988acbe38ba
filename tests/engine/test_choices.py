"""Bigger choices (issue 21, item 4): a decision lists every legal choice (no cap of 25 options,
20 public); the invariants allow at most 100 public and 100 private options; a choice of more
than 100 values is asked in two steps with one final code per value. Proven by the test kinds of
`tests.testkinds`."""

from __future__ import annotations

from bot.engine import IllegalChoice, apply, can_undo, describe, forfeit_turn, pending, undo
from bot.engine.invariants import option_violations, violations
from tests.engine.helpers import codes, decider, kind, play, play_events
from tests.testkinds import base_position


def test_a_decision_of_sixty_public_and_thirty_private_options() -> None:
    """Every option is offered, in order, and any of them can be chosen; the invariants hold."""
    g = base_position("test_huge")
    d = pending(g)
    assert d is not None and (d.player, d.kind, len(d.options)) == (0, "test_huge", 90)
    assert [o.code for o in d.options if not o.private] == [f"p.{i}" for i in range(60)]
    assert [o.code for o in d.options if o.private] == [f"q.{i}" for i in range(30)]
    assert option_violations(d) == [] and violations(g) == []
    for code in ("p.59", "q.29", "p.0"):
        after, events = play_events(g, code)
        assert [(e.kind, e.data) for e in events[1:]] == [("test_choice", {"code": code})]
        assert describe(events[1], None) == f"{{seat:0}} chose {code}."
        assert kind(after) == "move" and decider(after) == 0


def test_a_choice_of_more_than_a_hundred_values_is_asked_in_two_steps() -> None:
    """251 bids: the first step offers the pass and three ranges; a range lists its 99 values
    and 'back' (100 public options); the chosen value keeps its one final code."""
    g = base_position("test_values")
    assert codes(g) == ("no", "vr.0", "vr.99", "vr.198")
    assert pending(g).option("vr.99").label == "Bid 99 Lira to Bid 197 Lira"
    ranged = play(g, "vr.198")
    d = pending(ranged)
    assert d is not None and d.kind == "value_range" and d.player == 0
    assert d.codes() == (*[f"v.{v}" for v in range(198, 251)], "back") and d.default == "back"
    middle = play(g, "vr.99")
    assert len(codes(middle)) == 100 and option_violations(pending(middle)) == []
    after, events = play_events(middle, "v.150")
    assert [(e.kind, e.data) for e in events[1:]] == [("test_choice", {"code": "v.150"})]
    assert kind(after) == "move"
    back = play(middle, "back")
    assert codes(back) == codes(g)
    assert kind(play(g, "no")) == "move"


def test_a_value_outside_the_chosen_range_is_refused() -> None:
    middle = play(base_position("test_values"), "vr.99")
    d = pending(middle)
    assert d is not None
    try:
        apply(middle, 0, d.decision_id, "v.5")
    except IllegalChoice as exc:
        assert "v.5" in str(exc)
    else:
        raise AssertionError("a value of another range was accepted")


def test_the_range_step_can_be_undone_and_forfeited() -> None:
    """Choosing a range is an ordinary choice: it can be taken back; a forfeit there goes back and
    passes (the default), never bids."""
    g = base_position("test_values")
    middle = play(g, "vr.99")
    assert can_undo(middle, 0)
    undone, _ = undo(middle, 0)
    assert codes(undone) == codes(g)
    skipped, events = forfeit_turn(middle, 0)
    assert [e.data for e in events if e.kind == "test_choice"] == [{"code": "no"}]
    assert decider(skipped) == 1
