"""The Letters & Seals bonus cards that give things or move the merchant stack (components.md
§8.3; how each is played is a `cards.CardPlay` registered with the module).

- any free moment of the turn (E-32e): ``letter`` (1 letter), ``ldice`` (two dice, one reward by
  their sum: house value H5; in the Great Bazaar the die-to-6 card may change a die, as for every
  roll of the player's own), ``sell7`` (1 good, or 1 coffee with Mocha & Baksheesh, for 7 Lira:
  step ``sell7``), ``good3.r/g/y/b`` (the pictured good and 3 Lira);
- instead of the normal move, at the start of phase 1 (E-32a), naming the merchant stack (never
  the companion, E-45): ``follow`` (to the place of another player's merchant, who is not paid
  there: D-25, E-15; step ``follow``), ``pay3move`` (pay 3 Lira, then any place: D-24; step
  ``anywhere``); both are jumps the Barrier does not stop (E-11);
- declared with the action of a mosque the acting token stands on (E-32c, E-33): ``mosque2``,
  the mosque's action once more (step ``twice`` when the first action is still to be chosen);
- after the last round (E-55): ``ldice`` (its goods and Lira only), ``sell7``, ``good3``.

``copy`` (`copy_card`), ``familystep`` (`family_step`) and ``usetoken`` (`use_token`) live in
modules of their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .. import describe
from ..board import place_name
from ..bonus_cards import CardMove, instead_of_move, repeat_action
from ..cards import ANYTIME, CardPlay, Effect, register_card_play
from ..components import GOODS, GREAT_MOSQUE, SMALL_MOSQUE
from ..decision import Option, seat_ref, who
from ..decks import can_draw, roll
from ..machine import StepKind, Tx, pop, push, register
from ..mocha.bonus_cards import good_or_coffee_options, holds_good_or_coffee, pay_good_or_coffee
from ..movement import arrive
from ..places import PLACES, perform
from ..places.dice import RED_DONE, ROLLS, settle_dice
from ..state import GameState, Step
from ..texts import GOOD_NAMES, join_and
from ..undo import after_last_round
from ..wheelbarrow import gain_goods, pay_goods
from . import data
from .letter_deck import LETTER_DECK, receive_letters
from .texts import CARD_NAMES

CARD = "card"  # the `why` of goods and Lira a bonus card gives (the base game's word)
PAID = "ls_card"  # the `why` of goods and Lira paid for a Letters & Seals card
describe.PAID_TO[PAID] = "for a bonus card"
MOVE_STEP = frozenset({"move"})  # the movement cards' window: instead of the normal move (E-32a)


def phrase(kind: str) -> str:
    """A card named inside a label: the “Take a letter” card."""
    return f"the “{CARD_NAMES[kind]}” card"


def play_label(kind: str) -> str:
    return f"Play {phrase(kind)}"


def coffee_in_play(g: GameState) -> bool:
    """Coffee exists only with Mocha & Baksheesh in play too (the Great Bazaar, E-50)."""
    return "mocha" in g.settings.expansions


# ---- a letter ----------------------------------------------------------------------------------


def _can_take_letter(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return can_draw(g, LETTER_DECK)


def _letter(tx: Tx, seat: int, step: Step, final: bool) -> None:
    receive_letters(tx, seat, data.LETTER_CARD_LETTERS)


# ---- two dice, one reward by the sum (house value H5) -----------------------------------------------


def dice_bundle(g: GameState, d: tuple[int, int]) -> data.Bundle:
    """What the card's roll brings; after the last round its goods and Lira only (E-55)."""
    bundle = data.dice_reward(d[0] + d[1])
    return replace(bundle, letters=0) if after_last_round(g) else bundle


