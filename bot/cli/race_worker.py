"""One side of an engine race (`bot.cli.race`), run as a script in a child process whose
``PYTHONPATH`` is the tree under test, so that ``bot`` is that tree's engine: today's or an older
commit's checked out in a worktree. It uses only the engine calls every version has
(`GameSettings`, `new_game`, `pending`, `apply`), plays seeded uniform-random games (the option
picked by index from a seeded generator, so two engines that offer the same options play the same
games) and prints one JSON object: turns, decisions, the CPU seconds of the loop and the
nanoseconds spent in `apply` plus the next `pending` (what every click costs), less what reading the
clock adds to each timed click (``clock_ns``, measured in the same process; the loop's CPU seconds
lose the two readings per click too, so that the full path is not slowed by its own timing).

With ``--path playout`` it plays the same games through the tree's playout path instead
(`bot.engine.playout`, absent in older trees: then it says so and exits 3).

Arguments: players games seed [--modules m1,m2] [--layout name] [--path full|playout].
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from typing import Any


def clock_cost_ns(samples: int = 501) -> int:
    """What reading the CPU clock itself adds to a timed interval (the median of back-to-back
    readings): several µs on some machines, so it is taken off each timed click."""
    clock = time.process_time_ns
    gaps = []
    for _ in range(samples):
        t0 = clock()
        gaps.append(clock() - t0)
    gaps.sort()
    return gaps[samples // 2]


def pick(rng: random.Random, n: int) -> int:
    """The index of the option played among `n`, uniform: one float drawn and scaled, about a
    tenth of `randrange`'s cost (which, at 2 µs a decision, was a tenth of what a playout's turn
    costs), so that what is timed is the engine. Both paths pick the same way."""
    return int(rng.random() * n)


def full_path(settings: Any, players: int, seed: int) -> tuple[int, int, int]:
    """One game through `pending`/`apply`: (turns, decisions, ns in apply + next pending)."""
    from bot.engine import apply, new_game, pending

    rng = random.Random(seed)
    state = new_game(settings, ["red", "blue", "green", "yellow", "white"][:players], seed)
    clock = time.process_time_ns  # CPU time, like the loop's total
    click_ns = 0
    decisions = 0
    d = pending(state)
    while d is not None:
        options = d.options
        code = options[pick(rng, len(options))].code
        t0 = clock()
        state, _ = apply(state, d.player, d.decision_id, code)
        d = pending(state)
        click_ns += clock() - t0
        decisions += 1
    return state.turns, decisions, click_ns


def playout_path(settings: Any, players: int, seed: int) -> tuple[int, int, int]:
    """The same game through the playout path: (turns, decisions, 0)."""
    from bot.engine import new_game

    Playout = importlib.import_module("bot.engine.playout").Playout  # absent in older engines
    rng = random.Random(seed)
    p = Playout(new_game(settings, ["red", "blue", "green", "yellow", "white"][:players], seed))
    decisions = 0
    while (codes := p.offered) is not None:
        p.choose(codes[pick(rng, len(codes))])
        decisions += 1
    return p.state.turns, decisions, 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("players", type=int)
    parser.add_argument("games", type=int)
    parser.add_argument("seed", type=int)
    parser.add_argument("--modules", default="")
    parser.add_argument("--layout", default="short")
    parser.add_argument("--path", choices=("full", "playout"), default="full")
    args = parser.parse_args(argv)
    from bot.engine import GameSettings

    extra: dict[str, Any] = {"expansions": tuple(args.modules.split(","))} if args.modules else {}
    settings = GameSettings(players=args.players, layout=args.layout, **extra)
    if args.path == "playout":
        try:
            importlib.import_module("bot.engine.playout")
        except ImportError:
            print(json.dumps({"error": "this engine has no playout path"}))
            return 3
    play = playout_path if args.path == "playout" else full_path
    turns = decisions = click_ns = 0
    cpu0 = time.process_time()
    for i in range(args.games):
        t, d, c = play(settings, args.players, args.seed + i)
        turns += t
        decisions += d
        click_ns += c
    cpu = time.process_time() - cpu0
    clock_ns = clock_cost_ns() if args.path == "full" else 0
    click_ns = max(0, click_ns - clock_ns * decisions)
    cpu = max(1e-9, cpu - 2 * clock_ns * decisions / 1e9)  # the two readings around each click
    print(json.dumps({"turns": turns, "decisions": decisions, "cpu_s": cpu, "click_ns": click_ns, "clock_ns": clock_ns}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
