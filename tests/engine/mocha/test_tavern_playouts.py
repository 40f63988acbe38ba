"""Seeded random games that favour the Tavern (everyone starts rich in coffee): the Barrier, the
Tavern tiles and the Baksheesh never break an invariant, every story line reads, and every
step-by-step move respects the Barrier as it stood before the move."""

from __future__ import annotations

import random

import pytest

from bot.engine import GameState, apply, describe, new_game, pending, preview_settings, validate
from bot.engine.board import blocked_for, grid_of
from bot.engine.invariants import violations
from bot.engine.mocha.parts import set_mocha_player

TAVERN_CODES = ("go.19", "barrier", "tl.", "bk.", "t.mv.", "e.", "p.")  # go.19: a move to the Tavern


def rich_game(players: int, layout: str, seed: int) -> GameState:
    settings = preview_settings(players=players, expansions=("mocha",), layout=layout)
    g = new_game(settings, ["red", "blue", "green", "yellow", "white"][:players], seed).copy()
    for seat in range(players):
        set_mocha_player(g, seat, coffee=30)
    return validate(g, preview=True)


def crosses(g: GameState, seat: int, source: int, target: int, how: str) -> bool:
    """Whether a move breaks the Barrier as it stands in `g` (before the move)."""
    grid = grid_of(g)
    blocked = blocked_for(g, seat)
    if how == "move":
        far = g.steps[-1].kind == "move34"  # the 3-or-4 card's move (distance semantics)
        lo, hi = (3, 4) if far else (1, 2)
        return not lo <= grid.distance(source, target, blocked) <= hi
    if how == "movement_tile":
        (r1, c1), (r2, c2) = grid.position(source), grid.position(target)
        if r1 != r2 and c1 != c2:
            return True
        return grid.distance(source, target, blocked) != abs(r1 - r2) + abs(c1 - c2)
    return False


@pytest.mark.parametrize(("players", "layout", "seed"), [(2, "first", 0), (3, "random", 1), (4, "first", 2), (5, "random", 3)])
def test_random_tavern_games_keep_every_invariant(players: int, layout: str, seed: int) -> None:
    g = rich_game(players, layout, seed)
    rng = random.Random(seed)
    used: set[str] = set()
    while (d := pending(g)) is not None and g.turns < 120:
        tavern = [c for c in d.codes() if c.startswith(TAVERN_CODES)]
        code = rng.choice(tavern) if tavern and rng.random() < 0.7 else rng.choice(d.codes())
        before = g
        g, events = apply(g, d.player, d.decision_id, code)
        for e in events:
            if e.kind == "move" and not e.data.get("token"):
                assert not crosses(before, e.player, e.data["source"], e.data["target"], e.data["how"]), e
            if e.kind in ("tavern_tile", "baksheesh", "barrier", "tavern_tile_used"):
                used.add(e.kind)
                line = describe(e, None)
                assert line is not None and line.endswith("."), e
        assert violations(g) == []
    assert used & {"tavern_tile", "barrier", "baksheesh"}
