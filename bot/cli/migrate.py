"""``python -m bot migrate``: apply the pending schema migrations and print the version."""

from __future__ import annotations

import asyncio

from bot.settings import bot_command
from bot.store import DatabaseError

from .common import ToolParser, UsageError, usage_error
from .dbtools import SettingsError, add_db_option, db_path, fail, open_database


def main(argv: list[str]) -> int:
    parser = ToolParser(
        prog=bot_command("migrate"),
        description="Create the database if needed, apply the pending migrations in order and print the "
        "schema version. The bot does the same when it starts.",
    )
    add_db_option(parser)
    try:
        args = parser.parse_args(argv)
        path = db_path(args.db)
        db = asyncio.run(open_database(path))
    except UsageError as exc:
        return usage_error("migrate", exc)
    except (DatabaseError, SettingsError) as exc:
        return fail("migrate", exc)
    asyncio.run(db.close())
    if db.applied:
        done = ", ".join(f"{n:04d}" for n in db.applied)
        print(f"{path}: applied {done}; schema version {db.version}")
    else:
        print(f"{path}: up to date, schema version {db.version}")
    return 0
