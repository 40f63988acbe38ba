"""The Discord front end: the only package that imports discord.py. Outside itself it imports only
`bot.service` (which re-exports what it needs of the engine and the store) and `bot.settings`.

Its modules import one way, from the top down, so one click can be followed from the bot to
the items (tests/discord_ui/test_layers.py holds the order):

- ``client.IstanbulBot``: the bot (service, dynamic items, the ``/istanbul`` commands, timers);
- ``commands``: the slash commands; ``status``: a user's games, settings, time away and
  statistics; ``scheduler``: grace periods, reminders, idle notices, retries, pauses, sweeps and
  backups;
- ``handlers``: what each click does, behind one guard that acknowledges and answers;
- ``idle``: skipping, handing over, taking back and leaving seats; ``lobby_actions``: what each
  lobby component does;
- ``publisher.Publisher.sync(game)``: makes the channel and the DMs show the stored game (turn
  messages, computer turns, the end, cards by DM); idempotent, called after every change;
- ``lobby``: the lobby's messages; ``payloads``: what is sent, built from views (public messages
  from the public view only);
- ``items``: the `DynamicItem`s that parse custom_ids and hand the click up through the client;
  ``ids``: the custom_ids; ``text``: names made harmless, limits, counts.

Entry points for ``python -m bot``: `run_bot(settings)` and `sync_commands(settings, guild)`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from ..settings import Settings

if TYPE_CHECKING:
    from .client import IstanbulBot

log = logging.getLogger(__name__)


async def _connected(settings: Settings, work: Callable[[IstanbulBot, str], Awaitable[int]], **options: Any) -> int:
    """Run `work(bot, token)` with a bot made from the settings; Discord refusing the token or
    being out of reach are one line on stderr (exit 2 and 1)."""
    from .client import IstanbulBot

    assert settings.discord_token is not None
    bot = IstanbulBot(settings, **options)
    async with bot:
        try:
            return await work(bot, settings.discord_token.get_secret_value())
        except discord.LoginFailure:
            print("Discord refused the token: check DISCORD_TOKEN (see .env.example).", file=sys.stderr)
            return 2
        except (OSError, aiohttp.ClientError) as exc:
            print(f"The bot cannot reach Discord ({exc}); check the network and try again.", file=sys.stderr)
            return 1


def run_bot(settings: Settings) -> int:
    """Start the bot with the configured token; returns the exit code."""
    discord.utils.setup_logging(level=logging.INFO, root=True)

    async def start(bot: IstanbulBot, token: str) -> int:
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError, RuntimeError):  # not on every platform
                loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
        await bot.start(token)
        return 0

    try:
        return asyncio.run(_connected(settings, start))
    except KeyboardInterrupt:
        return 0


def sync_commands(settings: Settings, guild: int | None) -> int:
    """Register the slash commands with Discord (in one server at once, or globally)."""

    async def register(bot: IstanbulBot, token: str) -> int:
        await bot.login(token)
        target = discord.Object(guild) if guild else None
        if target is not None:
            bot.tree.copy_global_to(guild=target)
        synced = await bot.tree.sync(guild=target)
        where = f"server {guild}" if guild else "every server (Discord may take up to an hour)"
        print(f"Registered {len(synced)} command group(s) for {where}.")
        return 0

    return asyncio.run(_connected(settings, register, run_timers=False, auto_sync=False))


__all__ = ["run_bot", "sync_commands"]
