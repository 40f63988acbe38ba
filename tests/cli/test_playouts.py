"""Random playouts: 64 seeded games across 2-5 players, the four layouts, the variants and the
move-card rule option, every value of each setting meeting every value of every other (the 128
combinations are the soak's). In each, every invariant holds after every step, every offered
option is accepted (and keeps the invariants) on a sample of steps, no game runs away, and the
game replays from its log to the same state."""

from __future__ import annotations

import pytest

from bot.cli.playout import GameReport, check_game, config_for, game_seed
from tests.series import assert_clean

GAMES = 128  # config_for cycles through 128 combinations (soak plays each many times)
SEED = 0


def _pairwise() -> tuple[int, ...]:
    """64 of the 128: game k is players k % 4, layout k // 4 % 4, variants k // 16 % 4 and the rule
    k // 64; for each rule value and each (players, layout) two variant pairings two apart, shifted
    by the rule, so that every value of each setting meets every value of every other."""
    return tuple(
        sorted(
            p + 4 * layout + 16 * ((p + layout + walk + shift) % 4) + 64 * walk
            for walk in (0, 1)
            for p in range(4)
            for layout in range(4)
            for shift in (0, 2)
        )
    )


INDICES = _pairwise()
CHUNKS = 8  # separate test items, so that xdist spreads them over its workers


def _play(indices: tuple[int, ...]) -> list[GameReport]:
    return [
        check_game(config_for(i, SEED), game_seed(i, SEED), every=1, option_sample=0.05, turn_cap=5000)
        for i in indices
    ]


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_the_invariants_and_replay(chunk: int) -> None:
    """8 games of the series (every player count, each layout) finish cleanly."""
    reports = _play(INDICES[chunk::CHUNKS])
    assert_clean(reports)


def test_the_series_covers_every_combination() -> None:
    """The games above reach every player count, layout, variant pairing and rule value, and
    every value of each of these settings together with every value of every other."""
    configs = [config_for(i, SEED) for i in INDICES]
    assert len(set(INDICES)) == 64 and all(0 <= i < GAMES for i in INDICES)
    assert {c.players for c in configs} == {2, 3, 4, 5}
    assert {c.layout for c in configs} == {"short", "long", "in_order", "random"}
    assert {(c.neutral_assistants, c.caravan_leader) for c in configs if c.players <= 4} == {
        (False, False), (True, False), (False, True), (True, True)
    }
    assert not any(c.neutral_assistants for c in configs if c.players == 5)
    assert {c.rules.move_card_semantics for c in configs} == {"distance", "walk"}
    settings = {
        "players": lambda c: c.players,
        "layout": lambda c: c.layout,
        "caravan": lambda c: c.caravan_leader,
        "rule": lambda c: c.rules.move_card_semantics,
    }
    for a, first in settings.items():
        for b, second in settings.items():
            if a < b:
                every = {(x, y) for x in {first(c) for c in configs} for y in {second(c) for c in configs}}
                assert {(first(c), second(c)) for c in configs} == every, (a, b)
    small = [c for c in configs if c.players <= 4]
    for name, value in settings.items():
        assert {(value(c), c.neutral_assistants) for c in small} == {
            (v, n) for v in {value(c) for c in small} for n in (False, True)
        }, name


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
