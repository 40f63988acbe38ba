"""A faster constructor for the small frozen dataclasses built on every step (`Step`, `Turn`,
`LastMove`, `Option`, `Event`).

The `__init__` that `dataclasses` writes for a frozen class stores each field through
``object.__setattr__`` (a frozen class refuses plain assignment), which makes building one about
four times dearer than building a plain class. `quick_init` gives a frozen slots dataclass an
`__init__` with the same parameters and defaults that stores each field through its slot's own
descriptor instead: the object is the same, still frozen after it is built, equal and hashed as
before; only building it is cheaper.

`replacer` writes out, once per class, what `dataclasses.replace` does for such a class (a module's
part, the turn's record).

`slot_copier` writes out, once per class, the attribute-by-attribute copy of a slots class that the
engine takes on every click (`Player`, `Board`, `GameState.fork`, `Playout.copy`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, cast

T = TypeVar("T")


def quick_init(cls: type[T]) -> type[T]:
    """Replace the generated `__init__` of `cls` (a frozen slots dataclass without `__post_init__`
    whose fields are all set by `__init__`)."""
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen or "__slots__" not in cls.__dict__:
        raise TypeError(f"{cls.__name__} is not a frozen slots dataclass")
    if hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__} has a __post_init__")
    namespace: dict[str, Any] = {}
    args = []
    lines = []
    namespace["_MISSING"] = dataclasses.MISSING
    for f in dataclasses.fields(cls):  # type: ignore[arg-type]
        if not f.init:
            raise TypeError(f"{cls.__name__}.{f.name} is not set by __init__")
        if f.default_factory is not dataclasses.MISSING:  # a fresh default per object
            namespace[f"_factory_{f.name}"] = f.default_factory
            args.append(f"{f.name}=_MISSING")
            lines.append(f"    if {f.name} is _MISSING: {f.name} = _factory_{f.name}()")
        elif f.default is dataclasses.MISSING:
            args.append(f.name)
        else:
            namespace[f"_default_{f.name}"] = f.default
            args.append(f"{f.name}=_default_{f.name}")
        namespace[f"_set_{f.name}"] = cls.__dict__[f.name].__set__  # the slot's descriptor
        lines.append(f"    _set_{f.name}(self, {f.name})")
    source = f"def __init__(self, {', '.join(args)}):\n" + "\n".join(lines or ["    pass"]) + "\n"
    exec(source, namespace)  # noqa: S102  (built from the field names only, like dataclasses does)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    setattr(cls, "__init__", init)  # noqa: B010
    return cls


def slot_copier(cls: type[T], names: Sequence[str], shared: str = "") -> Callable[[T], T]:
    """A function that copies an object of `cls` (a slots class) attribute by attribute: each of
    `names` is shared with the original, the copy is built without a call of `__init__`. Written
    out once per class, like `quick_init`, so that a copy on every click costs only its
    assignments (a loop over the names would cost several times more). `shared` is a docstring
    line for the generated function."""
    if not all(name.isidentifier() for name in names):
        raise TypeError(f"{cls.__name__}: not attribute names: {names}")
    namespace: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    body = "".join(f"    o.{name} = self.{name}\n" for name in names)
    source = f"def copy(self):\n    o = _new(_cls)\n{body}    return o\n"
    exec(source, namespace)  # noqa: S102  (built from attribute names only, checked above)
    copy: Callable[[T], T] = namespace["copy"]
    copy.__qualname__ = f"{cls.__qualname__}.copy"
    copy.__doc__ = shared or None
    return copy


def field_names(cls: type[Any]) -> tuple[str, ...]:
    """The fields of a dataclass, in order (what `slot_copier` copies for it)."""
    return tuple(f.name for f in dataclasses.fields(cls))


def replacer(cls: type[T]) -> Callable[[T, Mapping[str, Any]], T]:
    """A function `(obj, changes)` giving a copy of `obj` (of class `cls`: a module's part, a
    `Turn`) with the fields named in `changes` set to their new values, as
    `dataclasses.replace(obj, **changes)` does (an unknown name is a ``TypeError``). Written out from the field names for a frozen slots dataclass whose
    fields are all set by `__init__` and that has no `__post_init__`; `dataclasses.replace`
    itself for any other class."""
    fields = dataclasses.fields(cast(Any, cls))
    params = getattr(cls, "__dataclass_params__", None)
    plain = (
        params is not None and params.frozen and "__slots__" in cls.__dict__
        and not hasattr(cls, "__post_init__") and all(f.init and f.name.isidentifier() for f in fields)
    )
    if not plain:
        return lambda part, changes: cast(T, dataclasses.replace(cast(Any, part), **changes))
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
    found: Callable[[T, Mapping[str, Any]], T] = namespace["replace"]
    return found
