"""``python -m bot play``: :hint at the decider's question, the same twice and never in the log,
refused with --no-hints; --ai takes the levels' players (easy, normal) and refuses others."""

from __future__ import annotations

from pathlib import Path

from tests.cli.test_play_game import log, play


def test_hint_answers_the_decider_the_same_twice_and_writes_nothing_to_the_log(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    done = play(db, "--players", "2", "--seed", "4", "--ai", "easy", "--no-images", lines=":hint\n:hint\n:q\n")
    assert done.returncode == 0, done.stderr
    hints = [line for line in done.stdout.splitlines() if line.startswith("The computer would choose: ")]
    assert len(hints) == 2 and hints[0] == hints[1] and " — " in hints[0]
    assert [kind for kind, _, _ in log(db)] == []  # nothing chosen, nothing logged
    resumed = play(db, "--resume", "--no-images", lines="1\n:hint\n:q\n")
    assert resumed.returncode == 0, resumed.stderr
    assert any(line.startswith("The computer would choose: ") for line in resumed.stdout.splitlines())
    assert [kind for kind, _, _ in log(db)].count("input") >= 1


def test_no_hints_refuses_hint(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    done = play(db, "--players", "2", "--seed", "4", "--no-hints", "--no-images", lines=":hint\n:q\n")
    assert done.returncode == 0, done.stderr
    assert "Hints are off at this table." in done.stdout.splitlines()
    assert "The computer would choose" not in done.stdout


def test_ai_takes_the_levels_players_and_refuses_others(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    normal = play(db, "--players", "2", "--seed", "4", "--ai", "normal", "--no-images", lines=":q\n")
    assert normal.returncode == 0, normal.stderr
    bad = play(db, "--players", "2", "--ai", "grandmaster", lines=":q\n")
    assert bad.returncode == 2 and "invalid choice: 'grandmaster'" in bad.stderr


def test_standings_name_the_computer_player_and_whether_hints_are_on(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    off = play(db, "--players", "2", "--seed", "4", "--ai", "easy", "--no-hints", "--no-images", lines=":s\n:q\n")
    assert off.returncode == 0, off.stderr
    assert "Computer players: easy · hints off" in off.stdout.splitlines()
    on = play(db, "--players", "2", "--seed", "4", "--no-images", lines=":s\n:q\n")
    assert on.returncode == 0, on.stderr
    assert "Computer players: greedy · hints on" in on.stdout.splitlines()
