"""Before the first turn: lobbies, joining and leaving, options, the start; and abandoning."""

from __future__ import annotations

import secrets
from typing import Any

from .. import engine
from ..engine.components import COLOURS
from ..store import ChannelTaken, SeatRow
from ..store import games as sql
from ..store import timers as timer_sql
from .core import Game, ServiceCore
from .errors import (
    AlreadyJoined,
    BadOptions,
    ChannelBusy,
    DamagedGame,
    GameIsOver,
    LobbyFull,
    NotAllowed,
    NotInLobby,
    NotSeated,
    shown,
)
from .options import TableOptions, parse_options

COMPUTER_NAMES = ("Computer Ada", "Computer Bruno", "Computer Cem", "Computer Defne", "Computer Elif")


class LobbyMixin(ServiceCore):
    async def create_lobby(
        self, *, creator: str, creator_name: str, options: dict[str, Any] | TableOptions | None = None,
        origin: str = "discord", guild_id: int | None = None, channel_id: int | None = None,
        colour: str | None = None, kind: str | None = None,
    ) -> Game:
        """A new lobby with its creator seated (a watched local game seats nobody: its creator only
        starts it). A Discord channel holds one lobby or game at a time."""
        _check_person(creator, creator_name)
        opts = options if isinstance(options, TableOptions) else parse_options(options or {})
        if origin not in ("discord", "local"):
            raise BadOptions(f"Unknown origin '{shown(str(origin))}': a game is played on Discord ('discord') or at one keyboard ('local').")
        if opts.watched and origin != "local":
            raise BadOptions("Only a local game can be watched: a Discord table needs a seat for a person.")
        if origin == "discord" and channel_id is None:
            raise BadOptions("A Discord game needs a channel to be played in.")
        _check_colour(colour)
        now = self.clock()
        async with self.db.transaction() as conn:
            if origin == "discord" and channel_id is not None:
                busy = await sql.active_game_in_channel(conn, channel_id)
                if busy is not None:
                    raise ChannelBusy(busy.id, busy.status)
            try:
                game_id = await sql.insert_game(
                    conn, origin=origin, guild_id=guild_id, channel_id=channel_id, creator=creator,
                    options=opts.model_dump(mode="json"), now=now,
                )
            except ChannelTaken as exc:  # the unique index is the rule; the check above only words it
                busy = await sql.active_game_in_channel(conn, channel_id) if channel_id is not None else None
                raise ChannelBusy(busy.id if busy else 0, busy.status if busy else "lobby") from exc
            seat_kind = kind or ("discord_user" if origin == "discord" else "local_human")
            if not opts.watched:
                await sql.put_seats(conn, game_id, [SeatRow(game_id, 0, seat_kind, creator, creator_name, colour, False)])
            return await self._load(conn, game_id)

    async def join(self, game_id: int, user: str, name: str, colour: str | None = None) -> Game:
        _check_person(user, name)
        _check_colour(colour)
        async with self.locked(game_id) as game_id, self.db.transaction() as conn:
            game = await self._load(conn, game_id)
            _lobby(game)
            if game.seat_of(user) is not None:
                raise AlreadyJoined()
            if len(game.seats) >= game.options.human_seats:
                raise LobbyFull()
            if colour and any(s.colour == colour for s in game.seats):
                raise NotAllowed(f"{colour.capitalize()} is already taken.")
            kind = "discord_user" if game.row.origin == "discord" else "local_human"
            seats = [*game.seats, SeatRow(game_id, len(game.seats), kind, user, name, colour, False)]
            await sql.put_seats(conn, game_id, seats)
            return await self._load(conn, game_id)

    async def choose_colour(self, game_id: int, user: str, colour: str | None) -> Game:
        """A seated player picks a free colour in the lobby (None: drawn at the start)."""
        _check_colour(colour)
        async with self.locked(game_id) as game_id, self.db.transaction() as conn:
            game = await self._load(conn, game_id)
            _lobby(game)
            me = game.seat_of(user)
            if me is None:
                raise NotSeated()
            if colour and any(s.colour == colour and s.user_id != user for s in game.seats):
                raise NotAllowed(f"{colour.capitalize()} is already taken.")
            if me.colour == colour:
                return game  # nothing changes: nothing is written
            seats = [
                SeatRow(s.game_id, s.seat, s.kind, s.user_id, s.name, colour if s.user_id == user else s.colour, False)
                for s in game.seats
            ]
            await sql.put_seats(conn, game_id, seats)
            return await self._load(conn, game_id)

    async def leave(self, game_id: int, user: str) -> Game:
        """Leave a lobby; when its creator leaves, the lobby closes."""
        async with self.locked(game_id) as game_id, self.db.transaction() as conn:
            game = await self._load(conn, game_id)
            _lobby(game)
            seat = game.seat_of(user)
            if seat is None:
                raise NotSeated()
            if user == game.row.creator:
                await sql.set_status(conn, game_id, "abandoned", self.clock())
            else:
                rest = [s for s in game.seats if s.user_id != user]
                await sql.put_seats(
                    conn, game_id, [SeatRow(game_id, i, s.kind, s.user_id, s.name, s.colour, False) for i, s in enumerate(rest)]
                )
            return await self._load(conn, game_id)

    async def set_options(self, game_id: int, user: str, **changes: Any) -> Game:
        """The creator changes the table's options until the start."""
        async with self.locked(game_id) as game_id, self.db.transaction() as conn:
            game = await self._load(conn, game_id)
            _lobby(game)
            if user != game.row.creator:
                raise NotAllowed("Only the game's creator can change its settings.")
            merged = {**game.row.options, **changes}
            opts = parse_options(merged)
            if opts.watched != game.options.watched:
                raise BadOptions("whether a game is watched is chosen when its table is made")
            if len(game.seats) > opts.human_seats:
                raise BadOptions(f"{len(game.seats)} people have joined; keep at least that many seats for people.")
            await sql.set_options(conn, game_id, opts.model_dump(mode="json"), self.clock())
            return await self._load(conn, game_id)

    async def start(self, game_id: int, user: str, *, seed: int | None = None, shuffle: bool = True) -> Game:
        """Seat everyone in a random order, fill computer seats, give colours, deal the game."""
        async with self.locked(game_id) as game_id, self.db.transaction() as conn:
            game = await self._load(conn, game_id)
            _lobby(game)
            if user != game.row.creator:
                raise NotAllowed("Only the game's creator can start it.")
            opts = game.options
            unplayable = opts.unplayable()
            if unplayable:  # a table chosen while its game was playable
                raise BadOptions(unplayable)
            people = list(game.seats)
            computers = [
                SeatRow(game_id, 0, "ai", None, COMPUTER_NAMES[i], None, False) for i in range(opts.computers)
            ]
            table = people + computers
            if len(table) < 2:
                raise NotAllowed("A game needs at least two players: invite someone or add a computer seat.")
            rng = secrets.SystemRandom()
            if shuffle:
                rng.shuffle(table)
            free = [c for c in COLOURS if c not in {s.colour for s in table}]
            rng.shuffle(free)
            seated = []
            for i, s in enumerate(table):
                colour = s.colour or free.pop()
                seated.append(SeatRow(game_id, i, s.kind, s.user_id, s.name, colour, False))
            seed = seed if seed is not None else secrets.randbits(62)
            settings = opts.engine_settings(len(seated))
            state = engine.new_game(settings, [s.colour or "" for s in seated], seed)
            snapshot = engine.to_json(state)
            now = self.clock()
            await sql.put_seats(conn, game_id, seated)
            await sql.start_game(conn, game_id, seed, state.decision_id, now)
            await sql.save_snapshot(conn, game_id, 0, snapshot)
            self._cache[game_id] = (0, state)
            started = await self._load(conn, game_id)
            await self._turn_timers(conn, started, state, now)
            return started

    @staticmethod
    def check_abandon(game: Game, user: str, *, admin: bool) -> None:
        """The refusal `abandon` would give `user` now, if any: for a front end that asks for a
        confirmation first. `admin`: the user may manage the game's channel."""
        if game.row.status in ("finished", "abandoned"):
            raise GameIsOver()
        if user != game.row.creator and not admin:
            raise NotAllowed("Only the game's creator or a channel admin (Manage Channels) can abandon it.")

    async def abandon(self, game_id: int, user: str, *, admin: bool = False) -> Game:
        """End a lobby or a game without a result (its creator, or a channel admin); also a game
        whose stored state is damaged (it is not loaded for this)."""
        async with self.locked(game_id) as game_id, self.db.transaction() as conn:
            game = await self._load(conn, game_id, with_state=False)
            self.check_abandon(game, user, admin=admin)
            await sql.set_status(conn, game_id, "abandoned", self.clock())
            await timer_sql.clear_timers(conn, game_id)
            try:
                return await self._load(conn, game_id)
            except DamagedGame:
                return await self._load(conn, game_id, with_state=False)


def _lobby(game: Game) -> None:
    if game.row.status != "lobby":
        raise GameIsOver() if game.row.status in ("finished", "abandoned") else NotInLobby()


def _check_person(user: object, name: object) -> None:
    """A seat's person: an id and a name, both non-empty text (no id is a computer seat's mark)."""
    if not isinstance(user, str) or not user:
        raise NotSeated()
    if not isinstance(name, str) or not name.strip():
        raise BadOptions("A seat needs a name.")


def _check_colour(colour: str | None) -> None:
    if colour is not None and colour not in COLOURS:
        raise BadOptions(f"There is no colour '{shown(str(colour))}'; choose {', '.join(COLOURS[:-1])} or {COLOURS[-1]}.")
