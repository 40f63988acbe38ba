"""What every click and command does, after its component or command has been parsed.

Each handler acknowledges the interaction first (DESIGN: before any loading or rendering), then
goes through the service, then lets the `Publisher` bring the messages up to date. Bad input of
any kind ends in a plain ephemeral answer and changes nothing; nothing is left to discord.py's
"Ignoring exception" log."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, Literal

import discord

from ..service import DatabaseError, Decision, Game, GameService, errors, pending
from ..service import view as game_view
from . import card_payloads, ids, payloads
from .idle import IDLE_ACTIONS, idle_action
from .interlude import INTERLUDE
from .lobby_actions import lobby_action
from .payloads import Answer, Payload, seats_of
from .publisher import Publisher
from .text import CONTENT_LIMIT, EMBED_DESCRIPTION_LIMIT, newest_lines

log = logging.getLogger(__name__)

Ack = Literal["update", "private"]
LOG_FILE_FROM = 60  # lines: longer logs also come as a text file


def jump_url(game: Game, message_id: int | None) -> str:
    if message_id is None or game.row.channel_id is None:
        return ""
    guild = game.row.guild_id or "@me"
    return f"https://discord.com/channels/{guild}/{game.row.channel_id}/{message_id}"


def from_ephemeral(interaction: discord.Interaction[Any]) -> bool:
    message = interaction.message
    return message is not None and message.flags.ephemeral


class Handlers:
    def __init__(self, client: discord.Client, service: GameService, publisher: Publisher) -> None:
        self.client = client
        self.service = service
        self.publisher = publisher
        # Called after every interaction: a choice may have set a timer (the end of a grace
        # period) due sooner than the timer loop planned to look again (the bot wires the loop in).
        self.wake: Callable[[], None] = lambda: None

    # -- the guard every interaction goes through ------------------------------------------------

    async def guarded(
        self, interaction: discord.Interaction[Any], what: str, game_id: int | None, ack: Ack,
        work: Callable[[], Awaitable[Answer]],
    ) -> None:
        """Acknowledge, do the work, answer privately; service errors become plain answers."""
        log.info("game %s: %s (interaction %s)", game_id, what, interaction.id)
        try:
            if not interaction.response.is_done():
                await interaction.response.defer(ephemeral=ack == "private", thinking=ack == "private")
        except discord.HTTPException as exc:  # too late (Unknown interaction): nothing can be answered
            log.warning("game %s: %s not acknowledged (%s %s); nothing done", game_id, what, exc.status, exc.code)
            return
        try:
            answer = await work()
        except errors.ServiceError as exc:
            answer = str(exc)
        except DatabaseError as exc:  # a full disk, a damaged file: the operator's to fix
            log.error("game %s: %s failed in the database: %s", game_id, what, exc)
            answer = (
                "The bot's database cannot save anything right now (its host can see why in the log). "
                "If the board did not change, your choice was not taken; try again later."
            )
        except discord.Forbidden as exc:
            log.warning("game %s: %s refused by Discord (%s)", game_id, what, exc.code)
            answer = "Discord refused something I tried to do; an admin may need to check my permissions here."
        except discord.HTTPException as exc:
            log.warning("game %s: %s failed at Discord (%s %s)", game_id, what, exc.status, exc.code)
            answer = "Discord did not accept a message just now; anything you chose is saved. Try again in a moment."
        except Exception:
            log.exception("game %s: %s failed (interaction %s)", game_id, what, interaction.id)
            answer = "Something went wrong on my side. Anything already accepted is saved; try again in a moment."
        self.wake()
        if answer is None:
            return
        payload = answer if isinstance(answer, Payload) else Payload(answer[:CONTENT_LIMIT])
        try:
            await interaction.followup.send(ephemeral=True, **payload.send_kwargs())
        except discord.HTTPException as exc:  # e.g. the token died meanwhile; the work is done
            log.warning("game %s: the answer to %s was not delivered (%s %s)", game_id, what, exc.status, exc.code)

    # -- decisions --------------------------------------------------------------------------------

    async def option(self, interaction: discord.Interaction[Any], game_id: int, decision_id: int, code: str) -> None:
        await self.guarded(
            interaction, "option", game_id, "update", lambda: self._choose(interaction, game_id, decision_id, code)
        )

    async def select(self, interaction: discord.Interaction[Any], game_id: int, decision_id: int, values: list[str]) -> None:
        async def work() -> Answer:
            if len(values) != 1 or not ids.recognised(ids.option_id(game_id, decision_id, values[0])):
                raise errors.BadOptions("Pick exactly one of the choices offered.")
            return await self._choose(interaction, game_id, decision_id, values[0])

        await self.guarded(interaction, "select", game_id, "update", work)

    async def _choose(self, interaction: discord.Interaction[Any], game_id: int, decision_id: int, code: str) -> Answer:
        user = str(interaction.user.id)
        try:
            outcome = await self.service.submit(game_id, user, decision_id, code)
        except errors.StaleDecision:
            return await self._moved_on(game_id, user)
        await self.publisher.sync(game_id, actor=outcome.decider_before, via=interaction)
        if from_ephemeral(interaction):
            await interaction.edit_original_response(content="Done.", view=None)
        return None

    async def _moved_on(self, game_id: int, user: str) -> Answer:
        """A click on an older decision: say so, link to where the game stands (the interlude
        while another seat decides mid-turn, else the turn message), and offer the current
        decision to its decider."""
        game = await self.service.load(game_id)
        decision = pending(game.state) if game.state is not None else None
        off_turn = decision is not None and decision.off_turn
        current = await self.service.message(game_id, INTERLUDE if off_turn else "turn")
        link = jump_url(game, current.message_id if current else None)
        where = "The current decision" if off_turn else "The current turn"
        note = str(errors.StaleDecision()) + (f" {where}: {link}" if link else "")
        seat = game.seat_of(user)
        if decision is None or seat is None or seat.seat != decision.player or game.state is None:
            return note
        return payloads.decision_payload(game_id, game_view(game.state, None), decision, game.names(), note)

    async def own_decision(self, game_id: int, user: str) -> tuple[Game, Decision]:
        """The game and its current decision, which must be this user's to make."""
        game = await self.service.load(game_id)
        seat = game.seat_of(user)
        if seat is None:
            raise errors.NotSeated()
        decision = pending(game.state) if game.state is not None else None
        if decision is None:
            raise errors.GameIsOver()
        if decision.player != seat.seat:
            raise errors.NotYourDecision(game.names().get(decision.player, ""), off_turn=decision.off_turn)
        return game, decision

    async def card(self, interaction: discord.Interaction[Any], game_id: int, code: str) -> None:
        async def work() -> Answer:
            user = str(interaction.user.id)
            _, decision = await self.own_decision(game_id, user)
            if decision.option(code) is None:
                return "That card cannot be played at this moment of the turn."
            outcome = await self.service.submit(game_id, user, decision.decision_id, code)
            await self.publisher.sync(game_id, actor=outcome.decider_before)
            if from_ephemeral(interaction):
                await interaction.edit_original_response(**(await self.cards(game_id, user)).edit_kwargs())
            return None

        await self.guarded(interaction, "card", game_id, "update", work)

    async def card_select(self, interaction: discord.Interaction[Any], game_id: int, values: list[str]) -> None:
        """A card chosen in a select of card plays: played as its button would be."""
        if len(values) != 1 or not ids.recognised(ids.card_id(game_id, values[0])):
            async def refuse() -> Answer:
                raise errors.BadOptions("Pick exactly one of the cards offered.")

            await self.guarded(interaction, "card select", game_id, "private", refuse)
            return
        await self.card(interaction, game_id, values[0])

    # -- the utility row and the buttons on notices -------------------------------------------------

    async def utility(self, interaction: discord.Interaction[Any], game_id: int, action: str) -> None:
        user = str(interaction.user.id)
        offered_at = ids.undo_decision(action)
        hint_at = ids.hint_decision(action)
        simple: dict[str, tuple[Ack, Callable[[], Awaitable[Answer]]]] = {
            ids.UNDO: ("private", _older_undo),
            "cards": ("private", lambda: self.cards(game_id, user)),
            "log": ("private", lambda: self.log(game_id)),
            "private": ("private", lambda: self.private_options(game_id, user)),
            "retrydm": ("private", lambda: self.retry_dms(game_id, user)),
            "rematch": ("private", lambda: self.rematch(game_id, interaction)),
            "abandonok": ("private", lambda: self.abandon(game_id, interaction)),
        }
        if hint_at is not None:
            await self.guarded(interaction, "hint", game_id, "private", lambda: self.hint(game_id, user, hint_at))
        elif offered_at is not None:
            await self.guarded(interaction, "undo", game_id, "update", lambda: self.undo(game_id, user, offered_at, interaction))
        elif action in simple:
            ack, work = simple[action]
            await self.guarded(interaction, action, game_id, ack, work)
        elif action in IDLE_ACTIONS:
            await self.guarded(interaction, action, game_id, "private", lambda: idle_action(self.service, self.publisher, interaction, game_id, action))
        else:
            await self.guarded(interaction, "unknown", game_id, "private", _unknown)

    async def undo(
        self, game_id: int, user: str, decision_id: int, interaction: discord.Interaction[Any] | None = None,
    ) -> Answer:
        """Take back the user's last choices as offered at `decision_id` (the Undo button's, or the
        decision current when `/istanbul undo` arrived); a second click is told it is done."""
        outcome = await self.service.undo(game_id, user, decision_id)
        await self.publisher.sync(game_id, actor=outcome.decider_after, via=interaction)
        return None if interaction is not None else "Taken back."

    async def hint(self, game_id: int, user: str, decision_id: int | None) -> Answer:
        """What the computer would play, for the person who decides now (only they see it);
        `decision_id`: the decision the Hint button was offered at (None: the current one)."""
        found = await self.service.hint(game_id, user, decision_id)
        return found.sentence()

    async def cards(self, game_id: int, user: str) -> Payload:
        game = await self.service.load(game_id)
        seat = game.seat_of(user)
        if seat is None:
            raise errors.NotSeated()
        if game.state is None:
            raise errors.NotStarted()
        images = await self.service.images_of(game, (seat.seat,), public=False)
        own = game_view(game.state, seat.seat)
        return card_payloads.cards_payload(game_id, own, seats_of(game)[seat.seat], images.private[seat.seat])

    async def log(self, game_id: int) -> Payload:
        lines = [line for _, line in await self.service.lines(game_id)]
        if not lines:
            return Payload("Nothing has happened yet.")
        text = newest_lines(lines, EMBED_DESCRIPTION_LIMIT, "… (the whole log is attached)")
        embed = discord.Embed(title=f"Istanbul · game #{game_id} · what happened", description=text)
        files = []
        if len(lines) > LOG_FILE_FROM or text.startswith("…"):
            files.append((f"istanbul-game-{game_id}-log.txt", ("\n".join(lines) + "\n").encode()))
        return Payload(None, embed, files)

    async def private_options(self, game_id: int, user: str) -> Answer:
        game, decision = await self.own_decision(game_id, user)
        assert game.state is not None
        return payloads.private_options_payload(game_id, decision, game.names(), game_view(game.state, None))

    async def retry_dms(self, game_id: int, user: str) -> Answer:
        game = await self.service.load(game_id)
        seat = game.seat_of(user)
        if seat is None:
            raise errors.NotSeated()
        # the channel's notice stays given: a press while DMs are still closed is answered here only
        await self.service.update_user_settings(user, dm_closed_at=None)
        await self.publisher.cards.refresh(game, only=seat.seat, force=True)
        if (await self.service.user_settings(user)).dm_closed_at is not None:
            return "Your direct messages are still closed to me. Use **My cards** meanwhile."
        return "Done: your cards are in your direct messages now."

    async def rematch(self, game_id: int, interaction: discord.Interaction[Any]) -> Answer:
        user = str(interaction.user.id)
        old = await self.service.load(game_id)
        if old.row.status != "finished":
            raise errors.NotAllowed("A rematch can be set up once the game is over.")
        me = old.seat_of(user)
        if me is None:
            raise errors.NotAllowed("Only the players of this game can set up its rematch.")
        people = [s for s in old.seats if s.kind == "discord_user" and s.user_id]
        opts = old.options.model_copy(update={"seats": len(old.seats), "computers": len(old.seats) - len(people)})
        game = await self.service.create_lobby(
            creator=user, creator_name=interaction.user.display_name, options=opts, origin="discord",
            guild_id=old.row.guild_id, channel_id=old.row.channel_id, colour=me.colour,
        )
        for s in people:
            if s.user_id != user and s.user_id is not None:
                game = await self.service.join(game.id, s.user_id, s.name, s.colour)
        await self.publisher.sync(game.id)
        return f"A new table (game #{game.id}) is open with the same players and settings: press **Start** on it."

    async def abandon(self, game_id: int, interaction: discord.Interaction[Any]) -> Answer:
        admin = bool(interaction.permissions.manage_channels) if interaction.guild_id else False
        await self.service.abandon(game_id, str(interaction.user.id), admin=admin)
        await self.publisher.sync(game_id)
        notice = f"Game #{game_id} was abandoned by {payloads.plain(interaction.user.display_name)}."
        await self.publisher.send(await self.service.load(game_id), Payload(notice))
        return f"Game #{game_id} is abandoned; the channel is free for a new game."

    # -- the lobby --------------------------------------------------------------------------------

    async def lobby(self, interaction: discord.Interaction[Any], game_id: int, action: str, values: list[str]) -> None:
        if action not in ids.LOBBY:
            await self.guarded(interaction, "unknown", game_id, "private", _unknown)
            return
        await self.guarded(
            interaction, f"lobby {action}", game_id, "update",
            lambda: lobby_action(self.service, self.publisher, interaction, game_id, action, values),
        )

    # -- components that are not (or no longer) ours to run ------------------------------------------

    async def stray(self, interaction: discord.Interaction[Any]) -> None:
        """A component interaction with an ist: custom_id that no dynamic item will run (forged,
        malformed, or not on its message)."""
        await self.guarded(interaction, "stray component", None, "private", _unknown)


async def _older_undo() -> Answer:
    return "This button is from an older version of the bot; use the Undo on the current turn message."


async def _unknown() -> Answer:
    return "That button is not one I know (it may be from an old version of the bot). Nothing was changed."
