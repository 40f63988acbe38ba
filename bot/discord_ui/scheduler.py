"""Everything that happens because time passed: the end of a grace period, reminders, idle-seat
notices, retries after Discord refused a post, lobbies that never started, games nobody plays,
and the daily backup. Timers live in the database (they survive restarts) and are read on the
service's clock, so tests move time by hand and call `run_due`.

Reminders: after the game's reminder time the deciding person is reminded (a mention, a DM or
both, as they chose with `/istanbul settings`), then again after twice and four times that long,
three times at most; never inside their quiet hours, never while they are away, never again
once they pressed "Mute this turn". A DM that cannot be delivered becomes a mention in the
channel. A reminder first checks that the turn message still exists, and posts it again (that
post's ping is the reminder) when someone deleted it. A person found gone from the server at a
reminder or timeout leaves their seat to the computer player, which moves at once.

Trouble at Discord never stops the loop: a channel the bot may not post in waits for the
publisher's "retry" timer (its creator was told), a rate limit waits as long as Discord asked,
other refusals are tried again later; each game's timers run beside the other games'."""

from __future__ import annotations

import asyncio
import calendar
import contextlib
import logging
import time
from pathlib import Path

import discord

from ..service import (
    PAUSE_DAYS,
    PAUSED,
    DatabaseError,
    Game,
    TimerRow,
    UserSettings,
    errors,
    pending,
    remove_stale_partials,
)
from ..service import backup as backup_database
from .handlers import Handlers, jump_url
from .idle import idle_notice, mute_view, muted_notice
from .interlude import INTERLUDE
from .lobby import LOBBY_DAYS
from .payloads import Payload
from .publisher import RETRY_SECONDS, ChannelBlocked, DiscordBusy
from .text import plain

log = logging.getLogger(__name__)

MAX_REMINDERS = 3
IDLE_DAYS = 30
SWEEP_SECONDS = 3600.0
POLL_SECONDS = 60.0  # the longest the loop sleeps without looking at the timers
DAY = 86400.0
WAITING = "waiting for your move"
WAITING_DECISION = "waiting for your decision"  # asked in the middle of another seat's turn
BACKUP_FORMAT = "istanbul-%Y%m%d-%H%M%S.db"


