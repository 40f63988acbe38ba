"""Idle seats: skipping a turn or handing the seat to the computer player once the game's
timeout has passed (each after a confirmation), the owner taking the seat back, and muting the
reminders of one's own turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from .. import engine
from ..service import Game, errors
from .items import UtilityButton
from .payloads import Payload, view_of
from .text import clip, plain

if TYPE_CHECKING:
    from .handlers import Answer, Handlers

IDLE_ACTIONS = frozenset({"skip", "skipok", "hand", "handok", "back", "mute"})


def idle_notice(game: Game, seat: int, hours: float) -> Payload:
    """The public notice when a person's time is up: anyone else seated may act."""
    name = plain(game.seats[seat].name)
    text = (
        f"{name} has had the move for {hours:g} hours. Any other player may now **skip this turn** "
        f"(the turn ends as if {name} passed) or **hand the seat to the computer** until they take it "
        "back with `/istanbul resume`."
    )
    view = view_of(
        UtilityButton(game.id, "skip", label="Skip turn", row=0),
        UtilityButton(game.id, "hand", label="Hand seat to computer", row=0),
    )
    return Payload(text, None, [], view)


def mute_view(game_id: int) -> discord.ui.View:
    """The button on a reminder: no more reminders for the rest of this turn."""
    return view_of(UtilityButton(game_id, "mute", label="Mute this turn", row=0))


def confirm(game_id: int, action: str, question: str, label: str) -> Payload:
    view = view_of(UtilityButton(game_id, action, label=clip(label, 80), style=discord.ButtonStyle.danger, row=0))
    return Payload(question, None, [], view)


async def idle_action(handlers: Handlers, interaction: discord.Interaction[Any], game_id: int, action: str) -> Answer:
    svc = handlers.service
    user = str(interaction.user.id)
    game = await svc.load(game_id)
    if game.state is None or game.row.status != "active":
        raise errors.GameIsOver() if game.row.status in ("finished", "abandoned") else errors.NotStarted()
    decision = engine.pending(game.state)
    assert decision is not None
    decider = game.seats[decision.player]
    if action == "back":
        await svc.take_back_seat(game_id, user)
        await handlers.publisher.sync(game_id)
        return "Your seat is yours again."
    if action == "mute":
        if decider.user_id != user:
            return "Only the player whose turn it is can mute its reminders."
        await svc.notice_once(game_id, f"mute.{game.state.turns}", user)
        return "No more reminders for this turn."
    if game.seat_of(user) is None:
        raise errors.NotSeated()
    if action in ("skip", "hand"):
        if decider.user_id == user:
            raise errors.NotAllowed("That is your own turn: make a choice instead.")
        if decider.played_by_computer:
            raise errors.NotAllowed("A computer player is deciding; it needs no push.")
        if await svc.idle_for(game, decision.player) < game.options.timeout_hours * 3600:
            raise errors.NotAllowed(f"{decider.name}'s time is not up yet.")
        name = plain(decider.name)
        if action == "skip":
            return confirm(game_id, "skipok", f"Skip {name}'s turn? Their turn ends as if they passed.", "Yes, skip the turn")
        return confirm(game_id, "handok", f"Let the computer play {name}'s seat until they take it back?", "Yes, hand it over")
    if action == "skipok":
        await svc.skip_turn(game_id, user)
        await handlers.publisher.sync(game_id)
        return "Done: the turn was skipped."
    if action == "handok":
        await svc.hand_idle_seat(game_id, user)
        await handlers.publisher.sync(game_id)
        return "Done: a computer player has the seat until its owner takes it back."
    raise errors.BadOptions("That button is not one I know.")
