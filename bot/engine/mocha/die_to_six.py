"""The die-to-6 card (``six``): right after a roll of the player's own, turn one die to 6
(RULES-NOTES E-20, E-32d; never for a roll that moves a neutral token, E-29). A roll of the
active player's own: its dice cards, guild card #8, and in the Great Bazaar the kiosk tile K16's
one die when the active player rolls it (another seat picking K16 rolls outside its turn, where
no card may be played, E-31).

A rule of the dice step (`places.dice.ROLL_RULES`). When turning one die to 6 would change what
the roll brings (public: the dice and the table are known), a roller holding any private card
is asked "keep, or turn a die to 6", whether or not the card is among them, so that the pause
tells nobody what the hand holds; otherwise there is no pause. The red mosque tile and this card
each work once on the same roll, in either order (a flag each on the dice step). Not after the
last round: this card is not one of E-55's.

Option ``c.six`` (private) plays the card; when either die could turn, step ``six_die`` (n and
tag as the dice step's) asks which: ``die.1`` / ``die.2``. Event ``die_six`` {dice: the dice
after}.
"""

from __future__ import annotations

from typing import Any

from ..cards import play_card
from ..decision import Option, who
from ..decks import holds_anything
from ..describe import register_line
from ..machine import StepKind, Tx, pop, push, register
from ..places.dice import ROLL_RULES, ROLLS, dice_of, flags_of, roll_key, settle_dice
from ..state import GameState, Step
from ..undo import after_last_round
from . import data, texts

SIX = "six"
SIX_DONE = 2  # a flag of the dice step: the card was used on this roll (RED_DONE is 1)


def turned(d: tuple[int, int], die: int) -> tuple[int, int]:
    return (data.SIX_FACE, d[1]) if die == 1 else (d[0], data.SIX_FACE)


def useful_turns(g: GameState, step: Step) -> list[int]:
    """The dice (1, 2) whose turn to 6 would change what this roll brings; one of two equal dice."""
    d = dice_of(step)
    kind = ROLLS[roll_key(step)]
    now = kind.result(g, step, d)
    dice = [1] if d[0] == d[1] or not d[1] else [1, 2]  # a roll of one die: the first alone
    return [i for i in dice if d[i - 1] != data.SIX_FACE and kind.result(g, step, turned(d, i)) != now]


def _turn_label(g: GameState, step: Step, die: int) -> str:
    d = dice_of(step)
    return f"the {d[die - 1]} becomes a 6: {ROLLS[roll_key(step)].label(g, step, turned(d, die))}"


def turn_die(tx: Tx, step: Step, die: int) -> None:
    """Turn a die of the roll `step` holds and let the dice lie again (the red tile may be left)."""
    d = turned(dice_of(step), die)
    tx.emit("die_six", step.actor, dice=list(d))
    settle_dice(tx, step.actor, step.place, d, step.tag, flags_of(step) | SIX_DONE)


class DieToSix:
    def _may(self, g: GameState, step: Step) -> bool:
        return not flags_of(step) & SIX_DONE and step.actor == g.turn.player and not after_last_round(g)

    def asks(self, g: GameState, step: Step) -> bool:
        return self._may(g, step) and holds_anything(g.players[step.actor]) and bool(useful_turns(g, step))

    def options(self, g: GameState, step: Step) -> list[Option]:
        if not self._may(g, step) or SIX not in g.players[step.actor].cards:
            return []
        dice = useful_turns(g, step)
        if not dice:
            return []
        name = texts.CARD_NAMES[SIX]
        label = f"{name}: {_turn_label(g, step, dice[0])}" if len(dice) == 1 else f"Play “{name}” (then pick the die)"
        return [Option(f"c.{SIX}", label, private=True)]

    def resolve(self, tx: Tx, step: Step, code: str) -> bool:
        if code != f"c.{SIX}" or not self.options(tx.g, step):
            return False
        dice = useful_turns(tx.g, step)
        play_card(tx, step.actor, SIX)
        if len(dice) == 1:
            turn_die(tx, step, dice[0])
        else:
            push(tx.g, Step("six_die", step.actor, step.place, step.n, step.tag))
        return True


ROLL_RULES.add(DieToSix(), data.MODULE)


@register
class SixDie(StepKind):
    """After the die-to-6 card, when either die could turn: which one becomes a 6."""

    name = "six_die"
    module = data.MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        return [Option(f"die.{i}", f"Turn {_turn_label(g, step, i)}") for i in useful_turns(g, step)]

    def prompt(self, g: GameState, step: Step) -> str:
        d1, d2 = dice_of(step)
        return f"{who(step.actor)}: which die becomes a 6, the {d1} or the {d2}?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        turn_die(tx, step, int(code[4:]))


def _line(who: str, d: dict[str, Any], own: bool) -> str:
    a, b = d["dice"]
    return f"{who} turned a die to 6: now {a} and {b}." if b else f"{who} turned the die to 6."


register_line("die_six", _line, data.MODULE)
