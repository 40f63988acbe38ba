"""The engine race: this tree's engine against another tree's (a worktree of an older commit), the
same seeded uniform-random games and the same choices, each side in its own child process
(`bot.cli.race_worker --serve`, one process per side kept alive), game by game: each game is
played by every side in turn before the next one starts, so that the machine's drift (a quarter
of a side's speed from one minute to the next on this VM) falls on both engines alike; a run is
one pass over the games, and the median of the runs is reported. Reported per player count:
turns per CPU second through `new_game`/`pending`/`apply` on both sides, this tree's playout path
when it has one, the mean µs of `apply` plus the next `pending`, and the ratios against the other
tree: of the medians, and run by run (`paired`: each run against the other tree's run beside it,
with every run's figures, since the machine's speed drifts between runs). `python -m bot bench --against PATH` prints it. `playout_figures` measures this tree's playout
path alone from positions of greedy games (short games, not only random ones) and the cost of
`Playout.copy`; `race_section` puts both together for every game `bench` measures.

A game with modules is raced on its default layout; a tree that cannot play it (the baseline has no
modules) gives that game this tree's figures alone, with the other side's one-line reason.
Only this tree is ever imported here: the other one runs in its child processes."""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import bot
from bot.engine import GameSettings, GameState, apply, new_game, pending, view
from bot.engine.components import COLOURS
from bot.engine.modules import default_layout, game_title
from bot.engine.playout import Playout

from .race_worker import pick

HERE = Path(bot.__file__).resolve().parent.parent
WORKER = Path(__file__).resolve().with_name("race_worker.py")


class RaceError(Exception):
    """A side of the race could not run (its message says which and why)."""


