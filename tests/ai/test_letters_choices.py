"""The greedy player's choices on Letters & Seals positions: a kiosk tile is picked for what it
gives (never a tile that is of no use now)."""

from __future__ import annotations

import random

import pytest

from bot.ai import greedy_policy
from bot.engine import GameState, pending, view
from bot.engine.letters.kiosk_tiles import usable
from tests.engine.letters.kiosk_position import at_kiosk, code


def greedy(g: GameState, rng_seed: int = 0) -> str:
    d = pending(g)
    assert d is not None
    return greedy_policy(view(g, d.player), d, random.Random(rng_seed))


@pytest.mark.parametrize("tiles", [("K07", "K10", "K12", "K15"), ("K15", "K11", "K04", "K01"), ("K19", "K15", "K12", "K09")])
def test_a_kiosk_pick_takes_a_tile_that_gives_something_never_one_of_no_use(tiles: tuple[str, ...]) -> None:
    """K15 (companion back to the supply) is of no use without a companion on the board, K19
    (the stack to the Fountain) of little; a tile that gives goods, Lira or a card is taken."""
    g = at_kiosk(*tiles)
    assert not usable(g, 0, "K15")
    picked = greedy(g)
    assert picked in {code(t) for t in tiles} - {code("K15"), code("K19")}
