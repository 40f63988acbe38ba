"""The nine bonus-card kinds of Mocha & Baksheesh (components.md §8.2, house value H2): how each
is played (`cards.CardPlay`, registered with the module).

- any free moment of the turn (E-32e): ``coffee2``, ``buyguild``, ``lira8``, ``swap3`` (the
  exchange, `exchange`), ``mdice`` (two dice, one reward per die: house value H4);
- the movement step (E-32a): ``corner``, a teleport to a corner place (the Barrier does not stop
  it, E-10, E-11), step ``corner``;
- declared with the action of the place the acting token stands on (E-32c, E-33): ``wain2``
  (Wainwright), ``coffeeh2`` (Coffee House): the action once more;
- right after a roll of the player's own: ``six`` (`die_to_six`);
- after the last round (E-55): ``lira8``, ``swap3``, ``mdice`` (`data.FINAL_CARDS`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board import grid_of, place_name
from ..bonus_cards import CardMove, instead_of_move, repeat_action, single_action
from ..cards import ANYTIME, NOWHERE, CardPlay, register_card_play
from ..components import GOOD_INDEX, GOODS
from ..decision import Option
from ..decks import can_draw, draw_card, roll
from ..machine import Tx, push, register
from ..movement import arrive
from ..places.dice import RED_DONE, ROLLS, settle_dice
from ..state import GameState, Step
from ..texts import GOOD_NAMES, join_and
from ..undo import after_last_round
from ..wheelbarrow import gain_goods, pay_goods
from . import data, texts
from .coffee import COFFEE_WHY, coffee_of, gain_coffee, pay_coffee
from .guild_deck import GUILD_DECK

CARD = "card"  # the `why` of coffee, goods and Lira a bonus card moves
COFFEE_WHY[CARD] = "with a bonus card"


def phrase(kind: str) -> str:
    """The card named in an option, by the module's own name for it (`mocha.texts.CARD_NAMES`:
    registering the names and rule texts with the game's texts belongs to the help topics)."""
    return f"the “{texts.CARD_NAMES[kind]}” card"


# ---- coffee, the guild card, Lira -------------------------------------------------------------


def _coffee2(tx: Tx, seat: int, step: Step, final: bool) -> None:
    gain_coffee(tx, seat, data.COFFEE_CARD_COFFEE, CARD)


