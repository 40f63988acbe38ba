"""What just happened, in one line: the caption of the last turn played, for the players image
and as the images' alt text ("Yellow: Gemstone Dealer, paid 20 Lira → 5th ruby").

It is built from the game's log (the engine's events), reading only what the public story tells
(`engine.describe(event, None)`): never the card a player drew from the face-down pile, never an
option code. Players are named by colour, so the line carries no user-written text.

Which turn: choices taken back with Undo are dropped first (an undo takes back the last input and
everything that followed it); then the log is cut at each "turn" event and the caption tells the
latest turn in which the player has moved (or was skipped): the turn in progress once its
merchant has moved, else the one before it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Event
from ..engine.texts import CARD_NAMES, PLACE_NAMES, goods_phrase
from .ranking import ordinal

__all__ = ["caption", "last_turn", "taken_back"]

STARTS = ("input", "forfeit")  # the first event of an accepted choice
PLAYED = ("move", "forfeit")  # a turn with one of these has been played (in part at least)
PAID_TO = {"governor": " to the Governor", "smuggler": " to the Smuggler"}
ENDED = {
    "declined_assistant": "no action",
    "no_assistant": "no assistant left",
    "refused_to_pay": "would not pay the merchants",
    "could_not_pay": "could not pay the merchants",
}


def taken_back(events: Sequence[Event]) -> list[Event]:
    """`events` without the choices an undo took back (and without the undo events)."""
    groups: list[list[Event]] = [[]]  # the first: whatever precedes the first choice in `events`
    for e in events:
        if e.kind == "undo":
            if len(groups) > 1:
                groups.pop()
        elif e.kind in STARTS:
            groups.append([e])
        else:
            groups[-1].append(e)
    return [e for group in groups for e in group]


def last_turn(events: Sequence[Event]) -> list[Event]:
    """The events of the latest turn that has been played, starting with its "turn" event when
    `events` holds it (undone choices dropped); empty when no turn has been played."""
    turns: list[list[Event]] = [[]]
    for e in taken_back(events):
        if e.kind == "turn":
            turns.append([])
        turns[-1].append(e)
    return next((t for t in reversed(turns) if any(e.kind in PLAYED for e in t)), [])


def _place(n: int) -> str:
    return PLACE_NAMES.get(n, f"Place {n}")


def _card_name(kind: str) -> str:
    return CARD_NAMES.get(kind, kind)


class _Line:
    """The parts of a caption as they come: the place first, then what happened there."""

    def __init__(self, colour: Callable[[int], str]) -> None:
        self.colour = colour
        self.place = ""
        self.parts: list[str] = []
        self.draws = 0

    def add(self, part: str) -> None:
        self.parts.append(part)

    def event(self, e: Event) -> None:
        d: dict[str, Any] = e.data
        tell = getattr(self, f"_{e.kind}", None)
        if tell is not None:
            tell(d)

    def _move(self, d: dict[str, Any]) -> None:
        self.place = f"stayed at {_place(d['target'])}" if d.get("how") == "stay" else _place(d["target"])

    def _forfeit(self, d: dict[str, Any]) -> None:
        if d.get("at") != "final":
            self.add("turn skipped")

    def _end_early(self, d: dict[str, Any]) -> None:
        if d.get("reason") in ENDED:
            self.add(ENDED[d["reason"]])

    def _skip(self, d: dict[str, Any]) -> None:
        self.add("skipped the action" if d.get("could", True) else "could not act")

    def _action(self, d: dict[str, Any]) -> None:
        if d.get("via") == "again":
            self.add(f"{_place(d['place'])} again")

    def _family_sent(self, d: dict[str, Any]) -> None:
        self.add(f"family member → {_place(d['target'])}")

    def _fee(self, d: dict[str, Any]) -> None:
        to = d["to"]
        self.add(f"paid {self.colour(to)} {d['lira']} Lira" if to >= 0 else f"paid {d['lira']} Lira to a neutral merchant")

    def _gain(self, d: dict[str, Any]) -> None:
        if d.get("why") != "market" and (any(d["goods"].values()) or d["lira"]):  # a sale tells its Lira
            self.add(f"got {goods_phrase(d['goods'], d['lira'])}{' from the Smuggler' if d.get('why') == 'smuggler' else ''}")

    def _pay(self, d: dict[str, Any]) -> None:
        if d.get("why") not in ("market", "green_tile", "yellow_tile"):  # told by the sale and the tiles
            self.add(f"paid {goods_phrase(d['goods'], d['lira'])}{PAID_TO.get(d.get('why', ''), '')}")

    def _ruby(self, d: dict[str, Any]) -> None:
        if self.parts:  # what was paid or done for it
            self.parts[-1] += f" → {ordinal(d['total'])} ruby"
        else:
            self.add(f"took the {ordinal(d['total'])} ruby")

    def _sold(self, d: dict[str, Any]) -> None:
        self.add(f"sold {goods_phrase(d['goods'])} for {d['lira']} Lira")

    def _extension(self, d: dict[str, Any]) -> None:
        self.add(f"bought an extension (room for {d['capacity']})")

    def _mosque_tile(self, d: dict[str, Any]) -> None:
        self.add(f"took the {d['colour']} mosque tile")

    def _draw(self, d: dict[str, Any]) -> None:  # the card drawn is never read: the public does not see it
        self.draws += 1
        text = "drew a bonus card" if self.draws == 1 else f"drew {self.draws} bonus cards"
        if self.draws > 1 and self.parts and self.parts[-1].startswith("drew"):
            self.parts[-1] = text
        else:
            self.add(text)

    def _take_discard(self, d: dict[str, Any]) -> None:
        self.add(f"took “{_card_name(d['card'])}” from the discard")

    def _card(self, d: dict[str, Any]) -> None:
        self.add(f"played “{_card_name(d['card'])}”")

    def _caught(self, d: dict[str, Any]) -> None:
        self.add(f"caught {self.colour(d['victim'])}'s family member")

    def _call(self, d: dict[str, Any]) -> None:
        self.add(f"called {d['number']}")

    def _dice(self, d: dict[str, Any]) -> None:
        roll = "rolled " + "+".join(str(x) for x in d["d"])  # one die (a kiosk tile) or both
        if self.parts and self.parts[-1].startswith("called"):
            self.parts[-1] += f", {roll}"
        else:
            self.add(roll)

    def _recall(self, d: dict[str, Any]) -> None:
        n = len(d["places"])
        if n and self.parts and self.parts[-1].startswith("called back"):
            n += int(self.parts.pop().split()[2])
        if n:
            self.add(f"called back {n} assistant{'s' if n > 1 else ''}")

    def _caravan_leader(self, d: dict[str, Any]) -> None:
        self.add("became Caravan Leader")

    def _fifth_assistant(self, d: dict[str, Any]) -> None:
        self.add("got a 5th assistant")

    def _end_triggered(self, d: dict[str, Any]) -> None:
        self.add("last round!")


def caption(events: Sequence[Event], colours: Sequence[str]) -> str:
    """The last turn played, in one line, from the game's log (`events`: the log's end, any
    length that holds the last two turns; `colours`: each seat's colour). Empty before the
    first move."""
    turn = last_turn(events)
    if not turn:
        return ""
    seat = next((e.player for e in turn if e.player is not None), None)

    def colour(s: int) -> str:
        return colours[s].capitalize() if 0 <= s < len(colours) else "Someone"

    line = _Line(colour)
    for i, e in enumerate(turn):
        after = next((f.kind for f in turn[i + 1 :] if f.kind != "input"), "")
        if not (e.kind == "dice" and after == "relocate"):  # the roll that moved a neutral token: noise here
            line.event(e)
    parts = [p for p in (line.place, *line.parts) if p]
    who = colour(seat) if seat is not None else "Someone"
    return f"{who}: {', '.join(parts)}" if parts else ""
