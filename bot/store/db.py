"""The SQLite connection: pragmas, migrations, and transactions under one lock.

aiosqlite serialises calls on a connection but does not isolate coroutines: two coroutines that
both open a transaction on one connection corrupt each other's work. So every transaction and
every read runs under one `asyncio.Lock`, and nothing but SQL is awaited inside it.

Migrations are the numbered files `migrations/NNNN_name.sql`, each written as
`BEGIN; ...; PRAGMA user_version = NNNN; COMMIT;` so that a file applies completely or not at all;
the database's `user_version` is the number of the last file applied.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from ..resources import migrations_dir

PRAGMAS = (
    "PRAGMA busy_timeout=5000",  # first: the others may wait for another process's lock
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
)
MIGRATION_RE = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class DatabaseError(Exception):
    """The database cannot be opened, migrated or written; the message (one line) says what to do."""


def migration_files(folder: Path | None = None) -> list[tuple[int, Path]]:
    """The numbered migration files in order; refuses gaps and duplicate numbers."""
    folder = folder or migrations_dir()
    found = []
    for path in sorted(folder.iterdir()):
        m = MIGRATION_RE.match(path.name)
        if m:
            found.append((int(m.group(1)), path))
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        listed = ", ".join(f"{n:04d}" for n in numbers) or "none"
        raise DatabaseError(
            f"The migrations in {folder} must be numbered 0001, 0002, ... without gaps or repeats; found {listed}."
        )
    return found


async def user_version(conn: aiosqlite.Connection) -> int:
    rows = list(await conn.execute_fetchall("PRAGMA user_version"))
    return int(rows[0][0]) if rows else 0


async def migrate(conn: aiosqlite.Connection, folder: Path | None = None) -> list[int]:
    """Apply every migration newer than the database's `user_version`, in order; returns the
    numbers applied. A failing file is rolled back whole and the version stays where it was."""
    files = migration_files(folder)
    version = await user_version(conn)
    if version > len(files):
        raise DatabaseError(
            f"The database is at schema version {version} but this bot knows only {len(files)} migrations: "
            "it was written by a newer version of the bot."
        )
    applied = []
    for number, path in files:
        if number <= version:
            continue
        try:
            # executescript commits any open transaction first: the file brings its own BEGIN/COMMIT.
            await conn.executescript(path.read_text(encoding="utf-8"))
        except sqlite3.Error as exc:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            version = await user_version(conn)
            if version >= number:  # another process applied it first
                continue
            raise DatabaseError(
                f"Migration {path.name} failed ({exc}); it was rolled back and the database stays at "
                f"schema version {version}."
            ) from exc
        version = await user_version(conn)
        if version != number:
            raise DatabaseError(f"Migration {path.name} must end with PRAGMA user_version = {number}; COMMIT;")
        applied.append(number)
    return applied


def prepare_path(path: Path) -> Path:
    """Create the folder of the database file, or explain why it cannot be used."""
    path = Path(path).expanduser()
    if str(path) == ":memory:":
        return path
    if path.exists() and not path.is_file():
        raise DatabaseError(f"The database path {path} is not a file. Set DB_PATH to a file path.")
    for folder in path.parents:
        if folder.exists():
            if not folder.is_dir():
                raise DatabaseError(f"Cannot use {path}: {folder} is a file, not a folder. Set DB_PATH to another place.")
            break
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(
            f"Cannot create the folder {path.parent} for the database: {exc.strerror}. "
            "Set DB_PATH to a writable place."
        ) from exc
    return path


class Database:
    """One writer connection with a lock; `transaction()` for writes, `read()` for reads.

    `version` is the schema version after opening and `applied` the migrations that opening ran."""

    def __init__(self, conn: aiosqlite.Connection, path: Path, version: int = 0, applied: list[int] | None = None) -> None:
        self.conn = conn
        self.path = path
        self.version = version
        self.applied = applied or []
        self.lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path, *, migrations: Path | None = None) -> Database:
        """Open (creating the file and its folder), set the pragmas and apply pending migrations.
        Raises `DatabaseError` with a one-line message when that cannot be done."""
        path = prepare_path(Path(path))
        conn = aiosqlite.connect(str(path), isolation_level=None)
        try:
            await conn
        except (sqlite3.Error, OSError) as exc:
            # let aiosqlite's worker thread finish stopping while the event loop still runs
            thread = getattr(conn, "_thread", None)
            if thread is not None:
                await asyncio.to_thread(thread.join, 2.0)
            raise DatabaseError(f"Cannot open the database {path}: {exc}. Set DB_PATH to a writable file.") from exc
        try:
            for pragma in PRAGMAS:
                await conn.execute(pragma)
            applied = await migrate(conn, migrations)
            version = await user_version(conn)
        except DatabaseError:
            await conn.close()
            raise
        except sqlite3.Error as exc:
            await conn.close()
            raise DatabaseError(f"Cannot use the database {path}: {exc}. Set DB_PATH to a writable SQLite file.") from exc
        conn.row_factory = aiosqlite.Row
        return cls(conn, path, version, applied)

    async def close(self) -> None:
        await self.conn.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE ... COMMIT under the lock; any exception (cancellation included) rolls back.

        BEGIN sits inside the try: a task cancelled while waiting for it has still queued it on the
        connection's thread, so the ROLLBACK queued after it closes that transaction too."""
        async with self.lock:
            try:
                await self.conn.execute("BEGIN IMMEDIATE")
                yield self.conn
                await self.conn.execute("COMMIT")
            except BaseException:
                with contextlib.suppress(sqlite3.Error, ValueError):  # none open, or the connection closed
                    await self.conn.execute("ROLLBACK")
                raise

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self.lock:
            yield self.conn


async def schema_dump(conn: aiosqlite.Connection) -> list[tuple[str, str, str]]:
    """The schema as (type, name, sql) rows plus the version, for comparing databases."""
    rows = await conn.execute_fetchall(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
    )
    return [("user_version", "", str(await user_version(conn))), *((r[0], r[1], r[2]) for r in rows)]


async def backup(source: Path, target: Path) -> int:
    """An online copy of a database that may be in use, made on connections of its own (SQLite's
    backup API reads one consistent snapshot; in WAL mode the writer never waits for it). The copy
    is written next to `target` and renamed into place at the end. Returns the copy's size."""
    source, target = Path(source).expanduser(), Path(target).expanduser()
    if not source.is_file():
        raise DatabaseError(f"There is no database at {source}. Give the right path with --db or DB_PATH.")
    target = prepare_path(target)
    if target.exists() and target.resolve() == source.resolve():
        raise DatabaseError("The backup must go to a different file than the database itself.")
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    try:
        async with aiosqlite.connect(str(source)) as src, aiosqlite.connect(str(partial)) as dst:
            await src.execute("PRAGMA busy_timeout=5000")
            await src.backup(dst)
            await dst.execute("PRAGMA journal_mode=DELETE")  # a single self-contained file
        os.replace(partial, target)
    except (sqlite3.Error, OSError) as exc:
        with contextlib.suppress(OSError):
            partial.unlink()
        raise DatabaseError(f"The backup of {source} to {target} failed: {exc}.") from exc
    return target.stat().st_size
