"""The local tools: `python -m bot simulate | soak | bench`."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import bot_command
from tests.cli.commands import run_main as _run

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
COLOUR_NAMES = ("Red", "Blue", "Green", "Yellow", "White")


def _standings(out: str) -> list[str]:
    row = r"^  \d\. (\w+): \d+ rub(?:y|ies), -?\d+ Lira, \d+ goods?, \d+ bonus cards?$"
    return re.findall(row, out, re.M)


def test_simulate_tells_the_game_and_ends_with_the_standings() -> None:
    """A seeded 3-player game prints its public lines with colour names, then everyone's standing."""
    result = subprocess.run(
        [sys.executable, "-m", "bot", "simulate", "--players", "3", "--seed", "1"],
        cwd=REPO_ROOT, capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) > 100
    assert "{seat:" not in result.stdout and "None" not in result.stdout
    assert any(line.startswith("Red moved from Fountain to ") for line in lines)
    assert "Final standings" in result.stdout
    assert sorted(_standings(result.stdout)) == ["Blue", "Green", "Red"]


def test_simulate_is_deterministic_and_honours_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    """The same seed and options give the same game; --quiet keeps only the standings."""
    argv = ("simulate", "--players", "5", "--seed", "4", "--layout", "random", "--variant", "caravan_leader",
            "--rule", "move_card_semantics=walk")
    first = _run(capsys, *argv)
    assert first[0] == 0 and first == _run(capsys, *argv)
    assert "5 players, random, caravan_leader, move_card_semantics=walk, seed 4" in first[1]
    code, out, _ = _run(capsys, *argv, "--quiet")
    assert code == 0
    assert out.splitlines()[0].startswith("Final standings")
    assert sorted(_standings(out)) == sorted(COLOUR_NAMES)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--variant", "nope"), "unknown variant 'nope'"),
        (("--rule", "nope=1"), "unknown rule 'nope'"),
        (("--rule", "move_card_semantics=fly"), "move_card_semantics"),
        (("--rule", "companion_usable_on_placement_turn=maybe"), "companion_usable_on_placement_turn"),
        (("--rule", "move_card_semantics"), "NAME=VALUE"),
        (("--players", "6"), "players"),
        (("--players", "5", "--variant", "neutral_assistants"), "2-4 players"),
        (("--layout", "zigzag"), "layout"),
        (("--players", "three"), "--players"),
    ],
)
def test_simulate_rejects_bad_settings_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    """A bad variant, rule or value exits 2 with one clear line on stderr and no game."""
    code, out, err = _run(capsys, "simulate", *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


def test_soak_plays_checked_games_and_summarises(capsys: pytest.CaptureFixture[str]) -> None:
    """Three checked games: exit 0 and a summary with the game count, failures and turn figures."""
    code, out, _ = _run(capsys, "soak", "--games", "3", "--seed", "11", "--option-sample", "0.1")
    assert code == 0, out
    assert "games: 3 (seeds 11..13)" in out
    assert "failures: 0" in out
    assert re.search(r"turns per game: min \d+, median [\d.]+, max \d+", out)
    assert re.search(r"elapsed: [\d.]+ s", out)


def test_soak_names_each_failed_game_with_its_seed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A broken invariant fails the soak (exit 1) and the summary names the game's seed and
    configuration with the command that replays it."""
    import bot.cli.playout as playout

    monkeypatch.setattr(playout, "violations", lambda g: ["boom"] if g.turns > 2 and g.settings.players == 3 else [])
    code, out, _ = _run(capsys, "soak", "--games", "2", "--seed", "4", "--option-sample", "0")
    assert code == 1
    assert "failures: 1" in out
    assert "  seed 5 (3 players, long), turn 2" in out and "boom" in out
    assert f"    reproduce: {bot_command('soak', '--games', '1', '--seed', '5')}" in out


def test_bench_prints_one_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    """Two games per player count give a JSON object with the speed figures and the machine."""
    code, out, _ = _run(capsys, "bench", "--games", "2", "--no-store", "--no-render", "--no-ai")  # those: own tests
    assert code == 0
    data = json.loads(out)
    for key in ("turns_per_second", "ms_per_game", "decisions_per_second", "apply_p50_us"):
        assert data[key] > 0
        assert data["players"]["2"][key] > 0 and data["players"]["5"][key] > 0
    shares = data["apply_time_by_step_kind"]
    assert "move" in shares and abs(sum(s["share"] for s in shares.values()) - 1) < 0.01
    assert {"platform", "python", "processor", "cpu_count"} <= set(data["machine"])


@pytest.mark.parametrize(
    ("tool", "argv"),
    [
        ("soak", ("--games", "0")), ("bench", ("--games", "x")), ("soak", ("--bogus",)),
        ("soak", ("--turn-cap", "0")), ("soak", ("--every", "0")), ("soak", ("--option-sample", "2")),
    ],
)
def test_soak_and_bench_reject_bad_arguments(
    capsys: pytest.CaptureFixture[str], tool: str, argv: tuple[str, ...]
) -> None:
    """Bad arguments exit 2 with one line on stderr."""
    code, out, err = _run(capsys, tool, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith(f"{tool}: ")
