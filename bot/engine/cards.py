"""Bonus cards (and the yellow mosque tile): when each may be played, and what it does.

A card play has the code `c.<kind>` in every decision that offers it. Cards are offered in the
free window of the steps their timing allows (RULES-NOTES E-32); the place-bound ones ride on
the action step as modifiers; after the last round, cards that yield only goods or Lira may
still be played (E-55).
"""

from __future__ import annotations

from .board import place_name
from .components import (
    GEMSTONE_DEALER,
    GOODS,
    LIRA_CARD,
    POLICE_STATION,
    POST_OFFICE,
    SMALL_MARKET,
    SULTANS_PALACE,
    YELLOW_TILE_PRICE,
)
from .decision import Option, who
from .decks import can_draw
from .encounters import take_reward
from .machine import FREE_WINDOWS, StepKind, Tx, pop, push, register
from .movement import arrive, move_options
from .places import ACTION_MODIFIERS, PLACES, perform
from .places.caravansary import recall
from .state import GameState, Step
from .texts import GOOD_NAMES, card_phrase
from .wheelbarrow import gain_goods, lost_note, pay_goods

ANYTIME = frozenset({"move", "move34", "assistant", "pay", "action", "after"})
PHASE_ONE = frozenset({"move", "move34", "assistant"})
WINDOWS: dict[str, frozenset[str]] = {
    "stay": frozenset({"move"}),
    "move34": frozenset({"move"}),
    "return": PHASE_ONE,
    "good": ANYTIME,
    "lira5": ANYTIME,
    "family": ANYTIME,
}
REPEAT_AT = {SULTANS_PALACE: "sultan2", POST_OFFICE: "post2", GEMSTONE_DEALER: "gem2"}
FINAL_CARDS = ("good", "lira5", "family")


def play_card(tx: Tx, seat: int, card: str) -> None:
    """The card leaves the hand face up onto the discard pile (everyone sees it)."""
    g = tx.g
    p = g.mut(seat)
    cards = list(p.cards)
    cards.remove(card)
    p.cards = tuple(cards)
    g.discard = g.discard + (card,)
    tx.emit("card", seat, card=card)
    tx.barrier = True


def playable(g: GameState, seat: int, card: str, step: Step) -> bool:
    p = g.players[seat]
    if card == "family":
        return p.family != POLICE_STATION
    if card == "return":
        return bool(p.assistants)
    if card == "move34":
        return bool(move_options(g, seat, 3, 4))
    return True


class BonusCards:
    """The free window: cards whose timing fits the current step."""

    def options(self, g: GameState, step: Step) -> list[Option]:
        seat = step.actor
        if seat != g.turn.player:
            return []
        opts = []
        for card in sorted(set(g.players[seat].cards)):
            window = WINDOWS.get(card)
            if window and step.kind in window and playable(g, seat, card, step):
                opts.append(Option(f"c.{card}", f"Play {card_phrase(card)}", private=True))
        return opts

    def resolve(self, tx: Tx, step: Step, code: str) -> bool:
        if code not in {o.code for o in self.options(tx.g, step)}:
            return False
        g = tx.g
        seat = step.actor
        card = code[2:]
        play_card(tx, seat, card)
        if card == "stay":
            pop(g)
            arrive(tx, seat, g.players[seat].merchant, "stay")
        elif card == "move34":
            pop(g)
            push(g, Step("move34", seat))
        else:
            card_effect(tx, seat, card, final=False)
        return True


def card_effect(tx: Tx, seat: int, card: str, final: bool) -> None:
    g = tx.g
    if card == "lira5":
        gain_goods(tx, seat, {}, LIRA_CARD, why="card")
    elif card == "good":
        push(g, Step("card_good", seat))
    elif card == "family":
        g.mut(seat).family = POLICE_STATION
        tx.emit("family_home", seat)
        if final:
            take_reward(tx, seat, "lira")
        else:
            push(g, Step("reward", seat))
    elif card == "return":
        push(g, Step("recall", seat, tag="card"))
    else:
        raise AssertionError(card)