class Scheduler:
    def __init__(
        self, handlers: Handlers, *, backup_dir: Path | None = None, backup_keep: int = 7,
        backup_hours: float = 24.0,
    ) -> None:
        self.handlers = handlers
        self.service = handlers.service
        self.publisher = handlers.publisher
        self.backup_dir = backup_dir
        self.backup_keep = backup_keep
        self.backup_hours = backup_hours
        self._wake = asyncio.Event()
        self._last_sweep = float("-inf")
        self._backup_refused = float("-inf")  # when the last backup was refused (a damaged database)

    def poke(self) -> None:
        """Look at the timers now (a new one may be due sooner than the loop planned)."""
        self._wake.set()

    # -- the loop -------------------------------------------------------------------------------

    async def run_forever(self) -> None:
        while True:
            try:
                await self.run_due()
                await self.maybe_sweep()
            except Exception:
                log.exception("the timer loop failed; it goes on")
            pause = POLL_SECONDS
            timers = await self.service.timers()
            if timers:
                pause = min(pause, max(0.05, timers[0].due_at - self.service.clock()))
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), pause)

    async def run_due(self) -> int:
        """Handle every timer that has fallen due; returns how many. Each game's timers run in
        order, different games side by side, so one game's burst of computer turns never holds
        up another game's reminder or turn."""
        due = await self.service.due_timers()
        per_game: dict[int, list[TimerRow]] = {}
        for timer in due:
            per_game.setdefault(timer.game_id, []).append(timer)
        await asyncio.gather(*(self._run_game(timers) for timers in per_game.values()))
        return len(due)

    async def _run_game(self, timers: list[TimerRow]) -> None:
        for timer in timers:
            try:
                await self.handle(timer)
            except (ChannelBlocked, DiscordBusy):
                # the publisher set a "retry" timer (and told the creator what to fix); this waits for it
                if timer.kind in ("grace", "retry"):
                    await self.service.clear_timer_at(timer.game_id, timer.kind, timer.due_at)
                else:
                    await self.service.reschedule_timer(timer, self.service.clock() + RETRY_SECONDS)
            except discord.RateLimited as exc:
                log.warning("game %s: Discord asks to wait %.0f s; the %s timer waits", timer.game_id,
                            exc.retry_after, timer.kind)
                await self.service.reschedule_timer(timer, self.service.clock() + max(1.0, exc.retry_after))
            except discord.HTTPException as exc:
                log.warning("game %s: the %s timer failed at Discord (%s %s); retrying later", timer.game_id,
                            timer.kind, exc.status, exc.code)
                await self.service.reschedule_timer(timer, self.service.clock() + RETRY_SECONDS)
            except Exception:
                log.exception("game %s: the %s timer failed; retrying later", timer.game_id, timer.kind)
                await self.service.reschedule_timer(timer, self.service.clock() + RETRY_SECONDS)

    async def handle(self, timer: TimerRow) -> None:
        if timer.kind in ("grace", "retry"):
            await self.publisher.sync(timer.game_id)
            await self.service.clear_timer_at(timer.game_id, timer.kind, timer.due_at)
        elif timer.kind == "reminder":
            await self.remind(timer)
        elif timer.kind == "timeout":
            await self.time_out(timer)
        elif timer.kind == PAUSED:
            await self.close_paused(timer)
        else:
            log.warning("game %s: unknown timer kind %r dropped", timer.game_id, timer.kind)
            await self.service.clear_timer_at(timer.game_id, timer.kind, timer.due_at)

    # -- reminders and timeouts -------------------------------------------------------------------

    async def _decider(self, timer: TimerRow) -> tuple[Game, int, str, UserSettings] | None:
        """(game, seat, user id, their settings) when the timer's person still decides in a
        running game and is not away; else None, with the timer taken off (or, while they are
        away, moved to their return)."""
        game = await self.service.load(timer.game_id)
        decision = pending(game.state) if game.state is not None and game.row.status == "active" else None
        seat = timer.payload.get("seat")
        if decision is None or decision.player != seat or game.seats[decision.player].played_by_computer:
            await self.service.clear_timer_at(timer.game_id, timer.kind, timer.due_at)
            return None
        user = game.seats[decision.player].user_id
        if user is None or game.seats[decision.player].kind != "discord_user":
            await self.service.clear_timer_at(timer.game_id, timer.kind, timer.due_at)
            return None
        if await self.publisher.member_gone(game, decision.player):
            await self.service.clear_timer_at(timer.game_id, timer.kind, timer.due_at)
            await self.publisher.sync(game.id)  # the computer player now takes the turn
            return None
        settings = await self.service.user_settings(user)
        if settings.away_at(self.service.clock()) and settings.away_until is not None:
            await self.service.reschedule_timer(timer, settings.away_until)
            return None
        return game, decision.player, user, settings

    async def remind(self, timer: TimerRow) -> None:
        found = await self._decider(timer)
        if found is None:
            return
        game, seat, user, settings = found
        now = self.service.clock()
        if settings.quiet_at(now):
            await self.service.reschedule_timer(timer, settings.quiet_ends_after(now))
            return
        assert game.state is not None
        count = int(timer.payload.get("count", 0))
        muted = await self.service.has_notice(game.id, muted_notice(game.state), user)
        if muted or settings.notify == "none" or count >= MAX_REMINDERS:
            await self.service.clear_timer_at(timer.game_id, timer.kind, timer.due_at)
            return
        # The next reminder is noted before this one is sent, so a bot stopped halfway never sends
        # it twice; when sending fails, the timer goes back and is tried again.
        hours = game.options.reminder_hours * 3600
        moved = TimerRow(timer.game_id, timer.kind, now + hours * 2 ** (count + 1), {**timer.payload, "count": count + 1})
        if not await self.service.reschedule_timer(timer, moved.due_at, moved.payload):
            return  # set again meanwhile (a move): this reminder is no longer due
        try:
            reposted = await self.repost_if_deleted(game)
            await self._tell(game, seat, user, settings, pinged=reposted)
        except Exception:
            await self.service.reschedule_timer(moved, timer.due_at, {"count": count})
            raise
        log.info("game %s: reminder %d sent", game.id, count + 1)

    async def _tell(self, game: Game, seat: int, user: str, settings: UserSettings, *, pinged: bool) -> None:
        """One reminder where the person wants it. A DM that cannot be delivered becomes a mention
        in the channel; `pinged`: the turn message was just posted again, and its ping is the
        channel's reminder."""
        now = self.service.clock()
        off_turn = _off_turn(game)
        turn = await self.service.message(game.id, INTERLUDE if off_turn else "turn")
        link = jump_url(game, turn.message_id if turn else None)
        waited = (now - game.row.updated_at) / 3600
        waiting = WAITING_DECISION if off_turn else WAITING
        line = f"Istanbul game #{game.id} is {waiting} ({waited:.0f} h so far)." + (f" {link}" if link else "")
        in_channel = settings.notify in ("channel", "both")
        if settings.notify in ("dm", "both"):
            text = f"{self.publisher.cards.header(game)}\n{line}"
            delivered = settings.dm_closed_at is None and await self._dm(game, seat, user, text)
            in_channel = in_channel or not delivered
        if in_channel and not pinged:
            await self.publisher.send(game, Payload(f"<@{user}>, {line}", None, [], mute_view(game.id, off_turn=off_turn), int(user)))

    async def _dm(self, game: Game, seat: int, user: str, text: str) -> bool:
        try:
            dm = await self.handlers.client.create_dm(discord.Object(int(user)))
            await dm.send(text, view=mute_view(game.id, off_turn=_off_turn(game)), allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden:
            await self.publisher.cards.closed(game, self.publisher.seat(game, seat))
            return False
        return True

    async def repost_if_deleted(self, game: Game) -> bool:
        """Post the decider's turn message again (with its ping) if someone deleted it; True if
        it was posted again. The new message tells the story from where the lost one began. For a
        decision in the middle of another seat's turn, that is its interlude message."""
        purpose = INTERLUDE if _off_turn(game) else "turn"
        turn = await self.service.message(game.id, purpose)
        if turn is None or turn.mode != "choose":
            return False
        try:
            await self.publisher.channel(turn.channel_id).fetch_message(turn.message_id)
            return False
        except discord.NotFound:
            pass
        except discord.HTTPException:
            return False  # cannot tell now; posting the reminder will show what is wrong
        async with self.publisher.lock(game.id):
            if await self.service.message(game.id, purpose) != turn:
                return False  # the game moved on meanwhile
            log.info("game %s: the %s message was deleted; posting it again", game.id, purpose)
            if purpose == "turn":
                await self.service.set_seen(game.id, turn.seat or 0, turn.seq)
            await self.service.drop_message(game.id, purpose)
        await self.publisher.sync(game.id)
        return True

    async def time_out(self, timer: TimerRow) -> None:
        found = await self._decider(timer)
        if found is None:
            return
        game, seat, user, _ = found
        now = self.service.clock()
        limit = game.options.timeout_hours * 3600
        idle = await self.service.idle_for(game, seat)
        if idle < limit:  # time away does not count: look again when the rest has passed
            await self.service.reschedule_timer(timer, now + (limit - idle))
            return
        assert game.state is not None
        if await self.service.notice_once(game.id, f"idle.{game.state.decision_id}", user):
            await self.publisher.send(game, idle_notice(game, seat, game.options.timeout_hours, off_turn=_off_turn(game)))
        await self.service.clear_timer_at(timer.game_id, timer.kind, timer.due_at)

    async def close_paused(self, timer: TimerRow) -> None:
        """A game nobody came back to within its pause ends without a result; the channel is told
        and is free again."""
        closed = await self.service.close_paused(timer.game_id, timer.due_at)
        if closed is None:  # woken, ended or paused anew meanwhile: nothing to close
            await self.service.clear_timer_at(timer.game_id, timer.kind, timer.due_at)
            return
        log.info("game %s: closed after its pause", closed.id)
        await self.publisher.sync(closed.id)
        why = f"Nobody came back to game #{closed.id} within {PAUSE_DAYS} days, so it is closed without a result."
        await self.publisher.send(closed, Payload(why + " The channel is free for a new game."))

    # -- once an hour: lobbies, forgotten games, backups -------------------------------------------

    async def maybe_sweep(self) -> None:
        now = self.service.clock()
        if now - self._last_sweep < SWEEP_SECONDS:
            return
        self._last_sweep = now
        await self.sweep()
        await self.maybe_backup()

    async def sweep(self) -> None:
        """Close lobbies older than LOBBY_DAYS and games without a move for IDLE_DAYS, with a notice;
        abandon the games of servers the bot was removed from while it was not running."""
        await self.forget_lost_servers()
        now = self.service.clock()
        for row in await self.service.games(("lobby", "active"), "discord"):
            if row.status == "lobby" and now - row.created_at >= LOBBY_DAYS * DAY:
                why = f"The table of game #{row.id} never started within {LOBBY_DAYS} days, so it is closed."
            elif row.status == "active" and now - row.updated_at >= IDLE_DAYS * DAY:
                why = f"Game #{row.id} had no move for {IDLE_DAYS} days, so it is closed without a result."
            else:
                continue
            await self.service.abandon(row.id, "", admin=True)
            log.info("game %s: closed by the sweep (%s)", row.id, row.status)
            try:
                await self.publisher.sync(row.id)
                notice = Payload(plain(why) + " The channel is free for a new game.")
                await self.publisher.channel(row.channel_id or 0).send(**notice.send_kwargs())
            except discord.HTTPException as exc:  # closed all the same; the others go on
                log.warning("game %s: the closing notice could not be posted (%s)", row.id, type(exc).__name__)

    async def forget_lost_servers(self) -> None:
        """Games in servers the bot is no longer in end without a result. A server missing from
        the cache is asked for once by REST: Missing Access or Unknown Guild means the bot was
        removed (a server that is only unavailable for a while stays in the cache)."""
        client = self.handlers.client
        if not client.is_ready():
            return
        rows = await self.service.games(("lobby", "active"), "discord")
        for guild_id in sorted({row.guild_id for row in rows if row.guild_id is not None}):
            if client.get_guild(guild_id) is not None:
                continue
            try:
                await client.fetch_guild(guild_id)
                continue
            except (discord.Forbidden, discord.NotFound):
                await self.abandon_server(guild_id)
            except discord.HTTPException:
                continue  # cannot tell now; the next sweep asks again

    async def abandon_server(self, guild_id: int) -> None:
        """The bot was removed from a server: its lobbies and games there end without a result
        (nothing can be posted there any more)."""
        for game_id in await self.service.games_in_guild(guild_id):
            with contextlib.suppress(errors.GameIsOver):  # ended meanwhile
                await self.service.abandon(game_id, "", admin=True)
                log.info("game %s: abandoned because the bot is no longer in its server", game_id)

    async def maybe_backup(self) -> Path | None:
        """An online backup when the newest one is `backup_hours` old (on the service's clock,
        which names the files); keeps the newest `backup_keep` files and removes what killed
        backups left half-written. A damaged database is not copied: nothing is replaced or
        rotated out, and the log says so in one line, naming the newest good backup."""
        if self.backup_dir is None or self.backup_hours <= 0:
            return None
        now = self.service.clock()
        made = backups_in(self.backup_dir)
        last = max(made[-1][0] if made else float("-inf"), self._backup_refused)
        if now - last < self.backup_hours * 3600:
            return None
        target = self.backup_dir / time.strftime(BACKUP_FORMAT, time.gmtime(now))
        try:
            size = await backup_database(self.service.db.path, target)
        except DatabaseError as exc:  # tried again when the next backup is due, not every hour
            self._backup_refused = now
            log.error("backup refused: %s", exc)
            return None
        log.info("backup written (%d bytes)", size)
        for _, old in backups_in(self.backup_dir)[: -self.backup_keep]:
            old.unlink(missing_ok=True)
        remove_stale_partials(self.backup_dir)
        return target


def backups_in(folder: Path) -> list[tuple[float, Path]]:
    """The bot's backups in `folder` as (time written, path), oldest first; other files are left alone."""
    found = []
    for path in folder.glob("istanbul-*.db") if folder.is_dir() else []:
        try:
            found.append((calendar.timegm(time.strptime(path.name, BACKUP_FORMAT)), path))
        except ValueError:
            continue
    return sorted(found)


def _off_turn(game: Game) -> bool:
    """Whether the person deciding now is asked in the middle of another seat's turn."""
    decision = pending(game.state) if game.state is not None else None
    return decision is not None and decision.off_turn
