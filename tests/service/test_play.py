"""Choices through the service: the decider's choice moves the game on; every refused input is a
typed error that writes nothing; undo; skipping an idle turn; computer seats and their grace."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.service import Game, GameService, errors
from tests.service.helpers import (
    FakeClock,
    decider_user,
    decision,
    event_kinds,
    fingerprint,
    finish_turn,
    local_table,
)

FOUNTAIN = 7
HOUR = 3600.0
DAY = 24 * HOUR


async def table(svc: GameService, people: int = 3, computers: int = 0, **options: Any) -> Game:
    """Ann (p0), Bob (p1), Cem (p2) in that order on the "in_order" layout; Ann decides first."""
    return await local_table(svc, people=people, computers=computers, layout="in_order", **options)


async def refused(
    svc: GameService, game_id: int, call: Callable[[], Awaitable[object]], error: type[Exception], match: str | None = None
) -> errors.ServiceError:
    """`call` raises `error` and leaves every stored row and the loaded game as they were."""
    before = await fingerprint(svc)
    state = (await svc.load(game_id)).state
    with pytest.raises(error, match=match) as caught:
        await call()
    assert await fingerprint(svc) == before
    assert (await svc.load(game_id)).state == state
    svc._cache.clear()
    assert (await svc.load(game_id)).state == state
    assert isinstance(caught.value, errors.ServiceError)
    return caught.value


async def test_the_deciders_choices_move_the_game_on(svc: GameService, clock: FakeClock) -> None:
    """Ann moves to the Fabric Warehouse, leaves an assistant, fills up, ends; then it is Bob's turn."""
    game = await table(svc)
    d = decision(game)
    assert d.player == 0 and game.seats[0].name == "Ann"
    clock.advance(90)
    out = await svc.submit(game.id, "p0", d.decision_id, "go.2")
    assert out.game.row == (await svc.load(game.id)).row  # what the caller gets is what is stored
    assert out.game.row.updated_at == clock()
    assert out.first_seq == 1 and out.events[0].kind == "input"
    assert out.decider_before == out.decider_after == 0 and not out.turn_changed
    assert "Ann moved from Fountain to Fabric Warehouse." in out.lines
    assert out.game.state is not None and out.game.state.players[0].merchant == 2
    assert out.game.row.decision_id == out.game.state.decision_id > d.decision_id
    for code in ("a.leave", "act", "done"):
        out = await svc.submit(game.id, "p0", decision(out.game).decision_id, code)
    assert out.turn_changed and out.decider_after == 1
    loaded = await svc.load(game.id)
    assert loaded.state == out.game.state and loaded.row.seq == out.game.row.seq
    assert loaded.state is not None and loaded.state.players[0].goods[0] > 0  # fabric in the cart
    assert loaded.row.seq == len(await event_kinds(svc, game.id))
    assert (await event_kinds(svc, game.id)).count("input") == 4


async def test_an_unknown_game(svc: GameService) -> None:
    """A choice for a game that does not exist is refused by number."""
    game = await table(svc)
    await refused(svc, game.id, lambda: svc.submit(404, "p0", 1, "go.2"), errors.UnknownGame, "#404")


async def test_a_stranger_cannot_choose(svc: GameService) -> None:
    """Someone without a seat cannot make a choice, even the pending one."""
    game = await table(svc)
    d = decision(game)
    await refused(svc, game.id, lambda: svc.submit(game.id, "zed", d.decision_id, "go.2"), errors.NotSeated)


async def test_not_your_decision_names_the_decider(svc: GameService) -> None:
    """Bob clicking Ann's choice is told that Ann is choosing."""
    game = await table(svc)
    d = decision(game)
    err = await refused(
        svc, game.id, lambda: svc.submit(game.id, "p1", d.decision_id, "go.2"), errors.NotYourDecision
    )
    assert str(err) == "It is not your turn: Ann is choosing."


async def test_an_old_decision_is_stale(svc: GameService) -> None:
    """A button from an earlier decision is refused once the board has moved on."""
    game = await table(svc)
    first = decision(game)
    out = await svc.submit(game.id, "p0", first.decision_id, "go.2")
    assert decision(out.game).codes() == ("a.leave", "x.end")
    await refused(svc, game.id, lambda: svc.submit(game.id, "p0", first.decision_id, "a.leave"), errors.StaleDecision)


