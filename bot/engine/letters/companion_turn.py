"""The companion's turn (RULES-NOTES E-45, D-30, E-3) and its "Companion moves 2" card.

Everything is offered at the turn's ``move`` step, where the turn chooses its mode (RULES-NOTES
§3, T0 and T-MODE), through a free window of the module (`machine.FREE_WINDOWS`):

- ``t.cp``: the companion, in its owner's supply, is set beside the merchant on the merchant's
  place: free, whoever stands there, no encounters (D-30; event ``companion_placed``). The
  ``move`` step stays: the turn still chooses which token moves. Under the rule option
  ``companion_usable_on_placement_turn`` = false only the merchant may move in that turn.
- ``t.cm.<place>``: a companion turn instead of the merchant's: the companion steps to an adjacent
  place (exactly 1 step, never 0, around the edges blocked for its owner: the Barrier). It arrives
  like a merchant without assistants (`movement.arrive` with the token kind): no assistant step,
  so the turn never ends for lack of assistants; it pays the other players' merchants and
  companions and the neutral merchants there (E-14, E-16), carries out the place's action and has
  the encounters of phase 4 (catching family members, the neutral tokens), all at its own place;
  it is never caught (the token kind). Cards "if you are at X" count the place of the token that
  acts (E-33): the action step's place.
- beside the companion's moves, the merchant's say "Move your merchant to ..." and the prompt
  names both tokens (`MoveWords`, a `machine.WORDINGS` entry: labels only, never the codes);
- the card ``c.companion2`` (E-3): the companion goes exactly 2 steps instead, at the step
  ``companion2`` (options ``t.cm.<place>``).

Every other way to move (the normal move ``go.<place>``, the stay, 3-or-4, corner, follow and
pay-3 cards, the Movement tile, a guild card) is decided at the same step and makes the turn the
merchant's: once the companion has moved none of them is offered, and the companion never moves by
them. The return-assistant card names the merchant stack too (E-45): played at the ``move`` step it
binds the turn to the merchant (``LettersPlayer.merchant_turn``, noted by a sweep when its recall
step comes up), so no companion move is offered after it; in a companion turn it is never offered
(its window is phase 1 of the merchant: ``move``, ``move34``, ``assistant``).

`active_is_companion(g, seat)` tells whether the turn going on is a companion turn
(``LettersPlayer.companion_turn``), for the rules that move or skip the active token.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..board import place_name
from ..cards import CardPlay, register_card_play
from ..decision import Option, who
from ..describe import register_line
from ..machine import FREE_WINDOWS, SWEEPS, WORDINGS, StepKind, Tx, pop, push, register
from ..mocha.barrier_check import MOVE_LENGTHS, STEPWISE_HOWS
from ..movement import arrive, reachable
from ..preview import ARRIVALS
from ..state import GameState, Step
from ..tokens import OFF_BOARD
from . import data, texts
from .companion_token import COMPANION
from .parts import LettersPlayer, letters_player, set_letters_player

PLACE_IT = "t.cp"
MOVE_PREFIX = "t.cm."
CARD_STEP = "companion2"
MOVE_STEP = frozenset({"move"})


def may_move(g: GameState, seat: int, part: LettersPlayer) -> bool:
    """Whether the seat's companion may make this turn a companion turn: it stands on the board,
    the turn is not bound to the merchant, and it was not set out this very turn under the rule
    option that keeps it still then (E-45)."""
    if part.companion <= OFF_BOARD or part.merchant_turn == g.turns:
        return False
    return g.settings.rules.companion_usable_on_placement_turn or part.companion_placed != g.turns


def companion_steps(g: GameState, seat: int, steps: int) -> list[Option]:
    """The places the seat's companion reaches with exactly `steps` steps (E-3)."""
    where = letters_player(g, seat).companion
    return [_move_option(q) for q in reachable(g, seat, where, steps, steps)]


def _move_option(place: int) -> Option:
    return Option(f"{MOVE_PREFIX}{place}", f"Move your companion to {place_name(place)} ({place})")


def active_is_companion(g: GameState, seat: int) -> bool:
    """Whether the seat's turn going on now is a companion turn: its companion, not the merchant
    stack, is the active token whose place hosts the action and phase 4 (the token a kiosk tile's
    "stack to the Fountain" or the Catacombs leave behind or move, E-46, E-47)."""
    return letters_player(g, seat).companion_turn == g.turns and g.turn.player == seat


def _go(tx: Tx, seat: int, code: str, how: str) -> None:
    """The companion turn: the companion steps to the code's place and arrives there."""
    set_letters_player(tx.g, seat, companion_turn=tx.g.turns)
    arrive(tx, seat, _target(code), how, COMPANION)


_PLACE_IT = (PLACE_IT,)

# By the identity of a tuple of places (`reachable` keeps one per position): the tuple (so that
# its id stays its own) and the codes of the companion's moves there
_MOVE_CODES: dict[int, tuple[tuple[int, ...], tuple[str, ...]]] = {}


def _move_codes(places: tuple[int, ...]) -> tuple[str, ...]:
    found = _MOVE_CODES.get(id(places))
    if found is None or found[0] is not places:
        if len(_MOVE_CODES) > 4096:
            _MOVE_CODES.clear()
        found = _MOVE_CODES[id(places)] = (places, tuple(f"{MOVE_PREFIX}{q}" for q in places))
    return found[1]


