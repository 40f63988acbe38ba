"""The places of the bazaar and phase 3, the action.

Each place is a `Place` with the options its action offers and the code that performs it;
sub-choices inside an action are step kinds of their own. `ACTION_MODIFIERS` lets bonus cards
(and later tiles) add "do it with this card" options to the action step.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from ..board import place_name
from ..decision import Option, who
from ..machine import StepKind, Tx, pop, register
from ..registry import Registry
from ..state import GameState, Step


class Place:
    number = 0

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        """The ways to perform the action now; empty when it cannot be performed."""
        return []

    def codes(self, g: GameState, seat: int, step: Step) -> Sequence[str]:
        """The codes of `options`, in the same order (a place may give them without building the
        options: the playout path reads these)."""
        return [o.code for o in self.options(g, seat, step)]

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        raise NotImplementedError


ACT_CODES = ("act",)  # the codes of a place whose action is the single "act"
_ACT_OR_SKIP = ("act", "skip")
_SKIP_ONLY = ("skip",)

PLACES: dict[int, Place] = {}


def place(cls: type[Place]) -> type[Place]:
    PLACES[cls.number] = cls()
    return cls


class ActionModifier(Protocol):
    def options(self, g: GameState, step: Step, act: list[Option]) -> list[Option]: ...

    def resolve(self, tx: Tx, step: Step, code: str) -> bool: ...


ACTION_MODIFIERS: Registry[ActionModifier] = Registry("action modifiers")
# What a module adds whenever an action is carried out, before the place's own effect (with
# Mocha & Baksheesh the Caravansary also gives 1 coffee, D-13; the first Fountain action brings
# the companion, E-44): called with the action step and the code.
ACTION_HOOKS: Registry[Callable[[Tx, Step, str], None]] = Registry("action hooks")
# Whether a module bars, for the rest of the turn, every card and mosque tile bound to a place
# (a guild card's turn, RULES-NOTES E-38: the red and green tiles, "do it twice" cards and the like).
PLACE_BOUND_BARS: Registry[Callable[[GameState], bool]] = Registry("place-bound bars")


def place_bound_barred(g: GameState) -> bool:
    return any(bar(g) for bar in PLACE_BOUND_BARS.active(g.settings))


SKIP = Option("skip", "Skip the action")


def action_options(g: GameState, step: Step) -> list[Option]:
    """The labelled options of the action at `step`'s place, for its actor (what an action
    modifier's `options` is given; the playout path builds them only when a modifier needs them)."""
    p = PLACES.get(step.place)
    return p.options(g, step.actor, step) if p else []


def can_act(g: GameState, seat: int, number: int, step: Step) -> bool:
    p = PLACES.get(number)
    return bool(p and p.options(g, seat, step))


@register
class Action(StepKind):
    """Phase 3. tag "" = the merchant's own action, "family" = sent by the Police Station,
    "again" = a repeat granted by a bonus card (n=1: of the family member's action), "any" =
    Small Market with any goods."""

    name = "action"
    step_prompt = True
    decline = "skip"

    def is_free(self, step: Step) -> bool:
        # The moment between an action and its repeat counts as "after an action" (E-32), so
        # cards and tiles may be played there; the family member's action (and its repeat) lies
        # inside the Police Station's action and offers none.
        return step.tag == "" or (step.tag == "again" and step.n == 0)

    def modifiable(self, step: Step) -> bool:
        """Whether cards that modify an action may be declared with it (E-32c, E-33: the family
        member's action too); never with the repeat a card granted."""
        return step.tag != "again"

    def hand_dependent(self, step: Step) -> bool:
        return self.is_free(step) or self.modifiable(step)

    def options(self, g: GameState, step: Step) -> list[Option]:
        p = PLACES.get(step.place)
        act = p.options(g, step.actor, step) if p else []
        opts = list(act)
        if self.modifiable(step):
            for m in ACTION_MODIFIERS.active(g.settings):
                opts.extend(m.options(g, step, act))
        opts.append(SKIP)
        return opts

    def codes(self, g: GameState, step: Step) -> Sequence[str]:
        p = PLACES.get(step.place)
        act = p.codes(g, step.actor, step) if p else ()
        if step.tag != "again":  # `modifiable`
            mods = ACTION_MODIFIERS.active(g.settings)
            if mods:
                more: list[str] = []
                for m in mods:
                    quick = getattr(m, "codes", None)
                    if quick is not None:
                        more.extend(quick(g, step))
                    else:  # a modifier that needs the action's own options
                        more.extend(o.code for o in m.options(g, step, action_options(g, step)))
                if more:
                    return [*act, *more, "skip"]
        if act is ACT_CODES:  # (the usual two: one shared tuple each, no list built)
            return _ACT_OR_SKIP
        if not act:
            return _SKIP_ONLY
        return [*act, "skip"]

    def prompt(self, g: GameState, step: Step) -> str:
        what = "again" if step.tag == "again" else "now"
        return f"{who(step.actor)}: {place_name(step.place)} — take its action {what}?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        if code == "skip":
            if tx.keeps_events:  # (whether it could have acted only words the event)
                could = can_act(tx.g, step.actor, step.place, step)
                tx.emit("skip", step.actor, place=step.place, via=step.tag, could=could)
            return
        if code.startswith("c."):
            for m in ACTION_MODIFIERS.active(tx.g.settings):
                if m.resolve(tx, step, code):
                    return
        perform(tx, step, code)


def perform(tx: Tx, step: Step, code: str) -> None:
    if tx.keeps_events:
        tx.emit("action", step.actor, place=step.place, via=step.tag)
    for hook in ACTION_HOOKS.active(tx.g.settings):
        hook(tx, step, code)
    PLACES[step.place].perform(tx, step, code)


from . import caravansary, dice, goods, markets, police, rubies  # noqa: E402,F401