def bundle_words(b: data.Bundle) -> str:
    """'3 Lira', 'a good of your choice', '1 jewelry and 1 letter'."""
    parts = [f"{n} {GOOD_NAMES[c]}" for c, n in zip(GOODS, b.goods, strict=True) if n]
    if b.any_goods:
        parts.append("a good of your choice" if b.any_goods == 1 else f"{b.any_goods} goods of your choice")
    if b.lira:
        parts.append(f"{b.lira} Lira")
    if b.letters:
        parts.append("1 letter" if b.letters == 1 else f"{b.letters} letters")
    return join_and(parts) if parts else "nothing"


class SumReward:
    """The ``ldice`` card's roll (a ``dice`` step with place 0 and tag "ldice")."""

    def label(self, g: GameState, step: Step, d: tuple[int, int]) -> str:
        return f"{d[0] + d[1]}, {bundle_words(dice_bundle(g, d))}"

    def result(self, g: GameState, step: Step, d: tuple[int, int]) -> object:
        return dice_bundle(g, d)

    def pay(self, tx: Tx, step: Step, d: tuple[int, int]) -> None:
        seat = step.actor
        b = dice_bundle(tx.g, d)
        goods = {c: n for c, n in zip(GOODS, b.goods, strict=True) if n}
        if goods or b.lira:
            gain_goods(tx, seat, goods, b.lira, why=CARD)
        if b.letters:
            receive_letters(tx, seat, b.letters)
        for _ in range(b.any_goods):
            push(tx.g, Step("card_good", seat))


ROLLS[data.DICE] = SumReward()


def _ldice(tx: Tx, seat: int, step: Step, final: bool) -> None:
    # the red mosque tile is for the Black Market and the Tea House only
    settle_dice(tx, seat, 0, roll(tx, seat), data.DICE, RED_DONE)


# ---- a good (or coffee) for 7 Lira ------------------------------------------------------------------


