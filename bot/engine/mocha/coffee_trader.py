"""The Coffee trader: a neutral token like the Governor and the Smuggler. The set-up dice place
him (on 2-12, E-58); met in phase 4 he gives 1 coffee for 2 Lira or any 1 good (never coffee,
E-43); after use the dice move him. The Encounter tile's waiver (m-tavern's `tokens.WAIVERS`
entry) leaves out his ``cof_pay`` step.
"""

from __future__ import annotations

from .. import describe
from ..components import GOOD_INDEX, GOODS
from ..decision import Option, who
from ..machine import StepKind, Tx, pop, register
from ..state import GameState, Step
from ..texts import GOOD_NAMES
from ..tokens import NeutralToken, add_neutral_token, neutral_token, waived
from ..wheelbarrow import pay_goods
from . import data
from .coffee import COFFEE_WHY, gain_coffee
from .parts import mocha_board, set_mocha_board
from .texts import TOKEN_NAMES

COFFEE_WHY[data.COFFEE_TRADER] = "from the Coffee trader"
describe.PAID_TO[data.COFFEE_TRADER] = "to the Coffee trader"
PAYMENT = "cof_pay"


def _where(g: GameState) -> int:
    return mocha_board(g).coffee_trader


def _put(g: GameState, place: int) -> None:
    set_mocha_board(g, coffee_trader=place)


def can_pay(g: GameState, seat: int) -> bool:
    p = g.players[seat]
    return p.lira >= data.COFFEE_TRADER_LIRA or any(p.goods)


def _offer(g: GameState, seat: int) -> str | None:
    """Offered when the seat can pay him, or owes him nothing (the Encounter tile)."""
    token = neutral_token(data.COFFEE_TRADER)
    if not can_pay(g, seat) and not (token is not None and waived(g, seat, token)):
        return None
    return f"Coffee trader: take 1 coffee, then pay {data.COFFEE_TRADER_LIRA} Lira or a good"


def _coffee(tx: Tx, seat: int) -> None:
    gain_coffee(tx, seat, data.COFFEE_TRADER_COFFEE, data.COFFEE_TRADER)


COFFEE_TRADER = add_neutral_token(
    NeutralToken(
        "cof", data.COFFEE_TRADER, f"the {TOKEN_NAMES[data.COFFEE_TRADER]}", data.MODULE, _where, _put, _offer,
        payment=(PAYMENT,), reward_now=_coffee,
    )
)


@register
class CoffeeTraderPayment(StepKind):
    """2 Lira or any 1 good (never coffee) for the coffee he gave."""

    name = PAYMENT
    module = data.MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        p = g.players[step.actor]
        fee = data.COFFEE_TRADER_LIRA
        opts = [Option("pay", f"Pay {fee} Lira")] if p.lira >= fee else []
        opts += [Option(f"g.{c}", f"Pay 1 {GOOD_NAMES[c]}") for c in GOODS if p.goods[GOOD_INDEX[c]]]
        return opts

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: pay the Coffee trader: {data.COFFEE_TRADER_LIRA} Lira or a good."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        if code == "pay":
            pay_goods(tx, step.actor, {}, data.COFFEE_TRADER_LIRA, why=data.COFFEE_TRADER)
        else:
            pay_goods(tx, step.actor, {code[2:]: data.COFFEE_TRADER_GOODS}, why=data.COFFEE_TRADER)
