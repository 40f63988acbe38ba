"""A player's resources: goods within capacity, Lira, rubies (with the end trigger)."""

from __future__ import annotations

from collections.abc import Sequence

from .components import GOOD_INDEX, GOODS, ruby_target
from .machine import Tx


def gain_goods(tx: Tx, seat: int, goods: dict[str, int], lira: int = 0, why: str = "") -> None:
    """Add goods (anything above a colour's capacity is lost) and Lira, and report what arrived."""
    p = tx.g.mut(seat)
    counts = list(p.goods)
    got: dict[str, int] = {}
    for colour, n in goods.items():
        i = GOOD_INDEX[colour]
        new = min(p.capacity, counts[i] + n)
        if new > counts[i]:
            got[colour] = new - counts[i]
        counts[i] = new
    p.goods = (counts[0], counts[1], counts[2], counts[3])
    p.lira += lira
    tx.emit("gain", seat, goods=got, lira=lira, why=why)


def pay_goods(tx: Tx, seat: int, goods: dict[str, int], lira: int = 0, why: str = "") -> None:
    p = tx.g.mut(seat)
    counts = list(p.goods)
    for colour, n in goods.items():
        i = GOOD_INDEX[colour]
        if counts[i] < n:
            raise RuntimeError(f"seat {seat} cannot pay {n} {colour}")
        counts[i] -= n
    if p.lira < lira:
        raise RuntimeError(f"seat {seat} cannot pay {lira} Lira")
    p.goods = (counts[0], counts[1], counts[2], counts[3])
    p.lira -= lira
    tx.emit("pay", seat, goods={c: n for c, n in goods.items() if n}, lira=lira, why=why)


def total_goods(goods: tuple[int, int, int, int]) -> int:
    return goods[0] + goods[1] + goods[2] + goods[3]


def goods_dict(counts: Sequence[int]) -> dict[str, int]:
    return {GOODS[i]: n for i, n in enumerate(counts) if n}


def gain_ruby(tx: Tx, seat: int, source: str) -> None:
    g = tx.g
    p = g.mut(seat)
    p.rubies += 1
    tx.emit("ruby", seat, source=source, total=p.rubies)
    target = ruby_target(len(g.players), len(g.settings.expansions))
    if p.rubies >= target and not g.end_triggered:
        g.end_triggered = True
        tx.emit("end_triggered", seat, rubies=p.rubies)
