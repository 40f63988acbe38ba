"""Computer seats of the local tools (item 14): `simulate --db` plays them with the greedy player
unless `--ai random`; `play --humans 0` and `simulate --db --humans 0` are games someone chose to
watch, told turn by turn with a pause between turns on a terminal (none with --fast)."""

from __future__ import annotations

import io
import random
import re
import sqlite3
import sys
from pathlib import Path

import pytest

from bot import ai, engine
from bot.__main__ import main
from bot.cli import local, play_loop, simulate_db
from tests.cli.commands import run_main as _run

Calls = dict[str, int]


@pytest.fixture
def policies(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """Count the decisions each named computer player makes (the players themselves still decide)."""
    calls: Calls = {}
    for name, policy in list(ai.POLICIES.items()):

        def counted(view: engine.View, d: engine.Decision, rng: random.Random, name: str = name, policy: ai.Policy = policy) -> str:
            calls[name] = calls.get(name, 0) + 1
            return policy(view, d, rng)

        monkeypatch.setitem(ai.POLICIES, name, counted)
    return calls


def _seats(db: Path) -> list[tuple[str, str | None]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT kind, user_id FROM seats WHERE game_id = 1 ORDER BY seat").fetchall()


def _status(db: Path) -> str:
    with sqlite3.connect(db) as conn:
        return str(conn.execute("SELECT status FROM games WHERE id = 1").fetchone()[0])


def test_simulate_db_computer_seats_are_greedy_unless_random_is_asked(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, policies: Calls
) -> None:
    code, _, err = _run(capsys, "simulate", "--db", str(tmp_path / "a.db"), "--players", "2", "--seed", "3", "--steps", "12")
    assert code == 0, err
    assert policies.get("greedy", 0) > 0 and "random" not in policies
    policies.clear()
    code, _, err = _run(
        capsys, "simulate", "--db", str(tmp_path / "b.db"), "--players", "2", "--seed", "3", "--steps", "12", "--ai", "random"
    )
    assert code == 0, err
    assert policies.get("random", 0) > 0 and "greedy" not in policies


@pytest.mark.parametrize("option", [("--ai", "random"), ("--fast",), ("--steps", "3")])
def test_simulate_options_of_the_database_game_need_db(capsys: pytest.CaptureFixture[str], option: tuple[str, ...]) -> None:
    code, out, err = _run(capsys, "simulate", "--players", "2", *option)
    assert code == 2 and out == "" and f"{option[0]} needs --db" in err and len(err.strip().splitlines()) == 1


def test_play_with_no_people_is_a_game_to_watch_to_the_end(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`play --humans 0`: computers in every seat, told turn by turn without a question, to the end."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # nothing to read: nobody is asked anything
    db = tmp_path / "w.db"
    code, out, err = _run(capsys, "play", "--db", str(db), "--humans", "0", "--players", "3", "--seed", "5", "--ai", "random", "--no-images")
    assert code == 0, err
    assert err == ""
    assert len(re.findall(r"^  \d\. Computer \w+ \(\w+\), computer$", out, re.M)) == 3
    assert "watch" in out and "choose" not in out and "at this keyboard" not in out
    assert re.search(r"^Round 2: Computer \w+'s turn\.$", out, re.M)  # the turns are told as they are played
    assert "Final standings" in out and "The game's seed was 5." in out
    assert [kind for kind, _ in _seats(db)] == ["ai"] * 3 and _status(db) == "finished"


def test_simulate_db_with_no_people_is_a_game_of_computers(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "w.db"
    code, out, err = _run(
        capsys, "simulate", "--db", str(db), "--humans", "0", "--players", "2", "--seed", "2", "--ai", "random", "--steps", "6"
    )
    assert code == 0, err
    assert out.startswith("Istanbul game #1, 2 players, short, seed 2: Computer Ada (") and "Player1" not in out
    assert "Computer Bruno moved from" in out and out.splitlines()[-1].startswith("Stopped after 6 steps")
    assert _seats(db) == [("ai", None), ("ai", None)] and _status(db) == "active"


class Stop(KeyboardInterrupt):
    """Ctrl-C, pressed by the test at the third pause."""


def test_a_watched_game_pauses_between_turns_on_a_terminal_unless_fast(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pauses: list[float] = []

    async def sleep(seconds: float) -> None:
        pauses.append(seconds)
        if len(pauses) == 3:
            raise Stop

    monkeypatch.setattr(play_loop, "sleep", sleep)
    monkeypatch.setattr(simulate_db, "sleep", sleep)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert local.watch_pause(fast=False) == local.WATCH_PAUSE_SECONDS > 0
    assert local.watch_pause(fast=True) == 0
    args = ("--humans", "0", "--players", "2", "--seed", "4", "--ai", "random")
    assert main(["play", "--db", str(tmp_path / "p.db"), *args, "--no-images"]) == 130  # Ctrl-C in a pause
    out = capsys.readouterr().out
    assert pauses == [local.WATCH_PAUSE_SECONDS] * 3 and len(re.findall(r"^Round \d+: ", out, re.M)) == 3
    assert "Stopped. Game #1 is saved. Continue it with: " in out and "play --resume 1 --db" in out
    pauses.clear()
    assert main(["simulate", "--db", str(tmp_path / "s.db"), *args, "--steps", "2"]) == 0
    assert pauses == [local.WATCH_PAUSE_SECONDS] * 2  # one after each computer turn
    pauses.clear()
    assert main(["play", "--db", str(tmp_path / "p.db"), "--resume", "--ai", "random", "--no-images", "--fast"]) == 0
    assert main(["simulate", "--db", str(tmp_path / "s.db"), "--resume", "--fast", "--steps", "4"]) == 0
    assert main(["simulate", "--db", str(tmp_path / "s.db"), "--resume", "--quiet", "--steps", "4"]) == 0
    assert pauses == []
    assert _status(tmp_path / "p.db") == "finished"
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False)  # output to a file or a pipe: no pause
    assert local.watch_pause(fast=False) == 0
    capsys.readouterr()
