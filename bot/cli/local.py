"""What the local tools that play through the game service (``play`` and ``simulate --db``) share:
the table options of a new local game and a computer seat's seeded turn."""

from __future__ import annotations

import random
import sys
from collections.abc import AsyncGenerator
from contextlib import aclosing
from typing import cast

from bot.engine.settings import GameSettings
from bot.service import Game, GameService, Outcome, TableOptions


def table_options(settings: GameSettings, humans: int) -> TableOptions:
    """A local table for `settings` with `humans` seats for people and computers in the rest;
    with no people, a game to watch (raises pydantic's ValidationError for a table the service
    refuses)."""
    return TableOptions(
        seats=settings.players, computers=settings.players - humans, expansions=settings.expansions,
        layout=settings.layout,
        neutral_assistants=settings.neutral_assistants, caravan_leader=settings.caravan_leader,
        rules=settings.rules, watched=humans == 0,
    )


WATCH_PAUSE_SECONDS = 1.5  # between the turns of a watched game on a terminal


def watch_pause(fast: bool) -> float:
    """The pause between two turns of a game someone watches: none with --fast or when the
    output is not a terminal (a file or a pipe reads at its own pace)."""
    return 0.0 if fast or not sys.stdout.isatty() else WATCH_PAUSE_SECONDS


def choice_rng(seed: int, seq: int, who: str) -> random.Random:
    """The generator for the choice made at log position `seq` of the game with `seed`."""
    return random.Random(f"{who}:{seed}:{seq}")


async def computer_turn(svc: GameService, game: Game) -> None:
    """Play the turn of the computer seat that decides in `game` (as just loaded) through the
    service, seeded by the game's seed and log position: a game stopped and resumed any number of
    times plays on exactly as one that never was. A grace period left on the database by another
    program (a Discord bot) is cleared first: a local game does not wait."""
    seed = game.row.seed
    assert seed is not None
    if await _one_turn(svc, game.id, seed, game.row.seq):
        return
    await svc.clear_timer(game.id, "grace")
    if not await _one_turn(svc, game.id, seed, game.row.seq):
        raise RuntimeError(f"the computer seat of game #{game.id} does not move")


async def _one_turn(svc: GameService, gid: int, seed: int, seq: int) -> bool:
    """One computer turn from `svc.computer_turns`; False when the service plays none."""
    turn_seed = choice_rng(seed, seq, "computer").getrandbits(62)
    turns = cast(AsyncGenerator[Outcome, None], svc.computer_turns(gid, seed=turn_seed))
    async with aclosing(turns):
        async for _ in turns:
            return True
    return False
