"""The commands that use the database: `migrate`, `backup` and `simulate --db [--resume]`, and the
one-line messages for a database path or a setting that cannot be used."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.store.db import migration_files
from tests.cli.commands import one_line as _one_line
from tests.cli.commands import run_main as _run

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
LATEST = len(migration_files())


@pytest.fixture
def no_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No settings from the environment and a working directory without a .env."""
    for name in ("DB_PATH", "DISCORD_TOKEN", "DEV_GUILD_ID", "TURN_GRACE_SECONDS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_migrate_creates_the_database_and_its_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A new file in a new folder gets every migration; a second run has nothing to do."""
    path = tmp_path / "deep" / "er" / "x.db"
    code, out, _ = _run(capsys, "migrate", "--db", str(path))
    assert code == 0 and out.strip() == f"{path}: applied {', '.join(f'{n:04d}' for n in range(1, LATEST + 1))}; schema version {LATEST}"
    code, out, _ = _run(capsys, "migrate", "--db", str(path))
    assert code == 0 and out.strip() == f"{path}: up to date, schema version {LATEST}"


def test_migrate_uses_db_path_and_its_default(capsys: pytest.CaptureFixture[str], no_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = _run(capsys, "migrate")
    assert code == 0 and (no_env / "data" / "istanbul.db").is_file() and "data/istanbul.db" in out
    monkeypatch.setenv("DB_PATH", str(no_env / "other.db"))
    code, _, _ = _run(capsys, "migrate")
    assert code == 0 and (no_env / "other.db").is_file()
    (no_env / ".env").write_text(f"DB_PATH={no_env / 'from_env_file.db'}\n")
    monkeypatch.delenv("DB_PATH")
    code, _, _ = _run(capsys, "migrate")
    assert code == 0 and (no_env / "from_env_file.db").is_file()


UNUSABLE = [
    ("folder", "is not a file"),
    ("file/x.db", "is a file, not a folder"),
    ("garbage.db", "file is not a database"),
    ("newer.db", "written by a newer version of the bot"),
    ("foreign.db", "an SQLite database of another program"),
    ("/proc/no-such-process/x.db", "Cannot create the folder"),
    ("/proc/x.db", "unable to open database file"),
]


def _unusable_files(tmp_path: Path) -> None:
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("x")
    (tmp_path / "garbage.db").write_text("not sqlite at all" * 100)
    with sqlite3.connect(tmp_path / "newer.db") as conn:
        conn.execute(f"PRAGMA user_version = {LATEST + 1}")
    with sqlite3.connect(tmp_path / "foreign.db") as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")


@pytest.mark.parametrize(("where", "message"), UNUSABLE)
@pytest.mark.parametrize("command", ["migrate", "simulate"])
def test_an_unusable_database_path_is_one_clear_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, where: str, message: str, command: str
) -> None:
    """A folder, a path below a file, a file that is not SQLite, a newer bot's or another program's
    database, a place that cannot be written: exit 2, one line naming the path and DB_PATH."""
    _unusable_files(tmp_path)
    extra = ("--steps", "1") if command == "simulate" else ()
    code, out, err = _run(capsys, command, "--db", str(tmp_path / where), *extra)
    assert code == 2 and out == ""
    line = _one_line(err)
    assert line.startswith(f"{command}: ") and message in line and "DB_PATH" in line


@pytest.mark.parametrize(("where", "message"), UNUSABLE)
def test_run_checks_the_database_before_connecting(
    capsys: pytest.CaptureFixture[str], no_env: Path, monkeypatch: pytest.MonkeyPatch, where: str, message: str
) -> None:
    """With a token set, `run` opens the configured database first: an unusable one is one line
    and exit 2, and the bot never starts."""
    import bot.discord_ui

    def no_start(settings: object) -> int:
        raise AssertionError("the bot started with an unusable database")

    monkeypatch.setattr(bot.discord_ui, "run_bot", no_start)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setenv("DB_PATH", str(no_env / where))
    _unusable_files(no_env)
    code, out, err = _run(capsys, "run")
    line = _one_line(err)
    assert code == 2 and out == "" and line.startswith("run: ") and message in line and "DB_PATH" in line


def test_a_read_only_database_is_one_clear_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A database file that cannot be written is refused at once by every command that writes."""
    from tests.store.test_operator import read_only

    db = tmp_path / "x.db"
    assert _run(capsys, "migrate", "--db", str(db))[0] == 0
    with read_only(db):
        for command, extra in (("migrate", ()), ("simulate", ("--steps", "1"))):
            code, out, err = _run(capsys, command, "--db", str(db), *extra)
            line = _one_line(err)
            assert code == 2 and out == "" and "read-only" in line and "DB_PATH" in line
        assert _run(capsys, "backup", str(tmp_path / "copy.db"), "--db", str(db))[0] == 0  # reading is fine


def test_a_bad_setting_is_one_clear_line(capsys: pytest.CaptureFixture[str], no_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DEV_GUILD_ID", "my-server")
    for command in ("migrate", "run"):
        code, _, err = _run(capsys, command)
        assert code == 2 and "DEV_GUILD_ID" in _one_line(err)
    monkeypatch.setenv("DEV_GUILD_ID", "")  # empty means unset
    monkeypatch.setenv("TURN_GRACE_SECONDS", "-5")
    code, _, err = _run(capsys, "migrate")
    assert code == 2 and "TURN_GRACE_SECONDS" in _one_line(err)


def test_settings_have_their_documented_defaults(no_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.settings import load_settings

    s = load_settings()
    assert (s.db_path, s.discord_token, s.dev_guild_id, s.turn_grace_seconds) == (Path("data/istanbul.db"), None, None, 60.0)
    monkeypatch.setenv("DEV_GUILD_ID", "1234")
    monkeypatch.setenv("TURN_GRACE_SECONDS", "5")
    s = load_settings()
    assert (s.dev_guild_id, s.turn_grace_seconds) == (1234, 5.0)
    example = (REPO_ROOT / ".env.example").read_text()
    for name in ("DISCORD_TOKEN", "DB_PATH", "DEV_GUILD_ID", "TURN_GRACE_SECONDS"):
        assert f"\n{name}=" in example


def _game_rows(path: Path) -> list[tuple[int, str]]:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT id, creator FROM games ORDER BY id").fetchall()


def test_backup_copies_while_another_connection_is_writing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """With a write transaction open on the database, the backup still completes at once; the copy
    opens and holds the committed rows, not the uncommitted one."""
    db = tmp_path / "live.db"
    assert _run(capsys, "migrate", "--db", str(db))[0] == 0
    insert = "INSERT INTO games (origin, creator, status, options, created_at, updated_at) VALUES ('local', ?, 'lobby', '{}', 0, 0)"
    writer = sqlite3.connect(db, isolation_level=None)
    try:
        writer.execute(insert, ("committed",))
        writer.execute("BEGIN IMMEDIATE")
        writer.execute(insert, ("in progress",))
        started = time.monotonic()
        code, out, err = _run(capsys, "backup", str(tmp_path / "copies" / "copy.db"), "--db", str(db))
        assert code == 0, err
        assert time.monotonic() - started < 2  # it did not wait for the writer (busy_timeout is 5 s)
        writer.execute("COMMIT")
    finally:
        writer.close()
    copy = tmp_path / "copies" / "copy.db"
    size = copy.stat().st_size
    assert out.strip() == f"Backed up {db} to {copy}: {size:,} bytes"
    assert [name for _, name in _game_rows(copy)] == ["committed"]
    assert [name for _, name in _game_rows(db)] == ["committed", "in progress"]
    assert _run(capsys, "migrate", "--db", str(copy))[1].strip().endswith(f"up to date, schema version {LATEST}")
    assert sorted(p.name for p in copy.parent.iterdir()) == ["copy.db"]  # no -wal, no leftovers


def test_backup_keeps_an_existing_file_unless_forced(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """An existing file at PATH (an older copy, or something else entirely) is not overwritten by
    mistake: exit 2 and one line saying so; with --force the finished copy replaces it."""
    db, copy = tmp_path / "live.db", tmp_path / "copy.db"
    copy.write_text("an old backup")
    assert _run(capsys, "migrate", "--db", str(db))[0] == 0
    code, out, err = _run(capsys, "backup", str(copy), "--db", str(db))
    assert code == 2 and out == "" and "exists already" in _one_line(err) and "--force" in err
    assert copy.read_text() == "an old backup"
    assert _run(capsys, "backup", str(copy), "--db", str(db), "--force")[0] == 0
    assert _game_rows(copy) == []
    assert not list(tmp_path.glob("*partial*"))


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("folder", "is not a file. Give the backup a file path"),
        ("file/copy.db", "is a file, not a folder. Give the backup another place"),
        ("/proc/no-such-process/copy.db", "Cannot create the folder"),
        ("/proc/copy.db", "failed"),
    ],
)
def test_backup_to_an_unusable_place_is_one_clear_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, target: str, message: str
) -> None:
    """A target that is a folder, lies below a file, or cannot be created: exit 2, one line, no
    leftovers; the advice is about the backup's path, not about DB_PATH."""
    db = tmp_path / "live.db"
    assert _run(capsys, "migrate", "--db", str(db))[0] == 0
    (tmp_path / "folder").mkdir()
    (tmp_path / "file").write_text("x")
    code, out, err = _run(capsys, "backup", str(tmp_path / target), "--db", str(db))
    line = _one_line(err)
    assert code == 2 and out == "" and message in line and "DB_PATH" not in line
    assert not [p for p in tmp_path.rglob("*partial*")]


@pytest.mark.parametrize(("source", "message"), [("missing.db", "There is no database"), ("live.db", "different file")])
def test_backup_refuses_a_missing_source_or_itself(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, source: str, message: str
) -> None:
    assert _run(capsys, "migrate", "--db", str(tmp_path / "live.db"))[0] == 0
    code, out, err = _run(capsys, "backup", str(tmp_path / "live.db"), "--db", str(tmp_path / source))
    assert code == 2 and out == "" and message in _one_line(err)
    assert not (tmp_path / "missing.db").exists()


def _simulate(capsys: pytest.CaptureFixture[str], db: Path, *argv: str) -> list[str]:
    code, out, err = _run(capsys, "simulate", "--db", str(db), *argv)
    assert code == 0, err
    return out.splitlines()


def test_simulate_db_stops_and_resumes_as_if_never_stopped(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A game stopped after 40 steps and resumed for 40 more tells the same story as 80 steps in one
    go: the choices depend only on the seed and the position."""
    options = ("--players", "3", "--humans", "2", "--seed", "5")
    first = _simulate(capsys, tmp_path / "a.db", *options, "--steps", "40")
    assert first[0].startswith("Istanbul game #1, 3 players, short, seed 5: Player1 (")
    assert "Computer Ada" in first[0] and "Player2" in first[0]
    assert first[-1].startswith("Stopped after 40 steps at event ")
    at = int(first[-1].split("event ")[1].split(";")[0])
    second = _simulate(capsys, tmp_path / "a.db", "--resume", "--steps", "40")
    assert second[0] == f"Resuming game #1 in {tmp_path / 'a.db'} after {at} events."
    straight = _simulate(capsys, tmp_path / "b.db", *options, "--steps", "80")
    assert first[1:-1] + second[2:-1] == straight[1:-1]
    assert any(line.startswith("Computer Ada moved") for line in straight)
    assert _game_rows(tmp_path / "a.db") == [(1, "local:Player1")]


def test_simulate_db_plays_a_game_to_the_end(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Through the service to the final standings; resuming afterwards starts a new game."""
    lines = _simulate(capsys, tmp_path / "a.db", "--players", "2", "--humans", "1", "--seed", "4", "--quiet")
    assert lines[0].startswith("Final standings of game #1 after ")
    assert sorted(line.split(".")[1].split(":")[0].strip() for line in lines[1:]) == ["Computer Ada", "Player1"]
    with sqlite3.connect(tmp_path / "a.db") as conn:
        assert conn.execute("SELECT status, seq > 100 FROM games").fetchall() == [("finished", 1)]
    code, out, err = _run(capsys, "simulate", "--db", str(tmp_path / "a.db"), "--resume", "--steps", "0")
    assert code == 0 and "No unfinished local game" in err and out.splitlines()[0].startswith("Istanbul game #2")


def test_simulate_db_survives_a_kill(tmp_path: Path) -> None:
    """`simulate --db` killed in the middle of its game: `--resume` continues that game."""
    db = tmp_path / "a.db"
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT)}
    command = [sys.executable, "-m", "bot", "simulate", "--db", str(db), "--players", "2", "--seed", "4"]
    proc = subprocess.Popen(command, cwd=REPO_ROOT, env=env, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    for _ in range(200):  # let it play a while
        assert proc.stdout.readline()
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    with sqlite3.connect(db) as conn:
        (seq,) = conn.execute("SELECT seq FROM games").fetchone()
    resumed = subprocess.run(
        [*command, "--resume", "--steps", "10"], cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert resumed.returncode == 0, resumed.stderr
    first = resumed.stdout.splitlines()[0]
    assert first.startswith("Resuming game #1 ") and f"after {seq} events" in first
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT COUNT(*), MAX(seq) FROM events").fetchone()[0] > seq


def test_bench_store_section_measures_the_store(tmp_path: Path) -> None:
    """The store figures on a small fixture: a short recorded game copied in SQL."""
    from bot.cli.bench import _play, _Totals
    from bot.cli.bench_store import store_figures
    from bot.engine import GameSettings

    totals = _Totals()
    _play(GameSettings(players=2), 113, totals)  # the engine-only game the bench would have played
    (sample,) = totals.sample
    out = store_figures([sample], "short", active=20, total=60)
    assert out["recorded_game"]["events"] == sample.events and out["recorded_game"]["same_log_as_engine_run"]
    assert 30 < out["bytes_per_event"] < 200 and out["bytes_per_finished_game"] > sample.events * 30
    assert 0 < out["load_ms"]["events_after_snapshot"] < 50 and out["load_ms"]["n"] == 30
    submit = out["submit_ms"]
    assert submit["cold"]["n"] == submit["warm"]["n"] == 20 and 0 < submit["cold"]["p50"] <= submit["cold"]["p99"]
    ready = out["ready_ms"]
    assert {k: ready[k] for k in ("stored_games", "active", "timers")} == {"stored_games": 60, "active": 20, "timers": 60}
    assert 0 < ready["median"] <= ready["and_every_active_game_loaded"]["median"]
    assert out["load_ms"]["log_events"] > sample.events - 100  # (nearly) the whole log


def test_bench_without_the_store(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    code, out, _ = _run(capsys, "bench", "--games", "1", "--no-store", "--no-render", "--no-ai")
    assert code == 0 and "store" not in json.loads(out) and json.loads(out)["ms_per_game"] > 0
    code, out, err = _run(capsys, "bench", "--store-active", "0")
    assert code == 2 and out == "" and "--store-active" in _one_line(err)


def test_simulate_db_names_variants_and_rules_as_simulate_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    options = ("--players", "4", "--seed", "3", "--variant", "caravan_leader", "--rule", "two_player_tavern_tiles=all")
    stored = _simulate(capsys, tmp_path / "v.db", *options, "--steps", "0")
    code, out, err = _run(capsys, "simulate", *options)
    assert code == 0, err
    label = "4 players, short, caravan_leader, two_player_tavern_tiles=all, seed 3: "
    assert stored[0].startswith(f"Istanbul game #1, {label}")
    assert out.splitlines()[0].startswith(f"Istanbul, {label}")
