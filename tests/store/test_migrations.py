"""Schema migrations: numbered files applied in order, recorded in user_version, all or nothing."""

from __future__ import annotations

import asyncio
import random
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.resources import migrations_dir
from bot.store import Database, DatabaseError, schema, schema_dump
from bot.store.schema import migration_files

BROKEN = "BEGIN;\nCREATE TABLE extra (x INTEGER);\nINSERT INTO no_such_table VALUES (1);\nPRAGMA user_version = {n};\nCOMMIT;\n"


def _folder(tmp_path: Path, name: str, files: list[Path], extra: dict[str, str] | None = None) -> Path:
    """A migrations folder holding copies of `files` and any `extra` files (name -> SQL)."""
    folder = tmp_path / name
    folder.mkdir()
    for path in files:
        shutil.copy(path, folder / path.name)
    for file_name, text in (extra or {}).items():
        (folder / file_name).write_text(text, encoding="utf-8")
    return folder


async def _dump(path: Path, migrations: Path | None = None) -> list[tuple[str, str, str]]:
    db = await Database.open(path, migrations=migrations)
    try:
        return await schema_dump(db.conn)
    finally:
        await db.close()


def _version(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])


async def test_a_fresh_file_and_a_file_at_every_older_version_reach_the_same_schema(tmp_path: Path) -> None:
    """Whatever version a database was left at, opening it with today's migrations gives the schema
    a fresh database gets, and only the missing migrations run."""
    files = [path for _, path in migration_files()]
    fresh = await _dump(tmp_path / "fresh.db")
    assert ("user_version", "", str(len(files))) in fresh and any(row[1] == "games" for row in fresh)
    for k in range(len(files) + 1):
        old = tmp_path / f"at_{k}.db"
        await _dump(old, _folder(tmp_path, f"first_{k}", files[:k]))
        assert _version(old) == k
        db = await Database.open(old)
        try:
            assert db.applied == list(range(k + 1, len(files) + 1))
            assert db.version == len(files)
            assert await schema_dump(db.conn) == fresh
        finally:
            await db.close()


def _columns(conn: sqlite3.Connection, schema: str, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f'PRAGMA {schema}.table_info("{table}")')]


async def test_a_file_in_use_at_every_older_version_keeps_its_games(tmp_path: Path) -> None:
    """A database that was in use at version k (every table of that version holding rows of a
    played game, in the columns that version has) is brought up to date: the schema of a fresh
    file, every row kept, and the game loads to the state its log replays to."""
    from bot.service import GameService
    from tests.service.helpers import FakeClock, local_table, random_choice

    full = tmp_path / "full.db"
    svc = await GameService.open(full, clock=FakeClock(), grace_seconds=0)
    try:
        game = await local_table(svc, people=2, computers=1)
        rng = random.Random(3)
        for _ in range(40):
            async for _turn in svc.computer_turns(game.id, seed=rng.randrange(99)):
                pass
            await random_choice(svc, game.id, rng)
        state = (await svc.load(game.id)).state
        async with svc.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO messages (game_id, purpose, user_id, channel_id, message_id) VALUES (?, 'cards', 'p0', 5, 6)",
                (game.id,),
            )
            await conn.execute("INSERT INTO user_settings (user_id, settings) VALUES ('p0', '{}')")
    finally:
        await svc.close()
    files = [path for _, path in migration_files()]
    fresh = await _dump(tmp_path / "fresh.db")
    for k in range(1, len(files)):
        old = tmp_path / f"in_use_at_{k}.db"
        await _dump(old, _folder(tmp_path, f"only_{k}", files[:k]))
        with sqlite3.connect(old) as conn:
            conn.execute("ATTACH DATABASE ? AS full", (str(full),))
            tables = [r[0] for r in conn.execute("SELECT name FROM main.sqlite_master WHERE type = 'table'")]
            counts = {}
            for table in tables:
                cols = [c for c in _columns(conn, "main", table) if c in _columns(conn, "full", table)]
                names = ", ".join(cols)
                conn.execute(f'INSERT INTO main."{table}" ({names}) SELECT {names} FROM full."{table}"')
                counts[table] = conn.execute(f'SELECT COUNT(*) FROM main."{table}"').fetchone()[0]
            conn.commit()
            conn.execute("DETACH DATABASE full")
        assert all(counts[t] > 0 for t in ("games", "seats", "events", "snapshots", "timers", "messages"))
        svc = await GameService.open(old, grace_seconds=0)
        try:
            assert svc.db.applied == list(range(k + 1, len(files) + 1))
            assert await schema_dump(svc.db.conn) == fresh
            async with svc.db.read() as conn:
                for table, count in counts.items():
                    assert list(await conn.execute_fetchall(f'SELECT COUNT(*) FROM "{table}"'))[0][0] == count, table
            loaded = await svc.load(game.id)
            assert loaded.state == state == await svc.replay(game.id)
        finally:
            await svc.close()


