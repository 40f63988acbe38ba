"""The fake's bot-token REST API (what `discord.http.HTTPClient.request` would have sent), plus
the request record and error plumbing shared with `webhooks.py`.

A handler takes the `Fakecord` and a `Request` and returns the JSON Discord would answer, or
raises `Refuse(name)` for one of Discord's error responses in `ERRORS`; the dispatcher in
`fakecord.py` turns that into the `discord.HTTPException` subclass discord.py's own HTTP layer
raises for such a response (`Forbidden` for 403, `NotFound` for 404, ...).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

import discord

from tests.discord_ui import limits, payloads
from tests.discord_ui.world import Channel, StoredMessage, Upload

if TYPE_CHECKING:
    from tests.discord_ui.fakecord import Fakecord

Json = dict[str, Any]
Handler = Callable[["Fakecord", "Request"], Any]

ERRORS: dict[str, tuple[int, int, str]] = {
    "unknown_channel": (404, 10003, "Unknown Channel"),
    "unknown_guild": (404, 10004, "Unknown Guild"),
    "unknown_member": (404, 10007, "Unknown Member"),
    "unknown_message": (404, 10008, "Unknown Message"),
    "unknown_user": (404, 10013, "Unknown User"),
    "unknown_webhook": (404, 10015, "Unknown Webhook"),
    "unknown_interaction": (404, 10062, "Unknown interaction"),
    "missing_access": (403, 50001, "Missing Access"),
    "cannot_dm": (403, 50007, "Cannot send messages to this user"),
    "missing_permissions": (403, 50013, "Missing Permissions"),
    "already_acknowledged": (400, 40060, "Interaction has already been acknowledged."),
    "invalid_recipient": (400, 50033, "Invalid Recipient(s)"),
}
_REASONS = {400: "Bad Request", 403: "Forbidden", 404: "Not Found", 429: "Too Many Requests",
            500: "Internal Server Error"}
P = discord.Permissions


class Refuse(Exception):
    """Raised by a handler: answer with Discord's error `ERRORS[name]`."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


@dataclass
class Request:
    """One HTTP request discord.py made, as the fake received it."""

    via: str
    """"bot" (bot token REST) or "webhook" (interaction callbacks and followups)."""
    method: str
    path: str
    """The route template, e.g. ``/channels/{channel_id}/messages``."""
    url: str
    args: dict[str, str]
    query: dict[str, Any]
    json: Any
    uploads: list[Upload] = field(default_factory=list)
    interaction_id: int | None = None
    """The injected interaction this request was made while handling, if any."""

    @property
    def body(self) -> Json:
        return self.json if isinstance(self.json, dict) else {}

    def __repr__(self) -> str:
        return f"<Request {self.method} {self.url.removeprefix(discord.http.Route.BASE)}>"


class FakeResponse:
    """The bits of `aiohttp.ClientResponse` that `discord.HTTPException` reads."""

    def __init__(self, status: int, method: str, url: str) -> None:
        self.status = status
        self.reason = _REASONS.get(status, "Error")
        self.method = method
        self.url = url
        self.headers = {"content-type": "application/json"}


def http_error(status: int, code: int, text: str, req: Request) -> discord.HTTPException:
    """The exception discord.py's HTTP layer raises for this response (see `discord/http.py`)."""
    response = FakeResponse(status, req.method, req.url)
    body = {"message": text, "code": code}
    if status == 403:
        return discord.Forbidden(response, body)  # type: ignore[arg-type]
    if status == 404:
        return discord.NotFound(response, body)  # type: ignore[arg-type]
    if status >= 500:
        return discord.DiscordServerError(response, body)  # type: ignore[arg-type]
    return discord.HTTPException(response, body)  # type: ignore[arg-type]


@cache
def _template(path: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", path)
    pattern = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>[^/]+)" for i, p in enumerate(parts))
    return re.compile(pattern + "$")


