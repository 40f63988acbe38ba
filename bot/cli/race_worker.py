"""One side of an engine race (`bot.cli.race`), run as a script in a child process whose
``PYTHONPATH`` is the tree under test, so that ``bot`` is that tree's engine: today's or an older
commit's checked out in a worktree. It uses only the engine calls every version has
(`GameSettings`, `new_game`, `pending`, `apply`), plays seeded uniform-random games (the option
picked by index from a seeded generator, so two engines that offer the same options play the same
games) and prints one JSON object: turns, decisions, the CPU seconds of playing the games and the
CPU nanoseconds spent in `apply` plus the next `pending` (what every click costs), timed on a
second play of each game with the choices known (`full_path`), so that no clock is read per click.

With ``--path playout`` it plays the same games through the tree's playout path instead
(`bot.engine.playout`, absent in older trees: then it says so and exits 3).

With ``--serve`` it plays one game per seed read from standard input (one seed a line) and
answers each with one JSON line ``[turns, decisions, click_ns, play_ns]``, after a first line
``{"ready": true}`` (or ``{"error": "..."}`` and exit 3 when this tree cannot play the game):
the race keeps one such process per side alive and hands the games out in turn, so that both
engines play each game within the same second of the machine.

Arguments: players games seed [--modules m1,m2] [--layout name] [--path full|playout], or
players --serve [--modules m1,m2] [--layout name] [--path full|playout].
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any


def pick(rng: random.Random, n: int) -> int:
    """The index of the option played among `n`, uniform: one float drawn and scaled, about a
    tenth of `randrange`'s cost (which, at 2 µs a decision, was a tenth of what a playout's turn
    costs), so that what is timed is the engine. Both paths pick the same way."""
    return int(rng.random() * n)


def full_path(settings: Any, players: int, seed: int) -> tuple[int, int, int, int]:
    """One game through `pending`/`apply`: (turns, decisions, CPU ns in apply + next pending, CPU
    ns of the game played).

    The clicks are timed on a second play of the same game, the choices already known: the loop
    does nothing but `apply` and the next `pending`, and is timed whole. Reading the CPU clock
    around each click instead added about a µs of system call to each 10-20 µs measured, and
    its correction (the median cost of a reading) moved from run to run."""
    from bot.engine import apply, new_game, pending

    rng = random.Random(seed)
    colours = ["red", "blue", "green", "yellow", "white"][:players]
    clock = time.process_time_ns  # CPU time
    t0 = clock()
    state = new_game(settings, colours, seed)
    clicks: list[tuple[int, int, str]] = []
    d = pending(state)
    while d is not None:
        options = d.options
        clicks.append((d.player, d.decision_id, options[pick(rng, len(options))].code))
        state, _ = apply(state, d.player, d.decision_id, clicks[-1][2])
        d = pending(state)
    play_ns = clock() - t0
    again = new_game(settings, colours, seed)
    t0 = clock()
    for player, decision_id, code in clicks:
        again, _ = apply(again, player, decision_id, code)
        pending(again)
    return state.turns, len(clicks), clock() - t0, play_ns


def playout_path(settings: Any, players: int, seed: int) -> tuple[int, int, int, int]:
    """The same game through the playout path: (turns, decisions, 0, CPU ns of the game played)."""
    from bot.engine import new_game

    Playout = importlib.import_module("bot.engine.playout").Playout  # absent in older engines
    rng = random.Random(seed)
    t0 = time.process_time_ns()
    p = Playout(new_game(settings, ["red", "blue", "green", "yellow", "white"][:players], seed))
    decisions = 0
    while (codes := p.offered) is not None:
        p.choose(codes[pick(rng, len(codes))])
        decisions += 1
    return p.state.turns, decisions, 0, time.process_time_ns() - t0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("players", type=int)
    parser.add_argument("games", type=int, nargs="?", default=0)
    parser.add_argument("seed", type=int, nargs="?", default=1)
    parser.add_argument("--modules", default="")
    parser.add_argument("--layout", default="short")
    parser.add_argument("--path", choices=("full", "playout"), default="full")
    parser.add_argument("--serve", action="store_true")
    args = parser.parse_args(argv)
    try:
        from bot.engine import GameSettings

        extra: dict[str, Any] = {"expansions": tuple(args.modules.split(","))} if args.modules else {}
        settings = GameSettings(players=args.players, layout=args.layout, **extra)
    except Exception as exc:  # an older tree that cannot play this game: its own words, one line
        print(json.dumps({"error": f"{type(exc).__name__}: {' '.join(str(exc).split())}"}))
        return 3
    if args.path == "playout":
        try:
            importlib.import_module("bot.engine.playout")
        except ImportError:
            print(json.dumps({"error": "this engine has no playout path"}))
            return 3
    play = playout_path if args.path == "playout" else full_path
    if args.serve:
        return serve(play, settings, args.players)
    turns = decisions = click_ns = play_ns = 0
    for i in range(args.games):
        t, d, c, n = play(settings, args.players, args.seed + i)
        turns += t
        decisions += d
        click_ns += c
        play_ns += n
    print(json.dumps({"turns": turns, "decisions": decisions, "cpu_s": max(1e-9, play_ns / 1e9), "click_ns": click_ns}))
    return 0


def serve(play: Callable[[Any, int, int], tuple[int, int, int, int]], settings: Any, players: int) -> int:
    """`--serve`: a game for each seed on standard input, its four figures on standard output."""
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        print(json.dumps(play(settings, players, int(line))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
