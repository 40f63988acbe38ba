"""The turn machinery: a stack of pending steps, each resolved by the handler its kind names.

A step kind either asks a decision (its `options` returns a list) or runs by itself (`options`
returns None). Steps marked `free` also offer whatever the free-window providers allow there
(bonus cards, the yellow mosque tile; later guild cards and the like). A decision with a single
option resolves by itself. Expansions add step kinds and free-window providers by registering
them; nothing here knows a particular place or card.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .decision import Decision, Event, Option
from .decks import holds_anything
from .errors import GameOver, IllegalChoice, NotYourDecision, StaleDecision
from .state import GameState, Step, Undo
from .step_kinds import (
    FREE_WINDOWS as FREE_WINDOWS,
)
from .step_kinds import (
    KINDS as KINDS,
)
from .step_kinds import (
    SHAPES as SHAPES,
)
from .step_kinds import (
    SWEEPS as SWEEPS,
)
from .step_kinds import (
    WORDINGS as WORDINGS,
)
from .step_kinds import (
    Codes as Codes,
)
from .step_kinds import (
    FreeWindow as FreeWindow,
)
from .step_kinds import (
    InPlay as InPlay,
)
from .step_kinds import (
    LastFreeMoment as LastFreeMoment,
)
from .step_kinds import (
    Shape as Shape,
)
from .step_kinds import (  # re-exported: the rules take them from here with the step stack
    StepKind as StepKind,
)
from .step_kinds import (
    Wording as Wording,
)
from .step_kinds import (
    in_play as in_play,
)
from .step_kinds import (
    register as register,
)
from .step_kinds import (
    runs_alone as runs_alone,
)
from .step_kinds import (
    shape_of as shape_of,
)
from .transaction import Tx as Tx  # re-exported: the rules take it from here with the step stack

if TYPE_CHECKING:
    pass

_new = object.__new__


# ---- the step stack -------------------------------------------------------------------------

def push(g: GameState, *steps: Step) -> None:
    """Queue steps to run next, in the order given."""
    g.steps += steps if len(steps) == 1 else steps[::-1]


def pop(g: GameState) -> Step:
    steps = g.steps
    g.steps = steps[:-1]
    return steps[-1]


def end_turn_early(tx: Tx, reason: str, place: int = 0) -> None:
    """The turn ends at once: drop every step above this turn's end step. `reason` says why
    (for the story line), `place` where the merchant stands when it matters."""
    g = tx.g
    steps = g.steps
    for i in range(len(steps) - 1, -1, -1):
        if steps[i].kind == "end":
            g.steps = steps[: i + 1]
            break
    if not tx.keeps_events:
        pass
    elif place:
        tx.emit("end_early", g.turn.player, reason=reason, place=place)
    else:
        tx.emit("end_early", g.turn.player, reason=reason)


# ---- decisions ------------------------------------------------------------------------------

def offered(
    g: GameState, step: Step, kind: StepKind, base: Sequence[Option], windows: Sequence[FreeWindow]
) -> Sequence[Option]:
    """The options at `step`: the handler's own (`base`), then what the free windows add there."""
    if not kind.is_free(step):
        return base
    options = list(base)
    for window in windows:
        options.extend(window.options(g, step))
    return options


def default_of(g: GameState, step: Step, kind: StepKind, base: Sequence[Option], options: Sequence[Option]) -> str:
    """The choice made for a player who does not choose: the step's own default for the position
    where it names an offered option, else the step's decline where it is offered, else the first
    option."""
    own = kind.default_code(g, step) if kind.own_default else None
    if own is not None and any(o.code == own for o in options):
        return own
    decline = kind.decline
    if decline is not None:
        for o in base:
            if o.code == decline:
                return decline
    return options[0].code if options else ""


def _decision(
    g: GameState, step: Step, kind: StepKind, base: Sequence[Option], options: Sequence[Option],
    wordings: tuple[Wording, ...] | None = None,
) -> Decision:
    # Decision(...) filled in without the call of its __init__ (one per click)
    d: Decision = _new(Decision)
    d.decision_id = g.decision_id
    d.player = actor = step.actor
    d.kind = step.kind
    prompt = prompt_at(g, step, kind) if kind.step_prompt else kind.prompt(g, step)
    if wordings is None:
        wordings = WORDINGS.active(g.settings)
    if wordings and kind.is_free(step):
        for wording in wordings:
            options = wording.options(g, step, options)
            prompt = wording.prompt(g, step, options, prompt)
    d.prompt = prompt
    d.options = options if type(options) is tuple else tuple(options)  # (a handler's shared tuple as it is)
    d.default = default_of(g, step, kind, base, options)
    d.off_turn = actor != g.turn.player and not kind.between_turns and not in_own_window(g, actor)
    return d