async def test_a_double_click_is_stale(svc: GameService) -> None:
    """The same choice sent twice is taken once; the second is stale."""
    game = await table(svc)
    d = decision(game)
    await svc.submit(game.id, "p0", d.decision_id, "go.5")
    err = await refused(svc, game.id, lambda: svc.submit(game.id, "p0", d.decision_id, "go.5"), errors.StaleDecision)
    assert "moved on" in str(err)
    assert (await event_kinds(svc, game.id)).count("input") == 1


@pytest.mark.parametrize("code", ["go.7", "go.16", "a.collect", "nonsense", ""])
async def test_an_illegal_option(svc: GameService, code: str) -> None:
    """A code that is not among the offered options is refused and named."""
    game = await table(svc)
    d = decision(game)
    err = await refused(svc, game.id, lambda: svc.submit(game.id, "p0", d.decision_id, code), errors.IllegalOption)
    assert f"'{code}'" in str(err)


async def test_an_odd_code_is_quoted_back_on_one_short_line(svc: GameService) -> None:
    """A forged code with a line break and hundreds of characters is refused in one short line."""
    game = await table(svc)
    d = decision(game)
    code = "go.2\n@everyone " + "x" * 500
    err = await refused(svc, game.id, lambda: svc.submit(game.id, "p0", d.decision_id, code), errors.IllegalOption)
    assert str(err).startswith("'go.2 @everyone xxx") and "\n" not in str(err) and len(str(err)) < 100


async def test_no_choices_before_the_start(svc: GameService) -> None:
    """In a lobby there is nothing to choose yet."""
    game = await svc.create_lobby(creator="p0", creator_name="Ann", origin="local")
    await refused(svc, game.id, lambda: svc.submit(game.id, "p0", 0, "go.2"), errors.NotStarted)
    await refused(svc, game.id, lambda: svc.undo(game.id, "p0"), errors.NotStarted)
    await refused(svc, game.id, lambda: svc.skip_turn(game.id, "p0"), errors.NotStarted)
    await refused(svc, game.id, lambda: svc.set_computer(game.id, 0, True), errors.NotStarted)


async def test_no_choices_after_abandon(svc: GameService) -> None:
    """An abandoned game takes no more choices, undos or skips."""
    game = await table(svc)
    d = decision(game)
    await svc.abandon(game.id, "p0")
    await refused(svc, game.id, lambda: svc.submit(game.id, "p0", d.decision_id, "go.2"), errors.GameIsOver)
    await refused(svc, game.id, lambda: svc.undo(game.id, "p0"), errors.GameIsOver)
    await refused(svc, game.id, lambda: svc.skip_turn(game.id, "p1", force=True), errors.GameIsOver)


async def test_undo_takes_back_a_move(svc: GameService) -> None:
    """Ann takes back her move: her merchant is back at the Fountain and she chooses again."""
    game = await table(svc)
    d = decision(game)
    await svc.submit(game.id, "p0", d.decision_id, "go.2")
    out = await svc.undo(game.id, "p0")
    assert out.lines == ["Ann took back a choice."]
    assert out.game.state is not None and out.game.state.players[0].merchant == FOUNTAIN
    again = decision(out.game)
    assert again.player == 0 and again.codes() == d.codes() and again.decision_id > d.decision_id
    assert (await svc.load(game.id)).state == out.game.state
    assert (await event_kinds(svc, game.id))[-1] == "undo"
    await refused(svc, game.id, lambda: svc.undo(game.id, "p0"), errors.NothingToUndo)


async def test_nothing_to_undo(svc: GameService) -> None:
    """Nobody can undo before choosing, nor a stranger, nor past another player's choice."""
    game = await table(svc)
    await refused(svc, game.id, lambda: svc.undo(game.id, "p0"), errors.NothingToUndo)
    await refused(svc, game.id, lambda: svc.undo(game.id, "p1"), errors.NothingToUndo)
    await refused(svc, game.id, lambda: svc.undo(game.id, "zed"), errors.NotSeated)
    for code in ("go.2", "a.leave", "act", "done"):
        game = (await svc.submit(game.id, "p0", decision(game).decision_id, code)).game
    game = (await svc.submit(game.id, "p1", decision(game).decision_id, "go.5")).game
    await refused(svc, game.id, lambda: svc.undo(game.id, "p0"), errors.NothingToUndo)


