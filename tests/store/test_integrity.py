"""Damage does not spread (issue 19, items 20, 21 and 23): another program's SQLite file is refused
before anything is written to it; a damaged database is refused at start-up (run, migrate,
simulate --resume, play) and a damaged backup copy never replaces anything, each in one line
naming the newest good backup; half-written copies of killed backups are removed."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.service import GameService
from bot.store import Database, DatabaseError, backup, newest_good_backup, remove_stale_partials
from tests.cli.commands import one_line as _one_line
from tests.cli.commands import run_main as _run
from tests.service.helpers import FakeClock, local_table


def _game_file(path: Path) -> None:
    """A database holding one started local game (then closed: its WAL folded into the file)."""

    async def make() -> None:
        svc = await GameService.open(path, clock=FakeClock(), grace_seconds=0)
        try:
            await local_table(svc, people=2)
        finally:
            await svc.close()

    asyncio.run(make())


def _damage(path: Path, table: str = "games") -> None:
    """Overwrite the root page of a table with garbage, as a failing disk might."""
    with sqlite3.connect(path) as conn:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()[0]
    with path.open("r+b") as f:
        f.seek((root - 1) * page_size)
        f.write(b"\xff" * page_size)


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


# ---- item 20: another program's file stays as it was ------------------------------------------


def _foreign(path: Path) -> bytes:
    with sqlite3.connect(path) as conn:  # a rollback-journal file, as most programs leave theirs
        conn.execute("CREATE TABLE notes (title TEXT)")
        conn.execute("INSERT INTO notes VALUES ('keep me')")
    return path.read_bytes()


async def test_another_programs_file_is_refused_before_anything_is_written_to_it(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    before = _foreign(path)
    with pytest.raises(DatabaseError, match="another program"):
        await Database.open(path)
    assert path.read_bytes() == before  # not switched to WAL: byte for byte as it was
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.db"]  # no -wal, no -shm


@pytest.mark.parametrize("command", [["migrate"], ["play", "--no-images"], ["simulate", "--steps", "1"]])
def test_the_commands_leave_another_programs_file_as_it_was(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    path = tmp_path / "notes.db"
    before = _foreign(path)
    code, _, err = _run(capsys, command[0], "--db", str(path), *command[1:])
    assert code == 2 and "another program" in _one_line(err)
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["notes.db"]


# ---- item 21: a damaged database is refused, naming the newest good backup --------------------


def _with_backups(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A damaged database, a backups folder beside it with two good copies (the newer one to be
    named), a newer damaged copy and a newer file of another program; returns (db, folder, newest good)."""
    db, folder = tmp_path / "istanbul.db", tmp_path / "backups"
    _game_file(db)
    folder.mkdir()
    older, newer = folder / "istanbul-20240101-000000.db", folder / "istanbul-20240102-000000.db"
    asyncio.run(backup(db, older))
    asyncio.run(backup(db, newer))
    shutil.copy(newer, folder / "istanbul-20240103-000000.db")
    _damage(folder / "istanbul-20240103-000000.db")
    _foreign(folder / "zz-other-program.db")
    now = time.time()
    for age, name in enumerate(["zz-other-program.db", "istanbul-20240103-000000.db", newer.name, older.name]):
        os.utime(folder / name, (now - age * 60, now - age * 60))
    _damage(db)
    return db, folder, newer


def test_newest_good_backup_skips_damaged_copies_and_other_programs_files(tmp_path: Path) -> None:
    db, folder, newer = _with_backups(tmp_path)
    assert newest_good_backup([folder]) == newer
    assert newest_good_backup([tmp_path / "nowhere"]) is None


