"""Bad input on Discord: forged and malformed custom_ids and select values, wrong users, command
options outside their ranges. Each gets a plain ephemeral answer and changes nothing."""

from __future__ import annotations

from tests.discord_ui.botkit import Env
from tests.discord_ui.logguard import LogGuard
from tests.service.helpers import fingerprint


async def test_forged_and_malformed_custom_ids_are_answered_and_change_nothing(env: Env) -> None:
    table = env.table
    await table.open(seats=3)
    await table.start()
    user, decision = await table.decider()
    g, did = table.game_id, decision.decision_id
    turn = table.turn_message()
    before = await fingerprint(env.service)
    forged = [
        f"ist:o:{g}:{did}:go.99",  # a code the engine does not offer
        f"ist:o:{g}:{did}:x.end:more",  # malformed
        f"ist:o:{g + 5}:{did}:go.1",  # a game that does not exist
        f"ist:o:{g}:{did}:{'a' * 40}",  # too long a code
        f"ist:u:{g}:explode",  # an action that does not exist
        f"ist:l:{g}:start",  # the lobby of a game that has started
        f"ist:c:{g}:c.nosuch",  # a card that does not exist
        "ist:zz:1",  # an unknown prefix
        "something-else",  # not ours at all
        f"ist:o:0{g}:{did}:go.1",  # a leading zero
    ]
    for custom_id in forged:
        click = env.fake.click(turn, custom_id, user, forge=True)
        await env.fake.settle()
        assert click.acked_first, custom_id
        replies = click.replies
        assert replies and replies[-1].ephemeral, custom_id
    assert await fingerprint(env.service) == before


async def test_select_values_that_were_never_offered_are_refused(env: Env) -> None:
    table = env.table
    await table.open(seats=2)
    await table.start()
    user, decision = await table.decider()
    turn = table.turn_message()
    before = await fingerprint(env.service)
    for values in (["go.99"], ["go.1", "go.2"], [], ["x" * 150]):
        pick = env.fake.select(turn, f"ist:s:{table.game_id}:{decision.decision_id}", values, user, forge=True)
        await env.fake.settle()
        assert pick.replies and pick.replies[-1].ephemeral
    lobby_pick = env.fake.select(turn, f"ist:l:{table.game_id}:set.layout", ["nowhere"], user, forge=True)
    await env.fake.settle()
    assert lobby_pick.replies[-1].ephemeral
    assert await fingerprint(env.service) == before


async def test_someone_not_seated_is_told_so(env: Env) -> None:
    table = env.table
    await table.open(seats=2)
    await table.start()
    stranger = env.fake.user("dave")
    env.fake.member(env.srv.guild, stranger)
    _, decision = await table.decider()
    turn = table.turn_message()
    before = await fingerprint(env.service)
    for action in (f"undo.{decision.decision_id}", "cards", "private"):
        click = env.fake.click(turn, f"ist:u:{table.game_id}:{action}", stranger)
        await env.fake.settle()
        assert "not seated" in click.replies[-1].content
    click = env.fake.click(turn, f"ist:o:{table.game_id}:{decision.decision_id}:{decision.options[0].code}", stranger)
    await env.fake.settle()
    assert "not seated" in click.replies[-1].content
    assert await fingerprint(env.service) == before


async def test_command_options_out_of_range_are_refused(env: Env) -> None:
    """Discord's client enforces ranges and choices; discord.py does not, so the bot checks."""
    before = await fingerprint(env.service)
    for options in ({"seats": 9}, {"computers": 7}, {"seats": 3, "computers": 3}, {"reminder_hours": 0.1},
                    {"timeout_hours": 99999}, {"layout": "spiral"}, {"move_card": "teleport"},
                    {"seats": 5, "neutral_assistants": True}, {"colour": "purple"}):
        new = env.fake.slash(env.srv.alice, env.srv.channel, "istanbul new", options)
        await env.fake.settle()
        reply = new.replies[-1]
        assert reply.ephemeral and "open" not in reply.content.lower(), (options, reply.content)
    assert await fingerprint(env.service) == before
    bad_away = env.fake.slash(env.srv.alice, env.srv.channel, "istanbul away", {"days": 99})
    await env.fake.settle()
    assert bad_away.replies[-1].ephemeral


