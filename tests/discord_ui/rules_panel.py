"""Helpers for the tests of a module's rule options and topics through discord.py
(test_bot_mocha_rules.py, test_bot_letters_rules.py): a lobby opened with `/istanbul new` and its
creator's settings panel, the panel's variants select, and a topic shown by `/istanbul rules`."""

from __future__ import annotations

from typing import Any

from tests.discord_ui.botkit import Env, Table


def variants(table: Table, panel: Any) -> Any:
    """The settings panel's select of variants and rule options."""
    return next(s for s in panel.selects if s.custom_id == f"ist:l:{table.game_id}:set.variants")


async def open_panel(env: Env, options: dict[str, Any]) -> tuple[Table, Any]:
    """Alice opens a table with `options` and her settings panel."""
    fake, srv = env.fake, env.srv
    fake.slash(srv.alice, srv.channel, "istanbul new", options)
    await fake.settle()
    table = env.table
    opened = fake.click(table.lobby(), f"ist:l:{table.game_id}:settings", srv.alice)
    await fake.settle()
    return table, opened.replies[-1]


async def shows_topic(env: Env, topic: str, title: str) -> None:
    """`/istanbul rules topic:` answers with the topic's title and a text."""
    reply = env.fake.slash(env.srv.alice, env.srv.channel, "istanbul rules", {"topic": topic})
    await env.fake.settle()
    shown = reply.replies[-1]
    assert shown.embeds[0]["title"] == title and shown.embeds[0]["description"].strip()
