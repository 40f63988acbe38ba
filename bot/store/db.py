"""The SQLite connection: pragmas, migrations, and transactions under one lock.

aiosqlite serialises calls on a connection but does not isolate coroutines: two coroutines that
both open a transaction on one connection corrupt each other's work. So every transaction and
every read runs under one `asyncio.Lock`, and nothing but SQL is awaited inside it.

Opening a database refuses another program's file before changing anything in it, checks it
(`PRAGMA quick_check`: a damaged file is refused, naming the newest good backup), applies its
pending migrations (`bot.store.schema`) and checks that the file can be written; SQLite's own
failures (a full disk, a read-only or damaged file) come out of every transaction as a one-line
`DatabaseError`. A backup copy is checked the same way before it replaces anything.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from .errors import DatabaseError
from .integrity import damaged, quick_check, remove_stale_partials, still_sound
from .schema import migrate, migration_files, refuse_foreign, schema_dump, user_version

BUSY = "PRAGMA busy_timeout=5000"  # first: the rest may wait for another process's lock
WAL = "PRAGMA journal_mode=WAL"  # only once the file is known to be ours and sound: it rewrites the header
WAL_TRIES = 50  # a tenth of a second apart: the switch does not wait on busy_timeout
PRAGMAS = (
    "PRAGMA synchronous=NORMAL",
    "PRAGMA foreign_keys=ON",
)


def prepare_path(path: Path, *, hint: str = "Set DB_PATH to") -> Path:
    """Create the folder of the database file, or explain why it cannot be used. `hint` starts
    the advice at the end of the message (for a backup's target: "Give the backup")."""
    path = Path(path).expanduser()
    if str(path) == ":memory:":
        return path
    if path.exists() and not path.is_file():
        raise DatabaseError(f"The path {path} is not a file. {hint} a file path.")
    for folder in path.parents:
        if folder.exists():
            if not folder.is_dir():
                raise DatabaseError(f"Cannot use {path}: {folder} is a file, not a folder. {hint} another place.")
            break
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise DatabaseError(
            f"Cannot create the folder {path.parent} for {path.name}: {exc.strerror}. {hint} a writable place."
        ) from exc
    return path


async def switch_to_wal(conn: aiosqlite.Connection) -> None:
    """Put the file in WAL mode. When two programs open a new file at once, the one that switches
    second is told "locked" at once (SQLite does not wait for the switch): it looks again and
    finds the file already switched, or tries again a moment later."""
    for attempt in range(WAL_TRIES):
        try:
            await conn.execute(WAL)
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == WAL_TRIES - 1:
                raise
            rows = list(await conn.execute_fetchall("PRAGMA journal_mode"))
            if rows and str(rows[0][0]).lower() == "wal":
                return
            await asyncio.sleep(0.1)


def backup_folders(path: Path) -> list[Path]:
    """Where the backups of the database at `path` are looked for by default: the "backups"
    folder beside it (the running bot's default)."""
    return [Path(path).expanduser().parent / "backups"]


def explain(exc: sqlite3.Error, path: Path, backups: Sequence[Path] = ()) -> DatabaseError:
    """A one-line `DatabaseError` for an SQLite failure other than a constraint (a full disk, a
    read-only or damaged file, another program's lock, ...); a damaged file's names the newest
    good backup in `backups`."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    if name.startswith("SQLITE_CORRUPT"):
        return damaged(path, str(exc), backups)
    for prefix, what in (
        ("SQLITE_FULL", "the disk is full; free some space"),
        ("SQLITE_READONLY", "it is read-only; make the file and its folder writable or set DB_PATH to another file"),
        ("SQLITE_IOERR", "the disk reported an input/output error; check the disk"),
        ("SQLITE_CANTOPEN", "the file cannot be opened; make it and its folder writable or set DB_PATH to another file"),
        ("SQLITE_BUSY", "another program holds it locked; stop that program"),
        ("SQLITE_LOCKED", "another program holds it locked; stop that program"),
        ("SQLITE_NOTADB", "it is not an SQLite database; set DB_PATH to another file"),
    ):
        if name.startswith(prefix):
            return DatabaseError(f"The database {path} cannot be used: {what} ({exc}).")
    return DatabaseError(f"The database {path} failed: {exc}.")


def _explained(exc: BaseException) -> bool:
    """Whether an error from inside a transaction is the database's own failure (turned into a
    `DatabaseError`) rather than a constraint or a caller's mistake (passed on as it is)."""
    return isinstance(exc, sqlite3.OperationalError) or type(exc) is sqlite3.DatabaseError


