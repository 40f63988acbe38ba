"""Private holdings and card plays (issue 21, item 3): one function answers what a seat holds
privately; the rule that a lone option is still asked reads it; every card play is registered
with its deck, module, timing window (RULES-NOTES E-32), place-bound class (E-33) and whether it
may be played after the last round (E-55)."""

from __future__ import annotations

import pytest

from bot.engine import GameState, Step, holdings, pending, view
from bot.engine.cards import CARD_PLAYS, PLAY_OF
from bot.engine.components import BASE_BONUS_CARDS
from bot.engine.invariants import option_violations
from tests.engine.helpers import codes, give, kind, play, play_events, quiet_game
from tests.testkinds import REMOTE, TEST_HAND, deck_position


def test_holdings_name_every_private_hand() -> None:
    g = quiet_game()
    assert holdings(g, 0) == {}
    give(g, 0, "stay", "lira5")
    assert holdings(g, 0) == {"bonus": ("lira5", "stay")}
    g = play(deck_position(), "d.hand")
    assert set(holdings(g, 0)) == {"bonus", "testhand"}
    assert view(g, 1).holdings(0) == {"bonus": ("?",), "testhand": ("?",)}


def _lone_end(with_test_card: bool) -> GameState:
    """Seat 0 of a Mocha & Baksheesh game (preview) has no bonus card and no assistant left, moves
    next to the Fountain: the assistant step can only end the turn."""
    g = deck_position()
    g = play(g, "d.hand", "done") if with_test_card else play(g, "done")
    g = g.copy()
    for p in g.players:
        g.draw_pile = tuple(sorted(g.draw_pile + p.cards))
        p.cards = ()
    g.players[0].stack = ""
    g.cache = None
    return play(g, "go.1")


def test_a_lone_option_is_asked_while_anything_is_held() -> None:
    """The assistant step (whose options may depend on the hand) with the lone option to end the
    turn: asked while the seat holds a card of any deck, taken at once when it holds nothing."""
    asked = _lone_end(with_test_card=True)
    assert (pending(asked).player, kind(asked), codes(asked)) == (0, "assistant", ("x.end",))
    skipped = _lone_end(with_test_card=False)
    assert pending(skipped).player == 1 and kind(skipped) == "move"


def test_every_base_card_has_its_registered_play() -> None:
    """The base bonus cards: their windows (E-32), place-bound class (E-33: all "if you carry out
    the action at X") and the leftover cards of E-55."""
    base = {p.kind: p for p in CARD_PLAYS if CARD_PLAYS.module_of(p) == "base"}
    assert set(base) == set(BASE_BONUS_CARDS)
    assert all(p.deck == "bonus" for p in base.values())
    assert {k for k, p in base.items() if p.final} == {"good", "lira5", "family"}
    assert {k: (p.action_at, p.bound) for k, p in base.items() if p.action_at} == {
        "sultan2": (13, "carry_out"), "post2": (5, "carry_out"), "gem2": (16, "carry_out"), "smallany": (11, "carry_out"),
    }
    assert base["stay"].window == base["move34"].window == {"move"}
    assert base["return"].window == {"move", "move34", "assistant"}
    assert base["good"].window == base["lira5"].window == base["family"].window == {
        "move", "move34", "assistant", "pay", "action", "after", "guild_end",  # guild_end: after a guild card (E-38)
        "family_end",  # after the family member's action of a Letters & Seals family-step turn (E-37)
    }


def test_a_card_of_another_deck_plays_in_its_window() -> None:
    """A test card registered for the movement step is offered there (private), goes onto its
    own deck's discard pile and names its deck."""
    g = play(deck_position(), "d.hand", "d.hand", "d.hand", "d.hand", "d.hand", "done")
    assert "c.t3" in codes(g) and pending(g).option("c.t3").private
    g, events = play_events(g, "c.t3")
    card = next(e for e in events if e.kind == "card")
    assert card.data == {"deck": "testhand", "card": "t3"} and TEST_HAND.discard(g) == ("t3",)
    assert g.players[0].lira == 3 and kind(g) == "move"


@pytest.mark.parametrize(("tag", "offered"), [("", {"c.t2", "c.t4"}), ("family", {"c.t2", "c.t4"}), (REMOTE, {"c.t4"})])
def test_if_you_are_at_against_if_you_carry_out_the_action_at(tag: str, offered: set[str]) -> None:
    """E-33: a card "if you are at X" needs the acting token to stand there (the merchant, or the
    family member sent there), never a remote action; "if you carry out the action at X" works
    for every way of carrying it out."""
    g = play(deck_position(), *["d.hand"] * 6, "done").copy()
    g.steps = g.steps[:-1] + (Step("action", 0, 2, 0, tag),)
    g.cache = None
    assert {c for c in codes(g) if c.startswith("c.t")} == offered
    g, events = play_events(g, "c.t4")
    assert g.players[0].goods[0] == 2 and g.players[0].lira == 3


def test_an_unregistered_card_code_breaks_the_option_rules() -> None:
    from bot.engine import Decision, Option

    d = Decision(1, 0, "move", "Move.", (Option("go.2", "Move"), Option("c.t9", "Play", True)), "go.2")
    assert option_violations(d) == ["decision move: card play 'c.t9' is not a private play of a registered card kind"]
    assert PLAY_OF["t3"].deck == "testhand" and CARD_PLAYS.module_of(PLAY_OF["t3"]) == "test"
