"""Other seats deciding in the middle of a turn, and extra turns, on the fake Discord (issue 21,
items 6-7; DESIGN "Other seats deciding mid-turn"): the interlude message pings the seat that
must decide, asks the question with its options and no board image, is edited while the same
person decides and posted anew (with a new mention) for the next person; the turn message says
whom it waits for and carries on afterwards; computer seats answer at once; extra turns go on in
the same turn message. Positions come from the test step kinds `test_ask` and `test_again`."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from bot import engine
from bot.service import random_policy
from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env, Table
from tests.discord_ui.dayskit import (
    HOUR,
    channel_since,
    click,
    command,
    computer_turns,
    finish_turn,
    idle_notices,
    later,
    newest_id,
    started,
)
from tests.discord_ui.fakecord import Fakecord
from tests.discord_ui.messages import Msg
from tests.discord_ui.world import User
from tests.service.positions import put_steps


async def ask_position(
    env: Env, seats: int = 3, computers: int = 0, *kinds: str, **options: Any
) -> tuple[Table, list[int]]:
    """A started table whose deciding person faces `kinds` (default: `test_ask`); returns the
    table and the seats in the order they are asked, the asker first."""
    table = await started(env, seats=seats, computers=computers, **options)
    _, decision = await table.decider()
    await put_steps(env.service, table.game_id, *(kinds or ("test_ask",)))
    await env.fake.bot.istanbul.publisher.sync(table.game_id)
    await env.fake.settle()
    return table, [(decision.player + i) % seats for i in range(seats)]


async def seat_user(table: Table, seat: int) -> User:
    game = await table.game()
    return table.users[game.seats[seat].user_id]


def options_of(msg: Msg) -> list[str]:
    return [c.rsplit(":", 1)[1] for c in msg.custom_ids if c.startswith("ist:o:")]


async def test_an_off_turn_decision_gets_an_interlude_that_pings_each_new_decider(env: Env) -> None:
    table, order = await ask_position(env)
    game = await table.game()
    asker_turn = table.turn_message()
    assert "ask the others?" in asker_turn.embed_text
    first, second = [await seat_user(table, s) for s in order[1:]]
    asker_name, first_name, second_name = (game.seats[s].name for s in order)
    mark = newest_id(env)
    await table.choose("ask")

    posted = channel_since(env, mark)
    assert len(posted) == 1  # no new turn message: the interlude alone
    ask = posted[0]
    assert ask.pings == {first.id} and f"<@{first.id}>" in ask.content
    assert not ask.files and "pick one." in ask.embed_text  # the question in words, no board image
    assert f"in {asker_name}'s turn" in ask.embed_text
    assert options_of(ask) == ["pick.1", "pick.2", "pick.3"]
    waiting = env.fake.message(asker_turn.id)
    assert f"Waiting for {first_name}" in waiting.embed_text
    assert not options_of(waiting) and waiting.pings == asker_turn.pings  # edited, nobody pinged again

    # the same person's next decision edits the interlude
    await table.choose("pick.2")
    assert channel_since(env, mark) == [env.fake.message(ask.id)]
    edited = env.fake.message(ask.id)
    assert options_of(edited) == ["use", "keep"] and edited.edits > ask.edits
    assert "chose pick.2" in edited.embed_text

    # another person: the old interlude loses its buttons, a new one pings them
    await table.choose("keep")
    newer = channel_since(env, ask.id)
    assert len(newer) == 1 and newer[0].pings == {second.id}
    assert options_of(newer[0]) == ["pick.1", "pick.2", "pick.3"]
    assert not env.fake.message(ask.id).components
    assert "has answered" in env.fake.message(ask.id).embed_text
    assert f"Waiting for {second_name}" in env.fake.message(asker_turn.id).embed_text

    # back to the asker: its turn message carries on, no new message, no new ping
    await table.choose("pick.3")
    await table.choose("use")
    assert not env.fake.message(newer[0].id).components
    assert channel_since(env, newer[0].id) == []
    carried = env.fake.message(asker_turn.id)
    assert options_of(carried) == ["back.a", "back.b", "back.no"] and carried.pings == asker_turn.pings
    assert table.turn_message().id == asker_turn.id
    assert "chose pick.3" in carried.embed_text  # the answers are in the turn's story


async def test_only_the_asked_seat_may_answer_and_undo_stays_within_its_part(env: Env) -> None:
    table, order = await ask_position(env)
    await table.choose("ask")
    ask = table.turn_message()
    asker, first = [await seat_user(table, s) for s in order[:2]]
    _, decision = await table.decider()
    wrong = env.fake.click(ask, f"ist:o:{table.game_id}:{decision.decision_id}:pick.1", asker)
    await env.fake.settle()
    first_name = (await table.game()).seats[order[1]].name
    assert wrong.replies[-1].content == f"This decision is {first_name}'s to make, not yours."
    third = env.fake.click(ask, f"ist:o:{table.game_id}:{decision.decision_id}:pick.1", await seat_user(table, order[2]))
    await env.fake.settle()
    assert third.replies[-1].content == f"This decision is {first_name}'s to make, not yours."
    assert (await table.decider())[1].decision_id == decision.decision_id
    await table.choose("pick.2")
    undo = next(c for c in env.fake.message(ask.id).custom_ids if ":undo" in c)
    env.fake.click(env.fake.message(ask.id), undo, first)
    await env.fake.settle()
    user, again = await table.decider()
    assert user is first and again.kind == "test_pick"
    assert options_of(env.fake.message(ask.id)) == ["pick.1", "pick.2", "pick.3"]


async def test_a_stale_click_during_an_off_turn_decision_links_to_the_interlude(env: Env) -> None:
    table, order = await ask_position(env)
    asker_turn = table.turn_message()
    _, asked = await table.decider()
    await table.choose("ask")
    ask = table.turn_message()
    asker, first = [await seat_user(table, s) for s in order[:2]]
    old = env.fake.click(env.fake.message(asker_turn.id), f"ist:o:{table.game_id}:{asked.decision_id}:ask", asker, forge=True)
    await env.fake.settle()
    reply = old.replies[-1]
    assert reply.ephemeral and "moved on" in reply.content
    assert "The current decision: " in reply.content and f"/{env.srv.channel.id}/{ask.id}" in reply.content
    assert f"/{asker_turn.id}" not in reply.content and not options_of(reply)  # not the asker's to answer
    _, pick = await table.decider()
    await table.choose("pick.2")
    again = env.fake.click(ask, f"ist:o:{table.game_id}:{pick.decision_id}:pick.1", first, forge=True)
    await env.fake.settle()
    reply = again.replies[-1]
    assert f"/{env.srv.channel.id}/{ask.id}" in reply.content
    assert options_of(reply) == ["use", "keep"]  # the decider is offered its current question


async def test_computer_seats_answer_at_once_and_post_nothing_of_their_own(env: Env) -> None:
    table, order = await ask_position(env, 3, 2)
    asker_turn = table.turn_message()
    mark = newest_id(env)
    await table.choose("ask")
    assert channel_since(env, mark) == []  # no interlude, no computer turn message
    _, decision = await table.decider()
    assert (decision.player, decision.kind) == (order[0], "test_back")
    carried = env.fake.message(asker_turn.id)
    assert options_of(carried) == ["back.a", "back.b", "back.no"]
    assert carried.embed_text.count("chose pick.") == 2


async def test_an_extra_turn_goes_on_in_the_same_turn_message(env: Env) -> None:
    table, order = await ask_position(env, 3, 0, "test_again")
    turn = table.turn_message()
    user, _ = await table.decider()
    await table.choose("again")
    game = await table.game()
    turns = game.state.turns
    while (await table.game()).state.turns == turns:
        assert (await table.decider())[0] is user
        _, decision = await table.decider()
        await table.choose(next(o.code for o in decision.options if not o.private))
    state = (await table.game()).state
    assert state.turn.extra and engine.pending(state).player == order[0]
    assert table.turn_message().id == turn.id  # no new message, no new ping
    assert [m.id for m in env.fake.messages_in(env.srv.channel) if m.pings] == [
        m.id for m in env.fake.messages_in(env.srv.channel) if m.pings and m.id <= turn.id
    ]


async def test_reminders_and_the_idle_notice_speak_of_a_decision_and_a_skip_answers_it_only(env: Env) -> None:
    table, order = await ask_position(env, reminder_hours=2, timeout_hours=10)
    await table.choose("ask")
    ask = table.turn_message()
    asker, first, second = [await seat_user(table, s) for s in order]
    first_name = (await table.game()).seats[order[1]].name
    mark = newest_id(env)
    await later(env, 2 * HOUR)
    sent = [m for m in channel_since(env, mark) if "is waiting for your decision" in m.content]
    assert len(sent) == 1 and sent[0].pings == {first.id}
    assert "waiting for your decision" in sent[0].content
    assert f"/{env.srv.channel.id}/{ask.id}" in sent[0].content  # a link to the interlude
    assert [b.label for b in sent[0].buttons] == ["Mute this decision"]
    await later(env, 8 * HOUR)
    notices = idle_notices(channel_since(env, mark))
    assert len(notices) == 1 and notices[0].content.startswith(f"{first_name} has had a decision to make for 10 hours.")
    assert [b.label for b in notices[0].buttons] == ["Skip decision", "Hand seat to computer"]
    skip = notices[0].button("Skip decision").custom_id or ""
    question = await click(env, notices[0], skip, asker)
    assert question.content.startswith(f"Skip {first_name}'s decision?")
    done = await click(env, question, question.buttons[0].custom_id or "", asker)
    assert done.content == "Done: the decision was skipped."
    user, now = await table.decider()
    assert user is second and (now.kind, now.off_turn) == ("test_pick", True)  # the next seat decides itself
    after = channel_since(env, notices[0].id)
    assert [m.pings for m in after if m.components] == [{second.id}]  # a new interlude for the next seat
    assert not env.fake.message(ask.id).components
    log = (await command(env, asker, "log")).embed_text
    assert f"{first_name}'s time to decide had run out" in log
    assert f"{first_name}'s decision was skipped." in log and "turn was skipped" not in log


async def test_the_mute_of_an_off_turn_reminder_speaks_of_the_decision(env: Env) -> None:
    table, order = await ask_position(env)
    await table.choose("ask")
    asker, first = [await seat_user(table, s) for s in order[:2]]
    mark = newest_id(env)
    await later(env, (await table.game()).options.reminder_hours * HOUR)
    reminder = next(m for m in channel_since(env, mark) if "waiting for your decision" in m.content)
    mute = reminder.button("Mute this decision").custom_id or ""
    refused = await click(env, reminder, mute, asker)
    assert refused.content == "Only the player asked this decision can mute its reminders."
    muted = await click(env, reminder, mute, first)
    assert muted.content == "No more reminders for this decision."
    mark = newest_id(env)
    await later(env, 8 * (await table.game()).options.reminder_hours * HOUR)
    assert not [m for m in channel_since(env, mark) if "waiting for your decision" in m.content]


async def test_a_deleted_interlude_is_posted_again_with_the_reminder(env: Env) -> None:
    table, order = await ask_position(env)
    await table.choose("ask")
    ask = table.turn_message()
    first = await seat_user(table, order[1])
    env.fake.delete_message(ask)
    mark = newest_id(env)
    await later(env, (await table.game()).options.reminder_hours * HOUR)
    again = [m for m in channel_since(env, mark) if m.components]
    assert len(again) == 1 and again[0].pings == {first.id} and "pick one." in again[0].embed_text
    assert options_of(again[0]) == ["pick.1", "pick.2", "pick.3"]


def asking(view: engine.View, decision: engine.Decision, rng: random.Random) -> str:
    """A computer player that asks the others whenever it may (else plays at random)."""
    return "ask" if decision.option("ask") is not None else random_policy(view, decision, rng)


async def test_people_asked_in_a_computers_turn_get_interludes_and_the_turn_is_one_message(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = await botkit.start_env(fake, tmp_path, monkeypatch, grace=60.0, policy=asking)
    try:
        table = await started(env, seats=3, computers=1)
        game = await table.game()
        robot = next(s.seat for s in game.seats if s.played_by_computer)
        while engine.pending(game.state).player != robot:  # people play until the computer's turn
            if await env.service.grace_over(table.game_id):
                await finish_turn(table)
            else:
                await later(env, 60)
            game = await table.game()
        await put_steps(env.service, table.game_id, "test_ask")  # the computer waits for the grace period
        mark = newest_id(env)
        await later(env, 60)
        people = [(robot + i) % 3 for i in (1, 2)]
        users = [await seat_user(table, s) for s in people]
        posted = channel_since(env, mark)
        assert computer_turns(posted) == []  # its turn is not over yet
        assert [m.pings for m in posted if m.components] == [{users[0].id}]
        assert "chose ask" in posted[-1].embed_text and "pick one." in posted[-1].embed_text
        for code in ("pick.1", "use", "pick.2", "keep"):
            await table.choose(code)
        done = computer_turns(channel_since(env, mark))
        assert len(done) == 1  # the computer's turn, once over, is one message
        assert (await table.decider())[1].player == (robot + 1) % 3
    finally:
        await botkit.stop_env(env)


async def test_an_idle_off_turn_decider_handed_to_the_computer_answers_at_once(env: Env) -> None:
    table, order = await ask_position(env, reminder_hours=168, timeout_hours=10)
    await table.choose("ask")
    ask = table.turn_message()
    asker, _, second = [await seat_user(table, s) for s in order]
    await later(env, 10 * HOUR)
    notice = idle_notices(channel_since(env, ask.id))[0]
    question = await click(env, notice, notice.button("Hand seat to computer").custom_id or "", asker)
    await click(env, question, question.buttons[0].custom_id or "", asker)
    user, now = await table.decider()
    assert user is second and (now.kind, now.off_turn) == ("test_pick", True)
    assert not env.fake.message(ask.id).components
    newest = [m for m in channel_since(env, ask.id) if m.components and m.pings]
    assert newest[-1].pings == {second.id} and options_of(newest[-1]) == ["pick.1", "pick.2", "pick.3"]
