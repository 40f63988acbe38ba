"""``python -m bot arena``: seeded games between computer players (engine only, no database), with
the wins and mean rubies of each entrant and policy, the capped games and the decision times.

Entrant j is the j-th name of ``--seats``. Game i uses seed S+i, and entrant j sits at seat
(j + i) mod players, so every entrant starts as often as the others (over a multiple of the
player count). Each entrant draws from its own generator, seeded from the game's seed and the
entrant, so one policy's choices never shift another's. A game still running after the turn cap
is stopped and ranked by its current standings. A game won by k players (still tied after every
tie-breaker) gives each of them 1/k of a win.

A game depends on nothing but its seed, its rotation and the policies (the strong player's work
is a budget of engine calls, ``--strong-budget``), so ``--jobs N`` plays the games in N worker
processes and prints the same table as one process would; only the times differ. The report
adds the winners' mean rounds per policy, how often the strong player's time cap fired, and the
CPU time of the whole run (workers included), for CPU-hours per row.
"""

from __future__ import annotations

import functools
import random
import resource
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from bot.ai import STRONG_BUDGET, Policy, get_policy, strong_policy
from bot.ai.strong import cap_fired
from bot.engine import GameSettings, apply, new_game, pending, result, view
from bot.engine.components import COLOURS
from bot.engine.modules import game_title
from bot.settings import bot_command

from .common import (
    ToolParser,
    UsageError,
    add_game_arguments,
    add_strong_budget_argument,
    plural,
    settings_from_arguments,
    usage_error,
)

DEFAULT_TURN_CAP = 400  # player turns; a 4-player game between greedy players ends near turn 80
PROGRESS_EVERY = 20


@dataclass(slots=True)
class Match:
    """One game's outcome, by entrant."""

    rubies: list[int]
    wins: list[float]  # 1 for a sole winner, 1/k for each of k tied winners, else 0
    turns: int
    capped: bool
    rounds: int = 0  # the round the game ended in (or was stopped in)
    time_caps: int = 0  # strong decisions the time cap cut short in this game


@dataclass(slots=True)
class DecisionTimes:
    """Seconds per decision with two or more options, by policy name: wall-clock time, and the
    CPU time of the deciding thread (the same on an idle machine; on a busy one the CPU time still
    tells what a decision costs on one core). `calls` counts every call, lone options included."""

    wall: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    cpu: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    calls: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def summary(self, name: str) -> dict[str, float]:
        wall, cpu = self.wall.get(name, []), self.cpu.get(name, [])
        if not wall:
            return {"decisions": 0}
        return {
            "decisions": len(wall),
            "p50_ms": percentile_ms(wall, 0.5),
            "p95_ms": percentile_ms(wall, 0.95),
            "max_ms": percentile_ms(wall, 1.0),
            "cpu_p50_ms": percentile_ms(cpu, 0.5),
            "cpu_p95_ms": percentile_ms(cpu, 0.95),
        }

    def merge(self, other: DecisionTimes) -> None:
        """Add `other`'s samples (a worker's) to these."""
        for name, samples in other.wall.items():
            self.wall[name].extend(samples)
        for name, samples in other.cpu.items():
            self.cpu[name].extend(samples)
        for name, count in other.calls.items():
            self.calls[name] += count


def entrant_rng(seed: int, entrant: int) -> random.Random:
    return random.Random(f"arena:{seed}:{entrant}")


def entrant_policy(name: str, strong_budget: int | None = None) -> Policy:
    """The policy called `name`; the strong player on `strong_budget` engine calls when given."""
    if name == "strong" and strong_budget is not None:
        return functools.partial(strong_policy, budget=strong_budget)
    return get_policy(name)


