"""Small text helpers for messages: names made harmless, texts cut to Discord's limits, colours."""

from __future__ import annotations

import discord

CONTENT_LIMIT = 2000
EMBED_DESCRIPTION_LIMIT = 4096
EMBED_TITLE_LIMIT = 256
LABEL_LIMIT = 80
SELECT_TEXT_LIMIT = 100
LOG_HINT = "… earlier lines: `/istanbul log`"

COLOURS = {
    "red": discord.Colour.from_rgb(200, 40, 40),
    "blue": discord.Colour.from_rgb(40, 90, 200),
    "green": discord.Colour.from_rgb(30, 125, 55),
    "yellow": discord.Colour.from_rgb(240, 200, 40),
    "white": discord.Colour.from_rgb(235, 235, 235),
}
NEUTRAL = discord.Colour.from_rgb(120, 98, 70)


def plain(name: str) -> str:
    """A user-chosen name, safe to put in a message: no markdown, no mentions."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def counted(count: float, noun: str, plural: str | None = None) -> str:
    """A number with its noun agreeing: "1 bonus card", "2 bonus cards", "1 ruby", "1.5 hours"."""
    return f"{count:g} {noun if count == 1 else plural or noun + 's'}"


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters, with an ellipsis when something was cut."""
    return text if len(text) <= limit else text[: max(0, limit - 1)].rstrip() + "…"


def newest_lines(lines: list[str], limit: int, hint: str = LOG_HINT) -> str:
    """The newest lines that fit in `limit` characters, oldest first, with `hint` on top when some
    had to be left out (a single line longer than the limit is clipped)."""
    kept: list[str] = []
    used = 0
    for line in reversed(lines):
        cost = len(line) + (1 if kept else 0)
        if used + cost > limit - len(hint) - 1:
            break
        kept.append(line)
        used += cost
    if len(kept) == len(lines):
        return "\n".join(lines)
    if not kept and lines:
        return hint + "\n" + clip(lines[-1], limit - len(hint) - 1)
    return hint + "\n" + "\n".join(reversed(kept))


def place_name(client: discord.Client, guild_id: int | None, channel_id: int | None) -> str:
    """'Server › #channel' as the bot's cache knows them (names made harmless), else what is known."""
    channel = client.get_channel(channel_id or 0)
    if isinstance(channel, discord.abc.GuildChannel):
        return f"{plain(channel.guild.name)} › #{plain(channel.name)}"
    guild = client.get_guild(guild_id or 0)
    return plain(guild.name) if guild is not None else "a server channel"


def colour_of(colour: str | None) -> discord.Colour:
    return COLOURS.get(colour or "", NEUTRAL)


def seat_title(name: str, colour: str | None) -> str:
    return f"{name} ({colour.capitalize()})" if colour else name
