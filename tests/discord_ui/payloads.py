"""Every JSON shape fakecord hands to discord.py, in one place.

These are the objects Discord's REST API returns and its gateway delivers, with every field
discord.py 2.7.1 reads without a default (see `discord/types/*.py` and the `_from_data` /
`__init__` methods that read `data['...']`). When a discord.py upgrade starts to need another
field, add it here and nowhere else.

The functions take fakecord's world objects (`tests.discord_ui.world`) and plain values and
return fresh dicts, so a caller may change what it gets.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from tests.discord_ui.world import Channel, Guild, Member, User

Json = dict[str, Any]

FILE_SIZE_LIMIT = 10 * 1024 * 1024
"""Discord's default upload limit per file (no boosts); interactions report it as
`attachment_size_limit`."""

EVERYONE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    read_message_history=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_application_commands=True,
    use_external_emojis=True,
).value
"""What a plain member may do (the @everyone role of a fresh server, roughly)."""

BOT_PERMISSIONS = EVERYONE_PERMISSIONS | discord.Permissions(
    send_messages_in_threads=True, manage_messages=True).value
"""What the bot's own (managed) role allows in every channel unless a test revokes something."""


def timestamp(snowflake: int) -> str:
    """The ISO time Discord gives for an object with this id."""
    return discord.utils.snowflake_time(snowflake).isoformat()


def user(u: User) -> Json:
    return {
        "id": str(u.id),
        "username": u.name,
        "discriminator": "0",
        "global_name": u.display_name,
        "avatar": None,
        "banner": None,
        "accent_color": None,
        "avatar_decoration_data": None,
        "primary_guild": None,
        "collectibles": None,
        "public_flags": 0,
        "flags": 0,
        "bot": u.bot,
        "system": False,
    }


def me(u: User) -> Json:
    """`GET /users/@me` for the bot (a `ClientUser`)."""
    return {**user(u), "verified": True, "mfa_enabled": False, "locale": "en-US"}


def application(app_id: int, owner: User, name: str) -> Json:
    """`GET /oauth2/applications/@me` (discord.py's `AppInfo`)."""
    return {
        "id": str(app_id),
        "name": name,
        "description": "",
        "icon": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": user(owner),
        "team": None,
        "verify_key": "0" * 64,
        "flags": 0,
        "tags": [],
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "approximate_guild_count": 1,
        "integration_types_config": {"0": {}},
    }


def role(role_id: int, name: str, permissions: int, *, managed: bool = False, position: int = 0) -> Json:
    return {
        "id": str(role_id),
        "name": name,
        "permissions": str(permissions),
        "position": position,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "managed": managed,
        "mentionable": False,
        "icon": None,
        "unicode_emoji": None,
        "flags": 0,
    }