# step object (by identity; each entry holds its step, so the id is not reused) -> (step, prompt)
_PROMPTS: dict[int, tuple[Step, str]] = {}


def prompt_at(g: GameState, step: Step, kind: StepKind) -> str:
    """The prompt of a handler whose prompt reads the step alone (`StepKind.step_prompt`), worked
    out once per step object: on most clicks the decision's step is one of the shared ones."""
    found = _PROMPTS.get(id(step))
    if found is None or found[0] is not step:
        if len(_PROMPTS) > 4096:
            _PROMPTS.clear()
        found = _PROMPTS[id(step)] = (step, kind.prompt(g, step))
    return found[1]


def in_own_window(g: GameState, seat: int) -> bool:
    """Whether `seat`'s leftover-card window after the last round is open (RULES-NOTES E-55): the
    steps of a card it plays there are its own, not another seat's turn (the last seat to have
    played keeps `g.turn`). Read off the stack down to this turn's end step (a window's steps lie
    above its ``final`` step)."""
    for step in reversed(g.steps):
        kind = step.kind
        if kind == "final":
            return step.actor == seat
        if kind == "end" or kind == "gameover":
            return False
    return False


def worded(g: GameState, step: Step, options: Sequence[Option]) -> Sequence[Option]:
    """The options at `step` with the labels the modules' wordings give them (`WORDINGS`)."""
    if KINDS[step.kind].is_free(step):
        for wording in WORDINGS.active(g.settings):
            options = wording.options(g, step, options)
    return options


def decision_for(g: GameState, step: Step) -> Decision | None:
    kind = KINDS[step.kind]
    base = kind.options(g, step)
    if base is None:
        return None
    return _decision(g, step, kind, base, offered(g, step, kind, base, FREE_WINDOWS.active(g.settings)))


_WINDOW_PREFIXES = frozenset(("c.", "t."))  # the codes a free window may have offered


def resolve(
    tx: Tx, step: Step, code: str, kind: StepKind | None = None, windows: Sequence[FreeWindow] | None = None
) -> None:
    """Apply `code` at `step`: a free window's card or tile, else the step's own handler. `kind`
    (the step's handler) and `windows` (the free windows in play) may be passed by a caller that
    keeps them at hand (the playout path)."""
    if kind is None:
        kind = KINDS[step.kind]
    if code[:2] in _WINDOW_PREFIXES and kind.is_free(step):
        for window in FREE_WINDOWS.active(tx.g.settings) if windows is None else windows:
            if window.resolve(tx, step, code):
                return
    kind.resolve(tx, step, code)


def settle(tx: Tx, play: InPlay | None = None) -> None:
    """Run automatic steps and forced choices until a real decision (or the end) is reached; the
    decision is then kept in `g.cache` (a Decision is built only for the step that waits). `play`:
    what is in play (`in_play`), when the caller has it at hand."""
    g = tx.g
    if play is None:
        play = in_play(g.settings)
    windows, sweeps, wordings = play
    shapes = SHAPES
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
            kind, alone, free, _codes = shapes[step.kind]
        except KeyError:
            kind, alone, free, _codes = shape_of(step.kind)
        base = None if alone else kind.options(g, step)
        if base is None:
            kind.run(tx, step)
            continue
        options = base
        if free or (free is None and kind.is_free(step)):  # `offered`, written out (once per step on every click)
            for window in windows:
                more = window.options(g, step)
                if more:
                    options = [*options, *more]
        if not options:
            raise RuntimeError(f"step {step.kind} offers nothing")
        if len(options) == 1 and forced(g, step, options[0], kind):
            resolve(tx, step, options[0].code, kind, windows)
            continue
        turn = g.turn
        if turn.forfeit and step.actor == turn.player and not kind.between_turns:
            play_default(tx, step, kind, default_of(g, step, kind, base, options), windows)  # their turn came back
            continue
        g.cache = _decision(g, step, kind, base, options, wordings)
        return
    else:
        raise RuntimeError("the turn machinery did not settle")
    g.finished = True
    g.cache = None


_GUARD = range(10_000)  # steps in a row before the machinery is deemed stuck


