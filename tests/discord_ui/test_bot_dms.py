"""Cards by DM: one message per player per game, edited when the cards change; closed DMs are
remembered (no retry storm), told once in the channel, and "Retry DMs" tries again."""

from __future__ import annotations

from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env


async def test_each_player_gets_one_dm_that_is_edited_when_the_cards_change(env: Env) -> None:
    table = env.table
    await table.open(seats=3)
    await table.start()
    for user in env.srv.users:
        dms = env.fake.dms(user)
        assert len(dms) == 1
        assert f"game #{table.game_id}" in dms[0].content and env.srv.guild.name in dms[0].content
        assert dms[0].file("cards.png").is_png
    user, decision = await table.decider()
    first = env.fake.last_dm(user)
    await botkit.set_position(env.service, table.game_id, botkit.give_cards(decision.player, "sultan2"))
    await table.choose(decision.options[0].code)
    dms = env.fake.dms(user)
    assert len(dms) == 1 and dms[0].id == first.id and dms[0].edits >= 1
    assert "Sultan's Palace twice" in dms[0].embed_text
    assert f"ist:c:{table.game_id}:c.sultan2" in dms[0].custom_ids
    game = await table.game()
    for other in env.srv.users:
        seat = game.seat_of(str(other.id))
        if other is not user and "sultan2" not in game.state.players[seat.seat].cards:
            assert "Sultan's Palace twice" not in env.fake.last_dm(other).embed_text


async def test_closed_dms_are_told_once_and_retry_works_after_opening_them(env: Env) -> None:
    env.fake.close_dms(env.srv.bob)
    table = env.table
    await table.open(seats=3)
    await table.start()
    notices = [m for m in env.fake.messages_in(env.srv.channel) if "cannot send you direct messages" in m.content]
    assert len(notices) == 1 and env.srv.bob.id in notices[0].pings
    bob_dm = env.fake.dm_channel(env.srv.bob)

    def tries() -> int:
        return len([r for r in env.fake.requests if r.method == "POST" and r.args.get("channel_id") == str(bob_dm.id)])

    tried = tries()
    assert tried == 1
    # a few turns later: no new attempts at Bob's DMs, no second notice
    for _ in range(8):
        _, decision = await table.decider()
        await table.choose(decision.default)
    notices = [m for m in env.fake.messages_in(env.srv.channel) if "cannot send you direct messages" in m.content]
    assert len(notices) == 1
    assert env.fake.dms(env.srv.bob) == []
    assert tries() == tried  # remembered: no new 403s while the game goes on
    # My cards still works for Bob
    cards = env.fake.click(table.turn_message(), f"ist:u:{table.game_id}:cards", env.srv.bob)
    await env.fake.settle()
    assert cards.replies[-1].ephemeral and cards.replies[-1].file("cards.png").is_png
    # Retry while still closed, then after opening
    retry = env.fake.click(notices[0], f"ist:u:{table.game_id}:retrydm", env.srv.bob)
    await env.fake.settle()
    assert "still closed" in retry.replies[-1].content
    env.fake.open_dms(env.srv.bob)
    retry = env.fake.click(notices[0], f"ist:u:{table.game_id}:retrydm", env.srv.bob)
    await env.fake.settle()
    assert "direct messages now" in retry.replies[-1].content
    assert len(env.fake.dms(env.srv.bob)) == 1


async def test_retry_dms_while_they_stay_closed_answers_privately_and_posts_no_second_notice(env: Env) -> None:
    env.fake.close_dms(env.srv.bob)
    table = env.table
    await table.open(seats=3)
    await table.start()

    def notices() -> list[object]:
        return [m for m in env.fake.messages_in(env.srv.channel) if "cannot send you direct messages" in m.content]

    first = notices()
    assert len(first) == 1
    channel_before = len(env.fake.messages_in(env.srv.channel))
    for _ in range(3):
        retry = env.fake.click(first[0], f"ist:u:{table.game_id}:retrydm", env.srv.bob)  # type: ignore[arg-type]
        await env.fake.settle()
        assert retry.replies[-1].ephemeral and "still closed" in retry.replies[-1].content
    assert len(notices()) == 1
    assert len(env.fake.messages_in(env.srv.channel)) == channel_before
