"""Lifecycle: a lobby that never starts closes after 7 days and a game without a move for 30 days
is closed, each with a notice, and the channel is free again; `/istanbul stats` counts a user's
finished games, wins and mean rubies per server."""

from __future__ import annotations

from bot import engine
from bot.service import GameService
from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env
from tests.discord_ui.dayskit import (
    DAY,
    HOUR,
    channel_since,
    click,
    command,
    finish_turn,
    newest_id,
    started,
    table_in,
)
from tests.discord_ui.world import Channel, User


async def sweep_after(env: Env, seconds: float) -> None:
    """Time passes; the bot's hourly sweep gets its chance (it runs at most once an hour)."""
    env.clock.advance(seconds)
    await env.fake.bot.scheduler.maybe_sweep()
    await env.fake.settle()


async def test_a_lobby_that_never_starts_closes_after_seven_days_and_frees_the_channel(env: Env) -> None:
    table = env.table
    lobby = await table.open(seats=3)
    assert "The lobby closes after 7 days." in lobby.embed_text  # what the lobby promises is what happens
    old = table.game_id
    mark = newest_id(env)
    await sweep_after(env, 7 * DAY - 1)
    assert (await table.game()).row.status == "lobby"
    await sweep_after(env, 1)  # due now, but the sweep ran a second ago: the next one closes it
    assert (await table.game()).row.status == "lobby"
    await sweep_after(env, HOUR)
    assert (await env.service.load(old)).row.status == "abandoned"
    notices = [m.content for m in channel_since(env, mark)]
    assert notices == [
        f"The table of game #{old} never started within 7 days, so it is closed. The channel is free for a new game."
    ]
    closed = env.fake.message(lobby.id)
    assert closed.components == [] and "This table was closed." in closed.embed_text
    assert await env.service.timers(old) == []
    fresh = await command(env, env.srv.bob, "new", {"seats": 2})
    assert "is open" in fresh.content
    assert env.table.lobby().id != lobby.id and env.table.game_id != old


async def test_a_game_without_a_move_for_thirty_days_is_closed_with_a_notice(env: Env) -> None:
    table = await started(env, reminder_hours=24, timeout_hours=72)
    user, _ = await table.decider()
    await sweep_after(env, 20 * DAY)
    await finish_turn(table)  # a move on day 20: the thirty days start again
    turn = table.turn_message()
    await sweep_after(env, 29 * DAY)
    assert (await table.game()).row.status == "active"
    mark = newest_id(env)
    await sweep_after(env, DAY)
    game = await table.game()
    assert game.row.status == "abandoned"
    assert [m.content for m in channel_since(env, mark)] == [
        f"Game #{game.id} had no move for 30 days, so it is closed without a result. The channel is free for a new game."
    ]
    retired = env.fake.message(turn.id)
    assert retired.components == [] and "Turn over." in retired.embed_text and retired.files
    assert await env.service.timers(game.id) == []
    over = await click(env, turn, turn.button("Undo").custom_id or "", user, forge=True)  # seen before the edit
    assert over.content == "This game is over."
    fresh = await command(env, user, "new", {"seats": 2})
    assert "is open" in fresh.content


async def finished_game(
    svc: GameService, channel: Channel, people: list[User], rubies: list[int], *, computer: tuple[int, ...] = (),
    expansions: list[str] | None = None,
) -> int:
    """A game in `channel` between `people` (seated in that order) that ends with these rubies:
    the end is triggered from the start and every turn of the round is skipped, but those of the
    seats in `computer`, which are handed to the computer player and played by it."""
    first = people[0]
    game = await svc.create_lobby(
        creator=str(first.id), creator_name=first.display_name or first.name,
        options={"seats": len(people), "expansions": expansions or []},
        origin="discord", guild_id=channel.guild.id if channel.guild else None, channel_id=channel.id,
    )
    for p in people[1:]:
        await svc.join(game.id, str(p.id), p.display_name or p.name)
    game = await svc.start(game.id, str(first.id), seed=11, shuffle=False)

    def at_the_end(state: engine.GameState) -> None:
        for player, count in zip(state.players, rubies, strict=True):
            player.rubies = count
            state.board.ruby_supply -= count
        state.end_triggered = True

    await botkit.set_position(svc, game.id, at_the_end)
    for seat in computer:
        await svc.set_computer(game.id, seat, True)
    while not (game := await svc.load(game.id)).state.finished:
        async for _ in svc.computer_turns(game.id, seed=1):
            pass
        if not (game := await svc.load(game.id)).state.finished:
            await svc.skip_turn(game.id, None, force=True)
    assert game.row.status == "finished"
    return game.id


