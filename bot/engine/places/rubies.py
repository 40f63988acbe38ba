"""The places that sell rubies: Sultan's Palace, Gemstone Dealer and both Mosques, and the table
of ruby tracks (the Sultan's Palace and the Gemstone Dealer now, the Coffee House next): how many
rubies a track holds, the price of its next one, and the refill of its last one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

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
from ..providers import Registry
from ..state import GameState, Step
from ..texts import GOOD_NAMES
from ..wheelbarrow import gain_ruby, goods_dict, pay_goods
from . import Place, place

# ---- the ruby tracks --------------------------------------------------------------------------


class Price(NamedTuple):
    """What the next ruby of a track costs: goods by colour (GOODS order), goods of any colour
    (never coffee), Lira, coffee."""

    goods: tuple[int, int, int, int] = (0, 0, 0, 0)
    any_goods: int = 0
    lira: int = 0
    coffee: int = 0


@dataclass(frozen=True, slots=True)
class RubyTrack:
    place: int  # the place whose track it is (13, 16; 20 next)
    source: str  # the ruby event's source and the `why` of the payment ("sultan")
    module: str | None
    left: Callable[[GameState], int]  # rubies on the track
    set_left: Callable[[GameState, int], None]
    price: Callable[[int], Price]  # the next ruby's price, by the rubies left (at least 1)


RUBY_TRACKS: Registry[RubyTrack] = Registry()
_TRACK_AT: dict[int, RubyTrack] = {}


def add_ruby_track(track: RubyTrack) -> RubyTrack:
    RUBY_TRACKS.add(track)
    _TRACK_AT[track.place] = track
    return track


def remove_ruby_track(track: RubyTrack) -> None:
    RUBY_TRACKS.remove(track)
    del _TRACK_AT[track.place]


def ruby_track(where: int) -> RubyTrack:
    return _TRACK_AT[where]


def next_price(g: GameState, where: int) -> Price | None:
    """The price of the next ruby at a track, None when it holds none."""
    track = _TRACK_AT[where]
    left = track.left(g)
    return track.price(left) if left else None


def tracks_with_a_ruby(g: GameState) -> list[RubyTrack]:
    """The tracks in play that hold a ruby (where "the next ruby of 13, 16 or 20" may come from)."""
    return [t for t in RUBY_TRACKS.in_play(g.settings) if t.left(g)]


def rubies_on_tracks(g: GameState) -> int:
    return sum(t.left(g) for t in RUBY_TRACKS.in_play(g.settings))


def take_track_ruby(tx: Tx, seat: int, where: int) -> None:
    """Take the next ruby of a track, by whatever means; the last one is replaced from the supply
    (RULES-NOTES E-25), so the track then always offers one at its highest price."""
    g = tx.g
    track = _TRACK_AT[where]
    left = track.left(g) - 1
    track.set_left(g, left)
    gain_ruby(tx, seat, track.source)
    if left == 0 and g.board.ruby_supply:
        g.wboard().ruby_supply -= 1
        track.set_left(g, 1)
        tx.emit("ruby_refilled", None, place=where)


def _sultan_left(g: GameState) -> int:
    return g.board.sultan_rubies


def _set_sultan_left(g: GameState, n: int) -> None:
    g.wboard().sultan_rubies = n


def _sultan_price(left: int) -> Price:
    fixed, anys = sultan_price(left)
    return Price(goods=fixed, any_goods=anys)


def _gemstone_left(g: GameState) -> int:
    return g.board.gemstone_rubies


def _set_gemstone_left(g: GameState, n: int) -> None:
    g.wboard().gemstone_rubies = n


def _gemstone_price(left: int) -> Price:
    return Price(lira=gemstone_price(left))


add_ruby_track(RubyTrack(SULTANS_PALACE, "sultan", None, _sultan_left, _set_sultan_left, _sultan_price))
add_ruby_track(RubyTrack(GEMSTONE_DEALER, "gemstone", None, _gemstone_left, _set_gemstone_left, _gemstone_price))


# ---- the places -------------------------------------------------------------------------------


def can_pay_sultan(g: GameState, seat: int) -> bool:
    price = next_price(g, SULTANS_PALACE)
    if price is None:
        return False
    have = g.players[seat].goods
    if any(h < f for h, f in zip(have, price.goods, strict=True)):
        return False
    return sum(have) - sum(price.goods) >= price.any_goods


@place
class SultansPalace(Place):
    number = SULTANS_PALACE

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        price = next_price(g, SULTANS_PALACE)
        if price is None or not can_pay_sultan(g, seat):
            return []
        return [Option("act", f"Deliver {sum(price.goods) + price.any_goods} goods to the Sultan for a ruby")]

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        price = next_price(tx.g, SULTANS_PALACE)
        assert price is not None
        pay_goods(tx, step.actor, goods_dict(price.goods), why="sultan")
        if price.any_goods:
            push(tx.g, Step("sultan_any", step.actor, SULTANS_PALACE, price.any_goods))
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


@place
class GemstoneDealer(Place):
    number = GEMSTONE_DEALER

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        price = next_price(g, GEMSTONE_DEALER)
        if price is None or g.players[seat].lira < price.lira:
            return []
        return [Option("act", f"Pay {price.lira} Lira for a ruby")]

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        price = next_price(tx.g, GEMSTONE_DEALER)
        assert price is not None
        pay_goods(tx, step.actor, {}, price.lira, why="gemstone")
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
    b = g.wboard()
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
