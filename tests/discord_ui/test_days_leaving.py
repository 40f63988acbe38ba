"""The last person leaving a running game (issue 19, item 5): the game pauses instead of being
played out by computers inside one command; the channel is told once; any former player wakes it;
its creator or a channel admin may abandon it; after seven days it closes by itself. Leaving as
the last person asks for a confirmation first."""

from __future__ import annotations

from tests.discord_ui.botkit import Env
from tests.discord_ui.dayskit import (
    DAY,
    channel_since,
    click,
    command,
    computer_turns,
    later,
    newest_id,
    started,
)
from tests.service.helpers import fingerprint

PAUSED = "the game is paused"


def pause_notices(env: Env, mark: int = 0) -> list[object]:
    return [m for m in channel_since(env, mark) if PAUSED in m.content]


async def leave_confirmed(env: Env, user: object) -> object:
    """/istanbul leave as the last person, then the confirmation's button; returns its answer."""
    asked = await command(env, user, "leave")  # type: ignore[arg-type]
    assert "last person playing" in asked.content
    return await click(env, asked, asked.button("Yes, leave the game").custom_id or "", user)  # type: ignore[arg-type]


async def test_the_last_person_leaving_is_asked_first_and_then_the_game_pauses(env: Env) -> None:
    table = await started(env, seats=3, computers=2)
    alice = env.srv.alice
    mark = newest_id(env)
    before = await fingerprint(env.service)
    asked = await command(env, alice, "leave")
    assert "last person playing" in asked.content and "7 days" in asked.content
    assert await fingerprint(env.service) == before  # only asked
    done = await click(env, asked, asked.button("Yes, leave the game").custom_id or "", alice)
    assert "paused" in done.content and "resume" in done.content
    game = await table.game()
    assert game.row.status == "active" and game.left_by_everyone
    posted = channel_since(env, mark)
    assert computer_turns(posted) == []  # nobody plays the game out in one command
    assert len(pause_notices(env, mark)) == 1 and len(posted) <= 2
    await later(env, DAY)  # timers and restarts change nothing while it waits
    await env.restart()
    await later(env, 0)
    assert len(pause_notices(env, mark)) == 1 and computer_turns(channel_since(env, mark)) == []
    assert (await table.game()).row.seq == game.row.seq


async def test_any_former_player_wakes_a_paused_game_and_computers_play_until_a_person_decides(env: Env) -> None:
    table = await started(env, seats=3, computers=1)
    alice, bob = env.srv.alice, env.srv.bob
    left = await command(env, bob, "leave")  # not the last: no question
    assert "computer player now plays your seat" in left.content
    await leave_confirmed(env, alice)
    assert (await table.game()).left_by_everyone
    mark = newest_id(env)
    back = await command(env, bob, "resume")
    assert "yours again" in back.content and "goes on" in back.content
    game = await table.game()
    assert not game.left_by_everyone and await env.service.paused(game.id) is None
    user, decision = await table.decider()
    assert user is bob and bob.id in table.turn_message().pings
    posted = channel_since(env, mark)
    turns = computer_turns(posted)
    assert len(turns) == len({m.id for m in turns}) <= 2 * 3  # one message per computer turn, at most a round


async def test_a_paused_game_closes_after_seven_days_and_frees_the_channel(env: Env) -> None:
    table = await started(env, seats=2, computers=1)
    await leave_confirmed(env, env.srv.alice)
    mark = newest_id(env)
    await later(env, 7 * DAY - 60)
    assert (await table.game()).row.status == "active"
    await later(env, 60)
    assert (await table.game()).row.status == "abandoned"
    closing = [m.content for m in channel_since(env, mark)]
    assert closing == [
        f"Nobody came back to game #{table.game_id} within 7 days, so it is closed without a result. "
        "The channel is free for a new game."
    ]
    fresh = await command(env, env.srv.bob, "new", {"seats": 2})
    assert "is open" in fresh.content


async def test_the_creator_may_abandon_a_paused_game(env: Env) -> None:
    table = await started(env, seats=2, computers=1)
    await leave_confirmed(env, env.srv.alice)
    asked = await command(env, env.srv.alice, "abandon")
    done = await click(env, asked, asked.button("Yes, abandon it").custom_id or "", env.srv.alice)
    assert "abandoned" in done.content
    assert (await table.game()).row.status == "abandoned"


async def test_the_last_person_gone_from_the_server_pauses_the_game(env: Env) -> None:
    table = await started(env, seats=2, computers=1, reminder_hours=2, timeout_hours=10)
    await later(env, 0)
    user, _ = await table.decider()
    env.fake.remove_member(env.srv.guild, user)
    mark = newest_id(env)
    await later(env, 2 * 3600)
    game = await table.game()
    assert game.row.status == "active" and game.left_by_everyone
    assert computer_turns(channel_since(env, mark)) == []
    assert len(pause_notices(env, mark)) == 1
