"""The lobby: seats and settings on one message, Join / Leave / Start, the creator's settings
selects, colours; the start with computer seats; the end of a game and its rematch."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.ai import get_policy
from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env
from tests.discord_ui.fakecord import Fakecord
from tests.service.helpers import fingerprint


async def test_the_lobby_shows_seats_and_settings_and_only_the_creator_changes_them(env: Env) -> None:
    fake, srv = env.fake, env.srv
    new = fake.slash(srv.alice, srv.channel, "istanbul new", {"seats": 4, "layout": "long"})
    await fake.settle()
    assert new.acked_first and new.replies[-1].ephemeral
    table = env.table
    lobby = table.lobby()
    assert "Alice" in lobby.embed_text and "Long paths" in lobby.embed_text and "3 open seats" in lobby.embed_text
    # Bob may not open the settings; Alice may
    refused = fake.click(lobby, f"ist:l:{table.game_id}:settings", srv.bob)
    await fake.settle()
    assert "creator" in refused.replies[-1].content
    opened = fake.click(lobby, f"ist:l:{table.game_id}:settings", srv.alice)
    await fake.settle()
    panel = opened.replies[-1]
    assert panel.ephemeral and len(panel.selects) == 5
    fake.select(panel, f"ist:l:{table.game_id}:set.computers", ["2"], srv.alice)
    await fake.settle()
    fake.select(panel, f"ist:l:{table.game_id}:set.variants", ["caravan_leader", "walk"], srv.alice)
    await fake.settle()
    lobby = fake.message(lobby.id)
    assert "2 computer players" in lobby.embed_text and "Caravan Leader" in lobby.embed_text
    assert "walks any path" in lobby.embed_text
    # a forged settings change by Bob changes nothing
    before = await fingerprint(env.service)
    forged = fake.select(panel, f"ist:l:{table.game_id}:set.seats", ["5"], srv.bob, forge=True)
    await fake.settle()
    assert "creator" in forged.replies[-1].content
    assert await fingerprint(env.service) == before


async def test_join_colour_leave_and_start(env: Env) -> None:
    fake, srv = env.fake, env.srv
    fake.slash(srv.alice, srv.channel, "istanbul new", {"seats": 3})
    await fake.settle()
    table = env.table
    lobby = table.lobby()
    fake.select(lobby, f"ist:l:{table.game_id}:colour", ["green"], srv.bob)
    await fake.settle()
    lobby = table.lobby()
    assert "Bob (green)" in lobby.embed_text
    assert "green" not in lobby.component(f"ist:l:{table.game_id}:colour").values  # type: ignore[union-attr]
    again = fake.click(lobby, f"ist:l:{table.game_id}:join", srv.bob)
    await fake.settle()
    assert "already joined" in again.replies[-1].content
    early = fake.click(lobby, f"ist:l:{table.game_id}:start", srv.bob)
    await fake.settle()
    assert "creator" in early.replies[-1].content
    fake.click(lobby, f"ist:l:{table.game_id}:leave", srv.bob)
    await fake.settle()
    assert "Bob" not in table.lobby().embed_text
    fake.click(lobby, f"ist:l:{table.game_id}:join", srv.bob)
    fake.click(lobby, f"ist:l:{table.game_id}:join", srv.carol)
    await fake.settle()
    await table.start()
    closed = fake.message(lobby.id)
    assert closed.components == [] and "has started" in closed.embed_text
    game = await table.game()
    assert game.row.status == "active" and len(game.seats) == 3


async def test_the_creator_leaving_closes_the_table_and_frees_the_channel(env: Env) -> None:
    fake, srv = env.fake, env.srv
    table = env.table
    await table.open(seats=3)
    fake.click(table.lobby(), f"ist:l:{table.game_id}:leave", srv.alice)
    await fake.settle()
    again = fake.slash(srv.bob, srv.channel, "istanbul new", {})
    await fake.settle()
    assert "is open" in again.replies[-1].content


async def test_computer_seats_move_one_message_per_turn_and_the_end_offers_a_rematch(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = await botkit.start_env(fake, tmp_path, monkeypatch, policy=get_policy("greedy"))
    try:
        table = env.table
        await table.open(seats=3, computers=2)
        await table.start()
        game = await table.game()
        assert [s.kind for s in game.seats].count("ai") == 2

        def computer_messages() -> list[int]:
            return [m.id for m in fake.messages_in(env.srv.channel) if "A computer player took this turn" in m.embed_text]

        # the person's turn ends: the two computers follow, one message each, then the person again
        user, decision = await table.decider()
        seen = len(computer_messages())
        turns = (await table.game()).state.turns
        while (await table.game()).state.turns == turns:
            _, d = await table.decider()
            await table.choose(d.default)
        u, d = await table.decider()
        assert u is user and (await table.game()).state.turns == turns + 3  # both computers have moved
        assert len(computer_messages()) == seen + 2
        for mid in computer_messages():
            m = fake.message(mid)
            assert m.components == [] and m.file("board.png").is_png and not m.pings
            assert "Computer" in m.embed_text
        assert user.id in table.turn_message().pings
        await table.play_out(get_policy("greedy"))
        end = fake.last_message(env.srv.channel)
        assert "Game over" in end.embed_text and "seed" in end.embed_text
        rematch = fake.click(end, f"ist:u:{table.game_id}:rematch", env.srv.alice)
        await fake.settle()
        assert "new table" in rematch.replies[-1].content
        lobby = table.lobby()
        assert table.game_id != game.id and "2 computer players" in lobby.embed_text
    finally:
        await botkit.stop_env(env)


async def test_each_settings_select_changes_its_setting_and_the_panel_shows_the_new_value(env: Env) -> None:
    fake, srv = env.fake, env.srv
    fake.slash(srv.alice, srv.channel, "istanbul new", {"seats": 4})
    await fake.settle()
    table = env.table
    opened = fake.click(table.lobby(), f"ist:l:{table.game_id}:settings", srv.alice)
    await fake.settle()
    panel = opened.replies[-1]
    for action, values in (("set.seats", ["3"]), ("set.layout", ["in_order"]), ("set.clock", ["fast"]),
                           ("set.variants", ["neutral_assistants"])):
        fake.select(panel, f"ist:l:{table.game_id}:{action}", values, srv.alice)
        await fake.settle()
        panel = fake.message(panel.id)
        chosen = next(s for s in panel.selects if s.custom_id.endswith(action))
        assert [o.value for o in chosen.options if o.default] == values, action
    opts = (await table.game()).options
    assert (opts.seats, opts.layout, opts.reminder_hours, opts.timeout_hours) == (3, "in_order", 2.0, 12.0)
    assert opts.neutral_assistants and not opts.caravan_leader and opts.rules.move_card_semantics == "distance"
    lobby = table.lobby().embed_text
    assert "Places in number order" in lobby and "a reminder after 2 h" in lobby and "after 12 h" in lobby
    # the service's rules hold here too: five seats do not go with the neutral assistants
    before = await fingerprint(env.service)
    refused = fake.select(panel, f"ist:l:{table.game_id}:set.seats", ["5"], srv.alice)
    await fake.settle()
    assert refused.replies[-1].ephemeral and "2-4 players" in refused.replies[-1].content
    assert await fingerprint(env.service) == before


async def test_a_repeated_colour_pick_edits_the_lobby_once(env: Env) -> None:
    fake, srv = env.fake, env.srv
    fake.slash(srv.alice, srv.channel, "istanbul new", {"seats": 3})
    await fake.settle()
    table = env.table
    lobby = table.lobby()
    edits = ("PATCH", "/channels/{channel_id}/messages/{message_id}")
    fake.select(lobby, f"ist:l:{table.game_id}:colour", ["green"], srv.alice)
    await fake.settle()
    after_first = len(fake.requests_to(*edits))
    before = await fingerprint(env.service)
    for _ in range(3):  # the same pick from a client that has not seen the edit yet
        again = fake.select(lobby, f"ist:l:{table.game_id}:colour", ["green"], srv.alice, forge=True)
        await fake.settle()
        assert "green" in again.replies[-1].content
    assert len(fake.requests_to(*edits)) == after_first
    assert await fingerprint(env.service) == before
    fake.select(table.lobby(), f"ist:l:{table.game_id}:colour", ["blue"], srv.alice)
    await fake.settle()
    assert len(fake.requests_to(*edits)) == after_first + 1
    assert "Alice (blue)" in table.lobby().embed_text