def play_default(tx: Tx, step: Step, kind: StepKind, default: str, windows: Sequence[FreeWindow]) -> None:
    """A skipped player's choice: the default, except that at a movement step the token stays
    and the turn ends (house ruling)."""
    if kind.movement:
        end_turn_early(tx, "forfeit")
    else:
        resolve(tx, step, default, kind, windows)


def forced(g: GameState, step: Step, only: Option, kind: StepKind | None = None) -> bool:
    """A lone option is taken without asking, unless asking or not would tell the others
    something about a hand: a private option, or a step whose options depend on the cards held
    (see `StepKind.hand_dependent`) while the seat holds anything privately (`decks.holdings`).
    `kind`: the step's handler, when the caller has it at hand."""
    if only.private:
        return False
    return not (holds_anything(g.players[step.actor]) and (kind or KINDS[step.kind]).hand_dependent(step))


def pending(state: GameState) -> Decision | None:
    """Who must decide now, and between what; None once the game is over."""
    if state.finished or not state.steps:
        return None
    if state.cache is None or state.cache.decision_id != state.decision_id:
        state.cache = decision_for(state, state.steps[-1])
    return state.cache


def check(state: GameState, player: int, decision_id: int, code: str | None) -> Decision:
    """The pending decision, once `player` may answer it (with `code`, when given); a typed error
    otherwise."""
    d = state.cache
    now = state.decision_id
    if d is None or d.decision_id != now or state.finished or not state.steps:
        d = pending(state)
        if d is None:
            raise GameOver()
    if decision_id != now:
        raise StaleDecision(decision_id, now)
    if player != d.player:
        raise NotYourDecision(player, d.player)
    if code is not None:
        for o in d.options:
            if o.code == code:
                return d
        raise IllegalChoice(code, KINDS[d.kind].refusal(state, state.steps[-1], code))
    return d


def step_once(
    state: GameState, code: str, tx: Tx | None = None, decision_id: int | None = None
) -> tuple[GameState, Tx]:
    """Apply one code to a copy of the state (no checks, no undo bookkeeping)."""
    g = state.fork()
    if decision_id is not None:
        g.decision_id = decision_id
    tx = Tx(g) if tx is None else Tx(g, tx.events, tx.barrier)
    resolve(tx, g.steps[-1], code)
    settle(tx)
    return g, tx


def apply(state: GameState, player: int, decision_id: int, code: str) -> tuple[GameState, list[Event]]:
    """Apply a player's choice; raise a typed error and change nothing if it is not allowed.
    Handing the decision to another seat in the middle of a turn (or back) is an undo barrier."""
    d = check(state, player, decision_id, code)
    g = state.fork()
    g.decision_id = state.decision_id + 1
    e: Event = _new(Event)  # the input event, as `emit` builds it
    e.kind = "input"
    e.player = player
    e.data = {"decision": decision_id, "code": code}
    tx: Tx = _new(Tx)  # Tx(g, [e]) without the call of its __init__
    tx.g = g
    tx.events = [e]
    tx.barrier = False
    play = in_play(g.settings)
    resolve(tx, g.steps[-1], code, None, play.windows)
    settle(tx, play)
    nxt = g.cache
    if nxt is not None and nxt.player != player and (d.off_turn or nxt.off_turn):
        tx.barrier = True
    if not tx.barrier:
        undo = state.undo
        u: Undo = _new(Undo)  # Undo(player, base, inputs) without the call of its __init__
        u.player = player
        if undo is not None and undo.player == player:
            u.base = undo.base
            u.inputs = undo.inputs + (code,)
        else:
            u.base = state if undo is None else state.undo_base()
            u.inputs = (code,)
        g.undo = u
    else:
        g.undo = None
    return g, tx.events


def other_seats(g: GameState, seat: int) -> Sequence[int]:
    n = len(g.players)
    return [(seat + i) % n for i in range(1, n)]


def round_of(g: GameState, kind: str, seat: int, place: int, n: int = 0, acting: bool = True) -> list[Step]:
    """One step of `kind` for each seat in seat order from `seat` (itself first when `acting`, else
    only the others): decisions the other players take in the middle of `seat`'s turn, each in
    its turn (the Kiosk's picks, the auction's bids). Queue them with `push`."""
    seats = (seat, *other_seats(g, seat)) if acting else other_seats(g, seat)
    return [Step(kind, s, place, n) for s in seats]