async def test_an_idle_turn_is_skipped_after_the_timeout(svc: GameService, clock: FakeClock) -> None:
    """Bob may skip Ann's turn once the table's timeout has passed; everyone reads it once."""
    game = await table(svc, timeout_hours=2)
    clock.advance(2 * HOUR - 1)
    err = await refused(svc, game.id, lambda: svc.skip_turn(game.id, "p1"), errors.NotAllowed)
    assert "not up yet" in str(err)
    clock.advance(1)
    out = await svc.skip_turn(game.id, "p1")
    assert out.decider_before == 0 and out.decider_after == 1
    assert out.game.state is not None and out.game.state.players[0].merchant == FOUNTAIN  # she stayed
    lines = [text for _, text in await svc.lines(game.id)]
    assert lines.count("Ann's turn was skipped.") == 1
    assert "Ann's turn was skipped." in out.lines
    assert "Bob asked for that skip: Ann's time for the move had run out." in lines
    assert decider_user(await svc.load(game.id)) == "p1"


async def test_skipping_oneself_or_as_a_stranger_is_refused(svc: GameService, clock: FakeClock) -> None:
    """The idle player cannot skip their own turn, and only seated players may skip."""
    game = await table(svc, timeout_hours=1)
    clock.advance(10 * HOUR)
    err = await refused(svc, game.id, lambda: svc.skip_turn(game.id, "p0"), errors.NotAllowed)
    assert "your own turn" in str(err)
    await refused(svc, game.id, lambda: svc.skip_turn(game.id, "zed"), errors.NotSeated)
    await refused(svc, game.id, lambda: svc.skip_turn(game.id, None), errors.NotSeated)


async def test_the_timeout_counts_from_the_last_move(svc: GameService, clock: FakeClock) -> None:
    """A move resets the idle time: the next player's turn cannot be skipped at once."""
    game = await table(svc, timeout_hours=1)
    clock.advance(5 * HOUR)
    await svc.skip_turn(game.id, "p2")  # Ann was idle
    await refused(svc, game.id, lambda: svc.skip_turn(game.id, "p2"), errors.NotAllowed)  # Bob was not
    clock.advance(HOUR)
    out = await svc.skip_turn(game.id, "p0")
    assert out.decider_after == 2


async def test_a_forced_skip_needs_no_timeout(svc: GameService) -> None:
    """The bot itself (forced, no user) can end an idle turn at any time."""
    game = await table(svc)
    out = await svc.skip_turn(game.id, None, force=True)
    assert out.decider_after == 1


async def test_a_computer_plays_a_handed_over_seat(svc: GameService) -> None:
    """Ann hands her seat to the computer, which then plays her turn; she takes it back."""
    game = await table(svc, people=2)
    assert [out async for out in svc.computer_turns(game.id)] == []  # a person decides
    handed = await svc.set_computer(game.id, 0, True, by_user="p0")
    assert handed.seats[0].computer and handed.seats[0].user_id == "p0"
    turns = [out async for out in svc.computer_turns(game.id, seed=1)]
    assert len(turns) == 1 and turns[0].decider_before == 0 and turns[0].decider_after == 1
    assert all(e.player in (0, None) for e in turns[0].events if e.kind == "input")
    assert decider_user(await svc.load(game.id)) == "p1"
    back = await svc.take_back_seat(game.id, "p0")
    assert not back.seats[0].computer
    await finish_turn(svc, game.id, random.Random(3))  # Bob's turn; then Ann decides herself again
    assert [out async for out in svc.computer_turns(game.id)] == []
    assert decider_user(await svc.load(game.id)) == "p0"
    lines = [text for _, text in await svc.lines(game.id)]
    assert "A computer player now plays Ann's seat." in lines
    assert "Ann plays their own seat again." in lines
    assert lines.index("A computer player now plays Ann's seat.") < lines.index("Ann plays their own seat again.")
    assert await svc.replay(game.id) == (await svc.load(game.id)).state