def make_request(via: str, route: discord.http.Route, body: Any, form: list[Json] | None,
                 query: dict[str, Any] | None) -> Request:
    """Read what discord.py passed: a JSON body, or multipart `payload_json` + `files[n]`."""
    uploads: list[Upload] = []
    for part in form or []:
        if part["name"] == "payload_json":
            body = json.loads(part["value"])
        elif part["name"].startswith("files["):
            fp = part["value"]
            pos = fp.tell()
            data = fp.read()
            fp.seek(pos)
            uploads.append(Upload(int(part["name"][6:-1]), part["filename"], data))
    match = _template(route.path).search(route.url)
    args = match.groupdict() if match else {}
    return Request(via, route.method, route.path, route.url, args, dict(query or {}), body, uploads)


# -- lookups ---------------------------------------------------------------------------------


def channel_of(fake: Fakecord, req: Request) -> Channel:
    ch = fake.world.channels.get(int(req.args["channel_id"]))
    if ch is None or ch.deleted:
        raise Refuse("unknown_channel")
    if ch.guild is not None and (not ch.guild.bot_present or ch.denied & P(view_channel=True).value):
        raise Refuse("missing_access")
    return ch


def message_of(fake: Fakecord, req: Request) -> StoredMessage:
    """A message the bot token can reach: not deleted and not ephemeral."""
    ch = channel_of(fake, req)
    msg = fake.world.messages.get(int(req.args["message_id"]))
    if msg is None or msg.deleted or msg.channel is not ch or msg.ephemeral_to is not None:
        raise Refuse("unknown_message")
    return msg


def _guild_of(fake: Fakecord, req: Request) -> Any:
    g = fake.world.guilds.get(int(req.args["guild_id"]))
    if g is None or not g.bot_present:
        raise Refuse("missing_access")
    return g


def _app(fake: Fakecord, req: Request) -> None:
    if int(req.args["application_id"]) != fake.world.app_id:
        raise Refuse("missing_access")


# -- handlers --------------------------------------------------------------------------------


def get_me(fake: Fakecord, req: Request) -> Json:
    return payloads.me(fake.world.bot_user)


def get_application(fake: Fakecord, req: Request) -> Json:
    w = fake.world
    return payloads.application(w.app_id, w.app_owner, w.bot_user.name)


def get_user(fake: Fakecord, req: Request) -> Json:
    u = fake.world.users.get(int(req.args["user_id"]))
    if u is None:
        raise Refuse("unknown_user")
    return payloads.user(u)


def create_dm(fake: Fakecord, req: Request) -> Json:
    u = fake.world.users.get(int(req.body.get("recipient_id", 0)))
    if u is None:
        raise Refuse("invalid_recipient")
    return payloads.channel(fake.world.dm_channel(u), bot_id=fake.world.bot_user.id)


def get_channel(fake: Fakecord, req: Request) -> Json:
    return payloads.channel(channel_of(fake, req), bot_id=fake.world.bot_user.id)


def send_message(fake: Fakecord, req: Request) -> Json:
    ch = channel_of(fake, req)
    fake.check_message(req.body, req.uploads, new=True)
    perms = fake.world.bot_permissions(ch)
    if ch.recipient is not None and not ch.recipient.dms_open:
        raise Refuse("cannot_dm")
    if not perms & P(send_messages=True).value or req.uploads and not perms & P(attach_files=True).value:
        raise Refuse("missing_permissions")
    embeds_allowed = bool(perms & P(embed_links=True).value)
    return fake.world.create_message(ch, req.body, req.uploads, embeds_allowed=embeds_allowed).data


def get_message(fake: Fakecord, req: Request) -> Json:
    return message_of(fake, req).data


def edit_message(fake: Fakecord, req: Request) -> Json:
    msg = message_of(fake, req)
    fake.check_message(req.body, req.uploads, new=False)
    perms = fake.world.bot_permissions(msg.channel)
    if req.uploads and not perms & P(attach_files=True).value:
        raise Refuse("missing_permissions")
    fake.world.edit_message(msg, req.body, req.uploads, embeds_allowed=bool(perms & P(embed_links=True).value))
    return msg.data


def delete_message(fake: Fakecord, req: Request) -> None:
    message_of(fake, req).deleted = True