RELEASED = Path(__file__).with_name("released_schemas.json")


async def test_released_migrations_are_never_edited(tmp_path: Path) -> None:
    """Databases out there stay at the schema an applied migration gave them, so a released file
    must keep giving exactly that schema (a fix goes into a new numbered file). The dumps of the
    released versions are recorded in released_schemas.json; a new migration may be recorded
    there once it is released."""
    import json

    recorded: dict[str, list[list[str]]] = json.loads(RELEASED.read_text(encoding="utf-8"))
    files = [path for _, path in migration_files()]
    names = [path.name for path in files]
    assert list(recorded) == names[: len(recorded)], "a released migration was renamed or removed"
    for k, name in enumerate(recorded, start=1):
        dump = await _dump(tmp_path / f"at_{k}.db", _folder(tmp_path, f"first_{k}", files[:k]))
        assert [list(row) for row in dump] == recorded[name], (
            f"migrations/{name} no longer gives the schema it gave databases already at version {k}: "
            "undo that edit and put the change into a new migration"
        )


async def test_reopening_applies_nothing(tmp_path: Path) -> None:
    """A database that is up to date is opened as it is."""
    path = tmp_path / "x.db"
    first = await Database.open(path)
    await first.close()
    again = await Database.open(path)
    await again.close()
    assert first.applied and again.applied == [] and again.version == first.version


async def test_a_failing_migration_rolls_back_and_keeps_the_version(tmp_path: Path) -> None:
    """A broken migration changes nothing: its table is not created, user_version stays, the data stays."""
    files = [path for _, path in migration_files()]
    n = len(files) + 1
    path = tmp_path / "x.db"
    db = await Database.open(path)
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO user_settings (user_id, settings) VALUES ('u1', '{}')")
    await db.close()
    broken = _folder(tmp_path, "broken", files, {f"{n:04d}_broken.sql": BROKEN.format(n=n)})
    with pytest.raises(DatabaseError, match=rf"{n:04d}_broken\.sql failed .*stays at schema version {n - 1}"):
        await Database.open(path, migrations=broken)
    assert _version(path) == n - 1
    with sqlite3.connect(path) as conn:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert "extra" not in tables
        assert conn.execute("SELECT user_id FROM user_settings").fetchall() == [("u1",)]
    assert await _dump(path) == await _dump(tmp_path / "fresh.db")


async def test_a_migration_that_does_not_record_its_number_is_refused(tmp_path: Path) -> None:
    files = [path for _, path in migration_files()]
    n = len(files) + 1
    folder = _folder(tmp_path, "m", files, {f"{n:04d}_silent.sql": "BEGIN;\nCREATE TABLE extra (x INTEGER);\nCOMMIT;\n"})
    with pytest.raises(DatabaseError, match=f"PRAGMA user_version = {n}"):
        await Database.open(tmp_path / "x.db", migrations=folder)


