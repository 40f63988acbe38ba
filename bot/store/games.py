"""SQL for games, seats, the event log and snapshots. No rules here: states and events arrive
as JSON text and leave as JSON text."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

import aiosqlite

from .errors import DamagedRow

ACTIVE = ("lobby", "active")


@dataclass(frozen=True, slots=True)
class GameRow:
    id: int
    origin: str
    guild_id: int | None
    channel_id: int | None
    creator: str
    status: str
    options: dict[str, Any]
    seed: int | None
    decision_id: int
    seq: int
    created_at: float
    updated_at: float


@dataclass(frozen=True, slots=True)
class SeatRow:
    game_id: int
    seat: int
    kind: str
    user_id: str | None
    name: str
    colour: str | None
    computer: bool

    @property
    def played_by_computer(self) -> bool:
        return self.kind == "ai" or self.computer


@dataclass(frozen=True, slots=True)
class EventRow:
    seq: int
    kind: str
    player: int | None
    payload: dict[str, Any]
    at: float


class ChannelTaken(Exception):
    """The unique index refused a second lobby or game in one channel."""


def _game(r: aiosqlite.Row) -> GameRow:
    return GameRow(
        r["id"], r["origin"], r["guild_id"], r["channel_id"], r["creator"], r["status"],
        json.loads(r["options"]), r["seed"], r["decision_id"], r["seq"], r["created_at"], r["updated_at"],
    )


def _seat(r: aiosqlite.Row) -> SeatRow:
    return SeatRow(r["game_id"], r["seat"], r["kind"], r["user_id"], r["name"], r["colour"], bool(r["computer"]))


async def insert_game(
    conn: aiosqlite.Connection, *, origin: str, guild_id: int | None, channel_id: int | None, creator: str,
    options: dict[str, Any], now: float,
) -> int:
    try:
        cur = await conn.execute(
            "INSERT INTO games (origin, guild_id, channel_id, creator, status, options, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, 'lobby', ?, ?, ?)",
            (origin, guild_id, channel_id, creator, json.dumps(options, sort_keys=True), now, now),
        )
    except sqlite3.IntegrityError as exc:
        if "UNIQUE" not in str(exc):  # only the one-active-game-per-channel index
            raise
        raise ChannelTaken(str(exc)) from exc
    assert cur.lastrowid is not None
    return cur.lastrowid


async def get_game(conn: aiosqlite.Connection, game_id: int) -> GameRow | None:
    rows = list(await conn.execute_fetchall("SELECT * FROM games WHERE id = ?", (game_id,)))
    return _game(rows[0]) if rows else None


async def active_game_in_channel(conn: aiosqlite.Connection, channel_id: int) -> GameRow | None:
    rows = list(await conn.execute_fetchall(
        "SELECT * FROM games WHERE origin = 'discord' AND channel_id = ? AND status IN ('lobby', 'active')",
        (channel_id,),
    ))
    return _game(rows[0]) if rows else None


async def games_of_user(conn: aiosqlite.Connection, user_id: str, statuses: tuple[str, ...] = ACTIVE) -> list[GameRow]:
    marks = ",".join("?" * len(statuses))
    rows = await conn.execute_fetchall(
        f"SELECT DISTINCT g.* FROM games g JOIN seats s ON s.game_id = g.id"
        f" WHERE s.user_id = ? AND g.status IN ({marks}) ORDER BY g.updated_at DESC",
        (user_id, *statuses),
    )
    return [_game(r) for r in rows]


async def games_with_status(conn: aiosqlite.Connection, statuses: tuple[str, ...], origin: str | None = None) -> list[GameRow]:
    marks = ",".join("?" * len(statuses))
    sql = f"SELECT * FROM games WHERE status IN ({marks})"
    args: tuple[Any, ...] = statuses
    if origin:
        sql += " AND origin = ?"
        args = (*statuses, origin)
    return [_game(r) for r in await conn.execute_fetchall(sql + " ORDER BY updated_at DESC, id DESC", args)]


async def set_options(conn: aiosqlite.Connection, game_id: int, options: dict[str, Any], now: float) -> None:
    await conn.execute(
        "UPDATE games SET options = ?, updated_at = ? WHERE id = ?",
        (json.dumps(options, sort_keys=True), now, game_id),
    )


async def set_status(conn: aiosqlite.Connection, game_id: int, status: str, now: float) -> None:
    await conn.execute("UPDATE games SET status = ?, updated_at = ? WHERE id = ?", (status, now, game_id))


async def start_game(conn: aiosqlite.Connection, game_id: int, seed: int, decision_id: int, now: float) -> None:
    await conn.execute(
        "UPDATE games SET status = 'active', seed = ?, decision_id = ?, seq = 0, updated_at = ? WHERE id = ?",
        (seed, decision_id, now, game_id),
    )


async def seats(conn: aiosqlite.Connection, game_id: int) -> list[SeatRow]:
    return [_seat(r) for r in await conn.execute_fetchall("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))]


async def put_seats(conn: aiosqlite.Connection, game_id: int, rows: list[SeatRow]) -> None:
    """Replace a game's seats (the lobby's join order, or the turn order at the start)."""
    await conn.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
    await conn.executemany(
        "INSERT INTO seats (game_id, seat, kind, user_id, name, colour, computer) VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(game_id, r.seat, r.kind, r.user_id, r.name, r.colour, int(r.computer)) for r in rows],
    )


async def set_computer(conn: aiosqlite.Connection, game_id: int, seat: int, computer: bool) -> None:
    await conn.execute(
        "UPDATE seats SET computer = ? WHERE game_id = ? AND seat = ?", (int(computer), game_id, seat)
    )


async def append(
    conn: aiosqlite.Connection, game_id: int, expected_seq: int, decision_id: int,
    events: list[tuple[str, int | None, dict[str, Any]]], now: float, status: str | None = None,
) -> bool:
    """Append events after `expected_seq` and advance the game; False if another writer was first."""
    cur = await conn.execute(
        "UPDATE games SET seq = ?, decision_id = ?, updated_at = ?, status = COALESCE(?, status)"
        " WHERE id = ? AND seq = ?",
        (expected_seq + len(events), decision_id, now, status, game_id, expected_seq),
    )
    if cur.rowcount != 1:
        return False
    await conn.executemany(
        "INSERT INTO events (game_id, seq, kind, player, payload, at) VALUES (?, ?, ?, ?, ?, ?)",
        [
            (game_id, expected_seq + i + 1, kind, player, json.dumps(data, sort_keys=True), now)
            for i, (kind, player, data) in enumerate(events)
        ],
    )
    return True


async def events(conn: aiosqlite.Connection, game_id: int, after_seq: int = 0) -> list[EventRow]:
    """The game's log after `after_seq`; `DamagedRow` when an event's payload is not a JSON object."""
    rows = await conn.execute_fetchall(
        "SELECT seq, kind, player, payload, at FROM events WHERE game_id = ? AND seq > ? ORDER BY seq",
        (game_id, after_seq),
    )
    return [EventRow(r[0], r[1], r[2], _payload(game_id, r[0], r[3]), r[4]) for r in rows]


def _payload(game_id: int, seq: int, text: object) -> dict[str, Any]:
    try:
        data = json.loads(text) if isinstance(text, (str, bytes)) else None
    except ValueError:  # JSONDecodeError and undecodable bytes alike
        data = None
    if not isinstance(data, dict):
        raise DamagedRow(game_id, f"event {seq} of its log is not readable")
    return data


async def save_snapshot(conn: aiosqlite.Connection, game_id: int, seq: int, state: str) -> None:
    """Keep the state after `seq` events (and only the newest snapshot of a game)."""
    await conn.execute("INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)", (game_id, seq, state))
    await conn.execute("DELETE FROM snapshots WHERE game_id = ? AND seq < ?", (game_id, seq))


async def latest_snapshot(conn: aiosqlite.Connection, game_id: int) -> tuple[int, str] | None:
    rows = list(await conn.execute_fetchall(
        "SELECT seq, state FROM snapshots WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)
    ))
    return (rows[0][0], rows[0][1]) if rows else None
