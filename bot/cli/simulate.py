"""``python -m bot simulate``: one seeded game between uniform-random players, told line by line.

Without ``--db`` the engine alone plays; with ``--db PATH`` the game is played through the game
service and stored in that database (see `bot.cli.simulate_db`), and ``--resume`` continues it."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.ai.levels import player_names
from bot.engine import result
from bot.settings import bot_command

from .common import (
    ToolParser,
    UsageError,
    add_game_arguments,
    public_line,
    seat_name,
    settings_from_arguments,
    standing_line,
    usage_error,
)
from .dbtools import fail
from .local import watch_pause
from .playout import colours_of, game_label, play
from .simulate_db import SimulateDb


def _parser() -> ToolParser:
    parser = ToolParser(
        prog=bot_command("simulate"),
        description=(
            "Play one seeded game between uniform-random players and print what the table sees. With --db, "
            "through the game service and the database: seats for local people choosing at random and "
            "computer seats (the greedy player unless --ai random)."
        ),
    )
    add_game_arguments(parser)
    parser.add_argument("--quiet", action="store_true", help="print only the final standings")
    parser.add_argument(
        "--db", type=Path, metavar="PATH",
        help="play through the game service and store the game in this SQLite database",
    )
    parser.add_argument(
        "--resume", action="store_true",
        help="with --db: continue the newest unfinished local game there (its own options and seed apply)",
    )
    parser.add_argument(
        "--humans", type=int, default=1, metavar="K",
        help="with --db: seats played by local people making random choices; the others are computer "
        "seats (default 1); 0: a game to watch, computer players in every seat",
    )
    parser.add_argument(
        "--ai", choices=player_names(), metavar="PLAYER",
        help="with --db: the computer seats' player: " + ", ".join(player_names()) + " (default greedy, as in play)",
    )
    parser.add_argument(
        "--fast", action="store_true",
        help="with --db --humans 0: no pause between turns (there is none when the output is not a terminal)",
    )
    parser.add_argument(
        "--steps", type=int, metavar="N",
        help="with --db: stop after N choices or computer turns, leaving the game to --resume",
    )
    return parser


def main(argv: list[str]) -> int:
    try:
        return _main(argv)
    except UsageError as exc:
        return usage_error("simulate", exc)


def _main(argv: list[str]) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    settings, _rules = settings_from_arguments(args)
    if args.resume and args.db is None:
        parser.error("--resume needs --db")
    if args.db is not None:
        if not 0 <= args.humans <= settings.players:
            parser.error(f"--humans must be between 0 and the number of players ({settings.players})")
        if args.steps is not None and args.steps < 0:
            parser.error("--steps must be at least 0")
        pause = watch_pause(args.fast or args.quiet)
        job = SimulateDb(args.db, args.resume, settings, args.humans, args.seed, args.quiet, args.steps, args.ai or "greedy", pause)
        return _with_db(job)
    for name, given in (("steps", args.steps is not None), ("ai", args.ai is not None), ("fast", args.fast)):
        if given:
            parser.error(f"--{name} needs --db")
    colours = colours_of(settings)
    game = play(settings, args.seed)
    if not args.quiet:
        names = ", ".join(seat_name(colours, seat) for seat in range(len(colours)))
        print(f"Istanbul, {game_label(settings)}, seed {args.seed}: {names}")
        for event in game.events:
            line = public_line(event, colours)
            if line is not None:
                print(line)
        print()
    state = game.state
    if not state.finished:
        print(f"The game was stopped unfinished after {state.turns} turns.")
    print(f"Final standings after {state.turns} turns ({state.round} rounds):")
    for s in result(state):
        print(standing_line(s, seat_name(colours, s.seat)))
    return 0


def _with_db(job: SimulateDb) -> int:
    from bot.service.errors import ServiceError
    from bot.store import DatabaseError

    from .simulate_db import run

    try:
        return asyncio.run(run(job))
    except (DatabaseError, ServiceError) as exc:
        return fail("simulate", exc)