def play_match(
    settings: GameSettings, names: list[str], seed: int, turn_cap: int, times: DecisionTimes | None = None,
    rotation: int = 0, strong_budget: int | None = None,
) -> Match:
    """One seeded game: entrant j (policy `names[j]`) sits at seat (j + rotation) mod players."""
    n = len(names)
    seat_of = [(j + rotation) % n for j in range(n)]
    entrant_at = {seat: j for j, seat in enumerate(seat_of)}
    policies: list[Policy] = [entrant_policy(name, strong_budget) for name in names]
    rngs = [entrant_rng(seed, j) for j in range(n)]
    state = new_game(settings, list(COLOURS[:n]), seed)
    caps = cap_fired()
    wall, cpu = time.perf_counter, time.thread_time
    while (d := pending(state)) is not None and state.turns <= turn_cap:
        j = entrant_at[d.player]
        w0, c0 = wall(), cpu()
        code = policies[j](view(state, d.player), d, rngs[j])
        if times is not None:
            w1, c1 = wall(), cpu()
            times.calls[names[j]] += 1
            if len(d.options) > 1:
                times.wall[names[j]].append(w1 - w0)
                times.cpu[names[j]].append(c1 - c0)
        state, _ = apply(state, d.player, d.decision_id, code)
    standings = {s.seat: s for s in result(state)}
    winners = [j for j in range(n) if standings[seat_of[j]].rank == 1]
    return Match(
        rubies=[standings[seat_of[j]].rubies for j in range(n)],
        wins=[1 / len(winners) if j in winners else 0.0 for j in range(n)],
        turns=state.turns,
        capped=not state.finished,
        rounds=state.round,
        time_caps=cap_fired() - caps,
    )


@dataclass(frozen=True, slots=True)
class Series:
    """The games of one `arena` run: game i uses seed `seed` + i and rotation i."""

    settings: GameSettings
    names: tuple[str, ...]
    seed: int
    turn_cap: int
    strong_budget: int | None = None

    def game(self, i: int) -> tuple[Match, DecisionTimes]:
        times = DecisionTimes()
        match = play_match(
            self.settings, list(self.names), self.seed + i, self.turn_cap, times, rotation=i,
            strong_budget=self.strong_budget,
        )
        return match, times


def play_series(series: Series, games: int, jobs: int = 1) -> Iterator[tuple[Match, DecisionTimes]]:
    """The series' games in order, played in `jobs` worker processes (1: in this process). Every
    game depends only on its seed and rotation, so the outcomes do not depend on `jobs`."""
    if jobs == 1:
        for i in range(games):
            yield series.game(i)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(series.game, range(games))


def percentile_ms(samples: list[float], q: float) -> float:
    """The q-quantile (0..1) of `samples` (seconds) in milliseconds, nearest rank."""
    ordered = sorted(samples)
    k = min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))
    return round(1000 * ordered[k], 1)


def _parser() -> ToolParser:
    parser = ToolParser(
        prog=bot_command("arena"),
        description=(
            "Play seeded games between computer players (engine only, no database) and print each "
            "entrant's and each policy's wins and mean rubies, the games stopped at the turn cap and "
            "the decision times. Entrants rotate seats from game to game (entrant j sits at seat "
            "(j + i) mod players in game i), so no policy always starts; a game shared by k winners "
            "gives each 1/k of a win."
        ),
    )
    add_game_arguments(parser, players=4)
    parser.add_argument("--games", type=int, default=200, help="how many games (default 200)")
    parser.add_argument(
        "--seats", metavar="P1,P2,...",
        help="one policy per player, comma-separated: random | greedy | strong (default: greedy, then random)",
    )
    parser.add_argument(
        "--jobs", type=int, default=1, metavar="N",
        help="play N games at a time in worker processes (default 1: one at a time, in this process); "
        "the games and the table are the same whatever N",
    )
    add_strong_budget_argument(parser)
    parser.add_argument(
        "--turn-cap", type=int, default=DEFAULT_TURN_CAP, metavar="N",
        help=f"stop a game after N player turns and rank its current standings (default {DEFAULT_TURN_CAP})",
    )
    return parser


def _seats(text: str | None, players: int) -> list[str]:
    if text is None:
        return ["greedy"] + ["random"] * (players - 1)
    names = [name.strip() for name in text.split(",")]
    if len(names) != players:
        raise UsageError(f"--seats names {plural(len(names), 'policy', 'policies')} for {players} players")
    for name in names:
        try:
            get_policy(name)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
    return names


