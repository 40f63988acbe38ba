"""Guild cards that give or trade goods, Lira, extensions, cards and coffee (#1-#6, #10, #11,
#17, #18), and the step ``guild_goods`` of the goods of different colours (#2-#5)."""

from __future__ import annotations

from ..components import GOOD_INDEX, GOODS, MAX_EXTENSIONS
from ..decision import Option, who
from ..decks import BONUS_DECK, can_draw, draw_card
from ..machine import StepKind, Tx, pop, push, register
from ..places.goods import add_extension
from ..state import GameState, Step
from ..texts import GOOD_NAMES
from ..wheelbarrow import gain_goods, lost_note, pay_goods, room
from . import data
from .coffee import gain_coffee
from .guild_deck import GUILD_DECK
from .guild_play import Body, Check

# ---- goods of different colours (#2-#5) -----------------------------------------------------------


@register
class GuildGoods(StepKind):
    """Up to `n` goods more, each of a colour not taken yet here (`tag`: the colours taken, by
    their first letters); coffee is never one of them."""

    name = "guild_goods"
    module = data.MODULE
    decline = "done"

    def options(self, g: GameState, step: Step) -> list[Option] | None:
        p = g.players[step.actor]
        left = [c for c in GOODS if c[0] not in step.tag]
        if step.n <= 0 or not left:
            return None
        opts = [Option(f"g.{c}", f"Take 1 {GOOD_NAMES[c]}{lost_note(p, c)}") for c in left]
        return opts + [Option("done", "No more goods")]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: take up to {step.n} more goods, each of another colour."

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        if code == "done":
            return
        colour = code[2:]
        gain_goods(tx, step.actor, {colour: 1}, why="guild")
        push(tx.g, Step("guild_goods", step.actor, 0, step.n - 1, step.tag + colour[0]))


def fill(colour: str) -> Body:
    def body(tx: Tx, seat: int) -> None:
        gain_goods(tx, seat, {colour: room(tx.g.players[seat], colour)}, why="guild")  # nothing lost
        push(tx.g, Step("guild_goods", seat, 0, data.GUILD_DIFFERENT_GOODS[GOODS_CARD[colour]]))

    return body


GOODS_CARD = {colour: number for number, colour in data.GUILD_FILL.items()}


def lira_and_goods(tx: Tx, seat: int) -> None:
    gain_goods(tx, seat, {}, data.GUILD_LIRA[5], why="guild")
    push(tx.g, Step("guild_goods", seat, 0, data.GUILD_DIFFERENT_GOODS[5]))


# ---- extensions, bonus cards, trades (#1, #6, #10, #11) ------------------------------------------


def extension(tx: Tx, seat: int) -> None:
    for _ in range(data.GUILD_EXTENSIONS[1]):
        add_extension(tx, seat, 0)  # the third one brings the Wainwright ruby (E-22)


def can_extend(g: GameState, seat: int) -> bool:
    return g.players[seat].extensions < MAX_EXTENSIONS and g.board.wainwright_extensions > 0


def bonus_cards(tx: Tx, seat: int) -> None:
    for _ in range(data.GUILD_BONUS_DRAW[6]):
        draw_card(tx, seat, BONUS_DECK)  # as many as the piles hold (E-34)


def any_bonus_card(g: GameState, seat: int) -> bool:
    return can_draw(g, BONUS_DECK)


def trade(number: int) -> tuple[Body, Check]:
    counts, lira = data.GUILD_TRADES[number]
    goods = {c: k for c, k in zip(GOODS, counts, strict=True) if k}

    def body(tx: Tx, seat: int) -> None:
        pay_goods(tx, seat, goods, why="guild")
        gain_goods(tx, seat, {}, lira, why="guild")

    def can(g: GameState, seat: int) -> bool:
        have = g.players[seat].goods
        return all(have[GOOD_INDEX[c]] >= k for c, k in goods.items())

    return body, can


# ---- coffee and guild cards (#17, #18) -------------------------------------------------------------


def coffee(tx: Tx, seat: int) -> None:
    gain_coffee(tx, seat, data.GUILD_COFFEE[17], "guild")


def coffee_and_guild(tx: Tx, seat: int) -> None:
    gain_coffee(tx, seat, data.GUILD_COFFEE[18], "guild")
    for _ in range(data.GUILD_GUILD_DRAW[18]):
        draw_card(tx, seat, GUILD_DECK)  # the pile is refilled from the discard pile (E-39)