async def test_an_idle_seat_is_handed_to_the_computer_after_the_timeout(svc: GameService, clock: FakeClock) -> None:
    """Bob may hand Ann's idle seat to the computer once her time is up, not before; Ann herself,
    a stranger and a push at a computer seat get a one-line refusal that changes nothing."""
    game = await table(svc, timeout_hours=2)
    clock.advance(2 * HOUR - 1)
    err = await refused(svc, game.id, lambda: svc.hand_idle_seat(game.id, "p1"), errors.NotAllowed)
    assert str(err) == "Ann's time is not up yet."
    clock.advance(1)
    err = await refused(svc, game.id, lambda: svc.hand_idle_seat(game.id, "p0"), errors.NotAllowed)
    assert str(err) == "You cannot hand over your own turn; make a choice instead."
    await refused(svc, game.id, lambda: svc.hand_idle_seat(game.id, "zed"), errors.NotSeated)
    handed = await svc.hand_idle_seat(game.id, "p1")
    assert handed.seats[0].computer and handed.seats[0].user_id == "p0"
    err = await refused(svc, game.id, lambda: svc.hand_idle_seat(game.id, "p2"), errors.NotAllowed)
    assert "computer player is deciding" in str(err)
    assert "A computer player now plays Ann's seat." in [text for _, text in await svc.lines(game.id)]


async def test_time_away_does_not_count_as_idle(svc: GameService, clock: FakeClock) -> None:
    """Hours Ann marked as away are not part of her idle time: neither a skip nor a hand-over
    is allowed until the timeout has passed outside them."""
    game = await table(svc, timeout_hours=2)
    await svc.update_user_settings("p0", away_from=clock.now + HOUR, away_until=clock.now + 4 * HOUR)
    clock.advance(4 * HOUR)  # 1 hour idle, 3 hours away
    assert await svc.idle_for(await svc.load(game.id), 0) == HOUR
    await refused(svc, game.id, lambda: svc.skip_turn(game.id, "p1"), errors.NotAllowed, "not up yet")
    await refused(svc, game.id, lambda: svc.hand_idle_seat(game.id, "p1"), errors.NotAllowed, "not up yet")
    clock.advance(HOUR)
    assert (await svc.skip_turn(game.id, "p1")).decider_after == 1


async def test_time_away_starts_extends_keeping_its_start_and_ends_early(svc: GameService, clock: FakeClock) -> None:
    """Extending a time away keeps its start; ending it early keeps the period (so it still does
    not count as idle); the turn timers that waited for its end move with it. Ending a time away
    that is not running, or asking for more than 14 days, changes nothing."""
    game = await table(svc, reminder_hours=2, timeout_hours=5)
    await refused(svc, game.id, lambda: svc.set_away("p0", 15), errors.BadOptions, "0 to 14 days")
    before, after = await svc.set_away("p0", 0)
    assert before == after and after.away_until is None
    start = clock.now
    _, away = await svc.set_away("p0", 2)
    assert (away.away_from, away.away_until) == (start, start + 2 * DAY)
    timers = await svc.timers(game.id)
    assert timers
    for timer in timers:  # parked at the end of the time away, as the Discord scheduler does
        await svc.reschedule_timer(timer, start + 2 * DAY)
    clock.advance(HOUR)
    _, longer = await svc.set_away("p0", 3)
    assert (longer.away_from, longer.away_until) == (start, clock.now + 3 * DAY)
    assert {t.due_at for t in await svc.timers(game.id)} == {clock.now + 3 * DAY}
    clock.advance(HOUR)
    _, back = await svc.set_away("p0", 0)
    assert (back.away_from, back.away_until) == (start, clock.now) and not back.away_at(clock.now)
    assert {t.due_at for t in await svc.timers(game.id)} == {clock.now}


