"""Lobbies through the service: create, one active game per Discord channel, join, leave, options,
the start (seat order, colours, computer seats, seeds) and abandoning."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import pytest

from bot import engine
from bot.engine.components import COLOURS
from bot.service import GameService, errors
from bot.store import games as sql
from tests.service.helpers import fingerprint


async def discord_lobby(svc: GameService, channel: int = 10, **options: object) -> int:
    game = await svc.create_lobby(
        creator="u1", creator_name="Ann", channel_id=channel, guild_id=1, options=dict(options)
    )
    return game.id


async def test_a_new_lobby_has_its_creator_seated(svc: GameService) -> None:
    """A new Discord lobby is open, belongs to its channel and seats its creator."""
    game = await svc.create_lobby(
        creator="u1", creator_name="Ann", channel_id=10, guild_id=1, options={"seats": 3}, colour="blue"
    )
    assert game.row.status == "lobby" and game.row.channel_id == 10 and game.row.origin == "discord"
    assert game.state is None
    assert [(s.seat, s.user_id, s.name, s.colour, s.kind) for s in game.seats] == [
        (0, "u1", "Ann", "blue", "discord_user")
    ]
    assert game.options.seats == 3


async def test_a_discord_game_needs_a_channel(svc: GameService) -> None:
    """Without a channel a Discord lobby is refused and nothing is stored."""
    before = await fingerprint(svc)
    with pytest.raises(errors.BadOptions, match="channel"):
        await svc.create_lobby(creator="u1", creator_name="Ann", guild_id=1)
    assert await fingerprint(svc) == before


async def test_one_lobby_or_game_per_channel(svc: GameService) -> None:
    """A second lobby in a busy channel is refused, naming the lobby and then the running game."""
    first = await discord_lobby(svc)
    await svc.join(first, "u2", "Bob")
    before = await fingerprint(svc)
    with pytest.raises(errors.ChannelBusy, match=f"a lobby \\(#{first}\\)") as lobby_busy:
        await svc.create_lobby(creator="u3", creator_name="Cem", channel_id=10, guild_id=1)
    assert lobby_busy.value.game_id == first
    assert await fingerprint(svc) == before
    await svc.start(first, "u1", seed=1)
    with pytest.raises(errors.ChannelBusy, match=f"a game \\(#{first}\\)"):
        await svc.create_lobby(creator="u3", creator_name="Cem", channel_id=10, guild_id=1)
    other = await discord_lobby(svc, channel=11)  # another channel is free
    assert other != first


async def test_the_unique_index_holds_without_the_check(svc: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """Even when the friendly check misses the running lobby, the database's unique index refuses
    the second one, and the player is still told which game holds the channel."""
    first = await discord_lobby(svc)
    lookup = sql.active_game_in_channel
    calls: list[int] = []

    async def missing_once(conn: Any, channel_id: int) -> Any:
        calls.append(channel_id)
        return None if len(calls) == 1 else await lookup(conn, channel_id)

    monkeypatch.setattr(sql, "active_game_in_channel", missing_once)
    before = await fingerprint(svc)
    with pytest.raises(errors.ChannelBusy, match=f"a lobby \\(#{first}\\)"):
        await svc.create_lobby(creator="u2", creator_name="Bob", channel_id=10, guild_id=1)
    assert await fingerprint(svc) == before and len(calls) == 2


async def test_the_channel_is_free_again_after_abandon(svc: GameService) -> None:
    """Once the running game in a channel is abandoned, a new lobby can open there."""
    first = await discord_lobby(svc, seats=2, computers=1)
    await svc.start(first, "u1", seed=1)
    await svc.abandon(first, "u1")
    assert await svc.game_in_channel(10) is None
    second = await discord_lobby(svc)
    assert second != first
    found = await svc.game_in_channel(10)
    assert found is not None and found.id == second


async def test_the_channel_is_free_again_when_the_creator_leaves(svc: GameService) -> None:
    """The creator leaving closes the lobby and frees the channel."""
    first = await discord_lobby(svc)
    closed = await svc.leave(first, "u1")
    assert closed.row.status == "abandoned"
    assert (await discord_lobby(svc)) != first


async def test_local_games_are_not_limited(svc: GameService) -> None:
    """Local games need no channel and any number may run side by side."""
    ids = set()
    for name in ("Ann", "Bob", "Cem"):
        game = await svc.create_lobby(creator=f"local:{name}", creator_name=name, origin="local")
        assert game.row.origin == "local" and game.seats[0].kind == "local_human"
        ids.add(game.id)
    assert len(ids) == 3
    await discord_lobby(svc)  # a Discord lobby does not collide with them either
    with pytest.raises(errors.BadOptions, match="origin"):
        await svc.create_lobby(creator="x", creator_name="X", origin="irc")


async def test_join_fills_the_human_seats(svc: GameService) -> None:
    """People join in order until the seats left for people are taken; then the lobby is full."""
    game_id = await discord_lobby(svc, seats=3, computers=1)
    game = await svc.join(game_id, "u2", "Bob", colour="red")
    assert [(s.seat, s.name, s.colour) for s in game.seats] == [(0, "Ann", None), (1, "Bob", "red")]
    before = await fingerprint(svc)
    with pytest.raises(errors.LobbyFull):
        await svc.join(game_id, "u3", "Cem")
    assert await fingerprint(svc) == before


async def test_join_refuses_a_second_seat_and_a_taken_colour(svc: GameService) -> None:
    """Joining twice, or asking for a colour someone has, is refused and changes nothing."""
    game_id = await discord_lobby(svc, seats=4)
    await svc.join(game_id, "u2", "Bob", colour="green")
    before = await fingerprint(svc)
    with pytest.raises(errors.AlreadyJoined):
        await svc.join(game_id, "u1", "Ann")
    with pytest.raises(errors.AlreadyJoined):
        await svc.join(game_id, "u2", "Bob")
    with pytest.raises(errors.NotAllowed, match="Green is already taken"):
        await svc.join(game_id, "u3", "Cem", colour="green")
    with pytest.raises(errors.BadOptions, match="purple"):
        await svc.join(game_id, "u3", "Cem", colour="purple")
    with pytest.raises(errors.UnknownGame, match="#999"):
        await svc.join(999, "u3", "Cem")
    assert await fingerprint(svc) == before


async def test_a_seated_player_picks_a_free_colour_in_the_lobby(svc: GameService) -> None:
    """In the lobby a seated player picks a colour nobody has, or none (drawn at the start);
    a taken or unknown colour, a stranger and a started game are refused and change nothing."""
    game_id = await discord_lobby(svc, seats=4)
    await svc.join(game_id, "u2", "Bob", colour="green")
    game = await svc.choose_colour(game_id, "u1", "white")
    assert {s.name: s.colour for s in game.seats} == {"Ann": "white", "Bob": "green"}
    game = await svc.choose_colour(game_id, "u2", "green")  # keeping one's own colour is fine
    assert {s.name: s.colour for s in game.seats} == {"Ann": "white", "Bob": "green"}
    before = await fingerprint(svc)
    with pytest.raises(errors.NotAllowed, match="^Green is already taken.$"):
        await svc.choose_colour(game_id, "u1", "green")
    with pytest.raises(errors.BadOptions, match="purple"):
        await svc.choose_colour(game_id, "u1", "purple")
    with pytest.raises(errors.NotSeated):
        await svc.choose_colour(game_id, "u3", "red")
    assert await fingerprint(svc) == before
    game = await svc.choose_colour(game_id, "u1", None)
    assert {s.name: s.colour for s in game.seats} == {"Ann": None, "Bob": "green"}
    await svc.start(game_id, "u1", seed=3)
    with pytest.raises(errors.NotInLobby):
        await svc.choose_colour(game_id, "u1", "white")


async def test_join_after_the_start_is_refused(svc: GameService) -> None:
    """Nobody can join a running or abandoned game."""
    game_id = await discord_lobby(svc, seats=3, computers=1)
    await svc.start(game_id, "u1", seed=3)
    with pytest.raises(errors.NotInLobby):
        await svc.join(game_id, "u2", "Bob")
    await svc.abandon(game_id, "u1")
    with pytest.raises(errors.GameIsOver):
        await svc.join(game_id, "u2", "Bob")


async def test_a_player_leaves_and_the_seat_opens(svc: GameService) -> None:
    """A player who leaves frees their seat; the others keep their order; strangers cannot leave."""
    game_id = await discord_lobby(svc, seats=3)
    await svc.join(game_id, "u2", "Bob")
    await svc.join(game_id, "u3", "Cem")
    game = await svc.leave(game_id, "u2")
    assert game.row.status == "lobby"
    assert [(s.seat, s.name) for s in game.seats] == [(0, "Ann"), (1, "Cem")]
    game = await svc.join(game_id, "u4", "Dan")  # the freed seat can be taken
    assert [s.name for s in game.seats] == ["Ann", "Cem", "Dan"]
    before = await fingerprint(svc)
    with pytest.raises(errors.NotSeated):
        await svc.leave(game_id, "u2")
    assert await fingerprint(svc) == before


async def test_leaving_a_started_game_is_refused(svc: GameService) -> None:
    """After the start, leaving is not how a seat is given up."""
    game_id = await discord_lobby(svc, seats=2, computers=1)
    await svc.start(game_id, "u1", seed=2)
    with pytest.raises(errors.NotInLobby):
        await svc.leave(game_id, "u1")


async def test_the_creator_changes_the_options(svc: GameService) -> None:
    """The creator's new settings are stored and keep the ones not mentioned."""
    game_id = await discord_lobby(svc, seats=4, layout="in_order")
    game = await svc.set_options(game_id, "u1", computers=2, timeout_hours=12)
    opts = game.options
    assert (opts.seats, opts.computers, opts.timeout_hours, opts.layout) == (4, 2, 12, "in_order")
    assert (await svc.load(game_id)).options == opts


