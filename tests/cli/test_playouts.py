"""Random playouts: 128 seeded games across 2-5 players, the four layouts, the variants and
the move-card rule option. In each, every invariant holds after every step, every offered option
is accepted (and keeps the invariants) on a sample of steps, no game runs away, and the game
replays from its log to the same state."""

from __future__ import annotations

import pytest

from bot.cli.playout import GameReport, check_game, config_for, game_seed
from tests.series import assert_clean

GAMES = 128  # config_for cycles through 128 combinations: each once (soak plays many more)
CHUNKS = 8  # separate test items, so that xdist spreads them over its workers
PER_CHUNK = GAMES // CHUNKS
SEED = 0


def _play(indices: range) -> list[GameReport]:
    return [
        check_game(config_for(i, SEED), game_seed(i, SEED), every=1, option_sample=0.05, turn_cap=5000)
        for i in indices
    ]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_the_invariants_and_replay(chunk: int) -> None:
    """16 consecutive games of the series (every player count, two layouts) finish cleanly."""
    reports = _play(range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK))
    assert_clean(reports)


def test_the_series_covers_every_combination() -> None:
    """The games above reach every player count, layout, variant pairing and rule value."""
    configs = [config_for(i, SEED) for i in range(GAMES)]
    assert {c.players for c in configs} == {2, 3, 4, 5}
    assert {c.layout for c in configs} == {"short", "long", "in_order", "random"}
    assert {(c.neutral_assistants, c.caravan_leader) for c in configs if c.players <= 4} == {
        (False, False), (True, False), (False, True), (True, True)
    }
    assert not any(c.neutral_assistants for c in configs if c.players == 5)
    assert {c.rules.move_card_semantics for c in configs} == {"distance", "walk"}


def test_a_broken_invariant_is_reported_with_the_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The driver stops at the first broken invariant and names the seed, turn and choice."""
    import bot.cli.playout as playout

    monkeypatch.setattr(playout, "violations", lambda g: ["boom"] if g.turns > 3 else [])
    report = check_game(config_for(1), 7)
    assert len(report.failures) == 1
    assert report.failures[0].startswith("seed 7 (3 players, short), turn 3") and "boom" in report.failures[0]
    assert report.turns == 4


def test_a_runaway_game_is_reported() -> None:
    """A game still running after the turn cap fails with its seed."""
    report = check_game(config_for(0), 5, turn_cap=20)
    assert report.failures == ["seed 5 (2 players, short): still running after 20 turns"]
