"""Idle seats: after the game's timeout (and not before) any other seated player may skip the
idle turn or hand the seat to the computer player, each after a confirmation and each a public
line in the log; the owner takes the seat back with the notice's button or `/istanbul resume`."""

from __future__ import annotations

from tests.discord_ui.botkit import Env
from tests.discord_ui.dayskit import (
    HOUR,
    channel_since,
    click,
    command,
    idle_notices,
    later,
    newest_id,
    others,
    started,
)
from tests.service.helpers import fingerprint

TIMEOUT = 10  # hours


async def log_lines(env: Env) -> str:
    return (await command(env, env.srv.carol, "log")).embed_text


async def test_a_skip_needs_the_timeout_and_a_confirmation_and_is_a_public_line(env: Env) -> None:
    table = await started(env, reminder_hours=168, timeout_hours=TIMEOUT)
    idle, decision = await table.decider()
    name = idle.display_name
    pusher, third = others(env, idle)
    turn = table.turn_message()
    mark = newest_id(env)
    await later(env, TIMEOUT * HOUR - 1)
    assert idle_notices(channel_since(env, mark)) == []
    await later(env, 1)
    notices = idle_notices(channel_since(env, mark))
    assert len(notices) == 1
    notice = notices[0]
    assert notice.content.startswith(f"{name} has had the move for {TIMEOUT} hours.")
    assert [b.label for b in notice.buttons] == ["Skip turn", "Hand seat to computer"]
    assert notice.pings == frozenset()
    await later(env, 5 * HOUR)
    await env.restart()
    await later(env, HOUR)
    assert len(idle_notices(channel_since(env, mark))) == 1  # once per idle decision, restart or not
    skip = notice.button("Skip turn").custom_id or ""

    dave = env.fake.user("dave", "Dave")
    env.fake.member(env.srv.guild, dave)
    before = await fingerprint(env.service)
    for who, answer in (
        (idle, "You cannot skip your own turn; make a choice instead."),
        (dave, "You are not seated in this game."),
    ):
        assert (await click(env, notice, skip, who)).content == answer
        assert await fingerprint(env.service) == before
    question = await click(env, notice, skip, pusher)
    assert question.content == f"Skip {name}'s turn? Their turn ends as if they passed."
    assert [b.label for b in question.buttons] == ["Yes, skip the turn"]
    assert await fingerprint(env.service) == before  # asking changes nothing
    done = await click(env, question, question.button("Yes, skip the turn").custom_id or "", pusher)
    assert done.content == "Done: the turn was skipped."

    next_user, next_decision = await table.decider()
    assert next_decision.player != decision.player
    assert env.fake.message(turn.id).components == []  # the idle turn's message is retired
    assert next_user.id in table.turn_message().pings
    assert f"{name}'s turn was skipped." in await log_lines(env)
    assert f"{name}'s turn was skipped." in table.turn_message().embed_text  # told to the next player too

    # the old notice and confirmation now refer to the next player, whose time is not up
    before = await fingerprint(env.service)
    refused = await click(env, notice, skip, idle)
    assert refused.content == f"{next_user.display_name}'s time is not up yet."
    again = await click(env, question, question.button("Yes, skip the turn").custom_id or "", pusher)
    assert again.content == (
        "You cannot skip your own turn; make a choice instead." if next_user is pusher
        else f"{next_user.display_name}'s time is not up yet."
    )
    assert await fingerprint(env.service) == before


async def test_hand_over_after_the_timeout_and_the_owner_takes_the_seat_back(env: Env) -> None:
    table = await started(env, reminder_hours=168, timeout_hours=TIMEOUT)
    idle, decision = await table.decider()
    name = idle.display_name
    pusher, third = others(env, idle)
    # before the timeout: a forged "Hand seat to computer" is refused and changes nothing
    await later(env, TIMEOUT * HOUR / 2)
    before = await fingerprint(env.service)
    early = await click(env, table.turn_message(), f"ist:u:{table.game_id}:hand", pusher, forge=True)
    assert early.content == f"{name}'s time is not up yet."
    assert await fingerprint(env.service) == before

    mark = newest_id(env)
    await later(env, TIMEOUT * HOUR / 2)
    notice = idle_notices(channel_since(env, mark))[0]
    before = await fingerprint(env.service)
    question = await click(env, notice, notice.button("Hand seat to computer").custom_id or "", pusher)
    assert question.content == f"Let the computer play {name}'s seat until they take it back?"
    assert await fingerprint(env.service) == before
    mark = newest_id(env)
    done = await click(env, question, question.button("Yes, hand it over").custom_id or "", pusher)
    assert done.content == "Done: a computer player has the seat until its owner takes it back."

    posted = channel_since(env, mark)
    handed = [m for m in posted if "handed your seat" in m.content]
    assert len(handed) == 1 and handed[0].pings == {idle.id}
    assert pusher.display_name in handed[0].content and "`/istanbul resume`" in handed[0].content
    assert [b.label for b in handed[0].buttons] == ["Take my seat back"]
    assert any("A computer player took this turn" in m.embed_text for m in posted)  # it moved at once
    game = await table.game()
    assert game.seats[decision.player].computer
    assert f"A computer player now plays {name}'s seat." in await log_lines(env)

    back = handed[0].button("Take my seat back").custom_id or ""
    before = await fingerprint(env.service)
    refused = await click(env, handed[0], back, third)
    assert refused.content == "You are playing your own seat already; only a seat's owner can take it back."
    assert await fingerprint(env.service) == before
    taken = await click(env, handed[0], back, idle)
    assert taken.content == "Your seat is yours again."
    game = await table.game()
    assert not game.seats[decision.player].computer
    assert f"{name} plays their own seat again." in await log_lines(env)
    before = await fingerprint(env.service)
    again = await command(env, idle, "resume")
    assert again.content == "You are playing your own seat already; only a seat's owner can take it back."
    assert await fingerprint(env.service) == before
    dave = env.fake.user("dave", "Dave")
    env.fake.member(env.srv.guild, dave)
    stranger = await command(env, dave, "resume")
    assert stranger.content == "You are not seated in this game."
    assert await fingerprint(env.service) == before


async def test_alone_with_computer_players_nobody_can_push_the_idle_person(env: Env) -> None:
    table = await started(env, seats=2, computers=1, reminder_hours=168, timeout_hours=TIMEOUT)
    person, _ = await table.decider()  # the computer moved at once if it started
    mark = newest_id(env)
    await later(env, TIMEOUT * HOUR)
    notice = idle_notices(channel_since(env, mark))[0]
    assert person.display_name in notice.content
    # nobody else is seated: the person alone cannot push themselves
    before = await fingerprint(env.service)
    refused = await click(env, notice, notice.button("Skip turn").custom_id or "", person)
    assert refused.content == "You cannot skip your own turn; make a choice instead."
    assert await fingerprint(env.service) == before