async def test_stats_count_finished_games_wins_and_mean_rubies_per_server(env: Env) -> None:
    srv, svc = env.srv, env.service
    souk = env.fake.guild("Souk", srv.bob, [srv.alice])
    souk_channel = env.fake.text_channel(souk, "games")
    nobody = await command(env, srv.alice, "stats")
    assert nobody.content == "You have not finished a game yet."
    await finished_game(svc, srv.channel, [srv.alice, srv.bob], [5, 2])
    await finished_game(svc, srv.channel, [srv.bob, srv.alice, srv.carol], [4, 3, 1])
    await finished_game(svc, souk_channel, [srv.alice, srv.bob], [1, 4])
    abandoned = await svc.create_lobby(
        creator=str(srv.alice.id), creator_name="Alice", options={"seats": 2}, origin="discord",
        guild_id=srv.guild.id, channel_id=srv.channel.id,
    )
    await svc.abandon(abandoned.id, str(srv.alice.id))
    await env.restart()  # the new bot sees both servers
    alice = await command(env, srv.alice, "stats")
    assert alice.embeds[0]["title"] == "Your Istanbul statistics"
    assert alice.embed_text.splitlines()[1:] == [
        "**Bazaar** · Base game: 2 finished, 1 won, 4.0 rubies on average",
        "**Souk** · Base game: 1 finished, 0 won, 1.0 rubies on average",
    ]
    carol = await command(env, srv.carol, "stats")
    assert carol.embed_text.splitlines()[1:] == ["**Bazaar** · Base game: 1 finished, 0 won, 1.0 rubies on average"]


async def test_a_win_the_computer_played_is_listed_as_won_with_its_help(env: Env) -> None:
    srv, svc = env.srv, env.service
    await finished_game(svc, srv.channel, [srv.alice, srv.bob], [5, 2], computer=(0,))
    await finished_game(svc, srv.channel, [srv.alice, srv.bob], [6, 1])
    alice = await command(env, srv.alice, "stats")
    assert alice.embed_text.splitlines()[1:] == [
        "**Bazaar** · Base game: 2 finished, 1 won, 1 won with the computer's help, 5.5 rubies on average",
    ]
    records = await svc.records(str(srv.alice.id))
    assert [(r.won, r.own_win, r.own_turns, r.computer_turns) for r in records] == [  # the newest first
        (True, True, 0, 0), (True, False, 0, 1),
    ][::-1]


async def test_a_channel_the_bot_cannot_see_does_not_stop_the_sweep_of_other_games(env: Env) -> None:
    srv = env.srv
    hidden = await started(env)
    other = table_in(env, "istanbul-2")
    other_channel = other.srv.channel
    await other.open(seats=2)
    await other.start()
    env.fake.revoke(srv.channel, "view_channel")
    await sweep_after(env, 31 * DAY)
    for table in (hidden, other):
        assert (await table.game()).row.status == "abandoned"
    closing = [m.content for m in env.fake.messages_in(other_channel) if "had no move for 30 days" in m.content]
    assert len(closing) == 1
    # the creator is not asked to fix a channel for a game that is over
    assert not [m for m in env.fake.dms(srv.alice) if "I cannot post in" in m.content]
    assert await env.service.timers(hidden.game_id) == []
