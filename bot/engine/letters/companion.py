"""The companion at the Fountain (RULES-NOTES E-44): earned with its owner's first Fountain action,
brought home by a later one.

Every way of carrying out the Fountain's action goes through `places.perform` (the merchant or the
companion standing there, the family member sent by the Police Station, and in the Great Bazaar
the Tavern's Barrier and guild card #12), so one `places.ACTION_HOOKS` entry covers them all:

- the first one moves the companion from the general supply to its owner's supply, free and
  without asking (event ``companion_earned``);
- a later one, while the companion stands on the board, asks whether it comes home too (step
  ``companion_back``: ``ch.home`` / ``ch.stay``, after the assistants have come back).

With no assistant out the Fountain's own action would change nothing and is not offered; here it
still is when it changes the companion (`caravansary.FOUNTAIN_OPTIONS`): ``r.earn`` (the first
action: the companion joins the supply) and ``r.home`` (the companion comes home from the board).
"""

from __future__ import annotations

from typing import Any

from ..board import place_name
from ..components import FOUNTAIN
from ..decision import Option, who
from ..describe import register_line
from ..machine import StepKind, Tx, pop, push, register
from ..places import ACTION_HOOKS
from ..places.caravansary import FOUNTAIN_OPTIONS
from ..state import GameState, Step
from ..tokens import OFF_BOARD
from . import data
from .companion_token import return_companion
from .parts import COMPANION_IN_GENERAL_SUPPLY, letters_player, set_letters_player

EARN = "r.earn"
HOME = "r.home"
COMES_HOME = "ch.home"
STAYS = "ch.stay"


def _fountain_options(g: GameState, seat: int) -> list[Option]:
    """The Fountain's action with no assistant out: offered when it changes the companion."""
    where = letters_player(g, seat).companion
    if where == COMPANION_IN_GENERAL_SUPPLY:
        return [Option(EARN, "Carry out the action: your companion joins your supply")]
    if where > OFF_BOARD:
        return [Option(HOME, f"Take your companion back from {place_name(where)} into your supply")]
    return []


def fountain_companion(tx: Tx, step: Step, code: str) -> None:
    """Whenever the Fountain's action is carried out, by any token or from afar (E-44)."""
    if step.place != FOUNTAIN:
        return
    g = tx.g
    seat = step.actor
    where = letters_player(g, seat).companion
    if where == COMPANION_IN_GENERAL_SUPPLY:
        set_letters_player(g, seat, companion=OFF_BOARD)
        tx.emit("companion_earned", seat)
    elif code == HOME:
        return_companion(tx, seat, "fountain")
    elif where > OFF_BOARD:
        push(g, Step("companion_back", seat, FOUNTAIN))


@register
class CompanionBack(StepKind):
    """After a Fountain action with the companion on the board: may it come home too (E-44)?"""

    name = "companion_back"
    module = data.MODULE
    decline = STAYS

    def options(self, g: GameState, step: Step) -> list[Option] | None:
        where = letters_player(g, step.actor).companion
        if where <= OFF_BOARD:
            return None
        here = place_name(where)
        return [
            Option(COMES_HOME, f"Take your companion back from {here} into your supply"),
            Option(STAYS, f"Leave your companion at {here}"),
        ]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: the Fountain — does your companion come home to your supply too?"

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        if code == COMES_HOME:
            return_companion(tx, step.actor, "fountain")


def _earned_line(who: str, d: dict[str, Any], own: bool) -> str:
    return f"{who} earned their companion with their first Fountain action: it waits in their supply."


ACTION_HOOKS.add(fountain_companion, data.MODULE)
FOUNTAIN_OPTIONS.add(_fountain_options, data.MODULE)
register_line("companion_earned", _earned_line, data.MODULE)
