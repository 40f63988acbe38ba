"""What the engine offers (decisions and options) and what it reports (events)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .frozen import quick_init

CODE_RE = re.compile(r"[a-z][a-z0-9_.-]{0,11}")
# A decision lists every legal choice; the invariants check it holds at most 100 public and 100
# private options (a choice of more values is asked in two steps: `choices.ValueChoice`).
MAX_PUBLIC_OPTIONS = 100
MAX_PRIVATE_OPTIONS = 100
MAX_LABEL = 80


@quick_init
@dataclass(frozen=True, slots=True)
class Option:
    """One choice: `code` is what a button sends back; `private` options reveal a hand."""

    code: str
    label: str
    private: bool = False


@dataclass(slots=True)
class Decision:
    """Who decides (`player`), at which step (`kind`), between what (`options`, in order), with
    the question (`prompt`) and the choice made for a player who does not choose (`default`).
    A plain slots class (not frozen: nothing edits a decision once made), so that the engine,
    which makes one on every click, fills it in without a call of `__init__`."""

    decision_id: int
    player: int
    kind: str
    prompt: str
    options: tuple[Option, ...]
    default: str
    off_turn: bool = False  # another seat than the turn's player decides, in the middle of the turn

    def codes(self) -> tuple[str, ...]:
        return tuple(o.code for o in self.options)

    def option(self, code: str) -> Option | None:
        for o in self.options:
            if o.code == code:
                return o
        return None


def seat_ref(seat: int) -> str:
    """The placeholder the service replaces with a seat's name: `{seat:2}`."""
    found = _SEAT_REFS.get(seat)
    if found is None:
        found = "{seat:" + str(seat) + "}"
    return found


# the seats of a game, written once (prompts and labels name a seat on every click)
_SEAT_REFS: dict[int, str] = {seat: "{seat:" + str(seat) + "}" for seat in range(8)}


SEAT_REF_RE = re.compile(r"\{seat:(\d+)\}")


def fill_seats(text: str, name: Callable[[int], str]) -> str:
    """`text` (a line or label from the engine) with each `seat_ref` replaced by `name(seat)`."""
    return SEAT_REF_RE.sub(lambda m: name(int(m.group(1))), text)


who = seat_ref

# Event kinds that record an input, and kinds that record a chance outcome.
INPUT_KINDS = frozenset({"input", "undo", "forfeit"})
CHANCE_KINDS = frozenset({"dice", "draw"})


@dataclass(slots=True)
class Event:
    """Something that happened. `player` is the seat concerned (if any); `data` is JSON-ready.

    Input events come first in the list an entry point returns; chance outcomes follow in the
    order they happened. Other events exist so that `describe` can tell the story.

    Not frozen (nothing edits an event once recorded, and a plain slots class is built several
    times cheaper: a click records a few), so `Tx.emit` fills one in without calling `__init__`."""

    kind: str
    player: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_jsonable(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, "data": self.data}

    @staticmethod
    def from_jsonable(raw: dict[str, Any]) -> Event:
        return Event(raw["kind"], raw.get("player"), dict(raw.get("data") or {}))
