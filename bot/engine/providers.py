"""Registries of providers that name their own module (a `module` field; None: the base game),
such as token kinds, neutral tokens, ruby tracks and edge blockers.

They are `registry.Registry` underneath, so they follow the same rule as every other registry:
a provider takes part while its module is in play, modules implied by the game's expansions
included (the Great Bazaar by Mocha & Baksheesh with Letters & Seals), resolved once per set of
modules.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from .modules import BASE
from .registry import Registry as ModuleRegistry


class Provided(Protocol):
    @property
    def module(self) -> str | None: ...


P = TypeVar("P", bound=Provided)


class Registry(ModuleRegistry[P]):
    """An ordered list of providers that state their module, filtered per game by the modules in play."""

    def __init__(self, what: str = "providers") -> None:
        super().__init__(what)

    def add(self, item: P, module: str | None = None) -> P:
        return super().add(item, module or item.module or BASE)

    @property
    def count(self) -> int:
        """Providers registered, whatever their module."""
        return len(self.entries)

    def every(self) -> tuple[P, ...]:
        """All registered providers, whatever the game."""
        return tuple(self)

    in_play = ModuleRegistry.active  # the same method under the name these registries use
