"""The SQLite connection: pragmas, migrations, and transactions under one lock.

aiosqlite serialises calls on a connection but does not isolate coroutines: two coroutines that
both open a transaction on one connection corrupt each other's work. So every transaction and
every read runs under one `asyncio.Lock`, and nothing but SQL is awaited inside it.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from ..resources import migrations_dir

PRAGMAS = (
    "PRAGMA journal_mode=WAL",
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
    "PRAGMA busy_timeout=5000",
)
MIGRATION_RE = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class DatabaseError(Exception):
    """The database cannot be opened or written; the message says what to do."""


def migration_files(folder: Path | None = None) -> list[tuple[int, Path]]:
    folder = folder or migrations_dir()
    found = []
    for path in sorted(folder.iterdir()):
        m = MIGRATION_RE.match(path.name)
        if m:
            found.append((int(m.group(1)), path))
    numbers = [n for n, _ in found]
    if numbers != list(range(1, len(numbers) + 1)):
        raise DatabaseError(f"migrations must be numbered 0001, 0002, ... without gaps: {numbers}")
    return found


async def migrate(conn: aiosqlite.Connection, folder: Path | None = None) -> list[int]:
    """Apply every migration newer than the database's user_version, in order."""
    async with conn.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    version = int(row[0]) if row else 0
    applied = []
    for number, path in migration_files(folder):
        if number <= version:
            continue
        await conn.executescript(path.read_text(encoding="utf-8"))
        applied.append(number)
    return applied


def prepare_path(path: Path) -> Path:
    """Create the folder of the database file, or explain why it cannot be used."""
    path = path.expanduser()
    if str(path) == ":memory:":
        return path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(f"Cannot create the folder for the database {path}: {exc.strerror}. "
                            "Set DB_PATH to a writable place.") from exc
    if path.exists() and not path.is_file():
        raise DatabaseError(f"DB_PATH {path} is not a file. Set DB_PATH to a file path.")
    return path


class Database:
    """One writer connection with a lock; `transaction()` for writes, `read()` for reads."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self.lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path, *, migrations: Path | None = None) -> Database:
        path = prepare_path(Path(path))
        try:
            conn = await aiosqlite.connect(str(path), isolation_level=None)
        except sqlite3.Error as exc:
            raise DatabaseError(f"Cannot open the database {path}: {exc}. Set DB_PATH to a writable file.") from exc
        try:
            for pragma in PRAGMAS:
                await conn.execute(pragma)
            await migrate(conn, migrations)
        except sqlite3.OperationalError as exc:
            await conn.close()
            raise DatabaseError(f"Cannot write the database {path}: {exc}. Set DB_PATH to a writable file.") from exc
        conn.row_factory = aiosqlite.Row
        return cls(conn, path)

    async def close(self) -> None:
        await self.conn.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self.lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self.lock:
            yield self.conn


async def schema_dump(conn: aiosqlite.Connection) -> list[tuple[str, str, str]]:
    """The schema as (type, name, sql) rows, for comparing databases."""
    async with conn.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
    ) as cur:
        return [(r[0], r[1], r[2]) for r in await cur.fetchall()]


async def backup(source: Path, target: Path) -> None:
    """An online copy of a database that may be in use, on a connection of its own."""
    target = prepare_path(target)
    async with aiosqlite.connect(str(source)) as src, aiosqlite.connect(str(target)) as dst:
        await src.execute("PRAGMA busy_timeout=5000")
        await src.backup(dst)