async def test_only_the_creator_changes_the_options(svc: GameService) -> None:
    """Someone else's change is refused and stores nothing."""
    game_id = await discord_lobby(svc)
    await svc.join(game_id, "u2", "Bob")
    before = await fingerprint(svc)
    with pytest.raises(errors.NotAllowed, match="creator"):
        await svc.set_options(game_id, "u2", computers=1)
    assert await fingerprint(svc) == before


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"seats": 7}, "seats"),
        ({"seats": 1}, "seats"),
        ({"computers": 4}, "person"),  # four computers at a table of four
        ({"layout": "zigzag"}, "layout"),
        ({"layout": "first"}, "not on the first-game layout"),  # an expansion's layout
        ({"speed": "fast"}, "speed"),
        ({"timeout_hours": 0}, "idle turn may be skipped must be at least 1 hour"),
        ({"neutral_assistants": True, "seats": 5}, "2-4 players"),
        ({"rules": {"move_card_semantics": "fly"}}, "'Move 3 or 4' card cannot be 'fly'"),
        ({"seats": 2}, "3 people have joined"),
    ],
)
async def test_invalid_options_are_refused(svc: GameService, changes: dict[str, object], message: str) -> None:
    """Invalid settings give BadOptions naming the problem and leave the lobby as it was."""
    game_id = await discord_lobby(svc, seats=4)
    await svc.join(game_id, "u2", "Bob")
    await svc.join(game_id, "u3", "Cem")
    before = await fingerprint(svc)
    with pytest.raises(errors.BadOptions, match=message) as refused:
        await svc.set_options(game_id, "u1", **changes)
    assert await fingerprint(svc) == before
    text = str(refused.value)  # a plain sentence, never pydantic's wording
    assert not text[0].islower() and text.endswith(".") and "\n" not in text
    assert "Value error" not in text and "Input should" not in text and not text.startswith("options")


