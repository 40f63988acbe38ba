"""Reminders on the injected clock: once per growing interval and three times at most, never in
quiet hours, across a restart without duplicates, "Mute this turn", and where they go (a mention
in the channel, a DM, both, none; a closed DM)."""

from __future__ import annotations

import asyncio
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from tests.discord_ui.botkit import Env
from tests.discord_ui.dayskit import (
    HOUR,
    channel_since,
    click,
    command,
    finish_turn,
    later,
    newest_id,
    others,
    reminders,
    started,
)
from tests.service.helpers import START, fingerprint


async def test_a_reminder_comes_once_per_growing_interval_and_three_times_at_most(env: Env) -> None:
    table = await started(env, reminder_hours=2, timeout_hours=200)
    user, _ = await table.decider()
    turn = table.turn_message()
    mark = newest_id(env)
    sent_at: list[float] = []
    for _ in range(60):  # 60 hours, an hour at a time, the timers run each time
        await later(env, HOUR)
        if len(reminders(channel_since(env, mark))) > len(sent_at):
            sent_at.append(env.clock.now)
        await later(env, 0)  # running the timers again at the same moment sends nothing more
    got = reminders(channel_since(env, mark))
    assert [(t - START) / HOUR for t in sent_at] == [2, 6, 14]  # then 4 h later, then 8 h later
    assert len(got) == 3
    for reminder in got:
        assert reminder.pings == {user.id} and reminder.content.startswith(f"<@{user.id}>")
        assert f"game #{table.game_id}" in reminder.content
        assert f"/{env.srv.channel.id}/{turn.id}" in reminder.content  # a link to the turn message
        assert [b.label for b in reminder.buttons] == ["Mute this turn"]
    assert "(2 h so far)" in got[0].content and "(14 h so far)" in got[2].content
    assert [t.kind for t in await env.service.timers(table.game_id)] == ["timeout"]


async def test_reminders_survive_a_restart_and_none_is_sent_twice(env: Env) -> None:
    table = await started(env, reminder_hours=2, timeout_hours=200)
    user, _ = await table.decider()
    mark = newest_id(env)
    await env.restart()  # before the first reminder: its timer is in the database
    await later(env, 2 * HOUR)
    first = reminders(channel_since(env, mark))
    assert len(first) == 1 and first[0].pings == {user.id}
    bot = await env.restart()  # right after it: the new bot sends it neither at start nor later
    await bot.heal_all()
    await later(env, 0)
    await later(env, 4 * HOUR - 1)
    assert len(reminders(channel_since(env, mark))) == 1
    await later(env, 1)  # the second reminder is due 4 hours after the first
    assert len(reminders(channel_since(env, mark))) == 2
    # the first bot's "Mute this turn" still works with the new bot
    muted = await click(env, first[0], first[0].button("Mute this turn").custom_id or "", user)
    assert muted.content == "No more reminders for this turn."
    await later(env, 48 * HOUR)
    assert len(reminders(channel_since(env, mark))) == 2


@pytest.mark.parametrize(("quiet", "zone", "shown", "expected"), [
    # due at 00:13 local (quiet): at 07:00; then 2 h and 4 h later
    ("22:00-07:00", "Europe/Berlin", "22:00-07:00 (Europe/Berlin)", [(7, 0), (9, 0), (13, 0)]),
    # due at 18:13 local; the next one, due at 20:13, waits for 09:00; then 4 h later
    ("19:00-9", "america/new_york", "19:00-09:00 (America/New_York)", [(18, 13), (9, 0), (13, 0)]),
])
async def test_no_reminder_inside_quiet_hours(
    env: Env, quiet: str, zone: str, shown: str, expected: list[tuple[int, int]],
) -> None:
    table = await started(env, reminder_hours=1, timeout_hours=200)
    user, _ = await table.decider()
    answer = await command(env, user, "settings", {"quiet": quiet, "zone": zone})
    settings = await env.service.user_settings(str(user.id))
    assert answer.content == f"Reminders: a mention in the game's channel. Quiet hours: {shown}."
    local = ZoneInfo(settings.zone)
    mark = newest_id(env)
    step = HOUR / 4
    sent: list[datetime] = []
    for _ in range(4 * 36):  # a day and a half, a quarter of an hour at a time
        await later(env, step)
        if len(reminders(channel_since(env, mark))) > len(sent):
            sent.append(datetime.fromtimestamp(env.clock.now, local))
    for when in sent:
        assert not settings.quiet_at(when.timestamp()), f"a reminder at {when:%H:%M} local time"
    # each came at the first look at the timers after it was due
    assert len(sent) == len(expected)
    for when, (hour, minute) in zip(sent, expected, strict=True):
        due = when.replace(hour=hour, minute=minute, second=0)
        assert 0 <= (when - due).total_seconds() < step, f"{when:%H:%M:%S} instead of {hour:02d}:{minute:02d}"


