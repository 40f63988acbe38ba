"""One line per event, in our own words, as a given viewer may know it.

Players appear as seat placeholders (`{seat:2}`) that the service fills with names. The public
line never names a card drawn from the face-down pile. Lines are also read for events stored by
older versions, so every field added later is read with a default.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import place_name
from .decision import Event, seat_ref
from .texts import card_phrase as card
from .texts import goods_phrase, join_and

Line = Callable[[str, str, dict[str, Any], bool], str | None]  # (kind, who, data, own line?)


def _tile(colour: str) -> str:
    return f"the {colour} mosque tile"


def _at(d: dict[str, Any]) -> str:
    return f" at {place_name(d['place'])}" if d.get("place") else ""


def _end_early(who: str, d: dict[str, Any]) -> str | None:
    reason, at = d["reason"], _at(d)
    if reason == "forfeit":
        return None  # the forfeit event itself tells it
    if reason == "declined_assistant":
        return f"{who} chose not to use an assistant{at}, which ends the turn."
    if reason == "no_assistant":
        return f"{who} had no assistant to leave{at}, so the turn ends."
    if reason == "refused_to_pay":
        return f"{who} would not pay the merchants{at}, which ends the turn."
    if reason == "could_not_pay":
        return f"{who} could not pay the merchants{at}, so the turn ends."
    return f"{who}'s turn ended early."


GAIN_FROM = {
    "warehouse": "at the warehouse",
    "post_office": "at the Post Office",
    "black_market": "at the Black Market",
    "tea_house": "at the Tea House",
    "market": "for the sale",
    "reward": "as a reward",
    "card": "from a bonus card",
    "smuggler": "from the Smuggler",
    "green_tile": "with the green mosque tile",
}
PAID_TO = {
    "governor": "to the Governor",
    "smuggler": "to the Smuggler",
    "sultan": "to the Sultan",
    "mosque": "at the mosque",
    "gemstone": "to the Gemstone Dealer",
}
RUBY_FROM = {
    "wainwright": "from the Wainwright",
    "sultan": "from the Sultan's Palace",
    "gemstone": "from the Gemstone Dealer",
    "mosque": "from the mosque",
}
TOKENS = {"governor": "The Governor", "smuggler": "The Smuggler"}


def _resources(kind: str, who: str, d: dict[str, Any], own: bool) -> str | None:
    if kind == "gain":
        where = GAIN_FROM.get(d["why"], "")
        return f"{who} gained {goods_phrase(d['goods'], d['lira'])} {where}".rstrip() + "."
    if kind == "pay":
        if d["why"] in ("market", "green_tile", "yellow_tile"):
            return None  # told by the sale and the tile lines
        return f"{who} paid {goods_phrase(d['goods'], d['lira'])} {PAID_TO.get(d['why'], '')}".rstrip() + "."
    if kind == "fee":
        if d["to"] < 0:
            colour = d.get("colour")
            return f"{who} paid {d['lira']} Lira to the bank for the {colour + ' ' if colour else ''}neutral merchant."
        return f"{who} paid {d['lira']} Lira to {seat_ref(d['to'])}."
    if kind == "ruby":
        source = RUBY_FROM.get(d["source"], "")
        return f"{who} took a ruby{' ' + source if source else ''} ({d['total']} in all)."
    if kind == "sold":
        return f"{who} sold {goods_phrase(d['goods'])} for {d['lira']} Lira."
    if kind == "demand":
        return f"The next demand tile at {place_name(d['place'])} asks for {goods_phrase(d['goods'])}."
    if kind == "extension":
        return f"{who} bought a wheelbarrow extension: now up to {d['capacity']} of each good."
    if kind == "ruby_refilled":
        return f"A ruby from the supply now waits at {place_name(d['place'])}, at the highest price."
    return None


def _cards(kind: str, who: str, d: dict[str, Any], own: bool) -> str | None:
    if kind == "draw":
        return f"{who} drew {card(d['card'])}." if own else f"{who} drew a bonus card."
    if kind == "take_discard":
        return f"{who} took {card(d['card'])} from the discard pile."
    if kind == "discard":
        why = " to pay the Governor" if d.get("why") == "governor" else ""
        return f"{who} discarded {card(d['card'])}{why}."
    if kind == "card":
        return f"{who} played {card(d['card'])}."
    if kind == "reshuffle":
        return "The discard pile was shuffled into a new draw pile."
    if kind == "no_card":
        return f"{who} found no bonus card left to take."
    return None


def _tiles(kind: str, who: str, d: dict[str, Any], own: bool) -> str | None:
    if kind == "tile_used":
        tile = _tile(d["tile"])
        if d["tile"] == "red":
            if d.get("act") == "reroll":
                return f"{who} used {tile} to roll both dice again."
            if d.get("dice"):
                return f"{who} used {tile} to turn a die into a 4: now {d['dice'][0]} and {d['dice'][1]}."
        if d.get("lira"):
            return f"{who} paid {d['lira']} Lira to use {tile}."
        return f"{who} used {tile}."
    if kind == "mosque_tile":
        return f"{who} took {_tile(d['colour'])}."
    if kind == "fifth_assistant":
        return f"{who}'s fifth assistant joined the merchant stack."
    return None


def _recall(who: str, d: dict[str, Any]) -> str:
    places = [place_name(q) for q in d["places"]]
    if not places:
        return f"{who} had no assistant to call back."
    if len(places) == 1:
        return f"{who} called back the assistant at {places[0]}."
    return f"{who} called back {len(places)} assistants, from {join_and(places)}."


def _turn(kind: str, who: str, d: dict[str, Any], own: bool) -> str | None:  # noqa: C901 - a table
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
        return _end_early(who, d)
    if kind == "relocate":
        colour = d.get("colour")
        neutral = f"The {colour} neutral merchant" if colour else "A neutral merchant"
        token = TOKENS.get(d["token"], neutral)
        return f"{token} moved to {place_name(d['to'])}."
    if kind == "dice":
        return f"{who} rolled {d['d'][0]} and {d['d'][1]}."
    if kind == "action":
        if d["via"] == "family":
            return f"{who}'s family member took the action of {place_name(d['place'])}."
        again = " again" if d["via"] == "again" else ""
        return f"{who} took the action of {place_name(d['place'])}{again}."
    if kind == "skip":
        again = " again" if d.get("via") == "again" else ""
        if d.get("could", True):
            return f"{who} chose not to take the action of {place_name(d['place'])}{again}."
        return f"{who} could not take the action of {place_name(d['place'])}{again}."
    if kind == "recall":
        return _recall(who, d)
    if kind == "call":
        return f"{who} named {d['number']} at the Tea House."
    if kind == "nothing":
        return f"{who}'s roll of {d['total']} brought no jewelry." if "total" in d else f"{who} got no jewelry."
    if kind == "family_sent":
        return f"{who} sent the family member from the Police Station to {place_name(d['target'])}."
    if kind == "family_home":
        return f"{who}'s family member went back to the Police Station."
    if kind == "caught":
        reward = "a bonus card" if d["reward"] == "card" else "3 Lira"
        return f"{who} caught {seat_ref(d['victim'])}'s family member and chose {reward}."
    if kind == "caravan_leader":
        return f"{who} is now the Caravan Leader."
    return None


def _game(kind: str, who: str, d: dict[str, Any], own: bool) -> str | None:
    if kind == "end_triggered":
        return f"{who} has {d['rubies']} rubies: this is the last round."
    if kind == "last_round_over":
        return "The last round is over: leftover cards may now be played."
    if kind == "game_over":
        return "The game is over."
    if kind == "undo":
        return f"{who} took back a choice."
    if kind == "forfeit":
        if d.get("at") == "final":
            return f"{who} played no more leftover cards."
        return f"{who}'s turn was skipped."
    return None


def _group(kinds: str, tell: Line) -> dict[str, Line]:
    return dict.fromkeys(kinds.split(), tell)


# event kind -> the function that tells it
LINES: dict[str, Line] = {
    **_group(
        "turn move assistant end_early relocate dice action skip recall call nothing family_sent "
        "family_home caught caravan_leader",
        _turn,
    ),
    **_group("gain pay fee ruby sold demand extension ruby_refilled", _resources),
    **_group("draw take_discard discard card reshuffle no_card", _cards),
    **_group("tile_used mosque_tile fifth_assistant", _tiles),
    **_group("end_triggered last_round_over game_over undo forfeit", _game),
}


def describe(event: Event, viewer: int | None) -> str | None:
    """The line `viewer` (None = the public) may read about `event`, or None for no line."""
    if event.kind == "input":
        return None
    tell = LINES.get(event.kind)
    if tell is None:
        return None
    who = seat_ref(event.player) if event.player is not None else "Someone"
    return tell(event.kind, who, event.data, viewer is not None and viewer == event.player)