async def test_invalid_options_at_creation_are_refused(svc: GameService) -> None:
    """A lobby cannot be opened with settings that do not validate."""
    with pytest.raises(errors.BadOptions, match="seats"):
        await discord_lobby(svc, seats=9)
    assert await svc.game_in_channel(10) is None


async def test_options_are_fixed_after_the_start(svc: GameService) -> None:
    """Once the game has started its settings cannot change."""
    game_id = await discord_lobby(svc, seats=2, computers=1)
    await svc.start(game_id, "u1", seed=2)
    before = await fingerprint(svc)
    with pytest.raises(errors.NotInLobby):
        await svc.set_options(game_id, "u1", layout="long")
    assert await fingerprint(svc) == before


async def test_only_the_creator_starts(svc: GameService) -> None:
    """Someone else cannot start the game, and one person alone cannot either."""
    game_id = await discord_lobby(svc, seats=3)
    before = await fingerprint(svc)
    with pytest.raises(errors.NotAllowed, match="at least two"):
        await svc.start(game_id, "u1")
    assert await fingerprint(svc) == before
    await svc.join(game_id, "u2", "Bob")
    before = await fingerprint(svc)
    with pytest.raises(errors.NotAllowed, match="creator"):
        await svc.start(game_id, "u2")
    assert await fingerprint(svc) == before
    game = await svc.start(game_id, "u1")
    assert game.row.status == "active" and game.state is not None
    with pytest.raises(errors.NotInLobby):
        await svc.start(game_id, "u1")


