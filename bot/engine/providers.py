"""Registries of providers that belong to a module: each states its module (None: the base game)
and is consulted only in games where that module is in play.

A registry keeps its providers in registration order (which fixes option order and the like)
and resolves the ones in play once per set of modules, so asking it costs a dict lookup.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Generic, Protocol, TypeVar

from .settings import GameSettings


class Provided(Protocol):
    @property
    def module(self) -> str | None: ...


P = TypeVar("P", bound=Provided)


def in_play(module: str | None, settings: GameSettings) -> bool:
    """Whether a provider of `module` takes part in a game with these settings."""
    return module is None or module in settings.expansions


class Registry(Generic[P]):
    """An ordered list of providers, filtered per game by the modules in play."""

    def __init__(self) -> None:
        self._all: list[P] = []
        self._in_play: dict[tuple[str, ...], tuple[P, ...]] = {}
        self.count = 0  # providers registered, whatever their module

    def add(self, provider: P) -> P:
        self._all.append(provider)
        self._in_play.clear()
        self.count = len(self._all)
        return provider

    def remove(self, provider: P) -> None:
        """Take a provider out again (tests that register one for a while)."""
        self._all.remove(provider)
        self._in_play.clear()
        self.count = len(self._all)

    def every(self) -> tuple[P, ...]:
        """All registered providers, whatever the game."""
        return tuple(self._all)

    def in_play(self, settings: GameSettings) -> tuple[P, ...]:
        found = self._in_play.get(settings.expansions)
        if found is None:
            found = tuple(p for p in self._all if in_play(p.module, settings))
            self._in_play[settings.expansions] = found
        return found

    def __iter__(self) -> Iterator[P]:
        return iter(tuple(self._all))