@pytest.mark.parametrize(
    "names", [("0001_a.sql", "0003_c.sql"), ("0002_b.sql",), ("0001_a.sql", "0001_b.sql", "0002_c.sql")]
)
async def test_gaps_and_repeats_in_the_numbering_are_refused(tmp_path: Path, names: tuple[str, ...]) -> None:
    """Migrations are numbered 0001, 0002, ... with no gap and no number twice; nothing is applied otherwise."""
    first = migrations_dir() / migration_files()[0][1].name
    folder = tmp_path / "m"
    folder.mkdir()
    for name in names:
        shutil.copy(first, folder / name)
    with pytest.raises(DatabaseError, match="without gaps or repeats"):
        await Database.open(tmp_path / "x.db", migrations=folder)
    assert _version(tmp_path / "x.db") == 0


async def test_a_database_from_a_newer_bot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.db"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 999")
    with pytest.raises(DatabaseError, match="newer version of the bot"):
        await Database.open(path)


async def test_two_connections_opening_a_new_file_at_once_both_succeed(tmp_path: Path) -> None:
    """Two openers racing on a fresh file: between them every migration is applied once, in order.
    Raced on many files, since the window is narrow: neither opener takes the other's first
    migration for another program's tables, nor fails on the other's switch to WAL."""
    for attempt in range(40):
        path = tmp_path / f"x{attempt}.db"
        first, second = await asyncio.gather(Database.open(path), Database.open(path))
        try:
            assert first.version == second.version == len(migration_files())
            assert sorted(first.applied + second.applied) == list(range(1, first.version + 1))
            assert first.applied == sorted(first.applied) and second.applied == sorted(second.applied)
        finally:
            await first.close()
            await second.close()


COUNTING = "BEGIN;\nINSERT INTO user_settings (user_id, settings) SELECT 'n' || COUNT(*), '{{}}' FROM user_settings;\n" \
    "PRAGMA user_version = {n};\nCOMMIT;\n"


async def test_a_migration_is_applied_once_when_another_program_was_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A program that read the old version just before another one applied the next migration
    does not apply it a second time, even when the file would run twice without an error (a
    data migration): the version is read again under the write lock."""
    files = [path for _, path in migration_files()]
    n = len(files) + 1
    folder = _folder(tmp_path, "m", files, {f"{n:04d}_count.sql": COUNTING.format(n=n)})
    path = tmp_path / "x.db"
    await _dump(path)  # at today's version, n - 1
    late = await Database.open(path)  # opened before the new file existed
    try:
        first = await Database.open(path, migrations=folder)
        assert first.applied == [n]
        await first.close()
        reads = iter([n - 1])  # the late program's first look at the version, before the other applied it
        real = schema.user_version

        async def stale_then_real(conn: Any) -> int:
            return next(reads, None) or await real(conn)

        monkeypatch.setattr(schema, "user_version", stale_then_real)
        assert await schema.migrate(late.conn, folder) == []
    finally:
        await late.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT user_id FROM user_settings").fetchall() == [("n0",)]
        assert conn.execute("PRAGMA user_version").fetchone()[0] == n


def test_migration_statements_leave_out_the_files_own_transaction() -> None:
    """The runner brings its own BEGIN IMMEDIATE and COMMIT; a trigger's body, strings with
    semicolons and comments stay whole."""
    script = (
        "-- a comment; with a semicolon\nBEGIN TRANSACTION;\nCREATE TABLE t (x TEXT DEFAULT 'a;b');\n"
        "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET x = 'c;d'; END;\n"
        "PRAGMA user_version = 3;\n/* done */ COMMIT;\n"
    )
    assert schema.statements(script) == [
        "CREATE TABLE t (x TEXT DEFAULT 'a;b');",
        "CREATE TRIGGER tr AFTER INSERT ON t BEGIN UPDATE t SET x = 'c;d'; END;",
        "PRAGMA user_version = 3;",
    ]
    with pytest.raises(DatabaseError, match="unfinished statement"):
        schema.statements("CREATE TABLE t (x)")


async def test_the_connection_uses_wal_and_foreign_keys(tmp_path: Path) -> None:
    db = await Database.open(tmp_path / "x.db")
    try:
        mode = list(await db.conn.execute_fetchall("PRAGMA journal_mode"))[0][0]
        keys = list(await db.conn.execute_fetchall("PRAGMA foreign_keys"))[0][0]
        assert (mode, keys) == ("wal", 1)
    finally:
        await db.close()
