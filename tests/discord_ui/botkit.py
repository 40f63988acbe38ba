"""Helpers for testing the real bot (`bot.discord_ui`) on the fake Discord: a service on a fresh
SQLite file with a hand-moved clock, a bot factory, a cheap stand-in renderer, and a `Table`
that drives a game the way players would (clicking what the messages offer)."""

from __future__ import annotations

import io
import os
import random
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from PIL import Image

from bot import engine
from bot.discord_ui.client import IstanbulBot
from bot.service import GameService, Policy, random_policy
from bot.settings import Settings
from tests.discord_ui.fakecord import Fakecord, Server
from tests.discord_ui.messages import Msg
from tests.discord_ui.world import User
from tests.service.helpers import FakeClock

OPTION_RE = re.compile(r"ist:o:(\d+):(\d+):(.+)")


def tiny_png(colour: tuple[int, int, int] = (40, 40, 40)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (8, 8), colour).save(out, format="PNG")
    return out.getvalue()


STAND_IN = tiny_png()


def cheap_images(monkeypatch: pytest.MonkeyPatch) -> None:
    """Swap the renderer for a stand-in (outside the privacy tests): same calls, tiny PNGs."""
    import bot.service.render as service_render
    from bot.service import Picture

    def pictures(view: object, labels: object, caption: str) -> tuple[Picture, Picture]:
        return Picture("board.png", STAND_IN, f"{caption} (board)"), Picture("players.png", STAND_IN, caption)

    monkeypatch.setattr(service_render, "render_turn", pictures)
    monkeypatch.setattr(service_render, "render_private", lambda view, seat, labels: STAND_IN)


def settings_for(tmp_path: Path, **extra: Any) -> Settings:
    return Settings.model_validate({"DISCORD_TOKEN": "fake-token", "DB_PATH": tmp_path / "bot.db", "BACKUP_HOURS": 0, **extra})


async def open_service(tmp_path: Path, clock: FakeClock, *, grace: float = 0.0, policy: Policy = random_policy) -> GameService:
    return await GameService.open(tmp_path / "bot.db", clock=clock, grace_seconds=grace, policy=policy)


def factory(tmp_path: Path, service: GameService) -> Callable[[], IstanbulBot]:
    """A bot factory on an existing service (the service outlives the bot, as across a restart
    the database does)."""
    settings = settings_for(tmp_path)
    return lambda: IstanbulBot(settings, service=service, run_timers=False, auto_sync=False)


@dataclass
class Table:
    """One game in one channel, driven through the fake like players would."""

    fake: Fakecord
    srv: Server
    service: GameService
    game_id: int = 0
    rng: random.Random = field(default_factory=lambda: random.Random(7))

    @property
    def users(self) -> dict[str, User]:
        return {str(u.id): u for u in self.srv.users}

    async def open(self, seats: int = 3, computers: int = 0, **options: Any) -> Msg:
        """`/istanbul new` by Alice, Bob and Carol join as needed; returns the lobby message."""
        self.fake.slash(self.srv.alice, self.srv.channel, "istanbul new", {"seats": seats, "computers": computers, **options})
        await self.fake.settle()
        lobby = self.lobby()
        people = seats - computers
        for user in self.srv.users[1:people]:
            self.fake.click(lobby, lobby.button("Join").custom_id or "", user)
            await self.fake.settle()
        return self.lobby()

    def lobby(self) -> Msg:
        for msg in reversed(self.fake.messages_in(self.srv.channel)):
            if any(c.custom_id and c.custom_id.startswith("ist:l:") for c in msg.components):
                m = re.match(r"ist:l:(\d+):", next(c.custom_id for c in msg.components if c.custom_id))
                assert m is not None
                self.game_id = int(m.group(1))
                return msg
        raise AssertionError("no lobby message in the channel")

    async def start(self) -> None:
        lobby = self.lobby()
        self.fake.click(lobby, lobby.button("Start").custom_id or "", self.srv.alice)
        await self.fake.settle()

    async def game(self) -> Any:
        return await self.service.load(self.game_id)

    def turn_message(self) -> Msg:
        """The newest channel message with option buttons or a select (the live turn message)."""
        for msg in reversed(self.fake.messages_in(self.srv.channel)):
            if any(c.custom_id and (c.custom_id.startswith(("ist:o:", "ist:s:")) or c.custom_id.endswith(":private"))
                   for c in msg.components):
                return msg
        recent = [(m.embed_text[-200:], m.custom_ids) for m in self.fake.messages_in(self.srv.channel)[-3:]]
        raise AssertionError(f"no turn message with options in the channel; the last messages: {recent}")

    async def decider(self) -> tuple[User, engine.Decision]:
        game = await self.game()
        decision = engine.pending(game.state)
        assert decision is not None
        seat = game.seats[decision.player]
        return self.users[seat.user_id], decision

    async def choose(self, code: str) -> None:
        """The deciding person picks `code` the way a player would: a public button or the
        select on the turn message, or "Choose privately…" then the private button."""
        user, decision = await self.decider()
        turn = self.turn_message()
        wanted = f"ist:o:{self.game_id}:{decision.decision_id}:{code}"
        if wanted in turn.custom_ids:
            self.fake.click(turn, wanted, user)
        elif turn.selects and code in turn.selects[0].values:
            self.fake.select(turn, turn.selects[0].custom_id, [code], user)
        else:
            private = next(b for b in turn.buttons if b.custom_id and b.custom_id.endswith(":private"))
            self.fake.click(turn, private.custom_id or "", user)
            await self.fake.settle()
            offer = self.fake.ephemerals(user)[-1]
            self.fake.click(offer, wanted, user)
        await self.fake.settle()

    async def play_out(self, pick: Callable[[engine.View, engine.Decision, random.Random], str], *, limit: int = 5000) -> int:
        """Players choose with `pick` until the game ends; returns the number of choices."""
        for n in range(limit):
            game = await self.game()
            if game.row.status != "active":
                return n
            user, decision = await self.decider()
            seat = game.seats[decision.player].seat
            await self.choose(pick(engine.view(game.state, seat), decision, self.rng))
        raise AssertionError(f"the game did not end within {limit} choices")


