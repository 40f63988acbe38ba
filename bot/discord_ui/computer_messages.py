"""The messages of computer seats: a short "Red (computer) is thinking…" while one decides, which
becomes the message of its turn once the move is there, and one message per computer turn (a turn
in which people answered in the middle posted once it is over). A part of `Publisher`, which
provides the attributes declared below."""

from __future__ import annotations

import contextlib
import dataclasses
from typing import TYPE_CHECKING, Any

import discord

from ..service import Game, GameService, MessageRow, pending
from ..service import view as game_view
from . import payloads
from .payloads import Payload, Seat, seats_of


def thinking_payload(seat: Seat) -> Payload:
    """The line shown while a computer seat decides: its colour, that it is a computer."""
    return Payload(f"{(seat.colour or 'A seat').capitalize()} (computer) is thinking…")


class ComputerMessages:
    service: GameService

    if TYPE_CHECKING:

        def channel(self, channel_id: int) -> discord.PartialMessageable: ...

        def seat(self, game: Game, seat: int) -> Seat: ...

        async def edit_or_send(
            self, channel_id: int, row: MessageRow | None, payload: Payload,
            via: discord.Interaction[Any] | None = None, *, send: bool = True,
        ) -> int | None: ...

    async def _thinking(self, game: Game) -> None:
        """When a computer seat is about to decide (as `computer_turns` will let it), the channel
        says so in a short message of its own, "Red (computer) is thinking…", which becomes that
        turn's message when the move is posted: nothing is added to the channel, nobody is
        pinged, and the text is gone once the move is there. The message is stored (purpose
        'thinking'), so a restart in the middle reuses it instead of leaving it behind."""
        state = game.state
        decision = pending(state) if state is not None and game.row.status == "active" else None
        if decision is None or not game.seats[decision.player].played_by_computer or game.left_by_everyone:
            return
        row = await self.service.message(game.id, "thinking")
        if row is not None and row.seat == decision.player:
            return  # already said (a sync again, or after a restart)
        if not await self.service.grace_over(game.id):
            return  # the computer waits for the person's grace period; its timer comes back here
        await self._stop_thinking(game.id)
        assert game.row.channel_id is not None
        message = await self.channel(game.row.channel_id).send(**thinking_payload(self.seat(game, decision.player)).send_kwargs())
        await self.service.put_message(MessageRow(
            game.id, "thinking", "", game.row.channel_id, message.id, decision.player, decision.decision_id,
            game.row.seq, "", "",
        ))

    async def _stop_thinking(self, game_id: int) -> None:
        """Take a "thinking" message away that no move replaced."""
        row = await self.service.message(game_id, "thinking")
        if row is None:
            return
        with contextlib.suppress(discord.NotFound):
            await self.channel(row.channel_id).get_partial_message(row.message_id).delete()
        await self.service.drop_message(game_id, "thinking")

    async def _computer_messages(self, game: Game) -> int | None:
        """Let computer seats move, one message per turn. A turn in which other seats decide is
        one message once it is over (the others' answers in its story); when a person must
        answer in the middle of it, returns where the untold part of the story begins."""
        told: list[str] = []
        mover: int | None = None
        since: int | None = None
        await self._thinking(game)
        async for outcome in self.service.computer_turns(game.id):
            if since is None:
                since, mover = outcome.first_seq - 1, outcome.decider_before
            told += outcome.lines
            state = outcome.game.state
            following = pending(state) if state is not None and not state.finished else None
            if not outcome.sequence_over and (outcome.off_turn or (following is not None and following.off_turn)):
                continue  # the turn goes on once the others have answered
            await self._computer_message(outcome.game, mover, told)
            told, mover, since = [], None, None
            await self._thinking(outcome.game)
        await self._stop_thinking(game.id)  # none left to edit it into (no computer moved, or a person answers first)
        return since

    async def _computer_message(self, game: Game, mover: int | None, lines: list[str]) -> None:
        """One computer turn, posted as its own message: the "thinking" message of that seat
        edited into it (its text cleared), or a new message when there is none."""
        assert game.state is not None and game.row.channel_id is not None
        seat = seats_of(game)[mover or 0]
        images = await self.service.images_of(game, ())
        payload = payloads.computer_payload(game.id, game_view(game.state, None), seat, lines, images.public)
        thinking = await self.service.message(game.id, "thinking")
        if thinking is not None and thinking.seat == seat.seat:
            await self.edit_or_send(game.row.channel_id, thinking, dataclasses.replace(payload, content=payloads.NO_CONTENT))
            await self.service.drop_message(game.id, "thinking")
        else:
            await self._stop_thinking(game.id)
            await self.channel(game.row.channel_id).send(**payload.send_kwargs())
        await self.service.set_seen(game.id, seat.seat, game.row.seq)
