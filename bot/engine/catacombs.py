"""The Catacombs (place 25, the Great Bazaar only; RULES-NOTES E-46, D-20, E-43, E-11).

The action (``Catacombs.options``): ``g.<colour>`` one good of your choice or ``g.coffee`` one
coffee (coffee is always in play here). Then the step ``catacombs`` (``place`` 25, ``tag`` the
token that moves: "merchant", "companion" or "family") asks where that token goes: ``go.<place>``,
every place but the Catacombs and the one it stands on, in number order. It is a teleport (no
Barrier stops it, E-11; the merchant stack keeps its assistants), with no action and no
encounters where it lands: when the token that took the turn's action leaves its place, phase 4 of
the turn is skipped (its ``after`` step moves to place 0; none back at the Catacombs either).
Letters are delivered where it lands by the delivery sweep (E-48).

Which token moves (E-46): the turn's active token, the merchant stack or the companion in a
companion turn, whichever way the action was reached (its own move, the Police Station, the
Tavern's Barrier, guild card #12; in a turn of the family member's step card, the merchant stack).
Under ``RuleOptions.catacombs_family_member_moves`` the family member moves instead when it took
the action (sent by the Police Station, or by the step card).

Events: ``gain`` / ``coffee`` (why "catacombs"), ``move`` {source, target, how "catacombs"[,
token]} and ``catacombs_quiet`` {place}: no action and no encounters there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import bazaar
from .board import place_name
from .components import GOODS
from .decision import Option, who
from .describe import GAIN_FROM, register_line
from .encounters import skip_encounters
from .machine import StepKind, Tx, pop, push, register
from .places import Place, place
from .state import GameState, Step
from .texts import GOOD_NAMES, register_place
from .tokens import FAMILY, MERCHANT, TokenKind, move_token, token_kind
from .wheelbarrow import gain_goods, lost_note

MODULE = bazaar.BAZAAR.ident
CATACOMBS = bazaar.CATACOMBS
STEP = "catacombs"
WHY = "catacombs"
COFFEE = "coffee"
COMPANION = "companion"  # the token kind Letters & Seals registers
FAMILY_TAG = "family"  # the action-step tag of the family member's action (Police Station, step card)
AGAIN_TAG = "again"  # a repeat granted by a card; n=1 repeats the family member's action

GAIN_FROM[WHY] = "in the Catacombs"


def _companion_turn(g: GameState, seat: int) -> bool:
    from .letters.companion_turn import active_is_companion  # the module's own rule (imported late)

    return active_is_companion(g, seat)


def acted_by_family(step: Step) -> bool:
    """Whether the family member took this action (sent by the Police Station or the step card,
    or a card's repeat of its action)."""
    return step.tag == FAMILY_TAG or (step.tag == AGAIN_TAG and step.n == 1)


def moving_token(g: GameState, step: Step) -> TokenKind:
    """The token the Catacombs move after the action of `step` (E-46, D-20)."""
    seat = step.actor
    if g.settings.rules.catacombs_family_member_moves and acted_by_family(step):
        return FAMILY
    if _companion_turn(g, seat):
        return token_kind(COMPANION)
    return MERCHANT


@place
class Catacombs(Place):
    number = CATACOMBS

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        p = g.players[seat]
        goods = [Option(f"g.{c}", f"Take 1 {GOOD_NAMES[c]}{lost_note(p, c)}") for c in GOODS]
        return [*goods, Option(f"g.{COFFEE}", "Take 1 coffee")]

    def codes(self, g: GameState, seat: int, step: Step) -> Sequence[str]:
        return CODES

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        good = code[2:]
        if good == COFFEE:
            from .mocha.coffee import gain_coffee  # coffee is Mocha & Baksheesh's (always in play here)

            gain_coffee(tx, step.actor, 1, WHY)
        else:
            gain_goods(tx, step.actor, {good: 1}, why=WHY)
        token = moving_token(tx.g, step)
        push(tx.g, Step(STEP, step.actor, CATACOMBS, 0, token.name))


CODES: tuple[str, ...] = (*(f"g.{c}" for c in GOODS), f"g.{COFFEE}")


def targets(g: GameState, seat: int, token: TokenKind) -> tuple[int, ...]:
    """Where the Catacombs may send a seat's token: every place but the Catacombs and its own."""
    here = token.where(g.players[seat])
    return tuple(q for q in sorted(g.layout) if q not in (CATACOMBS, here))


@register
class CatacombsMove(StepKind):
    """Where the token of the Catacombs' action goes (tag: the token kind): ``go.<place>``."""

    name = STEP
    module = MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        token = token_kind(step.tag)
        noun = "merchant stack" if token is MERCHANT else token.noun
        return [Option(f"go.{q}", f"Move your {noun} to {place_name(q)} ({q})") for q in targets(g, step.actor, token)]

    def codes(self, g: GameState, step: Step) -> Sequence[str]:
        return [f"go.{q}" for q in targets(g, step.actor, token_kind(step.tag))]

    def prompt(self, g: GameState, step: Step) -> str:
        token = token_kind(step.tag)
        noun = "merchant stack" if token is MERCHANT else token.noun
        return f"{who(step.actor)}: {place_name(CATACOMBS)} — where does your {noun} go? No action and no encounters there."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        pop(g)
        seat, token, target = step.actor, token_kind(step.tag), int(code[3:])
        source = move_token(g, seat, token, target)  # a teleport: no edge blocks it (E-11)
        extra = {} if token is MERCHANT else {"token": token.name}
        tx.emit("move", seat, source=source, target=target, how=WHY, **extra)
        if token is not FAMILY:
            skip_encounters(g, seat, source)
        tx.emit("catacombs_quiet", seat, place=target)


def _quiet_line(who_: str, d: dict[str, Any], own: bool) -> str:
    return f"{who_} came out of the Catacombs at {place_name(d['place'])}: no action and no encounters there."


register_line("catacombs_quiet", _quiet_line, MODULE)
register_place(
    CATACOMBS, bazaar.CATACOMBS_NAME, f"{bazaar.CATACOMBS_TEXT} {bazaar.FAMILY_OPTION_NOTE}", MODULE,
    tuple(bazaar.help_entries()),
)
