"""Black Market and Tea House: the two places that roll dice (and the red mosque tile).

A roll of the player's own lies on the table as a ``dice`` step while something may still change
it: the red mosque tile, or a rule a module registers in `ROLL_RULES` (Mocha & Baksheesh's
die-to-6 card). What the dice bring is looked up in `ROLLS` (the Black Market, the Tea House and
any roll a module adds). Neutral tokens' rolls never come here (RULES-NOTES E-20, E-29).

A roll of one die (Letters & Seals' kiosk tile K16) lies there too, as the dice (a, 0): a second
die of 0 is no die (`dice_words`), never offered to be changed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

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
from ..errors import IllegalChoice
from ..machine import StepKind, Tx, pop, push, register
from ..registry import Registry
from ..state import GameState, Step
from ..texts import GOOD_NAMES, no_room_note
from ..wheelbarrow import gain_goods, lost_note, no_room, room
from . import Place, place, place_bound_barred

BLACK_MARKET_GOODS = ("red", "green", "yellow")
_BLACK_MARKET_CODES = (*(f"g.{c}" for c in BLACK_MARKET_GOODS), "roll")
_TEA_HOUSE_CODES = tuple(f"n{k}" for k in TEA_HOUSE_CALLS)


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

    def codes(self, g: GameState, seat: int, step: Step) -> Sequence[str]:
        return _BLACK_MARKET_CODES

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

    def codes(self, g: GameState, seat: int, step: Step) -> Sequence[str]:
        return _TEA_HOUSE_CODES

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        call = int(code[1:])
        tx.emit("call", step.actor, number=call)
        throw(tx, step, str(call))


def throw(tx: Tx, step: Step, tag: str, then: Step | None = None) -> None:
    """Roll both dice; with the red mosque tile the player may then adjust them once."""
    d = roll(tx)
    if then:
        push(tx.g, then)
    barred = step.tag == "guild" or place_bound_barred(tx.g)  # guild cards #8/#9, a guild turn (E-20, E-38)
    settle_dice(tx, step.actor, step.place, d, tag, RED_DONE if barred else 0)


# ---- what a roll brings, and what may change it ---------------------------------------------------

RED_DONE = 1  # a flag of the dice step: the red tile is used (or barred) for this roll
FLAG_UNIT = 100  # the dice step's n: 10a+b for the dice, plus FLAG_UNIT times the flags


class RollKind(Protocol):
    """What a roll of the player's own brings: a place's roll, or one a module adds."""

    def label(self, g: GameState, step: Step, d: tuple[int, int]) -> str:
        """What these dice would bring, for the options of the dice step ("7, 3 jewelry")."""
        ...

    def result(self, g: GameState, step: Step, d: tuple[int, int]) -> object:
        """What these dice bring, comparable: two rolls with equal results pay alike."""
        ...

    def pay(self, tx: Tx, step: Step, d: tuple[int, int]) -> None: ...


class RollRule(Protocol):
    """A module's rule that may change a roll of the player's own after it lies on the table
    (Mocha & Baksheesh's die-to-6 card). `asks`: whether the dice step must wait for the
    player; `options` its choices there; `resolve` applies one of them (the dice step is already
    off the stack: the rule settles the changed dice with `settle_dice`, at once or after a step
    of its own) and says whether the code was its own."""

    def asks(self, g: GameState, step: Step) -> bool: ...

    def options(self, g: GameState, step: Step) -> list[Option]: ...

    def resolve(self, tx: Tx, step: Step, code: str) -> bool: ...


ROLL_RULES: Registry[RollRule] = Registry("roll rules")


def roll_key(step: Step) -> str:
    """Which roll a dice step holds: a place's number, or the tag of a roll made elsewhere."""
    return str(step.place) if step.place else step.tag


def dice_of(step: Step) -> tuple[int, int]:
    return divmod(step.n % FLAG_UNIT, 10)


def dice_words(d: tuple[int, int]) -> str:
    """The dice in words: "3 and 5", or "a 3" for a roll of one die."""
    return f"{d[0]} and {d[1]}" if d[1] else f"a {d[0]}"


def flags_of(step: Step) -> int:
    return step.n // FLAG_UNIT


def settle_dice(tx: Tx, seat: int, place: int, d: tuple[int, int], tag: str, flags: int = 0) -> None:
    """The dice lie on the table: ask the player while the red tile or a module's rule may change
    them (a ``dice`` step), else pay what they bring. `place` 0: a roll made elsewhere, named by
    `tag` in `ROLLS`."""
    g = tx.g
    step = Step("dice", seat, place, d[0] * 10 + d[1] + FLAG_UNIT * flags, tag)
    if red_left(g, step) or any(rule.asks(g, step) for rule in ROLL_RULES.active(g.settings)):
        push(g, step)
    else:
        ROLLS[roll_key(step)].pay(tx, step, d)


def red_left(g: GameState, step: Step) -> bool:
    return not flags_of(step) & RED_DONE and "red" in g.players[step.actor].mosque_tiles


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


class PlaceRoll:
    """The Black Market's jewelry and the Tea House's Lira (tag: the call)."""

    def label(self, g: GameState, step: Step, d: tuple[int, int]) -> str:
        return outcome(step.place, d[0] + d[1], step.tag, room(g.players[step.actor], "blue"))

    def result(self, g: GameState, step: Step, d: tuple[int, int]) -> object:
        total = d[0] + d[1]
        return black_market_blue(total) if step.place == BLACK_MARKET else tea_house_lira(int(step.tag), total)

    def pay(self, tx: Tx, step: Step, d: tuple[int, int]) -> None:
        payout(tx, step.actor, step.place, d, step.tag)


ROLLS: dict[str, RollKind] = {str(BLACK_MARKET): PlaceRoll(), str(TEA_HOUSE): PlaceRoll()}


@register
class Dice(StepKind):
    """The dice lie on the table: keep them, use the red mosque tile once, or what a module's
    rule offers (n: the dice as 10a+b plus the flags, see `settle_dice`)."""

    name = "dice"
    decline = "ok"

    def hand_dependent(self, step: Step) -> bool:
        return True  # a module's rule may ask because of the hand: a lone "keep" is still asked

    def options(self, g: GameState, step: Step) -> list[Option]:
        d1, d2 = dice_of(step)
        kind = ROLLS[roll_key(step)]
        opts = [Option("ok", f"Keep {dice_words((d1, d2))}: {kind.label(g, step, (d1, d2))}")]
        if red_left(g, step):
            if d1 != RED_TILE_DIE:
                opts.append(Option("t.four1", f"Red tile: turn the {d1} into a 4: {kind.label(g, step, (RED_TILE_DIE, d2))}"))
            if d2 != RED_TILE_DIE:
                opts.append(Option("t.four2", f"Red tile: turn the {d2} into a 4: {kind.label(g, step, (d1, RED_TILE_DIE))}"))
            opts.append(Option("t.reroll", "Red tile: roll both dice again"))
        for rule in ROLL_RULES.active(g.settings):
            opts.extend(rule.options(g, step))
        return opts

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)} rolled {dice_words(dice_of(step))}."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        d1, d2 = dice_of(step)
        flags = flags_of(step)
        if code == "ok":
            ROLLS[roll_key(step)].pay(tx, step, (d1, d2))
            return
        if code in ("t.four1", "t.four2", "t.reroll"):
            if code == "t.four1":
                d1 = RED_TILE_DIE
            elif code == "t.four2":
                d2 = RED_TILE_DIE
            else:
                tx.emit("tile_used", step.actor, tile="red", act="reroll")
                d1, d2 = roll(tx)
            if code != "t.reroll":
                tx.emit("tile_used", step.actor, tile="red", act="four", dice=[d1, d2])
            settle_dice(tx, step.actor, step.place, (d1, d2), step.tag, flags | RED_DONE)
            return
        for rule in ROLL_RULES.active(tx.g.settings):
            if rule.resolve(tx, step, code):
                return
        raise IllegalChoice(code)
