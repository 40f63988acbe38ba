"""What each lobby component does (Join, Leave, Start, a colour, the creator's settings), and the
same for the ``/istanbul`` commands that act on a lobby."""

from __future__ import annotations

import logging
from typing import Any

import discord

from ..service import COLOURS, GameService, errors
from .lobby import setting_changes, settings_payload
from .publisher import Publisher
from .text import clip

log = logging.getLogger(__name__)


async def lobby_action(
    svc: GameService, publisher: Publisher, interaction: discord.Interaction[Any], game_id: int, action: str,
    values: list[str],
) -> str | None:
    """Do what a lobby component asks; returns an ephemeral answer (None: nothing to say)."""
    user = str(interaction.user.id)
    name = interaction.user.display_name
    if action == "join":
        await svc.join(game_id, user, name)
        await publisher.sync(game_id)
        return "You have a seat. The creator starts the game when everyone is in."
    if action == "leave":
        game = await svc.leave(game_id, user)
        await publisher.sync(game_id)
        return "The table is closed." if game.row.status == "abandoned" else "You left the table."
    if action == "start":
        await svc.start(game_id, user)
        log.info("game %s started", game_id)
        await publisher.sync(game_id)
        return None
    if action == "colour":
        if len(values) != 1 or (values[0] != "any" and values[0] not in COLOURS):
            raise errors.BadOptions("Pick one colour from the list.")
        colour = None if values[0] == "any" else values[0]
        game = await svc.load(game_id)
        me = game.seat_of(user)
        if me is None:
            await svc.join(game_id, user, name, colour)
            answer = f"You have a seat{' as ' + colour if colour else ''}."
        else:
            changed = await svc.choose_colour(game_id, user, colour)
            answer = f"Your colour is now {colour}." if colour else "Your colour will be drawn at the start."
            if changed.seat_of(user) == me:  # the same pick again: the lobby already shows it
                return answer
        await publisher.sync(game_id)
        return answer
    game = await svc.load(game_id)
    if game.row.status != "lobby":
        raise errors.NotInLobby()
    if user != game.row.creator:
        raise errors.NotAllowed("Only the game's creator can change its settings.")
    if action == "settings":
        await interaction.followup.send(ephemeral=True, **settings_payload(game).send_kwargs())
        return None
    if action.startswith("set."):
        game = await svc.set_options(game_id, user, **setting_changes(game, action, values))
        await publisher.sync(game_id)
        await interaction.edit_original_response(**settings_payload(game).edit_kwargs())
        return None
    raise errors.BadOptions(clip(f"Unknown lobby action '{action}'.", 100))
