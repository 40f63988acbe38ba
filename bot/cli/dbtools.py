"""Shared pieces of the commands that use the database: the ``--db`` option and one-line errors."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.settings import SettingsError, load_settings
from bot.store import Database, DatabaseError, backup_folders, remember_sound

from .common import ToolParser


def add_db_option(parser: ToolParser) -> None:
    parser.add_argument(
        "--db", type=Path, metavar="PATH", help="the SQLite database (default: DB_PATH, else data/istanbul.db)"
    )


def db_path(given: Path | None) -> Path:
    """`--db` when given, else the configured DB_PATH; `SettingsError` for a bad setting."""
    return given if given is not None else load_settings().db_path


def backups_of(db: Path) -> list[Path]:
    """Where a refusal of the damaged database `db` looks for its newest good backup: the running
    bot's backup folder (BACKUP_DIR) when `db` is the configured DB_PATH, else the "backups"
    folder beside it."""
    try:
        settings = load_settings()
    except SettingsError:
        return backup_folders(db)
    try:
        ours = Path(db).resolve() == settings.db_path.resolve()
    except OSError:
        ours = False
    return [settings.backups] if ours else backup_folders(db)


async def open_database(db: Path) -> Database:
    """`Database.open` for a command line tool: a damaged file is refused naming its backups."""
    return await Database.open(db, backups=backups_of(db))


def database_problem(path: Path) -> str | None:
    """Open the database (creating it, checking it, applying pending migrations) and close it
    again, as the bot does before it connects anywhere; the one-line reason when that fails,
    else None."""

    async def check() -> None:
        db = await open_database(path)
        await db.close()
        remember_sound(db.path)  # the bot opens it next: no second reading of the whole file

    try:
        asyncio.run(check())
    except DatabaseError as exc:
        return str(exc)
    return None


def fail(tool: str, exc: Exception) -> int:
    """Print the error's one-line message on stderr; the exit code 2."""
    print(f"{tool}: {exc}", file=sys.stderr)
    return 2


__all__ = ["SettingsError", "add_db_option", "backups_of", "database_problem", "db_path", "fail", "open_database"]
