"""Interactions injected as the gateway delivers them: complete INTERACTION_CREATE payloads
handed to `bot._connection.parse_interaction_create`, the function discord.py's websocket
calls. Each injector returns an `Injected` handle to inspect after `await fake.settle()`.

What a real Discord client could not send is refused with an `AssertionError` (a test bug): a
click on a component the message does not (or no longer) carry, on a disabled one, on someone
else's ephemeral or DM message, values a select does not offer, a user who is not a member.
`forge=True` skips those checks, for tests of forged or stale input.
"""

from __future__ import annotations

import copy
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from tests.discord_ui import payloads
from tests.discord_ui.limits import SELECT_TYPES, walk_components
from tests.discord_ui.messages import Msg, snapshot
from tests.discord_ui.rest import Request
from tests.discord_ui.world import Channel, InteractionRecord, StoredMessage, User

if TYPE_CHECKING:
    from tests.discord_ui.fakecord import Fakecord

Json = dict[str, Any]

CURRENT: ContextVar[InteractionRecord | None] = ContextVar("fakecord_interaction", default=None)
"""The injected interaction being handled; tasks created meanwhile inherit it (see settle)."""


class Injected:
    """One injected interaction, as the fake saw the bot answer it."""

    def __init__(self, fake: Fakecord, rec: InteractionRecord) -> None:
        self._fake, self._rec = fake, rec
        self.id, self.token, self.user, self.channel = rec.id, rec.token, rec.user, rec.channel

    def __repr__(self) -> str:
        return f"<Injected {self._rec.label} by {self.user.name}: callbacks {self.callback_types}>"

    @property
    def callbacks(self) -> list[tuple[int, Json | None]]:
        """(callback type, data) of each callback, normally exactly one: 4 message, 5 deferred
        with "thinking", 6 deferred update, 7 update message, 8 autocomplete, 9 modal."""
        return list(self._rec.callbacks)

    @property
    def callback_types(self) -> list[int]:
        return [cb for cb, _ in self._rec.callbacks]

    @property
    def callback_type(self) -> int | None:
        return self._rec.callbacks[0][0] if self._rec.callbacks else None

    @property
    def acknowledged(self) -> bool:
        return bool(self._rec.callbacks)

    @property
    def acked_first(self) -> bool:
        """The callback was the first request the bot made for this interaction (ack before any
        other work, structurally)."""
        reqs = self.requests
        return bool(reqs) and reqs[0].path.endswith("/callback")

    @property
    def requests(self) -> list[Request]:
        return list(self._rec.requests)

    @property
    def original(self) -> Msg | None:
        """The original response: the message a type 4/5 answer created, or for 6/7 the
        message the component is on (current state)."""
        rid = self._rec.original_id
        return None if rid is None else snapshot(self._fake.world.messages[rid])

    @property
    def followups(self) -> list[Msg]:
        return [snapshot(self._fake.world.messages[i]) for i in self._rec.followup_ids]

    @property
    def replies(self) -> list[Msg]:
        """Messages this interaction created (original of a 4/5 answer, then followups), once each."""
        ids = [self._rec.original_id] if self.callback_type in (4, 5) else []
        ids += [i for i in self._rec.followup_ids if i not in ids]
        return [snapshot(self._fake.world.messages[i]) for i in ids if i is not None]

    @property
    def choices(self) -> list[Json]:
        """An autocomplete answer's choices ({"name", "value"})."""
        return [c for cb, data in self._rec.callbacks if cb == 8 for c in (data or {}).get("choices", [])]

    @property
    def modal(self) -> Json | None:
        """The modal this interaction opened (callback type 9), with Discord's component ids."""
        return next((data for cb, data in self._rec.callbacks if cb == 9), None)


