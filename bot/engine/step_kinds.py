"""The step kinds: what a handler of a step is (`StepKind`), the registries a module adds its
parts to (step kinds, free windows, wordings, sweeps), what is in play for a game's settings
(`in_play`), and what the hot paths may skip for a handler (`shape_of`). The turn machinery
(`machine`) runs them; `machine` re-exports every name here, so the rules import from there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from .decision import Option
from .errors import IllegalChoice
from .registry import Registry
from .state import GameState, Step
from .transaction import Tx

if TYPE_CHECKING:
    from .settings import GameSettings


class StepKind:
    """Base class of step handlers. Subclasses set `name` and override what they need."""

    name = ""
    module = "base"  # the module that registers it
    free = False  # offer the free window (cards, tiles) alongside
    movement = False  # a movement step: a forfeit there leaves the token where it is and ends the turn
    between_turns = False  # asked outside any turn (the leftover cards), so never "off turn"
    decline: str | None = None  # the decline code, used as the default where offered
    own_default = False  # whether the class has its own `default_code` (set for each subclass)
    # `prompt` reads the step alone, never the state: then the prompt is worked out once per step
    # object and kept (`prompt_at`; the steps queued on every turn are shared objects)
    step_prompt = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.own_default = cls.default_code is not StepKind.default_code

    def is_free(self, step: Step) -> bool:
        return self.free

    def hand_dependent(self, step: Step) -> bool:
        """Whether the options here may depend on which cards the actor holds (the free window,
        card modifiers): then a lone option is still asked while the hand holds any card, so
        whether the game waits for the player never tells the others what the hand is."""
        return self.is_free(step)

    def options(self, g: GameState, step: Step) -> Sequence[Option] | None:
        """The options here (None: a step that runs by itself). A shared tuple may be returned:
        callers never change what they get."""
        return None

    def prompt(self, g: GameState, step: Step) -> str:
        return "Choose."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        raise IllegalChoice(code)

    def default_code(self, g: GameState, step: Step) -> str | None:
        """The choice of a player who does not choose, when it depends on the position (the
        Barrier stays on its edge); None: the decline where offered, else the first option."""
        return None

    def refusal(self, g: GameState, step: Step, code: str) -> str:
        """Why `code` is refused here, when the step can say better than "not offered" (a bid
        above one's Lira); "" otherwise."""
        return ""

    def run(self, tx: Tx, step: Step) -> None:
        raise NotImplementedError(self.name)


class LastFreeMoment(StepKind):
    """The last free moment of a turn that skipped the usual phases (a guild card's turn, the
    family member's step): ``done`` ends it, the free window (cards, tiles) is offered beside.
    Subclasses set `name`, `module` and the prompt."""

    free = True
    decline = "done"
    DONE = Option("done", "End your turn")

    def options(self, g: GameState, step: Step) -> list[Option]:
        return [self.DONE]

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        tx.g.steps = tx.g.steps[:-1]  # `machine.pop`


class FreeWindow(Protocol):
    # (a window with nothing to add may return a shared empty tuple: asked at every free step)
    def options(self, g: GameState, step: Step) -> Sequence[Option]: ...

    def resolve(self, tx: Tx, step: Step, code: str) -> bool: ...


class Wording(Protocol):
    """A module's words for a decision its free window changed (Letters & Seals' companion moves
    beside the merchant's): the same options (codes, order, private flags) relabelled, and the
    prompt, each returned as it was when the rule has nothing to say there."""

    def options(self, g: GameState, step: Step, options: Sequence[Option]) -> Sequence[Option]: ...

    def prompt(self, g: GameState, step: Step, options: Sequence[Option], prompt: str) -> str: ...


KINDS: dict[str, StepKind] = {}
FREE_WINDOWS: Registry[FreeWindow] = Registry("free windows")
# Applied to the decision shown (`pending`) and to `Playout.options`; never to the codes.
WORDINGS: Registry[Wording] = Registry("wordings")
# State-based rules a module applies whenever the state has changed (Letters & Seals' letter
# delivery, RULES-NOTES E-48): each runs before every step `settle` looks at, on both paths.
SWEEPS: Registry[Callable[[Tx], None]] = Registry("sweeps")


class InPlay(NamedTuple):
    """What `settle` consults at every step of a game under one settings object: the free windows,
    the sweeps and the wordings in play. Read with one call per click (`in_play`)."""

    windows: tuple[FreeWindow, ...]
    sweeps: tuple[Callable[[Tx], None], ...]
    wordings: tuple[Wording, ...]


_last_in_play: tuple[object, InPlay | None] = (None, None)  # the settings asked about last, and their table


def in_play(settings: GameSettings) -> InPlay:
    """The free windows, sweeps and wordings in play under `settings` (the same game's settings
    as last time: one identity check)."""
    global _last_in_play
    last = _last_in_play
    if last[0] is settings and last[1] is not None:
        return last[1]
    found = InPlay(FREE_WINDOWS.active(settings), SWEEPS.active(settings), WORDINGS.active(settings))
    _last_in_play = (settings, found)
    return found


def _forget_in_play() -> None:
    global _last_in_play
    _last_in_play = (None, None)


for _registry in (FREE_WINDOWS, SWEEPS, WORDINGS):
    _registry.listeners.append(_forget_in_play)


def register(kind: type[StepKind]) -> type[StepKind]:
    KINDS[kind.name] = kind()
    SHAPES.clear()  # (kept by kind name)
    return kind


# ---- what the hot paths may skip for a handler ------------------------------------------------

Codes = Callable[[GameState, Step], "Sequence[str] | None"]
Shape = tuple[StepKind, bool, "bool | None", Codes]
SHAPES: dict[str, Shape] = {}  # by step kind name (emptied when a kind registers)


def shape_of(name: str) -> Shape:
    """The handler of the step kind `name` and what `settle` and the playout may skip for it:
    whether it always runs by itself (`runs_alone`); its free flag when `is_free` is the base
    class's (None: ask `is_free` at each step); and how to read its codes: its `codes(g, step)` if
    it has one (the codes of `options(g, step)` in the same order, None where `options` is None,
    without building the options), else read off its options. Kept per kind name in `SHAPES`, so
    that a step finds all of it with one look-up."""
    found = SHAPES.get(name)
    if found is None:
        kind = KINDS[name]
        auto = runs_alone(kind)
        plain = getattr(kind.is_free, "__func__", None) is StepKind.is_free
        codes: Codes | None = getattr(kind, "codes", None)
        if codes is None:
            codes = _read_codes(kind)
        found = SHAPES[name] = (kind, auto, kind.free if plain else None, codes)
    return found


def _read_codes(kind: StepKind) -> Codes:
    def read(g: GameState, step: Step) -> list[str] | None:
        listed = kind.options(g, step)
        return None if listed is None else [o.code for o in listed]

    return read


def runs_alone(kind: StepKind) -> bool:
    """Whether a handler always runs by itself: its `options` is the base class's, which offers
    nothing (the turn's start and end). Then `settle` and the playout run it without asking
    (kept per kind name with the rest of its shape: `shape_of`)."""
    return getattr(kind.options, "__func__", None) is StepKind.options
