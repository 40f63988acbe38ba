"""Typed access to one module part (`state.Part`): reading it and replacing it with some fields
changed, on the board or on a player. A module keeps one slot per part and names its accessors
after it (``mocha_board = MOCHA_BOARD.of``), so every module reads and writes its parts the same
way and a write always replaces the part (copy on write).

A write builds the new part with a replacer written out once per class (`frozen.replacer`): the
same object `dataclasses.replace` would build, without its per-call walk over the fields and the
frozen `__init__` (a module's sweeps and moves write parts on many steps of a search)."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from .frozen import replacer
from .state import GameState, Part, register_part

__all__ = ["BoardSlot", "PlayerSlot", "replacer"]

P = TypeVar("P", bound=Part)


class BoardSlot(Generic[P]):
    """The board's part called `name`, of class `cls`, registered for `module`."""

    def __init__(self, name: str, cls: type[P], module: str) -> None:
        self.name = name
        self.cls = cls
        self._replace = replacer(cls)
        register_part(name, cls, module)

    def of(self, g: GameState) -> P:
        part = g.board.parts[self.name]
        assert isinstance(part, self.cls)
        return part

    def set(self, g: GameState, **changes: Any) -> P:
        """Replace the part with these fields changed; returns the new part."""
        part = self._replace(self.of(g), changes)
        g.set_board_part(self.name, part)
        return part


class PlayerSlot(Generic[P]):
    """Each player's part called `name`, of class `cls`, registered for `module`."""

    def __init__(self, name: str, cls: type[P], module: str) -> None:
        self.name = name
        self.cls = cls
        self._replace = replacer(cls)
        register_part(name, cls, module)

    def of(self, g: GameState, seat: int) -> P:
        part = g.players[seat].parts[self.name]
        assert isinstance(part, self.cls)
        return part

    def set(self, g: GameState, seat: int, **changes: Any) -> P:
        """Replace the seat's part with these fields changed; returns the new part."""
        part = self._replace(self.of(g, seat), changes)
        g.set_player_part(seat, self.name, part)
        return part