class YellowTile:
    """Once per turn: pay 2 Lira to bring one of your assistants back to your stack."""

    def options(self, g: GameState, step: Step) -> list[Option]:
        seat = step.actor
        p = g.players[seat]
        if (
            seat == g.turn.player
            and step.kind in ANYTIME
            and "yellow" in p.mosque_tiles
            and not g.turn.yellow_used
            and p.lira >= YELLOW_TILE_PRICE
            and p.assistants
        ):
            return [Option("t.yellow", f"Yellow tile: pay {YELLOW_TILE_PRICE} Lira to call back an assistant")]
        return []

    def resolve(self, tx: Tx, step: Step, code: str) -> bool:
        if code != "t.yellow" or not self.options(tx.g, step):
            return False
        tx.g.turn.yellow_used = True
        push(tx.g, Step("recall", step.actor, tag="yellow"))
        return True


class ActionCards:
    """Cards declared with an action: do it twice, or sell any goods at the Small Market."""

    def options(self, g: GameState, step: Step, act: list[Option]) -> list[Option]:
        seat = step.actor
        if seat != g.turn.player:
            return []
        cards = g.players[seat].cards
        repeat = REPEAT_AT.get(step.place)
        opts = []
        if repeat and repeat in cards and len(act) == 1:
            opts.append(Option(f"c.{repeat}", f"Play {card_phrase(repeat)} and take the action", private=True))
        if step.place == SMALL_MARKET and "smallany" in cards and any(g.players[seat].goods):
            opts.append(Option("c.smallany", f"Play {card_phrase('smallany')} and sell", private=True))
        return opts

    def resolve(self, tx: Tx, step: Step, code: str) -> bool:
        card = code[2:]
        if code not in {o.code for o in self.options(tx.g, step, PLACES[step.place].options(tx.g, step.actor, step))}:
            return False
        play_card(tx, step.actor, card)
        if card == "smallany":
            perform(tx, Step("action", step.actor, step.place, 0, "any"), "act")
        else:
            push(tx.g, Step("action", step.actor, step.place, int(step.tag == "family"), "again"))
            perform(tx, step, "act")
        return True


FREE_WINDOWS.extend([BonusCards(), YellowTile()])
ACTION_MODIFIERS.append(ActionCards())


@register
class CardGood(StepKind):
    name = "card_good"

    def options(self, g: GameState, step: Step) -> list[Option]:
        p = g.players[step.actor]
        return [Option(f"g.{c}", f"Take 1 {GOOD_NAMES[c]}{lost_note(p, c)}") for c in GOODS]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: choose a good."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        gain_goods(tx, step.actor, {code[2:]: 1}, why="card")


@register
class Reward(StepKind):
    """The catch reward for the family card: 1 bonus card or 3 Lira."""

    name = "reward"
    decline = "r.lira"

    def options(self, g: GameState, step: Step) -> list[Option]:
        opts = [Option("r.card", "Take a bonus card")] if can_draw(g) else []
        return opts + [Option("r.lira", "Take 3 Lira")]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: choose your reward."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        take_reward(tx, step.actor, code[2:])


@register
class Recall(StepKind):
    """Bring one own assistant back from a place (yellow tile: for 2 Lira; card: free)."""

    name = "recall"

    def options(self, g: GameState, step: Step) -> list[Option]:
        return [
            Option(f"y.{q}", f"Call back the assistant at {place_name(q)}")
            for q in sorted(set(g.players[step.actor].assistants))
        ]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: which assistant comes back?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        if step.tag == "yellow":
            pay_goods(tx, step.actor, {}, YELLOW_TILE_PRICE, why="yellow_tile")
            tx.emit("tile_used", step.actor, tile="yellow", lira=YELLOW_TILE_PRICE)
        recall(tx, step.actor, int(code[2:]), step.tag)


@register
class FinalCards(StepKind):
    """After the last round: play leftover cards that only give goods or Lira."""

    name = "final"
    decline = "done"

    def hand_dependent(self, step: Step) -> bool:
        return True  # which cards are offered depends on the hand: ask whenever it holds any

    def options(self, g: GameState, step: Step) -> list[Option] | None:
        p = g.players[step.actor]
        opts = [
            Option(f"c.{c}", f"Play {card_phrase(c)}", private=True)
            for c in FINAL_CARDS
            if c in p.cards and (c != "family" or p.family != POLICE_STATION)
        ]
        return opts + [Option("done", "Play no more cards")] if p.cards else None

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: the game is over; play leftover cards that give goods or Lira?"

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        if code == "done":
            pop(tx.g)
            return
        play_card(tx, step.actor, code[2:])
        card_effect(tx, step.actor, code[2:], final=True)


