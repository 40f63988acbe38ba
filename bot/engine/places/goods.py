"""Wainwright, the three Warehouses (with the green mosque tile) and the Post Office."""

from __future__ import annotations

from collections.abc import Sequence

from ..components import (
    EXTENSION_PRICE,
    GOOD_INDEX,
    GOODS,
    GREEN_TILE_PRICE,
    MAX_EXTENSIONS,
    POST_OFFICE,
    POST_OFFICE_REWARDS,
    WAINWRIGHT,
    WAREHOUSE_GOOD,
)
from ..decision import Option, who
from ..machine import StepKind, Tx, pop, push, register
from ..state import GameState, Step
from ..texts import GOOD_NAMES, no_room_note
from ..wheelbarrow import gain_goods, gain_ruby, no_room, pay_goods, room
from . import ACT_CODES, Place, place, place_bound_barred

ACT = [Option("act", "Take the action")]


@place
class Wainwright(Place):
    number = WAINWRIGHT

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        p = g.players[seat]
        if p.extensions < MAX_EXTENSIONS and p.lira >= EXTENSION_PRICE and g.board.wainwright_extensions:
            return [Option("act", f"Pay {EXTENSION_PRICE} Lira for a wheelbarrow extension")]
        return []

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        add_extension(tx, step.actor, EXTENSION_PRICE)


def add_extension(tx: Tx, seat: int, price: int) -> None:
    """One more wheelbarrow extension; the third completes the wheelbarrow and earns its ruby."""
    g = tx.g
    p = g.mut(seat)
    p.lira -= price
    p.extensions += 1
    g.wboard().wainwright_extensions -= 1
    tx.emit("extension", seat, lira=price, capacity=p.capacity)
    if p.extensions == MAX_EXTENSIONS and g.board.wainwright_rubies:
        g.wboard().wainwright_rubies -= 1
        gain_ruby(tx, seat, "wainwright")


class Warehouse(Place):
    good = ""

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        full = " (already full)" if not room(g.players[seat], self.good) else ""
        return [Option("act", f"Fill up your {GOOD_NAMES[self.good]}{full}")]

    def codes(self, g: GameState, seat: int, step: Step) -> Sequence[str]:
        return ACT_CODES

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        p = tx.g.players[step.actor]
        gain_goods(tx, step.actor, {self.good: room(p, self.good)}, why="warehouse")  # filling up loses nothing
        if "green" in p.mosque_tiles and p.lira >= GREEN_TILE_PRICE and not place_bound_barred(tx.g):
            push(tx.g, Step("green_tile", step.actor, step.place))


for _number, _good in WAREHOUSE_GOOD.items():
    place(type(f"Warehouse{_number}", (Warehouse,), {"number": _number, "good": _good}))


@register
class GreenTile(StepKind):
    name = "green_tile"
    decline = "no"

    def options(self, g: GameState, step: Step) -> list[Option] | None:
        p = g.players[step.actor]
        opts = [
            Option(f"g.{c}", f"Green tile: pay {GREEN_TILE_PRICE} Lira for 1 {GOOD_NAMES[c]}")
            for c in GOODS
            if p.goods[GOOD_INDEX[c]] < p.capacity
        ]
        return opts + [Option("no", "No extra good")] if opts else None

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: use the green mosque tile for one more good?"

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        if code != "no":
            pay_goods(tx, step.actor, {}, GREEN_TILE_PRICE, why="green_tile")
            tx.emit("tile_used", step.actor, tile="green", lira=GREEN_TILE_PRICE)
            gain_goods(tx, step.actor, {code[2:]: 1}, why="green_tile")


@place
class PostOffice(Place):
    number = POST_OFFICE

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        goods, lira = POST_OFFICE_REWARDS[g.board.mail]
        names = ", ".join(f"1 {GOOD_NAMES[c]}" for c in goods)
        return [Option("act", f"Take {names} and {lira} Lira{no_room_note(no_room(g.players[seat], goods))}")]

    def codes(self, g: GameState, seat: int, step: Step) -> Sequence[str]:
        return ACT_CODES

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        goods, lira = POST_OFFICE_REWARDS[g.board.mail]
        gain_goods(tx, step.actor, {c: 1 for c in goods}, lira, why="post_office")
        g.wboard().mail = 0 if g.board.mail == len(POST_OFFICE_REWARDS) - 1 else g.board.mail + 1
