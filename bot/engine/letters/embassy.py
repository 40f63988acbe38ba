"""The Embassy (place 21): take 2 letters from the supply, face up before you (rulebook 000,
"Places (Letters & Seals)"; `data.EMBASSY_LETTERS`).

The letters come from the face-down pile (the discard pile shuffled in when it runs out, E-34);
with both piles empty there is nothing to take and the action is not offered, and with a single
letter left it brings that one. A letter for a place where one of its owner's tokens stands is
delivered at once by the sweep (`delivery`, E-48).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..decision import Option
from ..decks import can_draw
from ..machine import Tx
from ..places import ACT_CODES, Place, place
from ..state import GameState, Step
from . import data
from .letter_deck import LETTER_DECK, receive_letters


@place
class Embassy(Place):
    number = data.EMBASSY

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        if not can_draw(g, LETTER_DECK):
            return []
        return [Option("act", f"Take {data.EMBASSY_LETTERS} letters")]

    def codes(self, g: GameState, seat: int, step: Step) -> Sequence[str]:
        return ACT_CODES if can_draw(g, LETTER_DECK) else ()  # the codes of `options`

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        receive_letters(tx, step.actor, data.EMBASSY_LETTERS)
