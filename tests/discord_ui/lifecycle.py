"""Plumbing between the fake and discord.py: the two patched HTTP entry points, bot start-up
without a gateway, gateway events, and the task tracking behind `settle()`."""

from __future__ import annotations

import asyncio
import copy
import inspect
import traceback
from collections.abc import Awaitable, Callable, Coroutine
from contextvars import Context
from typing import TYPE_CHECKING, Any

import discord
import pytest
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter

from tests.discord_ui import payloads, rest, webhooks
from tests.discord_ui.inject import CURRENT

if TYPE_CHECKING:
    from tests.discord_ui.fakecord import Fakecord

BotFactory = Callable[[], discord.Client | Awaitable[discord.Client]]

DISCORD_TASKS = ("CommandTree-invoker", "discord-ui-", "discord.py: ")
"""Names of the tasks discord.py creates to dispatch interactions and events."""
BACKGROUND = "background:"
"""A task whose name starts with this is never awaited by settle()."""


def patch_http(fake: Fakecord, monkeypatch: pytest.MonkeyPatch) -> None:
    """Route both of discord.py's HTTP chokepoints to the fake."""

    async def bot_request(http: HTTPClient, route: Route, *, files: Any = None, form: Any = None,
                          **kwargs: Any) -> Any:
        session = getattr(http, "_HTTPClient__session", None)
        if session is None or session is discord.utils.MISSING or session.closed:
            raise RuntimeError("Session is closed")
        req = rest.make_request("bot", route, kwargs.get("json"), form, kwargs.get("params"))
        return await fake.serve(req, rest.ROUTES)

    async def webhook_request(adapter: AsyncWebhookAdapter, route: Route, session: Any, *,
                              payload: Any = None, multipart: Any = None, params: Any = None,
                              **kwargs: Any) -> Any:
        if session is None or session is discord.utils.MISSING or session.closed:
            raise RuntimeError("Session is closed")
        req = rest.make_request("webhook", route, payload, multipart, params)
        return await fake.serve(req, webhooks.ROUTES)

    monkeypatch.setattr(HTTPClient, "request", bot_request)
    monkeypatch.setattr(AsyncWebhookAdapter, "request", webhook_request)


class TaskTracker:
    """Knows which tasks `settle()` must wait for: discord.py's dispatch tasks (by name) and
    every task created, directly or not, while an injected interaction was being handled (the
    context variable `CURRENT` is inherited by child tasks). View timeout timers are left out:
    they sleep for the view's timeout (15 minutes for ephemeral views)."""

    def __init__(self) -> None:
        self.tracked: set[asyncio.Task[Any]] = set()
        self.prefixes: list[str] = list(DISCORD_TASKS)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._previous: Any = None

    def install(self, loop: asyncio.AbstractEventLoop) -> None:
        self._loop, self._previous = loop, loop.get_task_factory()
        loop.set_task_factory(self._factory)  # type: ignore[arg-type]

    def uninstall(self) -> None:
        if self._loop is not None:
            self._loop.set_task_factory(self._previous)

    def _factory(self, loop: asyncio.AbstractEventLoop, coro: Coroutine[Any, Any, Any],
                 context: Context | None = None) -> asyncio.Task[Any]:
        if self._previous is not None:
            extra = {} if context is None else {"context": context}
            task = self._previous(loop, coro, **extra)
        else:
            task = asyncio.Task(coro, loop=loop, context=context)
        if CURRENT.get() is not None and not getattr(coro, "__qualname__", "").endswith("__timeout_task_impl"):
            self.tracked.add(task)
        return task

    def pending(self) -> list[asyncio.Task[Any]]:
        me = asyncio.current_task()
        named = {t for t in asyncio.all_tasks() if t.get_name().startswith(tuple(self.prefixes))}
        return [t for t in self.tracked | named
                if t is not me and not t.done() and not t.get_name().startswith(BACKGROUND)]

    async def settle(self, timeout: float) -> None:
        for _ in range(1000):
            for _ in range(3):
                await asyncio.sleep(0)
            pending = self.pending()
            if not pending:
                break
            _, still = await asyncio.wait(pending, timeout=timeout)
            if still:
                raise AssertionError(f"settle(): {len(still)} task(s) still running after {timeout} s "
                                     f"(a sleep, a deadlock, or a lost event?):\n" + _stacks(still))
        else:
            raise AssertionError("settle(): tasks kept creating tasks for 1000 rounds")
        done = {t for t in self.tracked if t.done()}
        self.tracked -= done
        failed = [t for t in done if not t.cancelled() and t.exception() is not None]
        if failed:
            exc = failed[0].exception()
            raise AssertionError(f"task {failed[0].get_name()} raised {exc!r}") from exc


def _stacks(tasks: set[asyncio.Task[Any]]) -> str:
    out = []
    for t in tasks:
        frames = t.get_stack(limit=8)
        lines = "".join(traceback.format_list(traceback.extract_stack(frames[-1]) if frames else []))
        out.append(f"- {t.get_name()}:\n{lines}")
    return "\n".join(out)


async def start_bot(fake: Fakecord, bot: discord.Client | BotFactory, *, ready: bool) -> discord.Client:
    """Log in through the real `Client.login` (static_login and application_info answered by the
    fake, then the bot's `setup_hook`), without connecting the gateway."""
    client = bot if isinstance(bot, discord.Client) else bot()
    if inspect.isawaitable(client):
        client = await client
    assert isinstance(client, discord.Client)
    await client.login("fake-bot-token")
    fake.bots.append(client)
    if ready:
        make_ready(fake, client)
    return client


def make_ready(fake: Fakecord, bot: discord.Client) -> None:
    """What READY and the GUILD_CREATEs after it do: cache every server the bot is in, set
    `is_ready()`, dispatch `on_guild_available` for each and `on_ready`."""
    state = bot._connection
    added = []
    for g in fake.world.guilds.values():
        if g.bot_present and state._get_guild(g.id) is None:
            added.append(state._add_guild_from_data(payloads.guild(g, bot=fake.world.bot_member(g))))  # type: ignore[arg-type]
    state.call_handlers("ready")
    for guild in added:
        state.dispatch("guild_available", guild)
    state.dispatch("ready")


def gateway(fake: Fakecord, event: str, data: dict[str, Any]) -> None:
    """Deliver a gateway event (e.g. "CHANNEL_CREATE") to every open, ready bot."""
    for bot in fake.open_bots:
        if bot.is_ready():
            bot._connection.parsers[event](copy.deepcopy(data))
