"""A choice of one value among many (an auction bid of a rich player), asked in two steps when
one decision cannot list them all.

A decision holds at most 100 public options. A `ValueChoice` step lists its values as options
``v.<value>`` (plus its own extra options, such as a pass) while they fit; beyond that it offers
ranges ``vr.<first value>`` of up to 99 values each, and a chosen range puts a ``value_range``
step on top of it that lists that range's values and ``back``. Either way a value has one final
code, ``v.<value>``, which the `ValueChoice` step itself resolves (the range step hands it down),
so a stale button of either shape means the same choice.
"""

from __future__ import annotations

from collections.abc import Sequence

from .decision import MAX_PUBLIC_OPTIONS, Option
from .errors import IllegalChoice
from .machine import KINDS, StepKind, Tx, pop, push, register
from .state import GameState, Step

RANGE = MAX_PUBLIC_OPTIONS - 1  # values per range, leaving room for "back"


def _listed(values: Sequence[int], extra: list[Option]) -> bool:
    """Whether the values fit in one decision beside the extra options (else: ranges of them)."""
    return len(values) + len(extra) <= MAX_PUBLIC_OPTIONS


def _value_code(value: int) -> str:
    return f"v.{value}"


def _range_code(values: Sequence[int]) -> str:
    return f"vr.{values[0]}"


class ValueChoice(StepKind):
    """Base class: subclasses give the legal `values` (sorted integers), their labels, any `extra`
    options (listed first) and what choosing a value (`chosen`) or an extra (`resolve_extra`) does."""

    def values(self, g: GameState, step: Step) -> Sequence[int]:
        raise NotImplementedError

    def value_label(self, g: GameState, step: Step, value: int) -> str:
        return str(value)

    def extra(self, g: GameState, step: Step) -> list[Option]:
        return []

    def chosen(self, tx: Tx, step: Step, value: int) -> None:
        raise NotImplementedError

    def resolve_extra(self, tx: Tx, step: Step, code: str) -> None:
        raise IllegalChoice(code)

    # -- the machinery --

    def value_options(self, g: GameState, step: Step, values: Sequence[int]) -> list[Option]:
        return [Option(_value_code(v), self.value_label(g, step, v)) for v in values]

    def ranges(self, values: Sequence[int]) -> list[Sequence[int]]:
        return [values[i : i + RANGE] for i in range(0, len(values), RANGE)]

    def options(self, g: GameState, step: Step) -> list[Option]:
        values = self.values(g, step)
        extra = self.extra(g, step)
        if _listed(values, extra):
            return extra + self.value_options(g, step, values)
        return extra + [
            Option(_range_code(r), f"{self.value_label(g, step, r[0])} to {self.value_label(g, step, r[-1])}")
            for r in self.ranges(values)
        ]

    def codes(self, g: GameState, step: Step) -> list[str]:
        """The codes of `options`, in the same order, without the values' labels (the playout path)."""
        values = self.values(g, step)
        extra = self.extra(g, step)
        codes = [o.code for o in extra]
        if _listed(values, extra):
            return codes + [_value_code(v) for v in values]
        return codes + [_range_code(r) for r in self.ranges(values)]

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        if code.startswith("vr."):
            first = int(code[3:])
            (chunk,) = [r for r in self.ranges(self.values(tx.g, step)) if r[0] == first]
            push(tx.g, Step("value_range", step.actor, chunk[0], chunk[-1], step.kind))
        elif code.startswith("v."):
            self.chosen(tx, step, int(code[2:]))
        else:
            self.resolve_extra(tx, step, code)


def _below(g: GameState) -> tuple[ValueChoice, Step]:
    step = g.steps[-2]
    kind = KINDS[step.kind]
    assert isinstance(kind, ValueChoice)
    return kind, step


@register
class ValueRange(StepKind):
    """The second step of a `ValueChoice`: the values of the chosen range (place..n), or back."""

    name = "value_range"
    decline = "back"

    def options(self, g: GameState, step: Step) -> list[Option]:
        kind, below = _below(g)
        values = [v for v in kind.values(g, below) if step.place <= v <= step.n]
        return [*kind.value_options(g, below, values), Option("back", "Back to the ranges")]

    def prompt(self, g: GameState, step: Step) -> str:
        kind, below = _below(g)
        return kind.prompt(g, below)

    def refusal(self, g: GameState, step: Step, code: str) -> str:
        kind, below = _below(g)
        return kind.refusal(g, below, code)

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        if code != "back":  # a value: the choice step below resolves its final code
            below = tx.g.steps[-1]
            KINDS[below.kind].resolve(tx, below, code)
