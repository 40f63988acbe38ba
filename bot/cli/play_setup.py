"""Setting a local table: a new game (a local lobby, the people joining, the start) or one of the
unfinished local games to resume, all through the game service."""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from pathlib import Path

from bot.engine.components import COLOURS
from bot.engine.settings import GameSettings
from bot.service import Game, GameService, LocalGame
from bot.settings import bot_command

from .local import table_options
from .play_input import Console
from .play_text import resume_lines


class NothingToResume(Exception):
    """`--resume` found no game to continue: the one-line message says why."""


@dataclass(frozen=True, slots=True)
class NewTable:
    settings: GameSettings
    humans: int
    seed: int | None  # None: a secret random seed and a random seating
    hints: bool = True  # whether :hint answers (--no-hints: it does not)


def local_user(colour: str) -> str:
    return f"local:{colour}"


async def new_game(svc: GameService, table: NewTable) -> Game:
    """Create a local lobby, seat the people (each named after a colour of their own), start.

    With a seed the whole game repeats: the people's colours come from the seed and the seating
    is fixed (the people first, in order, then the computers). Without one, the service draws a
    secret seed and seats everyone in a random order, as for a Discord game."""
    first = _colour_rng(table.seed).choice(COLOURS)
    game = await svc.create_lobby(
        creator=local_user(first), creator_name=first.capitalize(),
        options=table_options(table.settings, table.humans).model_copy(update={"hints": table.hints}),
        origin="local", colour=first,
    )
    return await _fill_and_start(svc, game, table.seed)


def _colour_rng(seed: int | None) -> random.Random:
    """The people's colours: from the seed when there is one, else at random."""
    return random.Random(f"colours:{seed}") if seed is not None else secrets.SystemRandom()


async def _fill_and_start(svc: GameService, game: Game, seed: int | None) -> Game:
    """Seat the people still missing from a lobby (a run stopped before the start leaves one)
    and start the game."""
    taken = {s.colour for s in game.seats}
    free = [c for c in COLOURS if c not in taken]
    _colour_rng(seed).shuffle(free)
    while len(game.seats) < game.options.human_seats:
        colour = free.pop()
        game = await svc.join(game.id, local_user(colour), colour.capitalize(), colour=colour)
    return await svc.start(game.id, game.row.creator, seed=seed, shuffle=seed is None)


async def resume_game(
    svc: GameService, console: Console, db: Path, wanted: int | None, seed: int | None
) -> Game:
    """The unfinished local game to continue: `wanted` if given; the only one; on a terminal the
    one the player picks from the list; otherwise the most recently played. A game that was
    created but never started is started now (`seed` applies to it)."""
    games = await svc.local_games()
    if not games:
        raise NothingToResume(nothing_to_resume(db))
    if wanted is not None:
        found = [g for g in games if g.id == wanted]
        if not found:
            numbers = ", ".join(f"#{g.id}" for g in games)
            raise NothingToResume(f"There is no unfinished local game #{wanted} in {db} (unfinished: {numbers}).")
        chosen = found[0]
    else:
        console.say(f"Unfinished local games in {db}, the most recently played first:", *resume_lines(games))
        playable = [g for g in games if not g.problem]
        if not playable:
            raise NothingToResume(games[0].problem)
        chosen = playable[0] if len(games) == 1 or not console.interactive else _pick(console, games, playable[0])
    console.say(f"Continuing game #{chosen.id}.", "")
    game = await svc.load(chosen.id)
    if game.row.status == "lobby":
        game = await _fill_and_start(svc, game, seed)
    return game


def nothing_to_resume(db: Path) -> str:
    return f"There is no unfinished local game in {db}; start one with: {bot_command('play')}"


def _pick(console: Console, games: list[LocalGame], default: LocalGame) -> LocalGame:
    by_id = {g.id: g for g in games}
    while True:
        text = console.ask(f"Which game? Type its number (Enter: #{default.id}) > ")
        if text is None:
            raise NothingToResume("No game chosen.")
        text = text.strip().lstrip("#")
        if not text:
            return default
        if text.isdecimal() and int(text) in by_id:
            return by_id[int(text)]
        console.say(f"{text!r} is not in the list; type one of {', '.join(f'#{g}' for g in by_id)}.")
