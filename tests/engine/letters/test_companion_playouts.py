"""Random games that lean on the companion (issue 24, "random play must never crash or hang"):
seeded players that pick the companion's options (earn it at the Fountain, set it out, move it,
its card, bring it home) more often than the others, through `pending`/`apply`, with every
invariant and step check (the Barrier in the Great Bazaar) after every input and an undo now
and then. l-core's playout series plays the whole module; this one makes sure companion turns
happen in numbers, under both values of `companion_usable_on_placement_turn`."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.engine import GameState, RuleOptions, apply, can_undo, new_game, pending, preview_settings, undo
from bot.engine.invariants import step_violations, violations
from tests.engine.helpers import COLOURS_IN_SEAT_ORDER

FAVOURED = ("t.cm.", "t.cp", "c.companion2", "r.earn", "r.home", "ch.", "go.7")
DECISIONS = 200


def _game(seed: int) -> GameState:
    players = 2 + seed % 4
    bazaar = seed % 3 == 2
    settings = preview_settings(
        players=players,
        expansions=("mocha", "letters") if bazaar else ("letters",),
        rules=RuleOptions(companion_usable_on_placement_turn=seed % 2 == 0),
        layout="random" if bazaar or seed % 4 == 3 else "first",
    )
    return new_game(settings, COLOURS_IN_SEAT_ORDER[:players], seed)


def _play(seed: int, seen: Counter[str]) -> None:
    rng = random.Random(seed)
    g = _game(seed)
    for _ in range(DECISIONS):
        d = pending(g)
        if d is None:
            return
        codes = d.codes()
        favoured = [c for c in codes if c.startswith(FAVOURED)]
        code = rng.choice(favoured if favoured and rng.random() < 0.6 else codes)
        after, events = apply(g, d.player, d.decision_id, code)
        broken = violations(after) + step_violations(g, events, after)
        assert not broken, f"seed {seed}, {code}: {broken}"
        for e in events:
            if e.kind == "move" and e.data.get("token") == "companion":
                seen[f"move:{e.data['how']}"] += 1
            elif e.kind.startswith("companion_"):
                seen[e.kind] += 1
        if can_undo(after, d.player) and rng.random() < 0.05:
            back, _ = undo(after, d.player)
            assert not violations(back), f"seed {seed}: undo of {code}"
        g = after


@pytest.mark.parametrize("chunk", range(2))
def test_random_games_full_of_companion_turns_keep_every_invariant(chunk: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(chunk * 5, chunk * 5 + 5):
        _play(seed, seen)
    assert {"companion_earned", "companion_placed", "companion_home", "move:move"} <= set(seen), seen