def _target(code: str) -> int:
    return int(code[len(MOVE_PREFIX) :])


class CompanionWindow:
    """At the turn's ``move`` step: set the companion out, or move it instead of the merchant."""

    def options(self, g: GameState, step: Step) -> list[Option]:
        """The options of `codes`, labelled."""
        codes = self.codes(g, step)
        if codes == _PLACE_IT:
            here = place_name(g.players[step.actor].merchant)
            return [Option(PLACE_IT, f"Set your companion beside your merchant at {here} (free)")]
        return [_move_option(_target(code)) for code in codes]

    def codes(self, g: GameState, step: Step) -> tuple[str, ...]:
        """The codes open at `step`: set the companion out, or the places it may move to (the
        playout path reads these at every free step; `options` labels them)."""
        if step.kind != "move" or step.actor != g.turn.player:
            return ()
        seat = step.actor
        part = letters_player(g, seat)
        if part.companion == OFF_BOARD:
            return _PLACE_IT
        if not may_move(g, seat, part):
            return ()
        steps = data.COMPANION_STEPS
        return _move_codes(reachable(g, seat, part.companion, steps, steps))

    def resolve(self, tx: Tx, step: Step, code: str) -> bool:
        if not (code == PLACE_IT or code.startswith(MOVE_PREFIX)):
            return False
        if code not in self.codes(tx.g, step):
            return False
        g = tx.g
        seat = step.actor
        if code == PLACE_IT:
            here = g.players[seat].merchant
            set_letters_player(g, seat, companion=here, companion_placed=g.turns)
            tx.emit("companion_placed", seat, place=here)
            return True
        pop(g)
        _go(tx, seat, code, "move")
        return True


@register
class CompanionTwo(StepKind):
    """After the "Companion moves 2" card: the companion goes exactly 2 places (E-3)."""

    name = CARD_STEP
    module = data.MODULE
    movement = True

    def options(self, g: GameState, step: Step) -> list[Option]:
        return companion_steps(g, step.actor, data.COMPANION_CARD_STEPS)

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: move your companion exactly 2 places."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        _go(tx, step.actor, code, CARD_STEP)


def _companion2(tx: Tx, seat: int, step: Step, final: bool) -> None:
    pop(tx.g)  # the move step: this card is the turn's movement
    push(tx.g, Step(CARD_STEP, seat))


def _can_companion2(g: GameState, seat: int, step: Step, act: object) -> bool:
    return may_move(g, seat, letters_player(g, seat)) and bool(
        companion_steps(g, seat, data.COMPANION_CARD_STEPS)
    )


MERCHANT_MOVE = "Move to "  # the start of the merchant's move labels (`movement.move_options`)


class MoveWords:
    """At the turn's ``move`` step, when companion moves are offered beside the merchant's: every
    move says which token it moves, and the prompt names both (a `machine.Wording`)."""

    @staticmethod
    def _both(step: Step, options: Sequence[Option]) -> bool:
        return step.kind == "move" and any(o.code.startswith(MOVE_PREFIX) for o in options)

    def options(self, g: GameState, step: Step, options: Sequence[Option]) -> Sequence[Option]:
        if not self._both(step, options):
            return options
        return [
            Option(o.code, f"Move your merchant to {o.label[len(MERCHANT_MOVE):]}", o.private)
            if o.code.startswith("go.") and o.label.startswith(MERCHANT_MOVE)
            else o
            for o in options
        ]

    def prompt(self, g: GameState, step: Step, options: Sequence[Option], prompt: str) -> str:
        if not self._both(step, options):
            return prompt
        return f"{who(step.actor)}: move your merchant 1 or 2 places, or your companion 1 place."


def bind_to_merchant(tx: Tx) -> None:
    """A sweep: the return-assistant card's recall coming up at the turn's ``move`` step binds the
    turn to the merchant (E-45: the card names the merchant stack, so no companion turn after it)."""
    steps = tx.g.steps
    if len(steps) < 2:
        return
    top = steps[-1]
    if top.kind != "recall" or top.tag != "card" or steps[-2].kind != "move":
        return
    g = tx.g
    if letters_player(g, top.actor).merchant_turn != g.turns:
        set_letters_player(g, top.actor, merchant_turn=g.turns)


def _placed_line(who: str, d: dict[str, Any], own: bool) -> str:
    return f"{who} set their companion beside their merchant at {place_name(d['place'])}."


FREE_WINDOWS.add(CompanionWindow(), data.MODULE)
WORDINGS.add(MoveWords(), data.MODULE)
SWEEPS.add(bind_to_merchant, data.MODULE)
register_card_play(
    CardPlay(
        data.COMPANION2,
        _companion2,
        window=MOVE_STEP,
        playable=_can_companion2,
        label=f"Play the “{texts.CARD_NAMES[data.COMPANION2]}” card",
    ),
    data.MODULE,
)
register_line("companion_placed", _placed_line, data.MODULE)
ARRIVALS[MOVE_PREFIX] = False  # the notes beside its moves: what it pays and catches there, no assistant
# The Barrier (Great Bazaar) stops the companion's steps: its normal step is a ``move`` (checked
# already); the card's two steps are registered with the Barrier's step check.
STEPWISE_HOWS.add(CARD_STEP)
MOVE_LENGTHS[CARD_STEP] = (data.COMPANION_CARD_STEPS, data.COMPANION_CARD_STEPS, False)
