"""The store's SQL: one active Discord game per channel, the append-only log with its seq check,
transactions that roll back whole, snapshots, timers, messages and user settings."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import ChannelTaken, Database, SeatRow
from bot.store import games as sql
from bot.store import surface as surface_sql
from bot.store import timers as timer_sql
from bot.store.surface import MessageRow


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    database = await Database.open(tmp_path / "x.db")
    yield database
    await database.close()


async def _new(db: Database, origin: str = "discord", channel: int | None = 10, now: float = 1.0) -> int:
    async with db.transaction() as conn:
        return await sql.insert_game(
            conn, origin=origin, guild_id=1 if origin == "discord" else None, channel_id=channel,
            creator="u1", options={"seats": 2}, now=now,
        )


async def _started(db: Database) -> int:
    game_id = await _new(db, "local", None)
    async with db.transaction() as conn:
        await sql.put_seats(conn, game_id, [SeatRow(game_id, 0, "local_human", "local:A", "A", "red", False)])
        await sql.start_game(conn, game_id, seed=7, decision_id=0, now=2.0)
    return game_id


async def _count(db: Database, table: str, game_id: int) -> int:
    async with db.read() as conn:
        rows = list(await conn.execute_fetchall(f"SELECT COUNT(*) FROM {table} WHERE game_id = ?", (game_id,)))
    return int(rows[0][0])


EVENTS = [("input", 0, {"code": "go.5", "decision": 0}), ("move", 0, {"source": 7, "target": 5})]


async def test_a_discord_channel_holds_one_lobby_or_game(db: Database) -> None:
    """The unique partial index refuses a second lobby in a channel; another channel is fine."""
    first = await _new(db, channel=10)
    with pytest.raises(ChannelTaken):
        await _new(db, channel=10)
    async with db.transaction() as conn:
        await sql.set_status(conn, first, "active", 2.0)
    with pytest.raises(ChannelTaken):
        await _new(db, channel=10)
    await _new(db, channel=11)
    async with db.read() as conn:
        found = await sql.active_game_in_channel(conn, 10)
    assert found is not None and found.id == first


@pytest.mark.parametrize("status", ["finished", "abandoned"])
async def test_a_game_that_ended_frees_its_channel(db: Database, status: str) -> None:
    first = await _new(db, channel=10)
    async with db.transaction() as conn:
        await sql.set_status(conn, first, status, 2.0)
    second = await _new(db, channel=10)
    async with db.read() as conn:
        found = await sql.active_game_in_channel(conn, 10)
    assert found is not None and found.id == second != first


async def test_local_games_are_not_limited(db: Database) -> None:
    ids = [await _new(db, "local", None) for _ in range(3)]
    async with db.read() as conn:
        rows = await sql.games_with_status(conn, ("lobby",), origin="local")
    assert [r.id for r in rows] == sorted(ids, reverse=True)  # newest first
    with pytest.raises(sqlite3.IntegrityError):  # and a Discord game needs its channel
        await _new(db, "discord", None)


async def test_append_writes_the_events_and_moves_the_game_on(db: Database) -> None:
    game_id = await _started(db)
    async with db.transaction() as conn:
        assert await sql.append(conn, game_id, 0, 1, EVENTS, now=3.0)
    async with db.read() as conn:
        row = await sql.get_game(conn, game_id)
        log = await sql.events(conn, game_id)
        later = await sql.events(conn, game_id, after_seq=1)
    assert row is not None and (row.seq, row.decision_id, row.updated_at) == (2, 1, 3.0)
    assert [(e.seq, e.kind, e.player, e.payload) for e in log] == [(i + 1, *ev) for i, ev in enumerate(EVENTS)]
    assert [e.seq for e in later] == [2]


async def test_append_refuses_a_stale_seq_and_writes_nothing(db: Database) -> None:
    """A writer that read seq 0 after another writer appended is refused: no event, no change."""
    game_id = await _started(db)
    async with db.transaction() as conn:
        assert await sql.append(conn, game_id, 0, 1, EVENTS, now=3.0)
    async with db.transaction() as conn:
        assert not await sql.append(conn, game_id, 0, 9, [("input", 0, {"code": "x"})], now=4.0, status="finished")
    async with db.read() as conn:
        row = await sql.get_game(conn, game_id)
        log = await sql.events(conn, game_id)
    assert row is not None and (row.seq, row.decision_id, row.status, row.updated_at) == (2, 1, "active", 3.0)
    assert len(log) == 2


async def test_the_log_key_refuses_a_second_event_at_the_same_seq(db: Database) -> None:
    game_id = await _started(db)
    async with db.transaction() as conn:
        await sql.append(conn, game_id, 0, 1, EVENTS[:1], now=3.0)
    with pytest.raises(sqlite3.IntegrityError):
        async with db.transaction() as conn:
            await conn.execute(
                "INSERT INTO events (game_id, seq, kind, player, payload, at) VALUES (?, 1, 'x', 0, '{}', 0)", (game_id,)
            )
    assert await _count(db, "events", game_id) == 1


async def test_an_exception_inside_a_transaction_rolls_all_of_it_back(db: Database) -> None:
    game_id = await _started(db)
    with pytest.raises(RuntimeError):
        async with db.transaction() as conn:
            await sql.append(conn, game_id, 0, 1, EVENTS, now=3.0)
            await timer_sql.set_timer(conn, game_id, "grace", 10.0)
            raise RuntimeError("boom")
    assert await _count(db, "events", game_id) == 0
    assert await _count(db, "timers", game_id) == 0
    async with db.transaction() as conn:  # and the connection is usable again
        assert await sql.append(conn, game_id, 0, 1, EVENTS, now=3.0)


async def test_concurrent_transactions_on_the_one_connection_do_not_mix(db: Database) -> None:
    """One coroutine rolls back while another commits on the same connection: only the commit lands
    (without the lock the second BEGIN fails and its COMMIT would commit the first one's work)."""
    game_id = await _started(db)

    async def failing() -> None:
        async with db.transaction() as conn:
            await sql.append(conn, game_id, 0, 1, EVENTS[:1], now=3.0)
            await asyncio.sleep(0.01)
            raise RuntimeError("boom")

    async def succeeding() -> None:
        async with db.transaction() as conn:
            await timer_sql.set_timer(conn, game_id, "reminder", 50.0)

    results = await asyncio.gather(failing(), succeeding(), return_exceptions=True)
    assert isinstance(results[0], RuntimeError) and results[1] is None
    assert await _count(db, "events", game_id) == 0
    assert await _count(db, "timers", game_id) == 1


async def test_a_cancelled_transaction_rolls_back(db: Database) -> None:
    """A task cancelled in the middle of a transaction leaves nothing behind and no transaction open."""
    game_id = await _started(db)
    inside = asyncio.Event()

    async def slow() -> None:
        async with db.transaction() as conn:
            await sql.append(conn, game_id, 0, 1, EVENTS, now=3.0)
            inside.set()
            await asyncio.sleep(10)

    task = asyncio.create_task(slow())
    await inside.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert await _count(db, "events", game_id) == 0
    assert not db.conn.in_transaction
    async with db.transaction() as conn:
        assert await sql.append(conn, game_id, 0, 1, EVENTS, now=3.0)


async def test_snapshots_keep_only_the_newest(db: Database) -> None:
    game_id = await _started(db)
    for seq in (0, 25, 50):
        async with db.transaction() as conn:
            await sql.save_snapshot(conn, game_id, seq, f'{{"at": {seq}}}')
    async with db.read() as conn:
        assert await sql.latest_snapshot(conn, game_id) == (50, '{"at": 50}')
    assert await _count(db, "snapshots", game_id) == 1


async def test_timers_come_due_by_time(db: Database) -> None:
    """A timer is due once its time has come; setting a kind again moves it; clearing removes it."""
    a, b = await _started(db), await _started(db)
    async with db.transaction() as conn:
        await timer_sql.set_timer(conn, a, "reminder", 100.0, {"seat": 1})
        await timer_sql.set_timer(conn, a, "timeout", 300.0)
        await timer_sql.set_timer(conn, b, "grace", 150.0)
    async with db.read() as conn:
        assert await timer_sql.due_timers(conn, 99.0) == []
        due = await timer_sql.due_timers(conn, 200.0)
        assert [(t.game_id, t.kind, t.payload) for t in due] == [(a, "reminder", {"seat": 1}), (b, "grace", {})]
    async with db.transaction() as conn:
        await timer_sql.set_timer(conn, a, "reminder", 250.0)
        await timer_sql.clear_timers(conn, b)
    async with db.read() as conn:
        assert await timer_sql.due_timers(conn, 200.0) == []
        assert [(t.kind, t.due_at) for t in await timer_sql.all_timers(conn)] == [("reminder", 250.0), ("timeout", 300.0)]
        assert [t.kind for t in await timer_sql.timers_of(conn, a)] == ["reminder", "timeout"]
    async with db.transaction() as conn:
        await timer_sql.clear_timers(conn, a, "timeout")
    async with db.read() as conn:
        assert [t.kind for t in await timer_sql.timers_of(conn, a)] == ["reminder"]


def _message(game_id: int, purpose: str, message_id: int, user_id: str = "") -> MessageRow:
    return MessageRow(game_id, purpose, user_id, 10, message_id, 1 if purpose == "turn" else None, 7, 40, "choose", "")


async def test_messages_and_user_settings_round_trip(db: Database) -> None:
    game_id = await _started(db)
    async with db.transaction() as conn:
        await surface_sql.put_message(conn, _message(game_id, "turn", 111))
        await surface_sql.put_message(conn, _message(game_id, "turn", 222))
        await surface_sql.put_message(conn, _message(game_id, "cards", 333, "u1"))
        await timer_sql.set_user_settings(conn, "u1", {"dm": False})
    async with db.read() as conn:
        turn = await surface_sql.message(conn, game_id, "turn")
        assert turn is not None and (turn.channel_id, turn.message_id) == (10, 222)
        assert turn == _message(game_id, "turn", 222)
        assert await surface_sql.message(conn, game_id, "cards", "u2") is None
        assert [m.message_id for m in await surface_sql.messages_of(conn, game_id)] == [333, 222]
        assert await timer_sql.get_user_settings(conn, "u1") == {"dm": False}
        assert await timer_sql.get_user_settings(conn, "u2") == {}
    async with db.transaction() as conn:
        await surface_sql.drop_message(conn, game_id, "cards", "u1")
    async with db.read() as conn:
        assert await surface_sql.message(conn, game_id, "cards", "u1") is None


async def test_seen_marks_and_once_only_notices(db: Database) -> None:
    game_id = await _started(db)
    async with db.transaction() as conn:
        assert await surface_sql.seen(conn, game_id, 1) == 0
        await surface_sql.set_seen(conn, game_id, 1, 12)
        assert await surface_sql.add_notice(conn, game_id, "blocked", "", 5.0)
        assert not await surface_sql.add_notice(conn, game_id, "blocked", "", 6.0)
    async with db.read() as conn:
        assert (await surface_sql.seen(conn, game_id, 1), await surface_sql.seen(conn, game_id, 0)) == (12, 0)
        assert await surface_sql.has_notice(conn, game_id, "blocked")
        assert not await surface_sql.has_notice(conn, game_id, "blocked", "u1")
    async with db.transaction() as conn:
        await surface_sql.drop_notice(conn, game_id, "blocked")
        assert await surface_sql.add_notice(conn, game_id, "blocked", "", 7.0)


async def test_a_users_games_are_found_through_their_seats(db: Database) -> None:
    game_id = await _started(db)
    await _new(db, "local", None)
    async with db.read() as conn:
        assert [g.id for g in await sql.games_of_user(conn, "local:A")] == [game_id]
        assert await sql.games_of_user(conn, "local:A", ("finished",)) == []
