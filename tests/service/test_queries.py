"""Reading games through the service: by channel and by user, views, public lines, results,
replay from the log (and loading from a snapshot), and timers on the fake clock."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot import engine
from bot.engine.state import HIDDEN
from bot.engine.texts import CARD_NAMES
from bot.service import GameService, errors
from tests.service.helpers import (
    FakeClock,
    decision,
    fingerprint,
    finish_turn,
    local_table,
    play_out,
    random_choice,
)

WHOLE_GAME_SEED = 19  # start and choice seed of the whole game below: a short one (about 500 turns)


async def test_the_game_in_a_channel(svc: GameService) -> None:
    """A channel shows its lobby, then its running game, and nothing once it is abandoned."""
    assert await svc.game_in_channel(10) is None
    lobby = await svc.create_lobby(
        creator="u1", creator_name="Ann", channel_id=10, guild_id=1, options={"seats": 2, "computers": 1}
    )
    await svc.create_lobby(creator="local:Ann", creator_name="Ann", origin="local", channel_id=11)
    found = await svc.game_in_channel(10)
    assert found is not None and found.id == lobby.id and found.state is None
    assert await svc.game_in_channel(11) is None  # local games belong to no channel
    await svc.start(lobby.id, "u1", seed=1)
    found = await svc.game_in_channel(10)
    assert found is not None and found.row.status == "active" and found.state is not None
    await svc.abandon(lobby.id, "u1")
    assert await svc.game_in_channel(10) is None


async def test_a_users_games(svc: GameService) -> None:
    """A user's list shows the lobbies and games they sit in; finished ones only when asked."""
    a = await svc.create_lobby(creator="u1", creator_name="Ann", channel_id=1, guild_id=1)
    b = await svc.create_lobby(creator="u2", creator_name="Bob", channel_id=2, guild_id=1)
    await svc.join(b.id, "u1", "Ann")
    c = await svc.create_lobby(creator="u3", creator_name="Cem", channel_id=3, guild_id=1)
    assert {g.id for g in await svc.user_games("u1")} == {a.id, b.id}
    assert {g.id for g in await svc.user_games("u3")} == {c.id}
    assert await svc.user_games("nobody") == []
    await svc.abandon(a.id, "u1")
    assert {g.id for g in await svc.user_games("u1")} == {b.id}
    assert {g.id for g in await svc.user_games("u1", finished=True)} == {a.id, b.id}
    await svc.leave(b.id, "u1")
    assert await svc.user_games("u1") == []


async def test_views_hide_the_hands(svc: GameService) -> None:
    """The public view shows how many cards each hand holds but not which; a seat sees its own."""
    game = await local_table(svc, people=3)
    assert game.state is not None
    views = await svc.views(game.id)
    assert set(views) == {None, 0, 1, 2}
    hands = [p.cards for p in game.state.players]
    assert all(hands)  # everyone starts with a card
    public = views[None].state
    assert [p.cards for p in public.players] == [(HIDDEN,) * len(h) for h in hands]
    assert set(public.draw_pile) == {HIDDEN}
    for seat in range(3):
        seen = views[seat].state.players
        assert seen[seat].cards == hands[seat]
        assert all(set(p.cards) == {HIDDEN} for p in seen if p.seat != seat)
        assert views[seat].hand(seat) == hands[seat] and views[seat].hand((seat + 1) % 3) == 1
    assert views[None].turn_player == 0 and public.players[0].lira == game.state.players[0].lira


async def test_no_views_before_the_start(svc: GameService) -> None:
    """A lobby has no board to show and no results."""
    game = await svc.create_lobby(creator="a", creator_name="Ann", origin="local")
    with pytest.raises(errors.NotStarted):
        await svc.views(game.id)
    with pytest.raises(errors.NotStarted):
        await svc.results(game.id)
    assert await svc.lines(game.id) == []
    with pytest.raises(errors.UnknownGame):
        await svc.views(404)


