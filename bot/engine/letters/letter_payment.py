"""Paying with letters: which sets of a player's letters may be handed in, and the step that asks.

Two letters on the same place showing the same side are worth the same, so a payment is offered
once per *seal-wise* choice: a multiset of (place, side), never once per arrangement of equal
letters. Its option code names the positions in the player's row of one such choice, one base-36
digit each, in order: ``p.025`` pays the 1st, 3rd and 6th letters (a row holds at most the 36
letters of the game). When a player holds so many letters that the choices would not fit one
decision (100 public options), the step first asks for one letter that is surely paid
(``l.<digit>``, kept in the step's tag) and narrows the choice until the sets fit.

Used by the Secret Society (exactly 6 seals, E-52) and the double move (a minimal set worth at
least 3 seals, D-17); the Courier's single letter uses `letter_label` and `one_of_each`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache

from ..decision import MAX_PUBLIC_OPTIONS, Option
from ..errors import IllegalChoice
from ..machine import StepKind, Tx, pop, push
from ..state import GameState, Step
from . import data
from .parts import Letter, letters_of

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
PAY = "p."
FIRST = "l."

SealsOk = Callable[[Sequence[int]], bool]


def digit(index: int) -> str:
    return DIGITS[index]


def index_of(ch: str) -> int:
    i = DIGITS.find(ch)
    if i < 0:
        raise IllegalChoice(ch)
    return i


def letter_label(letter: Letter) -> str:
    """A letter in a few words: "21" on its front, "21 (delivered)" once turned over."""
    place, delivered = letter
    return f"{place} (delivered)" if delivered else str(place)


def set_label(letters: Sequence[Letter]) -> str:
    """"7, 9 and delivered 21, 3 (6 seals)": the fronts, then the delivered ones."""
    fronts = [str(p) for p, d in letters if not d]
    backs = [str(p) for p, d in letters if d]
    parts = []
    if fronts:
        parts.append(", ".join(fronts))
    if backs:
        parts.append("delivered " + ", ".join(backs))
    seals = data.seals_total([d for _, d in letters])
    return f"{' and '.join(parts)} ({seals} seals)"


def one_of_each(letters: Sequence[Letter]) -> list[int]:
    """The first position of each distinct letter (place and side), in row order."""
    seen: set[Letter] = set()
    out = []
    for i, letter in enumerate(letters):
        if letter not in seen:
            seen.add(letter)
            out.append(i)
    return out


def _kinds(letters: Sequence[Letter], exclude: Sequence[int]) -> list[tuple[Letter, list[int]]]:
    """The distinct letters (sorted by place, fronts first) with their positions, leaving out
    the positions in `exclude`."""
    by: dict[Letter, list[int]] = {}
    for i, letter in enumerate(letters):
        if i not in exclude:
            by.setdefault(letter, []).append(i)
    return sorted(by.items())


def payment_sets(
    letters: Sequence[Letter], ok: SealsOk, most: int, chosen: Sequence[int] = (), limit: int = 10_000
) -> Iterator[tuple[int, ...]]:
    """The seal-wise distinct sets of positions in `letters` that contain `chosen` and whose seals
    satisfy `ok`, worth at most `most` seals; at most `limit` of them, each sorted."""
    return iter(_payment_sets(tuple(letters), ok, most, tuple(chosen), limit))


@lru_cache(maxsize=4096)  # asked again and again of the same rows (every look at the Secret Society)
def _payment_sets(
    letters: tuple[Letter, ...], ok: SealsOk, most: int, chosen: tuple[int, ...], limit: int
) -> tuple[tuple[int, ...], ...]:
    kinds = _kinds(letters, chosen)
    base = data.seals_total([letters[i][1] for i in chosen])
    found: list[tuple[int, ...]] = []
    picked: list[int] = []
    seals: list[int] = [data.letter_seals(letters[i][1]) for i in chosen]

    def walk(k: int, total: int) -> None:
        if len(found) >= limit:
            return
        if k == len(kinds):
            if picked and ok(seals):
                found.append(tuple(sorted((*chosen, *picked))))
            return
        (_, delivered), where = kinds[k]
        worth = data.letter_seals(delivered)
        for take in range(len(where) + 1):
            if total + worth * take > most:
                break
            picked.extend(where[:take])
            seals.extend([worth] * take)
            walk(k + 1, total + worth * take)
            del picked[len(picked) - take :]
            del seals[len(seals) - take :]

    if base <= most:
        walk(0, base)
    return tuple(found)


def can_pay(letters: Sequence[Letter], ok: SealsOk, most: int) -> bool:
    return next(payment_sets(letters, ok, most, limit=1), None) is not None


class LetterPayment(StepKind):
    """Base class of a step that asks which letters to pay: subclasses say which seals will do
    (`ok`, at most `most` seals), any `extra` options (listed first, e.g. a decline) and what
    paying (`paid`, with the positions) or an extra does (`resolve_extra`). The step's tag holds
    the positions already chosen while narrowing (base-36 digits)."""

    most = 0

    def ok(self, seals: Sequence[int]) -> bool:
        raise NotImplementedError

    def what(self, g: GameState, step: Step) -> str:
        """The label's opening words: "Pay"."""
        return "Pay"

    def extra(self, g: GameState, step: Step) -> list[Option]:
        return []

    def paid(self, tx: Tx, step: Step, indices: tuple[int, ...]) -> None:
        raise NotImplementedError

    def resolve_extra(self, tx: Tx, step: Step, code: str) -> None:
        raise IllegalChoice(code)

    # -- the machinery --

    def chosen(self, step: Step) -> tuple[int, ...]:
        return tuple(index_of(ch) for ch in step.tag)

    def offer(self, letters: Sequence[Letter], chosen: tuple[int, ...], room: int) -> tuple[list[tuple[int, ...]], list[int]]:
        """What the step offers besides its extras: the payment sets when at most `room` of them,
        else none and the positions of the letters that may be paid first to narrow the choice."""
        sets = sorted(payment_sets(letters, self.ok, self.most, chosen, limit=room + 1))
        if len(sets) <= room:
            return sets, []
        return [], [
            where[0]
            for _, where in _kinds(letters, chosen)
            if next(payment_sets(letters, self.ok, self.most, (*chosen, where[0]), limit=1), None) is not None
        ]

    def options(self, g: GameState, step: Step) -> list[Option]:
        letters = letters_of(g, step.actor)
        extra = self.extra(g, step)
        sets, firsts = self.offer(letters, self.chosen(step), MAX_PUBLIC_OPTIONS - len(extra))
        if sets:
            what = self.what(g, step)
            return extra + [
                Option(PAY + "".join(map(digit, s)), f"{what} {set_label([letters[i] for i in s])}") for s in sets
            ]
        return extra + [
            Option(FIRST + digit(i), f"Pay letter {letter_label(letters[i])}, then choose the rest") for i in firsts
        ]

    def codes(self, g: GameState, step: Step) -> list[str]:
        """The codes of `options` in the same order, without building the labels (the playout path
        reads these)."""
        extra = [o.code for o in self.extra(g, step)]
        sets, firsts = self.offer(letters_of(g, step.actor), self.chosen(step), MAX_PUBLIC_OPTIONS - len(extra))
        if sets:
            return extra + [PAY + "".join(map(digit, s)) for s in sets]
        return extra + [FIRST + digit(i) for i in firsts]

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        if code.startswith(PAY):
            indices = tuple(index_of(ch) for ch in code[len(PAY):])
            self.paid(tx, step, indices)
        elif code.startswith(FIRST):
            pop(tx.g)
            push(tx.g, Step(step.kind, step.actor, step.place, step.n, step.tag + code[len(FIRST):]))
        else:
            self.resolve_extra(tx, step, code)
