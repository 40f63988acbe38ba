"""The Guild Hall (place 18) and the guild card's turn around any card's own effect.

The Guild Hall: 1 coffee, the top 2 guild cards into the hand (an empty pile is refilled from the
guild discard pile, E-39), then one guild card of the hand, new or old, goes unused onto the guild
discard pile (a private choice: the ``guild_discard`` step; the discarded card lies face up).

A guild card's turn (E-38): the card is declared at the turn's movement step instead of phases
1-4 (`start_guild_turn` drops the movement step); its effect's steps run first, then the free
moment ``guild_end`` (every bonus card not bound to a place, the yellow tile), then the turn's end.
While ``guild_end`` is on the step stack the turn is a guild turn: cards and mosque tiles bound to
a place are barred (`places.PLACE_BOUND_BARS`).
"""

from __future__ import annotations

from ..decision import Option, who
from ..decks import discard_card, draw_card
from ..describe import GAIN_FROM, PAID_TO
from ..machine import LastFreeMoment, StepKind, Tx, pop, push, register
from ..places import PLACE_BOUND_BARS, Place, place
from ..state import GameState, Step
from . import data
from .coffee import COFFEE_WHY, gain_coffee
from .guild_deck import GUILD_DECK

COFFEE_WHY["guild_hall"] = "at the Guild Hall"
COFFEE_WHY["guild"] = "from a guild card"
GAIN_FROM["guild"] = "from a guild card"
PAID_TO["guild"] = "for a guild card"

GUILD_END = "guild_end"


def guild_label(card: str) -> str:
    """A guild card in a label: 'guild card #7 (Back to the Fountain)'."""
    return GUILD_DECK.phrase(card)


# ---- the Guild Hall ------------------------------------------------------------------------------

HALL_OPTION = Option(
    "act",
    f"Take {data.GUILD_HALL_COFFEE} coffee and draw {data.GUILD_HALL_DRAW} guild cards, "
    f"then discard {data.GUILD_HALL_DISCARD} guild card",
)


@place
class GuildHall(Place):
    number = data.GUILD_HALL

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        return [HALL_OPTION]  # the coffee alone is always there to take

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        seat = step.actor
        gain_coffee(tx, seat, data.GUILD_HALL_COFFEE, "guild_hall")
        for _ in range(data.GUILD_HALL_DRAW):
            draw_card(tx, seat, GUILD_DECK)  # E-39: an empty pile is refilled from the discard pile
        if GUILD_DECK.hand(tx.g.players[seat]):
            push(tx.g, Step("guild_discard", seat, data.GUILD_HALL, data.GUILD_HALL_DISCARD))


@register
class GuildDiscard(StepKind):
    """Lay one guild card of the hand unused onto the guild discard pile (n: how many are left)."""

    name = "guild_discard"
    module = data.MODULE

    def hand_dependent(self, step: Step) -> bool:
        return True

    def options(self, g: GameState, step: Step) -> list[Option] | None:
        hand = sorted(set(GUILD_DECK.hand(g.players[step.actor])), key=GUILD_DECK.order)
        if not hand:
            return None
        return [Option(f"d.{card}", f"Discard {guild_label(card)} unused", private=True) for card in hand]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: lay one guild card from your hand unused on the guild discard pile."

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        card = code[2:]
        if card not in GUILD_DECK.hand(tx.g.players[step.actor]):
            raise AssertionError(code)  # only offered cards reach here
        pop(tx.g)
        discard_card(tx, step.actor, card, "guild_hall", GUILD_DECK)
        if step.n > 1:
            push(tx.g, Step("guild_discard", step.actor, step.place, step.n - 1))


# ---- the guild card's turn ---------------------------------------------------------------------


def start_guild_turn(tx: Tx, seat: int, step: Step) -> None:
    """The guild card replaces the whole turn: no move, no encounters (E-38). `step` is the turn's
    movement step, where the card was declared; the card's own steps go on top of ``guild_end``."""
    if step.kind != "move" or tx.g.steps[-1] != step:
        raise AssertionError("a guild card is declared at the turn's movement step")
    pop(tx.g)
    push(tx.g, Step(GUILD_END, seat))


def in_guild_turn(g: GameState) -> bool:
    return any(s.kind == GUILD_END for s in g.steps)


PLACE_BOUND_BARS.add(in_guild_turn, data.MODULE)


@register
class GuildEnd(LastFreeMoment):
    """The last free moment of a guild card's turn: bonus cards not bound to a place, the yellow
    tile (E-38); then the turn ends."""

    name = GUILD_END
    module = data.MODULE

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: the guild card is done; play a bonus card or end your turn."
