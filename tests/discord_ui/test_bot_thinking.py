"""While a computer seat decides, the channel says "‹Colour› (computer) is thinking…" (issue 20,
item 6), through the real discord.py code on the fake Discord. The line is a message of its own
that becomes the computer's turn message when the move is posted: the channel gains nothing, and
no "thinking" text is left behind (not after a restart in the middle, nor in an abandoned game)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.engine import Decision, View
from bot.service import MessageRow, random_policy
from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env
from tests.discord_ui.dayskit import finish_turn, started
from tests.discord_ui.fakecord import Fakecord
from tests.discord_ui.messages import Msg

THINKING = "(computer) is thinking…"
MOVE = "computer player took this turn"


class Watching:
    """The random computer player, noting what the channel shows each time it decides: the newest
    message's id and text, and the deciding seat."""

    def __init__(self) -> None:
        self.env: Env | None = None
        self.seen: list[tuple[int, int, str]] = []  # (seat, message id, its content)

    def __call__(self, v: View, d: Decision, rng: random.Random) -> str:
        assert self.env is not None
        newest = self.env.fake.last_message(self.env.srv.channel)
        self.seen.append((d.player, newest.id, newest.content or ""))
        return random_policy(v, d, rng)


async def _env(fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Env, Watching]:
    watching = Watching()
    env = await botkit.start_env(fake, tmp_path, monkeypatch, policy=watching)
    watching.env = env
    return env, watching


def _channel(env: Env) -> list[Msg]:
    return env.fake.messages_in(env.srv.channel)


async def test_the_channel_says_which_computer_is_thinking_until_its_move_replaces_it(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    env, watching = await _env(fake, tmp_path, monkeypatch)
    try:
        table = await started(env, seats=3, computers=2)
        await env.fake.bot.scheduler.run_due()
        await env.fake.settle()
        await finish_turn(table)  # then both computers play, one message each
        await env.fake.bot.scheduler.run_due()
        await env.fake.settle()
        game = await table.game()
        colours = {s.seat: (s.colour or "").capitalize() for s in game.seats if s.kind == "ai"}
        assert {seat for seat, _, _ in watching.seen} == set(colours)  # both computers decided
        turns: dict[int, int] = {}
        for seat, message_id, content in watching.seen:
            # every time a computer decided, the newest message said so, naming that seat's colour
            assert content == f"{colours[seat]} {THINKING}", (seat, content)
            assert turns.setdefault(message_id, seat) == seat  # one message per computer turn
        for message_id, seat in turns.items():
            move = env.fake.message(message_id)  # the same message now shows the move
            assert MOVE in move.embed_text and f"({colours[seat]}) played" in move.embed_text
            assert not move.content and not move.pings
        shown = _channel(env)
        assert not any(THINKING in (m.content or "") for m in shown)  # edited away
        moves = [m.id for m in shown if MOVE in m.embed_text]
        assert set(turns) <= set(moves)
        posted = [r for r in env.fake.requests_to("POST", "/channels/{channel_id}/messages") if THINKING in str(r.json)]
        assert len(posted) == len(turns)  # each said once, never a second message per turn
        person = table.turn_message()
        assert person.id > max(turns)  # then the person's turn message, after the computers'
    finally:
        await botkit.stop_env(env)


async def test_a_thinking_message_left_by_a_restart_becomes_the_move_and_a_stale_one_goes(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bot stopped after saying a computer was thinking (the message is stored): the next
    computer turn of that seat is edited into that message, with no second "thinking" message.
    A stored one of a seat that does not decide next is deleted when the next computer thinks."""
    env, watching = await _env(fake, tmp_path, monkeypatch)
    try:
        table = await started(env, seats=3, computers=2)
        await env.fake.bot.scheduler.run_due()
        await env.fake.settle()
        game = await table.game()
        user, decision = await table.decider()
        person = decision.player
        following = (person + 1) % 3
        assert game.seats[following].kind == "ai"
        colour = (game.seats[following].colour or "").capitalize()
        channel = env.fake.bot.istanbul.publisher.channel(env.srv.channel.id)
        left = await channel.send(content=f"{colour} {THINKING}")
        await env.service.put_message(MessageRow(
            table.game_id, "thinking", "", env.srv.channel.id, left.id, following, 0, 0, "", "",
        ))
        mark = len(env.fake.requests_to("POST", "/channels/{channel_id}/messages"))
        await finish_turn(table)
        await env.fake.bot.scheduler.run_due()
        await env.fake.settle()
        reused = env.fake.message(left.id)
        assert MOVE in reused.embed_text and f"({colour}) played" in reused.embed_text and not reused.content
        later = env.fake.requests_to("POST", "/channels/{channel_id}/messages")[mark:]
        said = [str(r.json) for r in later if THINKING in str(r.json)]
        assert len(said) == 1 and colour not in said[0]  # only the other computer was announced anew
        assert await env.service.message(table.game_id, "thinking") is None

        # a stale one (a seat that is not about to decide): deleted when the next computer thinks
        _, decision = await table.decider()
        stale_seat = decision.player  # the person decides now, not a computer
        stale = await channel.send(content=f"Someone {THINKING}")
        await env.service.put_message(MessageRow(
            table.game_id, "thinking", "", env.srv.channel.id, stale.id, stale_seat, 0, 0, "", "",
        ))
        await finish_turn(table)
        await env.fake.bot.scheduler.run_due()
        await env.fake.settle()
        assert all(m.id != stale.id for m in _channel(env))
        assert not any(THINKING in (m.content or "") for m in _channel(env))
    finally:
        await botkit.stop_env(env)


async def test_an_abandoned_game_leaves_no_thinking_message(
    fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    env, _ = await _env(fake, tmp_path, monkeypatch)
    try:
        table = await started(env, seats=3, computers=2)
        await env.fake.bot.scheduler.run_due()
        await env.fake.settle()
        channel = env.fake.bot.istanbul.publisher.channel(env.srv.channel.id)
        left = await channel.send(content=f"Red {THINKING}")
        await env.service.put_message(MessageRow(
            table.game_id, "thinking", "", env.srv.channel.id, left.id, 1, 0, 0, "", "",
        ))
        await env.service.abandon(table.game_id, str(env.srv.alice.id))
        await env.fake.bot.istanbul.publisher.sync(table.game_id)
        await env.fake.settle()
        assert all(m.id != left.id for m in _channel(env))
        assert await env.service.message(table.game_id, "thinking") is None
    finally:
        await botkit.stop_env(env)
