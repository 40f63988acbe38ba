"""The schema's migrations: the numbered files `migrations/NNNN_name.sql`, applied in order and
recorded in the database's `user_version` (the number of the last file applied).

Each file is written as `BEGIN; ...; PRAGMA user_version = NNNN; COMMIT;`, so that it can also be
applied by hand with the sqlite3 shell. The runner does not rely on the file's own BEGIN: it takes
the write lock first (`BEGIN IMMEDIATE`), reads the version again under it, and runs the file's
statements only if no other process has applied that file meanwhile. So each file is applied
exactly once, completely or not at all, even when two programs open an old database together.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
from pathlib import Path

import aiosqlite

from ..resources import migrations_dir
from .errors import DatabaseError

MIGRATION_RE = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
_COMMENT_RE = re.compile(r"--[^\n]*|/\*.*?\*/", re.S)
_TRANSACTION_RE = re.compile(r"(BEGIN|COMMIT|END)(\s+(DEFERRED|IMMEDIATE|EXCLUSIVE))?(\s+TRANSACTION)?", re.I)


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


def statements(script: str) -> list[str]:
    """The statements of a migration file, without its own BEGIN and COMMIT (the runner brings
    them). Splits where SQLite says a statement is complete, so a trigger's body stays whole."""
    found: list[str] = []
    pending = ""
    pieces = script.split(";")
    for i, piece in enumerate(pieces):
        pending += piece if i == len(pieces) - 1 else piece + ";"
        if sqlite3.complete_statement(pending):
            core = _COMMENT_RE.sub("", pending).strip().rstrip(";").strip()
            if core and not _TRANSACTION_RE.fullmatch(core):
                found.append(pending.strip())
            pending = ""
    if _COMMENT_RE.sub("", pending).strip(" \n\t;"):
        raise DatabaseError(f"A migration ends with an unfinished statement: {pending.strip()[:60]!r}")
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
            "it was written by a newer version of the bot. Update the bot, or set DB_PATH to another file."
        )
    applied = []
    for number, path in files:
        if number <= version:
            continue
        body = statements(path.read_text(encoding="utf-8"))
        await conn.execute("BEGIN IMMEDIATE")
        try:
            version = await user_version(conn)
            if version < number:  # else another program applied it since we looked
                for statement in body:
                    await conn.execute(statement)
                if await user_version(conn) != number:
                    raise DatabaseError(f"Migration {path.name} must end with PRAGMA user_version = {number}; COMMIT;")
                applied.append(number)
                version = number
            await conn.execute("COMMIT")
        except BaseException as exc:
            with contextlib.suppress(sqlite3.Error, ValueError):
                await conn.execute("ROLLBACK")
            if isinstance(exc, sqlite3.Error):
                raise DatabaseError(
                    f"Migration {path.name} failed ({exc}); it was rolled back and the database stays at "
                    f"schema version {await user_version(conn)}."
                ) from exc
            raise
    return applied


async def refuse_foreign(conn: aiosqlite.Connection, path: Path) -> None:
    """A file without a schema version but with tables belongs to another program: leave it alone.
    The version and the tables are read in one statement, so both come from one moment: a program
    that applies the first migration in between cannot make our own new file look foreign."""
    rows = list(await conn.execute_fetchall(
        "SELECT (SELECT user_version FROM pragma_user_version), name FROM sqlite_master"
        " WHERE type = 'table' AND name NOT LIKE 'sqlite_%' LIMIT 3"
    ))
    if rows and int(rows[0][0]) == 0:
        names = ", ".join(str(r[1]) for r in rows)
        raise DatabaseError(
            f"{path} is an SQLite database of another program (tables {names}, no Istanbul schema version); "
            "set DB_PATH to another file."
        )


async def schema_dump(conn: aiosqlite.Connection) -> list[tuple[str, str, str]]:
    """The schema as (type, name, sql) rows plus the version, for comparing databases."""
    rows = await conn.execute_fetchall(
        "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name"
    )
    return [("user_version", "", str(await user_version(conn))), *((r[0], r[1], r[2]) for r in rows)]
