"""The greedy player counts the fee it pays on arrival before it counts on a purchase there.

A merchant with exactly the Gemstone Dealer's price in Lira, next to the Dealer with another
merchant standing on it, cannot buy the ruby next turn: the 2 Lira fee leaves it short. Counting
that ruby as "ready" kept greedy seats waiting beside the Dealer, ending turn after turn without
acting, rather than earning the Lira it lacked (a Mocha & Baksheesh game, seed 1013, from turn 16).
"""

from __future__ import annotations

import random

import pytest

from bot.ai import greedy_policy
from bot.ai.prospects import next_turn
from bot.ai.values import READY_RUBY
from bot.engine import GameSettings, apply, new_game, pending, view
from bot.engine.components import COLOURS, GEMSTONE_DEALER, MERCHANT_FEE
from bot.engine.places.rubies import next_price
from tests.engine.helpers import quiet_game


@pytest.mark.parametrize(("spare", "counted"), [(0, False), (MERCHANT_FEE, True)])
def test_a_ruby_counts_as_ready_only_if_the_fee_leaves_its_price(spare: int, counted: bool) -> None:
    """The Gemstone Dealer one step away, another merchant on it: the ruby is within reach next
    turn with the price and the fee in hand, not with the price alone."""
    g = quiet_game(3)
    price = next_price(g, GEMSTONE_DEALER)
    assert price is not None
    p = g.players[0]
    p.merchant = 12  # next to the Gemstone Dealer (16) on the in-order layout
    p.lira = price.lira + spare
    g.players[1].merchant = GEMSTONE_DEALER
    ready = READY_RUBY - MERCHANT_FEE
    assert (next_turn(g, p) == ready) is counted
    if not counted:
        assert next_turn(g, p) < ready


def test_greedy_seats_do_not_wait_turn_after_turn_for_a_ruby_they_cannot_pay() -> None:
    """Two greedy seats play a whole Mocha & Baksheesh game: it ends, and no seat ends five of
    its turns in a row without acting (before the fix, one seat did so for 30 turns)."""
    settings = GameSettings.model_validate({"players": 2, "expansions": ("mocha",), "layout": "first"})
    seed = 1013
    g = new_game(settings, list(COLOURS[:2]), seed)
    rngs = [random.Random(seed * 10 + seat) for seat in range(2)]
    idle = [0, 0]
    longest = 0
    while (d := pending(g)) is not None and g.turns < 400:
        code = greedy_policy(view(g, d.player), d, rngs[d.player])
        if d.kind == "assistant":
            idle[d.player] = idle[d.player] + 1 if code == "x.end" else 0
            longest = max(longest, idle[d.player])
        g, _ = apply(g, d.player, d.decision_id, code)
    assert g.finished
    assert longest < 5
