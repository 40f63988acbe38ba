"""The greedy player searches on the playout path and chooses exactly as it did on the full path:
tests/ai/fixtures/greedy_choices.json holds the choices it made in seeded games before the switch
(recorded with ``python -m tests.ai.test_greedy_playout``, which rewrites the file). Re-recorded on
purpose when its evaluation changes: last when the next-turn estimate learnt to take the arrival
fee off before pricing a purchase (one choice moved, decision 18 of the two-player game)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from bot.ai import greedy_policy
from bot.engine import GameSettings, apply, new_game, pending, view
from bot.engine.components import COLOURS

FIXTURE = Path(__file__).with_name("fixtures") / "greedy_choices.json"
GAMES = ((2, 3, 70), (3, 8, 60), (5, 21, 50))  # players, seed, decisions


def greedy_choices(players: int, seed: int, decisions: int) -> list[str]:
    """The codes greedy players choose for every seat in a seeded game, decision by decision."""
    g = new_game(GameSettings(players=players, layout="long"), list(COLOURS[:players]), seed)
    rng = random.Random(seed)
    out: list[str] = []
    while (d := pending(g)) is not None and len(out) < decisions:
        code = greedy_policy(view(g, d.player), d, rng)
        out.append(code)
        g, _ = apply(g, d.player, d.decision_id, code)
    return out


def test_greedy_chooses_as_before() -> None:
    recorded = json.loads(FIXTURE.read_text())
    for players, seed, decisions in GAMES:
        expected = recorded[f"{players}/{seed}"]
        assert len(expected) == decisions
        assert greedy_choices(players, seed, decisions) == expected, f"{players} players, seed {seed}"


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps({f"{n}/{s}": greedy_choices(n, s, k) for n, s, k in GAMES}, indent=0) + "\n")
