"""``python -m bot simulate``: one seeded game between uniform-random players, told line by line."""

from __future__ import annotations

import os
import sys

from bot.engine import result
from bot.engine.settings import RULE_NAMES, VARIANTS

from .common import (
    ToolParser,
    UsageError,
    build_settings,
    check_variants,
    parse_rule,
    plural,
    public_line,
    seat_name,
    usage_error,
)
from .playout import LAYOUTS, GameConfig, play


def _parser() -> ToolParser:
    parser = ToolParser(
        prog="python -m bot simulate",
        description="Play one seeded game between uniform-random players and print what the table sees.",
    )
    parser.add_argument("--players", type=int, default=3, help="2-5 (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    parser.add_argument("--layout", default="short", help=f"{' | '.join(LAYOUTS)} (default short)")
    parser.add_argument(
        "--variant", action="append", default=[], metavar="NAME", help=f"repeatable: {', '.join(VARIANTS)}"
    )
    parser.add_argument(
        "--rule", action="append", default=[], metavar="NAME=VALUE",
        help=f"repeatable; values true/false or text; names: {', '.join(RULE_NAMES)}",
    )
    parser.add_argument("--quiet", action="store_true", help="print only the final standings")
    return parser


def main(argv: list[str]) -> int:
    try:
        return _main(argv)
    except UsageError as exc:
        return usage_error("simulate", exc)
    except BrokenPipeError:  # e.g. piped into `head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    variants = check_variants(args.variant)
    rules = dict(parse_rule(text) for text in args.rule)
    settings = build_settings(args.players, args.layout, variants, rules)
    config = GameConfig(
        players=settings.players, layout=settings.layout, neutral_assistants=settings.neutral_assistants,
        caravan_leader=settings.caravan_leader, rules=rules,
    )
    colours = config.colours()
    game = play(config, args.seed)
    if not args.quiet:
        names = ", ".join(seat_name(colours, seat) for seat in range(len(colours)))
        print(f"Istanbul, {config.label()}, seed {args.seed}: {names}")
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
        print(
            f"  {s.rank}. {seat_name(colours, s.seat)}: {plural(s.rubies, 'ruby', 'rubies')}, "
            f"{s.lira} Lira, {plural(s.goods, 'good')}, {plural(s.cards, 'bonus card')}"
        )
    return 0
