"""The die-to-6 card (``six``): right after a roll of the player's own, turn one die to 6
(RULES-NOTES E-20, E-32d; never for a roll that moves a neutral token, E-29).

A rule of the dice step (`places.dice.ROLL_RULES`). When turning one die to 6 would change what
the roll brings (public: the dice and the table are known), a roller holding any private card
is asked "keep, or turn a die to 6", whether or not the card is among them, so that the pause
tells nobody what the hand holds; otherwise there is no pause. The red mosque tile and this card
each work once on the same roll, in either order (a flag each on the dice step). Not after the
last round: this card is not one of E-55's.

Options ``c.six1`` / ``c.six2`` (private): the first or second die turns to 6; event
``die_six`` {dice: the dice after}.
"""

from __future__ import annotations

from typing import Any

from ..cards import play_card
from ..decision import Option
from ..decks import holds_anything
from ..describe import register_line
from ..machine import Tx
from ..places.dice import ROLL_RULES, ROLLS, dice_of, flags_of, roll_key
from ..state import GameState, Step
from . import data, texts
from .bonus_cards import after_last_round

SIX = "six"
SIX_DONE = 2  # a flag of the dice step: the card was used on this roll (RED_DONE is 1)


def turned(d: tuple[int, int], die: int) -> tuple[int, int]:
    return (data.SIX_FACE, d[1]) if die == 1 else (d[0], data.SIX_FACE)


def useful_turns(g: GameState, step: Step) -> list[int]:
    """The dice (1, 2) whose turn to 6 would change what this roll brings; one of two equal dice."""
    d = dice_of(step)
    kind = ROLLS[roll_key(step)]
    now = kind.result(g, step, d)
    dice = [1] if d[0] == d[1] else [1, 2]
    return [i for i in dice if d[i - 1] != data.SIX_FACE and kind.result(g, step, turned(d, i)) != now]


class DieToSix:
    def _may(self, g: GameState, step: Step) -> bool:
        return (
            not flags_of(step) & SIX_DONE
            and step.actor == g.turn.player
            and not after_last_round(g)
        )

    def asks(self, g: GameState, step: Step) -> bool:
        return self._may(g, step) and holds_anything(g.players[step.actor]) and bool(useful_turns(g, step))

    def options(self, g: GameState, step: Step) -> list[Option]:
        if not self._may(g, step) or SIX not in g.players[step.actor].cards:
            return []
        d = dice_of(step)
        kind = ROLLS[roll_key(step)]
        return [
            Option(
                f"c.six{i}",
                f"{texts.CARD_NAMES[SIX]}: the {d[i - 1]} becomes a 6: {kind.label(g, step, turned(d, i))}",
                private=True,
            )
            for i in useful_turns(g, step)
        ]

    def resolve(self, tx: Tx, step: Step, code: str) -> tuple[tuple[int, int], int] | None:
        if code not in {o.code for o in self.options(tx.g, step)}:
            return None
        d = turned(dice_of(step), int(code[-1]))
        play_card(tx, step.actor, SIX)
        tx.emit("die_six", step.actor, dice=list(d))
        return d, flags_of(step) | SIX_DONE


ROLL_RULES.add(DieToSix(), data.MODULE)


def _line(who: str, d: dict[str, Any], own: bool) -> str:
    return f"{who} turned a die to 6: now {d['dice'][0]} and {d['dice'][1]}."


register_line("die_six", _line, data.MODULE)
