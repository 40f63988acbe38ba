"""A player's resources: goods within capacity, Lira, rubies (with the end trigger)."""

from __future__ import annotations

from collections.abc import Sequence

from .components import GOOD_INDEX, GOODS, ruby_target
from .machine import Tx
from .state import Player
from .texts import LOST_NOTE


def gain_goods(tx: Tx, seat: int, goods: dict[str, int], lira: int = 0, why: str = "") -> None:
    """Add goods (anything above a colour's capacity is lost) and Lira, and report what arrived
    and, when the wheelbarrow was full, what was lost (`lost`, only then: older logs lack it)."""
    p = tx.g.mut(seat)
    before = p.goods
    counts = list(before)
    capacity = p.capacity
    for colour, n in goods.items():
        i = GOOD_INDEX[colour]
        counts[i] = min(capacity, counts[i] + n)
    p.goods = (counts[0], counts[1], counts[2], counts[3])
    p.lira += lira
    if not tx.keeps_events:  # (what arrived and what was lost only word the event)
        return
    got: dict[str, int] = {}
    lost: dict[str, int] = {}
    for colour, n in goods.items():
        i = GOOD_INDEX[colour]
        if counts[i] > before[i]:
            got[colour] = counts[i] - before[i]
        if before[i] + n > counts[i]:
            lost[colour] = before[i] + n - counts[i]
    tx.emit("gain", seat, goods=got, lira=lira, why=why, **({"lost": lost} if lost else {}))


def room(p: Player, colour: str) -> int:
    """How many more goods of `colour` fit in the player's wheelbarrow."""
    return p.capacity - p.good(colour)


def lost_note(p: Player, colour: str) -> str:
    """The note on an option that gives 1 good of `colour` when none fits any more."""
    return "" if room(p, colour) else LOST_NOTE


def no_room(p: Player, colours: Sequence[str]) -> list[str]:
    """The colours among `colours` that have no room left in the player's wheelbarrow."""
    return [c for c in colours if not room(p, c)]


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
    if tx.keeps_events:
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
