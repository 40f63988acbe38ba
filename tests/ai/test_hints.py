"""Hints (`bot.ai.hints`): the best registered player's choice and a short reason, a function of
the decider's own view alone."""

from __future__ import annotations

import random

import pytest

from bot.ai import POLICIES, greedy_policy, random_policy
from bot.ai.hints import hint, hint_seed, reason
from bot.engine import (
    Decision,
    GameSettings,
    GameState,
    apply,
    determinize,
    new_game,
    pending,
    validate,
    view,
)


@pytest.fixture(autouse=True)
def _greedy_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests ask many hints: the greedy player's (cheap), also once a strong player is
    registered (the test below puts a stand-in back in its place)."""
    monkeypatch.delitem(POLICIES, "strong", raising=False)


def _positions(players: int, seed: int, count: int) -> list[GameState]:
    """States with a decision of several options, from a game the greedy player plays."""
    g = new_game(GameSettings(players=players), ["red", "blue", "green", "yellow", "white"][:players], seed)
    rng = random.Random(seed)
    found: list[GameState] = []
    while len(found) < count and (d := pending(g)) is not None:
        if len(d.codes()) > 1:
            found.append(g)
        g, _ = apply(g, d.player, d.decision_id, greedy_policy(view(g, d.player), d, rng))
    return found


def _decision(g: GameState) -> Decision:
    d = pending(g)
    assert d is not None
    return d


def test_a_hint_is_an_offered_option_with_a_reason_and_the_same_when_asked_again() -> None:
    for g in _positions(3, 21, 12):
        d = _decision(g)
        first = hint(view(g, d.player), d)
        assert first.code in d.codes() and first.label == next(o.label for o in d.options if o.code == first.code)
        assert first.reason and not first.reason.endswith(".") and len(first.sentence()) < 300
        assert hint(view(g, d.player), d) == first


def test_a_hint_depends_on_the_deciders_view_only() -> None:
    """Every part of the game the decider cannot see dealt again (other hands, piles, the
    generator): the view is the same, and so are the hint's seed, choice and reason."""
    for i, g in enumerate(_positions(4, 8, 8)):
        d = _decision(g)
        v = view(g, d.player)
        other = determinize(v, 5000 + i)
        assert view(other, d.player) == v
        assert hint_seed(view(other, d.player), d) == hint_seed(v, d)
        assert hint(view(other, d.player), d) == hint(v, d)


def test_a_hint_is_worked_out_from_the_deciders_view_only() -> None:
    g = _positions(2, 3, 1)[0]
    d = _decision(g)
    with pytest.raises(ValueError, match="decider's own view"):
        hint(view(g, 1 - d.player), d)
    with pytest.raises(ValueError, match="decider's own view"):
        hint(view(g, None), d)


def test_a_hint_uses_the_strong_player_once_it_is_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(POLICIES, "strong", raising=False)
    g = _positions(2, 4, 1)[0]
    d = _decision(g)
    assert hint(view(g, d.player), d).player == "greedy"
    monkeypatch.setitem(POLICIES, "strong", random_policy)
    strong = hint(view(g, d.player), d)
    assert strong.player == "strong"
    assert strong.code == random_policy(view(g, d.player), d, random.Random(hint_seed(view(g, d.player), d)))


def test_the_reason_names_what_the_turn_gains() -> None:
    """Over a game's decisions the reasons speak of rubies, goods or Lira, not only the plain
    fallback sentence."""
    reasons = [hint(view(g, _decision(g).player), _decision(g)).reason for g in _positions(2, 9, 25)]
    concrete = [r for r in reasons if any(w in r for w in ("ruby", "Lira", "fabric", "spice", "fruit", "jewelry", "slot"))]
    assert len(concrete) >= len(reasons) // 2


def test_the_reason_tells_leaving_an_assistant_from_taking_one_back() -> None:
    """An assistant left on a place works for you; one picked up again goes back to the stack:
    the reason says which happened."""
    from dataclasses import replace

    from bot.ai.hints import _gains

    g = new_game(GameSettings(players=2), ["red", "blue"], 1)
    home = g.players[0]
    out = replace(home, stack=home.stack[1:], assistants=(3,))
    assert _gains(home, out).this_turn == "leaves an assistant behind to work for you"
    assert _gains(out, home).this_turn == "brings an assistant back to your stack"


