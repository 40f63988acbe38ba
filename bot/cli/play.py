"""``python -m bot play``: a game of Istanbul at one keyboard, 1-5 people and computer seats, played
through the game service on the bot's own SQLite database, the same code path a Discord game
takes (service → engine, store, render). See `bot.cli.play_loop` for the game itself."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from pydantic import ValidationError

from bot.ai import Policy
from bot.ai.levels import player_named, player_names
from bot.service import GameService
from bot.settings import bot_command

from .common import (
    ParagraphFormatter,
    ToolParser,
    UsageError,
    add_game_arguments,
    first_error,
    settings_from_arguments,
    usage_error,
)
from .dbtools import SettingsError, add_db_option, db_path, fail, open_database
from .local import table_options, watch_pause
from .play_input import Console
from .play_loop import LocalPlay, Pictures
from .play_setup import NewTable, NothingToResume, new_game, nothing_to_resume, resume_game

EPILOG = """\
how to answer: type the key of an option (or its code, shown beside it when there is room) and Enter. In a
choice of places the key is the place's number (9 is the Tea House wherever it is listed) and
the other options have letters; other choices are numbered 1, 2, 3... Commands start with a
colon: :u undo your last choice, :l recent moves, :s standings, :b the board, :h help on the
place you are at and your cards (:h TOPIC for a place, card or mosque tile), :hint what the
computer would play and why (only the person deciding sees it, after the pass-the-keyboard
screen; --no-hints turns hints off for a new table), :q save and quit.
Every choice is saved as it is made. On a terminal where the board and the question fit
together, the board shows itself when your turn begins.

scripting: when standard input is not a terminal, one answer is read per line and there are no
"pass the keyboard" screens and no board unless :b asks for it; a bad line is answered in one
line and the question asked again; at the end of the input the game is saved and the command
exits 0. Example: printf '9\n2\n:q\n' | python -m bot play --seed 4 moves to the Tea House,
ends the turn there and saves.

resuming: --resume lists the unfinished local games in the database and continues one: the only
one; on a terminal, the one you pick (Enter: the most recently played); with piped input, the
most recently played. --resume ID continues game #ID. A resumed game keeps its own table
options and seed; --ai, --fast, --images and --no-images apply afresh.

watching: --humans 0 seats computer players everywhere and tells their game turn by turn, with a
short pause between turns on a terminal (none with --fast); Ctrl-C stops it, --resume goes on.

seating: without --seed the seed is secret and the seats are drawn at random (the seed is shown
after the game); with --seed S the game repeats exactly for the same answers: the people sit
first, in order, then the computers.
"""


def _parser() -> ToolParser:
    parser = ToolParser(
        prog=bot_command("play"),
        description=(
            "Play Istanbul in this terminal: 1-5 people at one keyboard plus computer seats, "
            "stored in the bot's database so that a game can be stopped and resumed at any moment."
        ),
        epilog=EPILOG,
        formatter_class=ParagraphFormatter,
    )
    add_game_arguments(parser, seed=None)
    parser.add_argument(
        "--humans", type=int, default=1, metavar="K",
        help="seats for people at this keyboard (default 1); the other seats are computer players; "
        "0: watch computer players in every seat",
    )
    parser.add_argument(
        "--fast", action="store_true",
        help="when watching (--humans 0): no pause between turns (there is none when the output is not a terminal)",
    )
    parser.add_argument(
        "--ai", choices=player_names(), default="greedy", metavar="PLAYER",
        help="the computer players: " + ", ".join(player_names()) + " (default greedy; normal is greedy: "
        "the levels are those of Discord's /istanbul new)",
    )
    parser.add_argument(
        "--no-hints", action="store_true",
        help="a new table without hints (:hint, what the computer would play, is refused); a resumed game keeps its own",
    )
    parser.add_argument("--no-images", action="store_true", help="do not write the turn and card pictures")
    parser.add_argument(
        "--images", type=Path, metavar="DIR",
        help="folder for the pictures (default: images/ next to the database)",
    )
    add_db_option(parser)
    parser.add_argument(
        "--resume", nargs="?", type=int, const=0, metavar="ID",
        help="continue an unfinished local game instead of starting one (see below)",
    )
    return parser


def main(argv: list[str]) -> int:
    try:
        return _main(argv)
    except UsageError as exc:
        return usage_error("play", exc)


def _main(argv: list[str]) -> int:
    from bot.service.errors import ServiceError
    from bot.store import DatabaseError

    parser = _parser()
    args = parser.parse_args(argv)
    settings, _rules = settings_from_arguments(args)
    if not 0 <= args.humans <= settings.players:
        parser.error(f"--humans must be between 0 and the number of players ({settings.players})")
    if args.resume is not None and args.resume < 0:
        parser.error("--resume takes a game number")
    table = NewTable(settings, args.humans, args.seed, hints=not args.no_hints)
    try:
        table_options(settings, args.humans)
    except ValidationError as exc:
        raise UsageError(f"invalid settings: {first_error(exc)}") from None
    policy = player_named(args.ai)
    try:
        db = db_path(args.db)
    except SettingsError as exc:
        return fail("play", exc)
    if args.resume is not None and not db.exists():  # do not create an empty database just to say so
        print(nothing_to_resume(db), file=sys.stderr)
        return 1
    images = None if args.no_images else (args.images or db.parent / "images")
    console = Console(sys.stdin.isatty())
    db_args = ["--db", str(args.db)] if args.db is not None else []
    try:
        session = _session(db, (args.ai, policy), table, args.resume, images, console, db_args, watch_pause(args.fast))
        return asyncio.run(session)
    except KeyboardInterrupt:  # Ctrl-C while the computers play (at a question the game says it itself)
        print(f"\nStopped. Every choice made so far is saved; continue with: {bot_command('play', '--resume', *db_args)}")
        return 130
    except NothingToResume as exc:
        print(exc, file=sys.stderr)
        return 1
    except (DatabaseError, ServiceError) as exc:
        return fail("play", exc)


async def _session(
    db: Path, computer: tuple[str, Policy], table: NewTable, resume: int | None, images: Path | None,
    console: Console, db_args: list[str], pause: float,
) -> int:
    name, policy = computer  # the player as --ai named it, and the player
    svc = GameService(await open_database(db), grace_seconds=0, policy=policy)
    try:
        if resume is None:
            game = await new_game(svc, table)
        else:
            game = await resume_game(svc, console, db, resume or None, table.seed)
        pictures = Pictures(images, console) if images is not None else None
        hint = bot_command("play", "--resume", str(game.id), *db_args)
        return await LocalPlay(
            svc, game, console, pictures, hint, pause, resumed=resume is not None, computer=name
        ).run(game)
    finally:
        await svc.close()
