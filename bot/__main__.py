"""Entry point: ``python -m bot <command> …``.

``run`` is handled here; the local tools (``_TOOLS`` below: ``play``, ``simulate``, ``render``,
``bench`` and the rest) live in ``bot.cli`` and are imported only when asked for, so ``run`` works
whatever else exists.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from bot.settings import SettingsError, bot_command, load_settings

_TOOLS: dict[str, str] = {
    "simulate": "play one seeded game between computer players and print it (--db: through the store)",
    "soak": "play many seeded games and check the engine's invariants",
    "bench": "print performance figures",
    "migrate": "bring the database up to date and print its schema version",
    "backup": "copy the database while the bot may be running",
    "render": "play a seeded game to a turn and write its turn image and private images",
    "arena": "play seeded games between computer players and print who wins",
    "play": "play a game in this terminal: people at one keyboard against computer players",
    "sync": "register the /istanbul commands with Discord (in one server with --guild ID, or everywhere)",
}

_NO_TOKEN_HELP = """\
No Discord bot token is set, so the bot cannot connect to Discord.

To get one:
  1. Open https://discord.com/developers/applications and create a new application.
  2. On its "Bot" page, reset the token and copy it.
  3. Put it in a file named .env in this folder:   DISCORD_TOKEN=<your token>
     (see .env.example; an environment variable of the same name works too).
  4. Invite the bot: on the "OAuth2" page pick the scopes "bot" and "applications.commands" and
     the bot permissions View Channels, Send Messages, Embed Links and Attach Files; open the
     generated URL and choose your server.
  5. Run this command again. The first start registers the /istanbul commands (Discord may take
     up to an hour to show them everywhere; set DEV_GUILD_ID for one server at once).

Without Discord you can play right here in the terminal, against computer players:
  {play}
      you and 2 computer players (every option: {play} --help)
  {play} --resume
      continue a game you stopped
"""


def _run_tool(name: str, argv: list[str]) -> int:
    """Import ``bot.cli.<name>`` and call its ``main(argv)``. Output closed early (piped into
    ``head``) ends the tool quietly with exit code 1, whichever tool it is."""
    module_name = f"bot.cli.{name}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name != module_name:
            raise
        print(f"The '{name}' command is not built yet.", file=sys.stderr)
        return 2
    tool_main: Callable[[list[str]], int] = module.main
    try:
        return tool_main(argv)
    except BrokenPipeError:
        from bot.cli.common import output_closed

        return output_closed()


def _ask_yes(question: str) -> bool:
    try:
        answer = input(question).strip().lower()
    except (EOFError, KeyboardInterrupt):
        print()
        return False
    return answer in ("", "y", "yes")


def _run() -> int:
    try:
        settings = load_settings()
    except SettingsError as exc:
        print(exc, file=sys.stderr)
        return 2
    if settings.has_token:
        from bot.cli.dbtools import database_problem
        from bot.discord_ui import run_bot

        if (problem := database_problem(settings.db_path)) is not None:
            print(f"run: {problem}", file=sys.stderr)
            return 2
        return run_bot(settings)
    print(_NO_TOKEN_HELP.format(play=bot_command("play")))
    if sys.stdin.isatty() and _ask_yes("Play a game against two computer players now? [Y/n] "):
        print()
        return _run_tool("play", ["--players", "3", "--humans", "1"])
    return 0


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=bot_command(), description="Istanbul bot and local tools.")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    commands.add_parser("run", help="start the Discord bot (or explain how to set it up)")
    for name, help_text in _TOOLS.items():
        # The tool parses its own options (including -h), so this parser passes them through.
        commands.add_parser(name, help=help_text, add_help=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` (default: ``sys.argv[1:]``) and run the command; returns the exit code."""
    parser = _build_parser()
    args, rest = parser.parse_known_args(list(sys.argv[1:] if argv is None else argv))
    command: str = args.command
    if command == "run":
        if rest:
            parser.error(f"unrecognized arguments: {' '.join(rest)}")
        return _run()
    return _run_tool(command, rest)


if __name__ == "__main__":
    sys.exit(main())