async def test_mute_this_turn_is_for_the_decider_and_lasts_one_turn(env: Env) -> None:
    table = await started(env, reminder_hours=2, timeout_hours=200)
    user, _ = await table.decider()
    mark = newest_id(env)
    await later(env, 2 * HOUR)
    reminder = reminders(channel_since(env, mark))[-1]
    mute = reminder.button("Mute this turn").custom_id or ""
    before = await fingerprint(env.service)
    refused = await click(env, reminder, mute, others(env, user)[0])
    assert refused.content == "Only the player whose turn it is can mute its reminders."
    assert await fingerprint(env.service) == before
    done = await click(env, reminder, mute, user)
    assert done.content == "No more reminders for this turn."
    await later(env, 40 * HOUR)
    assert len(reminders(channel_since(env, mark))) == 1
    # the person's next turn is reminded again
    while (await table.decider())[0] is user:
        await finish_turn(table)
    while (await table.decider())[0] is not user:
        await finish_turn(table)
    mark = newest_id(env)
    await later(env, 2 * HOUR)
    assert [m.pings for m in reminders(channel_since(env, mark))] == [{user.id}]


@pytest.mark.parametrize("where", ["channel", "dm", "both", "none"])
async def test_reminders_go_where_the_player_chose(env: Env, where: str) -> None:
    table = await started(env, reminder_hours=2, timeout_hours=200)
    user, _ = await table.decider()
    await command(env, user, "settings", {"reminders": where})
    turn = table.turn_message()
    mark = newest_id(env)
    await later(env, 2 * HOUR)
    in_channel = reminders(channel_since(env, mark))
    by_dm = reminders(env.fake.dms(user))
    assert len(in_channel) == (1 if where in ("channel", "both") else 0)
    assert len(by_dm) == (1 if where in ("dm", "both") else 0)
    for dm in by_dm:
        assert dm.pings == frozenset()  # a DM notifies by itself
        assert env.srv.guild.name in dm.content and f"game #{table.game_id}" in dm.content
        assert f"/{env.srv.channel.id}/{turn.id}" in dm.content
        assert [b.label for b in dm.buttons] == ["Mute this turn"]
    kinds = [t.kind for t in await env.service.timers(table.game_id)]
    assert ("reminder" in kinds) == (where != "none")
    for other in others(env, user):  # nobody else hears of it
        assert reminders(env.fake.dms(other)) == []


async def test_a_dm_reminder_to_closed_dms_comes_in_the_channel_instead(env: Env) -> None:
    table = await started(env, reminder_hours=2, timeout_hours=200)
    user, _ = await table.decider()
    await command(env, user, "settings", {"reminders": "dm"})
    env.fake.close_dms(user)
    mark, asked = newest_id(env), len(env.fake.requests)
    await later(env, 2 * HOUR)
    posted = channel_since(env, mark)
    assert [m.pings for m in reminders(posted)] == [{user.id}]
    closed = [m for m in posted if "cannot send you direct messages" in m.content]
    assert len(closed) == 1  # told once ...
    await later(env, 4 * HOUR)
    posted = channel_since(env, mark)
    assert len(reminders(posted)) == 2
    assert len([m for m in posted if "cannot send you direct messages" in m.content]) == 1
    dm_channel = env.fake.dm_channel(user)
    tries = [r for r in env.fake.requests[asked:] if r.method == "POST" and r.args.get("channel_id") == str(dm_channel.id)]
    assert len(tries) == 1  # ... and the closed DMs are not tried again and again


