"""fakecord: test the bot through the real discord.py 2.7.1 with a fake Discord behind it.

Real: `commands.Bot`, `Client.login` and `setup_hook`, the command tree and option parsing,
`GroupCog`, `ViewStore`, `DynamicItem.from_custom_id`, views, selects, modals, interaction
responses, followups, payload and multipart building. Fake: the two HTTP chokepoints
(`HTTPClient.request`, `AsyncWebhookAdapter.request`) and the gateway (interactions are handed
to `ConnectionState.parse_interaction_create`, as the websocket does). No network, no sleeps.

Use the `fake` fixture (tests/discord_ui/conftest.py)::

    async def test_new_game(fake: Fakecord) -> None:
        srv = fake.basic_server()                     # guild, #istanbul, alice (owner), bob, carol
        bot = await fake.start_bot(make_bot)          # real login + setup_hook, then "ready"
        i = fake.slash(srv.alice, srv.channel, "istanbul new", {"seats": 3, "rival": srv.bob})
        await fake.settle()                           # run every task discord.py scheduled
        assert i.callback_type == 5 and i.acked_first # deferred before any other request
        lobby = i.original                            # a Msg snapshot (the filled "thinking" message)
        join = lobby.button("Join").custom_id
        fake.click(lobby, join, srv.bob)
        fake.click(lobby, join, srv.carol)            # two clicks before one settle: real concurrency
        await fake.settle()
        turn = fake.last_message(srv.channel)
        assert turn.file("board.png").is_png and srv.alice.id in turn.pings

Pings as on Discord: only a newly created, non-ephemeral, non-silent message notifies the users
its content mentions (and its allowed_mentions allow); an edit notifies nobody, and so does the
first followup after a "thinking" defer, because it fills the placeholder message.
A click sees the message as the fake holds it now, not the snapshot the test passes in.

World: `user(name, display_name)`, `guild(name, owner, members)`, `member(guild, user, nick=,
permissions=)`, `set_permissions`, `text_channel(guild, name)`, `dm_channel(user)`,
`basic_server()` -> Server(guild, channel, alice, bob, carol, users); `bot_user`.
Bots: `await start_bot(bot_or_factory, ready=True)`, `await close_bot(bot=None)`,
`await restart(factory)` (close the current bot, start another on the same world), `bot` (the
newest open one), `gateway(event, data)`.
Interactions: `slash(user, channel, "istanbul new", options)`, `autocomplete(user, channel,
command, focused, value, options)`, `click(msg, custom_id, user)`, `select(msg, custom_id,
values, user)`, `submit_modal(opened, values)`, `modal_submit(user, channel, custom_id, values,
message=None)`; then `await settle()`. Each returns an `Injected` (id, token, user, channel,
callback_type(s), callbacks, acknowledged, acked_first, original, followups, replies, choices,
modal, requests).
`forge=True` sends what a real client could not; `expect_unanswered=True` allows no answer.
Messages (`Msg` snapshots: content, embeds, rows, buttons, selects, files, pings, ephemeral,
loading, text, button(label), component(custom_id), file(name)): `message(id)`,
`messages_in(channel, ephemeral=False)`, `last_message(channel)`, `dms(user)`, `last_dm(user)`,
`ephemerals(user)`; requests: `requests`, `requests_to(method, path)`; `commands(guild=None)`.
Failures: `close_dms(user)` (403/50007), `delete_message(msg)` (404/10008),
`revoke(channel, "send_messages")` (403/50013; "embed_links" drops embeds, "view_channel"
50001), `grant(...)`, `remove_member(guild, user)` (404/10007), `delete_channel(ch)` (10003),
`remove_bot(guild)` (GUILD_DELETE), `fail_next(method, path, error)`, `expire_interactions()`
(15 minutes pass: tokens die, views with a timeout time out).
Checks: every payload against Discord's limits (`limits.py`; `LimitViolation`), answered-twice
and followup-before-answer, unanswered interactions at the end of a test, and any error
discord.py logged (`discord_errors` fixture). `rejects(pattern)` expects a violation;
`check_mentions = False` turns off the allowed_mentions check.
"""

