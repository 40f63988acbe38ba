"""What the channel shows while other seats decide in the middle of a turn (DESIGN "The Big Box",
"Other seats deciding mid-turn"; Kiosk picks and auction bids next).

An *interlude* message asks the seat that must decide: a mention of that person, the question
in words, its options as components and the utility row (Undo works within the seat's own part),
with no board image. It is edited while the same person decides; when another person must
decide, it loses its components and a new one (with a new mention) is posted. Meanwhile the turn
message of the seat whose turn it is says whom it waits for, and carries on (edited, no new
ping) once the question has gone round. Pure payload builders: they take public lines only."""

from __future__ import annotations

import discord

from ..service import Decision, View
from . import payloads
from .items import UtilityButton
from .payloads import Payload, Seat
from .text import plain

INTERLUDE = "interlude"  # the stored message's purpose
WAITING = "wait"  # the turn message's mode while another seat decides


def interlude_payload(
    game: int, public: View, decision: Decision, decider: Seat, turn_of: Seat, names: dict[int, str],
    lines: list[str], *, ping: bool, hints: bool = False,
) -> Payload:
    """The question to `decider` in the middle of `turn_of`'s turn (with Hint when `hints`: the
    table has them on, and a person decides)."""
    options = payloads.public_part(decision)
    private = None
    hand = public.hand(decider.seat)
    if (hand if isinstance(hand, int) else len(hand)) > 0 or len(options) < len(decision.options):
        private = "Choose privately…" if options else f"{decider.name}: choose privately…"
    prompt = payloads.fill(decision.prompt, names)
    title = f"Round {public.round} · {plain(decider.title)} decides in {plain(turn_of.name)}'s turn"
    embed = discord.Embed(
        title=title, description=payloads.story(lines, f"**{prompt}**"), colour=payloads.colour_of(decider.colour),
    )
    embed.set_footer(text=f"Istanbul · game #{game} · decision {decision.decision_id}")
    content = f"<@{decider.user_id}>, a decision for you in {plain(turn_of.name)}'s turn." if decider.user_id else None
    view = payloads.view_of(
        *payloads.option_items(game, decision, options, names),
        *payloads.utility_row(
            game, decision.decision_id, private=private,
            hint=hints and decider.user_id is not None and not decider.computer,
        ),
    )
    return Payload(content, embed, [], view, decider.user_id if ping else None)


def answered_payload(game: int, round_: int, decider: Seat, turn_of: Seat, lines: list[str]) -> Payload:
    """An interlude whose seat has answered: the story as it ended, no components."""
    title = f"Round {round_} · {plain(decider.title)} decided in {plain(turn_of.name)}'s turn"
    tail = f"**{plain(decider.name)} has answered.**"
    embed = discord.Embed(title=title, description=payloads.story(lines, tail), colour=payloads.colour_of(decider.colour))
    embed.set_footer(text=f"Istanbul · game #{game}")
    return Payload(payloads.NO_CONTENT, embed, [], None)


def waiting_payload(
    game: int, public: View, seat: Seat, decider: Seat, decision: Decision, names: dict[int, str], lines: list[str],
) -> Payload:
    """The turn message of the seat whose turn it is while `decider` decides: the board as it is
    (the message keeps its pictures), whom it waits for and on what; My cards and Log only (the
    question handed to another seat cannot be taken back)."""
    prompt = payloads.fill(decision.prompt, names)
    tail = f"**Waiting for {plain(decider.name)}:** {prompt}\n_{plain(seat.name)}'s turn goes on once they have answered._"
    embed = payloads.board_embed(
        game, f"Round {public.round} · {plain(seat.title)} to play", payloads.story(lines, tail), seat.colour,
        f" · waiting for decision {decision.decision_id}",
    )
    view = payloads.view_of(
        UtilityButton(game, "cards", label="My cards", row=4), UtilityButton(game, "log", label="Log", row=4),
    )
    return payloads.pictured(Payload(payloads.NO_CONTENT, embed, [], view), (), seat.colour)