async def test_lines_name_the_players(svc: GameService) -> None:
    """The story uses the seats' names, never placeholders, and can start after a known line."""
    game = await local_table(svc, people=3, layout="in_order")
    rng = random.Random(5)
    for _ in range(12):
        await random_choice(svc, game.id, rng)
    lines = await svc.lines(game.id)
    assert lines and all("{seat:" not in text for _, text in lines)
    seqs = [seq for seq, _ in lines]
    assert seqs == sorted(set(seqs)) and seqs[-1] <= (await svc.load(game.id)).row.seq
    assert lines[0][1].startswith("Ann ")
    assert any("Bob" in text for _, text in lines)
    middle = seqs[len(seqs) // 2]
    assert await svc.lines(game.id, after_seq=middle) == [x for x in lines if x[0] > middle]


async def test_a_drawn_card_is_named_only_to_its_owner(svc: GameService) -> None:
    """Ann reads which bonus card she drew; Bob and the public read only that she drew one."""
    game = await local_table(svc, people=2, layout="in_order")
    rng = random.Random(11)
    for _ in range(500):
        drawn = [seq for seq, text in await svc.lines(game.id) if text == "Ann drew a bonus card."]
        if drawn:
            break
        await random_choice(svc, game.id, rng)
    else:
        pytest.fail("Ann drew no card in 500 choices")
    ann = dict(await svc.lines(game.id, viewer=0))[drawn[0]]
    bob = dict(await svc.lines(game.id, viewer=1))[drawn[0]]
    assert bob == "Ann drew a bonus card."
    assert ann.startswith("Ann drew ") and any(name in ann for name in CARD_NAMES.values()), ann


async def test_a_whole_game_replays_and_loads_from_its_snapshot(svc: GameService) -> None:
    """After a whole game (one person, two computers) the log replays to the stored state, the
    snapshot and log load to it too, the results name everyone and the channel is free again."""
    game = await svc.create_lobby(
        creator="u1", creator_name="Ann", channel_id=77, guild_id=1, options={"seats": 3, "computers": 2}
    )
    await svc.start(game.id, "u1", seed=WHOLE_GAME_SEED, shuffle=False)
    done = await play_out(svc, game.id, random.Random(WHOLE_GAME_SEED))
    assert done.row.status == "finished" and done.state is not None and done.state.finished
    assert engine.pending(done.state) is None
    assert await svc.replay(game.id) == done.state
    svc._cache.clear()
    loaded = await svc.load(game.id)
    assert loaded.state == done.state
    async with svc.db.read() as conn:
        snaps = list(await conn.execute_fetchall("SELECT seq FROM snapshots WHERE game_id = ?", (game.id,)))
    assert [tuple(s) for s in snaps] == [(done.row.seq,)]  # the final state is the one snapshot kept

    results = await svc.results(game.id)
    assert sorted(p.name for p in results) == ["Ann", "Computer Ada", "Computer Bruno"]
    assert results[0].standing.rank == 1 and results[0].standing.rubies == max(p.rubies for p in done.state.players)
    assert [p.standing.rank for p in results] == sorted(p.standing.rank for p in results)

    assert await svc.timers(game.id) == []  # no reminders or timeouts for a finished game
    lines = await svc.lines(game.id)
    assert lines[-1][1] == "The game is over." and all("{seat:" not in text for _, text in lines)
    assert await svc.game_in_channel(77) is None
    assert await svc.user_games("u1") == [] and [g.id for g in await svc.user_games("u1", finished=True)] == [game.id]

    before = await fingerprint(svc)
    with pytest.raises(errors.GameIsOver):
        await svc.submit(game.id, "u1", done.row.decision_id, "done")
    with pytest.raises(errors.GameIsOver):
        await svc.abandon(game.id, "u1")
    assert await fingerprint(svc) == before
    again = await svc.create_lobby(creator="u2", creator_name="Bob", channel_id=77, guild_id=1)
    assert again.id != game.id


async def test_loading_from_a_snapshot_and_the_log(svc: GameService) -> None:
    """Mid-game, a load without the cache (latest snapshot plus the log after it) gives the same
    state as the running game and as the full replay."""
    game = await local_table(svc, people=2, computers=1)
    rng = random.Random(4)
    running = await svc.load(game.id)
    while running.row.seq < 60 or running.row.seq % svc.snapshot_every == 0:
        async for _out in svc.computer_turns(game.id, seed=rng.randrange(99)):
            pass
        await random_choice(svc, game.id, rng)
        running = await svc.load(game.id)
    async with svc.db.read() as conn:
        snaps = [r[0] for r in await conn.execute_fetchall("SELECT seq FROM snapshots WHERE game_id = ?", (game.id,))]
    assert len(snaps) == 1 and 0 < snaps[0] < running.row.seq  # a snapshot, then more log after it
    svc._cache.clear()
    assert (await svc.load(game.id)).state == running.state == await svc.replay(game.id)
    assert decision(running).decision_id == running.row.decision_id


async def test_only_the_recently_used_games_stay_in_memory(tmp_path: Path, clock: FakeClock) -> None:
    """A long-running bot keeps the states of its most recently used games only; a game that
    dropped out is loaded again from its snapshot and log, the same as before."""
    svc = await GameService.open(tmp_path / "few.db", clock=clock, grace_seconds=0, cached_games=2)
    try:
        rng = random.Random(2)
        games = [await local_table(svc, people=2, seed=i) for i in range(4)]
        for game in games:
            await random_choice(svc, game.id, rng)
        assert list(svc._cache) == [games[2].id, games[3].id]
        first = await svc.load(games[0].id)  # loaded again: now the most recent
        assert list(svc._cache) == [games[3].id, games[0].id]
        assert first.state == await svc.replay(games[0].id) and first.state is not None
        await svc.load(games[3].id)
        assert list(svc._cache) == [games[0].id, games[3].id]
    finally:
        await svc.close()


async def test_timers_on_the_clock(svc: GameService, clock: FakeClock) -> None:
    """A timer is due once the clock reaches it, can be moved and cleared, and goes with the game."""
    game = await svc.create_lobby(creator="a", creator_name="Ann", origin="local")
    other = await svc.create_lobby(creator="b", creator_name="Bob", origin="local")
    await svc.set_timer(game.id, "nudge", clock() + 100, {"seat": 1})
    await svc.set_timer(other.id, "poll", clock() + 50)
    assert await svc.due_timers() == []
    clock.advance(50)
    assert [(t.game_id, t.kind) for t in await svc.due_timers()] == [(other.id, "poll")]
    clock.advance(50)
    due = await svc.due_timers()
    assert [(t.game_id, t.kind) for t in due] == [(other.id, "poll"), (game.id, "nudge")]
    assert due[1].payload == {"seat": 1} and due[1].due_at == clock()
    await svc.set_timer(game.id, "nudge", clock() + 3600)  # moved: one timer per kind
    assert [t.kind for t in await svc.due_timers()] == ["poll"]
    await svc.clear_timer(other.id, "poll")
    assert await svc.due_timers() == []
    assert [(t.game_id, t.kind) for t in await svc.timers()] == [(game.id, "nudge")]
    assert [t.due_at for t in await svc.timers(game.id)] == [clock() + 3600] and await svc.timers(other.id) == []
    clock.advance(3600)
    assert [t.kind for t in await svc.due_timers()] == ["nudge"]
    await svc.abandon(game.id, "a")
    assert await svc.due_timers() == [] and await svc.timers() == []


async def test_the_reminder_and_timeout_follow_the_decider(svc: GameService, clock: FakeClock) -> None:
    """The person deciding gets a reminder and a timeout counted from the last move; a computer
    seat gets none; they go when the seat is handed to the computer and come back with it."""
    game = await local_table(svc, people=2, computers=1, layout="in_order", reminder_hours=2, timeout_hours=5)

    async def turn_timers() -> dict[str, tuple[float, object]]:
        return {t.kind: (t.due_at, t.payload["seat"]) for t in await svc.timers(game.id) if t.kind != "grace"}

    start = clock()
    assert await turn_timers() == {"reminder": (start + 2 * 3600, 0), "timeout": (start + 5 * 3600, 0)}
    clock.advance(600)
    game = (await svc.submit(game.id, "p0", decision(game).decision_id, "go.2")).game
    assert await turn_timers() == {"reminder": (clock() + 2 * 3600, 0), "timeout": (clock() + 5 * 3600, 0)}
    await finish_turn(svc, game.id, random.Random(1))
    assert {seat for _, seat in (await turn_timers()).values()} == {1}
    await finish_turn(svc, game.id, random.Random(1))  # Bob's turn ends: the computer decides
    assert decision(await svc.load(game.id)).player == 2
    assert await turn_timers() == {}
    async for _out in svc.computer_turns(game.id):
        pass
    assert {seat for _, seat in (await turn_timers()).values()} == {0}
    await svc.set_computer(game.id, 0, True, by_user="p0")
    assert await turn_timers() == {}
    clock.advance(60)
    await svc.take_back_seat(game.id, "p0")
    assert await turn_timers() == {"reminder": (clock() + 2 * 3600, 0), "timeout": (clock() + 5 * 3600, 0)}


async def test_a_timer_needs_a_game(svc: GameService) -> None:
    """A timer for a game that does not exist is refused by number and stores nothing."""
    before = await fingerprint(svc)
    with pytest.raises(errors.UnknownGame, match="#404"):
        await svc.set_timer(404, "reminder", 1.0)
    assert await fingerprint(svc) == before


async def test_a_persons_turn_end_starts_the_grace_timer(tmp_path: Path, clock: FakeClock) -> None:
    """When a person's turn ends, a 'grace' timer falls due after the grace period."""
    svc = await GameService.open(tmp_path / "grace.db", clock=clock, grace_seconds=45)
    try:
        game = await local_table(svc, people=2, layout="in_order")
        assert [t.kind for t in await svc.timers(game.id)] == ["reminder", "timeout"]  # none for grace yet
        await finish_turn(svc, game.id, random.Random(1))
        grace = [t.due_at for t in await svc.timers(game.id) if t.kind == "grace"]
        assert grace == [clock() + 45]
    finally:
        await svc.close()


async def test_a_stored_zone_that_is_no_zone_reads_as_the_default(svc: GameService) -> None:
    """Settings stored with a zone the database does not know (an older bot's check let folders
    through) do not stop the user's reminders: that field reads as its default."""
    from bot.store import timers as timer_sql

    async with svc.db.transaction() as conn:
        await timer_sql.set_user_settings(conn, "u1", {"zone": "America", "notify": "dm"})
    settings = await svc.user_settings("u1")
    assert settings.zone == "UTC" and settings.notify == "dm"
    with pytest.raises(errors.BadOptions, match="not a time zone"):
        await svc.update_user_settings("u1", zone="America")


def test_a_seats_turns_are_counted_as_its_persons_or_the_computers() -> None:
    """The first turn (dealt at the start) begins with the first input; a turn the person chose
    in is theirs even if the computer took over halfway; a skipped turn is nobody's."""
    from bot.service.records import turns_played
    from bot.store import EventRow

    def ev(seq: int, kind: str, player: int | None) -> EventRow:
        return EventRow(seq, kind, player, {}, 0.0)

    log = [
        ev(1, "input", 0), ev(2, "move", 0), ev(3, "input", 0),  # seat 0's first turn: the person
        ev(4, "turn", 1), ev(5, "input", 1),
        ev(6, "turn", 0), ev(7, "input", 0), ev(8, "svc.to_computer", 0), ev(9, "input", 0),  # the person chose
        ev(10, "turn", 1), ev(11, "input", 1),
        ev(12, "turn", 0), ev(13, "input", 0),  # the computer
        ev(14, "turn", 1), ev(15, "input", 1),
        ev(16, "turn", 0), ev(17, "forfeit", 0),  # skipped: nobody's
        ev(18, "turn", 1), ev(19, "svc.to_person", 0), ev(20, "input", 1), ev(21, "input", 0),  # off-turn: not a turn
    ]
    assert turns_played(log, 0) == (2, 1)
    assert turns_played(log, 1) == (4, 0)
