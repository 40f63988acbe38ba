"""The engine race: both sides play the same seeded games in child processes."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cli.race import HERE, RaceError, Side, greedy_positions, play_runs, playout_figures, race
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


def _broken_tree(tmp_path: Path) -> Path:
    """A tree whose engine cannot even be imported: its workers answer with the reason."""
    engine = tmp_path / "bot" / "engine"
    engine.mkdir(parents=True)
    (tmp_path / "bot" / "__init__.py").write_text("")
    (engine / "__init__.py").write_text("raise ImportError('this engine is only a test')\n")
    return tmp_path


def test_a_tree_that_cannot_play_the_base_game_stops_the_race(tmp_path: Path) -> None:
    with pytest.raises(RaceError, match="this engine is only a test"):
        race(_broken_tree(tmp_path), players=(2,), games=1, runs=1)


def test_a_module_the_other_tree_cannot_play_is_raced_by_this_tree_alone(tmp_path: Path) -> None:
    """Real workers: the other tree's reason in one line, this tree's figures for the game."""
    entry = race(_broken_tree(tmp_path), players=(2,), games=1, runs=1, modules="mocha")["players"]["2"]
    assert "this engine is only a test" in entry["against"]["error"]
    assert entry["turns"] > 0 and entry["full_path"]["turns_per_second"] > 0 and entry["playout_turns_per_second"] > 0


def test_a_worker_that_fails_during_a_game_stops_the_race_with_its_last_words(tmp_path: Path) -> None:
    engine = tmp_path / "bot" / "engine"
    engine.mkdir(parents=True)
    (tmp_path / "bot" / "__init__.py").write_text("")
    (engine / "__init__.py").write_text(
        "class GameSettings:\n    def __init__(self, **kw): pass\n"
        "def new_game(*a): raise RuntimeError('no game today')\n"
        "apply = pending = new_game\n"
    )
    with pytest.raises(RaceError, match="no game today"):
        race(tmp_path, players=(2,), games=1, runs=1)


class _Recorder:
    """A side that notes when it played which game (one shared log for every side)."""

    def __init__(self, name: str, log: list[tuple[str, int]]) -> None:
        self.name, self.log = name, log

    def play(self, seed: int) -> tuple[int, int, int, int]:
        self.log.append((self.name, seed))
        return seed, 2 * seed, 1000, 10**9


def test_every_game_is_played_by_each_side_before_the_next_game() -> None:
    """A first game on each side is not counted; then game by game, the sides in turn forwards and
    backwards, so no side always plays first; each run is one pass over the games."""
    log: list[tuple[str, int]] = []
    sides = [_Recorder("a", log), _Recorder("b", log), _Recorder("c", log)]
    figures = play_runs(sides, games=3, seed=5, runs=2)  # type: ignore[arg-type]
    one_pass = [("a", 5), ("b", 5), ("c", 5), ("c", 6), ("b", 6), ("a", 6), ("a", 7), ("b", 7), ("c", 7)]
    assert log == [("a", 5), ("b", 5), ("c", 5)] + one_pass + one_pass
    for runs in figures:
        assert runs == [{"turns": 18, "decisions": 36, "cpu_s": 3.0, "click_ns": 3000}] * 2


def test_a_worker_serves_one_game_per_seed_and_stops_with_its_input() -> None:
    side = Side(HERE, 2, path="playout")
    assert side.error is None
    turns, decisions, click_ns, play_ns = side.play(3)
    assert turns > 0 and decisions >= turns and click_ns == 0 and play_ns > 0
    assert side.play(3)[:2] == (turns, decisions)  # the same seed, the same game
    side.close()


def test_playout_figures_from_greedy_positions() -> None:
    """Playouts start from positions of a greedy game and are counted to the end of the game."""
    out = playout_figures(players=(2,), positions=2, playouts=2)
    entry = out["players"]["2"]
    assert entry["positions"] == 2
    assert entry["turns"] > 0 and entry["turns_per_second"] > 0 and entry["copy_us"] > 0
    found = greedy_positions(2, 1, 2)
    assert len(found) == 2 and found[0].decision_id < found[1].decision_id
    assert all(pending(g) is not None for g in found)
