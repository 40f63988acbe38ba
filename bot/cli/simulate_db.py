"""``python -m bot simulate --db PATH [--resume]``: a game played through the service and the
store, so that killing the process at any moment and resuming can be tried by hand. The "local
people" choose at random; the computer seats are the greedy player (as in ``play`` and on
Discord) unless ``--ai random``; with no people it is a game to watch.

Every choice comes from a generator seeded by the game's seed and the log position it is made
at, and computer seats move one turn at a time seeded the same way (`bot.cli.local`): a game that
is killed and resumed any number of times plays out exactly as one that never was.
"""

from __future__ import annotations

import sys
from asyncio import sleep
from dataclasses import dataclass
from pathlib import Path

from bot import engine
from bot.ai.levels import player_named
from bot.engine.settings import GameSettings
from bot.service import Game, GameService
from bot.service.errors import DamagedGame

from .common import plural, standing_line
from .dbtools import open_database
from .local import choice_rng, computer_turn, table_options
from .playout import game_label

LOCAL_USER = "local:Player{}"


@dataclass(slots=True)
class SimulateDb:
    """What `simulate` asks for when it is given `--db`."""

    path: Path
    resume: bool
    settings: GameSettings
    humans: int
    seed: int
    quiet: bool
    steps: int | None = None  # stop after this many choices or computer turns
    ai: str = "greedy"  # the computer seats' player
    pause: float = 0.0  # between the turns of a game to watch (no people)


async def run(job: SimulateDb) -> int:
    svc = GameService(await open_database(job.path), grace_seconds=0, policy=player_named(job.ai))
    try:
        game = await _game_to_play(svc, job)
        await _play(svc, game, job)
    finally:
        await svc.close()
    return 0


async def _game_to_play(svc: GameService, job: SimulateDb) -> Game:
    if job.resume:
        for row in await svc.games(("lobby", "active"), origin="local"):
            try:
                game = await svc.load(row.id)
            except DamagedGame as exc:  # the others can still be played
                print(f"{exc} Skipped.", file=sys.stderr)
                continue
            if game.row.status == "lobby":
                return await _fill_and_start(svc, game, job.seed)
            print(f"Resuming game #{game.id} in {job.path} after {plural(game.row.seq, 'event')}.")
            return game
        print(f"No unfinished local game in {job.path}: starting a new one.", file=sys.stderr)
    game = await svc.create_lobby(
        creator=LOCAL_USER.format(1), creator_name="Player1", origin="local",
        options=table_options(job.settings, job.humans),
    )
    return await _fill_and_start(svc, game, job.seed)


async def _fill_and_start(svc: GameService, game: Game, seed: int) -> Game:
    """Join the missing local players (a run killed before the start left a lobby) and start."""
    for k in range(len(game.seats) + 1, game.options.human_seats + 1):
        game = await svc.join(game.id, LOCAL_USER.format(k), f"Player{k}")
    return await svc.start(game.id, LOCAL_USER.format(1), seed=seed, shuffle=False)


async def _play(svc: GameService, game: Game, job: SimulateDb) -> None:
    gid = game.id
    seed = game.row.seed
    assert seed is not None and game.state is not None
    last = game.row.seq
    if not job.quiet:
        table = ", ".join(f"{s.name} ({(s.colour or '?').capitalize()})" for s in game.seats)
        print(f"Istanbul game #{gid}, {_label(game)}, seed {seed}: {table}")
    steps = 0
    while True:
        game = await svc.load(gid)
        d = engine.pending(game.state) if game.state is not None and game.row.status == "active" else None
        if d is None:
            break
        if job.steps is not None and steps >= job.steps:
            print(f"Stopped after {plural(steps, 'step')} at event {game.row.seq}; continue with --resume.")
            return
        steps += 1
        seat = game.seats[d.player]
        if seat.played_by_computer:
            await computer_turn(svc, game)
            if job.pause and not any(s.kind != "ai" for s in game.seats):
                await sleep(job.pause)
        else:
            assert seat.user_id is not None
            code = choice_rng(seed, game.row.seq, "human").choice(d.codes())
            await svc.submit(gid, seat.user_id, d.decision_id, code)
        if not job.quiet:
            last = await _print_lines(svc, gid, last)
    await _print_end(svc, game, job.quiet)


async def _print_lines(svc: GameService, gid: int, after: int) -> int:
    for seq, line in await svc.lines(gid, after_seq=after):
        print(line)
        after = seq
    return after


async def _print_end(svc: GameService, game: Game, quiet: bool) -> None:
    if not quiet:
        print()
    if game.row.status == "abandoned" or game.state is None:
        print(f"Game #{game.id} was abandoned.")
        return
    state = game.state
    print(f"Final standings of game #{game.id} after {state.turns} turns ({state.round} rounds):")
    for p in await svc.results(game.id):
        print(standing_line(p.standing, p.name))


def _label(game: Game) -> str:
    """The stored game's options, worded as `simulate` without --db words them."""
    return game_label(game.options.engine_settings(len(game.seats)))
