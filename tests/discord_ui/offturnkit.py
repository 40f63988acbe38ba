"""Helpers for the decisions other seats make in the middle of someone's turn (the Auction
House's bids, the Kiosk's picks), shared by the Letters & Seals and the Great Bazaar tests: the
option codes a message offers, walking a merchant onto a place with the buttons, forged clicks
refused with nothing changed, and the mentions a run of messages makes."""

from __future__ import annotations

from bot import engine
from bot.engine.board import grid_of
from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env, Table
from tests.discord_ui.dayskit import click
from tests.discord_ui.messages import Msg
from tests.discord_ui.world import User
from tests.service.helpers import fingerprint


def options_of(msg: Msg) -> list[str]:
    return [c.rsplit(":", 1)[1] for c in msg.custom_ids if c.startswith("ist:o:")]


async def arrive_at(env: Env, table: Table, place: int, lira: dict[int, int] | None = None) -> tuple[User, int]:
    """The deciding person's merchant stands next to `place` (each seat's Lira set from `lira`),
    walks onto it with the buttons and handles the assistant there: its action is next. Returns
    the person and the seat."""
    user, decision = await table.decider()
    seat = decision.player

    def edit(state: engine.GameState) -> None:
        state.players[seat].merchant = grid_of(state).neighbours(place)[0]
        for s, amount in (lira or {}).items():
            state.players[s].lira = amount

    await botkit.set_position(env.service, table.game_id, edit)
    await env.fake.bot.istanbul.publisher.sync(table.game_id)
    await env.fake.settle()
    await table.choose(f"go.{place}")
    _, now = await table.decider()
    if now.kind == "assistant":
        await table.choose(now.options[0].code)
    _, now = await table.decider()
    assert now.kind == "action" and now.player == seat, now
    return user, seat


async def seat_user(table: Table, seat: int) -> User:
    return table.users[(await table.game()).seats[seat].user_id]


async def refused_without_change(env: Env, msg: Msg, custom_id: str, user: User) -> str:
    """A forged click on `msg`: its private answer, after checking that nothing changed."""
    before = await fingerprint(env.service)
    reply = await click(env, msg, custom_id, user, forge=True)
    assert await fingerprint(env.service) == before
    return reply.content



def mentions(msgs: list[Msg]) -> dict[int, int]:
    """How many of `msgs` mention each user id (the next turn's own message left out)."""
    counted: dict[int, int] = {}
    for msg in msgs:
        if "your turn" in msg.content:
            continue
        for user_id in msg.pings:
            counted[user_id] = counted.get(user_id, 0) + 1
    return counted