async def test_only_a_persons_seat_is_handed_over(svc: GameService) -> None:
    """A computer seat or a seat that does not exist cannot be handed over."""
    game = await table(svc, people=2, computers=1)
    await refused(svc, game.id, lambda: svc.set_computer(game.id, 2, True), errors.NotAllowed)
    await refused(svc, game.id, lambda: svc.set_computer(game.id, 7, True), errors.NotAllowed)
    await refused(svc, game.id, lambda: svc.take_back_seat(game.id, "zed"), errors.NotSeated)
    await refused(svc, game.id, lambda: svc.take_back_seat(game.id, "p0"), errors.NotAllowed)  # plays it already


async def test_computer_turns_yield_one_outcome_per_turn(svc: GameService) -> None:
    """After Ann's turn the two computer seats play one turn each, then Ann decides again."""
    game = await table(svc, people=1, computers=2)
    assert [s.kind for s in game.seats] == ["local_human", "ai", "ai"]
    await finish_turn(svc, game.id, random.Random(1))
    turns = [out async for out in svc.computer_turns(game.id, seed=7)]
    assert [(o.decider_before, o.decider_after) for o in turns] == [(1, 2), (2, 0)]
    for seat, out in zip((1, 2), turns, strict=True):
        assert {e.player for e in out.events if e.kind == "input"} == {seat}
        assert out.lines and all("{seat:" not in line for line in out.lines)
    assert turns[1].first_seq == turns[0].game.row.seq + 1
    loaded = await svc.load(game.id)
    assert loaded.state == turns[-1].game.state and decider_user(loaded) == "p0"


async def test_computer_seats_wait_for_the_grace_period(tmp_path: Path, clock: FakeClock) -> None:
    """A computer seat moves only once the grace period after a person's turn has passed."""
    svc = await GameService.open(tmp_path / "grace.db", clock=clock, grace_seconds=60)
    try:
        game = await table(svc, people=1, computers=1)
        await finish_turn(svc, game.id, random.Random(2))
        assert [out async for out in svc.computer_turns(game.id)] == []
        clock.advance(59)
        assert [out async for out in svc.computer_turns(game.id)] == []
        assert decision(await svc.load(game.id)).player == 1
        assert [t.kind for t in await svc.due_timers()] == []
        clock.advance(1)
        assert [(t.game_id, t.kind) for t in await svc.due_timers()] == [(game.id, "grace")]
        turns = [out async for out in svc.computer_turns(game.id)]
        assert len(turns) == 1 and turns[0].decider_after == 0
    finally:
        await svc.close()


async def test_a_person_may_undo_the_end_of_turn_during_the_grace(tmp_path: Path, clock: FakeClock) -> None:
    """Within the grace period Ann can take back the choice that ended her turn."""
    svc = await GameService.open(tmp_path / "grace.db", clock=clock, grace_seconds=60)
    try:
        game = await table(svc, people=1, computers=1)
        out = await svc.submit(game.id, "p0", decision(game).decision_id, "go.2")
        out = await svc.submit(game.id, "p0", decision(out.game).decision_id, "x.end")
        assert out.decider_after == 1
        undone = await svc.undo(game.id, "p0")
        assert undone.decider_after == 0
        clock.advance(120)
        assert [o async for o in svc.computer_turns(game.id)] == []  # Ann decides again
    finally:
        await svc.close()


async def test_an_undo_offered_before_the_game_moved_on_is_refused(svc: GameService) -> None:
    """The Undo shown at one decision takes back nothing once the game has moved on from it:
    neither after it was used once, nor after another choice was made meanwhile."""
    game = await table(svc)
    game = (await svc.submit(game.id, "p0", decision(game).decision_id, "go.2")).game
    shown_at = decision(game).decision_id
    game = (await svc.submit(game.id, "p0", shown_at, "a.leave")).game
    await refused(svc, game.id, lambda: svc.undo(game.id, "p0", shown_at), errors.AlreadyTakenBack)
    now = decision(game).decision_id
    await svc.undo(game.id, "p0", now)
    await refused(svc, game.id, lambda: svc.undo(game.id, "p0", now), errors.AlreadyTakenBack)