class Database:
    """One writer connection with a lock; `transaction()` for writes, `read()` for reads.

    `version` is the schema version after opening and `applied` the migrations that opening ran;
    `backups` the folders where a refusal of a damaged file looks for the newest good backup."""

    def __init__(
        self, conn: aiosqlite.Connection, path: Path, version: int = 0, applied: list[int] | None = None,
        backups: Sequence[Path] = (),
    ) -> None:
        self.conn = conn
        self.path = path
        self.version = version
        self.applied = applied or []
        self.backups = list(backups)
        self.lock = asyncio.Lock()

    @classmethod
    async def open(
        cls, path: Path, *, migrations: Path | None = None, backups: Sequence[Path] | None = None
    ) -> Database:
        """Open (creating the file and its folder); refuse another program's file and a damaged
        one (naming the newest good backup in `backups`, by default `backup_folders(path)`)
        before anything is written to it; set the pragmas, apply pending migrations and make sure
        the file can be written. Raises `DatabaseError` with a one-line message when that cannot
        be done."""
        path = prepare_path(Path(path))
        folders = list(backups) if backups is not None else backup_folders(path)
        sound = still_sound(path)  # before connecting: reading a WAL file creates its -wal
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
            await conn.execute(BUSY)
            await refuse_foreign(conn, path)
            if not sound and (problem := await quick_check(conn)) is not None:
                raise damaged(path, problem, folders)
            await switch_to_wal(conn)
            for pragma in PRAGMAS:
                await conn.execute(pragma)
            applied = await migrate(conn, migrations)
            version = await user_version(conn)
            # A read-only file opens and reads well; find out now rather than at the first move.
            await conn.execute("BEGIN IMMEDIATE")
            try:
                await conn.execute(f"PRAGMA user_version = {version}")
            finally:
                with contextlib.suppress(sqlite3.Error):
                    await conn.execute("ROLLBACK")
        except DatabaseError:
            await conn.close()
            raise
        except sqlite3.Error as exc:
            await conn.close()
            raise explain(exc, path, folders) from exc
        conn.row_factory = aiosqlite.Row
        return cls(conn, path, version, applied, folders)

    async def close(self) -> None:
        await self.conn.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """BEGIN IMMEDIATE ... COMMIT under the lock; any exception (cancellation included) rolls
        back. A failure of the database itself (a full disk, a read-only file, ...) comes out as a
        one-line `DatabaseError`; constraint errors come out as they are.

        BEGIN sits inside the try: a task cancelled while waiting for it has still queued it on the
        connection's thread, so the ROLLBACK queued after it closes that transaction too."""
        async with self.lock, self._guarded("BEGIN IMMEDIATE") as conn:
            yield conn

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """Reads under the lock, in one read transaction: everything read inside sees the database
        at one moment, even while another program writes to the file."""
        async with self.lock, self._guarded("BEGIN") as conn:
            yield conn

    @asynccontextmanager
    async def _guarded(self, begin: str) -> AsyncIterator[aiosqlite.Connection]:
        try:
            await self.conn.execute(begin)
            yield self.conn
            await self.conn.execute("COMMIT")
        except BaseException as exc:
            with contextlib.suppress(sqlite3.Error, ValueError):  # none open, or the connection closed
                await self.conn.execute("ROLLBACK")
            if _explained(exc):
                assert isinstance(exc, sqlite3.Error)
                raise explain(exc, self.path, self.backups) from exc
            raise


async def backup(source: Path, target: Path, *, replace: bool = False, backups: Sequence[Path] = ()) -> int:
    """An online copy of a database that may be in use, made on connections of its own (SQLite's
    backup API reads one consistent snapshot; in WAL mode the writer never waits for it). The copy
    is written next to `target`, checked (`quick_check`) and only then renamed into place; an
    existing `target` is replaced only when `replace` is set. A damaged copy is thrown away and
    refused, naming the newest good backup in the target's folder or `backups`; copies that killed
    backups of the same target left behind are removed. Returns the copy's size."""
    source, target = Path(source).expanduser(), Path(target).expanduser()
    if not source.is_file():
        raise DatabaseError(f"There is no database at {source}. Give the right path with --db or DB_PATH.")
    target = prepare_path(target, hint="Give the backup")
    if target.exists():
        if target.samefile(source):
            raise DatabaseError("The backup must go to a different file than the database itself.")
        if not replace:
            raise DatabaseError(f"{target} exists already; give --force to replace it with the new copy.")
    partial = target.with_name(f".{target.name}.{os.getpid()}.partial")
    folders = [target.parent, *backups]
    try:
        async with aiosqlite.connect(str(source)) as src, aiosqlite.connect(str(partial)) as dst:
            await src.execute("PRAGMA busy_timeout=5000")
            await src.backup(dst)
            await dst.execute("PRAGMA journal_mode=DELETE")  # a single self-contained file
            problem = await quick_check(dst)
        if problem is not None:
            partial.unlink(missing_ok=True)
            raise damaged(source, problem, folders, copy=True)
        os.replace(partial, target)
    except (sqlite3.Error, OSError) as exc:
        with contextlib.suppress(OSError):
            partial.unlink()
        if (getattr(exc, "sqlite_errorname", "") or "").startswith("SQLITE_CORRUPT"):
            raise damaged(source, str(exc), folders, copy=True) from exc
        raise DatabaseError(f"The backup of {source} to {target} failed: {exc}.") from exc
    remove_stale_partials(target.parent, target.name)
    return target.stat().st_size


__all__ = [
    "Database", "DatabaseError", "backup", "backup_folders", "explain", "migrate", "migration_files", "prepare_path",
    "remove_stale_partials", "schema_dump", "user_version",
]
