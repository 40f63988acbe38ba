"""One line per event, in our own words, as a given viewer may know it.

Players appear as seat placeholders (`{seat:2}`) that the service fills with names. The public
line never names a card drawn from the face-down pile.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import place_name
from .decision import Event, seat_ref
from .texts import CARD_NAMES, GOOD_NAMES, MOSQUE_TILE_NAMES

Line = Callable[[str, dict[str, Any], bool], str | None]


def _goods(goods: dict[str, int], lira: int = 0) -> str:
    parts = [f"{n} {GOOD_NAMES[c]}" for c, n in goods.items() if n]
    if lira:
        parts.append(f"{lira} Lira")
    return " and ".join(parts) if parts else "nothing"


REASONS = {
    "no_assistant": "without an assistant to leave or pick up",
    "refused_to_pay": "without paying the merchants there",
}
WHY = {
    "warehouse": "at the warehouse",
    "post_office": "at the Post Office",
    "black_market": "at the Black Market",
    "tea_house": "at the Tea House",
    "market": "for the sale",
    "reward": "as a reward",
    "card": "from a bonus card",
    "smuggler": "from the Smuggler",
    "green_tile": "with the green tile",
}


def _line(kind: str, who: str, d: dict[str, Any], own: bool) -> str | None:  # noqa: C901 - a table
    if kind == "turn":
        return f"Round {d['round']}: {who}'s turn."
    if kind == "move":
        if d["how"] == "stay":
            return f"{who} stayed at {place_name(d['target'])}."
        return f"{who} moved from {place_name(d['source'])} to {place_name(d['target'])}."
    if kind == "assistant":
        verb = {"collect": "picked up an assistant", "neutral": "picked up a neutral assistant"}.get(
            d["act"], "left a neutral assistant" if d.get("neutral") else "left an assistant"
        )
        return f"{who} {verb} at {place_name(d['place'])}."
    if kind == "end_early":
        if d["reason"] == "forfeit":
            return None  # the forfeit event itself tells it
        return f"{who}'s turn ended {REASONS.get(d['reason'], 'early')}."
    if kind == "fee":
        to = "the bank" if d["to"] < 0 else seat_ref(d["to"])
        return f"{who} paid {d['lira']} Lira to {to}."
    if kind == "relocate":
        token = {"governor": "The Governor", "smuggler": "The Smuggler"}.get(d["token"], "A neutral merchant")
        return f"{token} moved to {place_name(d['to'])}."
    if kind == "dice":
        return f"{who} rolled {d['d'][0]} and {d['d'][1]}."
    if kind == "reshuffle":
        return "The discard pile was shuffled into a new draw pile."
    if kind == "no_card":
        return f"{who} found no bonus card left to take."
    if kind == "draw":
        return f"{who} drew {CARD_NAMES[d['card']]}." if own else f"{who} drew a bonus card."
    if kind == "take_discard":
        return f"{who} took {CARD_NAMES[d['card']]} from the discard pile."
    if kind == "discard":
        return f"{who} discarded {CARD_NAMES[d['card']]}."
    if kind == "card":
        return f"{who} played {CARD_NAMES[d['card']]}."
    if kind == "gain":
        if not d["goods"] and not d["lira"]:
            return f"{who} gained nothing {WHY.get(d['why'], '')}".rstrip() + "."
        return f"{who} gained {_goods(d['goods'], d['lira'])} {WHY.get(d['why'], '')}".rstrip() + "."
    if kind == "pay":
        if d["why"] == "market":
            return None
        return f"{who} paid {_goods(d['goods'], d['lira'])}."
    if kind == "ruby":
        return f"{who} took a ruby ({d['total']} in all)."
    if kind == "end_triggered":
        return f"{who} has {d['rubies']} rubies: this is the last round."
    if kind == "extension":
        return f"{who} extended the wheelbarrow to {d['capacity']} of each good."
    if kind == "tile_used":
        return f"{who} used the {MOSQUE_TILE_NAMES[d['tile']]}."
    if kind == "action":
        via = " through the family member" if d["via"] == "family" else (" again" if d["via"] == "again" else "")
        return f"{who} took the action of {place_name(d['place'])}{via}."
    if kind == "skip":
        return f"{who} skipped the action of {place_name(d['place'])}."
    if kind == "recall":
        return f"{who} called back {len(d['places'])} assistant(s)."
    if kind == "call":
        return f"{who} called {d['number']}."
    if kind == "nothing":
        return f"{who} got no jewelry."
    if kind == "sold":
        return f"{who} sold {_goods(d['goods'])} for {d['lira']} Lira."
    if kind == "family_sent":
        return f"{who} sent the family member to {place_name(d['target'])}."
    if kind == "family_home":
        return f"{who}'s family member went back to the Police Station."
    if kind == "mosque_tile":
        return f"{who} took the {MOSQUE_TILE_NAMES[d['colour']]}."
    if kind == "fifth_assistant":
        return f"{who} gained a fifth assistant."
    if kind == "ruby_refilled":
        return f"A ruby from the supply now waits at {place_name(d['place'])}."
    if kind == "caught":
        reward = "a bonus card" if d["reward"] == "card" else "3 Lira"
        return f"{who} caught {seat_ref(d['victim'])}'s family member and chose {reward}."
    if kind == "caravan_leader":
        return f"{who} is now the Caravan Leader."
    if kind == "last_round_over":
        return "The last round is over: leftover cards may now be played."
    if kind == "game_over":
        return "The game is over."
    if kind == "undo":
        return f"{who} took back a choice."
    if kind == "forfeit":
        return f"{who}'s turn was skipped."
    return None


def describe(event: Event, viewer: int | None) -> str | None:
    """The line `viewer` (None = the public) may read about `event`, or None for no line."""
    if event.kind == "input":
        return None
    who = seat_ref(event.player) if event.player is not None else "Someone"
    return _line(event.kind, who, event.data, viewer is not None and viewer == event.player)