async def test_the_last_person_leaving_pauses_the_game_until_a_player_comes_back(
    svc: GameService, clock: FakeClock,
) -> None:
    """When the last person's seat passes to the computer, no computer plays the game out: it
    waits (seven days at most) until any former player takes their seat back."""
    game = await table(svc, people=2, computers=1)
    await svc.set_computer(game.id, 1, True, by_user="p1")
    assert await svc.paused(game.id) is None  # Ann still plays
    left = await svc.set_computer(game.id, 0, True, by_user="p0")
    assert left.left_by_everyone
    pause = await svc.paused(game.id)
    assert pause is not None and pause.due_at == clock() + 7 * DAY
    before = await fingerprint(svc)
    assert [o async for o in svc.computer_turns(game.id, seed=1)] == []
    assert await fingerprint(svc) == before
    back = await svc.take_back_seat(game.id, "p1")  # any former player wakes it
    assert not back.left_by_everyone and await svc.paused(game.id) is None
    played = [o async for o in svc.computer_turns(game.id, seed=1)]
    now = await svc.load(game.id)
    assert now.row.status == "active" and decision(now).player == 1  # until Bob must decide
    assert all(o.decider_before in (0, 2) for o in played)


async def test_a_pause_nobody_ends_closes_the_game_after_seven_days(svc: GameService, clock: FakeClock) -> None:
    game = await table(svc, people=1, computers=1)
    await svc.set_computer(game.id, 0, True, by_user="p0")
    pause = await svc.paused(game.id)
    assert pause is not None
    clock.advance(7 * DAY)
    assert [t.kind for t in await svc.due_timers()] == ["paused"]
    closed = await svc.close_paused(game.id, pause.due_at)
    assert closed is not None and closed.row.status == "abandoned"
    assert await svc.timers(game.id) == []
    assert await svc.close_paused(game.id, pause.due_at) is None  # once


async def test_a_woken_game_is_not_closed_by_its_old_pause(svc: GameService, clock: FakeClock) -> None:
    game = await table(svc, people=1, computers=1)
    await svc.set_computer(game.id, 0, True, by_user="p0")
    pause = await svc.paused(game.id)
    assert pause is not None
    await svc.take_back_seat(game.id, "p0")
    clock.advance(8 * DAY)
    assert await svc.close_paused(game.id, pause.due_at) is None
    assert (await svc.load(game.id)).row.status == "active"


async def test_a_game_that_started_without_people_is_never_paused(svc: GameService) -> None:
    """Computers alone at a table someone chose to watch play on: that is not a game its people left."""
    lobby = await svc.create_lobby(
        creator="watcher", creator_name="Computer Eda", origin="local", kind="ai",
        options={"seats": 2, "computers": 1},
    )
    game = await svc.start(lobby.id, "watcher", seed=3, shuffle=False)
    assert all(s.kind == "ai" for s in game.seats) and not game.left_by_everyone
    played = [o async for o in svc.computer_turns(game.id, seed=2)]
    assert played[-1].finished and await svc.paused(game.id) is None


async def test_a_refused_undo_says_why(svc: GameService) -> None:
    """The refusal names the newest barrier (engine.preview.undo_refusal, from the game's latest
    events): a roll of the dice, another player's choice; nothing chosen yet is said as before."""
    game = await table(svc)
    first = await refused(svc, game.id, lambda: svc.undo(game.id, "p0"), errors.NothingToUndo)
    assert str(first) == "There is nothing you can take back now."
    for code in ("go.8", "a.leave", "roll"):  # the Black Market: the roll is a barrier
        game = (await svc.submit(game.id, "p0", decision(game).decision_id, code)).game
    rolled = await refused(svc, game.id, lambda: svc.undo(game.id, "p0"), errors.NothingToUndo)
    assert str(rolled) == "Can't undo: a die was rolled."
    while decision(game).player == 0:
        game = (await svc.submit(game.id, "p0", decision(game).decision_id, decision(game).default)).game
    game = (await svc.submit(game.id, "p1", decision(game).decision_id, decision(game).options[0].code)).game
    since = await refused(svc, game.id, lambda: svc.undo(game.id, "p0"), errors.NothingToUndo)
    bob = game.state.players[1].colour.capitalize()  # type: ignore[union-attr]
    assert str(since) == f"Can't undo: {bob} has chosen since your last choice."
