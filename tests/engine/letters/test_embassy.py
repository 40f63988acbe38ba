"""The Embassy (place 21): 2 letters from the supply, face up before the player (rulebook 000,
"Places (Letters & Seals)")."""

from __future__ import annotations

import pytest

from bot.engine import IllegalChoice, apply, pending, set_chance_script
from bot.engine.invariants import violations
from bot.engine.letters.letter_deck import LETTER_DECK
from bot.engine.letters.parts import letters_of, set_letters_player
from bot.engine.state import Step
from tests.engine.helpers import codes, kind, play_events
from tests.engine.letters.letters_helpers import done, edit, quiet_letters
from tests.engine.mocha.core_helpers import step_onto

EMBASSY = 21


def test_embassy_gives_two_letters_face_up_and_undelivered() -> None:
    g = set_chance_script(quiet_letters(), cards={"letters": ["l9", "l16"]})
    g = step_onto(g, EMBASSY)
    assert kind(g) == "action" and "act" in codes(g)
    g, events = play_events(g, "act")
    assert letters_of(g, 0) == ((9, False), (16, False))
    drawn = [e.data["card"] for e in events if e.kind == "draw" and e.data.get("deck") == "letters"]
    assert drawn == ["l9", "l16"]  # turned up for everyone
    assert len(LETTER_DECK.pile(g)) == 34
    assert violations(g) == []


def test_embassy_letter_for_the_embassy_is_delivered_at_once() -> None:
    """The merchant stands on the Embassy: its letter for place 21 turns over as it arrives (E-48)."""
    g = set_chance_script(quiet_letters(), cards={"letters": ["l21", "l3"]})
    g = play_events(step_onto(g, EMBASSY), "act")[0]
    assert letters_of(g, 0) == ((21, True), (3, False))


def test_embassy_with_one_letter_left_gives_that_one_and_with_none_is_not_offered() -> None:
    g = edit(quiet_letters())
    pile = LETTER_DECK.pile(g)
    LETTER_DECK.set_pile(g, pile[:1])
    LETTER_DECK.set_discard(g, ())
    # the other 35 letters lie before seat 2 (conserved)
    set_letters_player(g, 2, letters=tuple((int(item[1:]), False) for item in pile[1:]))
    g = step_onto(done(g), EMBASSY)
    g, _ = play_events(g, "act")
    assert len(letters_of(g, 0)) == 1 and LETTER_DECK.pile(g) == () and violations(g) == []
    # the next player at the Embassy finds nothing to take: only skip
    g = edit(g)
    g.steps = g.steps[:-1]
    g.steps += (Step("action", 0, EMBASSY),)
    g = done(g)
    d = pending(g)
    assert d is not None and "act" not in d.codes()
    with pytest.raises(IllegalChoice):
        apply(g, d.player, d.decision_id, "act")