@dataclass
class Env:
    """A bot on the fake Discord with its service, clock and a channel table."""

    fake: Fakecord
    srv: Server
    service: GameService
    clock: FakeClock
    tmp_path: Path

    @property
    def table(self) -> Table:
        return Table(self.fake, self.srv, self.service)

    def factory(self) -> Callable[[], IstanbulBot]:
        return factory(self.tmp_path, self.service)

    async def restart(self) -> IstanbulBot:
        bot: IstanbulBot = await self.fake.restart(self.factory())
        return bot


async def start_env(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *, grace: float = 0.0,
    images: bool = False, policy: Policy = random_policy,
) -> Env:
    if not images:
        cheap_images(monkeypatch)
    fixed_randomness(monkeypatch, os.environ.get("PYTEST_CURRENT_TEST", "").split(" ")[0])
    clock = FakeClock()
    service = await open_service(tmp_path, clock, grace=grace, policy=policy)
    srv = fake.basic_server()
    env = Env(fake, srv, service, clock, tmp_path)
    await fake.start_bot(env.factory())
    return env


def fixed_randomness(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """Seat orders, colours, deals and computer moves follow from the test's name, so a test that
    fails on some deal fails on every run (each test still gets a deal of its own)."""
    from bot.service import lobby, play

    rng = random.Random(zlib.crc32(name.encode()))
    monkeypatch.setattr(lobby, "secrets", SimpleNamespace(SystemRandom=lambda: rng, randbits=rng.getrandbits))

    def seeded(seed: int | None = None) -> random.Random:
        return random.Random(rng.getrandbits(64) if seed is None else seed)

    monkeypatch.setattr(play, "random", SimpleNamespace(Random=seeded))


async def stop_env(env: Env) -> None:
    await env.fake.settle()
    for bot in env.fake.open_bots:
        await bot.close()
    await env.service.close()


async def set_position(service: GameService, game_id: int, edit: Callable[[engine.GameState], None]) -> None:
    """Set up a position in a stored game (as engine tests do on a fresh state): `edit` changes a
    copy of the current state, which is validated and stored as the game's snapshot."""
    from bot.store import games as sql

    game = await service.load(game_id)
    assert game.state is not None
    state = game.state.copy()
    edit(state)
    state = engine.validate(state)
    async with service.db.transaction() as conn:
        await sql.save_snapshot(conn, game_id, game.row.seq, engine.to_json(state))
    service._cache.pop(game_id, None)


def give_cards(seat: int, *cards: str) -> Callable[[engine.GameState], None]:
    """An edit for `set_position`: bonus cards into a hand. Games here are dealt from random
    seeds, so each card comes from the draw pile if a copy is there, else from the discard pile,
    else from another player's hand."""

    def edit(state: engine.GameState) -> None:
        for card in cards:
            if card in state.draw_pile:
                state.draw_pile = _without(state.draw_pile, card)
            elif card in state.discard:
                state.discard = _without(state.discard, card)
            else:
                holder = next(p for i, p in enumerate(state.players) if i != seat and card in p.cards)
                holder.cards = _without(holder.cards, card)
            state.players[seat].cards = tuple(sorted(state.players[seat].cards + (card,)))

    return edit


def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """`cards` with one copy of `card` taken out."""
    rest = list(cards)
    rest.remove(card)
    return tuple(rest)


async def replace_state(service: GameService, game_id: int, state: engine.GameState) -> None:
    """Store `state` as the game's current state (for re-deal tests: the log stays as it was)."""
    from bot.store import games as sql

    game = await service.load(game_id)
    async with service.db.transaction() as conn:
        await sql.save_snapshot(conn, game_id, game.row.seq, engine.to_json(engine.validate(state)))
    service._cache.pop(game_id, None)
