"""A transaction: one accepted input being applied to a fresh copy of the state, with the events
it records (`Tx`). The turn machinery (`machine`) creates one per click or playout step and
re-exports it."""

from __future__ import annotations

from .decision import Event
from .state import GameState

_new = object.__new__


class Tx:
    """One accepted input being applied to a fresh copy of the state: the state `g`, the events
    recorded so far and whether an undo barrier was met. (A plain slots class: one per click.)"""

    __slots__ = ("g", "events", "barrier")

    # Whether `emit` keeps its events. A transaction that keeps none (the playout path's) lets a
    # rule skip what it would work out only to word an event (whether a skipped action could have
    # been taken, why a turn ended).
    keeps_events = True

    def __init__(self, g: GameState, events: list[Event] | None = None, barrier: bool = False) -> None:
        self.g = g
        self.events: list[Event] = [] if events is None else events
        self.barrier = barrier

    def emit(self, kind: str, player: int | None = None, **data: object) -> None:
        # Event(kind, player, data) without the call of its __init__ (`**data` is a fresh dict)
        e: Event = _new(Event)
        e.kind = kind
        e.player = player
        e.data = data
        self.events.append(e)
