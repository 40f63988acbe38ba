"""Where a game shows itself: the messages of the chat front end (lobby, turn, DM cards), how far
each seat has been told the story, and notices given only once. Plain SQL over the tables of
migrations 0001 and 0002; ids are plain integers and strings, no chat-library types."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import aiosqlite


@dataclass(frozen=True, slots=True)
class MessageRow:
    game_id: int
    purpose: str  # 'lobby', 'turn', 'cards', 'end', ...
    user_id: str  # whose DM ('cards'); '' otherwise
    channel_id: int
    message_id: int
    seat: int | None
    decision_id: int
    seq: int
    mode: str
    digest: str


_COLUMNS = "game_id, purpose, user_id, channel_id, message_id, seat, decision_id, seq, mode, digest"


def _message(r: aiosqlite.Row) -> MessageRow:
    return MessageRow(
        int(r[0]), str(r[1]), str(r[2]), int(r[3]), int(r[4]), None if r[5] is None else int(r[5]), int(r[6]),
        int(r[7]), str(r[8]), str(r[9]),
    )


async def put_message(conn: aiosqlite.Connection, row: MessageRow) -> None:
    await conn.execute(
        f"INSERT OR REPLACE INTO messages ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            row.game_id, row.purpose, row.user_id, row.channel_id, row.message_id, row.seat, row.decision_id,
            row.seq, row.mode, row.digest,
        ),
    )


async def message(conn: aiosqlite.Connection, game_id: int, purpose: str, user_id: str = "") -> MessageRow | None:
    rows = list(await conn.execute_fetchall(
        f"SELECT {_COLUMNS} FROM messages WHERE game_id = ? AND purpose = ? AND user_id = ?",
        (game_id, purpose, user_id),
    ))
    return _message(rows[0]) if rows else None


async def messages_of(conn: aiosqlite.Connection, game_id: int) -> list[MessageRow]:
    rows = await conn.execute_fetchall(
        f"SELECT {_COLUMNS} FROM messages WHERE game_id = ? ORDER BY purpose, user_id", (game_id,)
    )
    return [_message(r) for r in rows]


async def drop_message(conn: aiosqlite.Connection, game_id: int, purpose: str, user_id: str = "") -> None:
    await conn.execute(
        "DELETE FROM messages WHERE game_id = ? AND purpose = ? AND user_id = ?", (game_id, purpose, user_id)
    )


async def seen(conn: aiosqlite.Connection, game_id: int, seat: int) -> int:
    rows = list(await conn.execute_fetchall(
        "SELECT seen_seq FROM seat_marks WHERE game_id = ? AND seat = ?", (game_id, seat)
    ))
    return int(rows[0][0]) if rows else 0


async def set_seen(conn: aiosqlite.Connection, game_id: int, seat: int, seq: int) -> None:
    await conn.execute(
        "INSERT OR REPLACE INTO seat_marks (game_id, seat, seen_seq) VALUES (?, ?, ?)", (game_id, seat, seq)
    )


async def add_notice(conn: aiosqlite.Connection, game_id: int, kind: str, user_id: str, at: float) -> bool:
    """Record a once-only notice; False when it was given already."""
    cur = await conn.execute(
        "INSERT OR IGNORE INTO notices (game_id, kind, user_id, at) VALUES (?, ?, ?, ?)", (game_id, kind, user_id, at)
    )
    return cur.rowcount == 1


async def drop_notice(conn: aiosqlite.Connection, game_id: int, kind: str, user_id: str = "") -> None:
    await conn.execute(
        "DELETE FROM notices WHERE game_id = ? AND kind = ? AND user_id = ?", (game_id, kind, user_id)
    )


async def has_notice(conn: aiosqlite.Connection, game_id: int, kind: str, user_id: str = "") -> bool:
    rows = list(await conn.execute_fetchall(
        "SELECT 1 FROM notices WHERE game_id = ? AND kind = ? AND user_id = ?", (game_id, kind, user_id)
    ))
    return bool(rows)


async def clear_timer_at(conn: aiosqlite.Connection, game_id: int, kind: str, due_at: float) -> bool:
    """Delete a timer only if it is still the one that fell due at `due_at` (not re-set since)."""
    cur = await conn.execute(
        "DELETE FROM timers WHERE game_id = ? AND kind = ? AND due_at = ?", (game_id, kind, due_at)
    )
    return cur.rowcount == 1


async def move_timer(
    conn: aiosqlite.Connection, game_id: int, kind: str, old_due: float, new_due: float, payload: dict[str, Any],
) -> bool:
    """Move a timer that was handled to a later time, unless it was set again meanwhile."""
    cur = await conn.execute(
        "UPDATE timers SET due_at = ?, payload = ? WHERE game_id = ? AND kind = ? AND due_at = ?",
        (new_due, json.dumps(payload, sort_keys=True), game_id, kind, old_due),
    )
    return cur.rowcount == 1


async def games_in_guild(conn: aiosqlite.Connection, guild_id: int, statuses: tuple[str, ...]) -> list[int]:
    marks = ", ".join("?" for _ in statuses)
    rows = await conn.execute_fetchall(
        f"SELECT id FROM games WHERE origin = 'discord' AND guild_id = ? AND status IN ({marks}) ORDER BY id",
        (guild_id, *statuses),
    )
    return [int(r[0]) for r in rows]