from __future__ import annotations

import asyncio
import copy
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

import discord
import pytest

from tests.discord_ui import inject, lifecycle, limits, payloads
from tests.discord_ui.inject import Injected
from tests.discord_ui.limits import LimitViolation
from tests.discord_ui.messages import Msg, snapshot
from tests.discord_ui.rest import ERRORS, Handler, Refuse, Request, http_error
from tests.discord_ui.world import Channel, Guild, Upload, User, World

# Seconds `settle` waits for the scheduled tasks before it calls them hung. Only a hang waits this
# long: a hint's search or a whole game's pictures took over 5 s on a machine busy with other work.
SETTLE_PATIENCE = 30.0

Json = dict[str, Any]


class Server(NamedTuple):
    guild: Guild
    channel: Channel
    alice: User
    bob: User
    carol: User

    @property
    def users(self) -> list[User]:
        return [self.alice, self.bob, self.carol]


@dataclass
class _Failure:
    method: str
    path: str
    error: tuple[int, int, str]
    times: int
    when: Callable[[Request], bool] | None


class Fakecord:
    def __init__(self, start: datetime | None = None) -> None:
        """`start`: the time of the first snowflake (default: now); two fakes given the same
        start and fed the same steps hand out the same ids."""
        self.world = World(start)
        self.requests: list[Request] = []
        self.violations: list[str] = []
        self.bots: list[discord.Client] = []
        self.check_mentions = True
        self.file_limit = payloads.FILE_SIZE_LIMIT
        self.tasks = lifecycle.TaskTracker()
        self._failures: list[_Failure] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        lifecycle.patch_http(self, monkeypatch)
        self.tasks.install(asyncio.get_running_loop())

    async def teardown(self) -> list[str]:
        """Settle, close every bot, and list what went wrong (the fixture fails the test on it)."""
        problems: list[str] = []
        try:
            await self.settle()
        except AssertionError as exc:
            problems.append(str(exc))
        for bot in self.open_bots:
            await bot.close()
        self.tasks.uninstall()
        return problems + self.problems()

    def problems(self) -> list[str]:
        """Violations no `rejects` expected, and interactions nobody answered."""
        return self.violations + [
            f"{r.label} by {r.user.name} was never answered (the user sees 'This interaction failed')"
            for r in self.world.interactions.values() if not r.callbacks and not r.expect_unanswered and not r.expired]

    # -- the world -------------------------------------------------------------------------

    @property
    def bot_user(self) -> User:
        return self.world.bot_user

    def user(self, name: str, display_name: str | None = None) -> User:
        return self.world.add_user(name, display_name)

    def guild(self, name: str, owner: User, members: tuple[User, ...] | list[User] = ()) -> Guild:
        g = self.world.add_guild(name, owner)
        for u in members:
            self.member(g, u)
        return g

    def member(self, g: Guild, u: User, *, nick: str | None = None,
               permissions: discord.Permissions | None = None) -> None:
        self.world.add_member(g, u, nick=nick)
        if permissions is not None:
            self.set_permissions(g, u, permissions)

    def set_permissions(self, g: Guild, u: User, permissions: discord.Permissions) -> None:
        """Server-wide permissions of `u` (through a role of their own), e.g. Manage Channels."""
        role = self.world.set_permissions(g, u, permissions.value)
        lifecycle.gateway(self, "GUILD_ROLE_CREATE", {"guild_id": str(g.id), "role": role})

    def text_channel(self, g: Guild, name: str) -> Channel:
        ch = self.world.add_text_channel(g, name)
        lifecycle.gateway(self, "CHANNEL_CREATE", payloads.channel(ch, bot_id=self.bot_user.id))
        return ch

    def dm_channel(self, u: User) -> Channel:
        return self.world.dm_channel(u)

    def basic_server(self, name: str = "Bazaar") -> Server:
        alice, bob, carol = self.user("alice", "Alice"), self.user("bob", "Bob"), self.user("carol", "Carol")
        g = self.guild(name, alice, [bob, carol])
        return Server(g, self.text_channel(g, "istanbul"), alice, bob, carol)

    # -- failures to inject ----------------------------------------------------------------

    def close_dms(self, u: User) -> None:
        u.dms_open = False

    def open_dms(self, u: User) -> None:
        u.dms_open = True

    def delete_message(self, message: Msg | int) -> None:
        """Someone deleted it: edits and fetches now answer 404 Unknown Message."""
        inject.stored(self, message).deleted = True

    def revoke(self, ch: Channel, *permissions: str) -> None:
        """Take permissions (names of `discord.Permissions` flags) from the bot in `ch`."""
        ch.denied |= discord.Permissions(**dict.fromkeys(permissions, True)).value
        lifecycle.gateway(self, "CHANNEL_UPDATE", payloads.channel(ch, bot_id=self.bot_user.id))

    def grant(self, ch: Channel, *permissions: str) -> None:
        ch.denied &= ~discord.Permissions(**dict.fromkeys(permissions, True)).value
        lifecycle.gateway(self, "CHANNEL_UPDATE", payloads.channel(ch, bot_id=self.bot_user.id))

    def remove_member(self, g: Guild, u: User) -> None:
        """`u` left the server (the bot, without the members intent, is not told)."""
        del g.members[u.id]

    def delete_channel(self, ch: Channel) -> None:
        ch.deleted = True
        if ch.guild is not None:
            lifecycle.gateway(self, "CHANNEL_DELETE", payloads.channel(ch, bot_id=self.bot_user.id))

    def remove_bot(self, g: Guild) -> None:
        """The bot was kicked from `g`: GUILD_DELETE, then 403 Missing Access there."""
        g.bot_present = False
        lifecycle.gateway(self, "GUILD_DELETE", {"id": str(g.id)})

    def fail_next(self, method: str, path: str, error: str | tuple[int, int, str], *, times: int = 1,
                  when: Callable[[Request], bool] | None = None) -> None:
        """Answer the next `times` requests to route template `path` with an error: a name from
        `rest.ERRORS`, (status, code, message), or "rate_limited" (`discord.RateLimited`, what
        discord.py raises for a 429 longer than `max_ratelimit_timeout`). A 5xx is raised at once
        as `DiscordServerError`, what discord.py raises once its retries are spent."""
        code = (429, 0, "rate_limited") if error == "rate_limited" else ERRORS[error] if isinstance(error, str) else error
        self._failures.append(_Failure(method, path, code, times, when))

    def expire_interactions(self) -> None:
        """Fifteen minutes pass: every interaction token so far is dead and every view with a
        timeout (ephemeral views get 15 minutes) times out, as discord.py would do it."""
        for rec in self.world.interactions.values():
            rec.expired = True
        for task in asyncio.all_tasks():
            coro: Any = task.get_coro()
            if getattr(coro, "__qualname__", "").endswith("__timeout_task_impl") and coro.cr_frame is not None:
                coro.cr_frame.f_locals["self"]._dispatch_timeout()
                task.cancel()

    # -- bots ------------------------------------------------------------------------------

    async def start_bot(self, bot: discord.Client | lifecycle.BotFactory, *, ready: bool = True) -> Any:
        """Log a bot (or the bot a factory makes) in on this world; `ready=False` stops after
        `setup_hook`, before the gateway would have delivered READY and the servers."""
        return await lifecycle.start_bot(self, bot, ready=ready)

    async def close_bot(self, bot: discord.Client | None = None) -> None:
        await (bot or self.bot).close()

    async def restart(self, bot: discord.Client | lifecycle.BotFactory, *, ready: bool = True) -> Any:
        await self.settle()
        await self.close_bot()
        return await self.start_bot(bot, ready=ready)

    @property
    def open_bots(self) -> list[discord.Client]:
        return [b for b in self.bots if not b.is_closed()]

    @property
    def bot(self) -> Any:
        if not self.open_bots:
            raise AssertionError("no bot is running (fake.start_bot first)")
        return self.open_bots[-1]

    def gateway(self, event: str, data: Json) -> None:
        lifecycle.gateway(self, event, data)

    # -- interactions ----------------------------------------------------------------------

    def slash(self, user: User, channel: Channel, command: str, options: dict[str, Any] | None = None, *,
              bot: discord.Client | None = None, expect_unanswered: bool = False) -> Injected:
        """`/command` with options by name (users and channels as fakecord objects), typed from
        the bot's command tree; subcommands as words: "istanbul admin skip"."""
        data = inject.command_data(self, bot or self.bot, channel, command, options or {}, None)
        rec = inject.new_record(self, 2, user, channel, f"/{command}", expect_unanswered=expect_unanswered)
        return inject.deliver(self, bot, rec, data)

    def autocomplete(self, user: User, channel: Channel, command: str, focused: str, value: Any,
                     options: dict[str, Any] | None = None, *, bot: discord.Client | None = None) -> Injected:
        data = inject.command_data(self, bot or self.bot, channel, command, {**(options or {}), focused: value},
                                   focused)
        rec = inject.new_record(self, 4, user, channel, f"autocomplete /{command} {focused}")
        return inject.deliver(self, bot, rec, data)

    def click(self, message: Msg | int, custom_id: str, user: User, *, forge: bool = False,
              bot: discord.Client | None = None, expect_unanswered: bool = False) -> Injected:
        msg = inject.stored(self, message)
        comp = inject.component_data(msg, custom_id, user, "button", forge=forge)
        data = {"custom_id": custom_id, "component_type": 2, "id": (comp or {}).get("id", 0)}
        rec = inject.new_record(self, 3, user, msg.channel, f"click {custom_id}", message_id=msg.id,
                                expect_unanswered=expect_unanswered)
        return inject.deliver(self, bot, rec, data, msg)

    def select(self, message: Msg | int, custom_id: str, values: list[str], user: User, *, forge: bool = False,
               bot: discord.Client | None = None, expect_unanswered: bool = False) -> Injected:
        msg = inject.stored(self, message)
        comp = inject.component_data(msg, custom_id, user, "select", forge=forge)
        if comp is not None and not forge:
            inject.check_values(comp, values)
        kind = (comp or {}).get("type", 3)
        data = {"custom_id": custom_id, "component_type": kind, "values": list(values), "id": (comp or {}).get("id", 0)}
        rec = inject.new_record(self, 3, user, msg.channel, f"select {custom_id} {values}", message_id=msg.id,
                                expect_unanswered=expect_unanswered)
        return inject.deliver(self, bot, rec, data, msg)

    def submit_modal(self, opened: Injected, values: dict[str, Any], *, user: User | None = None,
                     forge: bool = False, bot: discord.Client | None = None,
                     expect_unanswered: bool = False) -> Injected:
        """Submit the modal that interaction `opened` showed, with values by field custom_id
        (str for text inputs, lists for selects)."""
        modal = opened.modal
        if modal is None:
            raise AssertionError(f"{opened!r} did not open a modal")
        fields = {c["custom_id"] for c in limits.walk_components(modal["components"]) if "custom_id" in c}
        if set(values) - fields and not forge:
            raise AssertionError(f"the modal has no fields {sorted(set(values) - fields)}; it has {sorted(fields)}")
        source = self.world.interactions[opened.id]
        data = {"custom_id": modal["custom_id"], "components": inject.mirror_modal(modal["components"], values)}
        msg = self.world.messages.get(source.message_id) if source.message_id else None
        rec = inject.new_record(self, 5, user or opened.user, opened.channel, f"modal {modal['custom_id']}",
                                message_id=source.message_id, expect_unanswered=expect_unanswered)
        return inject.deliver(self, bot, rec, data, msg)

    def modal_submit(self, user: User, channel: Channel, custom_id: str, values: dict[str, Any], *,
                     message: Msg | int | None = None, bot: discord.Client | None = None,
                     expect_unanswered: bool = False) -> Injected:
        """A modal submit built from scratch (e.g. after a restart lost the modal): one text
        input row per str value, one labelled string select per list value."""
        components = [{"type": 1, "components": [inject.submitted(k, 4, v)]} if isinstance(v, str)
                      else {"type": 18, "component": inject.submitted(k, 3, v)} for k, v in values.items()]
        msg = inject.stored(self, message) if message is not None else None
        rec = inject.new_record(self, 5, user, channel, f"modal {custom_id}", message_id=msg.id if msg else None,
                                expect_unanswered=expect_unanswered)
        return inject.deliver(self, bot, rec, {"custom_id": custom_id, "components": components}, msg)

    async def settle(self, timeout: float = SETTLE_PATIENCE) -> None:
        """Wait until every task discord.py scheduled for the injected interactions and events
        (and every task those created) has finished; re-raise a task's uncaught exception.
        Name a long-running task "background:..." to keep settle from waiting for it."""
        await self.tasks.settle(timeout)

    # -- what Discord now holds ------------------------------------------------------------

    def message(self, message: Msg | int) -> Msg:
        return snapshot(inject.stored(self, message))

    def messages_in(self, ch: Channel, *, ephemeral: bool = False) -> list[Msg]:
        """The channel's messages now, oldest first (ephemeral ones only if asked)."""
        return [snapshot(m) for m in self.world.visible(ch) if ephemeral or m.ephemeral_to is None]

    def last_message(self, ch: Channel) -> Msg:
        msgs = self.messages_in(ch)
        if not msgs:
            raise AssertionError(f"no messages in #{ch.name}")
        return msgs[-1]

    def dms(self, u: User) -> list[Msg]:
        return self.messages_in(self.world.dm_channel(u))

    def last_dm(self, u: User) -> Msg:
        return self.last_message(self.world.dm_channel(u))

    def ephemerals(self, u: User) -> list[Msg]:
        """Ephemeral messages `u` received, oldest first."""
        return [snapshot(m) for m in sorted(self.world.messages.values(), key=lambda m: m.id)
                if m.ephemeral_to is u and not m.deleted]

    def requests_to(self, method: str, path: str) -> list[Request]:
        """Requests to one route template, e.g. ("PATCH", "/channels/{channel_id}/messages/{message_id}")."""
        return [r for r in self.requests if r.method == method and r.path == path]

    def commands(self, g: Guild | None = None) -> list[Json]:
        """The commands the last sync registered (globally, or in `g`)."""
        return self.world.commands.get(g.id if g else None, [])

    # -- serving requests and checking them -------------------------------------------------

    async def serve(self, req: Request, routes: dict[tuple[str, str], Handler]) -> Any:
        await asyncio.sleep(0)  # a real request always gives other tasks a turn
        rec = inject.CURRENT.get()
        if rec is not None:
            req.interaction_id = rec.id
            rec.requests.append(req)
        self.requests.append(req)
        for rule in self._failures:
            if rule.times and rule.method == req.method and rule.path == req.path and (not rule.when or rule.when(req)):
                rule.times -= 1
                if rule.error[2] == "rate_limited":
                    raise discord.RateLimited(60.0)
                raise http_error(*rule.error, req)
        try:
            handler = routes.get((req.method, req.path))
            if handler is None:
                raise LimitViolation(f"fakecord does not model {req.method} {req.path} (add it to rest.py)")
            return copy.deepcopy(handler(self, req))
        except Refuse as refused:
            raise http_error(*ERRORS[refused.name], req) from None
        except LimitViolation as exc:
            self.violation(f"{req.method} {req.path}: {exc}")
            raise

    def check_message(self, payload: Json, uploads: list[Upload], *, new: bool) -> None:
        limits.check_message(payload, [(u.filename, len(u.data)) for u in uploads], new=new,
                             mentions=self.check_mentions, file_limit=self.file_limit)

    def violation(self, text: str) -> None:
        self.violations.append(text)

    @contextmanager
    def rejects(self, pattern: str) -> Iterator[None]:
        """Expect the block to produce a violation matching `pattern` (regex); it is swallowed
        if it reaches the block and no longer fails the test at the end."""
        before = len(self.violations)
        raised: list[str] = []
        try:
            yield
        except LimitViolation as exc:
            raised.append(str(exc))
        new = self.violations[before:]
        matched = [v for v in new if re.search(pattern, v)]
        if not matched and not any(re.search(pattern, r) for r in raised):
            raise AssertionError(f"expected a violation matching {pattern!r}; got {new + raised or 'none'}")
        for v in matched:
            self.violations.remove(v)
