"""A person's time is not eaten by a computer's thinking: the grace period after a person's turn
and the next person's reminder and timeout are counted from moves, not from when a computer seat
was asked. The computer starts only once the grace period is over, and the next person's clock
starts when the computer's turn is committed (when their turn message can be posted), however
long the search took."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.ai import greedy_policy
from bot.engine import Decision, View
from bot.service import GameService
from bot.store import timers as timer_sql
from tests.service.helpers import FakeClock, decision, finish_turn, local_table

GRACE = 60.0
THINK = 900.0  # seconds each computer decision "takes" on the fake clock (far beyond any real search)


@pytest.fixture
async def slow(tmp_path: Path, clock: FakeClock) -> AsyncIterator[GameService]:
    """A service with a grace period whose computer player moves the clock on while it thinks."""

    def thinking(view: View, d: Decision, rng: random.Random) -> str:
        clock.advance(THINK)
        return greedy_policy(view, d, rng)

    service = await GameService.open(tmp_path / "slow.db", clock=clock, grace_seconds=GRACE, policy=thinking)
    yield service
    await service.close()


async def _timers(svc: GameService, game_id: int) -> dict[str, timer_sql.TimerRow]:
    async with svc.db.read() as conn:
        return {t.kind: t for t in await timer_sql.timers_of(conn, game_id)}


async def test_the_next_persons_deadlines_start_after_the_computers_search(slow: GameService, clock: FakeClock) -> None:
    game = await local_table(slow, people=1, computers=1, seed=3)
    options = game.options
    await finish_turn(slow, game.id, random.Random(1))  # Ann's turn: the computer's comes next
    ended = clock.now
    timers = await _timers(slow, game.id)
    assert timers["grace"].due_at == ended + GRACE  # her grace period, from her last move
    assert "timeout" not in timers and "reminder" not in timers  # a computer decides: no deadline
    # within her grace period the computer does not start (she may still take her turn back)
    clock.advance(GRACE - 1)
    assert [o async for o in slow.computer_turns(game.id, seed=1)] == []
    assert (await _timers(slow, game.id))["grace"].due_at == ended + GRACE
    clock.advance(1)
    asked = clock.now
    turns = [o async for o in slow.computer_turns(game.id, seed=1)]
    assert turns and clock.now >= asked + THINK  # the computer "thought" a quarter of an hour or more
    after = await slow.load(game.id)
    assert decision(after).player == 0  # Ann's turn again
    timers = await _timers(slow, game.id)
    # her deadlines count from the computer's committed turn, not from when it was asked
    assert timers["reminder"].due_at == clock.now + options.reminder_hours * 3600
    assert timers["timeout"].due_at == clock.now + options.timeout_hours * 3600
    assert timers["timeout"].payload == {"seat": 0, "decision_id": after.row.decision_id}
    # and her own next grace period is the full length again, from her own last move
    await finish_turn(slow, game.id, random.Random(2))
    assert (await _timers(slow, game.id))["grace"].due_at == clock.now + GRACE
