"""A user's own things: their games across servers, their reminder settings, time away, and
their statistics per server."""

from __future__ import annotations

from collections import defaultdict

import discord

from ..service import GameRecord, errors, game_title, parse_quiet, parse_zone, pending
from .handlers import Handlers, jump_url
from .payloads import Answer, Payload
from .text import EMBED_DESCRIPTION_LIMIT, newest_lines, place_name, plain


async def games_overview(handlers: Handlers, user: str) -> Answer:
    svc = handlers.service
    lines = []
    for row in await svc.user_games(user):
        if row.origin != "discord":
            continue
        game = await svc.load(row.id)
        place = f"{place_name(handlers.client, row.guild_id, row.channel_id)} · {game_title(game.options.expansions)}"
        if game.state is None:
            lines.append(f"#{row.id} · {place} · waiting in the lobby")
            continue
        decision = pending(game.state)
        seat = game.seat_of(user)
        mine = decision is not None and seat is not None and decision.player == seat.seat
        turn = await svc.message(row.id, "turn")
        link = jump_url(game, turn.message_id if turn else None)
        state = "**your move**" if mine else f"{plain(game.names().get(decision.player, '?'))} to move" if decision else "over"
        lines.append(f"#{row.id} · {place} · round {game.state.round} · {state}" + (f" · {link}" if link else ""))
    if not lines:
        return "You are in no running game. Start one in a channel with `/istanbul new`."
    embed = discord.Embed(title="Your Istanbul games", description=newest_lines(lines, EMBED_DESCRIPTION_LIMIT, "…"))
    return Payload(None, embed)


async def change_settings(
    handlers: Handlers, user: str, reminders: str | None, quiet: str | None, zone: str | None,
) -> Answer:
    changes: dict[str, object] = {}
    if reminders is not None:
        if reminders not in ("channel", "dm", "both", "none"):
            raise errors.BadOptions("Reminders go to: channel, dm, both or none.")
        changes["notify"] = reminders
    if zone is not None:
        changes["zone"] = parse_zone(zone)
    if quiet is not None:
        changes["quiet_from"], changes["quiet_to"] = parse_quiet(quiet)
    settings = await handlers.service.update_user_settings(user, **changes) if changes else (
        await handlers.service.user_settings(user)
    )
    return settings.describe()


async def set_away(handlers: Handlers, user: str, days: int) -> Answer:
    """Start, change or (0 days) end a time away (the rules are the service's `set_away`). The
    timer loop looks at any timer moved at once: `Handlers.guarded` wakes it after every command."""
    before, after = await handlers.service.set_away(user, days)
    if days == 0:
        if after == before:  # nothing changed: they were not away
            return "You are not away; reminders and turn timeouts apply to you."
        return "Welcome back: reminders and turn timeouts apply to you again."
    until = after.away_until or 0.0
    return (
        f"You are away until <t:{int(until)}:f> ({days} day{'s' if days != 1 else ''}): no reminders, and "
        "nobody can skip your turns meanwhile. `/istanbul away 0` ends it early."
    )


async def user_stats(handlers: Handlers, user: str) -> Answer:
    """Finished games, wins and mean rubies per server and game (the base game apart from each
    game with expansions: their rubies are not alike); a win the computer mostly played for the
    person (the service's `records` decides) is listed apart."""
    per_table: dict[tuple[int | None, tuple[str, ...]], list[GameRecord]] = defaultdict(list)
    for record in await handlers.service.records(user):
        per_table[record.guild_id, record.expansions].append(record)
    if not per_table:
        return "You have not finished a game yet."
    per_guild: dict[int | None, int] = defaultdict(int)  # finished games, servers in the order first seen
    for (guild_id, _), games in per_table.items():
        per_guild[guild_id] += len(games)
    order = list(per_guild)
    lines = []
    # the busiest server first, and in each server the most played game first
    for (guild_id, _), games in sorted(
        per_table.items(), key=lambda kv: (-per_guild[kv[0][0]], order.index(kv[0][0]), -len(kv[1]))
    ):
        name = place_name(handlers.client, guild_id, None)
        own = sum(1 for g in games if g.own_win)
        helped = sum(1 for g in games if g.won and not g.own_win)
        mean = sum(g.rubies for g in games) / len(games)
        won = f"{own} won" + (f", {helped} won with the computer's help" if helped else "")
        lines.append(f"**{name}** · {games[0].game}: {len(games)} finished, {won}, {mean:.1f} rubies on average")
    return Payload(None, discord.Embed(title="Your Istanbul statistics", description="\n".join(lines)[:4096]))
