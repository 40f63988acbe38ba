"""Registries of providers: each provider states its module and is consulted only while that
module is in play.

A `Registry` holds the providers of one kind (free windows, decks, neutral tokens, ruby tracks,
invariants, ...) in the order they were registered. `active(settings)` gives those whose module
is in play; it is worked out once per set of modules and cached, so the hot path pays one dict
look-up (keyed by ``settings.expansions``, a tuple) and never rebuilds a table.
"""

from __future__ import annotations

from collections.abc import Iterator
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
        CHANGE_HOOKS.append(self._active.clear)  # a module registered later changes what is in play

    def add(self, item: T, module: str = BASE) -> T:
        self.entries.append((module, item))
        self._active.clear()
        return item

    def remove(self, item: T) -> None:
        """Take a provider out again (tests that register one for a while)."""
        self.entries = [(m, i) for m, i in self.entries if i is not item]
        self._active.clear()

    def active(self, settings: GameSettings) -> tuple[T, ...]:
        """The providers whose module is in play, in registration order."""
        try:
            return self._active[settings.expansions]  # the hot path: one look-up
        except KeyError:
            key = settings.expansions
            play = in_play(key)
            found = self._active[key] = tuple(item for module, item in self.entries if module in play)
            return found

    def __iter__(self) -> Iterator[T]:
        return (item for _, item in self.entries)

    def module_of(self, item: T) -> str:
        for module, i in self.entries:
            if i is item:
                return module
        raise KeyError(item)