def history(fake: Fakecord, req: Request) -> list[Json]:
    ch = channel_of(fake, req)
    msgs = [m for m in fake.world.visible(ch) if m.ephemeral_to is None]
    if "before" in req.query:
        msgs = [m for m in msgs if m.id < int(req.query["before"])]
    if "after" in req.query:
        msgs = [m for m in msgs if m.id > int(req.query["after"])]
    newest_first = [m.data for m in reversed(msgs)]
    return newest_first[: int(req.query.get("limit", 50))]


def typing(fake: Fakecord, req: Request) -> None:
    channel_of(fake, req)


def get_guild(fake: Fakecord, req: Request) -> Json:
    g = _guild_of(fake, req)
    data = payloads.guild(g, bot=fake.world.bot_member(g))
    for key in ("members", "channels", "threads", "presences", "voice_states", "stage_instances",
                "guild_scheduled_events", "soundboard_sounds", "joined_at", "large", "unavailable"):
        data.pop(key)
    return data


def my_guilds(fake: Fakecord, req: Request) -> list[Json]:
    after = int(req.query.get("after") or 0)
    guilds = sorted((g for g in fake.world.guilds.values() if g.bot_present and g.id > after), key=lambda g: g.id)
    return [{"id": str(g.id), "name": g.name, "icon": None, "banner": None, "owner": False, "features": [],
             "permissions": str(payloads.BOT_PERMISSIONS | payloads.EVERYONE_PERMISSIONS)}
            for g in guilds][: int(req.query.get("limit", 200))]


def guild_channels(fake: Fakecord, req: Request) -> list[Json]:
    g = _guild_of(fake, req)
    return [payloads.channel(c, bot_id=fake.world.bot_user.id) for c in g.channels if not c.deleted]


def get_member(fake: Fakecord, req: Request) -> Json:
    m = _guild_of(fake, req).members.get(int(req.args["member_id"]))
    if m is None:
        raise Refuse("unknown_member")
    return payloads.member(m)


def put_commands(fake: Fakecord, req: Request) -> list[Json]:
    _app(fake, req)
    guild_id = int(req.args["guild_id"]) if "guild_id" in req.args else None
    if guild_id is not None:
        _guild_of(fake, req)
    commands = req.json or []
    limits.check_commands(commands)
    w = fake.world
    registered = [
        payloads.registered_command(c, cmd_id=w.command_ids.setdefault((guild_id, c["name"]), w.snowflake()),
                                    app_id=w.app_id, guild_id=guild_id)
        for c in commands
    ]
    w.commands[guild_id] = registered
    return registered


def get_commands(fake: Fakecord, req: Request) -> list[Json]:
    _app(fake, req)
    return fake.world.commands.get(int(req.args["guild_id"]) if "guild_id" in req.args else None, [])


_MSG = "/channels/{channel_id}/messages/{message_id}"
_CMDS = "/applications/{application_id}/commands"
_GUILD_CMDS = "/applications/{application_id}/guilds/{guild_id}/commands"
ROUTES: dict[tuple[str, str], Handler] = {
    ("GET", "/users/@me"): get_me,
    ("GET", "/oauth2/applications/@me"): get_application,
    ("GET", "/users/{user_id}"): get_user,
    ("POST", "/users/@me/channels"): create_dm,
    ("GET", "/channels/{channel_id}"): get_channel,
    ("POST", "/channels/{channel_id}/messages"): send_message,
    ("GET", "/channels/{channel_id}/messages"): history,
    ("GET", _MSG): get_message,
    ("PATCH", _MSG): edit_message,
    ("DELETE", _MSG): delete_message,
    ("POST", "/channels/{channel_id}/typing"): typing,
    ("GET", "/users/@me/guilds"): my_guilds,
    ("GET", "/guilds/{guild_id}"): get_guild,
    ("GET", "/guilds/{guild_id}/channels"): guild_channels,
    ("GET", "/guilds/{guild_id}/members/{member_id}"): get_member,
    ("PUT", _CMDS): put_commands,
    ("GET", _CMDS): get_commands,
    ("PUT", _GUILD_CMDS): put_commands,
    ("GET", _GUILD_CMDS): get_commands,
}
