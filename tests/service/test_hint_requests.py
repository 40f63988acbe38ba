"""Hints through the service: for the person who decides now, the same each time, counted once per
decision, refused to anyone else and when the table turned them off, and never in the log."""

from __future__ import annotations

import pytest

from bot import engine
from bot.service import GameService, errors
from tests.service.helpers import decider_user, event_kinds, fingerprint, local_table


async def _events_and_games(svc: GameService) -> dict[str, object]:
    whole = await fingerprint(svc)
    return {name: rows for name, rows in whole.items() if name != "hints"}


async def test_the_decider_gets_the_same_hint_twice_and_it_counts_once(svc: GameService) -> None:
    game = await local_table(svc, people=2)
    user = decider_user(game)
    before = await _events_and_games(svc)
    kinds = await event_kinds(svc, game.id)
    first = await svc.hint(game.id, user, game.row.decision_id)
    again = await svc.hint(game.id, user)
    assert first == again
    d = engine.pending(game.state) if game.state is not None else None
    assert d is not None and first.code in d.codes()
    assert await _events_and_games(svc) == before  # nothing in the log, the game unchanged
    assert await event_kinds(svc, game.id) == kinds
    seat = game.seat_of(user)
    assert seat is not None
    assert await svc.hints_used(game.id) == {seat.seat: 1}
    await svc.submit(game.id, user, d.decision_id, first.code)  # the next decision counts anew
    moved = await svc.load(game.id)
    if decider_user(moved) == user:
        await svc.hint(game.id, user)
        assert await svc.hints_used(game.id) == {seat.seat: 2}


async def test_a_hint_is_refused_to_anyone_who_does_not_decide_now(svc: GameService) -> None:
    game = await local_table(svc, people=2)
    user = decider_user(game)
    other = "p1" if user == "p0" else "p0"
    before = await fingerprint(svc)
    with pytest.raises(errors.NotYourDecision, match="It is not your turn"):
        await svc.hint(game.id, other)
    with pytest.raises(errors.NotSeated):
        await svc.hint(game.id, "stranger")
    with pytest.raises(errors.StaleDecision):
        await svc.hint(game.id, user, game.row.decision_id - 1)
    with pytest.raises(errors.StaleDecision):
        await svc.hint(game.id, user, "7")  # type: ignore[arg-type]
    with pytest.raises(errors.UnknownGame):
        await svc.hint(10**6, user)
    assert await fingerprint(svc) == before


async def test_no_hints_when_the_table_turned_them_off(svc: GameService) -> None:
    game = await local_table(svc, people=2, hints=False)
    before = await fingerprint(svc)
    with pytest.raises(errors.NotAllowed, match="^Hints are off at this table.$"):
        await svc.hint(game.id, decider_user(game))
    assert await fingerprint(svc) == before


async def test_no_hint_before_the_start(svc: GameService) -> None:
    lobby = await svc.create_lobby(creator="p0", creator_name="Ann", origin="local")
    with pytest.raises(errors.NotStarted):
        await svc.hint(lobby.id, "p0")
