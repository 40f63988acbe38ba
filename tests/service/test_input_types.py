"""The service checks its callers' input itself (issue 19, item 24): a game id that is not an int
SQLite can hold, a user that is not a person's id, a decision id or a code of the wrong type are
refused with the service's own errors and change nothing; the lock table holds only games that
exist."""

from __future__ import annotations

from collections.abc import Awaitable

import pytest

from bot.service import GameService, errors
from tests.service.helpers import decision, fingerprint, local_table


async def check_refused(svc: GameService, call: Awaitable[object], error: type[Exception]) -> None:
    """`call` (not yet started) raises `error` and writes nothing."""
    before = await fingerprint(svc)
    with pytest.raises(error):
        await call
    assert await fingerprint(svc) == before


@pytest.mark.parametrize("bad_id", ["1", 1.0, True, None, 2**63, 2**70, -1, 0])
async def test_a_game_id_that_is_not_a_game_number_is_unknown(svc: GameService, bad_id: object) -> None:
    game = await local_table(svc, people=2)
    d = decision(game)
    user = game.seats[d.player].user_id
    await check_refused(svc, svc.submit(bad_id, user, d.decision_id, d.default), errors.UnknownGame)  # type: ignore[arg-type]
    await check_refused(svc, svc.undo(bad_id, user), errors.UnknownGame)  # type: ignore[arg-type]
    await check_refused(svc, svc.load(bad_id), errors.UnknownGame)  # type: ignore[arg-type]
    await check_refused(svc, svc.join(bad_id, "p9", "Zed"), errors.UnknownGame)  # type: ignore[arg-type]
    assert set(svc._locks) <= {game.id}


async def test_no_user_is_a_computer_seat(svc: GameService) -> None:
    """user=None (or '') matched a computer seat, and its move was accepted as that person's."""
    game = await local_table(svc, people=1, computers=1)
    d = decision(game)
    for nobody in (None, "", 0):
        if game.seats[d.player].user_id is None:  # the computer decides now
            await check_refused(svc, svc.submit(game.id, nobody, d.decision_id, d.default), errors.NotSeated)  # type: ignore[arg-type]
        await check_refused(svc, svc.undo(game.id, nobody), errors.NotSeated)  # type: ignore[arg-type]
        assert game.seat_of(nobody) is None


async def test_a_choice_of_the_wrong_type_is_refused(svc: GameService) -> None:
    game = await local_table(svc, people=2)
    d = decision(game)
    user = game.seats[d.player].user_id
    for code in (None, 3, ["go.2"], b"go.2"):
        await check_refused(svc, svc.submit(game.id, user, d.decision_id, code), errors.IllegalOption)  # type: ignore[arg-type]
    for decision_id in ("0", None, float(d.decision_id), True):
        await check_refused(svc, svc.submit(game.id, user, decision_id, d.default), errors.StaleDecision)  # type: ignore[arg-type]
        if decision_id is not None:  # None: the undo at whatever decision is current
            await check_refused(svc, svc.undo(game.id, user, decision_id), errors.AlreadyTakenBack)  # type: ignore[arg-type]


async def test_the_lock_table_holds_only_games_that_exist(svc: GameService) -> None:
    game = await local_table(svc, people=2)
    d = decision(game)
    user = game.seats[d.player].user_id
    for missing in range(1000, 1200):
        with pytest.raises(errors.UnknownGame):
            await svc.submit(missing, user, d.decision_id, d.default)  # type: ignore[arg-type]
        with pytest.raises(errors.UnknownGame):
            await svc.join(missing, "p9", "Zed")
    await svc.submit(game.id, user, d.decision_id, d.default)  # type: ignore[arg-type]
    assert set(svc._locks) == {game.id}


async def test_a_seat_needs_a_person_and_a_seat_number_is_a_number(svc: GameService) -> None:
    lobby = await svc.create_lobby(creator="p0", creator_name="Ann", origin="local", options={"seats": 3})
    await check_refused(svc, svc.join(lobby.id, None, "Zed"), errors.NotSeated)  # type: ignore[arg-type]
    await check_refused(svc, svc.join(lobby.id, "", "Zed"), errors.NotSeated)
    await check_refused(svc, svc.join(lobby.id, "p9", None), errors.BadOptions)  # type: ignore[arg-type]
    await check_refused(svc, svc.create_lobby(creator=None, creator_name="Zed", origin="local"), errors.NotSeated)  # type: ignore[arg-type]
    await svc.join(lobby.id, "p1", "Bob")
    game = await svc.start(lobby.id, "p0", seed=1, shuffle=False)
    for seat in ("0", 0.0, None, True):
        await check_refused(svc, svc.set_computer(game.id, seat, True), errors.NotAllowed)  # type: ignore[arg-type]
