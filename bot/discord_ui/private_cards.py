"""Each person's cards by DM (DESIGN "The Discord surface"): one message per player per game,
headed with server, channel and game, edited only when what it shows changed (a digest of every
hand and the mosque tiles is stored with it). Closed DMs are remembered, said once in the game's
channel with a Retry button, and the game goes on: the player uses "My cards"."""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Awaitable, Callable

import discord

from ..service import Game, GameService, MessageRow, View
from ..service import view as game_view
from . import card_payloads, payloads
from .items import UtilityButton
from .payloads import Payload, Seat, seats_of
from .text import place_name

log = logging.getLogger(__name__)


def cards_digest(own: View, seat: int) -> str:
    """What the DM shows of a seat's holdings (every deck's hand) and mosque tiles, hashed; a
    holding of bonus cards only hashes as it always did, so no DM is edited just for an upgrade."""
    held = {deck: sorted(items) for deck, items in own.holdings(seat).items()}
    parts: list[object] = [held.pop("bonus", []), sorted(own.state.players[seat].mosque_tiles)]
    if held:
        parts.append(held)
    text = json.dumps(parts, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class PrivateCards:
    """The DMs of one bot. `post` sends a message in a game's channel (the publisher's, which
    notices a channel the bot may not post in)."""

    def __init__(
        self, client: discord.Client, service: GameService, post: Callable[[Game, Payload], Awaitable[discord.Message]],
    ) -> None:
        self.client = client
        self.service = service
        self.post = post


    def header(self, game: Game) -> str:
        return f"**Istanbul** · {place_name(self.client, game.row.guild_id, game.row.channel_id)} · game #{game.id}"

    async def refresh(self, game: Game, *, only: int | None = None, force: bool = False) -> None:
        """Send or edit each person's DM when their cards changed (or `force`)."""
        state = game.state
        if state is None:
            return
        for seat in seats_of(game):
            if seat.user_id is None or (only is not None and seat.seat != only):
                continue
            own = game_view(state, seat.seat)
            digest = cards_digest(own, seat.seat)
            user = str(seat.user_id)
            row = await self.service.message(game.id, "cards", user)
            if row is not None and row.digest == digest and not force:
                continue
            settings = await self.service.user_settings(user)
            if settings.dm_closed_at is not None and not force:
                continue
            images = await self.service.images_of(game, (seat.seat,), public=False)
            payload = card_payloads.cards_payload(game.id, own, seat, images.private[seat.seat], header=self.header(game))
            try:
                channel_id, message_id = await self._send_dm(seat.user_id, row, payload)
            except discord.Forbidden:
                await self.closed(game, seat)
                continue
            await self.service.put_message(MessageRow(
                game.id, "cards", user, channel_id, message_id, seat.seat, state.decision_id, game.row.seq, "", digest,
            ))

    async def _send_dm(self, user_id: int, row: MessageRow | None, payload: Payload) -> tuple[int, int]:
        if row is not None:
            try:
                await self.client.get_partial_messageable(row.channel_id).get_partial_message(row.message_id).edit(**payload.edit_kwargs())
                return row.channel_id, row.message_id
            except discord.NotFound:
                pass
        dm = await self.client.create_dm(discord.Object(user_id))
        message = await dm.send(**payload.send_kwargs())
        return dm.id, message.id

    async def closed(self, game: Game, seat: Seat) -> None:
        """Remember that this person's DMs are closed and say so once in the game's channel."""
        user = str(seat.user_id)
        await self.service.update_user_settings(user, dm_closed_at=self.service.clock())
        if game.row.channel_id is None or not await self.service.notice_once(game.id, "dm_closed", user):
            return
        log.info("game %s: DMs closed for a seat; told the channel once", game.id)
        view = payloads.view_of(UtilityButton(game.id, "retrydm", label="Retry DMs", row=0))
        text = (
            f"<@{seat.user_id}>, I cannot send you direct messages, so your bonus cards are under "
            "**My cards** on the turn message (or `/istanbul cards`). Opened your DMs? Press **Retry DMs**."
        )
        await self.post(game, Payload(text, None, [], view, seat.user_id))
