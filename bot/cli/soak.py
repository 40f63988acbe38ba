"""``python -m bot soak``: many seeded random games with every invariant checked after every step and
every offered option tried at every step (the test suite samples both; soak does not), each game
also played through the playout path with the same choices and compared with the full path."""

from __future__ import annotations

import multiprocessing
import statistics
import sys
import time
from collections.abc import Iterator

from bot.engine.modules import game_of, game_title
from bot.settings import bot_command

from .common import ToolParser, UsageError, add_modules_argument, modules_from_arguments, usage_error
from .playout import GameReport, check_game, config_for, game_seed

PROGRESS_EVERY = 100
PARALLEL_FROM = 50  # games; below this a second process is not worth starting
WORKERS = 2
CHUNK = 5


def _parser() -> ToolParser:
    parser = ToolParser(
        prog=bot_command("soak"),
        description=(
            "Play many seeded games between uniform-random players across 2-5 players, the layouts of "
            "the game (the base game's four unless --modules names expansions) and the variants, checking the engine's invariants after every step, every offered option at "
            "every step, and that each game replays from its log. Every game is also played through the "
            "playout path (the one computer players use) with the same choices: it must name the same "
            "decider and the same codes in the same order at every step and end in the same state. Game i uses seed S+i; reproduce one "
            "with --games 1 --seed S+i."
        ),
    )
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    add_modules_argument(parser)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    parser.add_argument("--every", type=int, default=1, help="check the invariants every N steps (default 1)")
    parser.add_argument(
        "--option-sample", type=float, default=1.0,
        help="fraction of steps where every offered option is tried and checked (default 1: every step)",
    )
    parser.add_argument("--turn-cap", type=int, default=5000, help="fail a game still running after this")
    parser.add_argument("--workers", type=int, default=WORKERS, help=f"processes for {PARALLEL_FROM}+ games")
    return parser


_Job = tuple[int, int, int, float, int, tuple[str, ...]]


def _run(job: _Job) -> GameReport:
    index, seed, every, option_sample, turn_cap, expansions = job
    return check_game(
        config_for(index, seed, expansions), game_seed(index, seed), every=every, option_sample=option_sample,
        turn_cap=turn_cap, compare_playout=True,
    )


def _reports(jobs: list[_Job], workers: int) -> Iterator[GameReport]:
    if workers <= 1 or len(jobs) < PARALLEL_FROM:
        yield from map(_run, jobs)
        return
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        yield from pool.imap(_run, jobs, chunksize=CHUNK)


def main(argv: list[str]) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        if args.games < 1:
            parser.error("--games must be at least 1")
        if args.every < 1:
            parser.error("--every must be at least 1")
        if args.turn_cap < 1:
            parser.error("--turn-cap must be at least 1")
        if not 0.0 <= args.option_sample <= 1.0:
            parser.error("--option-sample must be between 0 and 1")
        expansions = modules_from_arguments(args, preview=True)  # a module not playable yet is soaked too
    except UsageError as exc:
        return usage_error("soak", exc)
    jobs: list[_Job] = [
        (i, args.seed, args.every, args.option_sample, args.turn_cap, expansions) for i in range(args.games)
    ]
    start = time.perf_counter()
    reports: list[GameReport] = []
    for report in _reports(jobs, args.workers):
        reports.append(report)
        if len(reports) % PROGRESS_EVERY == 0:
            bad = sum(not r.ok for r in reports)
            elapsed = time.perf_counter() - start
            print(f"soak: {len(reports)}/{args.games} games, {bad} failed, {elapsed:.0f} s", file=sys.stderr)
    elapsed = time.perf_counter() - start
    failed = [r for r in reports if not r.ok]
    turns = [r.turns for r in reports]
    game = f", {game_title(expansions)}" if expansions else ""
    if not game_of(expansions).playable:
        game += ", a preview: not playable yet"
    print(f"games: {len(reports)} (seeds {args.seed}..{args.seed + args.games - 1}{game})")
    print(f"failures: {len(failed)}")
    for r in failed:
        first = r.failures[0].splitlines()[0]
        print(f"  {first}")  # starts with the seed and the configuration
        again = ["--modules", ",".join(expansions)] if expansions else []
        print(f"    reproduce: {bot_command('soak', *again, '--games', '1', '--seed', str(r.seed))}")
    print(f"turns per game: min {min(turns)}, median {statistics.median(turns):g}, max {max(turns)}")
    print(f"decisions: {sum(r.decisions for r in reports)}")
    agree = sum(r.playout_agrees for r in reports)
    print(
        f"playout path: same decisions and final state in {agree}/{len(reports)} games "
        f"({sum(r.compared for r in reports)} decisions compared)"
    )
    print(f"elapsed: {elapsed:.1f} s")
    return 1 if failed else 0
