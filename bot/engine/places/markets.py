"""Small and Large Market: sell 1-5 goods shown on the demand tile on top of the stack."""

from __future__ import annotations

from collections.abc import Sequence

from ..components import (
    DEMAND_TILES,
    GOODS,
    LARGE_MARKET,
    LARGE_MARKET_REVENUE,
    MAX_SALE,
    SMALL_MARKET,
    SMALL_MARKET_REVENUE,
)
from ..decision import Option, who
from ..machine import StepKind, Tx, pop, push, register
from ..state import GameState, Step
from ..texts import GOOD_NAMES, goods_phrase
from ..wheelbarrow import gain_goods, goods_dict, pay_goods
from . import ACT_CODES, Place, place

SELL = Option("act", "Sell goods to the demand tile")
LETTER = {"red": "r", "green": "g", "yellow": "y", "blue": "b"}
COLOUR = {v: k for k, v in LETTER.items()}


def demand(g: GameState, market: int) -> tuple[int, int, int, int]:
    stack = g.board.small_demand if market == SMALL_MARKET else g.board.large_demand
    return DEMAND_TILES[stack[0]]


def revenue(market: int, sold: int) -> int:
    return (SMALL_MARKET_REVENUE if market == SMALL_MARKET else LARGE_MARKET_REVENUE)[sold]


def limits(g: GameState, market: int, any_goods: bool) -> tuple[int, ...]:
    if any_goods:
        return (MAX_SALE,) * len(GOODS)
    return demand(g, market)


def best_sale(have: tuple[int, ...], limit: tuple[int, ...]) -> list[int]:
    counts = [min(h, m) for h, m in zip(have, limit, strict=True)]
    while sum(counts) > MAX_SALE:  # keep the sale within five goods, dropping the most plentiful first
        i = max(range(len(counts)), key=lambda k: counts[k])
        counts[i] -= 1
    return counts


class Market(Place):
    def can_sell(self, g: GameState, seat: int, step: Step) -> bool:
        have = g.players[seat].goods
        return any(h and m for h, m in zip(have, limits(g, self.number, step.tag == "any"), strict=True))

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        return [SELL] if self.can_sell(g, seat, step) else []

    def codes(self, g: GameState, seat: int, step: Step) -> Sequence[str]:
        return ACT_CODES if self.can_sell(g, seat, step) else ()

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        push(tx.g, Step("sell", step.actor, self.number, 1 if step.tag == "any" else 0, ""))


@place
class SmallMarket(Market):
    number = SMALL_MARKET


@place
class LargeMarket(Market):
    number = LARGE_MARKET


@register
class Sell(StepKind):
    """Pick the goods to sell one at a time (tag: the letters chosen so far), then sell."""

    name = "sell"
    decline = "done"

    def options(self, g: GameState, step: Step) -> list[Option]:
        have = g.players[step.actor].goods
        limit = limits(g, step.place, step.n == 1)
        chosen = [step.tag.count(LETTER[c]) for c in GOODS]
        sold = len(step.tag)
        opts = []
        if sold < MAX_SALE:
            more = revenue(step.place, sold + 1)
            for i, c in enumerate(GOODS):
                if chosen[i] < limit[i] and chosen[i] < have[i]:
                    opts.append(Option(f"s.{c}", f"Add 1 {GOOD_NAMES[c]} to the sale ({sold + 1} for {more} Lira)"))
            if step.n == 0 and sold == 0:
                best = best_sale(have, limit)
                if sum(best) > 1:  # after the single goods: the default stays the smallest sale
                    what = goods_phrase(goods_dict(best))
                    opts.append(Option("s.all", f"Sell {what} for {revenue(step.place, sum(best))} Lira"))
        if sold:
            opts.append(Option("done", f"Sell {goods_phrase(goods_dict(chosen))} for {revenue(step.place, sold)} Lira"))
        return opts

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: choose the goods to sell."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        pop(g)
        if code.startswith("s.") and code != "s.all":
            push(g, Step("sell", step.actor, step.place, step.n, step.tag + LETTER[code[2:]]))
            return
        if code == "s.all":
            counts = best_sale(g.players[step.actor].goods, limits(g, step.place, False))
        else:
            counts = [step.tag.count(LETTER[c]) for c in GOODS]
        sell(tx, step.actor, step.place, counts)


def sell(tx: Tx, seat: int, market: int, counts: list[int]) -> None:
    g = tx.g
    n = sum(counts)
    goods = {GOODS[i]: k for i, k in enumerate(counts) if k}
    pay_goods(tx, seat, goods, why="market")
    gain_goods(tx, seat, {}, revenue(market, n), why="market")
    if market == SMALL_MARKET:
        g.wboard().small_demand = stack = g.board.small_demand[1:] + g.board.small_demand[:1]
    else:
        g.wboard().large_demand = stack = g.board.large_demand[1:] + g.board.large_demand[:1]
    tx.emit("sold", seat, place=market, goods=goods, lira=revenue(market, n))
    # The tile moved under the stack: the next one is turned up, so the sale cannot be taken back.
    tx.emit("demand", None, place=market, tile=stack[0], goods=goods_dict(DEMAND_TILES[stack[0]]))
    tx.barrier = True

