"""``python -m bot backup PATH``: an online copy of the database, safe while the bot is running."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.settings import bot_command
from bot.store import DatabaseError, backup

from .common import ToolParser, UsageError, usage_error
from .dbtools import SettingsError, add_db_option, backups_of, db_path, fail


def main(argv: list[str]) -> int:
    parser = ToolParser(
        prog=bot_command("backup"),
        description="Copy the database to PATH with SQLite's online backup, on a connection of its own: "
        "the running bot keeps writing meanwhile and the copy holds every committed change up to its "
        "start. An existing file at PATH is kept unless --force is given; then it is replaced once "
        "the copy is complete.",
    )
    parser.add_argument("path", type=Path, metavar="PATH", help="where to write the copy")
    parser.add_argument("--force", action="store_true", help="replace an existing file at PATH")
    add_db_option(parser)
    try:
        args = parser.parse_args(argv)
        source = db_path(args.db)
        size = asyncio.run(backup(source, args.path, replace=args.force, backups=backups_of(source)))
    except UsageError as exc:
        return usage_error("backup", exc)
    except (DatabaseError, SettingsError) as exc:
        return fail("backup", exc)
    print(f"Backed up {source} to {args.path}: {size:,} bytes")
    return 0
