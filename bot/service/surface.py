"""What a chat front end keeps beside a game: where its messages are (and what they show), how
far each seat has been told the story, once-only notices, per-user settings, and timers taken
off once they were handled. Plain ids only: no chat-library types."""

from __future__ import annotations

from typing import Any

from ..store import TimerRow
from ..store import games as game_sql
from ..store import surface as sql
from ..store import timers as timer_sql
from ..store.surface import MessageRow
from .core import ServiceCore
from .errors import BadOptions
from .users import MAX_AWAY_DAYS, UserSettings, merge_settings, stored_settings

DAY = 86400.0


class SurfaceMixin(ServiceCore):
    async def message(self, game_id: int, purpose: str, user_id: str = "") -> MessageRow | None:
        async with self.db.read() as conn:
            return await sql.message(conn, game_id, purpose, user_id)

    async def messages(self, game_id: int) -> list[MessageRow]:
        async with self.db.read() as conn:
            return await sql.messages_of(conn, game_id)

    async def put_message(self, row: MessageRow) -> None:
        async with self.db.transaction() as conn:
            await sql.put_message(conn, row)

    async def drop_message(self, game_id: int, purpose: str, user_id: str = "") -> None:
        async with self.db.transaction() as conn:
            await sql.drop_message(conn, game_id, purpose, user_id)

    async def seen(self, game_id: int, seat: int) -> int:
        """The log position up to which `seat` has been told what happened."""
        async with self.db.read() as conn:
            return await sql.seen(conn, game_id, seat)

    async def set_seen(self, game_id: int, seat: int, seq: int) -> None:
        async with self.db.transaction() as conn:
            await sql.set_seen(conn, game_id, seat, seq)

    async def notice_once(self, game_id: int, kind: str, user_id: str = "") -> bool:
        """True the first time a notice of this kind is given for this game and user."""
        async with self.db.transaction() as conn:
            return await sql.add_notice(conn, game_id, kind, user_id, self.clock())

    async def has_notice(self, game_id: int, kind: str, user_id: str = "") -> bool:
        async with self.db.read() as conn:
            return await sql.has_notice(conn, game_id, kind, user_id)

    async def clear_notice(self, game_id: int, kind: str, user_id: str = "") -> None:
        async with self.db.transaction() as conn:
            await sql.drop_notice(conn, game_id, kind, user_id)

    async def user_settings(self, user_id: str) -> UserSettings:
        async with self.db.read() as conn:
            return await stored_settings(conn, user_id)

    async def update_user_settings(self, user_id: str, **changes: Any) -> UserSettings:
        """Change some of a user's settings (validated; `BadOptions` when a value is wrong)."""
        async with self.db.transaction() as conn:
            new = merge_settings(await stored_settings(conn, user_id), changes)
            await timer_sql.set_user_settings(conn, user_id, new.model_dump(mode="json"))
        return new

    async def set_away(self, user_id: str, days: int) -> tuple[UserSettings, UserSettings]:
        """Start, change or (0 days) end a time away: the settings (before, after). The period is
        kept after it ends, so the time away never counts towards a turn's timeout; extending it
        keeps its start. Reminders and timeouts that waited for the old end of the time away
        (they were moved to exactly that moment) now wait for the new one."""
        if not 0 <= days <= MAX_AWAY_DAYS:
            raise BadOptions(f"Away can last 0 to {MAX_AWAY_DAYS} days.")
        now = self.clock()
        async with self.db.transaction() as conn:
            before = await stored_settings(conn, user_id)
            away = before.away_at(now)
            if days == 0 and not away:
                return before, before
            until = now + days * DAY
            start = before.away_from if away else now
            after = merge_settings(before, {"away_until": until} if days == 0 else {"away_from": start, "away_until": until})
            await timer_sql.set_user_settings(conn, user_id, after.model_dump(mode="json"))
            if away and before.away_until is not None:
                for row in await game_sql.games_of_user(conn, user_id, ("lobby", "active")):
                    for timer in await timer_sql.timers_of(conn, row.id):
                        if timer.kind in ("reminder", "timeout") and timer.due_at == before.away_until:
                            await sql.move_timer(conn, timer.game_id, timer.kind, timer.due_at, until, timer.payload)
        return before, after

    async def reschedule_timer(self, timer: TimerRow, due_at: float, changes: dict[str, Any] | None = None) -> bool:
        """Move a handled timer later (its payload updated by `changes`), unless it was set again
        meanwhile (a move resets the turn's timers: that newer timer stands)."""
        payload = {**timer.payload, **(changes or {})}
        async with self.db.transaction() as conn:
            return await sql.move_timer(conn, timer.game_id, timer.kind, timer.due_at, due_at, payload)

    async def games_in_guild(self, guild_id: int, statuses: tuple[str, ...] = ("lobby", "active")) -> list[int]:
        async with self.db.read() as conn:
            return await sql.games_in_guild(conn, guild_id, statuses)

    async def clear_timer_at(self, game_id: int, kind: str, due_at: float) -> bool:
        """Take off a timer that was handled, unless it was set again meanwhile."""
        async with self.db.transaction() as conn:
            return await sql.clear_timer_at(conn, game_id, kind, due_at)
