"""The Roasting Plant (17): up to three deals, each at most once per action and each for 2 coffee
(RULES-NOTES E-40, D-15): pay 2 Lira, pay any 1 good (never coffee, E-43), or discard 1 bonus
card or guild card (the only place that takes either, E-60).

The action asks the deals one at a time (the ``roast`` step, like a sale): each choice is carried
out at once and the step comes back with the deals still open, and "done" once one is made. The
step's ``n`` holds the deals made so far (bit 1 Lira, 2 good, 4 card).
"""

from __future__ import annotations

from ..components import GOOD_INDEX, GOODS
from ..decision import Option, who
from ..decks import BONUS_DECK, discard_card
from ..machine import StepKind, Tx, pop, push, register
from ..places import Place, place
from ..state import GameState, Player, Step
from ..texts import GOOD_NAMES, card_phrase
from ..wheelbarrow import pay_goods
from . import data
from .coffee import COFFEE_WHY, gain_coffee
from .guild_deck import GUILD_DECK

COFFEE_WHY["roasting_plant"] = "at the Roasting Plant"

LIRA, GOOD, CARD = 1, 2, 4  # the deals' bits in the step's `n`
ROAST = "roast"
GUILD_DISCARD = "gd."  # a guild card's discard code: "gd.g7" (a bonus card's is "d.<kind>")


def deal_options(g: GameState, seat: int, made: int) -> list[Option]:
    """The deals still open to a seat that has made `made` already (card discards are private)."""
    p = g.players[seat]
    each = data.ROAST_COFFEE
    opts: list[Option] = []
    if not made & LIRA and p.lira >= data.ROAST_LIRA:
        opts.append(Option("lira", f"Pay {data.ROAST_LIRA} Lira for {each} coffee"))
    if not made & GOOD:
        opts += [
            Option(f"g.{c}", f"Pay 1 {GOOD_NAMES[c]} for {each} coffee") for c in GOODS if p.goods[GOOD_INDEX[c]]
        ]
    if not made & CARD:
        opts += [
            Option(f"d.{c}", f"Discard {card_phrase(c)} for {each} coffee", private=True)
            for c in sorted(set(BONUS_DECK.hand(p)))
        ]
        opts += [
            Option(f"{GUILD_DISCARD}{c}", f"Discard {GUILD_DECK.phrase(c)} for {each} coffee", private=True)
            for c in sorted(set(GUILD_DECK.hand(p)), key=GUILD_DECK.order)
        ]
    return opts




def can_roast(p: Player) -> bool:
    """Whether at least one deal is open (2 Lira, a good, or any bonus or guild card)."""
    return p.lira >= data.ROAST_LIRA or any(p.goods) or bool(BONUS_DECK.hand(p) or GUILD_DECK.hand(p))


@place
class RoastingPlant(Place):
    number = data.ROASTING_PLANT

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        if not can_roast(g.players[seat]):
            return []
        return [Option("act", f"Roast coffee: {data.ROAST_COFFEE} coffee per deal, up to {data.ROAST_MAX_COFFEE}")]

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        push(tx.g, Step(ROAST, step.actor, self.number))


@register
class Roast(StepKind):
    """One deal of the Roasting Plant at a time; "done" once at least one is made."""

    name = ROAST
    module = data.MODULE
    decline = "done"

    def hand_dependent(self, step: Step) -> bool:
        return True  # the card deals depend on the hand: a lone option is still asked

    def options(self, g: GameState, step: Step) -> list[Option] | None:
        opts = deal_options(g, step.actor, step.n)
        if step.n:
            if not opts:
                return None  # every deal made (or none left to make): the action is over
            opts.append(Option("done", "Stop roasting"))
        return opts

    def prompt(self, g: GameState, step: Step) -> str:
        made = bin(step.n).count("1")
        return f"{who(step.actor)}: choose a deal at the Roasting Plant ({made} of 3 made)."

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        pop(g)
        if code == "done":
            return
        seat = step.actor
        if code == "lira":
            bit = LIRA
            pay_goods(tx, seat, {}, data.ROAST_LIRA, why="roasting_plant")
        elif code.startswith("g."):
            bit = GOOD
            pay_goods(tx, seat, {code[2:]: data.ROAST_GOODS}, why="roasting_plant")
        elif code.startswith(GUILD_DISCARD):
            bit = CARD
            discard_card(tx, seat, code[len(GUILD_DISCARD) :], "roasting_plant", GUILD_DECK)
        else:
            bit = CARD
            discard_card(tx, seat, code[2:], "roasting_plant")
        gain_coffee(tx, seat, data.ROAST_COFFEE, "roasting_plant")
        push(g, Step(ROAST, seat, step.place, step.n | bit))
