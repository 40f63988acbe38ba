"""Registries of providers: each provider states its module and is consulted only while that
module is in play.

A `Registry` holds the providers of one kind (free windows, decks, neutral tokens, ruby tracks,
invariants, ...) in the order they were registered. `active(settings)` gives those whose module
is in play; it is worked out once per set of modules and cached (keyed by ``settings.expansions``,
a tuple), and the answer for the last settings object asked about is kept beside, so the hot path
(the same game asking again) pays one identity check and never rebuilds a table.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Generic, TypeVar

from .modules import BASE, CHANGE_HOOKS, in_play

if TYPE_CHECKING:
    from .settings import GameSettings

T = TypeVar("T")


class Registry(Generic[T]):
    def __init__(self, what: str) -> None:
        self.what = what
        self.entries: list[tuple[str, T]] = []
        self._active: dict[tuple[str, ...], tuple[T, ...]] = {}
        # the last settings asked about and their providers, as one tuple (read and replaced whole)
        self._last: tuple[object, tuple[T, ...]] = (None, ())
        # called whenever what is in play may have changed (a table built from this one forgets it)
        self.listeners: list[Callable[[], None]] = []
        CHANGE_HOOKS.append(self._forget)  # a module registered later changes what is in play

    def _forget(self) -> None:
        self._active.clear()
        self._last = (None, ())
        for listener in self.listeners:
            listener()

    def add(self, item: T, module: str = BASE) -> T:
        self.entries.append((module, item))
        self._forget()
        return item

    def remove(self, item: T) -> None:
        """Take a provider out again (tests that register one for a while)."""
        self.entries = [(m, i) for m, i in self.entries if i is not item]
        self._forget()

    def active(self, settings: GameSettings) -> tuple[T, ...]:
        """The providers whose module is in play, in registration order."""
        last = self._last
        if last[0] is settings:  # the hot path: the same game's settings as last time
            return last[1]
        key = settings.expansions
        found = self._active.get(key)
        if found is None:
            play = in_play(key)
            found = self._active[key] = tuple(item for module, item in self.entries if module in play)
        self._last = (settings, found)
        return found

    def __iter__(self) -> Iterator[T]:
        return (item for _, item in self.entries)

    def module_of(self, item: T) -> str:
        for module, i in self.entries:
            if i is item:
                return module
        raise KeyError(item)
