"""A table's computer level: chosen with the table, stored with it, played by every computer seat
and by a seat handed to the computer; a table stored before levels plays as before (normal)."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot.ai import POLICIES
from bot.engine import Decision, View
from bot.service import GameService, errors
from tests.service.helpers import FakeClock, decider_user, fingerprint, local_table


def spy(name: str, calls: list[tuple[str, int]]) -> Callable[[View, Decision, random.Random], str]:
    def policy(v: View, d: Decision, rng: random.Random) -> str:
        calls.append((name, d.player))
        return d.default

    return policy


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every registered player replaced by a spy that records who asked it (and declines)."""
    seen: list[tuple[str, int]] = []
    for name in list(POLICIES):
        monkeypatch.setitem(POLICIES, name, spy(name, seen))
    return seen


@pytest.fixture
async def by_level(tmp_path: Path, clock: FakeClock) -> AsyncIterator[GameService]:
    """A service without a fixed player: each table's level decides, as on Discord."""
    service = await GameService.open(tmp_path / "levels.db", clock=clock, grace_seconds=0, policy=None)
    yield service
    await service.close()


async def test_computer_seats_play_at_the_tables_level(by_level: GameService, calls: list[tuple[str, int]]) -> None:
    game = await local_table(by_level, people=1, computers=2, level="easy")
    assert game.options.level == "easy"
    await by_level.skip_turn(game.id, None, force=True)  # Ann's turn: the computers' come next
    async for _ in by_level.computer_turns(game.id, seed=1):
        pass
    assert calls and {name for name, _ in calls} == {"easy"}


async def test_a_table_without_a_stored_level_plays_normal(by_level: GameService, calls: list[tuple[str, int]]) -> None:
    """A game stored before levels (no "level" in its options) plays the greedy player."""
    game = await local_table(by_level, people=1, computers=1)
    async with by_level.db.transaction() as conn:
        row = await (await conn.execute("SELECT options FROM games WHERE id = ?", (game.id,))).fetchone()
        assert row is not None
        stored = json.loads(row[0])
        del stored["level"], stored["hints"]
        await conn.execute("UPDATE games SET options = ? WHERE id = ?", (json.dumps(stored), game.id))
    by_level._cache.clear()
    loaded = await by_level.load(game.id)
    assert loaded.options.level == "normal" and loaded.options.hints
    await by_level.skip_turn(game.id, None, force=True)
    async for _ in by_level.computer_turns(game.id, seed=1):
        pass
    assert calls and {name for name, _ in calls} == {"greedy"}


async def test_an_idle_seat_handed_over_plays_at_the_tables_level(
    by_level: GameService, clock: FakeClock, calls: list[tuple[str, int]]
) -> None:
    game = await local_table(by_level, people=2, level="easy", timeout_hours=1)
    idle = decider_user(game)
    other = "p1" if idle == "p0" else "p0"
    clock.advance(3600)
    handed = await by_level.hand_idle_seat(game.id, other)
    assert handed.seats[0].computer
    turns = [out async for out in by_level.computer_turns(game.id, seed=2)]
    assert len(turns) == 1
    assert calls and all(call == ("easy", 0) for call in calls)


async def test_a_fixed_player_overrides_the_level(svc: GameService, calls: list[tuple[str, int]]) -> None:
    """The terminal's --ai (and the tests' default): one player for every table, whatever its level."""
    svc.policy = POLICIES["random"]
    game = await local_table(svc, people=1, computers=1, level="easy")
    await svc.skip_turn(game.id, None, force=True)
    async for _ in svc.computer_turns(game.id, seed=1):
        pass
    assert calls and {name for name, _ in calls} == {"random"}


async def test_an_unknown_level_is_refused_and_changes_nothing(svc: GameService) -> None:
    with pytest.raises(errors.BadOptions, match=r"^There is no computer level 'hard'; choose easy, normal"):
        await svc.create_lobby(creator="p0", creator_name="Ann", origin="local", options={"level": "hard"})
    lobby = await svc.create_lobby(creator="p0", creator_name="Ann", origin="local", options={"seats": 2})
    before = await fingerprint(svc)
    with pytest.raises(errors.BadOptions, match="no computer level 'wizard'"):
        await svc.set_options(lobby.id, "p0", level="wizard")
    with pytest.raises(errors.BadOptions, match="computer players' level"):
        await svc.set_options(lobby.id, "p0", level=3)
    assert await fingerprint(svc) == before
    changed = await svc.set_options(lobby.id, "p0", level="easy", hints=False)
    assert (changed.options.level, changed.options.hints) == ("easy", False)
