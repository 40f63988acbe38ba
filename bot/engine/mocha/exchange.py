"""The exchange card (``swap3``): give back up to 3 goods or coffee and take as many others.

Coffee counts here as a good would (E-43: the text says "or coffee"). The exchange is asked one
swap at a time (step ``exchange``: ``sw.<given>.<taken>`` by letter, or ``done``); what is taken is never of
a kind given in the same exchange, and what is given never of a kind taken in it (else the swap
undoes itself). A good beyond the wheelbarrow's capacity is lost (E-26). After the last round
only goods come of it (E-55): coffee may be given, not taken.

Step ``exchange``: n the swaps made so far, tag the kinds given, ">", the kinds taken (one letter
each: r, g, y, b, c).
"""

from __future__ import annotations

from ..components import GOODS
from ..decision import Option, who
from ..machine import StepKind, Tx, pop, push, register
from ..state import GameState, Player, Step
from ..texts import GOOD_NAMES
from ..undo import after_last_round
from ..wheelbarrow import gain_goods, lost_note, pay_goods
from . import data
from .bonus_cards import CARD
from .coffee import coffee_of, gain_coffee, pay_coffee

KINDS = (*GOODS, data.COFFEE)
LETTER = {kind: kind[0] for kind in KINDS}  # red r, green g, yellow y, blue b, coffee c
KIND_OF = {letter: kind for kind, letter in LETTER.items()}
DONE = Option("done", "Exchange no more")


def _name(kind: str) -> str:
    return "coffee" if kind == data.COFFEE else GOOD_NAMES[kind]


def _held(g: GameState, seat: int, kind: str) -> int:
    return coffee_of(g, seat) if kind == data.COFFEE else g.players[seat].good(kind)


def _note(p: Player, kind: str) -> str:
    return "" if kind == data.COFFEE else lost_note(p, kind)


def split(tag: str) -> tuple[set[str], set[str]]:
    """The kinds given and taken so far in this exchange."""
    given, _, taken = tag.partition(">")
    return {KIND_OF[c] for c in given}, {KIND_OF[c] for c in taken}


@register
class Exchange(StepKind):
    name = "exchange"
    module = data.MODULE
    decline = "done"

    def options(self, g: GameState, step: Step) -> list[Option]:
        seat = step.actor
        p = g.players[seat]
        given, taken = split(step.tag)
        gives = [k for k in KINDS if k not in taken and _held(g, seat, k)]
        takes = [k for k in KINDS if k not in given and not (k == data.COFFEE and after_last_round(g))]
        opts = [
            Option(f"sw.{LETTER[give]}.{LETTER[take]}", f"Give 1 {_name(give)}, take 1 {_name(take)}{_note(p, take)}")
            for give in gives
            for take in takes
            if take != give
        ]
        return opts + [DONE]

    def prompt(self, g: GameState, step: Step) -> str:
        left = data.SWAP_MAX - step.n
        return f"{who(step.actor)}: exchange a good or coffee for another ({left} more at most)."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        pop(g)
        if code == "done":
            return
        _, give_letter, take_letter = code.split(".")
        give, take = KIND_OF[give_letter], KIND_OF[take_letter]
        seat = step.actor
        if give == data.COFFEE:
            pay_coffee(tx, seat, 1, CARD)
        else:
            pay_goods(tx, seat, {give: 1}, why=CARD)
        if take == data.COFFEE:
            gain_coffee(tx, seat, 1, CARD)
        else:
            gain_goods(tx, seat, {take: 1}, why=CARD)
        given, _, taken = step.tag.partition(">")
        if step.n + 1 < data.SWAP_MAX:
            push(g, Step("exchange", seat, 0, step.n + 1, f"{given}{LETTER[give]}>{taken}{LETTER[take]}"))
