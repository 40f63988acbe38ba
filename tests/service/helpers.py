"""Helpers shared by the service tests: a fake clock, ready-made tables, a fingerprint of the
whole database (to show that a refused input wrote nothing) and random play through the service."""

from __future__ import annotations

import random
from typing import Any

from bot import engine
from bot.service import Game, GameService, Outcome

START = 1_700_000_000.0


class FakeClock:
    """A clock that moves only when the test says so."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


async def local_table(
    svc: GameService, *, people: int = 2, computers: int = 0, seed: int = 5, **options: Any
) -> Game:
    """A started local game whose seats are the people in join order ("p0", "p1", ...; names
    Ann, Bob, Cem, Dan, Eda), then the computers; the creator is "p0"."""
    names = ["Ann", "Bob", "Cem", "Dan", "Eda"]
    game = await svc.create_lobby(
        creator="p0", creator_name=names[0], origin="local",
        options={"seats": people + computers, "computers": computers, **options},
    )
    for i in range(1, people):
        game = await svc.join(game.id, f"p{i}", names[i])
    return await svc.start(game.id, "p0", seed=seed, shuffle=False)


def decision(game: Game) -> engine.Decision:
    d = engine.pending(game.state) if game.state is not None else None
    assert d is not None, "the game has no pending decision"
    return d


def decider_user(game: Game) -> str:
    """The user id of the seat that decides now (None for a computer seat is an error here)."""
    user = game.seats[decision(game).player].user_id
    assert user is not None
    return user


async def fingerprint(svc: GameService) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table (those of later migrations too), to compare before and after a
    refused input."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    async with svc.db.read() as conn:
        tables = await conn.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
        for (table,) in tables:
            rows = await conn.execute_fetchall(f'SELECT * FROM "{table}"')
            out[table] = sorted((tuple(r) for r in rows), key=repr)
    assert {"games", "seats", "events", "snapshots", "timers", "messages", "user_settings"} <= set(out)
    return out


async def event_kinds(svc: GameService, game_id: int) -> list[str]:
    async with svc.db.read() as conn:
        rows = await conn.execute_fetchall("SELECT kind FROM events WHERE game_id = ? ORDER BY seq", (game_id,))
    return [r[0] for r in rows]


async def random_choice(svc: GameService, game_id: int, rng: random.Random) -> Outcome:
    """The seat that decides now (a person) makes a random legal choice."""
    game = await svc.load(game_id)
    d = decision(game)
    return await svc.submit(game_id, decider_user(game), d.decision_id, rng.choice(d.codes()))


async def finish_turn(svc: GameService, game_id: int, rng: random.Random) -> list[Outcome]:
    """The person deciding now makes random choices until someone else decides (or the end)."""
    game = await svc.load(game_id)
    seat = decision(game).player
    done: list[Outcome] = []
    while True:
        done.append(await random_choice(svc, game_id, rng))
        if done[-1].finished or done[-1].decider_after != seat:
            return done


async def play_out(svc: GameService, game_id: int, rng: random.Random, *, limit: int = 100_000) -> Game:
    """Play the game to its end: random choices for people, computer seats through the service."""
    for _ in range(limit):
        async for _outcome in svc.computer_turns(game_id, seed=rng.randrange(1 << 30)):
            pass
        game = await svc.load(game_id)
        if game.state is None or game.state.finished:
            return game
        await random_choice(svc, game_id, rng)
    raise AssertionError(f"game {game_id} still running after {limit} choices")
