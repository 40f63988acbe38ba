"""Caravansary (bonus cards, the Caravan Leader variant) and the Fountain."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..board import place_name
from ..components import CARAVANSARY, FOUNTAIN
from ..decision import Option, who
from ..decks import add_card, can_draw, discard_card, draw_card
from ..machine import StepKind, Tx, pop, push, register
from ..registry import Registry
from ..state import GameState, Step, replace_turn
from ..texts import card_phrase
from . import ACT_CODES, Place, place


@place
class Caravansary(Place):
    number = CARAVANSARY

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        return [Option("act", "Take 2 bonus cards, then discard 1")]

    def codes(self, g: GameState, seat: int, step: Step) -> Sequence[str]:
        return ACT_CODES

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        seat = step.actor
        leader = g.settings.caravan_leader and g.board.caravan_leader == seat
        g.turn = replace_turn(g.turn, {"caravansary_done": True, "leader_at_caravansary": leader})
        steps = [Step("caravan_draw", seat, CARAVANSARY, 2), Step("caravan_draw", seat, CARAVANSARY, 1)]
        if not leader:
            steps.append(Step("card_discard", seat, CARAVANSARY))
        push(g, *steps)


@register
class CaravanDraw(StepKind):
    """Take one card: from the face-down pile or the top of the face-up discard pile."""

    name = "caravan_draw"

    def options(self, g: GameState, step: Step) -> list[Option] | None:
        opts = []
        if can_draw(g):
            opts.append(Option("pile", "Draw from the face-down pile"))
        if g.discard:
            opts.append(Option("top", f"Take {card_phrase(g.discard[-1])} from the discard pile"))
        return opts or None

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: take a bonus card ({3 - step.n} of 2)."

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)
        tx.emit("no_card", step.actor)

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        pop(g)
        if code == "top":
            card = g.discard[-1]
            g.discard = g.discard[:-1]
            add_card(g, step.actor, card)
            tx.emit("take_discard", step.actor, card=card)
        else:
            draw_card(tx, step.actor)


@register
class CardDiscard(StepKind):
    """Discard one bonus card of your choice (a private choice: it shows your hand)."""

    name = "card_discard"

    def options(self, g: GameState, step: Step) -> list[Option] | None:
        cards = sorted(set(g.players[step.actor].cards))
        if not cards:
            return None
        return [Option(f"d.{c}", f"Discard {card_phrase(c)}", private=True) for c in cards]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: discard one bonus card."

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        discard_card(tx, step.actor, code[2:], "caravansary")


# Ways a module carries out the Fountain's action when no assistant of the seat is out (Letters &
# Seals: the action still earns or brings home the companion, E-44): called with the state and
# the seat, each returns its options; the module's `places.ACTION_HOOKS` entry performs them (the
# Fountain's own `perform` does nothing with their codes).
FOUNTAIN_OPTIONS: Registry[Callable[[GameState, int], list[Option]]] = Registry("fountain options")
_ALL = ("r.all",)
_ALL_OR_SOME = ("r.all", "r.some")


@place
class Fountain(Place):
    number = FOUNTAIN

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        out = g.players[seat].assistants
        if not out:
            extra = FOUNTAIN_OPTIONS.active(g.settings)
            # nothing to call back: the action would change nothing, unless a module's part changes
            return [o for found in extra for o in found(g, seat)] if extra else []
        if len(out) == 1:
            return [Option("r.all", f"Call back your assistant from {place_name(out[0])}")]
        return [
            Option("r.all", f"Call back all {len(out)} of your assistants"),
            Option("r.some", "Choose which assistants to call back"),
        ]

    def codes(self, g: GameState, seat: int, step: Step) -> Sequence[str]:
        out = len(g.players[seat].assistants)
        if not out:
            return [o.code for o in self.options(g, seat, step)] if FOUNTAIN_OPTIONS.active(g.settings) else ()
        return _ALL if out == 1 else _ALL_OR_SOME

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        p = tx.g.mut(step.actor)
        if code == "r.all":
            places = list(p.assistants)
            p.stack += "o" * len(places)
            p.assistants = ()
            tx.emit("recall", step.actor, places=places, why="fountain")
        elif code == "r.some":
            push(tx.g, Step("fountain", step.actor, FOUNTAIN))


@register
class FountainChoice(StepKind):
    name = "fountain"
    decline = "done"

    def options(self, g: GameState, step: Step) -> list[Option] | None:
        out = sorted(set(g.players[step.actor].assistants))
        if not out:
            return None
        opts = [Option(f"r.{q}", f"Call back the assistant at {place_name(q)}") for q in out]
        return opts + [Option("done", "Leave the rest where they are")]

    def codes(self, g: GameState, step: Step) -> Sequence[str] | None:
        out = sorted(set(g.players[step.actor].assistants))
        return [*(f"r.{q}" for q in out), "done"] if out else None

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: which assistants come back to your stack?"

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        if code == "done":
            pop(g)
            return
        recall(tx, step.actor, int(code[2:]), "fountain")


def recall(tx: Tx, seat: int, where: int, why: str) -> None:
    """One own assistant comes back to the bottom of the merchant stack."""
    p = tx.g.mut(seat)
    out = list(p.assistants)
    out.remove(where)
    p.assistants = tuple(out)
    p.stack += "o"
    tx.emit("recall", seat, places=[where], why=why)
