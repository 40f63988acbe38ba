"""The messages of a person's decision in the middle of another seat's turn (DESIGN "Other seats
deciding mid-turn"; the payloads are in interlude.py): computer seats asked off-turn answer at
once, a person gets an interlude message that pings them once and is edited while they decide,
the turn message says whom it waits for, and the interlude keeps its story and loses its buttons
once answered. A part of `Publisher`, which provides the attributes declared below."""

from __future__ import annotations

import contextlib
import dataclasses
from typing import TYPE_CHECKING, Any

import discord

from ..service import Game, GameService, MessageRow, pending
from ..service import view as game_view
from . import interlude
from .payloads import Payload, seats_of


class InterludeMessages:
    service: GameService

    if TYPE_CHECKING:

        def channel(self, channel_id: int) -> discord.PartialMessageable: ...

        async def edit_or_send(
            self, channel_id: int, row: MessageRow | None, payload: Payload,
            via: discord.Interaction[Any] | None = None, *, send: bool = True,
        ) -> int | None: ...

    async def _off_turn_computers(self, game: Game) -> Game:
        """Computer seats asked in the middle of a turn answer at once (no grace period); their
        answers are told in the story of the next message, not in messages of their own."""
        decision = pending(game.state) if game.state is not None else None
        if decision is None or not decision.off_turn or not game.seats[decision.player].played_by_computer:
            return game
        async for _outcome in self.service.computer_turns(game.id, off_turn_only=True):
            pass
        return await self.service.load(game.id)

    async def _interlude(self, game: Game, via: discord.Interaction[Any] | None, *, since: int | None = None) -> bool:
        """Show a person's decision in the middle of another seat's turn in the interlude message
        (True: done); once no person decides off-turn, close the interlude and let the turn
        message carry on (False). `since`: where the story of a first interlude begins (default:
        what the seat whose turn it is was last shown)."""
        state = game.state
        assert state is not None
        decision = pending(state)
        row = await self.service.message(game.id, interlude.INTERLUDE)
        if decision is None or not decision.off_turn or game.seats[decision.player].played_by_computer:
            if row is not None:
                await self._close_interlude(game, row)
            return False
        if row is not None and row.seat == decision.player:
            if row.decision_id != decision.decision_id:
                await self._ask_off_turn(game, row, row.seq, via)
            return True
        story_from = row.seq if row is not None else since
        if row is not None:
            await self._close_interlude(game, row)
        if story_from is None:
            story_from = await self.service.seen(game.id, state.turn.player)
        await self._wait_on_turn(game)
        await self._ask_off_turn(game, None, story_from, None)
        return True

    async def _ask_off_turn(
        self, game: Game, row: MessageRow | None, story_from: int, via: discord.Interaction[Any] | None,
    ) -> None:
        """Post (row None, with a mention) or edit the interlude message of the current decider."""
        state = game.state
        assert state is not None and game.row.channel_id is not None
        decision = pending(state)
        assert decision is not None
        seats = seats_of(game)
        lines = [line for _, line in await self.service.lines(game.id, after_seq=story_from)]
        payload = interlude.interlude_payload(
            game.id, game_view(state, None), decision, seats[decision.player], seats[state.turn.player],
            game.names(), lines, ping=row is None, hints=game.options.hints,
        )
        message_id = await self.edit_or_send(game.row.channel_id, row, payload, via)
        assert message_id is not None
        await self.service.put_message(MessageRow(
            game.id, interlude.INTERLUDE, "", game.row.channel_id, message_id, decision.player, decision.decision_id,
            story_from, "choose", "",
        ))

    async def _close_interlude(self, game: Game, row: MessageRow) -> None:
        """The interlude's seat has answered: its message keeps the story and loses its components."""
        assert game.state is not None
        seats = seats_of(game)
        lines = [line for _, line in await self.service.lines(game.id, after_seq=row.seq)]
        payload = interlude.answered_payload(
            game.id, game.state.round, seats[row.seat or 0], seats[game.state.turn.player], lines,
        )
        with contextlib.suppress(discord.NotFound):
            await self.channel(row.channel_id).get_partial_message(row.message_id).edit(**payload.edit_kwargs())
        await self.service.drop_message(game.id, interlude.INTERLUDE)

    async def _wait_on_turn(self, game: Game) -> None:
        """The turn message of the seat whose turn it is says whom it waits for (edited; the
        message stays, and carries on once the question has gone round)."""
        state = game.state
        assert state is not None
        decision = pending(state)
        turn = await self.service.message(game.id, "turn")
        if decision is None or turn is None or turn.seat != state.turn.player:
            return
        mode = f"{interlude.WAITING}.{decision.player}"
        if turn.mode == mode:
            return
        seats = seats_of(game)
        lines = [line for _, line in await self.service.lines(game.id, after_seq=turn.seq)]
        payload = interlude.waiting_payload(
            game.id, game_view(state, None), seats[turn.seat], seats[decision.player], decision, game.names(), lines,
        )
        if await self.edit_or_send(turn.channel_id, turn, payload, send=False) is not None:
            await self.service.put_message(dataclasses.replace(turn, mode=mode))
