"""Leaving and absence: `/istanbul leave` after the start hands the seat to the computer player;
a player who left the server is treated the same way, found by Unknown Member when a reminder
fires or their turn starts; `/istanbul away DAYS` (14 at most) pauses their reminders and timeout,
and time away never counts towards the timeout."""

from __future__ import annotations

import pytest

from tests.discord_ui.botkit import Env
from tests.discord_ui.dayskit import (
    DAY,
    HOUR,
    channel_since,
    click,
    command,
    computer_turns,
    finish_turn,
    idle_notices,
    later,
    newest_id,
    others,
    reminders,
    started,
)
from tests.service.helpers import fingerprint

GONE = "is no longer on this server, so a computer player takes over their seat."


async def test_leave_after_the_start_lets_the_computer_play_at_once_and_resume_takes_it_back(env: Env) -> None:
    table = await started(env, reminder_hours=2, timeout_hours=10)
    leaver, decision = await table.decider()
    turn = table.turn_message()
    mark = newest_id(env)
    left = await command(env, leaver, "leave")
    assert left.content == "A computer player now plays your seat. Come back any time with `/istanbul resume`."
    posted = channel_since(env, mark)
    assert len(computer_turns(posted)) >= 1  # it was the leaver's turn: the computer took it
    assert env.fake.message(turn.id).components == []
    nxt, _ = await table.decider()
    assert nxt is not leaver and nxt.id in table.turn_message().pings
    log = (await command(env, nxt, "log")).embed_text
    assert f"A computer player now plays {leaver.display_name}'s seat." in log
    # reminders go to the people only
    mark = newest_id(env)
    await later(env, 2 * HOUR)
    assert [m.pings for m in reminders(channel_since(env, mark))] == [{nxt.id}]
    back = await command(env, leaver, "resume")
    assert back.content == "Your seat is yours again."
    assert not (await table.game()).seats[decision.player].computer


async def test_away_pauses_reminders_and_the_timeout_and_time_away_never_counts(env: Env) -> None:
    table = await started(env, reminder_hours=2, timeout_hours=10)
    idle, _ = await table.decider()
    pusher = others(env, idle)[0]
    await later(env, HOUR)
    away = await command(env, idle, "away", {"days": 1})
    until = int(env.clock.now + DAY)
    assert away.content.startswith(f"You are away until <t:{until}:f> (1 day): no reminders")
    mark = newest_id(env)
    for _ in range(24 * 4 - 1):  # until a quarter of an hour before the time away ends
        await later(env, HOUR / 4)
    assert reminders(channel_since(env, mark)) == [] and idle_notices(channel_since(env, mark)) == []
    # twenty hours after the last move, but only one of them counts
    before = await fingerprint(env.service)
    early = await click(env, table.turn_message(), f"ist:u:{table.game_id}:skip", pusher, forge=True)
    assert early.content == f"{idle.display_name}'s time is not up yet."
    assert await fingerprint(env.service) == before
    await later(env, HOUR / 4)  # the time away is over: the reminder that waited comes now
    assert [m.pings for m in reminders(channel_since(env, mark))] == [{idle.id}]
    await later(env, 9 * HOUR - 1)  # 1 h before and 9 h after the time away: not yet
    assert idle_notices(channel_since(env, mark)) == []
    await later(env, 1)
    assert len(idle_notices(channel_since(env, mark))) == 1


async def test_coming_back_early_brings_the_timers_back_and_the_days_away_still_do_not_count(env: Env) -> None:
    table = await started(env, reminder_hours=2, timeout_hours=10)
    idle, _ = await table.decider()
    await later(env, HOUR)
    await command(env, idle, "away", {"days": 3})
    mark = newest_id(env)
    await later(env, 20 * HOUR)  # reminder and timeout fell due meanwhile and wait for the return
    assert reminders(channel_since(env, mark)) == []
    back = await command(env, idle, "away", {"days": 0})
    assert back.content == "Welcome back: reminders and turn timeouts apply to you again."
    await later(env, 0)
    assert [m.pings for m in reminders(channel_since(env, mark))] == [{idle.id}]
    await later(env, 9 * HOUR - 1)  # 1 h before, 20 h away, 9 h after: not yet
    assert idle_notices(channel_since(env, mark)) == []
    await later(env, 1)
    assert len(idle_notices(channel_since(env, mark))) == 1
    again = await command(env, idle, "away", {"days": 0})
    assert again.content == "You are not away; reminders and turn timeouts apply to you."


async def test_extending_a_time_away_keeps_its_start(env: Env) -> None:
    table = await started(env, reminder_hours=2, timeout_hours=10)
    idle, _ = await table.decider()
    await later(env, HOUR)
    await command(env, idle, "away", {"days": 1})
    await later(env, 12 * HOUR)
    longer = await command(env, idle, "away", {"days": 2})  # away from hour 1 to hour 61
    assert longer.content.startswith(f"You are away until <t:{int(env.clock.now + 2 * DAY)}:f> (2 days)")
    mark = newest_id(env)
    await later(env, 2 * DAY - 1)
    assert reminders(channel_since(env, mark)) == []
    await later(env, 1)
    assert len(reminders(channel_since(env, mark))) == 1
    await later(env, 9 * HOUR - 1)  # only the hour before the time away counts so far
    assert idle_notices(channel_since(env, mark)) == []
    await later(env, 1)
    assert len(idle_notices(channel_since(env, mark))) == 1


@pytest.mark.parametrize("days", [15, 100, -1])
async def test_away_beyond_the_limit_changes_nothing(env: Env, days: int) -> None:
    await started(env)
    before = await fingerprint(env.service)
    answer = await command(env, env.srv.bob, "away", {"days": days})
    assert answer.content == "Away can last 0 to 14 days."
    assert await fingerprint(env.service) == before


async def test_a_player_who_left_the_server_is_found_when_a_reminder_fires(env: Env) -> None:
    table = await started(env, reminder_hours=2, timeout_hours=10)
    gone, decision = await table.decider()
    env.fake.remove_member(env.srv.guild, gone)
    mark = newest_id(env)
    await later(env, 2 * HOUR)
    posted = channel_since(env, mark)
    assert [m.content for m in posted if GONE in m.content] == [f"{gone.display_name} {GONE}"]
    assert reminders(posted) == []  # nobody is pinged for a seat whose player is gone
    assert computer_turns(posted)  # the computer took the turn at once
    game = await table.game()
    assert game.seats[decision.player].computer
    nxt, _ = await table.decider()
    assert nxt is not gone and nxt.id in table.turn_message().pings


async def test_a_player_who_left_the_server_is_found_when_their_turn_starts(env: Env) -> None:
    table = await started(env, seats=2, reminder_hours=2, timeout_hours=10)
    first, decision = await table.decider()
    gone = others(env, first)[0]
    env.fake.remove_member(env.srv.guild, gone)
    mark = newest_id(env)
    await finish_turn(table)  # the turn passes to the one who left
    posted = channel_since(env, mark)
    assert [m.content for m in posted if GONE in m.content] == [f"{gone.display_name} {GONE}"]
    assert all(gone.id not in m.pings for m in posted)
    assert computer_turns(posted)
    back, _ = await table.decider()
    assert back is first and first.id in table.turn_message().pings
    assert (await table.game()).seats[1 - decision.player].computer
