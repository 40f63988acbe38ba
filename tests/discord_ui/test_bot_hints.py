"""Hints on Discord: the Hint button on the turn message (naming its decision) and
`/istanbul hint`, answered only to whoever decides now and only privately, the same each time,
nothing in the log or the public messages; none when the table turned them off; the end message
counts each person's hints. (Their privacy by invariance: test_bot_privacy.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.ai import get_policy
from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env
from tests.discord_ui.dayskit import click, command
from tests.discord_ui.fakecord import Fakecord
from tests.service.helpers import FakeClock, event_kinds


async def test_the_decider_asks_by_button_or_command_and_gets_the_same_hint_privately(env: Env) -> None:
    table = env.table
    await table.open(seats=3)
    await table.start()
    user, decision = await table.decider()
    turn = table.turn_message()
    hint_id = f"ist:u:{table.game_id}:hint.{decision.decision_id}"
    assert hint_id in turn.custom_ids
    kinds = await event_kinds(env.service, table.game_id)
    public = [(m.id, m.content, m.embed_text, m.custom_ids) for m in env.fake.messages_in(env.srv.channel)]
    first = await click(env, turn, hint_id, user)
    assert first.content.startswith("The computer would choose: ")
    option = next(o for o in decision.options if first.content.startswith(f"The computer would choose: {o.label} — "))
    assert option.code in decision.codes()
    assert (await click(env, turn, hint_id, user)).content == first.content
    assert (await command(env, user, "hint")).content == first.content
    # nothing public changed, nothing was logged, and it counts once for that decision
    assert [(m.id, m.content, m.embed_text, m.custom_ids) for m in env.fake.messages_in(env.srv.channel)] == public
    assert await event_kinds(env.service, table.game_id) == kinds
    game = await table.game()
    assert await env.service.hints_used(table.game_id) == {game.seats[decision.player].seat: 1}


async def test_a_hint_is_refused_to_others_and_for_a_decision_that_has_gone(env: Env) -> None:
    table = env.table
    await table.open(seats=3)
    await table.start()
    user, decision = await table.decider()
    other = next(u for u in env.srv.users[:3] if u != user)
    turn = table.turn_message()
    hint_id = f"ist:u:{table.game_id}:hint.{decision.decision_id}"
    refused = await click(env, turn, hint_id, other)
    assert refused.content.startswith("It is not your turn")
    assert (await command(env, other, "hint")).content.startswith("It is not your turn")
    stranger = env.srv.users[3] if len(env.srv.users) > 3 else None
    if stranger is not None:
        assert "seat" in (await click(env, turn, hint_id, stranger)).content
    forged = await click(env, turn, f"ist:u:{table.game_id}:hint.{decision.decision_id + 7}", user, forge=True)
    assert "The computer would choose" not in forged.content
    await table.choose(decision.default)
    stale = await click(env, turn, hint_id, user, forge=True)  # an old copy's button: the decision has gone
    assert "The computer would choose" not in stale.content and stale.content
    assert await env.service.hints_used(table.game_id) == {}


async def test_no_hint_button_or_command_when_the_table_turned_hints_off(env: Env) -> None:
    table = env.table
    await table.open(seats=3, hints=False)
    await table.start()
    user, decision = await table.decider()
    assert not any(":hint." in cid for cid in table.turn_message().custom_ids)
    assert (await command(env, user, "hint")).content == "Hints are off at this table."
    forged = await click(env, table.turn_message(), f"ist:u:{table.game_id}:hint.{decision.decision_id}", user, forge=True)
    assert forged.content == "Hints are off at this table."


def test_the_end_message_of_a_table_without_hints_does_not_count_them() -> None:
    from bot import engine
    from bot.discord_ui import payloads

    public = engine.view(engine.new_game(engine.GameSettings(players=2), ["red", "blue"], 7), None)
    standings = [(1, "Ann", "5 rubies"), (2, "Bob", "4 rubies")]
    off = payloads.end_payload(3, public, standings, None, [], ["Ann"])
    on = payloads.end_payload(3, public, standings, None, [], ["Ann"], {"Ann": 2, "Bob": 0})
    assert off.embed is not None and on.embed is not None
    assert "Hints used" not in (off.embed.description or "")
    assert "Hints used: Ann 2, Bob none." in (on.embed.description or "")


async def test_the_end_message_counts_the_hints_each_person_used(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    botkit.cheap_images(monkeypatch)
    svc = await botkit.open_service(tmp_path, FakeClock())
    try:
        srv = fake.basic_server()
        await fake.start_bot(botkit.factory(tmp_path, svc))
        table = botkit.Table(fake, srv, svc)
        await table.open(seats=2)
        await table.start()
        user, decision = await table.decider()
        fake.click(table.turn_message(), f"ist:u:{table.game_id}:hint.{decision.decision_id}", user)
        await fake.settle()
        await table.play_out(get_policy("greedy"))
        end = fake.last_message(srv.channel)
        assert "Game over" in end.embed_text
        names = {s.name for s in (await table.game()).seats}
        assert "Hints used: " in end.embed_text and " 1" in end.embed_text and " none" in end.embed_text
        assert all(name in end.embed_text for name in names)
    finally:
        await fake.close_bot()
        await svc.close()


async def test_a_decision_in_someone_elses_turn_offers_a_hint_to_the_one_asked(env: Env) -> None:
    """An auction bid asked of Bob in Alice's turn: the interlude message carries Hint for Bob;
    Alice is told the decision is Bob's."""
    from tests.discord_ui.dayskit import channel_since, newest_id
    from tests.discord_ui.test_bot_letters_offturn import auction_table, seat_user

    table, alice, seat, others = await auction_table(env)
    game = await table.game()
    person = next(s for s in others if not game.seats[s].played_by_computer)
    bob = await seat_user(table, person)
    mark = newest_id(env)
    await table.choose("v.2")
    ask = channel_since(env, mark)[0]
    _, asked = await table.decider()
    assert asked.player == person and asked.off_turn
    hint_id = f"ist:u:{table.game_id}:hint.{asked.decision_id}"
    assert hint_id in ask.custom_ids
    answer = await click(env, ask, hint_id, bob)
    assert answer.content.startswith("The computer would choose: ")
    assert any(answer.content.startswith(f"The computer would choose: {o.label} — ") for o in asked.options)
    assert (await click(env, ask, hint_id, alice)).content == f"This decision is {game.seats[person].name}'s to make, not yours."
