"""Keeps a game's messages in step with the game: `sync(game)` looks at the stored game and at the
messages it has, and makes the channel and the DMs show it. It is idempotent: calling it twice
changes nothing the second time, so every click, timer and restart simply calls it.

A turn message per decider (DESIGN "The Discord surface"): when the deciding seat changes, a new
message pings the new decider and the previous message keeps its image but loses its buttons;
within one seat's steps the same message is edited. A person's turn ends for good only after the
grace period: meanwhile their message shows the board after the turn with an Undo button.
Computer seats then move one turn at a time, one message per turn. DMs carry each person's cards
and are edited when the cards change (`private_cards`). Two parts live in modules of their own:
the messages of other seats deciding in the middle of a turn (`interlude_messages`) and those of
computer seats (`computer_messages`). A turn message drawn again uploads only the pictures that
changed; those it shows already keep their attachments (`shown_pictures`).

Discord calls here use the bot token and the stored message ids (interaction tokens die after 15
minutes); an edit of the message a click came from goes through that interaction instead."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import discord

from ..service import Game, GameService, MessageRow, errors, pending
from ..service import view as game_view
from ..service import winners as winning_seats
from . import interlude, payloads, shown_pictures
from .computer_messages import ComputerMessages
from .interlude_messages import InterludeMessages
from .lobby import closed_payload, lobby_payload
from .payloads import Payload, Seat, seats_of
from .private_cards import PrivateCards

log = logging.getLogger(__name__)

BLOCKED_CODES = (50001, 50013)  # Missing Access, Missing Permissions
UNKNOWN_MEMBER = 10007
RETRY_SECONDS = 600.0
# What the bot needs in a game's channel: permission attribute -> its name in Discord's settings.
NEEDED_PERMISSIONS = {
    "view_channel": "View Channel", "send_messages": "Send Messages", "embed_links": "Embed Links",
    "attach_files": "Attach Files",
}


def needed_permissions(missing_only: discord.Permissions | None = None) -> str:
    """The needed permissions in bold, as a list for a sentence ('**A**, **B** and **C**'); with
    `missing_only`, only those these permissions lack."""
    names = [
        f"**{label}**" for attr, label in NEEDED_PERMISSIONS.items()
        if missing_only is None or not getattr(missing_only, attr)
    ]
    return " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else "".join(names)


class ChannelBlocked(errors.ServiceError):
    def __init__(self) -> None:
        super().__init__(
            "Your choice is saved, but I may not post in this channel right now; I told the game's creator how to fix it."
        )


class DiscordBusy(errors.ServiceError):
    """Discord asked for a longer wait than discord.py will sleep (`discord.RateLimited`); a
    "retry" timer brings the messages up to date once it is over."""

    def __init__(self) -> None:
        super().__init__("Your choice is saved. Discord asks me to slow down, so the board follows by itself shortly.")


class Publisher(InterludeMessages, ComputerMessages):
    def __init__(self, client: discord.Client, service: GameService) -> None:
        self.client = client
        self.service = service
        self._locks: dict[int, asyncio.Lock] = {}
        self.cards = PrivateCards(client, service, self.send)

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def channel(self, channel_id: int) -> discord.PartialMessageable:
        return self.client.get_partial_messageable(channel_id)

    # -- the one way in -------------------------------------------------------------------------

    async def sync(
        self, game_id: int, *, actor: int | None = None, via: discord.Interaction[Any] | None = None,
    ) -> None:
        """Bring the game's messages up to date. `actor`: the seat whose own choice or undo was
        just accepted (its turn message may then show the grace period); `via`: the interaction
        of that click, used to edit its message. Raises `ChannelBlocked` when Discord refuses to
        let the bot post in the game's channel (the creator is told once; a retry is scheduled)."""
        async with self.lock(game_id):
            game = await self.service.load(game_id)
            if game.row.origin != "discord" or game.row.channel_id is None:
                return
            try:
                await self._sync(game, actor, via)
            except discord.Forbidden as exc:
                if exc.code not in BLOCKED_CODES or game.row.status == "abandoned":
                    raise  # nothing to retry for a game that is over without a result
                await self._blocked(game)
                raise ChannelBlocked() from None
            except discord.RateLimited as exc:
                log.warning("game %s: Discord asks to wait %.0f s; the messages follow then", game.id, exc.retry_after)
                await self.service.set_timer(game.id, "retry", self.service.clock() + max(1.0, exc.retry_after))
                raise DiscordBusy() from None
            if await self.service.has_notice(game.id, "blocked"):
                await self.service.clear_notice(game.id, "blocked")

    async def _sync(self, game: Game, actor: int | None, via: discord.Interaction[Any] | None) -> None:
        await self._refresh_lobby(game)
        if game.row.status == "lobby":
            return
        if game.row.status == "abandoned":
            await self._retire_turn(game)
            await self._stop_thinking(game.id)
            return
        state = game.state
        assert state is not None
        if state.finished:
            await self._finish(game)
            return
        await self._turn(game, actor, via)
        game = await self.service.load(game.id)
        await self.cards.refresh(game)
        await self._tell_paused(game)

    async def _tell_paused(self, game: Game) -> None:
        """Once per pause: the channel hears that nobody plays the game any more, how to wake it
        and when it closes by itself."""
        pause = await self.service.paused(game.id)
        if pause is None or not await self.service.notice_once(game.id, f"paused.{pause.payload.get('seq', 0)}"):
            return
        log.info("game %s: paused, nobody plays it any more", game.id)
        await self.send(game, payloads.paused_payload(game.id, pause.due_at))

    async def _refresh_lobby(self, game: Game) -> None:
        """Show the lobby (status 'lobby') or its closed form (any other status), once."""
        assert game.row.channel_id is not None
        row = await self.service.message(game.id, "lobby")
        if game.row.status == "lobby":
            creator = next((s.name for s in game.seats if s.user_id == game.row.creator), "Someone")
            payload = lobby_payload(game, creator)
            mode = "open"
        else:
            if row is None or row.mode == "closed":
                return
            payload = closed_payload(game)
            mode = "closed"
        message_id = await self.edit_or_send(game.row.channel_id, row, payload, send=mode == "open")
        if message_id is None:
            return  # a closed lobby whose message was deleted: nothing to show
        await self.service.put_message(
            MessageRow(game.id, "lobby", "", game.row.channel_id, message_id, None, -1, 0, mode, "")
        )

    async def _blocked(self, game: Game) -> None:
        """Tell the game's creator once, by DM, what permission is missing; retry later."""
        await self.service.set_timer(game.id, "retry", self.service.clock() + RETRY_SECONDS)
        if not await self.service.notice_once(game.id, "blocked"):
            return
        log.warning("game %s: may not post in its channel; the creator is told", game.id)
        channel = self.client.get_channel(game.row.channel_id or 0)
        where = f"<#{game.row.channel_id}>"  # a channel mention: a link, whatever its name
        if isinstance(channel, discord.abc.GuildChannel):
            where += f" on {payloads.plain(channel.guild.name)}"
        text = (
            f"I cannot post in {where} for your Istanbul game #{game.id}. Please let me "
            f"{needed_permissions()} there; the game goes on by itself once I can (I try again every few minutes)."
        )
        if game.row.creator.isdigit():
            with contextlib.suppress(discord.HTTPException):
                dm = await self.client.create_dm(discord.Object(int(game.row.creator)))
                await dm.send(text, allowed_mentions=discord.AllowedMentions.none())

    async def send(self, game: Game, payload: Payload) -> discord.Message:
        """A new message in the game's channel (reminders, notices)."""
        assert game.row.channel_id is not None
        try:
            return await self.channel(game.row.channel_id).send(**payload.send_kwargs())
        except discord.Forbidden as exc:
            if exc.code in BLOCKED_CODES:
                await self._blocked(game)
            raise

    def seat(self, game: Game, seat: int) -> Seat:
        return seats_of(game)[seat]

    async def member_gone(self, game: Game, seat: int) -> bool:
        """Whether a person left (or was removed from) the game's server; if so, a computer player
        takes the seat and the channel is told. Found without the members intent: a fetch of the
        member answers Unknown Member."""
        row = game.seats[seat]
        if row.kind != "discord_user" or not row.user_id or game.row.guild_id is None:
            return False
        try:
            await self.client.http.get_member(game.row.guild_id, int(row.user_id))
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_MEMBER:
                return False
        except discord.HTTPException:
            return False
        else:
            return False
        await self.service.set_computer(game.id, seat, True)
        log.info("game %s: a seat's player left the server; a computer plays it", game.id)
        text = f"{payloads.plain(row.name)} is no longer on this server, so a computer player takes over their seat."
        with contextlib.suppress(discord.HTTPException):
            await self.send(game, Payload(text))
        return True

    # -- turn messages ----------------------------------------------------------------------------

    async def _turn(self, game: Game, actor: int | None, via: discord.Interaction[Any] | None) -> None:
        game = await self._off_turn_computers(game)
        state = game.state
        assert state is not None
        if state.finished:
            await self._finish(game)
            return
        decision = pending(state)
        assert decision is not None
        if await self._interlude(game, via):
            return
        turn = await self.service.message(game.id, "turn")
        computer = game.seats[decision.player].played_by_computer
        if turn is not None and turn.seat == decision.player and not computer:
            if turn.decision_id != decision.decision_id or turn.mode != "choose":
                await self._draw(game, turn, "choose", via)
            return
        grace = not await self.service.grace_over(game.id)
        if turn is not None and grace and (turn.mode == "over" or actor == turn.seat):
            if turn.mode != "over" or turn.decision_id != decision.decision_id:
                await self._draw(game, turn, "over", via)
            return
        await self._hand_over(game)  # also when a seat was just handed to the computer

    async def _draw(
        self, game: Game, turn: MessageRow | None, mode: str, via: discord.Interaction[Any] | None,
        *, ping: bool = True,
    ) -> None:
        """Post (turn None) or edit the turn message of the current decider (mode 'choose'), or of
        the seat whose turn just ended (mode 'over'). A new message pings its decider unless
        `ping` is False (their own undo brought the turn back to them)."""
        state = game.state
        assert state is not None and game.row.channel_id is not None
        decision = pending(state)
        assert decision is not None
        seats = seats_of(game)
        seat = seats[decision.player] if mode == "choose" or turn is None else seats[turn.seat or 0]
        story_from = turn.seq if turn is not None else await self.service.seen(game.id, seat.seat)
        told = await self.service.lines(game.id, after_seq=story_from)
        lines = [line for _, line in told]
        if mode == "choose":  # computer turns since were posted already: one line each here
            computer = [
                (t.first, t.last, f"{payloads.plain(seats[t.seat].name)} played a turn (posted above).")
                for t in await self.service.computer_turns_since(game.id, story_from)
            ]
            lines = payloads.fold_turns(told, computer)
        images = await self.service.images_of(game, ())
        public = game_view(state, None)
        names = game.names()
        if mode == "choose":
            payload = payloads.turn_payload(
                game.id, public, decision, seat, names, lines, images.public, ping=turn is None and ping,
                hints=game.options.hints,
            )
        else:
            payload = payloads.over_payload(
                game.id, public, seat, names, lines, images.public, seats[decision.player].name,
                self.service.grace_seconds, decision.decision_id,
            )
        if turn is not None:  # pictures the message shows already stay as they are, not uploaded again
            payload.kept = shown_pictures.unchanged(turn.digest, images.public)
            payload.shown = frozenset(shown_pictures.shown(turn.digest))
        message = await self.post(game.row.channel_id, turn, payload, via)
        assert message is not None
        await self.service.put_message(MessageRow(
            game.id, "turn", "", game.row.channel_id, message.id, seat.seat, decision.decision_id, story_from,
            mode, shown_pictures.remembered(images.public, message),
        ))
        await self.service.set_seen(game.id, seat.seat, game.row.seq)

    async def edit_or_send(
        self, channel_id: int, row: MessageRow | None, payload: Payload,
        via: discord.Interaction[Any] | None = None, *, send: bool = True,
    ) -> int | None:
        """Edit the stored message (through the click's interaction when the click came from it)
        or, when there is none or it was deleted, send a new one (unless `send` is False);
        returns the message's id (None: nothing was sent)."""
        message = await self.post(channel_id, row, payload, via, send=send)
        return None if message is None else message.id

    async def post(
        self, channel_id: int, row: MessageRow | None, payload: Payload,
        via: discord.Interaction[Any] | None = None, *, send: bool = True,
    ) -> discord.Message | None:
        """`edit_or_send`, returning the message as Discord answered (its attachments' ids)."""
        if row is not None:
            try:
                if via is not None and via.message is not None and via.message.id == row.message_id:
                    return await via.edit_original_response(**payload.edit_kwargs())
                return await self.channel(row.channel_id).get_partial_message(row.message_id).edit(**payload.edit_kwargs())
            except discord.NotFound:
                log.info("game %s: its %s message is gone; posting it again", row.game_id, row.purpose)
        if not send:
            return None
        return await self.channel(channel_id).send(**payload.send_kwargs())

    async def _retire_turn(self, game: Game) -> None:
        """Take the buttons off the last turn message; its picture stays, and its text now says
        the turn is over (the story as it ended, without the question); an interlude still open
        loses its components too."""
        asking = await self.service.message(game.id, interlude.INTERLUDE)
        if asking is not None:
            await self._close_interlude(game, asking)
        turn = await self.service.message(game.id, "turn")
        if turn is None:
            return
        seats = seats_of(game)
        seat = seats[turn.seat or 0]
        lines = [line for _, line in await self.service.lines(game.id, after_seq=turn.seq)]
        round_ = game.state.round if game.state is not None else 0
        undoer = await self.service.taken_back_by(game.id, turn.seq)
        by = seats[undoer] if undoer is not None and undoer != seat.seat and game.row.status == "active" else None
        payload = payloads.retired_payload(game.id, round_, seat, lines, taken_back_by=by)
        with contextlib.suppress(discord.NotFound):
            await self.channel(turn.channel_id).get_partial_message(turn.message_id).edit(**payload.edit_kwargs())
        await self.service.drop_message(game.id, "turn")

    async def _hand_over(self, game: Game) -> None:
        """The turn passed: retire the old message, let computer seats move (one message each),
        then ping the person who decides next (unless they left the server: then a computer
        plays their seat, and so on; nor when their own undo, the newest input, brought the
        turn back to them)."""
        await self._retire_turn(game)
        while True:
            since = await self._computer_messages(game)
            game = await self.service.load(game.id)
            state = game.state
            if state is not None and state.finished:
                await self._finish(game)
                return
            if state is None or game.row.status != "active":
                return
            decision = pending(state)
            assert decision is not None
            if game.seats[decision.player].played_by_computer:
                return  # a computer waits for the grace period; its timer calls sync again
            if decision.off_turn and await self._interlude(game, None, since=since):
                return  # a person decides in the middle of a computer's turn
            if not await self.member_gone(game, decision.player):
                since = await self.service.seen(game.id, decision.player)  # their undo came after their last message
                own_undo = await self.service.taken_back_by(game.id, since) == decision.player
                await self._draw(game, None, "choose", None, ping=not own_undo)
                return

    async def _finish(self, game: Game) -> None:
        """The final standings, once."""
        await self._retire_turn(game)
        if await self.service.message(game.id, "end") is not None:
            return
        state = game.state
        assert state is not None and game.row.channel_id is not None
        names = game.names()
        standings = payloads.standings_of(state, names)
        winners = [names.get(seat, "?") for seat in winning_seats(state)]
        images = await self.service.images_of(game, ())
        used = await self.service.hints_used(game.id)
        hints = {s.name: used.get(s.seat, 0) for s in game.seats if s.kind != "ai"} if game.options.hints else None
        payload = payloads.end_payload(
            game.id, game_view(state, None), standings, game.row.seed, images.public, winners, hints,
        )
        message = await self.channel(game.row.channel_id).send(**payload.send_kwargs())
        await self.service.put_message(MessageRow(
            game.id, "end", "", game.row.channel_id, message.id, None, state.decision_id, game.row.seq, "", "",
        ))