def member(m: Member, *, permissions: int | None = None) -> Json:
    """A guild member; `permissions` (the member's permissions in the channel) only inside an
    interaction, as Discord sends it there and nowhere else."""
    data: Json = {
        "user": user(m.user),
        "nick": m.nick,
        "avatar": None,
        "banner": None,
        "roles": [str(r) for r in m.role_ids],
        "joined_at": timestamp(m.joined),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def channel(ch: Channel, *, bot_id: int, permissions: int | None = None) -> Json:
    """A text channel or the DM channel with one user. `permissions` is set inside interactions."""
    if ch.guild is None:
        assert ch.recipient is not None
        data: Json = {
            "id": str(ch.id),
            "type": 1,
            "last_message_id": None,
            "flags": 0,
            "recipients": [user(ch.recipient)],
        }
    else:
        overwrites = []
        if ch.denied:
            overwrites.append({"id": str(bot_id), "type": 1, "allow": "0", "deny": str(ch.denied)})
        data = {
            "id": str(ch.id),
            "type": 0,
            "guild_id": str(ch.guild.id),
            "name": ch.name,
            "position": ch.position,
            "permission_overwrites": overwrites,
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "default_auto_archive_duration": 1440,
            "flags": 0,
        }
    if permissions is not None:
        data["permissions"] = str(permissions)
    return data


def guild(g: Guild, *, bot: Member) -> Json:
    """The full guild a GUILD_CREATE carries (the bot's view of a server after READY; with the
    default intents the only member it knows is itself)."""
    return {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(g.owner.id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": roles(g),
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "vanity_url_code": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "joined_at": timestamp(bot.joined),
        "large": False,
        "unavailable": False,
        "member_count": len(g.members),
        "members": [member(bot)],
        "channels": [channel(c, bot_id=bot.user.id) for c in g.channels if not c.deleted],
        "threads": [],
        "presences": [],
        "voice_states": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def roles(g: Guild) -> list[Json]:
    """@everyone, the bot's managed role, and one role per member whose permissions a test set."""
    out = [role(g.id, "@everyone", EVERYONE_PERMISSIONS)]
    out.append(role(g.bot_role_id, "Istanbul", BOT_PERMISSIONS, managed=True, position=2))
    out += [role(rid, f"perms-{rid}", perms, position=1) for rid, perms in g.perm_roles.items()]
    return out


def partial_guild(g: Guild) -> Json:
    """The `guild` object inside an interaction."""
    return {"id": str(g.id), "locale": "en-US", "features": []}


def attachment(att_id: int, filename: str, data: bytes, *, channel_id: int, description: str | None,
               ephemeral: bool) -> Json:
    url = f"https://cdn.discordapp.com/attachments/{channel_id}/{att_id}/{filename}"
    out: Json = {
        "id": str(att_id),
        "filename": filename,
        "size": len(data),
        "url": url,
        "proxy_url": url.replace("cdn.discordapp.com", "media.discordapp.net"),
        "content_type": _content_type(filename),
        "ephemeral": ephemeral,
    }
    if description is not None:
        out["description"] = description
    size = _png_size(data)
    if size is not None:
        out["width"], out["height"] = size
    return out


def _content_type(filename: str) -> str:
    ext = filename.rsplit(".", 1)[-1].lower()
    return {"png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "webp": "image/webp",
            "txt": "text/plain; charset=utf-8", "json": "application/json"}.get(ext, "application/octet-stream")


def _png_size(data: bytes) -> tuple[int, int] | None:
    if data[:8] != b"\x89PNG\r\n\x1a\n" or len(data) < 24:
        return None
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def message(*, msg_id: int, ch: Channel, author: User, content: str, embeds: list[Json],
            components: list[Json], attachments: list[Json], flags: int, mentions: list[User],
            msg_type: int, edited: int | None, app_id: int | None, interaction: Json | None) -> Json:
    """A message object as the REST API returns it."""
    data: Json = {
        "id": str(msg_id),
        "channel_id": str(ch.id),
        "author": user(author),
        "content": content,
        "timestamp": timestamp(msg_id),
        "edited_timestamp": None if edited is None else timestamp(edited),
        "tts": False,
        "mention_everyone": False,
        "mentions": [user(u) for u in mentions],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": embeds,
        "pinned": False,
        "type": msg_type,
        "flags": flags,
        "components": components,
    }
    if ch.guild is not None:
        data["guild_id"] = str(ch.guild.id)
    if app_id is not None:
        data["application_id"] = str(app_id)
        data["webhook_id"] = str(app_id)
    if interaction is not None:
        data["interaction_metadata"] = interaction
    return data


def interaction_metadata(inter_id: int, itype: int, u: User, owners: Json) -> Json:
    """`interaction_metadata` on a message an interaction created."""
    return {"id": str(inter_id), "type": itype, "user": user(u), "authorizing_integration_owners": owners}


def interaction(*, inter_id: int, itype: int, token: str, app_id: int, data: Json | None, u: User,
                ch: Channel, bot_id: int, member_json: Json | None, user_permissions: int,
                app_permissions: int, size_limit: int, message_json: Json | None) -> Json:
    """An INTERACTION_CREATE payload: in a guild channel (with `member`) or a DM (with `user`)."""
    payload: Json = {
        "id": str(inter_id),
        "application_id": str(app_id),
        "type": itype,
        "token": token,
        "version": 1,
        "channel_id": str(ch.id),
        "channel": channel(ch, bot_id=bot_id, permissions=user_permissions),
        "app_permissions": str(app_permissions),
        "locale": "en-US",
        "entitlements": [],
        "entitlement_sku_ids": [],
        "authorizing_integration_owners": owners(ch),
        "context": 0 if ch.guild is not None else 1,
        "attachment_size_limit": size_limit,
    }
    if data is not None:
        payload["data"] = data
    if ch.guild is not None:
        payload["guild_id"] = str(ch.guild.id)
        payload["guild"] = partial_guild(ch.guild)
        payload["guild_locale"] = "en-US"
        payload["member"] = member_json
    else:
        payload["user"] = user(u)
    if message_json is not None:
        payload["message"] = message_json
    return payload


def owners(ch: Channel) -> Json:
    """`authorizing_integration_owners` of a guild-installed app: the guild, or "0" in the bot's DM."""
    return {"0": str(ch.guild.id) if ch.guild is not None else "0"}


def callback_response(*, inter_id: int, itype: int, cb_type: int, message_json: Json | None,
                      message_id: int | None, loading: bool, ephemeral: bool) -> Json:
    """What `POST /interactions/{id}/{token}/callback?with_response=1` answers (discord.py 2.5+)."""
    inter: Json = {"id": str(inter_id), "type": itype}
    if message_id is not None:
        inter.update(response_message_id=str(message_id), response_message_loading=loading,
                     response_message_ephemeral=ephemeral)
    resource: Json = {"type": cb_type}
    if message_json is not None:
        resource["message"] = message_json
    return {"interaction": inter, "resource": resource}


def registered_command(cmd: Json, *, cmd_id: int, app_id: int, guild_id: int | None) -> Json:
    """A command as `PUT .../commands` echoes it back."""
    out = {
        "type": 1,
        "nsfw": False,
        "default_member_permissions": None,
        "contexts": None,
        "integration_types": None,
        **cmd,
        "id": str(cmd_id),
        "application_id": str(app_id),
        "version": str(cmd_id),
    }
    if guild_id is not None:
        out["guild_id"] = str(guild_id)
    return out