async def test_the_start_adds_computer_seats_and_deals(svc: GameService) -> None:
    """Computer seats join the table; every seat gets a distinct colour the engine uses too."""
    game_id = await discord_lobby(svc, seats=5, computers=3)
    await svc.join(game_id, "u2", "Bob")
    game = await svc.start(game_id, "u1")
    assert game.state is not None
    assert len(game.seats) == len(game.state.players) == 5
    ai = [s for s in game.seats if s.kind == "ai"]
    assert len(ai) == 3 and all(s.user_id is None and s.name.startswith("Computer") for s in ai)
    assert len({s.name for s in ai}) == 3
    assert sorted(s.name for s in game.seats if s.kind == "discord_user") == ["Ann", "Bob"]
    assert [s.seat for s in game.seats] == list(range(5))
    colours = [s.colour for s in game.seats]
    assert len(set(colours)) == 5 and set(colours) <= set(COLOURS)
    assert [p.colour for p in game.state.players] == colours
    assert engine.pending(game.state) is not None and game.row.decision_id == game.state.decision_id


async def test_chosen_colours_are_kept(svc: GameService) -> None:
    """Colours chosen in the lobby are kept; the others are drawn from the rest, all distinct."""
    for _ in range(5):
        game = await svc.create_lobby(
            creator="a", creator_name="Ann", origin="local", colour="white", options={"seats": 4, "computers": 2}
        )
        await svc.join(game.id, "b", "Bob", colour="green")
        game = await svc.start(game.id, "a")
        by_name = {s.name: s.colour for s in game.seats}
        assert by_name["Ann"] == "white" and by_name["Bob"] == "green"
        rest = [c for n, c in by_name.items() if n not in ("Ann", "Bob")]
        assert len(set(rest)) == 2 and not set(rest) & {"white", "green"} and set(rest) <= set(COLOURS)


async def test_the_seat_order_is_random(svc: GameService) -> None:
    """The start shuffles the seats: the creator does not always go first."""
    orders = set()
    for _ in range(12):
        game = await svc.create_lobby(creator="a", creator_name="Ann", origin="local", options={"seats": 4})
        for user, name in (("b", "Bob"), ("c", "Cem"), ("d", "Dan")):
            await svc.join(game.id, user, name)
        game = await svc.start(game.id, "a")
        names = tuple(s.name for s in game.seats)
        assert sorted(names) == ["Ann", "Bob", "Cem", "Dan"]
        orders.add(names)
    assert len(orders) > 1  # twelve equal shuffles of four would happen once in 24**11
    assert any(order[0] != "Ann" for order in orders)