class Side:
    """One side of the race: a worker process (`race_worker --serve`) with `tree`'s engine on its
    path, kept alive for the whole race at one player count, that plays the game of each seed it is
    given and answers with its figures. `error` holds its one-line reason when that tree cannot
    play the game (it then plays nothing)."""

    def __init__(self, tree: Path, players: int, *, path: str = "full", modules: str = "") -> None:
        self.name = f"{tree} ({path} path)"
        env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
        argv = [sys.executable, str(WORKER), str(players), "--serve", "--path", path]
        if modules:
            argv += ["--modules", modules, "--layout", default_layout(modules.split(","))]
        self._proc = subprocess.Popen(argv, cwd=tree, env=env, text=True, stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        first = self._read()
        self.error: str | None = first.get("error") if isinstance(first, dict) else None
        if self.error is not None:
            self.close()

    def play(self, seed: int) -> tuple[int, int, int, int]:
        """(turns, decisions, CPU ns of apply + next pending, CPU ns of the game) for one game."""
        assert self._proc.stdin is not None
        try:
            self._proc.stdin.write(f"{seed}\n")
            self._proc.stdin.flush()
        except BrokenPipeError:
            pass  # the worker is gone: `_read` says why
        turns, decisions, click_ns, play_ns = self._read()
        return int(turns), int(decisions), int(click_ns), int(play_ns)

    def _read(self) -> Any:
        assert self._proc.stdout is not None
        line = self._proc.stdout.readline()
        if not line:
            words = self._last_words()
            self.close()
            raise RaceError(f"{self.name}: {words}")
        return json.loads(line)

    def _last_words(self) -> str:
        err = self._proc.stderr.read() if self._proc.stderr is not None else ""
        tail = err.strip().splitlines()[-1:] or [f"the worker stopped (exit {self._proc.wait()})"]
        return tail[0]

    def close(self) -> None:
        for stream in (self._proc.stdin, self._proc.stdout):
            if stream is not None and not stream.closed:
                stream.close()
        self._proc.wait()
        if self._proc.stderr is not None and not self._proc.stderr.closed:
            self._proc.stderr.close()


def play_runs(sides: list[Side], games: int, seed: int, runs: int) -> list[list[dict[str, Any]]]:
    """Each side's figures run by run (`runs` passes over the games of seeds `seed`..): every game
    is played by one side after the other before the next game starts, in turn forwards and
    backwards, so that both engines meet the machine's drift within the same second. A first
    game on each side, not counted, fills the caches every engine fills once."""
    for side in sides:
        side.play(seed)
    figures: list[list[dict[str, Any]]] = [[] for _ in sides]
    for _ in range(runs):
        totals = [[0, 0, 0, 0] for _ in sides]
        for i in range(games):
            order = range(len(sides)) if i % 2 == 0 else range(len(sides) - 1, -1, -1)
            for k in order:
                totals[k] = [a + b for a, b in zip(totals[k], sides[k].play(seed + i), strict=True)]
        for k, (turns, decisions, click_ns, play_ns) in enumerate(totals):
            figures[k].append({"turns": turns, "decisions": decisions, "cpu_s": max(1e-9, play_ns / 1e9),
                               "click_ns": click_ns})
    return figures


def _rates(runs: list[dict[str, Any]]) -> dict[str, float]:
    turns_per_s = statistics.median(r["turns"] / r["cpu_s"] for r in runs)
    click_us = statistics.median(r["click_ns"] / 1000 / r["decisions"] for r in runs)
    return {"turns_per_second": round(turns_per_s, 1), "apply_pending_us": round(click_us, 2)}


def check_tree(against: Path) -> Path:
    """`against` made absolute, once it is known to hold an engine; RaceError otherwise."""
    against = against.resolve()
    if not (against / "bot" / "engine").is_dir():
        raise RaceError(f"{against} holds no bot/engine to race against")
    return against


def race(against: Path, *, players: tuple[int, ...] = (2, 5), games: int = 40, seed: int = 1, runs: int = 5,
         modules: str = "") -> dict[str, Any]:
    """Both engines on the same games, `runs` passes, game by game in turn (`play_runs`); the
    medians and the ratios. With `modules`, a tree that cannot play them leaves this tree's
    figures alone (see the module doc)."""
    against = check_tree(against)
    out: dict[str, Any] = {
        "benchmark": ("seeded uniform-random games, the same choices on both sides, CPU time, each game played "
                      "by every side in turn, median of the runs"),
        "against": str(against), "games": games, "runs": runs, "modules": modules or "base",
        "players": {},
    }
    for n in players:
        sides: list[Side] = []
        try:
            for tree, path in ((against, "full"), (HERE, "full"), (HERE, "playout")):
                sides.append(Side(tree, n, path=path, modules=modules))
            for side in sides[1:] if modules else sides:
                if side.error is not None:
                    raise RaceError(f"{side.name}: {side.error}")
            theirs = sides[0]
            unplayable = f"{theirs.name}: {theirs.error}" if theirs.error is not None else ""
            figures = play_runs(sides[1:] if unplayable else sides, games, seed, runs)
        finally:
            for side in sides:
                side.close()
        if unplayable:
            ours, playouts = figures
            out["players"][str(n)] = _ours_alone(ours, playouts, unplayable)
            continue
        base_runs, ours, playouts = figures
        if any(r["turns"] != base_runs[0]["turns"] for r in ours + playouts):
            raise RaceError(f"the engines played different games at {n} players: not comparable")
        theirs_f, ours_f = _rates(base_runs), _rates(ours)
        entry: dict[str, Any] = {
            "turns": base_runs[0]["turns"],
            "against": theirs_f,
            "full_path": ours_f,
            "full_speed_ratio": round(ours_f["turns_per_second"] / theirs_f["turns_per_second"], 3),
            "apply_pending_ratio": round(ours_f["apply_pending_us"] / theirs_f["apply_pending_us"], 3),
        }
        entry.update(_playout_rates(playouts, ours_f))
        entry["playout_speed_ratio"] = round(entry["playout_turns_per_second"] / theirs_f["turns_per_second"], 3)
        entry["paired"] = _paired(base_runs, ours, playouts)
        out["players"][str(n)] = entry
    return out


def _click_us(run: dict[str, Any]) -> float:
    return float(run["click_ns"]) / 1000 / run["decisions"]


def _paired(theirs: list[dict[str, Any]], ours: list[dict[str, Any]], playouts: list[dict[str, Any]]) -> dict[str, Any]:
    """The ratios run by run: each pass of this tree against the other tree's pass over the same
    games, played game by game beside it (`play_runs`), their median, and every run's figures."""
    click = [_click_us(o) / _click_us(t) for t, o in zip(theirs, ours, strict=True)]
    rates = [(p["turns"] / p["cpu_s"]) / (t["turns"] / t["cpu_s"]) for t, p in zip(theirs, playouts, strict=True)]
    out: dict[str, Any] = {
        "apply_pending_ratio": round(statistics.median(click), 3),
        "apply_pending_ratios": [round(r, 3) for r in click],
        "against_apply_pending_us": [round(_click_us(t), 2) for t in theirs],
        "full_path_apply_pending_us": [round(_click_us(o), 2) for o in ours],
    }
    out["playout_speed_ratio"] = round(statistics.median(rates), 3)
    out["playout_speed_ratios"] = [round(r, 3) for r in rates]
    return out


def _ours_alone(ours: list[dict[str, Any]], playouts: list[dict[str, Any]], reason: str) -> dict[str, Any]:
    """A player count the other tree could not play: this tree's figures, no ratios."""
    if any(r["turns"] != ours[0]["turns"] for r in ours + playouts):
        raise RaceError("this tree's two paths played different games: not comparable")
    ours_f = _rates(ours)
    return {"turns": ours[0]["turns"], "against": {"error": reason}, "full_path": ours_f, **_playout_rates(playouts, ours_f)}


def _playout_rates(playouts: list[dict[str, Any]], ours_f: dict[str, float]) -> dict[str, float]:
    """The playout path's turns per CPU second (the median of the runs) and its speed over this
    tree's own full path on the same games (what a game the other tree cannot play is judged by)."""
    rate = statistics.median(r["turns"] / r["cpu_s"] for r in playouts)
    return {"playout_turns_per_second": round(rate, 1), "playout_over_full_path": round(rate / ours_f["turns_per_second"], 3)}


# ---- this tree's playout path on positions from greedy games ------------------------------------


def greedy_positions(players: int, seed: int, count: int, every: int = 6,
                     expansions: tuple[str, ...] = ()) -> list[GameState]:
    """`count` positions (each with a choice to make) from a seeded game between greedy players:
    one every `every` decisions, so that playouts start from the kind of games people play (the
    game of `expansions`, on its default layout; the base game on the short paths)."""
    from bot.ai import greedy_policy

    layout = default_layout(expansions) if expansions else "short"
    settings = GameSettings.model_validate({"players": players, "expansions": expansions, "layout": layout})
    g = new_game(settings, list(COLOURS[:players]), seed)
    rng = random.Random(seed)
    found: list[GameState] = []
    decisions = 0
    while (d := pending(g)) is not None and len(found) < count:
        decisions += 1
        if decisions % every == 0:
            found.append(g)
        g, _ = apply(g, d.player, d.decision_id, greedy_policy(view(g, d.player), d, rng))
    return found


def playout_figures(players: tuple[int, ...] = (2, 5), positions: int = 6, playouts: int = 20,
                    seed: int = 1, copies: int = 2000, expansions: tuple[str, ...] = ()) -> dict[str, Any]:
    """This tree's playout path from positions of greedy games: uniform-random playouts to the
    end, each on a `Playout.copy()` of the position; turns per CPU second (the copies included)
    and the mean µs of one copy (timed over `copies` copies: reading the CPU clock costs several
    µs here, more than a copy)."""
    out: dict[str, Any] = {
        "benchmark": "uniform-random playouts from positions of seeded greedy games, CPU time",
        "positions": positions, "playouts": playouts, "players": {},
    }
    clock = time.process_time_ns
    for n in players:
        found = greedy_positions(n, seed, positions, expansions=expansions)
        rng = random.Random(seed)
        turns = total_ns = copy_ns = 0
        for g in found:
            root = Playout(g)
            t0 = clock()
            for _ in range(playouts):
                p = root.copy()
                while (codes := p.offered) is not None:
                    p.choose(codes[pick(rng, len(codes))])
                turns += p.state.turns - g.turns
            t1 = clock()
            for _ in range(copies):
                root.copy()
            copy_ns += clock() - t1
            total_ns += t1 - t0
        out["players"][str(n)] = {
            "positions": len(found), "turns": turns,
            "turns_per_second": round(turns / (total_ns / 1e9), 1) if total_ns else 0.0,
            "copy_us": round(copy_ns / 1000 / (copies * len(found)), 2) if found else 0.0,
        }
    return out


# ---- bench's section ----------------------------------------------------------------------------


def race_section(against: Path, games: list[tuple[str, ...]], *, race_games: int = 40, runs: int = 5,
                 seed: int = 1, players: tuple[int, ...] = (2, 5)) -> dict[str, Any]:
    """`bench --against`: for each game (a tuple of modules, () the base game) the race against
    `against` and this tree's playouts from greedy positions (min(20, `race_games`) per position)."""
    against = check_tree(against)
    per_game: dict[str, Any] = {}
    for expansions in games:
        raced = race(against, players=players, games=race_games, seed=seed, runs=runs, modules=",".join(expansions))
        greedy = playout_figures(players, playouts=min(20, race_games), seed=seed, expansions=expansions)
        per_game[game_title(expansions)] = {
            "modules": list(expansions),
            "race": raced["players"],
            "greedy_playouts": greedy["players"],
        }
    return {
        "benchmark": (
            "the same seeded uniform-random games through this tree's playout path and full path "
            "(new_game/pending/apply) and through the other tree's full path, each side in its own "
            "process, CPU time, each game played by every side in turn, the median of the runs; greedy_playouts: uniform-random playouts "
            "from positions of seeded greedy games, each on a Playout.copy(), and the cost of one copy"
        ),
        "against": str(against),
        "games_per_run": race_games,
        "runs": runs,
        "games": per_game,
    }
