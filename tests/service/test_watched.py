"""A local game someone chose to watch (issue 19, item 14): the service accepts a local table with
computer players in every seat and nobody seated; a Discord table always keeps a seat for a
person, and a lobby cannot be turned into a watched game or back."""

from __future__ import annotations

import pytest

from bot.service import GameService, errors
from tests.service.helpers import fingerprint

WATCHED = {"seats": 5, "computers": 5, "watched": True, "layout": "in_order"}


async def test_a_watched_local_game_seats_nobody_and_computers_play_it(svc: GameService) -> None:
    lobby = await svc.create_lobby(creator="local:red", creator_name="Red", origin="local", options=WATCHED)
    assert lobby.seats == [] and lobby.options.human_seats == 0
    with pytest.raises(errors.LobbyFull):  # no seat for a person to take
        await svc.join(lobby.id, "local:blue", "Blue")
    game = await svc.start(lobby.id, "local:red", seed=3, shuffle=False)
    assert [(s.kind, s.user_id) for s in game.seats] == [("ai", None)] * 5
    assert len({s.name for s in game.seats}) == 5 and len({s.colour for s in game.seats}) == 5
    rounds = []
    async for outcome in svc.computer_turns(game.id, seed=1):
        assert outcome.game.state is not None
        rounds.append(outcome.game.state.round)
        if len(rounds) == 12:  # every seat has played twice, one after the other, nobody asked
            break
    assert rounds[-1] == 3


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"seats": 3, "computers": 3}, "person"),  # every seat a computer's, without saying so
        ({"seats": 3, "computers": 2, "watched": True}, "every seat"),  # watched, with a seat for a person
    ],
)
async def test_a_table_without_a_person_must_be_a_watched_one(
    svc: GameService, options: dict[str, object], message: str
) -> None:
    with pytest.raises(errors.BadOptions, match=message):
        await svc.create_lobby(creator="local:red", creator_name="Red", origin="local", options=options)


async def test_a_discord_table_cannot_be_watched(svc: GameService) -> None:
    before = await fingerprint(svc)
    with pytest.raises(errors.BadOptions, match="local"):
        await svc.create_lobby(creator="u1", creator_name="Ann", channel_id=10, guild_id=1, options=WATCHED)
    assert await fingerprint(svc) == before


async def test_a_lobby_is_not_turned_into_a_watched_game_or_back(svc: GameService) -> None:
    lobby = await svc.create_lobby(creator="u1", creator_name="Ann", channel_id=10, guild_id=1, options={"seats": 3})
    local = await svc.create_lobby(creator="local:red", creator_name="Red", origin="local", options=WATCHED)
    before = await fingerprint(svc)
    with pytest.raises(errors.BadOptions, match="watched"):
        await svc.set_options(lobby.id, "u1", seats=3, computers=3, watched=True)
    with pytest.raises(errors.BadOptions):
        await svc.set_options(local.id, "local:red", computers=4, watched=False)
    assert await fingerprint(svc) == before
