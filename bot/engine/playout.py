"""The playout path: the same rules as `pending`/`apply`, without what only players need.

Computer players, `arena` and `bench` play many games (or many continuations of one position)
and never show them to anyone. A `Playout` plays one game forward:

- its state is its own (a cheap `GameState.fork` of the state it was given, taken once) and is
  changed in place by every choice; the state handed in is never touched;
- no undo record (the playout's state has `undo` None), no event log (a transaction whose `emit`
  records nothing), no check of a code it offered itself, no prompt built;
- `copy()` starts another playout from the same position at the cost of a fork: both then share
  every player until one of them changes that player (`GameState.mut`).

At every step it names the same decider and the same codes, in the same order, as `pending` on the
full path, and a game played with the same choices ends in the same state (less the undo record):
tests/engine/test_playout.py plays hundreds of seeded games through both, and `soak` every game it
checks, both with `disagreement` (the decision) and `snapshot` (the state).

It keeps the codes alone: a step kind may give them without building its options (an optional
`codes(g, step)` next to `options`, the same codes in the same order: the moves, the assistant,
the payment, the action and the encounters have one), and so may a free window (`codes(g, step)`:
the bonus cards, the yellow tile, the Movement tile) and a place (`Place.codes(g, seat, step)`,
read off its options unless the place gives them itself); `options()` builds the labelled options
only when asked. A lone option is taken by itself or asked as `forced` says, from its private
flag, kept per step kind and code.

`choose` trusts its caller: a code that `codes()` did not offer may raise anything or leave the
state in any shape (the full path, `apply`, is the one for untrusted input). `chance` counts the
chance outcomes (dice rolled, cards drawn) since the playout started, for a search that wants to
know whether its line met luck.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .decision import Option
from .errors import GameOver
from .frozen import slot_copier
from .machine import (
    FREE_WINDOWS,
    KINDS,
    SHAPES,
    SWEEPS,
    Codes,
    FreeWindow,
    StepKind,
    Tx,
    end_turn_early,
    forced,
    pending,
    resolve,
    shape_of,
    worded,
)
from .state import GameState, Step, to_jsonable

__all__ = ["Playout", "disagreement", "snapshot"]

GUARD = 10_000  # automatic steps in a row before the machinery is deemed stuck (as `settle`)


_WINDOW_PREFIXES = frozenset(("c.", "t."))  # the codes a free window may have offered (as `machine.resolve`)
_GUARD = range(GUARD)


# A lone option's `private` flag by step kind and code (what `forced` reads): whether an option
# reveals a hand depends on what it plays or discards, which its code names.
_LONE: dict[tuple[str, str], Option] = {}


def _window_codes(window: FreeWindow) -> Codes:
    """A free window's codes at a step: its own `codes(g, step)` (the codes of its `options`, in
    the same order) where it has one, else read off its options."""
    codes: Codes | None = getattr(window, "codes", None)
    if codes is not None:
        return codes

    def read(g: GameState, step: Step) -> list[str]:
        return [o.code for o in window.options(g, step)]

    return read


class QuietTx(Tx):
    """A transaction that keeps no events (barriers are still noted, and ignored). Its `emit` is a
    built-in that takes any arguments and does nothing with them (an empty string's `format`):
    no Python frame is set up for an event nobody keeps."""

    __slots__ = ()

    keeps_events = False
    emit = "".format  # type: ignore[assignment]  # same call shape; returns "" instead of None


class Playout:
    """One game played forward on a private state (see the module doc)."""

    __slots__ = (
        "state", "offered", "_tx", "_step", "_kind", "_windowed", "_start", "_windows", "_window_codes", "_sweeps",
    )

    def __init__(self, state: GameState) -> None:
        g = state.fork()  # shares the players until one changes (owned is 0 in a fork)
        g.undo = None
        self.state = g
        self._tx = QuietTx(g)
        self._step: Step | None = None
        self._kind: StepKind | None = None  # the handler of `_step`
        # The codes open at `_step`, as kept (None: the game is over): read it, never change it
        # (it may be a tuple shared by every playout); `codes()` gives a list of one's own.
        self.offered: Sequence[str] | None = None
        self._windowed = False  # whether a free window added codes at `_step`
        self._start = state.rng_counter
        self._windows: tuple[FreeWindow, ...] = FREE_WINDOWS.active(g.settings)  # fixed for a game
        self._window_codes = tuple(_window_codes(w) for w in self._windows)
        self._sweeps: tuple[Callable[[Tx], None], ...] = SWEEPS.active(g.settings)  # fixed for a game too
        if not g.finished and g.steps:
            self._settle()

    # ---- reading ----------------------------------------------------------------------------

    def codes(self) -> list[str] | None:
        """The codes open to the decider, in `pending`'s order; None once the game is over."""
        codes = self.offered
        return None if codes is None else list(codes)

    def options(self) -> list[Option] | None:
        """The options themselves (with their labels), as `pending` lists them (built on request:
        the playout keeps only the codes)."""
        step, kind = self._step, self._kind
        if step is None or kind is None:
            return None
        g = self.state
        options = list(kind.options(g, step) or ())
        if kind.is_free(step):
            for window in self._windows:
                options.extend(window.options(g, step))
        return list(worded(g, step, options))

    def decider(self) -> int | None:
        """The seat that decides now; None once the game is over."""
        return None if self._step is None else self._step.actor

    def kind(self) -> str | None:
        """The step kind of the current decision (`Decision.kind`)."""
        return None if self._step is None else self._step.kind

    @property
    def over(self) -> bool:
        return self.offered is None

    @property
    def chance(self) -> int:
        """Chance outcomes (dice rolls, card draws) since this playout (or the one it was copied
        from) started."""
        return self.state.rng_counter - self._start

    # ---- playing ----------------------------------------------------------------------------

    def choose(self, code: str) -> None:
        """Play `code`, one of `codes()`, for the decider (not checked: see the module doc)."""
        step = self._step
        if step is None:
            raise GameOver()
        self.state.decision_id += 1
        kind = self._kind
        assert kind is not None
        if self._windowed and code[:2] in _WINDOW_PREFIXES:
            resolve(self._tx, step, code, kind, self._windows)
        else:  # the step's own code (a window's `resolve` would turn it down)
            kind.resolve(self._tx, step, code)
        self._settle()

    def copy(self) -> Playout:
        """Another playout from this position; the two never affect each other."""
        g = self.state
        g.owned = 0  # from now on both copy a player before changing it
        new = _copy_playout(self)  # the position's decision and the game's tables, shared
        h = g.fork()
        new.state = h
        new._tx = QuietTx(h)
        return new

    def _settle(self) -> None:
        """Run automatic steps and forced choices until a real decision (`machine.settle`)."""
        g = self.state
        tx = self._tx
        windows = self._window_codes
        shapes = SHAPES
        sweeps = self._sweeps
        for _ in _GUARD:
            steps = g.steps
            if not steps:
                break
            if sweeps:
                for sweep in sweeps:
                    sweep(tx)
                steps = g.steps
            step = steps[-1]
            try:  # (a subscript, no method call; the handler's first step fills the entry)
                kind, auto, free, quick = shapes[step.kind]
            except KeyError:
                kind, auto, free, quick = shape_of(step.kind)
            if auto:
                kind.run(tx, step)
                continue
            base = quick(g, step)
            if base is None:
                kind.run(tx, step)
                continue
            codes = base
            if free or (free is None and kind.is_free(step)):
                for window_codes in windows:
                    more = window_codes(g, step)
                    if more:
                        codes = [*codes, *more]  # a new list: `base` may be shared (a cached tuple)
            if len(codes) == 1:
                try:
                    only = _LONE[step.kind, codes[0]]
                except KeyError:
                    only = self._lone(step, codes[0])
                if forced(g, step, only, kind):
                    self._resolve(step, codes[0], kind)
                    continue
            elif not codes:
                raise RuntimeError(f"step {step.kind} offers nothing")
            if g.turn.forfeit and step.actor == g.turn.player and not kind.between_turns:
                # a skipped player's turn came back to them (`machine.play_default`)
                if kind.movement:
                    end_turn_early(tx, "forfeit")
                else:
                    own = kind.default_code(g, step)
                    decline = kind.decline
                    if own is not None and own in codes:
                        self._resolve(step, own, kind)
                    elif decline is not None and decline in base:
                        self._resolve(step, decline, kind)
                    else:
                        self._resolve(step, codes[0], kind)
                continue
            self._step = step
            self._kind = kind
            self.offered = codes
            self._windowed = codes is not base
            return
        else:
            raise RuntimeError("the turn machinery did not settle")
        g.finished = True
        self._step = None
        self._kind = None
        self.offered = None

    def _lone(self, step: Step, code: str) -> Option:
        """The option offered alone at `step` (kept in `_LONE`: `forced` reads its private flag)."""
        self._step, self._kind = step, KINDS[step.kind]
        try:
            options = self.options()
        finally:
            self._step = self._kind = None
        assert options is not None
        for option in options:
            if option.code == code:
                _LONE[(step.kind, code)] = option
                return option
        raise RuntimeError(f"step {step.kind} does not offer {code}")

    def _resolve(self, step: Step, code: str, kind: StepKind) -> None:
        """`machine.resolve`, straight to the step's handler when no free window offered `code`."""
        if code[:2] in _WINDOW_PREFIXES:
            resolve(self._tx, step, code, kind, self._windows)
        else:
            kind.resolve(self._tx, step, code)


_copy_playout = slot_copier(Playout, [name for name in Playout.__slots__ if name not in ("state", "_tx")])


# ---- the two paths side by side -------------------------------------------------------------------


def snapshot(state: GameState) -> Any:
    """The state as stored (its JSON form) less the undo record, which only the full path keeps:
    a game played with the same choices on both paths gives equal snapshots."""
    data = to_jsonable(state)
    data.pop("undo", None)
    return data


def disagreement(p: Playout, state: GameState) -> str | None:
    """How the playout `p` differs from `pending(state)` on the full path, in one sentence; None
    when both name the same decider, step kind and codes in the same order, or both are over."""
    d = pending(state)
    if d is None:
        if p.over and p.decider() is None:
            return None
        return f"the playout path still asks seat {p.decider()} ({p.kind()}) after the end of the game"
    if p.over:
        return f"the playout path ended the game where seat {d.player} decides ({d.kind})"
    if p.decider() != d.player or p.kind() != d.kind:
        return f"the playout path asks seat {p.decider()} ({p.kind()}) where seat {d.player} decides ({d.kind})"
    codes = list(d.codes())
    if p.codes() != codes:
        return f"the playout path offers {p.codes()} where the full path offers {codes}"
    return None