def _can_buy_guild(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return coffee_of(g, seat) >= data.GUILD_CARD_COFFEE and can_draw(g, GUILD_DECK)


def _buyguild(tx: Tx, seat: int, step: Step, final: bool) -> None:
    pay_coffee(tx, seat, data.GUILD_CARD_COFFEE, CARD)
    for _ in range(data.GUILD_CARD_DRAW):
        draw_card(tx, seat, GUILD_DECK)


def _can_pay_lira8(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return coffee_of(g, seat) >= data.LIRA8_COFFEE


def _lira8(tx: Tx, seat: int, step: Step, final: bool) -> None:
    pay_coffee(tx, seat, data.LIRA8_COFFEE, CARD)
    gain_goods(tx, seat, {}, data.LIRA8_LIRA, why=CARD)


# ---- a good or a coffee given (the exchange; Letters & Seals' 7-Lira card and kiosk tiles) -------

GIVE_COFFEE = f"g.{data.COFFEE}"


def holds_good_or_coffee(g: GameState, seat: int) -> bool:
    """Whether a seat can give 1 good or 1 coffee (no coffee in a game without the module)."""
    return any(g.players[seat].goods) or coffee_of(g, seat) > 0


def good_or_coffee_options(g: GameState, seat: int, then: str = "", coffee: bool = True) -> list[Option]:
    """"Give 1 <good><then>" for every good the seat holds (``g.<colour>``), and for coffee
    (``g.coffee``) when it holds some and `coffee` allows it."""
    p = g.players[seat]
    options = [Option(f"g.{c}", f"Give 1 {GOOD_NAMES[c]}{then}") for c in GOODS if p.goods[GOOD_INDEX[c]]]
    if coffee and coffee_of(g, seat):
        options.append(Option(GIVE_COFFEE, f"Give 1 coffee{then}"))
    return options


def pay_good_or_coffee(tx: Tx, seat: int, code: str, why: str) -> None:
    """Pay the good or the coffee a code of `good_or_coffee_options` names."""
    if code == GIVE_COFFEE:
        pay_coffee(tx, seat, 1, why)
    else:
        pay_goods(tx, seat, {code[2:]: 1}, why=why)


def _has_goods_or_coffee(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
    return holds_good_or_coffee(g, seat)


def _swap3(tx: Tx, seat: int, step: Step, final: bool) -> None:
    push(tx.g, Step("exchange", seat))


# ---- two dice, two rewards (house value H4) -----------------------------------------------------

MDICE = "mdice"  # the dice step's tag of this card's roll (place 0)


def _reward_words(reward: data.Reward) -> str:
    kind, n = reward
    if kind == "lira":
        return f"{n} Lira"
    return f"{n} {GOOD_NAMES.get(kind, kind)}"


class TwoRewards:
    """The card's roll: each die pays the reward of its face; after the last round only goods and
    Lira (E-55: the coffee is not paid)."""

    def label(self, g: GameState, step: Step, d: tuple[int, int]) -> str:
        return join_and([_reward_words(r) for r in data.mdice_rewards(*d)])

    def result(self, g: GameState, step: Step, d: tuple[int, int]) -> object:
        return tuple(sorted(data.mdice_rewards(*d)))

    def pay(self, tx: Tx, step: Step, d: tuple[int, int]) -> None:
        goods: dict[str, int] = {}
        lira = coffee = 0
        for kind, n in data.mdice_rewards(*d):
            if kind == "lira":
                lira += n
            elif kind == data.COFFEE:
                coffee += n
            else:
                goods[kind] = goods.get(kind, 0) + n
        if goods or lira:
            gain_goods(tx, step.actor, goods, lira, why=CARD)
        if not after_last_round(tx.g):
            gain_coffee(tx, step.actor, coffee, CARD)


ROLLS[MDICE] = TwoRewards()


def _mdice(tx: Tx, seat: int, step: Step, final: bool) -> None:
    settle_dice(tx, seat, 0, roll(tx, seat), MDICE, RED_DONE)  # the red tile is for places 8 and 9 only


# ---- the corner ---------------------------------------------------------------------------------


def corners_from(g: GameState, seat: int) -> tuple[int, ...]:
    """The corner places the merchant stack may jump to (any but the one it is on)."""
    here = g.players[seat].merchant
    return tuple(c for c in grid_of(g).corners() if c != here)


@register
class Corner(CardMove):
    """After the corner card: the merchant stack jumps to a corner place (a teleport: the Barrier
    does not matter, E-10, E-11); then the turn goes on as after a move."""

    name = "corner"
    module = data.MODULE
    ask = "move your merchant to a corner place."

    def targets(self, g: GameState, step: Step) -> Sequence[int]:
        return corners_from(g, step.actor)

    def label(self, g: GameState, step: Step, target: int) -> str:
        return f"Jump to {place_name(target)} ({target})"

    def land(self, tx: Tx, step: Step, target: int) -> None:
        arrive(tx, step.actor, target, "corner")


# ---- the card plays ------------------------------------------------------------------------------


def _play_label(kind: str) -> str:
    return f"Play {phrase(kind)}"


def _twice(kind: str) -> str:
    return f"Play {phrase(kind)} and take the action"



def _never(tx: Tx, seat: int, step: Step, final: bool) -> None:
    raise AssertionError("the die-to-6 card is played at the dice step (die_to_six)")


for _card_play in (
    CardPlay("coffee2", _coffee2, window=ANYTIME, label=_play_label("coffee2")),
    CardPlay("buyguild", _buyguild, window=ANYTIME, playable=_can_buy_guild, label=_play_label("buyguild")),
    CardPlay("lira8", _lira8, window=ANYTIME, final=True, playable=_can_pay_lira8, label=_play_label("lira8")),
    CardPlay("swap3", _swap3, window=ANYTIME, final=True, playable=_has_goods_or_coffee, label=_play_label("swap3")),
    CardPlay("mdice", _mdice, window=ANYTIME, final=True, label=_play_label("mdice")),
    CardPlay("corner", instead_of_move("corner"), window=frozenset({"move"}), label=_play_label("corner")),
    CardPlay(
        "wain2", repeat_action, action_at=data.REPEAT_CARD_PLACE["wain2"], bound="at", playable=single_action,
        label=_twice("wain2"),
    ),
    CardPlay(
        "coffeeh2", repeat_action, action_at=data.REPEAT_CARD_PLACE["coffeeh2"], bound="at",
        playable=single_action, label=_twice("coffeeh2"),
    ),
    CardPlay("six", _never, window=NOWHERE, label=_play_label("six")),
):
    register_card_play(_card_play, data.MODULE)
