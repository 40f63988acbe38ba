"""The engine race: both sides play the same seeded games in child processes."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli.race import HERE, RaceError, greedy_positions, playout_figures, race
from bot.engine import pending


def test_a_race_against_the_same_tree_plays_the_same_games() -> None:
    out = race(HERE, players=(2,), games=1, runs=1)
    entry = out["players"]["2"]
    assert entry["turns"] > 0
    assert entry["against"]["turns_per_second"] > 0 and entry["full_path"]["apply_pending_us"] > 0
    assert entry["full_speed_ratio"] > 0 and entry["apply_pending_ratio"] > 0


def test_the_race_pairs_each_run_with_the_other_trees_run_beside_it() -> None:
    """Every run's figures are kept, and the ratio run by run: each of this tree's runs divided by
    the other tree's run just before it, the median of those the paired ratio."""
    entry = race(HERE, players=(2,), games=1, runs=3)["players"]["2"]
    paired = entry["paired"]
    theirs, ours = paired["against_apply_pending_us"], paired["full_path_apply_pending_us"]
    assert len(theirs) == len(ours) == len(paired["apply_pending_ratios"]) == 3
    assert all(abs(r - o / t) < 0.01 for r, t, o in zip(paired["apply_pending_ratios"], theirs, ours, strict=True))
    assert paired["apply_pending_ratio"] == sorted(paired["apply_pending_ratios"])[1]
    assert len(paired["playout_speed_ratios"]) == 3 and paired["playout_speed_ratio"] > 0


def test_a_tree_without_an_engine_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RaceError, match="no bot/engine"):
        race(tmp_path, players=(2,), games=1, runs=1)


def test_playout_figures_from_greedy_positions() -> None:
    """Playouts start from positions of a greedy game and are counted to the end of the game."""
    out = playout_figures(players=(2,), positions=2, playouts=2)
    entry = out["players"]["2"]
    assert entry["positions"] == 2
    assert entry["turns"] > 0 and entry["turns_per_second"] > 0 and entry["copy_us"] > 0
    found = greedy_positions(2, 1, 2)
    assert len(found) == 2 and found[0].decision_id < found[1].decision_id
    assert all(pending(g) is not None for g in found)