@pytest.mark.parametrize(
    "command",
    [["migrate"], ["play", "--resume", "--no-images"], ["play", "--no-images"], ["simulate", "--resume"]],
)
def test_start_up_refuses_a_damaged_database_in_one_line_naming_the_newest_good_backup(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    db, folder, newer = _with_backups(tmp_path)
    before = db.read_bytes()
    code, out, err = _run(capsys, command[0], "--db", str(db), *command[1:])
    line = _one_line(err)
    assert code == 2 and out == ""
    assert f"The database {db} is damaged (" in line and f"the newest good one is {newer}." in line
    assert db.read_bytes() == before  # nothing was written to it: no WAL, no migration, no game


def test_run_refuses_a_damaged_database_before_connecting(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`run` checks the configured database (and looks for backups in BACKUP_DIR) first."""
    db = tmp_path / "istanbul.db"
    _game_file(db)
    elsewhere = tmp_path / "copies"
    elsewhere.mkdir()
    asyncio.run(backup(db, elsewhere / "istanbul-20240101-000000.db"))
    _damage(db)
    monkeypatch.chdir(tmp_path)
    for name, value in {"DISCORD_TOKEN": "t", "DB_PATH": str(db), "BACKUP_DIR": str(elsewhere)}.items():
        monkeypatch.setenv(name, value)
    import bot.discord_ui

    monkeypatch.setattr(bot.discord_ui, "run_bot", lambda settings: pytest.fail("the bot started on a damaged file"))
    code, _, err = _run(capsys, "run")
    assert code == 2 and _one_line(err).startswith(f"run: The database {db} is damaged (")
    assert f"the newest good one is {elsewhere / 'istanbul-20240101-000000.db'}." in err
    code, _, err = _run(capsys, "migrate")  # DB_PATH: its backups are in BACKUP_DIR too
    assert code == 2 and f"the newest good one is {elsewhere / 'istanbul-20240101-000000.db'}." in _one_line(err)


def test_without_a_good_backup_the_refusal_says_where_it_looked(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "istanbul.db"
    _game_file(db)
    _damage(db)
    code, _, err = _run(capsys, "migrate", "--db", str(db))
    assert code == 2 and _one_line(err).endswith(f"restore a backup: no good one was found in {tmp_path / 'backups'}.")


def test_a_damaged_database_is_not_backed_up_and_replaces_nothing(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`backup` copied a damaged file with exit 0; now the copy is checked first, thrown away, and
    the existing backup it would have replaced (--force) stays as it was."""
    db, folder, newer = _with_backups(tmp_path)
    before = _files(folder)
    code, out, err = _run(capsys, "backup", str(newer), "--db", str(db), "--force")
    line = _one_line(err)
    assert code == 2 and out == ""
    assert "is damaged (" in line and "no backup was written and nothing was replaced" in line
    assert f"the newest good one is {newer}." in line
    assert _files(folder) == before  # no file replaced, none added, no partial left
    code, _, err = _run(capsys, "backup", str(tmp_path / "new.db"), "--db", str(db))
    assert code == 2 and not (tmp_path / "new.db").exists() and f"the newest good one is {newer}." in err


# ---- item 23: half-written copies of killed backups ----------------------------------------------


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_stale_partial_copies_are_removed_and_running_ones_kept(tmp_path: Path) -> None:
    dead, alive = _dead_pid(), os.getppid()
    stale = tmp_path / f".istanbul-20240101-000000.db.{dead}.partial"
    running = tmp_path / f".istanbul-20240102-000000.db.{alive}.partial"
    old = tmp_path / f".istanbul-20230101-000000.db.{alive}.partial"
    mine = tmp_path / f".istanbul-20240103-000000.db.{os.getpid()}.partial"
    kept = [tmp_path / "istanbul-20240101-000000.db", tmp_path / ".hidden", tmp_path / "notes.partial", running, mine]
    for path in [stale, old, *kept]:
        path.write_bytes(b"x")
    os.utime(old, (time.time() - 2 * 86400, time.time() - 2 * 86400))
    assert sorted(remove_stale_partials(tmp_path)) == sorted([stale, old])
    assert sorted(p for p in tmp_path.iterdir()) == sorted(kept)


def test_a_backup_removes_what_a_killed_backup_of_the_same_target_left(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "istanbul.db"
    _game_file(db)
    left = tmp_path / f".copy.db.{_dead_pid()}.partial"
    other = tmp_path / f".other.db.{_dead_pid()}.partial"  # another target's: not this command's business
    left.write_bytes(b"half a copy")
    other.write_bytes(b"half a copy")
    code, _, err = _run(capsys, "backup", str(tmp_path / "copy.db"), "--db", str(db))
    assert code == 0, err
    assert not left.exists() and other.exists()


def test_run_reads_the_whole_file_once_before_the_bot_opens_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`run` checks the database and the bot opens it right after: the check (a read of the whole
    file) is not made twice; any later open, or a file changed meanwhile, is checked again."""
    import bot.store.db as store_db
    from bot.cli.dbtools import database_problem

    db = tmp_path / "istanbul.db"
    _game_file(db)
    checks: list[Path] = []
    real = store_db.quick_check

    async def counting(conn: object) -> str | None:
        checks.append(db)
        return await real(conn)  # type: ignore[arg-type]

    monkeypatch.setattr(store_db, "quick_check", counting)

    async def open_and_close() -> None:
        svc = await GameService.open(db)
        await svc.close()

    assert database_problem(db) is None and len(checks) == 1
    asyncio.run(open_and_close())  # the bot, at once
    assert len(checks) == 1
    asyncio.run(open_and_close())  # any later open
    assert len(checks) == 2
    assert database_problem(db) is None and len(checks) == 3
    _damage(db)
    with pytest.raises(DatabaseError, match="is damaged"):
        asyncio.run(open_and_close())
    assert len(checks) == 4
