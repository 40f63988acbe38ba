"""`bench --against PATH`: the engine race in bench's output, and a PATH that holds no engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import bot.cli.bench as bench_module
import bot.cli.race as race_module
from bot.__main__ import main
from bot.cli.race import HERE, race
from tests.cli.commands import run_main as _run

QUICK = ("bench", "--games", "1", "--no-store", "--no-render", "--no-ai")


def test_the_race_section_against_a_tree(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Against this very tree (small games, one run), the base game for real (every playable game
    gets its entry: the test below): at 2 and at 5 players, both paths' rates, apply+pending, the
    ratios, and the greedy playouts with the cost of a copy."""
    base_only = tuple(g for g in bench_module.games(playable_only=True) if not g.expansions)
    monkeypatch.setattr(bench_module, "games", lambda playable_only=False: base_only)
    code, out, err = _run(capsys, *QUICK, "--against", str(HERE), "--race-games", "1", "--race-runs", "1")
    assert code == 0, err
    section = json.loads(out)["race"]
    assert section["against"] == str(HERE) and section["runs"] == 1 and section["games_per_run"] == 1
    game = section["games"]["Base game"]
    assert game["modules"] == []
    for n in ("2", "5"):
        entry = game["race"][n]
        assert entry["turns"] > 0
        assert entry["against"]["turns_per_second"] > 0 and entry["against"]["apply_pending_us"] > 0
        assert entry["full_path"]["turns_per_second"] > 0 and entry["full_path"]["apply_pending_us"] > 0
        assert entry["playout_turns_per_second"] > 0
        for ratio in ("full_speed_ratio", "apply_pending_ratio", "playout_speed_ratio"):
            assert entry[ratio] > 0
        greedy = game["greedy_playouts"][n]
        assert greedy["positions"] > 0 and greedy["turns_per_second"] > 0 and greedy["copy_us"] > 0


def test_every_playable_game_is_raced(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Without --modules the race covers every game players may choose, each under its title with
    its modules (the sides' figures stand in here: the test above runs them for real)."""
    monkeypatch.setattr(race_module, "Side", _FakeSide)
    monkeypatch.setattr(
        race_module, "playout_figures",
        lambda players, **kw: {"players": {str(n): {"positions": 1, "turns_per_second": 1.0, "copy_us": 1.0} for n in players}},
    )
    code, out, err = _run(capsys, *QUICK, "--against", str(HERE), "--race-games", "1", "--race-runs", "1")
    assert code == 0, err
    raced = json.loads(out)["race"]["games"]
    playable = bench_module.games(playable_only=True)
    assert len(playable) >= 3  # the base game and each expansion at least
    assert list(raced) == [g.title for g in playable]
    for g in playable:
        assert raced[g.title]["modules"] == list(g.expansions)
        assert set(raced[g.title]["race"]) == {"2", "5"}


def test_without_against_there_is_no_race(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, *QUICK)
    assert code == 0 and "race" not in json.loads(out)


@pytest.mark.parametrize("where", ["missing", "empty", "file"])
def test_a_path_without_an_engine_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str
) -> None:
    """One line on stderr naming the path, exit 2, nothing printed or measured."""
    path = tmp_path / "nowhere"
    if where == "empty":
        path.mkdir()
    elif where == "file":
        path.write_text("not a tree")
    code, out, err = _run(capsys, "bench", "--against", str(path))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("bench: --against: ") and str(path) in err and "no bot/engine" in err


@pytest.mark.parametrize("argv", [("--race-games", "0"), ("--race-runs", "0"), ("--race-runs", "x")])
def test_bad_race_counts_are_usage_errors(capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]) -> None:
    code, out, err = _run(capsys, "bench", "--against", str(HERE), *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_help_names_the_race_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["bench", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    for option in ("--against PATH", "--race-games N", "--race-runs N"):
        assert option in out


class _FakeSide:
    """Stands in for a worker process: every game 100 turns, 300 decisions, 0.5 CPU s; a tree other
    than this one cannot play modules (`refuses`)."""

    def __init__(self, tree: Path, players: int, *, path: str = "full", modules: str = "") -> None:
        self.name = f"{tree} ({path} path)"
        self.error = "ValueError: the expansions are not built yet" if modules and tree != HERE else None
        self.closed = False

    def play(self, seed: int) -> tuple[int, int, int, int]:
        assert self.error is None and not self.closed
        return 100, 300, 900_000, 500_000_000

    def close(self) -> None:
        self.closed = True


def test_a_module_the_other_tree_cannot_play_keeps_this_trees_figures(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The baseline has no modules: a module's race reports this tree's figures and the other
    side's reason instead of failing; the base game on the other hand must race."""
    monkeypatch.setattr(race_module, "Side", _FakeSide)
    (tmp_path / "bot" / "engine").mkdir(parents=True)
    out = race(tmp_path, players=(2,), games=1, runs=1, modules="mocha")
    entry = out["players"]["2"]
    assert entry["against"] == {"error": f"{tmp_path} (full path): ValueError: the expansions are not built yet"}
    assert entry["full_path"]["turns_per_second"] == 200.0 and entry["playout_turns_per_second"] == 200.0
    assert entry["playout_over_full_path"] == 1.0  # what a module is judged by: this tree's own paths
    assert "full_speed_ratio" not in entry


def test_the_readme_gives_the_command() -> None:
    readme = (HERE / "README.md").read_text(encoding="utf-8")
    assert "python -m bot bench --against PATH [--race-games N] [--race-runs N]" in readme
