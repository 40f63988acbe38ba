"""Black Market and Tea House: the two places that roll dice (and the red mosque tile)."""

from __future__ import annotations

from ..components import (
    BLACK_MARKET,
    RED_TILE_DIE,
    TEA_HOUSE,
    TEA_HOUSE_CALLS,
    TEA_HOUSE_CONSOLATION,
    black_market_blue,
    tea_house_lira,
)
from ..decision import Option, who
from ..decks import roll
from ..machine import StepKind, Tx, pop, push, register
from ..state import GameState, Step
from ..texts import GOOD_NAMES, no_room_note
from ..wheelbarrow import gain_goods, lost_note, no_room, room
from . import Place, place, place_bound_barred

BLACK_MARKET_GOODS = ("red", "green", "yellow")


@place
class BlackMarket(Place):
    number = BLACK_MARKET

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        p = g.players[seat]
        opts = [
            Option(f"g.{c}", f"Take 1 {GOOD_NAMES[c]}{lost_note(p, c)}, then roll for jewelry")
            for c in BLACK_MARKET_GOODS
        ]
        return opts + [Option("roll", f"Roll for jewelry first{no_room_note(no_room(p, ['blue']))}, take the good after")]

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        seat = step.actor
        if code.startswith("g."):
            gain_goods(tx, seat, {code[2:]: 1}, why="black_market")
            throw(tx, step, "")
        else:
            throw(tx, step, "", then=Step("bm_good", seat, BLACK_MARKET))


@register
class BlackMarketGood(StepKind):
    name = "bm_good"

    def options(self, g: GameState, step: Step) -> list[Option]:
        p = g.players[step.actor]
        return [Option(f"g.{c}", f"Take 1 {GOOD_NAMES[c]}{lost_note(p, c)}") for c in BLACK_MARKET_GOODS]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: take your good from the Black Market."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        gain_goods(tx, step.actor, {code[2:]: 1}, why="black_market")


@place
class TeaHouse(Place):
    number = TEA_HOUSE

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        return [
            Option(f"n{k}", f"Call {k}: {k} Lira if the dice reach it, else {TEA_HOUSE_CONSOLATION}")
            for k in TEA_HOUSE_CALLS
        ]

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        call = int(code[1:])
        tx.emit("call", step.actor, number=call)
        throw(tx, step, str(call))


def throw(tx: Tx, step: Step, tag: str, then: Step | None = None) -> None:
    """Roll both dice; with the red mosque tile the player may then adjust them once."""
    d = roll(tx)
    after = [then] if then else []
    if "red" in tx.g.players[step.actor].mosque_tiles and step.tag != "guild" and not place_bound_barred(tx.g):
        push(tx.g, Step("dice", step.actor, step.place, d[0] * 10 + d[1], tag), *after)
    else:
        payout(tx, step.actor, step.place, d, tag)
        if then:
            push(tx.g, then)


def outcome(where: int, total: int, tag: str, space: int) -> str:
    """What a dice total brings here, for the labels of the dice step (`space`: how much jewelry
    still fits in the wheelbarrow)."""
    if where == BLACK_MARKET:
        blue = black_market_blue(total)
        if blue > space:
            return f"{total}, {blue} jewelry ({blue - space} lost: no room)"
        return f"{total}, {blue} jewelry" if blue else f"{total}, no jewelry"
    call, lira = int(tag), tea_house_lira(int(tag), total)
    return f"{total}, {lira} Lira" if total >= call else f"{total}, below {call}: {lira} Lira"


def payout(tx: Tx, seat: int, where: int, d: tuple[int, int], tag: str) -> None:
    total = d[0] + d[1]
    if where == BLACK_MARKET:
        blue = black_market_blue(total)
        if blue:
            gain_goods(tx, seat, {"blue": blue}, why="black_market")
        else:
            tx.emit("nothing", seat, place=where, total=total)
    else:
        gain_goods(tx, seat, {}, tea_house_lira(int(tag), total), why="tea_house")


@register
class Dice(StepKind):
    """The dice lie on the table: keep them, or use the red mosque tile once."""

    name = "dice"
    decline = "ok"

    def options(self, g: GameState, step: Step) -> list[Option]:
        d1, d2 = divmod(step.n, 10)
        space = room(g.players[step.actor], "blue")
        opts = [Option("ok", f"Keep {d1} and {d2}: {outcome(step.place, d1 + d2, step.tag, space)}")]
        if d1 != RED_TILE_DIE:
            total = RED_TILE_DIE + d2
            opts.append(Option("t.four1", f"Red tile: turn the {d1} into a 4: {outcome(step.place, total, step.tag, space)}"))
        if d2 != RED_TILE_DIE:
            total = d1 + RED_TILE_DIE
            opts.append(Option("t.four2", f"Red tile: turn the {d2} into a 4: {outcome(step.place, total, step.tag, space)}"))
        opts.append(Option("t.reroll", "Red tile: roll both dice again"))
        return opts

    def prompt(self, g: GameState, step: Step) -> str:
        d1, d2 = divmod(step.n, 10)
        return f"{who(step.actor)} rolled {d1} and {d2}."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        d1, d2 = divmod(step.n, 10)
        if code == "t.four1":
            d1 = RED_TILE_DIE
        elif code == "t.four2":
            d2 = RED_TILE_DIE
        elif code == "t.reroll":
            tx.emit("tile_used", step.actor, tile="red", act="reroll")
            d1, d2 = roll(tx)
        if code in ("t.four1", "t.four2"):
            tx.emit("tile_used", step.actor, tile="red", act="four", dice=[d1, d2])
        payout(tx, step.actor, step.place, (d1, d2), step.tag)