async def test_a_second_table_in_a_busy_channel_names_the_first(env: Env) -> None:
    table = env.table
    await table.open(seats=2)
    again = env.fake.slash(env.srv.bob, env.srv.channel, "istanbul new", {})
    await env.fake.settle()
    assert f"#{table.game_id}" in again.replies[-1].content and "already" in again.replies[-1].content


async def test_a_full_disk_is_a_plain_answer_and_the_choice_can_be_made_again(env: Env, discord_errors: LogGuard) -> None:
    table = env.table
    await table.open(seats=2)
    await table.start()
    pages = list(await env.service.db.conn.execute_fetchall("PRAGMA page_count"))[0][0]
    await env.service.db.conn.execute(f"PRAGMA max_page_count = {pages}")
    refused = None
    for _ in range(300):
        user, decision = await table.decider()
        turn = table.turn_message()
        click = env.fake.click(turn, f"ist:o:{table.game_id}:{decision.decision_id}:{decision.options[0].code}", user)
        await env.fake.settle()
        if click.replies:
            refused = (click, decision)
            break
    assert refused is not None, "the database never filled up"
    click, decision = refused
    assert "database cannot save" in click.replies[-1].content and click.replies[-1].ephemeral
    assert "your choice was not taken" in click.replies[-1].content
    assert [r.levelname for r in discord_errors.records] == ["ERROR"]
    discord_errors.clear()  # the one expected error: the host is told in the log
    assert (await table.decider())[1].decision_id == decision.decision_id
    await env.service.db.conn.execute("PRAGMA max_page_count = 1000000")
    await table.choose(decision.options[0].code)
    assert (await table.decider())[1].decision_id > decision.decision_id


async def test_a_table_is_not_opened_in_a_channel_the_bot_cannot_post_in(env: Env) -> None:
    """The creator hears what to fix; no lobby is left behind to hold the channel, and no
    'cannot post' DM follows for a table that never opened."""
    env.fake.revoke(env.srv.channel, "send_messages")
    new = env.fake.slash(env.srv.alice, env.srv.channel, "istanbul new", {"seats": 2})
    await env.fake.settle()
    reply = new.replies[-1]
    assert reply.ephemeral and "I cannot post in this channel" in reply.content and "Send Messages" in reply.content
    assert await env.service.game_in_channel(env.srv.channel.id) is None
    assert not [m for m in env.fake.dms(env.srv.alice) if "I cannot post in" in m.content]
    env.fake.grant(env.srv.channel, "send_messages")
    again = env.fake.slash(env.srv.alice, env.srv.channel, "istanbul new", {"seats": 2})
    await env.fake.settle()
    assert "is open" in again.replies[-1].content


async def test_a_click_that_discord_no_longer_accepts_changes_nothing_and_logs_no_error(env: Env) -> None:
    """Acknowledged too late (Discord answers Unknown interaction): the choice is not made, since
    its player only sees 'This interaction failed', and nothing escapes to discord.py's log."""
    table = env.table
    await table.open(seats=2)
    await table.start()
    user, decision = await table.decider()
    before = await fingerprint(env.service)
    env.fake.fail_next("POST", "/interactions/{webhook_id}/{webhook_token}/callback", "unknown_interaction")
    click = env.fake.click(table.turn_message(), f"ist:o:{table.game_id}:{decision.decision_id}:{decision.default}",
                           user, expect_unanswered=True)
    await env.fake.settle()
    assert not click.acknowledged and click.replies == []
    assert await fingerprint(env.service) == before
    await table.choose(decision.default)
    assert (await table.decider())[1].decision_id > decision.decision_id
