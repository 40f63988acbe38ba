"""Where a choice leads, from public information only: short notes beside the options.

`previews(view, decision)` gives, for the options it can say something about, one short note:
what waits on a place a move goes to (merchants to pay, the Governor, the Smuggler, your own
assistant, a family member to catch, a turn that would end for want of an assistant), and the
odds of the Tea House calls and the Black Market roll. Other players are named by colour. Only
the view's public parts are read (positions, Lira, goods), so the notes are the same whatever
the hidden cards are, and building them changes nothing in the game.

`undo_refusal(...)` says why a choice cannot be taken back, from the events since it was made.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .components import (
    BLACK_MARKET,
    FOUNTAIN,
    TEA_HOUSE,
    black_market_blue,
)
from .decision import Decision, Event
from .movement import fee
from .state import GameState
from .tokens import caught_at, neutral_tokens_at
from .views import View

MAX_NOTE = 90  # fits a select option's description (100) and an 80-column line beside a short label


@cache
def at_least(total: int) -> float:
    """The chance that two dice show at least `total`."""
    hits = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= total)
    return hits / 36


def percent(p: float) -> str:
    return f"{round(p * 100)} %"


def colour_name(g: GameState, seat: int) -> str:
    return g.players[seat].colour.capitalize()


def join_notes(parts: Sequence[str], limit: int = MAX_NOTE) -> str:
    """Parts joined by "; ", the ones that do not fit replaced by "+N more"."""
    out: list[str] = []
    for i, part in enumerate(parts):
        rest = len(parts) - i - 1
        candidate = "; ".join([*out, part])
        tail = f"; +{rest} more" if rest else ""
        if len(candidate + tail) > limit:
            return "; ".join([*out, f"+{len(parts) - i} more"]) if out else f"+{len(parts)} more"
        out.append(part)
    return "; ".join(out)


# The codes that move a token onto the place their tail names: prefix -> whether that token takes
# the assistant step there (the merchant stack's "go.<place>"; a module adds its own tokens' moves:
# Letters & Seals' companion, "t.cm.<place>").
ARRIVALS: dict[str, bool] = {"go.": True}


def arrival_notes(g: GameState, seat: int, place: int, assistants: bool = True) -> list[str]:
    """What a merchant of `seat` (or, without `assistants`, another token of the seat that is
    paid like one and needs no assistant) finds on `place`, in the order the turn meets it."""
    p = g.players[seat]
    notes: list[str] = []
    if assistants:
        own_assistant = place in p.assistants
        neutral_assistant = g.settings.neutral_assistants and place in g.board.neutral_assistants
        if place != FOUNTAIN and not own_assistant and not neutral_assistant and not p.stack:
            return ["no assistant to leave: your turn ends"]
        if own_assistant:
            notes.append("your assistant waits")
        elif neutral_assistant:
            notes.append("a neutral assistant waits")
    others, neutral, cost = fee(g, seat, place)
    if cost:
        names = [colour_name(g, s) for s in others] + ["neutral"] * bool(neutral)
        short = "" if p.lira >= cost else ", more than you have: your turn ends"
        notes.append(f"pay {cost} Lira ({', '.join(names)}){short}")
    caught = [colour_name(g, s) for s in caught_at(g, place, seat)]
    if caught:
        notes.append("catch " + " and ".join(caught) + ("'s family" if len(caught) == 1 else " families"))
    notes.extend(t.title for t in neutral_tokens_at(g, place))
    return notes


def tea_house_note(call: int) -> str:
    return f"dice alone reach {call}: {percent(at_least(call))}"


def black_market_note() -> str:
    chances = []
    for blue in (1, 2, 3):
        p = sum(1 / 36 for a in range(1, 7) for b in range(1, 7) if black_market_blue(a + b) == blue)
        chances.append(f"{blue} jewelry {percent(p)}")
    return "dice alone: " + ", ".join(chances) + f", none {percent(1 - at_least(7))}"


def previews(v: View, d: Decision, limit: int = MAX_NOTE) -> dict[str, str]:
    """Notes for the options of `d` (the pending decision of the game `v` shows), by code, each
    at most `limit` characters (what does not fit becomes "+N more")."""
    g = v.state
    seat = d.player
    notes: dict[str, str] = {}
    for o in d.options:
        code = o.code
        prefix, _, tail = code.rpartition(".")
        assistants = ARRIVALS.get(prefix + ".") if tail.isdigit() else None
        if assistants is not None:
            found = arrival_notes(g, seat, int(tail), assistants)
            if found:
                notes[code] = join_notes(found, limit)
        elif d.kind == "action" and _at(g, seat) == TEA_HOUSE and code[:1] == "n" and code[1:].isdigit():
            notes[code] = join_notes([tea_house_note(int(code[1:]))], limit)
        elif d.kind == "action" and _at(g, seat) == BLACK_MARKET and (code == "roll" or code.startswith("g.")):
            notes[code] = join_notes([black_market_note()], limit)
    return notes


def _at(g: GameState, seat: int) -> int:
    steps = g.steps
    return steps[-1].place if steps else 0


BARRIER_REASONS = {
    "dice": "a die was rolled",
    "draw": "a card was drawn",
    "card": "a bonus card was played face up",
    "discard": "a card was discarded face up",
    "demand": "a new demand tile was turned up",
    "forfeit": "a turn was skipped",
}


def undo_refusal(g: GameState, player: int, recent: Sequence[Event]) -> str:
    """Why `player` cannot take a choice back now (ask only when `can_undo` says no), from the
    game's latest events (`recent`, oldest first): the newest barrier or other player's choice."""
    if g.finished:
        return "the game is over"
    for k in range(len(recent) - 1, -1, -1):
        e = recent[k]
        if e.kind == "input" and e.player is not None and e.player != player:
            if any(x.kind == "input" and x.player == player for x in recent[:k]):
                return f"{colour_name(g, e.player)} has chosen since your last choice"
            return "you have made no choice to take back"
        if e.kind == "forfeit" and e.data.get("off_turn"):
            return "a decision was skipped"
        reason = BARRIER_REASONS.get(e.kind)
        if reason:
            return reason
    return "you have made no choice to take back"
