"""Turn messages on the fake Discord: who may click, stale and double clicks, the grace period
and its Undo, private choices, card plays from "My cards" and the DM."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest

from bot import engine
from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env
from tests.discord_ui.dayskit import finish_turn, started
from tests.discord_ui.fakecord import Fakecord
from tests.service.helpers import fingerprint


async def test_every_click_is_acknowledged_first_and_only_the_decider_counts(env: Env) -> None:
    table = await started(env)
    user, decision = await table.decider()
    others = [u for u in env.srv.users if u is not user]
    turn = table.turn_message()
    code = decision.options[0].code
    button = f"ist:o:{table.game_id}:{decision.decision_id}:{code}"
    before = await fingerprint(env.service)
    wrong = env.fake.click(turn, button, others[0])
    await env.fake.settle()
    assert wrong.acked_first
    assert "not your turn" in wrong.replies[-1].content.lower()
    assert wrong.replies[-1].ephemeral
    assert await fingerprint(env.service) == before
    right = env.fake.click(turn, button, user)
    await env.fake.settle()
    assert right.acked_first and right.callback_type == 6
    assert (await table.game()).state.decision_id > decision.decision_id


async def test_a_double_click_is_applied_once_and_the_second_is_told_the_board_moved_on(env: Env) -> None:
    table = await started(env)
    user, decision = await table.decider()
    turn = table.turn_message()
    button = f"ist:o:{table.game_id}:{decision.decision_id}:{decision.options[0].code}"
    first = env.fake.click(turn, button, user)
    second = env.fake.click(turn, button, user)  # before anything settles: a real race
    await env.fake.settle()
    answers = [r.content for i in (first, second) for r in i.replies]
    assert len(answers) == 1 and "moved on" in answers[0]
    game = await table.game()
    inputs = [e for e in await env.service.lines(table.game_id)]
    assert game.state.decision_id == decision.decision_id + 1 or len(inputs) > 0


async def test_an_old_button_gets_the_current_choices_for_the_decider(env: Env) -> None:
    table = await started(env)
    user, decision = await table.decider()
    old = table.turn_message()
    await table.choose(decision.options[0].code)
    user2, now = await table.decider()
    if user2 is not user:
        pytest.skip("the first choice ended the turn in this seed")
    # a client that has not yet seen the edit still shows the old button
    stale = env.fake.click(old, f"ist:o:{table.game_id}:{decision.decision_id}:{decision.options[0].code}", user,
                           forge=True)
    await env.fake.settle()
    reply = stale.replies[-1]
    assert reply.ephemeral and "moved on" in reply.content
    assert any(cid.startswith(f"ist:o:{table.game_id}:{now.decision_id}:") for cid in reply.custom_ids)


async def test_within_a_turn_the_same_message_is_edited_and_a_new_decider_gets_a_new_message(env: Env) -> None:
    table = await started(env)
    user, decision = await table.decider()
    first = table.turn_message()
    seat_before = decision.player
    while True:
        user_now, d = await table.decider()
        if d.player != seat_before:
            break
        await table.choose(d.default)
    new = table.turn_message()
    assert new.id != first.id
    assert user_now.id in new.pings
    old = env.fake.message(first.id)
    assert old.components == [] and old.files  # the old message keeps its image, loses its buttons
    # both pictures, each in an embed of its own, each with its alt text: the last turn in words
    assert [f.filename for f in new.files] == ["board.png", "players.png"]
    assert [f.filename for f in old.files] == ["board.png", "players.png"] and len(old.embeds) == 2
    assert [e["image"]["url"] for e in new.embeds] == [a["url"] for a in new.raw["attachments"]]
    colour = (await env.service.load(table.game_id)).state.players[seat_before].colour.capitalize()  # type: ignore[union-attr]
    board, players = new.files
    assert players.description is not None and players.description.startswith(f"{colour}: ")
    assert board.description == f"{players.description} (board)"


async def test_private_choices_open_for_the_decider_only(env: Env) -> None:
    table = await started(env)
    game = await table.game()
    # give the first player a card so that a private choice exists at the move step
    state = game.state
    user, decision = await table.decider()
    turn = table.turn_message()
    private = [b for b in turn.buttons if b.custom_id and b.custom_id.endswith(":private")]
    if not private:
        pytest.skip("no card in hand at the start in this seed")
    others = [u for u in env.srv.users if u is not user]
    peek = env.fake.click(turn, private[0].custom_id or "", others[0])
    await env.fake.settle()
    assert "not your turn" in peek.replies[-1].content.lower()
    mine = env.fake.click(turn, private[0].custom_id or "", user)
    await env.fake.settle()
    assert mine.replies[-1].ephemeral
    assert state is not None


async def test_the_grace_period_keeps_the_turn_open_for_undo(fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    env = await botkit.start_env(fake, tmp_path, monkeypatch, grace=60)
    try:
        table = await started(env)
        user, decision = await table.decider()
        seat = decision.player
        while True:
            u, d = await table.decider()
            if d.player != seat:
                break
            await table.choose(d.default)
        over = env.fake.last_message(env.srv.channel)
        assert "Turn over" in over.embed_text and over.button("Undo")
        assert not [m for m in env.fake.messages_in(env.srv.channel) if u.id in m.pings and m.id > over.id]
        # Undo inside the grace period: the turn is the first player's again, on the same message
        undo = env.fake.click(over, over.button("Undo").custom_id or "", user)
        await env.fake.settle()
        assert undo.acked_first
        again, d2 = await table.decider()
        assert again is user and d2.player == seat
        assert table.turn_message().id == over.id
        # finish the turn again and let the grace period pass: the next player is pinged
        while True:
            u, d = await table.decider()
            if d.player != seat:
                break
            await table.choose(d.default)
        env.clock.advance(61)
        await env.fake.bot.scheduler.run_due()
        await env.fake.settle()
        newest = env.fake.last_message(env.srv.channel)
        assert u.id in newest.pings and newest.id != over.id
    finally:
        await botkit.stop_env(env)


async def test_engine_and_messages_agree_on_the_options(env: Env) -> None:
    """The public buttons are exactly the decision's public options, at every step of a turn."""
    table = await started(env)
    for _ in range(12):
        game = await table.game()
        decision = engine.pending(game.state)
        assert decision is not None
        turn = table.turn_message()
        shown = {cid.split(":", 4)[4] for cid in turn.custom_ids if cid.startswith("ist:o:")}
        if turn.selects:
            shown |= set(turn.selects[0].values)
        assert shown == {o.code for o in decision.options if not o.private}
        await table.choose(decision.default)


