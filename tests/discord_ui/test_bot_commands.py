"""The /istanbul commands during a game: status, cards, log (paged, or a file when long), undo,
leave and resume, abandon (creator or Manage Channels), rules with autocomplete, games; and a
story longer than a message allows."""

from __future__ import annotations

import discord
import pytest

from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env
from tests.discord_ui.dayskit import started
from tests.service.helpers import fingerprint


async def play_turns(table: botkit.Table, n: int) -> None:
    game = await table.game()
    target = game.state.turns + n
    while (await table.game()).state.turns < target:
        _, d = await table.decider()
        await table.choose(d.options[0].code if d.default == "x.end" else d.default)


async def slash(env: Env, user: object, command: str, options: dict[str, object] | None = None) -> object:
    reply = env.fake.slash(user, env.srv.channel, command, options or {})  # type: ignore[arg-type]
    await env.fake.settle()
    assert reply.acked_first
    return reply.replies[-1]


async def test_status_cards_log_and_undo(env: Env) -> None:
    table = await started(env)
    await play_turns(table, 3)
    status = await slash(env, env.srv.carol, "istanbul status")
    assert status.ephemeral and "Round" in status.embed_text and status.file("board.png").is_png  # type: ignore[attr-defined]
    cards = await slash(env, env.srv.bob, "istanbul cards")
    assert cards.ephemeral and "Your bonus cards" in cards.embed_text  # type: ignore[attr-defined]
    log = await slash(env, env.srv.carol, "istanbul log")
    assert log.ephemeral and "moved from" in log.embed_text  # type: ignore[attr-defined]
    user, decision = await table.decider()
    nothing = await slash(env, user, "istanbul undo")
    # the refusal says why: the others have chosen since this player's last choice
    assert nothing.content.startswith("Can't undo: ")  # type: ignore[attr-defined]
    assert nothing.content.endswith(" has chosen since your last choice.")  # type: ignore[attr-defined]
    await table.choose(decision.options[0].code)
    user2, _ = await table.decider()
    if user2 is user:
        taken = await slash(env, user, "istanbul undo")
        assert taken.content == "Taken back."  # type: ignore[attr-defined]
        _, again = await table.decider()
        assert again.decision_id > decision.decision_id and again.kind == decision.kind


async def test_a_long_log_comes_as_a_file_and_a_long_story_is_cut_with_a_pointer(env: Env) -> None:
    table = await started(env, seats=2)
    await play_turns(table, 60)
    log = await slash(env, env.srv.alice, "istanbul log")
    assert log.files and log.files[0].filename.endswith("-log.txt")  # type: ignore[attr-defined]
    assert b"moved from" in log.files[0].data  # type: ignore[attr-defined]
    # the next turn message of a seat that has been told nothing since the start
    user, decision = await table.decider()
    await env.service.set_seen(table.game_id, 1 - decision.player, 0)
    while (await table.decider())[1].player == decision.player:
        _, d = await table.decider()
        await table.choose(d.options[0].code if d.default == "x.end" else d.default)
    turn = table.turn_message()
    description = turn.embeds[0]["description"]
    assert len(description) <= 4096 and "/istanbul log" in description


async def test_leave_after_the_start_hands_the_seat_to_the_computer_and_resume_takes_it_back(env: Env) -> None:
    table = await started(env)
    game = await table.game()
    carol = game.seat_of(str(env.srv.carol.id))
    left = await slash(env, env.srv.carol, "istanbul leave")
    assert "computer player now plays your seat" in left.content  # type: ignore[attr-defined]
    assert (await table.game()).seats[carol.seat].computer
    other = await slash(env, env.srv.bob, "istanbul resume")
    assert "already" in other.content  # type: ignore[attr-defined]
    back = await slash(env, env.srv.carol, "istanbul resume")
    assert "yours again" in back.content  # type: ignore[attr-defined]
    assert not (await table.game()).seats[carol.seat].computer
    lines = [line for _, line in await env.service.lines(table.game_id)]
    assert any("computer player now plays Carol" in line for line in lines)


async def test_abandon_needs_the_creator_or_manage_channels_and_a_confirmation(env: Env) -> None:
    table = await started(env)
    before = await fingerprint(env.service)
    refused = await slash(env, env.srv.bob, "istanbul abandon")
    assert "creator" in refused.content  # type: ignore[attr-defined]
    assert await fingerprint(env.service) == before
    env.fake.set_permissions(env.srv.guild, env.srv.bob, discord.Permissions(manage_channels=True))
    ask = await slash(env, env.srv.bob, "istanbul abandon")
    assert ask.buttons and await fingerprint(env.service) == before  # type: ignore[attr-defined]
    env.fake.click(ask, ask.buttons[0].custom_id, env.srv.bob)  # type: ignore[attr-defined]
    await env.fake.settle()
    assert (await table.game()).row.status == "abandoned"
    assert all(not m.custom_ids or "ist:o:" not in " ".join(m.custom_ids) for m in env.fake.messages_in(env.srv.channel))
    fresh = await slash(env, env.srv.carol, "istanbul new")
    assert "is open" in fresh.content  # type: ignore[attr-defined]


async def test_rules_with_autocomplete_and_games_across_servers(env: Env) -> None:
    await started(env)
    topics = env.fake.autocomplete(env.srv.alice, env.srv.channel, "istanbul rules", "topic", "sult")
    await env.fake.settle()
    assert any("Sultan" in c["name"] for c in topics.choices)
    rule = await slash(env, env.srv.alice, "istanbul rules", {"topic": "Sultan's Palace"})
    assert "Sultan's Palace" in rule.embed_text  # type: ignore[attr-defined]
    unknown = await slash(env, env.srv.alice, "istanbul rules", {"topic": "Moon Base"})
    assert "know no rule" in unknown.content  # type: ignore[attr-defined]
    games = await slash(env, env.srv.bob, "istanbul games")
    assert "round 1" in games.embed_text and env.srv.guild.name in games.embed_text  # type: ignore[attr-defined]


@pytest.mark.parametrize(("options", "expected"), [
    ({"seats": 2, "computers": 2}, "At least one seat must be left for a person."),
    ({"seats": 5, "neutral_assistants": True}, "The Neutral Assistants variant is for 2-4 players."),
])
async def test_a_refused_table_is_answered_in_a_plain_sentence(
    env: Env, options: dict[str, object], expected: str,
) -> None:
    """Not pydantic's wording ("options: Value error, at least one seat must be left for a person")."""
    answer = await slash(env, env.srv.alice, "istanbul new", options)
    assert answer.content == expected  # type: ignore[attr-defined]
    assert await env.service.game_in_channel(env.srv.channel.id) is None