async def test_the_seed_comes_from_secrets(svc: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a given seed the deal's seed comes from the secrets module."""
    asked: list[int] = []

    def randbits(k: int) -> int:
        asked.append(k)
        return 987654321

    monkeypatch.setattr(secrets, "randbits", randbits)
    game = await svc.create_lobby(creator="a", creator_name="Ann", origin="local", options={"seats": 2, "computers": 1})
    game = await svc.start(game.id, "a", shuffle=False)
    assert asked and asked[0] >= 32
    assert game.row.seed == 987654321
    assert game.state is not None and game.state.rng_seed == 987654321


async def test_seeds_differ_between_games(svc: GameService) -> None:
    """Two games started without a seed get different ones."""
    seeds = set()
    for _ in range(2):
        game = await svc.create_lobby(creator="a", creator_name="Ann", origin="local", options={"seats": 2, "computers": 1})
        seeds.add((await svc.start(game.id, "a")).row.seed)
    assert len(seeds) == 2


async def test_a_given_seed_gives_the_same_deal(svc: GameService) -> None:
    """Two tables started with the same seed get the same board, demand tiles and hands."""
    deals = []
    for _ in range(2):
        game = await svc.create_lobby(creator="a", creator_name="Ann", origin="local", options={"seats": 3})
        await svc.join(game.id, "b", "Bob")
        await svc.join(game.id, "c", "Cem")
        game = await svc.start(game.id, "a", seed=4242)
        assert game.state is not None and game.row.seed == 4242
        s = game.state
        deals.append((s.layout, s.board, s.draw_pile, [p.cards for p in s.players], [p.lira for p in s.players]))
    assert deals[0] == deals[1]


async def test_a_given_seed_and_order_give_the_same_game(svc: GameService) -> None:
    """With the same seed, order and colours, two starts give equal game states."""
    states = []
    for _ in range(2):
        game = await svc.create_lobby(creator="a", creator_name="Ann", origin="local", colour="red")
        await svc.join(game.id, "b", "Bob", colour="blue")
        game = await svc.start(game.id, "a", seed=99, shuffle=False)
        states.append(game.state)
    assert states[0] == states[1]


async def test_abandon_by_the_creator_or_an_admin(svc: GameService) -> None:
    """Only the creator or a channel admin can abandon; afterwards the game takes no choices."""
    game_id = await discord_lobby(svc, seats=3, computers=1)
    await svc.join(game_id, "u2", "Bob")
    game = await svc.start(game_id, "u1", seed=8)
    await svc.set_timer(game_id, "reminder", game.row.updated_at + 10)
    before = await fingerprint(svc)
    with pytest.raises(errors.NotAllowed, match="creator or a channel admin"):
        await svc.abandon(game_id, "u2")
    assert await fingerprint(svc) == before
    game = await svc.abandon(game_id, "u2", admin=True)
    assert game.row.status == "abandoned"
    async with svc.db.read() as conn:
        timers = await conn.execute_fetchall("SELECT * FROM timers WHERE game_id = ?", (game_id,))
    assert list(timers) == []
    with pytest.raises(errors.GameIsOver):
        await svc.abandon(game_id, "u1")


async def test_the_creator_abandons_a_lobby(svc: GameService) -> None:
    """The creator can abandon their lobby before the start."""
    game_id = await discord_lobby(svc)
    game = await svc.abandon(game_id, "u1")
    assert game.row.status == "abandoned"
    assert [g.id for g in await svc.user_games("u1")] == []


async def test_service_from_settings_uses_the_configured_database_and_grace(tmp_path: Path) -> None:
    """The bot opens its service from the settings: DB_PATH and TURN_GRACE_SECONDS."""
    from bot.service import GameService
    from bot.settings import Settings

    settings = Settings(DB_PATH=tmp_path / "sub" / "g.db", TURN_GRACE_SECONDS=7)
    svc = await GameService.from_settings(settings)
    try:
        assert svc.grace_seconds == 7
        assert (tmp_path / "sub" / "g.db").exists()
    finally:
        await svc.close()
