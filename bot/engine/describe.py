"""One line per event, in our own words, as a given viewer may know it.

Players appear as seat placeholders (`{seat:2}`) that the service fills with names. The public
line never names a card drawn from the face-down pile. Lines are also read for events stored by
older versions, so every field added later is read with a default.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .board import place_name
from .components import CATCH_LIRA
from .decision import Event, seat_ref
from .decks import DECK_NAMED, Deck
from .texts import card_phrase as card
from .texts import goods_phrase, join_and
from .tokens import neutral_token, token_noun

Line = Callable[[str, dict[str, Any], bool], str | None]  # (who, data, the viewer's own event?)


def _tile(colour: str) -> str:
    return f"the {colour} mosque tile"


def _at(d: dict[str, Any]) -> str:
    return f" at {place_name(d['place'])}" if d.get("place") else ""


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
ASSISTANT_ACTS = {"collect": "picked up an assistant", "neutral": "picked up a neutral assistant"}
CATCH_REWARDS = {"card": "a bonus card", "lira": f"{CATCH_LIRA} Lira"}
SILENT_PAYMENTS = ("market", "green_tile", "yellow_tile")  # told by the sale and the tile lines


# ---- the lines that need more than one sentence shape ---------------------------------------------


def _move(who: str, d: dict[str, Any], own: bool) -> str:
    if d.get("token"):  # a token other than the merchant stack
        who = f"{who}'s {token_noun(d['token'])}"
    if d["how"] == "stay":
        return f"{who} stayed at {place_name(d['target'])}."
    return f"{who} moved from {place_name(d['source'])} to {place_name(d['target'])}."


def _assistant(who: str, d: dict[str, Any], own: bool) -> str:
    verb = ASSISTANT_ACTS.get(d["act"], "left a neutral assistant" if d.get("neutral") else "left an assistant")
    return f"{who} {verb} at {place_name(d['place'])}."


def _end_early(who: str, d: dict[str, Any], own: bool) -> str | None:
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


def _neutral_title(tag: str) -> str | None:
    token = neutral_token(tag)
    return token.title[:1].upper() + token.title[1:] if token else None


def _relocate(who: str, d: dict[str, Any], own: bool) -> str:
    colour = d.get("colour")
    neutral = f"The {colour} neutral merchant" if colour else "A neutral merchant"
    token = _neutral_title(d["token"]) or neutral
    if d.get("source") == d["to"]:  # older logs lack the source: they say "moved", as they did
        return f"{token} stayed at {place_name(d['to'])}: the dice showed its own place."
    return f"{token} moved to {place_name(d['to'])}."


def _waived(who: str, d: dict[str, Any], own: bool) -> str:
    token = neutral_token(d["token"])
    return f"{who} owed {token.title if token else 'the token'} nothing this time."


def _action(who: str, d: dict[str, Any], own: bool) -> str:
    if d["via"] == "family":
        return f"{who}'s family member took the action of {place_name(d['place'])}."
    again = " again" if d["via"] == "again" else ""
    return f"{who} took the action of {place_name(d['place'])}{again}."


def _skip(who: str, d: dict[str, Any], own: bool) -> str:
    again = " again" if d.get("via") == "again" else ""
    if d.get("could", True):
        return f"{who} chose not to take the action of {place_name(d['place'])}{again}."
    return f"{who} could not take the action of {place_name(d['place'])}{again}."


def _recall(who: str, d: dict[str, Any], own: bool) -> str:
    places = [place_name(q) for q in d["places"]]
    if not places:
        return f"{who} had no assistant to call back."
    if len(places) == 1:
        return f"{who} called back the assistant at {places[0]}."
    return f"{who} called back {len(places)} assistants, from {join_and(places)}."


def _nothing(who: str, d: dict[str, Any], own: bool) -> str:
    return f"{who}'s roll of {d['total']} brought no jewelry." if "total" in d else f"{who} got no jewelry."


def _gain(who: str, d: dict[str, Any], own: bool) -> str:
    """What arrived and, when the wheelbarrow was full, what was lost. A gain of nothing at all
    only happens when no good fitted: logs written before `lost` was recorded say so too."""
    line = f"{who} gained {goods_phrase(d['goods'], d['lira'])} {GAIN_FROM.get(d['why'], '')}".rstrip()
    lost = d.get("lost") or {}
    if lost:
        return f"{line} ({goods_phrase(lost)} lost: wheelbarrow full)."
    if not (d["goods"] or d["lira"]):
        return f"{line} (wheelbarrow full)."
    return line + "."


def _pay(who: str, d: dict[str, Any], own: bool) -> str | None:
    if d["why"] in SILENT_PAYMENTS:
        return None
    return f"{who} paid {goods_phrase(d['goods'], d['lira'])} {PAID_TO.get(d['why'], '')}".rstrip() + "."


def _fee(who: str, d: dict[str, Any], own: bool) -> str:
    if d["to"] < 0:
        colour = d.get("colour")
        return f"{who} paid {d['lira']} Lira to the bank for the {colour + ' ' if colour else ''}neutral merchant."
    return f"{who} paid {d['lira']} Lira to {seat_ref(d['to'])}."


def _ruby(who: str, d: dict[str, Any], own: bool) -> str:
    source = RUBY_FROM.get(d["source"], "")
    return f"{who} took a ruby{' ' + source if source else ''} ({d['total']} in all)."


# Why a card was discarded face up, where the story says it (a module adds its own: a kiosk tile).
DISCARD_WHY = {"governor": " to pay the Governor"}


def _discard(who: str, d: dict[str, Any], own: bool) -> str:
    why = DISCARD_WHY.get(d.get("why", ""), "")
    deck = _deck(d)
    return f"{who} discarded {deck.phrase(d['card']) if deck else card(d['card'])}{why}."


def _tile_used(who: str, d: dict[str, Any], own: bool) -> str:
    tile = _tile(d["tile"])
    if d["tile"] == "red":
        if d.get("act") == "reroll":
            return f"{who} used {tile} to roll both dice again."
        if d.get("dice"):
            return f"{who} used {tile} to turn a die into a 4: now {d['dice'][0]} and {d['dice'][1]}."
    if d.get("lira"):
        return f"{who} paid {d['lira']} Lira to use {tile}."
    return f"{who} used {tile}."


def _deck(d: dict[str, Any]) -> Deck | None:
    """The deck an event names (None: the bonus cards, whose events name none)."""
    return DECK_NAMED.get(d["deck"]) if "deck" in d else None


def _draw(who: str, d: dict[str, Any], own: bool) -> str:
    deck = _deck(d)
    if deck is None:
        return f"{who} drew {card(d['card'])}." if own else f"{who} drew a bonus card."
    if deck.private and not own:
        return f"{who} drew {deck.noun}."
    return f"{who} {'drew' if deck.private else 'turned up'} {deck.phrase(d['card'])}."


def _played(who: str, d: dict[str, Any], own: bool) -> str:
    deck = _deck(d)  # a played card lies face up: named to everyone
    return f"{who} played {deck.phrase(d['card']) if deck else card(d['card'])}."


def _reshuffle(who: str, d: dict[str, Any], own: bool) -> str:
    deck = _deck(d)
    if deck is None:
        return "The discard pile was shuffled into a new draw pile."
    return f"The discarded {deck.title}s were shuffled into a new face-down pile."


def _no_card(who: str, d: dict[str, Any], own: bool) -> str:
    deck = _deck(d)
    return f"{who} found no {deck.title if deck else 'bonus card'} left to take."


def _forfeit(who: str, d: dict[str, Any], own: bool) -> str:
    if d.get("at") == "final":
        return f"{who} played no more leftover cards."
    if d.get("off_turn"):
        return f"{who}'s decision was skipped."
    return f"{who}'s turn was skipped."


# ---- event kind -> its line ----------------------------------------------------------------------

LINES: dict[str, Line] = {
    # the turn
    "turn": lambda who, d, own: f"Round {d['round']}: {who}'s {'extra turn' if d.get('extra') else 'turn'}.",
    "move": _move,
    "assistant": _assistant,
    "end_early": _end_early,
    "relocate": _relocate,
    "waived": _waived,
    "dice": lambda who, d, own: f"{who} rolled {join_and([str(x) for x in d['d']])}.",
    "action": _action,
    "skip": _skip,
    "recall": _recall,
    "call": lambda who, d, own: f"{who} named {d['number']} at the Tea House.",
    "nothing": _nothing,
    "family_sent": lambda who, d, own: (
        f"{who} sent the family member from the Police Station to {place_name(d['target'])}."
    ),
    "family_home": lambda who, d, own: f"{who}'s family member went back to the Police Station.",
    "caught": lambda who, d, own: (
        f"{who} caught {seat_ref(d['victim'])}'s family member and chose {CATCH_REWARDS.get(d['reward'], 'Lira')}."
    ),
    "caravan_leader": lambda who, d, own: f"{who} is now the Caravan Leader.",
    # goods, Lira and rubies
    "gain": _gain,
    "pay": _pay,
    "fee": _fee,
    "ruby": _ruby,
    "sold": lambda who, d, own: f"{who} sold {goods_phrase(d['goods'])} for {d['lira']} Lira.",
    "demand": lambda who, d, own: (
        f"The next demand tile at {place_name(d['place'])} asks for {goods_phrase(d['goods'])}."
    ),
    "extension": lambda who, d, own: f"{who} bought a wheelbarrow extension: now up to {d['capacity']} of each good.",
    "ruby_refilled": lambda who, d, own: (
        f"A ruby from the supply now waits at {place_name(d['place'])}, at the highest price."
    ),
    # bonus cards (a card drawn from the face-down pile is named to its owner only)
    "draw": _draw,
    "take_discard": lambda who, d, own: f"{who} took {card(d['card'])} from the discard pile.",
    "discard": _discard,
    "card": _played,
    "reshuffle": _reshuffle,
    "no_card": _no_card,
    # mosque tiles
    "tile_used": _tile_used,
    "mosque_tile": lambda who, d, own: f"{who} took {_tile(d['colour'])}.",
    "fifth_assistant": lambda who, d, own: f"{who}'s fifth assistant joined the merchant stack.",
    # the game
    "end_triggered": lambda who, d, own: f"{who} has {d['rubies']} rubies: this is the last round.",
    "last_round_over": lambda who, d, own: "The last round is over: leftover cards may now be played.",
    "game_over": lambda who, d, own: "The game is over.",
    "undo": lambda who, d, own: f"{who} took back a choice.",
    "forfeit": _forfeit,
}


def describe(event: Event, viewer: int | None) -> str | None:
    """The line `viewer` (None = the public) may read about `event`, or None for no line (the
    input record, and kinds this version does not know)."""
    tell = LINES.get(event.kind)
    if tell is None:
        return None
    who = seat_ref(event.player) if event.player is not None else "Someone"
    return tell(who, event.data, viewer is not None and viewer == event.player)


LINE_MODULES: dict[str, str] = dict.fromkeys(LINES, "base")


def register_line(kind: str, line: Line, module: str) -> None:
    """A module's story line for an event kind it adds (read with the same `describe`)."""
    LINES[kind] = line
    LINE_MODULES[kind] = module
