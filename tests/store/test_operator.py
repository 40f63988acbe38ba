"""What a server operator meets: a read-only, foreign, damaged or full database file gives one
clear `DatabaseError` (never a raw SQLite traceback) and writes nothing; and reads stay
consistent while another program writes to the same file."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.service import GameService
from bot.store import Database, DatabaseError
from bot.store import games as sql
from tests.service.helpers import FakeClock, decider_user, decision, fingerprint, local_table


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """Make `path` unwritable even for root (the immutable attribute), or skip where that cannot be done."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        try:
            yield
        finally:
            path.chmod(0o644)
        return
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(path)], capture_output=True, check=False).returncode:
        pytest.skip("cannot make a file read-only for root here")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(path)], check=True)


async def _game_file(path: Path) -> int:
    """A database holding one started local game; returns its id."""
    svc = await GameService.open(path, clock=FakeClock(), grace_seconds=0)
    try:
        return (await local_table(svc, people=2)).id
    finally:
        await svc.close()


async def test_a_read_only_database_is_refused_when_opened(tmp_path: Path) -> None:
    """Not at the first move, hours later: opening a file that cannot be written says so."""
    path = tmp_path / "games.db"
    await _game_file(path)
    before = path.read_bytes()
    with read_only(path), pytest.raises(DatabaseError, match="read-only") as caught:
        await Database.open(path)
    assert "\n" not in str(caught.value) and str(path) in str(caught.value)
    assert path.read_bytes() == before


async def test_another_programs_database_is_left_alone(tmp_path: Path) -> None:
    """A file with tables but no schema version belongs to someone else: no table is added to it."""
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE games (title TEXT)")
        conn.execute("INSERT INTO games VALUES ('chess')")
    with pytest.raises(DatabaseError, match="another program \\(tables games"):
        await Database.open(path)
    with sqlite3.connect(path) as conn:
        assert [r[0] for r in conn.execute("SELECT name FROM sqlite_master")] == ["games"]
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 0


async def test_a_damaged_file_is_named_as_damaged(tmp_path: Path) -> None:
    """A page of the games table overwritten with garbage: opening the database (since issue 19,
    item 21: not only loading a game) is a clear error pointing at the backups, not a raw
    'malformed' exception."""
    path = tmp_path / "games.db"
    game_id = await _game_file(path)
    with sqlite3.connect(path) as conn:
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    with path.open("r+b") as f:
        f.seek((root - 1) * page_size)
        f.write(b"\xff" * page_size)
    assert game_id
    with pytest.raises(DatabaseError, match=r"is damaged \(.*\); restore a backup") as caught:
        await GameService.open(path, grace_seconds=0)
    assert "\n" not in str(caught.value)


async def test_a_full_disk_is_a_clear_error_and_changes_nothing(tmp_path: Path) -> None:
    """The database may not grow (as on a full disk): the choice that needs room is refused with
    a one-line error, nothing of it is stored, and once there is room again it goes through."""
    svc = await GameService.open(tmp_path / "games.db", clock=FakeClock(), grace_seconds=0)
    try:
        game = await local_table(svc, people=2)
        pages = list(await svc.db.conn.execute_fetchall("PRAGMA page_count"))[0][0]
        await svc.db.conn.execute(f"PRAGMA max_page_count = {pages}")
        for _ in range(300):
            game = await svc.load(game.id)
            d = decision(game)
            before = await fingerprint(svc)
            try:
                await svc.submit(game.id, decider_user(game), d.decision_id, d.codes()[0])
            except DatabaseError as exc:
                assert "the disk is full" in str(exc) and "\n" not in str(exc)
                break
        else:
            pytest.fail("the database never ran out of room")
        assert await fingerprint(svc) == before
        svc._cache.clear()
        assert (await svc.load(game.id)).state == game.state
        await svc.db.conn.execute("PRAGMA max_page_count = 1000000")
        out = await svc.submit(game.id, decider_user(game), d.decision_id, d.codes()[0])
        assert out.game.row.seq > game.row.seq and await svc.replay(game.id) == out.game.state
    finally:
        await svc.close()


async def test_a_load_sees_one_moment_while_another_program_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process (here: a second service on its own connection) takes a choice while this
    one is half-way through loading the game: the loaded state is the one its row describes."""
    path = tmp_path / "games.db"
    clock = FakeClock()
    first = await GameService.open(path, clock=clock, grace_seconds=0)
    other = await GameService.open(path, clock=clock, grace_seconds=0)
    try:
        game = await local_table(first, people=2)
        game = (await first.submit(game.id, decider_user(game), decision(game).decision_id, decision(game).codes()[0])).game
        seats = sql.seats
        interrupted: list[int] = []

        async def seats_then_a_move_elsewhere(conn: Any, game_id: int) -> Any:
            found = await seats(conn, game_id)
            if conn is first.db.conn and not interrupted:
                interrupted.append(game_id)
                g = await other.load(game_id)
                await other.submit(game_id, decider_user(g), decision(g).decision_id, decision(g).codes()[0])
            return found

        monkeypatch.setattr(sql, "seats", seats_then_a_move_elsewhere)
        first._cache.clear()
        loaded = await first.load(game.id)
        assert interrupted == [game.id]
        assert 0 < loaded.row.seq == game.row.seq and loaded.state == game.state  # the moment the load began
        now = await first.load(game.id)  # and the next load sees the move
        assert now.row.seq > game.row.seq and now.state is not None
        assert now.state.decision_id == now.row.decision_id > game.row.decision_id
    finally:
        await first.close()
        await other.close()