def _can_sell7(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return holds_good_or_coffee(g, seat)


def _sell7(tx: Tx, seat: int, step: Step, final: bool) -> None:
    push(tx.g, Step("sell7", seat))


@register
class SellForSeven(StepKind):
    """After the ``sell7`` card: which good (or coffee) goes for 7 Lira."""

    name = "sell7"
    module = data.MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        return good_or_coffee_options(g, step.actor, f" for {data.SELL7_LIRA} Lira")

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: which good do you give for {data.SELL7_LIRA} Lira?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        seat = step.actor
        pay_good_or_coffee(tx, seat, code, PAID)
        gain_goods(tx, seat, {}, data.SELL7_LIRA, why=CARD)


# ---- the pictured good and 3 Lira ------------------------------------------------------------------


def good3_effect(colour: str) -> Effect:
    """The effect of the ``good3`` card picturing `colour`."""

    def effect(tx: Tx, seat: int, step: Step, final: bool) -> None:
        gain_goods(tx, seat, {colour: 1}, data.GOOD3_LIRA, why=CARD)

    return effect


# ---- the mosque's action once more -----------------------------------------------------------------


def _mosque_open(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return bool(act)


def _mosque2(tx: Tx, seat: int, step: Step, final: bool) -> None:
    """The action now and once more after it: with one tile to take, at once; else the player
    first chooses the tile of the first action (step ``twice``)."""
    act = PLACES[step.place].options(tx.g, seat, step)
    if len(act) == 1:
        repeat_action(tx, seat, step, final)
        return
    push(tx.g, Step("action", seat, step.place, int(step.tag == "family"), "again"))
    push(tx.g, Step("twice", seat, step.place, step.n, step.tag))


SKIP_BOTH = Option("skip", "Take neither action")


@register
class FirstOfTwice(StepKind):
    """The first of two actions a card granted (place, n and tag: the action step's): its own
    options, or ``skip`` (both actions left; the default of a player who does not choose)."""

    name = "twice"
    module = data.MODULE
    decline = "skip"

    def _action(self, step: Step) -> Step:
        return Step("action", step.actor, step.place, step.n, step.tag)

    def options(self, g: GameState, step: Step) -> list[Option]:
        return [*PLACES[step.place].options(g, step.actor, self._action(step)), SKIP_BOTH]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: {place_name(step.place)} — your first action of two."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        pop(g)
        if code == "skip":
            pop(g)  # the repeat goes too
            tx.emit("skip", step.actor, place=step.place, via=step.tag, could=True)
            return
        perform(tx, self._action(step), code)


# ---- to another player's merchant (D-25, E-15) -----------------------------------------------------


def followed(g: GameState, seat: int) -> list[int]:
    """The other players whose merchant stands elsewhere than this seat's (neutral merchants are
    never chosen, D-25)."""
    here = g.players[seat].merchant
    return [p.seat for p in g.players if p.seat != seat and p.merchant != here]


def _can_follow(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return bool(followed(g, seat))


@register
class Follow(CardMove):
    """After the ``follow`` card: whose merchant the stack joins (``f.<seat>``); that merchant is
    not paid there, every other token is met as usual."""

    name = "follow"
    module = data.MODULE
    prefix = "f."
    ask = "whose merchant does your merchant stack join?"

    def targets(self, g: GameState, step: Step) -> Sequence[int]:
        return followed(g, step.actor)

    def label(self, g: GameState, step: Step, target: int) -> str:
        return f"Join {seat_ref(target)}'s merchant at {place_name(g.players[target].merchant)}"

    def land(self, tx: Tx, step: Step, target: int) -> None:
        arrive(tx, step.actor, tx.g.players[target].merchant, data.FOLLOW, spared=target)


# ---- pay 3 Lira, any place (D-24) ------------------------------------------------------------------


def anywhere(g: GameState, seat: int) -> list[int]:
    here = g.players[seat].merchant
    return [q for q in sorted(g.layout) if q != here]


def _can_pay3(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return g.players[seat].lira >= data.PAY3_LIRA


def _pay3(tx: Tx, seat: int, step: Step, final: bool) -> None:
    pop(tx.g)  # instead of the normal move
    pay_goods(tx, seat, {}, data.PAY3_LIRA, why=PAID)
    push(tx.g, Step("anywhere", seat))


@register
class Anywhere(CardMove):
    """After the ``pay3move`` card: the merchant stack jumps to any other place (``go.N``)."""

    name = "anywhere"
    module = data.MODULE
    ask = "move your merchant stack to any place."

    def targets(self, g: GameState, step: Step) -> Sequence[int]:
        return anywhere(g, step.actor)

    def label(self, g: GameState, step: Step, target: int) -> str:
        return f"Move your merchant stack to {place_name(target)} ({target})"

    def land(self, tx: Tx, step: Step, target: int) -> None:
        arrive(tx, step.actor, target, data.PAY3)


# ---- the card plays ---------------------------------------------------------------------------------

for _card_play in (
    CardPlay(data.LETTER, _letter, window=ANYTIME, playable=_can_take_letter, label=play_label(data.LETTER)),
    CardPlay(data.DICE, _ldice, window=ANYTIME, final=True, label=play_label(data.DICE)),
    CardPlay(data.SELL7, _sell7, window=ANYTIME, final=True, playable=_can_sell7, label=play_label(data.SELL7)),
    *(
        CardPlay(code, good3_effect(colour), window=ANYTIME, final=True, label=play_label(code))
        for code, colour in data.GOOD3_CARDS.items()
    ),
    CardPlay(
        data.MOSQUE2, _mosque2, action_at=SMALL_MOSQUE, also_at=(GREAT_MOSQUE,), bound="at", playable=_mosque_open,
        label=f"Play {phrase(data.MOSQUE2)} and take the action",
    ),
    CardPlay(data.FOLLOW, instead_of_move("follow"), window=MOVE_STEP, playable=_can_follow, label=f"Play {phrase(data.FOLLOW)}: move your merchant stack"),
    CardPlay(data.PAY3, _pay3, window=MOVE_STEP, playable=_can_pay3, label=f"Play {phrase(data.PAY3)}: pay {data.PAY3_LIRA} Lira, move your merchant stack"),
):
    register_card_play(_card_play, data.MODULE)
