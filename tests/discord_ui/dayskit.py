"""Helpers for the days-long play tests (`test_days_*.py`): a started table, time passing with the
bot's timers run, slash commands and their private answers, and the messages players saw."""

from __future__ import annotations

from typing import Any

from bot import engine
from tests.discord_ui.botkit import Env, Table
from tests.discord_ui.messages import Msg
from tests.discord_ui.world import Guild, User

HOUR = 3600.0
DAY = 24 * HOUR
WAITING = "is waiting for your move"


async def started(env: Env, seats: int = 3, computers: int = 0, **options: Any) -> Table:
    """A table opened by Alice (Bob and Carol join as seats allow) and started."""
    table = env.table
    await table.open(seats=seats, computers=computers, **options)
    await table.start()
    return table


async def later(env: Env, seconds: float) -> int:
    """Let `seconds` pass on the service's clock and run the timers that fell due (as the bot's
    timer loop would); returns how many were handled."""
    env.clock.advance(seconds)
    handled = await env.fake.bot.scheduler.run_due()
    await env.fake.settle()
    return int(handled)


async def command(env: Env, user: User, name: str, options: dict[str, Any] | None = None) -> Msg:
    """`/istanbul <name>` in the game's channel; returns the private answer."""
    sent = env.fake.slash(user, env.srv.channel, f"istanbul {name}", options or {})
    await env.fake.settle()
    assert sent.acked_first
    reply = sent.replies[-1]
    assert reply.ephemeral, reply.content
    return reply


async def click(env: Env, msg: Msg, custom_id: str, user: User, *, forge: bool = False) -> Msg:
    """A click on `msg`; returns the private answer."""
    sent = env.fake.click(msg, custom_id, user, forge=forge)
    await env.fake.settle()
    assert sent.acked_first
    reply = sent.replies[-1]
    assert reply.ephemeral, reply.content
    return reply


def channel_since(env: Env, mark: int) -> list[Msg]:
    """Channel messages posted after message id `mark` (0: all)."""
    return [m for m in env.fake.messages_in(env.srv.channel) if m.id > mark]


def newest_id(env: Env) -> int:
    msgs = env.fake.messages_in(env.srv.channel)
    return msgs[-1].id if msgs else 0


def reminders(msgs: list[Msg]) -> list[Msg]:
    return [m for m in msgs if WAITING in m.content]


def idle_notices(msgs: list[Msg]) -> list[Msg]:
    """The public notices that a person's time is up (with Skip turn / Hand seat to computer)."""
    return [m for m in msgs if "Any other player may now" in m.content]


def computer_turns(msgs: list[Msg]) -> list[Msg]:
    return [m for m in msgs if "A computer player took this turn" in m.embed_text]


def turn_messages(msgs: list[Msg]) -> list[Msg]:
    """Messages that offer a decision's options."""
    return [m for m in msgs if any(cid.startswith(("ist:o:", "ist:s:")) for cid in m.custom_ids)]


def table_in(env: Env, channel_name: str, guild: Guild | None = None) -> Table:
    """A table in a new channel (of the basic server, or of `guild`), played by the same people."""
    where = guild or env.srv.guild
    channel = env.fake.text_channel(where, channel_name)
    return Table(env.fake, env.srv._replace(guild=where, channel=channel), env.service)


def others(env: Env, user: User) -> list[User]:
    return [u for u in env.srv.users if u is not user]


async def finish_turn(table: Table) -> None:
    """The deciding person takes default choices until their turn is over."""
    game = await table.game()
    assert game.state is not None
    turns = game.state.turns
    while True:
        game = await table.game()
        if game.row.status != "active" or game.state.turns != turns:
            return
        decision = engine.pending(game.state)
        assert decision is not None
        await table.choose(decision.default)
