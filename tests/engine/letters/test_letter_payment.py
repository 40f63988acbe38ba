"""Paying with letters (`letters.letter_payment`): each seal-wise distinct set is offered exactly
once, for the Secret Society (exactly 6 seals, E-52) and the double move (a minimal set worth at
least 3 seals, D-17), compared with every subset of small random rows."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from bot.engine import GameState
from bot.engine.letters import data
from bot.engine.letters.letter_payment import can_pay, payment_sets, set_label
from bot.engine.letters.parts import Letter
from bot.engine.machine import KINDS
from tests.engine.helpers import play
from tests.engine.letters.letters_helpers import done, edit, give_letters, quiet_letters
from tests.engine.mocha.core_helpers import step_onto

RULES = {"society": (data.society_payment_ok, 6), "double": (data.double_move_payment_ok, 4)}


def brute(row: list[Letter], rule: str) -> set[tuple[Letter, ...]]:
    ok, _ = RULES[rule]
    return {
        tuple(sorted(row[i] for i in subset))
        for k in range(1, len(row) + 1)
        for subset in combinations(range(len(row)), k)
        if ok([data.letter_seals(row[i][1]) for i in subset])
    }


@pytest.mark.parametrize("rule", sorted(RULES))
def test_payment_sets_are_every_seal_wise_choice_once(rule: str) -> None:
    rng = random.Random(rule)
    ok, most = RULES[rule]
    for _ in range(200):
        row = [(rng.choice((3, 5, 9, 21)), rng.random() < 0.4) for _ in range(rng.randint(0, 8))]
        sets = list(payment_sets(row, ok, most))
        named = [tuple(sorted(row[i] for i in s)) for s in sets]
        assert len(named) == len(set(named))  # never twice the same letters
        assert set(named) == brute(row, rule)
        assert can_pay(row, ok, most) == bool(named)


def test_e52_six_seals_or_more_can_always_pay_exactly_six() -> None:
    rng = random.Random(52)
    for _ in range(300):
        row = [(rng.randint(1, 16), rng.random() < 0.5) for _ in range(rng.randint(0, 9))]
        seals = data.seals_total([d for _, d in row])
        assert can_pay(row, data.society_payment_ok, 6) == (seals >= 6)


def test_d17_a_double_move_costs_three_or_four_seals() -> None:
    row = [(3, False), (5, False), (9, True), (12, True), (14, False)]
    for s in payment_sets(row, data.double_move_payment_ok, 4):
        assert data.seals_total([row[i][1] for i in s]) in (3, 4)


def test_a_set_reads_fronts_then_delivered_letters() -> None:
    assert set_label([(7, False), (21, True), (9, False)]) == "7, 9 and delivered 21 (4 seals)"


def _society_payment(*letters: Letter) -> GameState:
    """Seat 0 asked which letters go to the Secret Society, holding `letters`."""
    g = edit(quiet_letters())
    give_letters(g, 0, *letters)
    return play(step_onto(done(g), 24), "act")


@pytest.mark.parametrize("places", [(3, 5, 9, 10, 12), (1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15)])
def test_the_codes_the_playout_reads_are_the_options_codes_whole_sets_or_narrowing(places: tuple[int, ...]) -> None:
    g = _society_payment(*[(p, i % 2 == 0) for i, p in enumerate(places)])
    step = g.steps[-1]
    kind = KINDS[step.kind]
    assert step.kind == "society_letters"
    offered = [o.code for o in kind.options(g, step)]
    assert offered and kind.codes(g, step) == offered
    narrowing = len(places) > 10
    assert all(c.startswith("l." if narrowing else "p.") for c in offered)
    g = play(g, offered[0])
    step = g.steps[-1]
    if narrowing:  # one letter chosen: the next, narrower question reads the same too
        assert KINDS[step.kind].codes(g, step) == [o.code for o in KINDS[step.kind].options(g, step)]