def deliver(fake: Fakecord, bot: discord.Client | None, rec: InteractionRecord, data: Json | None,
            message: StoredMessage | None = None) -> Injected:
    """Build the full payload for `rec` and hand it to the bot's gateway handler."""
    w = fake.world
    ch, u = rec.channel, rec.user
    if ch.deleted:
        raise AssertionError(f"#{ch.name} was deleted; nobody can interact there")
    member_json = None
    if ch.guild is not None:
        if not ch.guild.bot_present:
            raise AssertionError(f"the bot is not in {ch.guild.name}")
        if u.id not in ch.guild.members:
            raise AssertionError(f"{u.name} is not a member of {ch.guild.name} (fake.member(...) first)")
        member_json = payloads.member(ch.guild.members[u.id], permissions=w.user_permissions(ch, u))
    elif ch.recipient is not u:
        raise AssertionError(f"only {ch.recipient.name if ch.recipient else '?'} can interact in that DM")
    payload = payloads.interaction(
        inter_id=rec.id, itype=rec.type, token=rec.token, app_id=w.app_id, data=data, u=u, ch=ch,
        bot_id=w.bot_user.id, member_json=member_json, user_permissions=w.user_permissions(ch, u),
        app_permissions=w.bot_permissions(ch), size_limit=fake.file_limit, message_json=copy.deepcopy(message.data) if message else None)
    target = bot or fake.bot
    w.interactions[rec.id] = rec
    w.tokens[rec.token] = rec
    token = CURRENT.set(rec)
    try:
        target._connection.parse_interaction_create(payload)  # type: ignore[arg-type]
    finally:
        CURRENT.reset(token)
    return Injected(fake, rec)


def new_record(fake: Fakecord, itype: int, user: User, channel: Channel, label: str, *,
               message_id: int | None = None, expect_unanswered: bool = False) -> InteractionRecord:
    iid = fake.world.snowflake()
    return InteractionRecord(iid, f"fake-interaction-token-{iid}", itype, user, channel, label,
                             message_id=message_id, expect_unanswered=expect_unanswered)


# -- application commands ------------------------------------------------------------------


def command_data(fake: Fakecord, bot: discord.Client, channel: Channel, command: str, options: dict[str, Any],
                 focused: str | None) -> Json:
    """`data` of a slash command or autocomplete interaction, typed from the bot's command tree."""
    names = command.split()
    tree: app_commands.CommandTree[Any] = bot.tree  # type: ignore[attr-defined]
    scope = channel.guild.id if channel.guild is not None else None
    root = tree.get_command(names[0], guild=discord.Object(scope)) if scope else None
    if root is None:
        root, scope = tree.get_command(names[0]), None
    node: Any = root
    for name in names[1:]:
        node = node.get_command(name) if isinstance(node, app_commands.Group) else None
    if not isinstance(node, app_commands.Command):
        raise AssertionError(f"the bot has no slash command /{command}")
    opts, resolved = _options(fake, node, channel, options, focused)
    for depth, name in reversed(list(enumerate(names[1:], start=1))):
        opts = [{"name": name, "type": 1 if depth == len(names) - 1 else 2, "options": opts}]
    cmd_id = fake.world.command_ids.setdefault((scope, names[0]), fake.world.snowflake())
    data: Json = {"id": str(cmd_id), "name": names[0], "type": 1, "options": opts}
    if resolved:
        data["resolved"] = resolved
    if scope is not None:
        data["guild_id"] = str(scope)
    return data


def _options(fake: Fakecord, cmd: app_commands.Command[Any, ..., Any], channel: Channel,
             given: dict[str, Any], focused: str | None) -> tuple[list[Json], Json]:
    params = {p.display_name: p for p in cmd.parameters}
    python_names = {p.name: p.display_name for p in cmd.parameters}
    out: list[Json] = []
    resolved: Json = {}
    for key, value in given.items():
        name = key if key in params else python_names.get(key)
        if name is None:
            raise AssertionError(f"/{cmd.qualified_name} has no option {key!r}; it has {list(params)}")
        kind = params[name].type.value
        entry: Json = {"name": name, "type": kind, "value": _value(fake, kind, value, channel, resolved)}
        if name == focused:
            entry["focused"] = True
        out.append(entry)
    missing = [n for n, p in params.items() if p.required and n not in {o["name"] for o in out}]
    if missing and focused is None:
        raise AssertionError(f"Discord would not send /{cmd.qualified_name} without {missing}")
    return out, resolved


