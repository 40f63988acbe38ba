"""Guild cards #8 and #9: the dice, rolled as a roll of the player's own but never with the red
mosque tile (E-20): the step ``guild_dice`` and the two rolls it settles (`places.dice.ROLLS`)."""

from __future__ import annotations

from ..components import TEA_HOUSE, TEA_HOUSE_CALLS
from ..decision import Option, who
from ..decks import roll
from ..machine import StepKind, Tx, pop, push, register
from ..places.dice import RED_DONE, ROLLS, settle_dice
from ..state import GameState, Step
from ..texts import GOOD_NAMES
from ..wheelbarrow import gain_goods, lost_note
from . import data
from .guild_play import Body

# ---- the dice (#8, #9): never the red tile (E-20) -------------------------------------------------


@register
class GuildDice(StepKind):
    """#8: the 2 goods of one colour (then both dice for jewelry); #9: the Tea House's call (then
    both dice, the payout doubled). The red mosque tile never applies here (E-20)."""

    name = "guild_dice"
    module = data.MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        if step.n == data.GUILD_TEA_HOUSE:
            return [
                Option(f"n{k}", f"Call {k}: {data.guild9_lira(k, 12)} Lira if the dice reach it, else {data.guild9_lira(k, 2)}")
                for k in TEA_HOUSE_CALLS
            ]
        p = g.players[step.actor]
        return [
            Option(f"g.{c}", f"Take {data.GUILD8_GOODS} {GOOD_NAMES[c]}{lost_note(p, c)}, then roll for jewelry")
            for c in data.GUILD8_GOOD_CHOICES
        ]

    def prompt(self, g: GameState, step: Step) -> str:
        if step.n == data.GUILD_TEA_HOUSE:
            return f"{who(step.actor)}: name a number for the Tea House (double pay)."
        return f"{who(step.actor)}: choose the colour of your 2 goods."

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        seat = step.actor
        if step.n == data.GUILD_TEA_HOUSE:
            call = int(code[1:])
            tx.emit("call", seat, number=call)
            key = f"{GUILD9_ROLL}{call}"
        else:
            gain_goods(tx, seat, {code[2:]: data.GUILD8_GOODS}, why="guild")
            key = GUILD8_ROLL
        # the dice lie on the table like any roll of the player's own: never the red tile (E-20),
        # but a module's roll rule (the die-to-6 card) may change them
        settle_dice(tx, seat, 0, roll(tx), key, RED_DONE)


GUILD8_ROLL = "g8"  # the dice step's tag (its roll in places.dice.ROLLS) for guild card #8
GUILD9_ROLL = "g9."  # and for #9, followed by the call ("g9.7")


class JewelryRoll:
    """Guild card #8's roll: jewelry by the total (2-3 none, 4-6 one, 7-12 three)."""

    def label(self, g: GameState, step: Step, d: tuple[int, int]) -> str:
        blue = data.guild8_blue(d[0] + d[1])
        return f"{blue} jewelry{lost_note(g.players[step.actor], 'blue')}" if blue else "no jewelry"

    def result(self, g: GameState, step: Step, d: tuple[int, int]) -> object:
        return data.guild8_blue(d[0] + d[1])

    def pay(self, tx: Tx, step: Step, d: tuple[int, int]) -> None:
        blue = data.guild8_blue(d[0] + d[1])
        if blue:
            gain_goods(tx, step.actor, {"blue": blue}, why="guild")
        else:
            tx.emit("nothing", step.actor, total=d[0] + d[1])


class DoubleTeaHouseRoll:
    """Guild card #9's roll: the Tea House's payout for the call in the tag, doubled."""

    def _lira(self, step: Step, d: tuple[int, int]) -> int:
        return data.guild9_lira(int(step.tag[len(GUILD9_ROLL):]), d[0] + d[1])

    def label(self, g: GameState, step: Step, d: tuple[int, int]) -> str:
        return f"{self._lira(step, d)} Lira"

    def result(self, g: GameState, step: Step, d: tuple[int, int]) -> object:
        return self._lira(step, d)

    def pay(self, tx: Tx, step: Step, d: tuple[int, int]) -> None:
        gain_goods(tx, step.actor, {}, self._lira(step, d), why="guild")


ROLLS[GUILD8_ROLL] = JewelryRoll()
ROLLS.update((f"{GUILD9_ROLL}{call}", DoubleTeaHouseRoll()) for call in TEA_HOUSE_CALLS)


def dice(number: int) -> Body:
    def body(tx: Tx, seat: int) -> None:
        push(tx.g, Step("guild_dice", seat, TEA_HOUSE if number == data.GUILD_TEA_HOUSE else 0, number))

    return body


