"""The engine race: both sides play the same seeded games in child processes."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli.race import HERE, RaceError, race


def test_a_race_against_the_same_tree_plays_the_same_games() -> None:
    out = race(HERE, players=(2,), games=1, runs=1)
    entry = out["players"]["2"]
    assert entry["turns"] > 0
    assert entry["against"]["turns_per_second"] > 0 and entry["full_path"]["apply_pending_us"] > 0
    assert entry["full_speed_ratio"] > 0 and entry["apply_pending_ratio"] > 0


def test_a_tree_without_an_engine_is_refused(tmp_path: Path) -> None:
    with pytest.raises(RaceError, match="no bot/engine"):
        race(tmp_path, players=(2,), games=1, runs=1)
