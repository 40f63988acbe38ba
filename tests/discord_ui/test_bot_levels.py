"""The computer's level on Discord: a typed option of `/istanbul new`, a choice in the lobby's
computer players select (the panel keeps its five rows), shown in the table's summary; an unknown
level is refused in a sentence and changes nothing."""

from __future__ import annotations

import pytest

from bot.ai import POLICIES, random_policy
from tests.discord_ui.botkit import Env
from tests.service.helpers import fingerprint


async def test_the_level_is_typed_in_istanbul_new_and_shown_in_the_summary(env: Env) -> None:
    fake, srv = env.fake, env.srv
    fake.slash(srv.alice, srv.channel, "istanbul new", {"seats": 3, "computers": 1, "level": "easy", "hints": False})
    await fake.settle()
    table = env.table
    text = table.lobby().embed_text
    assert "Computer players:** Easy (" in text and "Hints:** off" in text
    game = await table.game()
    assert (game.options.level, game.options.hints) == ("easy", False)


async def test_an_unknown_typed_level_is_refused(env: Env) -> None:
    fake, srv = env.fake, env.srv
    before = await fingerprint(env.service)
    refused = fake.slash(srv.alice, srv.channel, "istanbul new", {"level": "grandmaster"})
    await fake.settle()
    assert refused.replies[-1].ephemeral
    assert "There is no computer level 'grandmaster'; choose easy, normal" in refused.replies[-1].content
    assert await fingerprint(env.service) == before


async def test_the_lobby_panel_sets_the_level_with_the_number_of_computers(env: Env) -> None:
    fake, srv = env.fake, env.srv
    table = env.table
    await table.open(seats=4)
    assert "Computer players:** Normal (" in table.lobby().embed_text  # the default
    opened = fake.click(table.lobby(), f"ist:l:{table.game_id}:settings", srv.alice)
    await fake.settle()
    panel = opened.replies[-1]
    assert len(panel.selects) == 5  # still Discord's five rows
    select = f"ist:l:{table.game_id}:set.computers"
    fake.select(panel, select, ["1", "level.easy"], srv.alice)
    await fake.settle()
    game = await table.game()
    assert (game.options.computers, game.options.level) == (1, "easy")
    assert "Computer players:** Easy (" in table.lobby().embed_text
    fake.select(panel, select, ["level.normal"], srv.alice)  # the level alone keeps the number
    await fake.settle()
    game = await table.game()
    assert (game.options.computers, game.options.level) == (1, "normal")
    fake.select(panel, select, ["hints.off"], srv.alice)
    await fake.settle()
    game = await table.game()
    assert not game.options.hints and "Hints:** off" in table.lobby().embed_text
    assert (game.options.computers, game.options.level) == (1, "normal")  # the others kept
    before = await fingerprint(env.service)
    for values in (["level.grandmaster"], ["1", "2"], ["level.easy", "level.normal"], ["hints.maybe"], ["1", "7x"]):
        forged = fake.select(panel, select, values, srv.alice, forge=True)
        await fake.settle()
        answer = forged.replies[-1]
        assert answer.ephemeral and answer.content.startswith(("Pick a number of computer players", "Pick hints on or off")) \
            or "There is no computer level 'grandmaster'" in answer.content
    assert await fingerprint(env.service) == before


async def test_a_registered_strong_player_appears_in_the_lobby_panel(monkeypatch: pytest.MonkeyPatch, env: Env) -> None:
    """The panel's levels follow the registered players: a strong one needs no other change."""
    monkeypatch.setitem(POLICIES, "strong", random_policy)
    fake, srv = env.fake, env.srv
    table = env.table
    await table.open(seats=3)
    opened = fake.click(table.lobby(), f"ist:l:{table.game_id}:settings", srv.alice)
    await fake.settle()
    select = opened.replies[-1].component(f"ist:l:{table.game_id}:set.computers")
    assert select is not None and "level.strong" in select.values  # type: ignore[union-attr]
    fake.select(opened.replies[-1], f"ist:l:{table.game_id}:set.computers", ["level.strong"], srv.alice)
    await fake.settle()
    assert (await table.game()).options.level == "strong"
    assert "Computer players:** Strong (" in table.lobby().embed_text


async def test_status_names_the_tables_level_and_whether_hints_are_on(env: Env) -> None:
    """`/istanbul status` says how the computer plays here and whether hints are on, in words,
    in the lobby and during the game."""
    fake, srv = env.fake, env.srv
    table = env.table
    await table.open(seats=3, computers=1, level="easy", hints=False)
    lobby = fake.slash(srv.bob, srv.channel, "istanbul status", {})
    await fake.settle()
    assert "Computer players: easy · hints off" in lobby.replies[-1].content
    await table.start()
    status = fake.slash(srv.carol, srv.channel, "istanbul status", {})
    await fake.settle()
    answer = status.replies[-1]
    assert answer.ephemeral and "Round 1." in answer.embed_text
    assert "Computer players: easy · hints off" in answer.embed_text.splitlines()


async def test_status_of_a_default_table_says_normal_with_hints_on(env: Env) -> None:
    table = env.table
    await table.open(seats=3)
    await table.start()
    status = env.fake.slash(env.srv.alice, env.srv.channel, "istanbul status", {})
    await env.fake.settle()
    assert "Computer players: normal · hints on" in status.replies[-1].embed_text.splitlines()
