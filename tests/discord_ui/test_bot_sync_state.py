"""Commands out of step with Discord (issue 19, item 8): a command Discord sends in another shape
than the bot's own is answered with what the admin should run, as a warning (no ERROR, no
traceback); at start-up the bot warns once when the registered commands differ from its own."""

from __future__ import annotations

import copy
import logging
from typing import Any

import pytest

from tests.discord_ui import inject
from tests.discord_ui.botkit import Env
from tests.service.helpers import fingerprint

SYNC = "python -m bot sync"


def raw_slash(env: Env, data: dict[str, Any]) -> Any:
    """A slash command interaction with `data` as Discord would send it (not built from the bot's tree)."""
    rec = inject.new_record(env.fake, 2, env.srv.alice, env.srv.channel, "/istanbul (raw)")
    return inject.deliver(env.fake, None, rec, {"id": "123", "type": 1, "guild_id": str(env.srv.guild.id), **data})


@pytest.mark.parametrize("options", [
    [{"name": "teleport", "type": 1, "options": []}],  # a subcommand this version does not have
    [{"name": "away", "type": 1, "options": []}],  # a required option missing
])
async def test_a_command_out_of_step_is_answered_with_the_sync_hint(
    env: Env, options: list[dict[str, Any]], caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.WARNING, logger="bot")
    before = await fingerprint(env.service)
    sent = raw_slash(env, {"name": "istanbul", "options": options})
    await env.fake.settle()
    reply = sent.replies[-1]
    assert reply.ephemeral and f"This command has changed; the bot's admin should run `{SYNC}`" in reply.content
    assert "Something went wrong" not in reply.content
    assert await fingerprint(env.service) == before
    warnings = [r for r in caplog.records if r.name.startswith("bot") and SYNC in r.getMessage()]
    assert warnings and all(r.levelno == logging.WARNING and not r.exc_info for r in warnings)


async def test_a_start_warns_once_when_the_registered_commands_differ(
    env: Env, caplog: pytest.LogCaptureFixture,
) -> None:
    bot = env.fake.bot
    caplog.set_level(logging.INFO, logger="bot")
    await bot.sync_if_unknown()  # Discord knew nothing: registered, no warning
    assert any(c["name"] == "istanbul" for c in env.fake.commands())
    await bot.sync_if_unknown()  # the same commands: nothing to say
    assert not [r for r in caplog.records if SYNC in r.getMessage()]
    registered = env.fake.world.commands[None]
    older = copy.deepcopy(registered)
    group = next(c for c in older if c["name"] == "istanbul")
    group["options"] = [o for o in group["options"] if o["name"] != "stats"]  # an older version's commands
    env.fake.world.commands[None] = older
    await bot.sync_if_unknown()
    warnings = [r for r in caplog.records if SYNC in r.getMessage()]
    assert len(warnings) == 1 and warnings[0].levelno == logging.WARNING
    assert env.fake.world.commands[None] == older  # the bot does not re-register by itself
