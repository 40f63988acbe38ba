"""The fake Discord's state: users, servers, channels, messages and interactions.

One `World` outlives the bots that talk to it, so a second bot started on it (a restart) sees
the same channels, messages and users. Everything here is plain data; the HTTP handlers
(`rest.py`, `webhooks.py`) change it and `fakecord.Fakecord` answers questions about it.
"""

from __future__ import annotations

import copy
import itertools
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import discord

from tests.discord_ui import payloads
from tests.discord_ui.limits import LimitViolation, walk_components

Json = dict[str, Any]

EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12
KEPT_FLAGS = (1 << 2) | SUPPRESS_NOTIFICATIONS | (1 << 15)  # suppress embeds, silent, components v2
_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(eq=False)
class User:
    id: int
    name: str
    display_name: str | None = None
    bot: bool = False
    dms_open: bool = True

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class Member:
    user: User
    joined: int
    nick: str | None = None
    role_ids: list[int] = field(default_factory=list)


@dataclass(eq=False)
class Guild:
    id: int
    name: str
    owner: User
    bot_role_id: int
    members: dict[int, Member] = field(default_factory=dict)
    channels: list[Channel] = field(default_factory=list)
    perm_roles: dict[int, int] = field(default_factory=dict)
    bot_present: bool = True


@dataclass(eq=False)
class Channel:
    id: int
    name: str
    guild: Guild | None
    recipient: User | None = None
    position: int = 0
    denied: int = 0
    """Permissions revoked from the bot here (see `Fakecord.revoke`)."""
    deleted: bool = False

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"


@dataclass(frozen=True)
class Upload:
    """One file of a multipart request: `files[index]`."""

    index: int
    filename: str
    data: bytes


@dataclass(eq=False)
class StoredMessage:
    id: int
    channel: Channel
    data: Json
    files: dict[int, bytes]
    ephemeral_to: User | None
    pings: frozenset[int]
    interaction_id: int | None
    edits: int = 0
    deleted: bool = False

    @property
    def loading(self) -> bool:
        return bool(self.data["flags"] & LOADING)


