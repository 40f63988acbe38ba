"""A bot that heals itself: a deleted turn message is posted again on the next event; a channel
where the bot may not post is reported once to the game's creator in plain words and the game
goes on by itself once the permission is back; a bot removed from a server abandons its games
there; a rate-limited game waits without holding up the others; a daily online backup keeps
BACKUP_KEEP files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot import engine
from bot.discord_ui.client import IstanbulBot
from bot.discord_ui.publisher import RETRY_SECONDS
from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env
from tests.discord_ui.dayskit import (
    DAY,
    HOUR,
    channel_since,
    command,
    finish_turn,
    later,
    newest_id,
    reminders,
    started,
    table_in,
    turn_messages,
)
from tests.discord_ui.logguard import LogGuard

BLOCKED = "on Bazaar for your Istanbul game #"


async def test_a_deleted_turn_message_is_posted_again_when_the_reminder_fires(env: Env) -> None:
    table = await started(env, reminder_hours=2, timeout_hours=200)
    user, decision = await table.decider()
    turn = table.turn_message()
    env.fake.delete_message(turn)
    mark = newest_id(env)
    await later(env, 2 * HOUR)
    posted = channel_since(env, mark)
    again = turn_messages(posted)
    assert len(again) == 1 and again[0].pings == {user.id}  # its ping is the reminder: one ping
    assert reminders(posted) == []
    assert again[0].custom_ids == turn.custom_ids and again[0].file("board.png").is_png
    await table.choose(decision.options[0].code)  # the new message's buttons work
    assert (await table.game()).state.decision_id > decision.decision_id
    mark = newest_id(env)
    await later(env, 4 * HOUR)  # the next reminder links to the message now in the channel
    link = reminders(channel_since(env, mark))
    current = table.turn_message()
    assert len(link) == 1 and f"/{current.id}" in link[0].content


async def test_a_deleted_turn_message_is_posted_again_on_the_next_choice(env: Env) -> None:
    table = await started(env)
    for _ in range(60):  # until the decider made a choice they can take back
        user, decision = await table.decider()
        game = await table.game()
        if decision.decision_id > 0 and engine.can_undo(game.state, decision.player):
            break
        await table.choose(decision.options[0].code)
    else:
        raise AssertionError("no choice could be taken back")
    turn = table.turn_message()
    env.fake.delete_message(turn)
    mark = newest_id(env)
    undone = await command(env, user, "undo")
    assert undone.content == "Taken back."
    again = turn_messages(channel_since(env, mark))
    assert len(again) == 1 and again[0].id != turn.id
    _, now = await table.decider()
    assert any(cid.startswith(f"ist:o:{table.game_id}:{now.decision_id}:") for cid in again[0].custom_ids) or (
        again[0].selects and again[0].selects[0].custom_id == f"ist:s:{table.game_id}:{now.decision_id}"
    )


@pytest.mark.parametrize("permission", ["send_messages", "attach_files", "view_channel"])
async def test_a_missing_permission_is_reported_once_and_the_game_resumes_when_it_is_back(
    env: Env, discord_errors: LogGuard, permission: str,
) -> None:
    table = await started(env, reminder_hours=168, timeout_hours=200)
    creator = env.srv.alice
    env.fake.revoke(env.srv.channel, permission)
    mark = newest_id(env)
    user, first = await table.decider()
    finish = env.fake.click(table.turn_message(), f"ist:o:{table.game_id}:{first.decision_id}:{first.default}", user)
    await env.fake.settle()
    await finish_turn(table)
    answers = [r.content for r in env.fake.ephemerals(user)]
    assert "Your choice is saved, but I may not post in this channel right now" in answers[-1]
    assert finish.acknowledged
    told = [m for m in env.fake.dms(creator) if BLOCKED in m.content]
    assert len(told) == 1
    assert told[0].content.startswith(f"I cannot post in <#{env.srv.channel.id}> on {env.srv.guild.name}")
    assert "**Send Messages**" in told[0].content and "goes on by itself" in told[0].content
    nxt, after = await table.decider()
    assert after.player != first.player and channel_since(env, mark) == []
    # still blocked: the retry finds nothing new to say, and nothing is logged as an error
    await later(env, RETRY_SECONDS)
    await later(env, RETRY_SECONDS)
    assert len([m for m in env.fake.dms(creator) if BLOCKED in m.content]) == 1
    assert channel_since(env, mark) == [] and not discord_errors.records
    # fixed: the next retry posts the next player's turn, with its ping
    env.fake.grant(env.srv.channel, permission)
    await later(env, RETRY_SECONDS)
    resumed = turn_messages(channel_since(env, mark))
    assert len(resumed) == 1 and resumed[0].pings == {nxt.id}
    assert [t.kind for t in await env.service.timers(table.game_id)].count("retry") == 0
    # a later block is a new story: the creator is told again
    env.fake.revoke(env.srv.channel, permission)
    await finish_turn(table)
    assert len([m for m in env.fake.dms(creator) if BLOCKED in m.content]) == 2


async def test_a_reminder_into_a_blocked_channel_waits_for_the_permission(env: Env, discord_errors: LogGuard) -> None:
    table = await started(env, reminder_hours=2, timeout_hours=200)
    user, _ = await table.decider()
    env.fake.revoke(env.srv.channel, "send_messages")
    mark = newest_id(env)
    await later(env, 2 * HOUR)
    assert channel_since(env, mark) == [] and not discord_errors.records
    assert len([m for m in env.fake.dms(env.srv.alice) if BLOCKED in m.content]) == 1
    env.fake.grant(env.srv.channel, "send_messages")
    await later(env, RETRY_SECONDS)
    assert [m.pings for m in reminders(channel_since(env, mark))] == [{user.id}]
    # it was the first of three: two more follow at the usual times
    await later(env, 4 * HOUR)
    await later(env, 8 * HOUR)
    await later(env, 48 * HOUR)
    assert len(reminders(channel_since(env, mark))) == 3


async def test_a_bot_removed_from_a_server_abandons_its_games_there(env: Env) -> None:
    srv = env.srv
    table = await started(env)
    lobby = table_in(env, "istanbul-2")
    await lobby.open(seats=2)
    souk = env.fake.guild("Souk", srv.bob, [srv.alice])
    elsewhere = table_in(env, "play", souk)
    await env.restart()  # the bot now knows the Souk too
    await elsewhere.open(seats=2, computers=1)
    await elsewhere.start()
    env.fake.remove_bot(srv.guild)
    await env.fake.settle()
    for game_id in (table.game_id, lobby.game_id):
        game = await env.service.load(game_id)
        assert game.row.status == "abandoned" and await env.service.timers(game_id) == []
    assert (await elsewhere.game()).row.status == "active"
    # removed while the bot was not running: found by the first sweep after the start
    await env.fake.close_bot()
    env.fake.remove_bot(souk)
    await env.fake.start_bot(env.factory())
    await env.fake.bot.scheduler.maybe_sweep()
    await env.fake.settle()
    assert (await elsewhere.game()).row.status == "abandoned"


async def test_a_rate_limited_game_waits_and_does_not_hold_up_another(env: Env) -> None:
    srv = env.srv
    first = await started(env, reminder_hours=2, timeout_hours=200)
    second = table_in(env, "istanbul-2")
    second_channel = second.srv.channel
    await second.open(seats=3, reminder_hours=2, timeout_hours=200)
    await second.start()
    # both reminders fall due at the same moment; Discord asks the first game's channel to wait
    env.fake.fail_next("POST", "/channels/{channel_id}/messages", "rate_limited",
                       when=lambda r: r.args.get("channel_id") == str(srv.channel.id))
    mark_first, mark_second = newest_id(env), max(m.id for m in env.fake.messages_in(second_channel))
    await later(env, 2 * HOUR)
    assert reminders(channel_since(env, mark_first)) == []
    assert len(reminders([m for m in env.fake.messages_in(second_channel) if m.id > mark_second])) == 1
    await later(env, 59)  # discord.RateLimited said 60 s: the first game waits that long ...
    assert reminders(channel_since(env, mark_first)) == []
    await later(env, 1)  # ... and no longer
    got = reminders(channel_since(env, mark_first))
    assert len(got) == 1 and f"game #{first.game_id}" in got[0].content
    await later(env, 60)
    assert len(reminders(channel_since(env, mark_first))) == 1


async def test_the_daily_backup_keeps_backup_keep_files(env: Env, tmp_path: Path) -> None:
    folder = tmp_path / "backups"
    settings = botkit.settings_for(tmp_path, BACKUP_HOURS=24, BACKUP_KEEP=3, BACKUP_DIR=folder)
    await env.fake.restart(lambda: IstanbulBot(settings, service=env.service, run_timers=False, auto_sync=False))
    table = await started(env)
    folder.mkdir(exist_ok=True)
    (folder / "istanbul-notes.db").write_text("not ours")
    scheduler = env.fake.bot.scheduler
    written = []
    for _ in range(5 * 24):  # five days, the sweep getting its chance every hour
        env.clock.advance(HOUR)
        await scheduler.maybe_sweep()
        written = sorted(p.name for p in folder.glob("istanbul-2*.db"))
    assert len(written) == 3
    assert (folder / "istanbul-notes.db").read_text() == "not ours"
    stamps = [name.removeprefix("istanbul-").removesuffix(".db") for name in written]
    # written an hour after the start and then daily; the newest three are kept
    assert stamps == ["20231116-231320", "20231117-231320", "20231118-231320"]
    with sqlite3.connect(folder / written[-1]) as copy:
        assert copy.execute("SELECT id, status FROM games").fetchall() == [(table.game_id, "active")]
    assert env.clock.now - botkit.FakeClock().now == 5 * DAY


async def test_a_rate_limited_turn_message_is_posted_when_discord_allows(env: Env, discord_errors: LogGuard) -> None:
    table = await started(env, reminder_hours=168, timeout_hours=200)
    user, first = await table.decider()
    env.fake.fail_next("POST", "/channels/{channel_id}/messages", "rate_limited",
                       when=lambda r: r.args.get("channel_id") == str(env.srv.channel.id))
    mark = newest_id(env)
    await finish_turn(table)
    nxt, after = await table.decider()
    assert after.player != first.player and turn_messages(channel_since(env, mark)) == []
    answer = env.fake.ephemerals(user)[-1].content
    assert "saved" in answer and "\n" not in answer
    assert not discord_errors.records
    retry = [t for t in await env.service.timers(table.game_id) if t.kind == "retry"]
    assert [t.due_at - env.clock.now for t in retry] == [60.0]  # the wait Discord asked for
    await later(env, 60)  # then the next turn message comes by itself, once
    await later(env, 60)
    posted = turn_messages(channel_since(env, mark))
    assert len(posted) == 1 and posted[0].pings == {nxt.id}
