"""``python -m bot sync [--guild ID]``: register the ``/istanbul`` commands with Discord."""

from __future__ import annotations

import sys

from bot.settings import SettingsError, bot_command, load_settings

from .common import ToolParser, UsageError, usage_error


def main(argv: list[str]) -> int:
    parser = ToolParser(
        prog=bot_command("sync"),
        description=(
            "Register (or update) the /istanbul slash commands with Discord: in one server at once with "
            "--guild ID (default: DEV_GUILD_ID), or for every server (Discord may take up to an hour)."
        ),
    )
    parser.add_argument("--guild", type=int, metavar="ID", help="a server's id (default: DEV_GUILD_ID, if set)")
    parser.add_argument("--everywhere", action="store_true", help="register globally even when DEV_GUILD_ID is set")
    try:
        args = parser.parse_args(argv)
        if args.guild is not None and args.guild <= 0:
            parser.error("--guild must be a server id")
        if args.guild is not None and args.everywhere:
            parser.error("--guild and --everywhere exclude each other")
    except UsageError as exc:
        return usage_error("sync", exc)
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    if not settings.has_token:
        print(f"sync: no DISCORD_TOKEN is set (see `{bot_command('run')}` for how to get one).", file=sys.stderr)
        return 2
    guild = None if args.everywhere else (args.guild or settings.dev_guild_id)
    from bot.discord_ui import sync_commands

    return sync_commands(settings, guild)