def _wainwright_position(extensions: int, lira: int = 8) -> GameState:
    """Seat 0 to move from the Large Market (10) with `lira` Lira and `extensions` wheelbarrow
    extensions: the Wainwright (1) is out of this move's reach except through the Police Station,
    within reach of the next turn's from most places."""
    from tests.engine.helpers import quiet_game

    g = quiet_game(2, seed=2)
    p = g.players[0]
    p.merchant, p.extensions, p.lira = 10, extensions, lira
    return validate(g)


def test_a_next_turn_gain_that_other_options_reach_too_is_not_credited_to_the_option() -> None:
    """With two extensions and 8 Lira, the third extension (and the Wainwright's ruby) is one turn
    away from most places: moving to the Fountain sets it up no more than the other moves do (the
    runner-up, the Police Station, even takes it this turn), so its reason does not name it, nor
    does a move whose own gain is a full slot. The Police Station takes the ruby this turn and
    says so. Without the extensions, no move names a ruby."""
    g = _wainwright_position(2)
    d = _decision(g)
    v = view(g, 0)
    seed = hint_seed(v, d)
    assert reason(v, d, "go.7", seed) == "leads to the best end of turn the computer finds from what you can see"
    assert reason(v, d, "go.12", seed) == "takes your 1st ruby"
    assert reason(v, d, "go.2", seed) == "fills the wheelbarrow's last fabric slot"
    assert hint(v, d) == hint(view(g, 0), d)
    bare = _wainwright_position(0)
    d0 = _decision(bare)
    v0 = view(bare, 0)
    assert "ruby" not in reason(v0, d0, "go.7", hint_seed(v0, d0))


def test_an_option_whose_payoff_only_its_own_line_reaches_says_what_it_sets_up() -> None:
    """With two extensions and no Lira, only the move whose place pays the 7 Lira (9) buys the
    third extension, and the Wainwright's ruby, on the next turn: the hint names that ruby after
    this turn's Lira; a move that pays nothing names no ruby."""
    g = _wainwright_position(2, lira=0)
    d = _decision(g)
    v = view(g, 0)
    seed = hint_seed(v, d)
    assert hint(v, d).code == "go.9"
    assert reason(v, d, "go.9", seed) == "+7 Lira (you would have 7), then your 1st ruby next turn"
    assert "ruby" not in reason(v, d, "go.7", seed)


def test_the_next_turns_gain_is_named_only_when_it_tells_more() -> None:
    from bot.ai.hints import Gain, _worded

    ruby = Gain(0, "takes your 5th ruby", "your 5th ruby")
    goods = Gain(4, "+2 fabric", "+2 fabric")
    assert _worded(None, ruby) == "sets up your 5th ruby next turn"
    assert _worded(goods, ruby) == "+2 fabric, then your 5th ruby next turn"
    assert _worded(ruby, goods) == "takes your 5th ruby"
    assert _worded(goods, goods) == "+2 fabric"  # a tie: this turn's
    assert _worded(None, None) is None


def test_an_option_that_ends_the_turn_is_followed_to_the_end_of_the_seats_next_turn_only() -> None:
    """Declining at the last step of a turn ends it at once: the reason still compares the seat
    at the end of this turn and at the end of its next one (2 players: the rival's turn, then the
    seat's), not at the start of its next turn and two turns later."""
    from bot.ai.hints import _two_turns
    from bot.engine.playout import Playout

    checked = 0
    for g in _positions(2, 5, 30):
        d = _decision(g)
        root = Playout(g)
        for code in d.codes():
            probe = root.copy()
            start = probe.state.turns
            probe.choose(code)
            if probe.over or probe.state.turns == start or d.off_turn:
                continue
            line = root.copy()
            middle = _two_turns(line, d.player, code)
            assert middle == probe.state.players[d.player]  # the seat as its turn ended
            assert line.over or line.state.turns == start + 3  # the seat's next turn is the one that just ended
            checked += 1
            break
    assert checked >= 3
