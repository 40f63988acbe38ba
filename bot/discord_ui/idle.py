"""Idle seats: skipping a turn (or another seat's decision in the middle of a turn) or handing the seat to the computer player once the game's
timeout has passed (each after a confirmation), the owner taking the seat back, and muting the
reminders of one's own turn."""

from __future__ import annotations

import contextlib
from typing import Any

import discord

from ..service import PAUSE_DAYS, Game, GameService, GameState, errors, pending
from .items import UtilityButton
from .payloads import Answer, Payload, view_of
from .publisher import Publisher
from .text import clip, counted, plain

# what a skip of an off-turn decision does (RULES-NOTES E-62), in a sentence's parenthesis
SKIPPED_DECISION = "{name} passes, or takes the first free choice without using it; the turn goes on"
IDLE_ACTIONS = frozenset({"skip", "skipok", "hand", "handok", "back", "mute", "leaveok"})


def idle_notice(game: Game, seat: int, hours: float, *, off_turn: bool = False) -> Payload:
    """The public notice when a person's time is up: anyone else seated may act. `off_turn`: the
    person is asked a decision in the middle of another seat's turn (a skip answers that decision
    only)."""
    name = plain(game.seats[seat].name)
    if off_turn:
        text = (
            f"{name} has had a decision to make for {counted(hours, 'hour')}. Any other player may now "
            f"**skip this decision** ({SKIPPED_DECISION.format(name=name)}) or **hand the seat to the computer** "
            "until they take it back with `/istanbul resume`."
        )
    else:
        text = (
            f"{name} has had the move for {counted(hours, 'hour')}. Any other player may now **skip this turn** "
            f"(the turn ends as if {name} passed) or **hand the seat to the computer** until they take it "
            "back with `/istanbul resume`."
        )
    view = view_of(
        UtilityButton(game.id, "skip", label="Skip decision" if off_turn else "Skip turn", row=0),
        UtilityButton(game.id, "hand", label="Hand seat to computer", row=0),
    )
    return Payload(text, None, [], view)


def muted_notice(state: GameState) -> str:
    """The once-only notice that marks this turn's reminders as muted (kept per turn, so the next
    turn is reminded again)."""
    return f"mute.{state.turns}"


def mute_view(game_id: int, *, off_turn: bool = False) -> discord.ui.View:
    """The button on a reminder: no more reminders for the rest of this turn; `off_turn`: the
    reminder is for a decision asked in the middle of another seat's turn, and the button says so
    (the mute lasts as long as that part of the turn)."""
    return view_of(UtilityButton(game_id, "mute", label="Mute this decision" if off_turn else "Mute this turn", row=0))


def confirm(game_id: int, action: str, question: str, label: str) -> Payload:
    view = view_of(UtilityButton(game_id, action, label=clip(label, 80), style=discord.ButtonStyle.danger, row=0))
    return Payload(question, None, [], view)


def handed_over_notice(game: Game, seat: int, by_name: str) -> Payload:
    """The public notice of a hand-over, pinging the seat's owner, with the button to take it back."""
    owner = game.seats[seat]
    text = (
        f"<@{owner.user_id}>, {plain(by_name)} handed your seat in game #{game.id} to the computer player after "
        f"{counted(game.options.timeout_hours, 'hour')} without a move. It plays for you until you take the seat back with "
        "**Take my seat back** or `/istanbul resume`."
    )
    view = view_of(UtilityButton(game.id, "back", label="Take my seat back", style=discord.ButtonStyle.success, row=0))
    return Payload(text, None, [], view, int(owner.user_id or 0) or None)


async def take_back(svc: GameService, publisher: Publisher, game: Game, user: str) -> str:
    """The owner plays their seat again (the button on the hand-over notice, or `/istanbul resume`);
    a paused game goes on."""
    await svc.take_back_seat(game.id, user)
    await publisher.sync(game.id)
    return "Your seat is yours again." + (" The game goes on." if game.left_by_everyone else "")


async def leave_game(svc: GameService, publisher: Publisher, game: Game, user: str, *, confirmed: bool) -> Answer:
    """A person leaves a running game: the computer plays their seat. The last person playing is
    asked first, since their leaving pauses the game."""
    seat = game.seat_of(user)
    if seat is None:
        raise errors.NotSeated()
    if game.row.status != "active":
        raise errors.GameIsOver() if game.row.status in ("finished", "abandoned") else errors.NotStarted()
    last = [s.seat for s in game.people_playing()] == [seat.seat]
    if last and not confirmed:
        return confirm(
            game.id, "leaveok",
            f"You are the last person playing game #{game.id}. If you leave, the game pauses until one of its "
            f"players comes back with `/istanbul resume`, and closes without a result after {PAUSE_DAYS} days. Leave?",
            "Yes, leave the game",
        )
    changed = await svc.set_computer(game.id, seat.seat, True, by_user=user)
    await publisher.sync(game.id)
    if changed.left_by_everyone:
        return (
            f"You left game #{game.id}; it is paused. Wake it any time within {PAUSE_DAYS} days with "
            "`/istanbul resume`."
        )
    return "A computer player now plays your seat. Come back any time with `/istanbul resume`."


async def idle_action(
    svc: GameService, publisher: Publisher, interaction: discord.Interaction[Any], game_id: int, action: str,
) -> Answer:
    user = str(interaction.user.id)
    game = await svc.load(game_id)
    if game.state is None or game.row.status != "active":
        raise errors.GameIsOver() if game.row.status in ("finished", "abandoned") else errors.NotStarted()
    decision = pending(game.state)
    assert decision is not None
    decider = game.seats[decision.player]
    if action == "back":
        return await take_back(svc, publisher, game, user)
    if action == "leaveok":
        return await leave_game(svc, publisher, game, user, confirmed=True)
    if action == "mute":
        if decider.user_id != user:
            if decision.off_turn:
                return "Only the player asked this decision can mute its reminders."
            return "Only the player whose turn it is can mute its reminders."
        await svc.notice_once(game_id, muted_notice(game.state), user)
        return "No more reminders for this decision." if decision.off_turn else "No more reminders for this turn."
    if action in ("skip", "hand"):
        await svc.check_idle(game, user, "skip" if action == "skip" else "hand over")
        name = plain(decider.name)
        if action == "skip" and decision.off_turn:
            question = f"Skip {name}'s decision? {SKIPPED_DECISION.format(name=name).capitalize()}."
            return confirm(game_id, "skipok", question, "Yes, skip the decision")
        if action == "skip":
            return confirm(game_id, "skipok", f"Skip {name}'s turn? Their turn ends as if they passed.", "Yes, skip the turn")
        return confirm(game_id, "handok", f"Let the computer play {name}'s seat until they take it back?", "Yes, hand it over")
    if action == "skipok":
        await svc.skip_turn(game_id, user)
        await publisher.sync(game_id)
        return "Done: the decision was skipped." if decision.off_turn else "Done: the turn was skipped."
    if action == "handok":
        await svc.hand_idle_seat(game_id, user)
        with contextlib.suppress(discord.HTTPException, discord.RateLimited):  # the sync below reports trouble
            await publisher.send(game, handed_over_notice(game, decision.player, interaction.user.display_name))
        await publisher.sync(game_id)
        return "Done: a computer player has the seat until its owner takes it back."
    raise errors.BadOptions("That button is not one I know.")
