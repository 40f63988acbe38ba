"""Typed access to one module part (`state.Part`): reading it and replacing it with some fields
changed, on the board or on a player. A module keeps one slot per part and names its accessors
after it (``mocha_board = MOCHA_BOARD.of``), so every module reads and writes its parts the same
way and a write always replaces the part (copy on write).

A write builds the new part with a replacer written out once per class (`replacer`): the same
object `dataclasses.replace` would build, without its per-call walk over the fields and the
frozen `__init__` (a module's sweeps and moves write parts on many steps of a search)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar, cast

from .state import GameState, Part, register_part

P = TypeVar("P", bound=Part)


def replacer(cls: type[P]) -> Callable[[P, Mapping[str, Any]], P]:
    """A function `(part, changes)` giving a copy of `part` (of class `cls`) with the fields named
    in `changes` set to their new values, as `dataclasses.replace(part, **changes)` does (an unknown
    name is a ``TypeError``). Written out from the field names for a frozen slots dataclass whose
    fields are all set by `__init__` and that has no `__post_init__`; `dataclasses.replace`
    itself for any other class."""
    fields = dataclasses.fields(cast(Any, cls))
    params = getattr(cls, "__dataclass_params__", None)
    plain = (
        params is not None and params.frozen and "__slots__" in cls.__dict__
        and not hasattr(cls, "__post_init__") and all(f.init and f.name.isidentifier() for f in fields)
    )
    if not plain:
        return lambda part, changes: cast(P, dataclasses.replace(cast(Any, part), **changes))
    names = frozenset(f.name for f in fields)
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_names": names}
    lines = []
    for f in fields:
        namespace[f"_set_{f.name}"] = getattr(cls, f.name).__set__  # the slot's own descriptor
        lines.append(f"    _set_{f.name}(o, changes[{f.name!r}] if {f.name!r} in changes else part.{f.name})\n")
    source = (
        "def replace(part, changes):\n"
        "    if not _names.issuperset(changes):\n"
        "        raise TypeError(f'{_cls.__name__} has no field {sorted(set(changes) - _names)}')\n"
        "    o = _new(_cls)\n" + "".join(lines) + "    return o\n"
    )
    exec(source, namespace)  # noqa: S102  (built from the field names only, like dataclasses does)
    found: Callable[[P, Mapping[str, Any]], P] = namespace["replace"]
    return found


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
