"""The places that sell rubies: Sultan's Palace, Gemstone Dealer and both Mosques."""

from __future__ import annotations

from ..components import (
    GEMSTONE_DEALER,
    GOOD_INDEX,
    GOODS,
    GREAT_MOSQUE,
    MOSQUE_COLOURS,
    SMALL_MOSQUE,
    SULTANS_PALACE,
    TILE_COLOURS,
    gemstone_price,
    sultan_price,
)
from ..decision import Option, who
from ..machine import StepKind, Tx, pop, push, register
from ..state import GameState, Step
from ..texts import GOOD_NAMES
from ..wheelbarrow import gain_ruby, goods_dict, pay_goods
from . import Place, place


def can_pay_sultan(g: GameState, seat: int) -> bool:
    if not g.board.sultan_rubies:
        return False
    fixed, anys = sultan_price(g.board.sultan_rubies)
    have = g.players[seat].goods
    if any(h < f for h, f in zip(have, fixed, strict=True)):
        return False
    return sum(have) - sum(fixed) >= anys


@place
class SultansPalace(Place):
    number = SULTANS_PALACE

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        if not can_pay_sultan(g, seat):
            return []
        fixed, anys = sultan_price(g.board.sultan_rubies)
        return [Option("act", f"Deliver {sum(fixed) + anys} goods to the Sultan for a ruby")]

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        fixed, anys = sultan_price(tx.g.board.sultan_rubies)
        pay_goods(tx, step.actor, goods_dict(fixed), why="sultan")
        if anys:
            push(tx.g, Step("sultan_any", step.actor, SULTANS_PALACE, anys))
        else:
            take_track_ruby(tx, step.actor, SULTANS_PALACE)


@register
class SultanAnyGood(StepKind):
    """Pay the 'any good' spaces one good at a time (never coffee)."""

    name = "sultan_any"

    def options(self, g: GameState, step: Step) -> list[Option]:
        have = g.players[step.actor].goods
        return [Option(f"g.{c}", f"Pay 1 {GOOD_NAMES[c]}") for c in GOODS if have[GOOD_INDEX[c]]]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: pay a good of your choice to the Sultan ({step.n} left)."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        pay_goods(tx, step.actor, {code[2:]: 1}, why="sultan")
        if step.n > 1:
            push(tx.g, Step("sultan_any", step.actor, step.place, step.n - 1))
        else:
            take_track_ruby(tx, step.actor, SULTANS_PALACE)


def take_track_ruby(tx: Tx, seat: int, where: int) -> None:
    """Take the next ruby of a track; the last one is replaced from the supply (13, 16 and 20)."""
    b = tx.g.board
    if where == SULTANS_PALACE:
        b.sultan_rubies -= 1
        empty = b.sultan_rubies == 0
    else:
        b.gemstone_rubies -= 1
        empty = b.gemstone_rubies == 0
    gain_ruby(tx, seat, "sultan" if where == SULTANS_PALACE else "gemstone")
    if empty and b.ruby_supply:
        b.ruby_supply -= 1
        if where == SULTANS_PALACE:
            b.sultan_rubies = 1
        else:
            b.gemstone_rubies = 1
        tx.emit("ruby_refilled", None, place=where)


@place
class GemstoneDealer(Place):
    number = GEMSTONE_DEALER

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        left = g.board.gemstone_rubies
        if not left or g.players[seat].lira < gemstone_price(left):
            return []
        return [Option("act", f"Pay {gemstone_price(left)} Lira for a ruby")]

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        price = gemstone_price(tx.g.board.gemstone_rubies)
        pay_goods(tx, step.actor, {}, price, why="gemstone")
        take_track_ruby(tx, step.actor, GEMSTONE_DEALER)


class Mosque(Place):
    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        p = g.players[seat]
        opts = []
        for colour in MOSQUE_COLOURS[self.number]:
            tiles = g.board.mosque_tiles[TILE_COLOURS.index(colour)]
            if tiles and colour not in p.mosque_tiles and p.good(colour) >= tiles[0]:
                opts.append(
                    Option(f"m.{colour}", f"Take the {colour} mosque tile (needs {tiles[0]} {GOOD_NAMES[colour]}, costs 1)")
                )
        return opts

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        take_mosque_tile(tx, step.actor, code[2:])


@place
class SmallMosque(Mosque):
    number = SMALL_MOSQUE


@place
class GreatMosque(Mosque):
    number = GREAT_MOSQUE


def take_mosque_tile(tx: Tx, seat: int, colour: str) -> None:
    g = tx.g
    b = g.board
    pay_goods(tx, seat, {colour: 1}, why="mosque")
    p = g.mut(seat)
    i = TILE_COLOURS.index(colour)
    stacks = list(b.mosque_tiles)
    value = stacks[i][0]
    stacks[i] = stacks[i][1:]
    b.mosque_tiles = tuple(stacks)
    p.mosque_tiles = tuple(c for c in TILE_COLOURS if c in p.mosque_tiles or c == colour)
    tx.emit("mosque_tile", seat, colour=colour, value=value)
    if colour == "blue":
        p.stack += "o"
        tx.emit("fifth_assistant", seat)
    mosque = SMALL_MOSQUE if colour in MOSQUE_COLOURS[SMALL_MOSQUE] else GREAT_MOSQUE
    if all(c in p.mosque_tiles for c in MOSQUE_COLOURS[mosque]):
        k = 0 if mosque == SMALL_MOSQUE else 1
        if b.mosque_rubies[k]:
            rubies = list(b.mosque_rubies)
            rubies[k] -= 1
            b.mosque_rubies = (rubies[0], rubies[1])
            gain_ruby(tx, seat, "mosque")
