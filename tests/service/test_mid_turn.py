"""Other seats deciding in the middle of a turn, and extra turns, through the service (issue 21,
items 6-7): the grace period starts only when a turn sequence ends, a computer seat asked in the
middle of someone's turn answers at once, reminders and time-outs follow whoever decides, and a
skip of an idle off-turn decider plays that seat's part only. Positions come from the test step
kinds (`test_ask`, `test_again`)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot import engine
from bot.service import GameService, Outcome
from tests.service.helpers import FakeClock, decider_user, decision, local_table
from tests.service.positions import edit_state, put_steps

GRACE = 60.0


@pytest.fixture
async def slow(tmp_path: Path, clock: FakeClock) -> AsyncIterator[GameService]:
    """A service with a real grace period (the shared fixture has none)."""
    service = await GameService.open(tmp_path / "grace.db", clock=clock, grace_seconds=GRACE)
    yield service
    await service.close()


async def grace_running(svc: GameService, game_id: int) -> bool:
    return not await svc.grace_over(game_id)


async def answer(svc: GameService, game_id: int, code: str) -> Outcome:
    game = await svc.load(game_id)
    return await svc.submit(game_id, decider_user(game), decision(game).decision_id, code)


async def turn_timers(svc: GameService, game_id: int) -> dict[str, dict[str, object]]:
    return {t.kind: t.payload for t in await svc.timers(game_id) if t.kind in ("reminder", "timeout")}


def answers(outcomes: list[Outcome]) -> list[tuple[int | None, str]]:
    return [(e.player, e.data["code"]) for o in outcomes for e in o.events if e.kind == "test_choice"]


async def test_other_seats_deciding_start_no_grace_period_until_the_turn_is_over(slow: GameService) -> None:
    game = await local_table(slow, people=3)
    await put_steps(slow, game.id, "test_ask")
    asked = await answer(slow, game.id, "ask")
    assert (asked.decider_before, asked.decider_after, asked.sequence_over) == (0, 1, False)
    assert not await grace_running(slow, game.id)  # the next seat is asked at once
    for code in ("pick.2", "use", "pick.1", "keep"):
        outcome = await answer(slow, game.id, code)
        assert outcome.off_turn and not await grace_running(slow, game.id)
    back = await answer(slow, game.id, "back.a")
    assert back.decider_after == 0 and not back.off_turn and not await grace_running(slow, game.id)
    rng = random.Random(3)
    while True:  # the rest of the asker's turn: its end starts the grace period
        game = await slow.load(game.id)
        outcome = await answer(slow, game.id, rng.choice(decision(game).codes()))
        if outcome.decider_after != 0:
            break
        assert not await grace_running(slow, game.id)
    assert outcome.sequence_over and await grace_running(slow, game.id)


async def test_no_grace_period_between_a_seats_extra_turns(slow: GameService) -> None:
    game = await local_table(slow, people=2)
    await put_steps(slow, game.id, "test_again")
    await answer(slow, game.id, "again")
    rng = random.Random(4)
    turns = (await slow.load(game.id)).state.turns  # type: ignore[union-attr]
    extra_started = False
    while True:
        game = await slow.load(game.id)
        outcome = await answer(slow, game.id, rng.choice(decision(game).codes()))
        state = outcome.game.state
        assert state is not None
        if outcome.decider_after != 0:
            break
        if state.turns != turns:  # the first turn is over: the extra turn follows at once
            extra_started = True
            assert state.turn.player == 0 and state.turn.extra and not outcome.sequence_over
            assert not await grace_running(slow, game.id)
    assert extra_started and outcome.sequence_over and await grace_running(slow, game.id)


async def test_a_computer_asked_in_the_middle_of_a_turn_answers_at_once(slow: GameService, clock: FakeClock) -> None:
    game = await local_table(slow, people=1, computers=2)
    await put_steps(slow, game.id, "test_ask")
    # a grace period still running (as after the previous turn) does not hold an answer back
    await slow.set_timer(game.id, "grace", clock() + GRACE)
    await answer(slow, game.id, "ask")
    played = [o async for o in slow.computer_turns(game.id, seed=1)]
    assert [(o.decider_before, o.off_turn) for o in played] == [(1, True), (2, True)]
    assert [seat for seat, _ in answers(played)] == [1, 1, 2, 2]
    d = decision(await slow.load(game.id))
    assert (d.player, d.kind, d.off_turn) == (0, "test_back", False)


async def test_a_computer_turn_still_waits_for_the_grace_period(slow: GameService, clock: FakeClock) -> None:
    game = await local_table(slow, people=1, computers=2)
    rng = random.Random(5)
    while decision(game).player == 0:
        game = (await answer(slow, game.id, rng.choice(decision(game).codes()))).game
    assert await grace_running(slow, game.id)
    assert [o async for o in slow.computer_turns(game.id, seed=1)] == []
    clock.advance(GRACE)
    assert [o async for o in slow.computer_turns(game.id, seed=1)] != []


async def test_reminders_and_timeouts_follow_whoever_decides(svc: GameService) -> None:
    game = await local_table(svc, people=3)
    await put_steps(svc, game.id, "test_ask")
    await answer(svc, game.id, "ask")
    timers = await turn_timers(svc, game.id)
    asked = decision(await svc.load(game.id))
    assert timers["reminder"]["seat"] == timers["timeout"]["seat"] == 1
    assert timers["reminder"]["decision_id"] == asked.decision_id
    await answer(svc, game.id, "pick.3")
    again = decision(await svc.load(game.id))
    assert (await turn_timers(svc, game.id))["timeout"] == {"seat": 1, "decision_id": again.decision_id}
    await answer(svc, game.id, "keep")
    assert (await turn_timers(svc, game.id))["timeout"]["seat"] == 2


async def test_skipping_an_idle_off_turn_decider_plays_its_part_only(svc: GameService, clock: FakeClock) -> None:
    game = await local_table(svc, people=3)
    await put_steps(svc, game.id, "test_ask")
    await answer(svc, game.id, "ask")
    clock.advance(game.options.timeout_hours * 3600 + 1)
    skipped = await svc.skip_turn(game.id, "p0")  # the asker may skip the idle seat it waits for
    assert answers([skipped]) == [(1, "pick.1"), (1, "keep")]  # the first choice, not used (E-62)
    d = decision(skipped.game)
    assert (d.player, d.kind, d.off_turn) == (2, "test_pick", True)
    state = skipped.game.state
    assert state is not None and state.turn.player == 0 and not state.turn.forfeit
    assert not await grace_running(svc, game.id)
    lines = [line for _, line in await svc.lines(game.id, after_seq=skipped.first_seq - 1)]
    assert "Ann asked for that skip: Bob's time to decide had run out." in lines
    # the next seat still decides itself, and the asker's turn goes on
    await answer(svc, game.id, "pick.2")
    await answer(svc, game.id, "use")
    assert engine.pending((await svc.load(game.id)).state).player == 0  # type: ignore[union-attr,arg-type]


async def test_skipping_the_idle_asker_still_lets_the_others_decide(svc: GameService, clock: FakeClock) -> None:
    game = await local_table(svc, people=3)
    await put_steps(svc, game.id, "test_ask")
    clock.advance(game.options.timeout_hours * 3600 + 1)
    skipped = await svc.skip_turn(game.id, "p1")
    d = decision(skipped.game)
    assert (d.player, d.kind, d.off_turn) == (1, "test_pick", True)
    lines = [line for _, line in await svc.lines(game.id, after_seq=skipped.first_seq - 1)]
    assert "Bob asked for that skip: Ann's time for the move had run out." in lines
    for code in ("pick.1", "use", "pick.2", "keep"):
        last = await answer(svc, game.id, code)
    assert last.decider_after == 1  # the asker's defaults played the rest of its turn


async def test_an_off_turn_answer_that_ends_the_turn_starts_no_grace_period(slow: GameService) -> None:
    """Handing the decision on is an undo barrier: nothing is left to take back, so the next
    seat waits for nothing."""
    game = await local_table(slow, people=3)

    def last_question(state: engine.GameState, seat: int) -> None:  # the turn's last step asks seat 1
        state.steps = (engine.Step("end", seat), engine.Step("test_pick", (seat + 1) % 3))

    await edit_state(slow, game.id, last_question)
    d = decision(await slow.load(game.id))
    assert d.off_turn and d.player == 1
    outcome = await answer(slow, game.id, "pick.1")
    assert outcome.off_turn and outcome.sequence_over and outcome.decider_after == 1
    assert not await grace_running(slow, game.id)