def _value(fake: Fakecord, kind: int, value: Any, channel: Channel, resolved: Json) -> Any:
    w = fake.world
    if kind in (6, 9):
        if not isinstance(value, User):
            raise AssertionError(f"a user option takes a fakecord User, not {value!r}")
        resolved.setdefault("users", {})[str(value.id)] = payloads.user(value)
        if channel.guild is not None and value.id in channel.guild.members:
            member = payloads.member(channel.guild.members[value.id], permissions=w.user_permissions(channel, value))
            del member["user"]
            resolved.setdefault("members", {})[str(value.id)] = member
        return str(value.id)
    if kind == 7:
        if not isinstance(value, Channel):
            raise AssertionError(f"a channel option takes a fakecord Channel, not {value!r}")
        data = payloads.channel(value, bot_id=w.bot_user.id, permissions=w.bot_permissions(value))
        resolved.setdefault("channels", {})[str(value.id)] = data
        return str(value.id)
    if kind in (8, 11):
        raise AssertionError("fakecord does not model role or attachment options")
    return float(value) if kind == 10 and not isinstance(value, str) else value


# -- components and modals ------------------------------------------------------------------


def stored(fake: Fakecord, message: Msg | int) -> StoredMessage:
    return fake.world.messages[message if isinstance(message, int) else message.id]


def component_data(msg: StoredMessage, custom_id: str, user: User, kind: str, *, forge: bool) -> Json | None:
    """The component a user may use, or an AssertionError saying why a client could not."""
    if forge:
        return next((c for c in walk_components(msg.data["components"]) if c.get("custom_id") == custom_id), None)
    if msg.deleted:
        raise AssertionError(f"message {msg.id} was deleted")
    if msg.ephemeral_to is not None and msg.ephemeral_to is not user:
        raise AssertionError(f"{user.name} cannot see {msg.ephemeral_to.name}'s ephemeral message {msg.id}")
    if msg.channel.recipient is not None and msg.channel.recipient is not user:
        raise AssertionError(f"{user.name} cannot see the DM of {msg.channel.recipient.name}")
    found = [c for c in walk_components(msg.data["components"]) if c.get("custom_id") == custom_id]
    if not found:
        have = [c["custom_id"] for c in walk_components(msg.data["components"]) if "custom_id" in c]
        raise AssertionError(f"message {msg.id} has no component {custom_id!r} now; it has {have}")
    comp = found[0]
    is_select = comp.get("type") in SELECT_TYPES
    if kind == "button" and comp.get("type") != 2 or kind == "select" and not is_select:
        raise AssertionError(f"{custom_id!r} is a component of type {comp.get('type')}, not a {kind}")
    if comp.get("disabled"):
        raise AssertionError(f"{custom_id!r} on message {msg.id} is disabled")
    return comp


def check_values(comp: Json, values: list[str]) -> None:
    low, high = comp.get("min_values", 1), comp.get("max_values", 1)
    if not low <= len(values) <= high:
        raise AssertionError(f"{len(values)} values for a select taking {low}-{high}")
    if comp.get("type") == 3:
        offered = [o["value"] for o in comp.get("options") or []]
        unknown = [v for v in values if v not in offered]
        if unknown:
            raise AssertionError(f"values {unknown} are not options of {comp['custom_id']!r} ({offered})")


def mirror_modal(components: list[Json], values: dict[str, Any]) -> list[Json]:
    """The submitted components for an opened modal: its structure, with the user's values."""
    out: list[Json] = []
    for comp in components:
        kind = comp.get("type")
        if kind == 1:
            out.append({"type": 1, "id": comp.get("id"), "components": mirror_modal(comp["components"], values)})
        elif kind == 18:
            inner = mirror_modal([comp["component"]], values)[0]
            out.append({"type": 18, "id": comp.get("id"), "component": inner})
        elif kind == 10:
            out.append({"type": 10, "id": comp.get("id")})
        else:
            out.append(submitted(comp.get("custom_id", ""), kind, values.get(comp.get("custom_id", "")),
                                 comp.get("id")))
    return out


def submitted(custom_id: str, kind: int | None, value: Any, comp_id: int | None = None) -> Json:
    entry: Json = {"type": kind, "id": comp_id, "custom_id": custom_id}
    if kind == 4:
        entry["value"] = "" if value is None else str(value)
    elif kind in (21, 23):
        entry["value"] = value
    else:
        entry["values"] = list(value or [])
    return entry
