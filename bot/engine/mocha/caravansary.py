"""The Caravansary's extra coffee (D-13): with Mocha & Baksheesh, whoever carries out the
Caravansary's action, by any means, also takes 1 coffee (an action hook, before the cards)."""

from __future__ import annotations

from ..components import CARAVANSARY
from ..machine import Tx
from ..places import ACTION_HOOKS
from ..state import Step
from . import data
from .coffee import COFFEE_WHY, gain_coffee

COFFEE_WHY["caravansary"] = "at the Caravansary"


def caravansary_coffee(tx: Tx, step: Step, code: str) -> None:
    if step.place == CARAVANSARY:
        gain_coffee(tx, step.actor, data.CARAVANSARY_COFFEE, "caravansary")


ACTION_HOOKS.add(caravansary_coffee, data.MODULE)