async def test_settings_that_do_not_parse_change_nothing(env: Env) -> None:
    await started(env)
    alice = env.srv.alice
    await command(env, alice, "settings", {"quiet": "23:00-06:30", "zone": "Asia/Tokyo"})
    before = await fingerprint(env.service)
    cases = [
        ({"quiet": "after dinner"}, "Write quiet hours as a range like 22:00-07:00, or 'off'."),
        ({"quiet": "dinner-breakfast"}, "'dinner' is not a time of day"),
        ({"quiet": "8:00-8"}, "Quiet hours need an end that differs from their start, like 22:00-07:00."),
        ({"quiet": "25:00-07:00"}, "'25:00' is not a time of day"),
        ({"quiet": "22:00"}, "Write quiet hours as a range like 22:00-07:00, or 'off'."),
        ({"zone": "Mars/Olympus_Mons"}, "'Mars/Olympus_Mons' is not a time zone I know"),
        ({"quiet": "22:00-07:00", "zone": "Nowhere"}, "'Nowhere' is not a time zone I know"),
        ({"reminders": "pigeon"}, "Reminders go to: channel, dm, both or none."),
    ]
    for options, expected in cases:
        answer = await command(env, alice, "settings", options)
        assert expected in answer.content and "\n" not in answer.content
        assert await fingerprint(env.service) == before
    shown = await command(env, alice, "settings")
    assert shown.content == "Reminders: a mention in the game's channel. Quiet hours: 23:00-06:30 (Asia/Tokyo)."
    cleared = await command(env, alice, "settings", {"quiet": "off", "reminders": "both"})
    assert cleared.content == "Reminders: a mention and a direct message. Quiet hours: none (time zone Asia/Tokyo)."
    utc = await command(env, alice, "settings", {"zone": "utc"})
    assert utc.content == "Reminders: a mention and a direct message. Quiet hours: none."


async def test_a_bot_stopped_right_after_sending_a_reminder_does_not_send_it_again(
    env: Env, monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = await started(env, reminder_hours=2, timeout_hours=200)
    mark = newest_id(env)
    publisher = env.fake.bot.istanbul.publisher
    real_send = publisher.send

    async def send_then_stop(game: object, payload: object) -> object:
        await real_send(game, payload)  # Discord has the message ...
        raise asyncio.CancelledError  # ... and the bot is stopped before it notes anything more

    monkeypatch.setattr(publisher, "send", send_then_stop)
    with pytest.raises(asyncio.CancelledError):
        await later(env, 2 * HOUR)
    assert len(reminders(channel_since(env, mark))) == 1
    await env.restart()
    await later(env, 0)
    await later(env, HOUR)
    assert len(reminders(channel_since(env, mark))) == 1
    assert [t.payload.get("count") for t in await env.service.timers(table.game_id) if t.kind == "reminder"] == [1]


@pytest.mark.parametrize("zone", ["America", "Europe/", "../../etc/passwd", "x" * 300, "Europe/Berlin/extra", "Etc"])
async def test_a_name_that_is_not_a_zone_is_refused_in_one_line(env: Env, zone: str) -> None:
    """A folder of the time-zone database or an overlong name is no zone (before, both ended in
    'Something went wrong' and a traceback)."""
    before = await fingerprint(env.service)
    answer = await command(env, env.srv.alice, "settings", {"zone": zone, "quiet": "22:00-07:00"})
    assert "is not a time zone I know" in answer.content and "\n" not in answer.content
    assert len(answer.content) < 200
    assert await fingerprint(env.service) == before


async def test_the_zone_option_suggests_zones(env: Env) -> None:
    berlin = env.fake.autocomplete(env.srv.alice, env.srv.channel, "istanbul settings", "zone", "berl")
    await env.fake.settle()
    assert [c["value"] for c in berlin.choices] == ["Europe/Berlin"]
    america = env.fake.autocomplete(env.srv.alice, env.srv.channel, "istanbul settings", "zone", "America")
    await env.fake.settle()
    values = [c["value"] for c in america.choices]
    assert 1 <= len(values) <= 25 and all(v.startswith("America/") for v in values)
    answer = await command(env, env.srv.alice, "settings", {"zone": values[0]})
    assert values[0] in answer.content
