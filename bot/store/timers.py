"""Timers (grace periods, reminders, timeouts), message locations and user settings."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import aiosqlite


@dataclass(frozen=True, slots=True)
class TimerRow:
    game_id: int
    kind: str
    due_at: float
    payload: dict[str, Any]


def _timer(r: Any) -> TimerRow:
    return TimerRow(r[0], r[1], r[2], json.loads(r[3]))


async def set_timer(
    conn: aiosqlite.Connection, game_id: int, kind: str, due_at: float, payload: dict[str, Any] | None = None
) -> None:
    await conn.execute(
        "INSERT OR REPLACE INTO timers (game_id, kind, due_at, payload) VALUES (?, ?, ?, ?)",
        (game_id, kind, due_at, json.dumps(payload or {}, sort_keys=True)),
    )


async def clear_timers(conn: aiosqlite.Connection, game_id: int, kind: str | None = None) -> None:
    if kind is None:
        await conn.execute("DELETE FROM timers WHERE game_id = ?", (game_id,))
    else:
        await conn.execute("DELETE FROM timers WHERE game_id = ? AND kind = ?", (game_id, kind))


async def due_timers(conn: aiosqlite.Connection, now: float) -> list[TimerRow]:
    rows = await conn.execute_fetchall(
        "SELECT game_id, kind, due_at, payload FROM timers WHERE due_at <= ? ORDER BY due_at, game_id, kind", (now,)
    )
    return [_timer(r) for r in rows]


async def all_timers(conn: aiosqlite.Connection) -> list[TimerRow]:
    """Every stored timer, soonest first (what a starting bot schedules)."""
    rows = await conn.execute_fetchall(
        "SELECT game_id, kind, due_at, payload FROM timers ORDER BY due_at, game_id, kind"
    )
    return [_timer(r) for r in rows]


async def timers_of(conn: aiosqlite.Connection, game_id: int) -> list[TimerRow]:
    rows = await conn.execute_fetchall(
        "SELECT game_id, kind, due_at, payload FROM timers WHERE game_id = ? ORDER BY due_at, kind", (game_id,)
    )
    return [_timer(r) for r in rows]


async def get_user_settings(conn: aiosqlite.Connection, user_id: str) -> dict[str, Any]:
    rows = list(await conn.execute_fetchall("SELECT settings FROM user_settings WHERE user_id = ?", (user_id,)))
    return dict(json.loads(rows[0][0])) if rows else {}


async def set_user_settings(conn: aiosqlite.Connection, user_id: str, settings: dict[str, Any]) -> None:
    await conn.execute(
        "INSERT OR REPLACE INTO user_settings (user_id, settings) VALUES (?, ?)",
        (user_id, json.dumps(settings, sort_keys=True)),
    )
