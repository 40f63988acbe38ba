"""The Tavern (place 19) of Mocha & Baksheesh: one of three options per action (RULES-NOTES E-41).

Its action step offers, each only when it can be paid:

- ``barrier``: pay 2 coffee, put the Barrier on any edge (``mocha.barrier``), take its control
  tile and carry out the action of one of the edge's two places from afar;
- ``tl.movement`` / ``tl.encounter``: take the top tile of that Tavern pile for the coffee it
  shows, one of each type per player (``mocha.tavern_tiles``);
- ``bk.<place>``: the Baksheesh: 4 coffee and the goods face up on the tile for the next ruby of
  the Sultan's Palace (13), the Gemstone Dealer (16) or the Coffee House (20), the track's refill
  rule included; the tile then turns over.

Guild card #19 pushes the Tavern's action step with the tag ``"g19"``: ``n=0`` its first option,
paying 1 coffee less (``data.guild19_coffee``), then ``n=1`` a second one at full price, which
may be skipped (every option costs at least 1 coffee, so the discount is always used whole by
the first: 1 or 2 options pay 1 coffee less in total, E-38).
"""

from __future__ import annotations

from typing import Any

from ..components import GOOD_INDEX
from ..decision import Option
from ..describe import PAID_TO, register_line
from ..machine import Tx, push
from ..places import Place, place
from ..places.rubies import ruby_track, take_track_ruby, tracks_with_a_ruby
from ..state import GameState, Step
from ..texts import goods_phrase
from ..wheelbarrow import pay_goods
from . import data
from .barrier import place_name
from .coffee import COFFEE_WHY, coffee_of, pay_coffee
from .parts import mocha_board, mocha_player, set_mocha_board, set_mocha_player
from .tavern_tiles import holds_tile
from .texts import TAVERN_TILE_NAMES

GUILD19 = "g19"  # the action step's tag of guild card #19 (n: Tavern options already carried out)
BARRIER = "barrier"
TILE_PREFIX = "tl."
BAKSHEESH_PREFIX = "bk."

COFFEE_WHY.update(
    {
        "barrier": "for the Barrier at the Tavern",
        "tavern_tile": "for a Tavern tile",
        "baksheesh": "as baksheesh at the Tavern",
    }
)
PAID_TO["baksheesh"] = "as baksheesh at the Tavern"


def coffee_owed(step: Step, cost: int) -> int:
    """What an option costing `cost` coffee costs at this action step: guild card #19's first
    option carries its discount."""
    if step.tag == GUILD19 and step.n == 0:
        return data.guild19_coffee((cost,))
    return cost


def pile(g: GameState, kind: data.TavernTileType) -> tuple[int, ...]:
    board = mocha_board(g)
    return board.movement_tiles if kind == "movement" else board.encounter_tiles


def can_pay_baksheesh(g: GameState, seat: int, coffee: int) -> bool:
    owed = data.baksheesh_goods(mocha_board(g).baksheesh)
    have = g.players[seat].goods
    return coffee_of(g, seat) >= coffee and all(have[GOOD_INDEX[c]] >= n for c, n in owed.items())


@place
class Tavern(Place):
    number = data.TAVERN

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        coffee = coffee_of(g, seat)
        out = []
        barrier = coffee_owed(step, data.BARRIER_COFFEE)
        if coffee >= barrier:
            out.append(Option(BARRIER, f"Barrier: pay {barrier} coffee, move it and act at one of its places"))
        for kind in data.TAVERN_TILE_TYPES:
            tiles = pile(g, kind)
            if not tiles or holds_tile(g, seat, kind):
                continue
            cost = coffee_owed(step, tiles[0])
            if coffee >= cost:
                out.append(Option(f"{TILE_PREFIX}{kind}", f"Take the {TAVERN_TILE_NAMES[kind]} for {cost} coffee"))
        cost = coffee_owed(step, data.BAKSHEESH_COFFEE)
        if can_pay_baksheesh(g, seat, cost):
            goods = goods_phrase(data.baksheesh_goods(mocha_board(g).baksheesh))
            for track in tracks_with_a_ruby(g):
                name = place_name(track.place)
                out.append(
                    Option(f"{BAKSHEESH_PREFIX}{track.place}", f"Baksheesh ({cost} coffee, {goods}): {name} ruby")
                )
        return out

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        g = tx.g
        seat = step.actor
        if step.tag == GUILD19 and step.n == 0:
            push(g, Step("action", seat, data.TAVERN, 1, GUILD19))  # the card's optional second option
        if code == BARRIER:
            pay_coffee(tx, seat, coffee_owed(step, data.BARRIER_COFFEE), "barrier")
            push(g, Step("barrier", seat, data.TAVERN))
        elif code.startswith(TILE_PREFIX):
            take_tavern_tile(tx, seat, step, code[len(TILE_PREFIX):])  # type: ignore[arg-type]
        elif code.startswith(BAKSHEESH_PREFIX):
            pay_baksheesh(tx, seat, step, int(code[len(BAKSHEESH_PREFIX):]))
        else:
            raise AssertionError(code)


def take_tavern_tile(tx: Tx, seat: int, step: Step, kind: data.TavernTileType) -> None:
    """The top tile of that type's pile, for its coffee (guild card #19's discount applied)."""
    g = tx.g
    tiles = pile(g, kind)
    cost = tiles[0]
    pay_coffee(tx, seat, coffee_owed(step, cost), "tavern_tile")
    set_mocha_board(g, **{f"{kind}_tiles": tiles[1:]})
    tile = data.tavern_tile_id(kind, cost)
    set_mocha_player(g, seat, tavern_tiles=mocha_player(g, seat).tavern_tiles + (tile,))
    tx.emit("tavern_tile", seat, tile=kind, cost=cost)


def pay_baksheesh(tx: Tx, seat: int, step: Step, where: int) -> None:
    """4 coffee and the goods face up for the next ruby at `where`; the tile then turns over."""
    g = tx.g
    side = mocha_board(g).baksheesh
    pay_coffee(tx, seat, coffee_owed(step, data.BAKSHEESH_COFFEE), "baksheesh")
    pay_goods(tx, seat, data.baksheesh_goods(side), why="baksheesh")
    take_track_ruby(tx, seat, ruby_track(where).place)
    flipped = data.baksheesh_flip(side)
    set_mocha_board(g, baksheesh=flipped)
    tx.emit("baksheesh", seat, place=where, side=flipped)


def _tile_line(who: str, d: dict[str, Any], own: bool) -> str:
    name = TAVERN_TILE_NAMES.get(d["tile"], "a Tavern tile")
    return f"{who} took the {name} (the {d['cost']}-coffee one) at the Tavern."


def _baksheesh_line(who: str, d: dict[str, Any], own: bool) -> str:
    side = data.baksheesh_goods(d["side"])
    where = place_name(d["place"])
    return f"{who} paid the baksheesh for the ruby of the {where}; the tile now asks for {goods_phrase(side)}."


register_line("tavern_tile", _tile_line, data.MODULE)
register_line("baksheesh", _baksheesh_line, data.MODULE)