def main(argv: list[str]) -> int:
    parser = _parser()
    try:
        args = parser.parse_args(argv)
        settings, _rules = settings_from_arguments(args)
        if args.games < 1:
            parser.error("--games must be at least 1")
        if args.turn_cap < 1:
            parser.error("--turn-cap must be at least 1")
        if args.jobs < 1:
            parser.error("--jobs must be at least 1")
        if args.strong_budget is not None and args.strong_budget < 1:
            parser.error("--strong-budget must be at least 1")
        names = _seats(args.seats, settings.players)
    except UsageError as exc:
        return usage_error("arena", exc)
    times = DecisionTimes()
    matches: list[Match] = []
    start, cpu_start = time.perf_counter(), time.process_time()
    series = Series(settings, tuple(names), args.seed, args.turn_cap, args.strong_budget)
    for i, (match, game_times) in enumerate(play_series(series, args.games, args.jobs)):
        matches.append(match)
        times.merge(game_times)
        if (i + 1) % PROGRESS_EVERY == 0 and i + 1 < args.games:
            print(f"arena: {i + 1}/{args.games} games, {time.perf_counter() - start:.0f} s", file=sys.stderr)
    cpu = time.process_time() - cpu_start + _children_cpu()
    _report(settings, names, matches, times, args.seed, args.turn_cap, time.perf_counter() - start)
    if "strong" in names:
        budget = STRONG_BUDGET if args.strong_budget is None else args.strong_budget
        fired = sum(m.time_caps for m in matches)
        print(f"strong player: budget {budget} engine calls per decision; time cap fired {fired} times")
    print(f"CPU time: {cpu / 3600:.3f} hours ({args.jobs} job{'s' if args.jobs > 1 else ''})")
    return 0


def _children_cpu() -> float:
    """CPU seconds used by finished worker processes (`--jobs`)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _report(
    settings: GameSettings, names: list[str], matches: list[Match], times: DecisionTimes, seed: int, cap: int,
    elapsed: float,
) -> None:
    games = len(matches)
    n = len(names)
    game = f"{game_title(settings.expansions)}, " if settings.expansions else ""
    print(
        f"arena: {plural(games, 'game')}, {game}{n} players, layout {settings.layout}, "
        f"seeds {seed}..{seed + games - 1}, turn cap {cap}"
    )
    print(f"seats rotate: in game i (from 0), entrant j sits at seat (j + i) mod {n}")
    print(f"{'entrant':<10}{'policy':<10}{'wins':>8}{'win %':>8}{'mean rubies':>13}")
    for j, name in enumerate(names):
        wins = sum(m.wins[j] for m in matches)
        rubies = statistics.fmean(m.rubies[j] for m in matches)
        print(f"{j + 1:<10}{name:<10}{wins:>8.2f}{100 * wins / games:>7.1f}%{rubies:>13.2f}")
    print("by policy:")
    for name in dict.fromkeys(names):
        mine = [j for j, other in enumerate(names) if other == name]
        wins = sum(m.wins[j] for m in matches for j in mine)
        rubies = statistics.fmean(m.rubies[j] for m in matches for j in mine)
        share = 100 * wins / games
        won = [(m.wins[j], m.rounds) for m in matches for j in mine if m.wins[j] > 0]
        rounds = f", mean rounds to win {sum(w * r for w, r in won) / sum(w for w, _ in won):.1f}" if won else ""
        print(
            f"  {name} ({plural(len(mine), 'seat')}): {wins:.2f} wins in {games} games ({share:.1f}%), "
            f"mean rubies {rubies:.2f} per seat{rounds}"
        )
    print("shared wins: a game won by k players (tied after every tie-breaker) gives each 1/k of a win")
    capped = sum(m.capped for m in matches)
    print(f"capped games: {capped} (stopped after {cap} turns and ranked by their current standings)")
    print(f"turns per game: median {statistics.median(m.turns for m in matches):g}, max {max(m.turns for m in matches)}")
    for name in dict.fromkeys(names):
        figures = times.summary(name)
        if name == "random" or not figures["decisions"]:
            continue
        print(
            f"{name} decision time ({figures['decisions']:g} decisions with 2+ options of "
            f"{times.calls[name]} calls): p50 {figures['p50_ms']} ms, p95 {figures['p95_ms']} ms, "
            f"max {figures['max_ms']} ms; CPU time p50 {figures['cpu_p50_ms']} ms, "
            f"p95 {figures['cpu_p95_ms']} ms"
        )
    print(f"elapsed: {elapsed:.1f} s")
