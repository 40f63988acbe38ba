"""Phase 1 and 2 of a turn: moving a token (the merchant stack; the kinds in `tokens`), the
assistant, paying the other players' tokens that are paid like merchants."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .board import blocked_for, grid_of, neutral_merchants_at, place_name
from .components import FOUNTAIN, MERCHANT_FEE
from .decision import Option, who
from .decks import roll
from .layouts import Edges, Grid
from .machine import StepKind, Tx, end_turn_early, pop, register
from .state import GameState, Step, shared_step
from .texts import join_and
from .tokens import MERCHANT, TokenKind, move_token, paid_at

# The assistant step's fixed options (options never change, so one object serves every decision)
LEAVE_IT = Option("a.none", "Leave it there")
PICK_NEUTRAL = Option("a.neutral", "Pick up the neutral assistant")
NONE_TO_LEAVE = Option("x.end", "No assistant to leave: end your turn")
PICK_OWN = Option("a.collect", "Pick up your assistant")
LEAVE_NEUTRAL = Option("a.leave", "Leave a neutral assistant here")
LEAVE_OWN = Option("a.leave", "Leave an assistant here")
USE_NONE = Option("x.end", "Use no assistant: end your turn here")


def move_options(g: GameState, seat: int, lo: int, hi: int) -> list[Option]:
    """Where the merchant stack may go with a step-by-step move of lo..hi places."""
    return list(_move_options(g, seat, lo, hi))


def move_codes(g: GameState, seat: int, lo: int, hi: int) -> tuple[str, ...]:
    """The codes of `move_options`, in the same order (the playout path's `codes`)."""
    return _moves(g, seat, lo, hi)[1]


# Per layout tuple (by identity: every state of a game shares it; each entry holds its tuple and
# width): (start, lo, hi, walk, blocked) -> the places reached, and for the merchant's moves the
# options and their codes. A layout is not hashed on every move.
Reach = tuple[int, int, int, bool, Edges]
Moves = tuple["tuple[Option, ...] | None", tuple[str, ...]]  # the options (None until asked for) and codes
Tables = tuple[tuple[int, ...], int, dict[Reach, tuple[int, ...]], dict[Reach, Moves]]
_MOVES: dict[int, Tables] = {}


def _tables(g: GameState) -> Tables:
    """The places reached and the merchant's moves kept for the layout of `g` (a fresh entry:
    the callers look theirs up first, without a call)."""
    if len(_MOVES) > 64:
        _MOVES.clear()
    tables = _MOVES[id(g.layout)] = (g.layout, g.width, {}, {})
    return tables


def _moves(g: GameState, seat: int, lo: int, hi: int, labelled: bool = False) -> Moves:
    """The merchant's moves of lo..hi places: their codes, and their options when `labelled` (else
    they may be None: the playout path asks for the codes alone and no label is written)."""
    walk = lo >= 3 and g.settings.rules.move_card_semantics == "walk"
    layout = g.layout
    tables = _MOVES.get(id(layout))
    if tables is None or tables[0] is not layout or tables[1] != g.width:
        tables = _tables(g)
    moves = tables[3]
    key = (g.players[seat].merchant, lo, hi, walk, blocked_for(g, seat))
    found = moves.get(key)
    if found is None or (labelled and found[0] is None):
        if len(moves) > 4096:
            moves.clear()
        targets = _reach(g, key)
        codes = tuple(f"go.{t}" for t in targets)
        labels = None
        if labelled:
            labels = tuple(Option(c, f"Move to {place_name(t)} ({t})") for c, t in zip(codes, targets, strict=True))
        found = moves[key] = (labels, codes)
    return found


def _move_options(g: GameState, seat: int, lo: int, hi: int) -> tuple[Option, ...]:
    options = _moves(g, seat, lo, hi, labelled=True)[0]
    assert options is not None
    return options


def reachable(g: GameState, seat: int, start: int, lo: int, hi: int, walk: bool = False) -> tuple[int, ...]:
    """Places a token of `seat` reaches from `start` step by step: at distance lo..hi (RULES-NOTES
    E-1, detours around the edges blocked for that seat included), or with `walk` at the end of a
    walk of lo..hi steps (E-2's alternative). Never the start itself. (Kept per layout.)"""
    layout = g.layout
    tables = _MOVES.get(id(layout))
    if tables is None or tables[0] is not layout or tables[1] != g.width:
        tables = _tables(g)
    targets = tables[2]
    key = (start, lo, hi, walk, blocked_for(g, seat))
    found = targets.get(key)
    if found is None:
        if len(targets) > 4096:
            targets.clear()
        found = targets[key] = _reach(g, key)
    return found


def _reach(g: GameState, key: Reach) -> tuple[int, ...]:
    """The places reached as `key` says: (start, lo, hi, walk, blocked), see `reachable`."""
    start, lo, hi, walk, blocked = key
    grid = grid_of(g)
    return walk_targets(grid, start, lo, hi, blocked) if walk else grid.within(start, lo, hi, blocked)


def walk_targets(grid: Grid, start: int, lo: int, hi: int, blocked: Edges = frozenset()) -> tuple[int, ...]:
    """Places at the end of a walk of exactly lo..hi steps (doubling back allowed), not the start."""
    frontier = {start}
    found: set[int] = set()
    for length in range(1, hi + 1):
        frontier = {n for p in frontier for n in grid.neighbours(p, blocked)}
        if length >= lo:
            found |= frontier
    found.discard(start)
    return tuple(sorted(found))


def arrive(tx: Tx, seat: int, target: int, how: str, token: TokenKind = MERCHANT, spared: int = -1) -> None:
    """A token ends its movement on `target`; queue phases 1b (for the merchant stack) to 4 there.
    The move event names the token unless it is the merchant stack. `spared`: a seat whose
    merchant there is not paid (a card that follows that merchant, RULES-NOTES E-15)."""
    g = tx.g
    source = move_token(g, seat, token, target)
    if not tx.keeps_events:  # (a quiet transaction: no event is built)
        pass
    elif token is MERCHANT:
        tx.emit("move", seat, source=source, target=target, how=how)
    else:
        tx.emit("move", seat, source=source, target=target, how=how, token=token.name)
    g.steps += _phases(seat, target, token.assistants, spared)  # `push`, the stack order built once


@cache
def _phases(seat: int, target: int, assistants: bool, spared: int = -1) -> tuple[Step, ...]:
    """The steps queued on arriving, phases 1b (with `assistants`) to 4, in stack order (the last
    runs first), built once and shared. The payment step's tag names a `spared` seat."""
    pay = shared_step("pay", seat, target) if spared < 0 else Step("pay", seat, target, tag=str(spared))
    phases = (shared_step("after", seat, target), shared_step("action", seat, target), pay)
    return (*phases, shared_step("assistant", seat, target)) if assistants else phases


_TARGETS: dict[str, int] = {}  # a move's code ("go.12") -> its place, read once per code


@register
class Move(StepKind):
    name = "move"
    free = True
    movement = True
    step_prompt = True

    def options(self, g: GameState, step: Step) -> Sequence[Option]:
        return _move_options(g, step.actor, 1, 2)  # (the shared tuple: `move_options` copies it)

    def codes(self, g: GameState, step: Step) -> Sequence[str]:
        return _moves(g, step.actor, 1, 2)[1]  # `move_codes`

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: move your merchant 1 or 2 places."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        g.steps = g.steps[:-1]  # `pop`
        try:
            target = _TARGETS[code]
        except KeyError:
            target = _TARGETS[code] = int(code[3:])
        arrive(tx, step.actor, target, "move")


@register
class Move34(Move):
    """After the '3 or 4 places' bonus card."""

    name = "move34"

    def options(self, g: GameState, step: Step) -> Sequence[Option]:
        return _move_options(g, step.actor, 3, 4)  # (the shared tuple: `move_options` copies it)

    def codes(self, g: GameState, step: Step) -> Sequence[str]:
        return _moves(g, step.actor, 3, 4)[1]  # `move_codes`

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: move your merchant 3 or 4 places."


@register
class Assistant(StepKind):
    """Phase 1b: pick up an assistant, leave one behind, or end the turn."""

    name = "assistant"
    free = True
    decline = "x.end"
    step_prompt = True

    def offer(self, g: GameState, step: Step) -> tuple[tuple[Option, ...], tuple[str, ...]] | None:
        """The options here (fixed ones, shared) with their codes; None: nothing to handle."""
        p = g.players[step.actor]
        place = step.place
        neutral_here = g.settings.neutral_assistants and place in g.board.neutral_assistants  # `neutral_assistant_at`
        if place == FOUNTAIN:
            # the decline first: with no "x.end" here, the first option is the default
            return _AT_FOUNTAIN if neutral_here else None
        own_here = place in p.assistants
        if not (own_here or p.stack or neutral_here):  # `turn_goes_on_at`, away from the Fountain
            return _NONE_TO_LEAVE
        leave = 0 if own_here or not p.stack else 1 if p.stack[-1] == "n" else 2
        return _ASSISTANT_OFFERS[own_here, neutral_here, leave]

    def options(self, g: GameState, step: Step) -> Sequence[Option] | None:
        offer = self.offer(g, step)
        return None if offer is None else offer[0]

    def codes(self, g: GameState, step: Step) -> Sequence[str] | None:
        offer = self.offer(g, step)
        return None if offer is None else offer[1]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: handle an assistant at {place_name(step.place)}."

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        g.steps = g.steps[:-1]  # `pop`
        place = step.place
        if code == "x.end":
            # (whether the turn could have gone on only words the event)
            could = tx.keeps_events and turn_goes_on_at(g, step.actor, place)
            end_turn_early(tx, "declined_assistant" if could else "no_assistant", place)
            return
        p = g.mut(step.actor)
        if code == "a.collect":
            assistants = list(p.assistants)
            assistants.remove(place)
            p.assistants = tuple(assistants)
            p.stack += "o"
            if tx.keeps_events:
                tx.emit("assistant", step.actor, act="collect", place=place)
        elif code == "a.neutral":
            neutral = list(g.board.neutral_assistants)
            neutral.remove(place)
            g.wboard().neutral_assistants = tuple(neutral)
            p.stack += "n"
            if tx.keeps_events:
                tx.emit("assistant", step.actor, act="neutral", place=place)
        elif code == "a.leave":
            bottom = p.stack[-1]
            p.stack = p.stack[:-1]
            if bottom == "o":
                p.assistants = tuple(sorted(p.assistants + (place,)))
            else:
                g.wboard().neutral_assistants = tuple(sorted(g.board.neutral_assistants + (place,)))
            if tx.keeps_events:
                tx.emit("assistant", step.actor, act="leave", place=place, neutral=bottom == "n")
        elif code == "a.none":
            pass
        else:
            raise AssertionError(code)


def _offer(*options: Option) -> tuple[tuple[Option, ...], tuple[str, ...]]:
    return options, tuple(o.code for o in options)


_AT_FOUNTAIN = _offer(LEAVE_IT, PICK_NEUTRAL)
_NONE_TO_LEAVE = _offer(NONE_TO_LEAVE)
# (own assistant here, neutral one here, what may be left: 0 nothing, 1 a neutral one, 2 an own one)
_ASSISTANT_OFFERS = {
    (own, neutral, leave): _offer(
        *([PICK_OWN] if own else []), *([PICK_NEUTRAL] if neutral else []),
        *([LEAVE_NEUTRAL] if leave == 1 else [LEAVE_OWN] if leave == 2 else []), USE_NONE,
    )
    for own in (False, True) for neutral in (False, True) for leave in (0, 1, 2)
}


def turn_goes_on_at(g: GameState, seat: int, place: int) -> bool:
    """Whether a merchant arriving at `place` may go on with the turn: none is needed (the
    Fountain), or one can be picked up there (own, or a neutral one) or left from the stack."""
    p = g.players[seat]
    return place == FOUNTAIN or place in p.assistants or bool(p.stack) or neutral_assistant_at(g, place)


def neutral_assistant_at(g: GameState, place: int) -> bool:
    return g.settings.neutral_assistants and place in g.board.neutral_assistants


def fee(g: GameState, seat: int, place: int, spared: int = -1) -> tuple[list[int], int, int]:
    """The seats owed for their tokens at a place (one entry per token paid like a merchant),
    the neutral merchants there, and what meeting them all costs. `spared`: a seat whose merchant
    is not paid (its other tokens there are)."""
    if place == FOUNTAIN:
        return [], 0, 0
    others = paid_at(g, place, seat)
    if spared >= 0 and g.players[spared].merchant == place and spared in others:
        others.remove(spared)
    neutral = neutral_merchants_at(g, place)
    return others, neutral, MERCHANT_FEE * (len(others) + neutral)


def payees(others: int, neutral: int) -> str:
    """Who is paid at a place: rival merchants, and the bank for neutral merchants."""
    merchants = "the merchant here" if others == 1 else "the merchants here"
    bank = "the bank for the neutral merchant" + ("s" if neutral > 1 else "")
    if not neutral:
        return merchants
    return bank if not others else f"{merchants} and the bank"


_PAY_OR_END = ("pay", "x.end")
_END_ONLY = ("x.end",)


def _spared(step: Step) -> int:
    return int(step.tag) if step.tag else -1


@register
class PayMerchants(StepKind):
    """Phase 2: pay 2 Lira to every other merchant here, or end the turn (tag: a seat whose
    merchant is spared, see `arrive`)."""

    name = "pay"
    free = True
    decline = "x.end"

    def codes(self, g: GameState, step: Step) -> Sequence[str] | None:
        cost = fee(g, step.actor, step.place, _spared(step))[2]
        if not cost:
            return None
        return _PAY_OR_END if g.players[step.actor].lira >= cost else _END_ONLY

    def options(self, g: GameState, step: Step) -> list[Option] | None:
        others, neutral, cost = fee(g, step.actor, step.place, _spared(step))
        if not cost:
            return None
        if g.players[step.actor].lira >= cost:
            return [Option("pay", f"Pay {cost} Lira to {payees(len(others), neutral)}"), Option("x.end", "Refuse to pay: end your turn")]
        return [Option("x.end", f"Not enough Lira to pay {cost}: end your turn")]

    def prompt(self, g: GameState, step: Step) -> str:
        others, neutral, cost = fee(g, step.actor, step.place, _spared(step))
        owed = {s: others.count(s) for s in others}  # a seat with two tokens here is paid twice
        names = [who(s) if k == 1 else f"{who(s)} for {k} tokens" for s, k in owed.items()]
        if neutral:
            names.append("the bank for " + ("a neutral merchant" if neutral == 1 else f"{neutral} neutral merchants"))
        each = f"{MERCHANT_FEE} Lira" if cost == MERCHANT_FEE else f"{MERCHANT_FEE} Lira each ({cost} in all)"
        return f"{who(step.actor)}: pay {each} to {join_and(names)}, or end your turn."

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        pop(g)
        seat = step.actor
        if code == "x.end":
            # (whether the seat could have paid only words the event)
            could = tx.keeps_events and g.players[seat].lira >= fee(g, seat, step.place, _spared(step))[2]
            end_turn_early(tx, "refused_to_pay" if could else "could_not_pay", step.place)
            return
        others, neutral, cost = fee(g, seat, step.place, _spared(step))
        payer = g.mut(seat)
        for other in others:
            payer.lira -= MERCHANT_FEE
            g.mut(other).lira += MERCHANT_FEE
            if tx.keeps_events:
                tx.emit("fee", seat, to=other, lira=MERCHANT_FEE)
        merchants = list(g.board.neutral_merchants)
        for i, place in enumerate(merchants):
            if place != step.place:
                continue
            payer.lira -= MERCHANT_FEE
            tx.emit("fee", seat, to=-1, lira=MERCHANT_FEE, colour=g.board.neutral_colours[i])
            d = roll(tx)
            merchants[i] = d[0] + d[1]
            g.wboard().neutral_merchants = tuple(merchants)
            tx.emit("relocate", seat, token="neutral", colour=g.board.neutral_colours[i], to=merchants[i], source=place)