async def test_before_a_computer_moves_the_person_still_gets_the_grace_period(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = await botkit.start_env(fake, tmp_path, monkeypatch, grace=60)
    try:
        table = env.table
        await table.open(seats=2, computers=1)
        await table.start()
        game = await table.game()
        if engine.pending(game.state).player != next(s.seat for s in game.seats if s.kind == "discord_user"):
            env.clock.advance(61)
            await env.fake.bot.scheduler.run_due()
            await env.fake.settle()
        user, decision = await table.decider()
        turns = (await table.game()).state.turns
        while (await table.game()).state.turns == turns:
            _, d = await table.decider()
            await table.choose(d.default)
        over = env.fake.last_message(env.srv.channel)
        undo_id = f"ist:u:{table.game_id}:undo.{(await table.game()).state.decision_id}"
        assert "Turn over" in over.embed_text and undo_id in over.custom_ids
        assert "computer player took this turn" not in over.embed_text  # the computer waits
        env.clock.advance(61)
        await env.fake.bot.scheduler.run_due()
        await env.fake.settle()
        retired = env.fake.message(over.id)
        assert retired.components == [] and "Turn over." in retired.embed_text and "undo" not in retired.embed_text
        assert retired.files  # the picture of the board after the turn stays
        computer = [m for m in env.fake.messages_in(env.srv.channel) if "computer player took this turn" in m.embed_text]
        assert computer and computer[-1].id > over.id
        assert user.id in table.turn_message().pings
    finally:
        await botkit.stop_env(env)


async def test_the_timer_loop_wakes_after_a_click_and_ends_the_grace_period(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The running timer loop: it sleeps until the next timer, and any click wakes it to look
    again, so a grace period that ends sooner than its planned sleep is not overslept."""
    env = await botkit.start_env(fake, tmp_path, monkeypatch, grace=60)
    loop = None
    try:
        table = await started(env)
        _, decision = await table.decider()
        while (await table.decider())[1].player == decision.player:
            _, d = await table.decider()
            await table.choose(d.default)
        over = env.fake.last_message(env.srv.channel)
        assert "Turn over" in over.embed_text
        loop = asyncio.create_task(env.fake.bot.scheduler.run_forever())
        await asyncio.sleep(0.05)  # the loop has looked once and sleeps until the grace period ends
        env.clock.advance(61)
        log = env.fake.click(over, f"ist:u:{table.game_id}:log", env.srv.carol)  # any click wakes it
        await env.fake.settle()
        for _ in range(100):
            await asyncio.sleep(0.02)
            if env.fake.last_message(env.srv.channel).id != over.id:
                break
        await env.fake.settle()
        assert log.acknowledged
        next_user, _ = await table.decider()
        assert next_user.id in env.fake.last_message(env.srv.channel).pings
    finally:
        if loop is not None:
            loop.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await loop
        await botkit.stop_env(env)


async def test_no_past_turn_message_keeps_its_your_turn_line(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The ping line belongs to the live turn message only: the grace-period form of a finished
    turn and the retired message after it carry no "your turn"."""
    env = await botkit.start_env(fake, tmp_path, monkeypatch, grace=60)
    try:
        table = await started(env)
        user, decision = await table.decider()
        first = table.turn_message()
        assert "your turn" in first.content
        while (await table.decider())[1].player == decision.player:
            await table.choose((await table.decider())[1].default)
        over = env.fake.message(first.id)
        assert "Turn over" in over.embed_text and "your turn" not in over.content
        env.clock.advance(61)
        await env.fake.bot.scheduler.run_due()
        await env.fake.settle()
        retired = env.fake.message(first.id)
        assert retired.components == [] and "your turn" not in retired.content
        live = table.turn_message()
        assert live.id != first.id and "your turn" in live.content
    finally:
        await botkit.stop_env(env)


async def test_a_double_click_on_undo_takes_back_one_choice_and_the_second_hears_it_is_done(env: Env) -> None:
    table = await started(env)
    user, decision = await table.decider()
    await table.choose(decision.default)  # the move: the same person decides next
    assert (await table.decider())[0] is user
    turn = table.turn_message()
    now = (await table.game()).state.decision_id
    undo_id = f"ist:u:{table.game_id}:undo.{now}"
    assert turn.button("Undo").custom_id == undo_id  # the Undo names the decision it is offered at
    seq = (await table.game()).row.seq
    first = env.fake.click(turn, undo_id, user)
    second = env.fake.click(turn, undo_id, user)  # before anything settles: a real race
    await env.fake.settle()
    game = await table.game()
    assert game.row.seq == seq + 1  # one undo logged
    answers = [r.content for i in (first, second) for r in i.replies]
    assert len(answers) == 1 and "already taken back" in answers[0].lower()
    # /istanbul undo takes back the choice that was last when it arrived
    await table.choose(decision.default)
    seq = (await table.game()).row.seq - 1
    answer = env.fake.slash(user, env.srv.channel, "istanbul undo", {})
    await env.fake.settle()
    assert "Taken back" in answer.replies[-1].content
    assert (await table.game()).row.seq == seq + 2


async def test_an_undo_button_without_a_decision_is_from_an_older_version(env: Env) -> None:
    table = await started(env)
    user, decision = await table.decider()
    await table.choose(decision.default)
    turn = table.turn_message()
    before = await fingerprint(env.service)
    old = env.fake.click(turn, f"ist:u:{table.game_id}:undo", user, forge=True)
    await env.fake.settle()
    assert "older version" in old.replies[-1].content and old.replies[-1].ephemeral
    assert await fingerprint(env.service) == before


async def test_an_undo_after_the_turn_passed_retires_the_next_message_as_taken_back(env: Env) -> None:
    """A's turn passes to B; A takes it back before B chooses. B's message does not say B moved:
    it says A took the turn back and B plays after A; A is not pinged for their own undo, B is
    pinged again when B must decide."""
    table = await started(env)
    a, decision = await table.decider()
    while (await table.decider())[0] is a:
        await table.choose((await table.decider())[1].default)
    b, _ = await table.decider()
    b_message = table.turn_message()
    assert b.id in b_message.pings
    mark = b_message.id
    answer = env.fake.slash(a, env.srv.channel, "istanbul undo", {})
    await env.fake.settle()
    assert "Taken back" in answer.replies[-1].content
    assert (await table.decider())[0] is a
    retired = env.fake.message(b_message.id)
    assert retired.components == [] and "your turn" not in retired.content
    a_name, b_name = a.display_name or a.name, b.display_name or b.name
    assert f"Taken back by {a_name}; {b_name} plays after {a_name}." in retired.embed_text
    assert "has moved" not in retired.embed_text and "Turn over" not in retired.embed_text
    again = table.turn_message()
    assert again.id > mark and a.id not in again.pings
    while (await table.decider())[0] is a:
        await table.choose((await table.decider())[1].default)
    assert (await table.decider())[0] is b and b.id in table.turn_message().pings


async def test_computer_turns_posted_since_a_persons_turn_are_one_line_each_in_their_next_message(env: Env) -> None:
    table = await started(env, seats=3, computers=2)
    await env.fake.bot.scheduler.run_due()
    await env.fake.settle()
    user, decision = await table.decider()
    mark = table.turn_message().id
    await finish_turn(table)  # the computers play at once (no grace period here), then it is the person's turn
    await env.fake.bot.scheduler.run_due()
    await env.fake.settle()
    again = table.turn_message()
    assert again.id > mark and user.id in again.pings
    posted = [m for m in env.fake.messages_in(env.srv.channel) if mark < m.id < again.id
              and "computer player took this turn" in m.embed_text]
    assert len(posted) == 2  # one message per computer turn
    game = await table.game()
    computers = [s.name for s in game.seats if s.kind == "ai"]
    story = again.embed_text
    for name in computers:
        assert story.count(f"{name} played a turn (posted above).") == 1
    for message in posted:  # not repeated word for word
        first_line = message.embeds[0]["description"].splitlines()[0]
        assert first_line not in story
