"""Decisions of other seats in the middle of a turn (issue 21, item 7; Kiosk picks and auction
bids next): `pending` names the seat, in seat order; handing the decision to another seat is an
undo barrier; skipping an idle off-turn decider plays that seat's part only, at its defaults
(the first free choice, not carried out: RULES-NOTES E-62); skipping the idle active player plays
its defaults for the rest of the turn, also when the turn comes back to it, while the others
still decide themselves. Proven with `test_ask` of `tests.testkinds`."""

from __future__ import annotations

import pytest

from bot.engine import NotYourDecision, Step, can_undo, describe, forfeit_turn, pending, undo
from bot.engine.invariants import violations
from bot.engine.machine import push
from bot.engine.turn import sequence_over
from tests.engine.helpers import codes, decider, kind, play, play_events
from tests.testkinds import base_position


def answers(events: list) -> list[tuple[int, str]]:
    return [(e.player, e.data["code"]) for e in events if e.kind == "test_choice"]


def test_the_other_seats_decide_in_seat_order_then_the_asker() -> None:
    g = base_position("test_ask", players=4)
    d = pending(g)
    assert d is not None and (d.player, d.off_turn) == (0, False)
    g = play(g, "ask")
    seen = []
    while kind(g) in ("test_pick", "test_use"):
        d = pending(g)
        assert d is not None and d.off_turn and g.turn.player == 0
        seen.append((d.player, d.kind))
        g = play(g, d.options[0].code)
    assert seen == [(s, k) for s in (1, 2, 3) for k in ("test_pick", "test_use")]
    d = pending(g)
    assert d is not None and (d.player, d.kind, d.off_turn) == (0, "test_back", False)
    assert violations(g) == []


def test_the_order_starts_after_the_turns_player() -> None:
    g = base_position(players=3)
    g = play(g, next(c for c in codes(g) if c.startswith("go.") and c != "go.7"), "x.end").copy()
    assert g.turn.player == 1
    push(g, Step("test_ask", 1))
    g.cache = None
    g = play(g, "ask")
    assert [decider(g), decider(play(g, "pick.1", "keep"))] == [2, 0]


def test_handing_the_decision_to_another_seat_is_an_undo_barrier() -> None:
    g = play(base_position("test_ask"), "ask")
    assert decider(g) == 1 and not can_undo(g, 0)  # the asker cannot take back the question
    picked = play(g, "pick.2")
    assert decider(picked) == 1 and can_undo(picked, 1)  # within its own part a seat may
    back, _ = undo(picked, 1)
    assert kind(back) == "test_pick" and decider(back) == 1
    used = play(picked, "use")
    assert decider(used) == 2 and not can_undo(used, 1)
    last = play(used, "pick.1", "keep")
    assert decider(last) == 0 and kind(last) == "test_back" and not can_undo(last, 2)


def test_other_seats_deciding_do_not_end_the_turn_sequence() -> None:
    g = base_position("test_ask")
    asked = play(g, "ask")
    assert not sequence_over(g, asked) and not sequence_over(asked, play(asked, "pick.1", "keep"))


def test_skipping_an_idle_off_turn_decider_plays_its_part_only() -> None:
    """E-62: the first free choice, not carried out; the next seat then decides itself."""
    g = play(base_position("test_ask"), "ask")
    skipped, events = forfeit_turn(g, 1)
    assert answers(events) == [(1, "pick.1"), (1, "keep")]
    assert [describe(e, None) for e in events if e.kind == "forfeit"] == ["{seat:1}'s decision was skipped."]
    assert decider(skipped) == 2 and kind(skipped) == "test_pick" and skipped.turn.player == 0
    assert not skipped.turn.forfeit and not can_undo(skipped, 1)
    # its second decision alone, when it was idle there
    skipped, events = forfeit_turn(play(g, "pick.3"), 1)
    assert answers(events) == [(1, "keep")] and decider(skipped) == 2


def test_skipping_an_idle_active_player_plays_its_defaults_when_the_turn_comes_back() -> None:
    """The asker is skipped at its question: its default asks; the others answer themselves; when
    the turn comes back, its default answer is played at once and its turn ends at the move."""
    g = base_position("test_ask")
    skipped, events = forfeit_turn(g, 0)
    assert answers(events) == [(0, "ask")]
    assert [describe(e, None) for e in events if e.kind == "forfeit"] == ["{seat:0}'s turn was skipped."]
    assert "off_turn" not in next(e for e in events if e.kind == "forfeit").data  # a turn's event as before
    assert decider(skipped) == 1 and skipped.turn.forfeit and not sequence_over(g, skipped)
    g = play(skipped, "pick.2", "use")
    assert decider(g) == 2
    g, events = play_events(g, "pick.3")
    g, events = play_events(g, "keep")
    assert answers(events) == [(2, "keep"), (0, "back.no")]
    assert any(e.kind == "end_early" and e.data["reason"] == "forfeit" for e in events)
    assert decider(g) == 1 and g.turn.player == 1 and kind(g) == "move" and not g.turn.forfeit
    assert g.players[0].merchant == 7 and violations(g) == []


@pytest.mark.parametrize("seat", [1, 2])
def test_a_seat_that_is_not_deciding_cannot_be_skipped(seat: int) -> None:
    g = base_position("test_ask")
    with pytest.raises(NotYourDecision):
        forfeit_turn(g, seat)


def test_the_skip_ends_with_the_turn_not_in_the_leftover_card_window() -> None:
    """The last seat of the last round is skipped while the others answer its question: its turn
    ends by default, but its leftover-card window after the last round is its own to decide."""
    g = base_position(players=3)
    for _ in range(2):
        g = play(g, next(c for c in codes(g) if c.startswith("go.") and c != "go.7"), "x.end")
    g = g.copy()
    g.end_triggered = True
    push(g, Step("test_ask", 2))
    g.cache = None
    g, _ = forfeit_turn(g, 2)
    assert g.turn.forfeit and decider(g) == 0
    g = play(g, "pick.1", "keep", "pick.1", "keep")
    finals = []
    while kind(g) == "final":
        finals.append(decider(g))
        g = play(g, "done")
    assert finals == [s for s in range(3) if g.players[s].cards] and 2 in finals
