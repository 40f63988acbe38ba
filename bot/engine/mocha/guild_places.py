"""Guild cards that move the stack or carry out a place's action from afar: the Fountain (#7),
any place (#12: the steps ``guild_place`` and ``guild_family``), the Tavern (#19) and the Coffee
House (#20)."""

from __future__ import annotations

from ..board import place_name
from ..components import FOUNTAIN, POLICE_STATION
from ..decision import Option, who
from ..machine import StepKind, Tx, pop, push, register
from ..places import PLACES, can_act, perform
from ..places.rubies import ruby_track
from ..state import GameState, Step
from ..tokens import MERCHANT, move_token
from ..turn import grant_extra_turn
from . import data
from .coffee import coffee_of
from .guild_play import remote

# ---- the Fountain (#7) ---------------------------------------------------------------------------


def fountain(tx: Tx, seat: int) -> None:
    """The stack (a teleport, E-11) and any own assistants to the Fountain, then another turn.
    Not the Fountain's action (E-38): no action hooks run."""
    source = move_token(tx.g, seat, MERCHANT, FOUNTAIN)
    if source != FOUNTAIN:
        tx.emit("move", seat, source=source, target=FOUNTAIN, how="guild")
    grant_extra_turn(tx.g)
    push(tx.g, Step("fountain", seat, FOUNTAIN))  # which assistants come along (any number)


# ---- any place (#12) -------------------------------------------------------------------------


def _acting_places(g: GameState, seat: int) -> list[int]:
    return [q for q in sorted(g.layout) if can_act(g, seat, q, remote(g, seat, q))]


@register
class GuildPlace(StepKind):
    """#12: choose the place (`place` 0) whose action to carry out, then its option (`place`)."""

    name = "guild_place"
    module = data.MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        seat = step.actor
        if step.place:
            return list(PLACES[step.place].options(g, seat, remote(g, seat, step.place)))
        return [Option(f"p.{q}", f"Carry out the action of {place_name(q)} ({q})") for q in _acting_places(g, seat)]

    def prompt(self, g: GameState, step: Step) -> str:
        if step.place:
            return f"{who(step.actor)}: {place_name(step.place)} — how do you carry out its action?"
        return f"{who(step.actor)}: which place's action do you carry out?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        seat = step.actor
        if not step.place:
            push(tx.g, Step("guild_place", seat, int(code[2:])))
            return
        perform(tx, remote(tx.g, seat, step.place), code)


@register
class GuildFamilyHome(StepKind):
    """#12's last instruction: the family member back to the Police Station if it can, no reward."""

    name = "guild_family"
    module = data.MODULE

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)
        if tx.g.players[step.actor].family != POLICE_STATION:
            tx.g.mut(step.actor).family = POLICE_STATION
            tx.emit("family_home", step.actor)


def any_place(tx: Tx, seat: int) -> None:
    push(tx.g, Step("guild_place", seat), Step("guild_family", seat))


def some_place(g: GameState, seat: int) -> bool:
    return bool(_acting_places(g, seat))


# ---- the Tavern and the Coffee House from afar (#19, #20) ------------------------------------------


def tavern(tx: Tx, seat: int) -> None:
    push(tx.g, remote(tx.g, seat, data.TAVERN, "g19"))  # the Tavern applies the discount


def can_tavern(g: GameState, seat: int) -> bool:
    return data.TAVERN in g.layout and can_act(g, seat, data.TAVERN, remote(g, seat, data.TAVERN, "g19"))


def coffee_house(tx: Tx, seat: int) -> None:
    push(tx.g, remote(tx.g, seat, data.COFFEE_HOUSE, "g20"))  # the Coffee House halves its price


def can_coffee_house(g: GameState, seat: int) -> bool:
    left = ruby_track(data.COFFEE_HOUSE).left(g)
    return (
        left > 0
        and coffee_of(g, seat) >= data.guild20_coffee(left)
        and can_act(g, seat, data.COFFEE_HOUSE, remote(g, seat, data.COFFEE_HOUSE, "g20"))
    )


