"""Shared pieces of the commands that use the database: the ``--db`` option and one-line errors."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.settings import SettingsError, load_settings
from bot.store import Database, DatabaseError

from .common import ToolParser


def add_db_option(parser: ToolParser) -> None:
    parser.add_argument(
        "--db", type=Path, metavar="PATH", help="the SQLite database (default: DB_PATH, else data/istanbul.db)"
    )


def db_path(given: Path | None) -> Path:
    """`--db` when given, else the configured DB_PATH; `SettingsError` for a bad setting."""
    return given if given is not None else load_settings().db_path


def database_problem(path: Path) -> str | None:
    """Open the database (creating it, applying pending migrations) and close it again, as the
    bot does before it connects anywhere; the one-line reason when that fails, else None."""

    async def check() -> None:
        db = await Database.open(path)
        await db.close()

    try:
        asyncio.run(check())
    except DatabaseError as exc:
        return str(exc)
    return None


def fail(tool: str, exc: Exception) -> int:
    """Print the error's one-line message on stderr; the exit code 2."""
    print(f"{tool}: {exc}", file=sys.stderr)
    return 2


__all__ = ["SettingsError", "add_db_option", "database_problem", "db_path", "fail"]