@dataclass(eq=False)
class InteractionRecord:
    """One injected interaction and everything the bot did with its token."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    label: str
    message_id: int | None = None
    callbacks: list[tuple[int, Json | None]] = field(default_factory=list)
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    requests: list[Any] = field(default_factory=list)
    expired: bool = False
    expect_unanswered: bool = False


class World:
    def __init__(self, start: datetime | None = None) -> None:
        self._next_id = discord.utils.time_snowflake(start or discord.utils.utcnow())
        self.bot_user = User(self.snowflake(), "Istanbul", None, bot=True)
        self.app_id = self.bot_user.id
        self.app_owner = User(self.snowflake(), "developer")
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, StoredMessage] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.tokens: dict[str, InteractionRecord] = {}
        self.commands: dict[int | None, list[Json]] = {}
        self.command_ids: dict[tuple[int | None, str], int] = {}

    def snowflake(self) -> int:
        """A fresh id, later than every earlier one (one millisecond apart)."""
        self._next_id += 1 << 22
        return self._next_id

    # -- people and places ---------------------------------------------------------------

    def add_user(self, name: str, display_name: str | None = None) -> User:
        u = User(self.snowflake(), name, display_name)
        self.users[u.id] = u
        return u

    def add_guild(self, name: str, owner: User) -> Guild:
        g = Guild(self.snowflake(), name, owner, bot_role_id=self.snowflake())
        self.guilds[g.id] = g
        self.add_member(g, owner)
        return g

    def add_member(self, g: Guild, u: User, *, nick: str | None = None) -> Member:
        m = Member(u, joined=self.snowflake(), nick=nick)
        g.members[u.id] = m
        return m

    def bot_member(self, g: Guild) -> Member:
        return Member(self.bot_user, joined=g.id, role_ids=[g.bot_role_id])

    def set_permissions(self, g: Guild, u: User, permissions: int) -> Json:
        """Give `u` a role with exactly these permissions; returns the role's JSON."""
        m = g.members[u.id]
        if not m.role_ids:
            m.role_ids.append(self.snowflake())
        g.perm_roles[m.role_ids[0]] = permissions
        return payloads.role(m.role_ids[0], f"perms-{m.role_ids[0]}", permissions, position=1)

    def add_text_channel(self, g: Guild, name: str) -> Channel:
        ch = Channel(self.snowflake(), name, g, position=len(g.channels))
        g.channels.append(ch)
        self.channels[ch.id] = ch
        return ch

    def dm_channel(self, u: User) -> Channel:
        """The bot's DM channel with `u` (Discord keeps one per pair, created on first use)."""
        for ch in self.channels.values():
            if ch.recipient is u:
                return ch
        ch = Channel(self.snowflake(), "", None, recipient=u)
        self.channels[ch.id] = ch
        return ch

    def user_permissions(self, ch: Channel, u: User) -> int:
        if ch.guild is None:
            return payloads.EVERYONE_PERMISSIONS
        if u is ch.guild.owner:
            return discord.Permissions.all().value
        perms = payloads.EVERYONE_PERMISSIONS
        for rid in ch.guild.members[u.id].role_ids:
            perms |= ch.guild.perm_roles.get(rid, 0)
        if perms & discord.Permissions(administrator=True).value:
            return discord.Permissions.all().value
        return perms

    def bot_permissions(self, ch: Channel) -> int:
        if ch.guild is None:
            return payloads.BOT_PERMISSIONS
        return (payloads.BOT_PERMISSIONS | payloads.EVERYONE_PERMISSIONS) & ~ch.denied

    # -- messages ------------------------------------------------------------------------

    def create_message(self, ch: Channel, payload: Json, uploads: list[Upload], *,
                       ephemeral_to: User | None = None, interaction: InteractionRecord | None = None,
                       msg_type: int = 0, loading: bool = False, embeds_allowed: bool = True) -> StoredMessage:
        msg_id = self.snowflake()
        flags = (payload.get("flags") or 0) & KEPT_FLAGS
        flags |= (EPHEMERAL if ephemeral_to is not None else 0) | (LOADING if loading else 0)
        attachments, files = self._attachments(msg_id, ch, payload, uploads, [], {}, ephemeral_to is not None)
        mentions = self._mentions(payload)
        meta = None
        if interaction is not None:
            meta = payloads.interaction_metadata(interaction.id, interaction.type, interaction.user,
                                                 payloads.owners(ch))
        data = payloads.message(
            msg_id=msg_id, ch=ch, author=self.bot_user, content=payload.get("content") or "",
            embeds=self._embeds(payload.get("embeds") or [], attachments) if embeds_allowed else [],
            components=number_components(payload.get("components") or []), attachments=attachments,
            flags=flags, mentions=mentions, msg_type=msg_type, edited=None,
            app_id=self.app_id if interaction is not None else None, interaction=meta)
        silent = ephemeral_to is not None or loading or flags & SUPPRESS_NOTIFICATIONS
        pings = frozenset() if silent else frozenset(u.id for u in mentions)
        msg = StoredMessage(msg_id, ch, data, files, ephemeral_to, pings,
                            interaction.id if interaction is not None else None)
        self.messages[msg_id] = msg
        return msg

    def edit_message(self, msg: StoredMessage, payload: Json, uploads: list[Upload], *,
                     embeds_allowed: bool = True) -> None:
        """Apply a PATCH: only the keys present change; `attachments` is the complete list to keep
        (old ones by id, new uploads by index); without it new uploads are appended."""
        data = msg.data
        if "content" in payload:
            data["content"] = payload["content"] or ""
        if "components" in payload:
            data["components"] = number_components(payload["components"] or [])
        if "flags" in payload and payload["flags"] is not None:
            data["flags"] = (data["flags"] & ~KEPT_FLAGS) | (payload["flags"] & KEPT_FLAGS)
        data["flags"] &= ~LOADING
        if "attachments" in payload or uploads:
            data["attachments"], msg.files = self._attachments(
                msg.id, msg.channel, payload, uploads, data["attachments"], msg.files, msg.ephemeral_to is not None)
        if "embeds" in payload:
            embeds = self._embeds(payload["embeds"] or [], data["attachments"])
            data["embeds"] = embeds if embeds_allowed else []
        if "content" in payload or "allowed_mentions" in payload:
            data["mentions"] = [payloads.user(u) for u in self._mentions({**payload, "content": data["content"]})]
        data["edited_timestamp"] = payloads.timestamp(self.snowflake())
        msg.edits += 1

    def _attachments(self, msg_id: int, ch: Channel, payload: Json, uploads: list[Upload],
                     existing: list[Json], files: dict[int, bytes], ephemeral: bool) -> tuple[list[Json], dict[int, bytes]]:
        keep = {a["id"]: a for a in existing}
        entries = payload.get("attachments")
        if entries is None:
            entries = [*({"id": a["id"]} for a in existing), *({"id": u.index} for u in uploads)]
        out: list[Json] = []
        new_files: dict[int, bytes] = {}
        used: set[int] = set()
        for entry in entries:
            ref = entry.get("id")
            if str(ref) in keep:
                out.append(keep[str(ref)])
                new_files[int(ref)] = files[int(ref)]
                continue
            index = int(ref) if isinstance(ref, int) or str(ref).isdigit() else -1
            if not 0 <= index < len(uploads):
                raise LimitViolation(f"attachments: {ref!r} is neither an upload index of this request nor an "
                                     f"attachment of message {msg_id}")
            used.add(index)
            up = uploads[index]
            att_id = self.snowflake()
            out.append(payloads.attachment(att_id, entry.get("filename") or up.filename, up.data, channel_id=ch.id,
                                           description=entry.get("description"), ephemeral=ephemeral))
            new_files[att_id] = up.data
        for up in uploads:
            if up.index not in used:
                raise LimitViolation(f"files[{up.index}] ({up.filename}) was uploaded but is not listed in attachments")
        if len(out) > 10:
            raise LimitViolation(f"attachments: a message carries {len(out)} files (max 10)")
        return out, new_files

    def _embeds(self, embeds: list[Json], attachments: list[Json]) -> list[Json]:
        """Resolve `attachment://name` image references as Discord does; a reference to a file the
        message does not carry is a broken image, reported as a violation."""
        by_name = {a["filename"]: a for a in attachments}
        out = []
        for embed in embeds:
            embed = dict(embed)
            for key in ("image", "thumbnail"):
                url = (embed.get(key) or {}).get("url", "")
                if url.startswith("attachment://"):
                    att = by_name.get(url.removeprefix("attachment://"))
                    if att is None:
                        raise LimitViolation(f"embed {key} refers to {url} but the message carries no such file")
                    embed[key] = {**embed[key], "url": att["url"], "proxy_url": att["proxy_url"]}
            out.append(embed)
        return out

    def _mentions(self, payload: Json) -> list[User]:
        """Users a message's content mentions and its allowed_mentions lets through."""
        allowed = payload.get("allowed_mentions")
        found: list[User] = []
        for raw in _MENTION.findall(payload.get("content") or ""):
            u = self.users.get(int(raw))
            if u is not None and u not in found:
                found.append(u)
        if allowed is None or "users" in (allowed.get("parse") or []):
            return found
        listed = {int(x) for x in allowed.get("users") or []}
        return [u for u in found if u.id in listed]

    def visible(self, ch: Channel) -> list[StoredMessage]:
        return sorted((m for m in self.messages.values() if m.channel is ch and not m.deleted), key=lambda m: m.id)


def number_components(components: list[Json]) -> list[Json]:
    """Discord gives every component a numeric `id` unique in its message; keep the ones sent."""
    components = copy.deepcopy(components)
    taken = {c["id"] for c in walk_components(components) if isinstance(c.get("id"), int)}
    fresh = (n for n in itertools.count(1) if n not in taken)
    for comp in walk_components(components):
        if not isinstance(comp.get("id"), int):
            comp["id"] = next(fresh)
    return components
