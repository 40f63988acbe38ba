"""The 20 guild cards (components.md §9): when each may be played and what it does.

Each card is a `cards.CardPlay` of the deck ``guild`` (code ``c.g1`` ... ``c.g20``), offered in
the free window of the turn's movement step only (E-38: instead of phases 1-4, one per turn) and
only when every instruction can be carried out ("up to" and "if possible" parts are met by doing
nothing). Playing it starts a guild turn (`guild_hall.start_guild_turn`); the card's own choices
are the step kinds below. Remote actions carry the action-step tags ``guild`` (#12's place),
``g19`` (the Tavern, #19) and ``g20`` (the Coffee House, #20), all in `cards.REMOTE_TAGS`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..board import place_name
from ..cards import REMOTE_TAGS, CardPlay, register_card_play
from ..components import (
    FOUNTAIN,
    GEMSTONE_DEALER,
    GOOD_INDEX,
    GOODS,
    MAX_EXTENSIONS,
    MOSQUE_COLOURS,
    POLICE_STATION,
    SULTANS_PALACE,
    TEA_HOUSE,
    TEA_HOUSE_CALLS,
    TILE_COLOURS,
)
from ..decision import Option, who
from ..decks import BONUS_DECK, can_draw, draw_card, roll
from ..machine import StepKind, Tx, pop, push, register
from ..places import PLACES, can_act, perform
from ..places.dice import RED_DONE, ROLLS, settle_dice
from ..places.goods import add_extension
from ..places.rubies import next_price, ruby_track, take_mosque_tile, take_track_ruby
from ..state import GameState, Step
from ..texts import GOOD_NAMES
from ..tokens import MERCHANT, move_token
from ..turn import grant_extra_turn
from ..wheelbarrow import gain_goods, lost_note, pay_goods, room
from . import data
from .coffee import coffee_of, gain_coffee
from .guild_deck import GUILD_DECK
from .guild_hall import guild_label, start_guild_turn

GUILD_ACTION = "guild"  # the action-step tag of #12's place (and the red tile's bar, E-20)
REMOTE_TAGS.update({GUILD_ACTION, "g19", "g20"})
MOVE_STEP = frozenset({"move"})

Body = Callable[[Tx, int], None]
Check = Callable[[GameState, int], bool]


def _anyway(g: GameState, seat: int) -> bool:
    return True


def guild_card(number: int, body: Body, can: Check = _anyway) -> CardPlay:
    """Register guild card `number`: playable at the turn's movement step when `can` says every
    instruction can be carried out; `body` does what it says once the guild turn has begun."""

    def playable(g: GameState, seat: int, step: Step, act: Sequence[Option]) -> bool:
        return step.kind == "move" and can(g, seat)

    def effect(tx: Tx, seat: int, step: Step, final: bool) -> None:
        start_guild_turn(tx, seat, step)
        body(tx, seat)

    code = data.guild_code(number)
    play = CardPlay(
        code, effect, deck=GUILD_DECK.name, window=MOVE_STEP, playable=playable, label=f"Play {guild_label(code)}"
    )
    return register_card_play(play, data.MODULE)


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


def _fill(colour: str) -> Body:
    def body(tx: Tx, seat: int) -> None:
        gain_goods(tx, seat, {colour: room(tx.g.players[seat], colour)}, why="guild")  # nothing lost
        push(tx.g, Step("guild_goods", seat, 0, data.GUILD_DIFFERENT_GOODS[GOODS_CARD[colour]]))

    return body


GOODS_CARD = {colour: number for number, colour in data.GUILD_FILL.items()}


def _lira_and_goods(tx: Tx, seat: int) -> None:
    gain_goods(tx, seat, {}, data.GUILD_LIRA[5], why="guild")
    push(tx.g, Step("guild_goods", seat, 0, data.GUILD_DIFFERENT_GOODS[5]))


# ---- cards, the Fountain, trades (#1, #6, #7, #10, #11) ------------------------------------------


def _extension(tx: Tx, seat: int) -> None:
    for _ in range(data.GUILD_EXTENSIONS[1]):
        add_extension(tx, seat, 0)  # the third one brings the Wainwright ruby (E-22)


def _can_extend(g: GameState, seat: int) -> bool:
    return g.players[seat].extensions < MAX_EXTENSIONS and g.board.wainwright_extensions > 0


def _bonus_cards(tx: Tx, seat: int) -> None:
    for _ in range(data.GUILD_BONUS_DRAW[6]):
        draw_card(tx, seat, BONUS_DECK)  # as many as the piles hold (E-34)


def _any_bonus_card(g: GameState, seat: int) -> bool:
    return can_draw(g, BONUS_DECK)


def _fountain(tx: Tx, seat: int) -> None:
    """The stack (a teleport, E-11) and any own assistants to the Fountain, then another turn.
    Not the Fountain's action (E-38): no action hooks run."""
    source = move_token(tx.g, seat, MERCHANT, FOUNTAIN)
    if source != FOUNTAIN:
        tx.emit("move", seat, source=source, target=FOUNTAIN, how="guild")
    grant_extra_turn(tx.g)
    push(tx.g, Step("fountain", seat, FOUNTAIN))  # which assistants come along (any number)


def _trade(number: int) -> tuple[Body, Check]:
    counts, lira = data.GUILD_TRADES[number]
    goods = {c: k for c, k in zip(GOODS, counts, strict=True) if k}

    def body(tx: Tx, seat: int) -> None:
        pay_goods(tx, seat, goods, why="guild")
        gain_goods(tx, seat, {}, lira, why="guild")

    def can(g: GameState, seat: int) -> bool:
        have = g.players[seat].goods
        return all(have[GOOD_INDEX[c]] >= k for c, k in goods.items())

    return body, can


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


def _dice(number: int) -> Body:
    def body(tx: Tx, seat: int) -> None:
        push(tx.g, Step("guild_dice", seat, TEA_HOUSE if number == data.GUILD_TEA_HOUSE else 0, number))

    return body


# ---- any place (#12) -------------------------------------------------------------------------


def _remote(g: GameState, seat: int, where: int, tag: str = GUILD_ACTION) -> Step:
    return Step("action", seat, where, 0, tag)


def _acting_places(g: GameState, seat: int) -> list[int]:
    return [q for q in sorted(g.layout) if can_act(g, seat, q, _remote(g, seat, q))]


@register
class GuildPlace(StepKind):
    """#12: choose the place (`place` 0) whose action to carry out, then its option (`place`)."""

    name = "guild_place"
    module = data.MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        seat = step.actor
        if step.place:
            return list(PLACES[step.place].options(g, seat, _remote(g, seat, step.place)))
        return [Option(f"p.{q}", f"Carry out the action of {place_name(q)} ({q})") for q in _acting_places(g, seat)]

    def prompt(self, g: GameState, step: Step) -> str:
        if step.place:
            return f"{who(step.actor)}: {place_name(step.place)} — how do you carry out its action?"
        return f"{who(step.actor)}: which place's action do you carry out?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        seat = step.actor
        if not step.place:
            push(tx.g, Step("guild_place", seat, int(code[2:])))
            return
        perform(tx, _remote(tx.g, seat, step.place), code)


@register
class GuildFamilyHome(StepKind):
    """#12's last instruction: the family member back to the Police Station if it can, no reward."""

    name = "guild_family"
    module = data.MODULE

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)
        if tx.g.players[step.actor].family != POLICE_STATION:
            tx.g.mut(step.actor).family = POLICE_STATION
            tx.emit("family_home", step.actor)


def _any_place(tx: Tx, seat: int) -> None:
    push(tx.g, Step("guild_place", seat), Step("guild_family", seat))


def _some_place(g: GameState, seat: int) -> bool:
    return bool(_acting_places(g, seat))


# ---- rubies and mosque tiles (#13-#16) ------------------------------------------------------------

SULTAN_GOODS = data.GUILD_SULTAN_GOODS[13]


def _sultan(tx: Tx, seat: int) -> None:
    push(tx.g, Step("sultan_any", seat, SULTANS_PALACE, SULTAN_GOODS))  # any goods, never coffee


def _can_sultan(g: GameState, seat: int) -> bool:
    return next_price(g, SULTANS_PALACE) is not None and sum(g.players[seat].goods) >= SULTAN_GOODS


def _mosque_colours(g: GameState, seat: int, mosque: int) -> list[str]:
    """The tiles of that mosque the seat lacks, still there, with 1 good of its colour to pay (E-38)."""
    p = g.players[seat]
    return [
        c
        for c in MOSQUE_COLOURS[mosque]
        if c not in p.mosque_tiles and g.board.mosque_tiles[TILE_COLOURS.index(c)] and p.good(c) >= 1
    ]


@register
class GuildMosque(StepKind):
    """#14/#15: which tile of that mosque (`place`), paying 1 good of its colour."""

    name = "guild_mosque"
    module = data.MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        return [
            Option(f"m.{c}", f"Take the {c} mosque tile for 1 {GOOD_NAMES[c]}")
            for c in _mosque_colours(g, step.actor, step.place)
        ]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: which mosque tile do you take?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        take_mosque_tile(tx, step.actor, code[2:])


def _mosque(number: int) -> tuple[Body, Check]:
    mosque = data.GUILD_MOSQUE[number]

    def body(tx: Tx, seat: int) -> None:
        push(tx.g, Step("guild_mosque", seat, mosque))

    def can(g: GameState, seat: int) -> bool:
        return bool(_mosque_colours(g, seat, mosque))

    return body, can


GEM_LIRA = data.GUILD_GEMSTONE_LIRA[16]


def _gemstone(tx: Tx, seat: int) -> None:
    pay_goods(tx, seat, {}, GEM_LIRA, why="guild")
    take_track_ruby(tx, seat, GEMSTONE_DEALER)
    gain_coffee(tx, seat, tx.g.players[seat].rubies, "guild")  # counted with the new ruby (E-38)


def _can_gemstone(g: GameState, seat: int) -> bool:
    return ruby_track(GEMSTONE_DEALER).left(g) > 0 and g.players[seat].lira >= GEM_LIRA


# ---- coffee and guild cards (#17, #18) -------------------------------------------------------------


def _coffee(tx: Tx, seat: int) -> None:
    gain_coffee(tx, seat, data.GUILD_COFFEE[17], "guild")


def _coffee_and_guild(tx: Tx, seat: int) -> None:
    gain_coffee(tx, seat, data.GUILD_COFFEE[18], "guild")
    for _ in range(data.GUILD_GUILD_DRAW[18]):
        draw_card(tx, seat, GUILD_DECK)  # the pile is refilled from the discard pile (E-39)


# ---- the Tavern and the Coffee House from afar (#19, #20) ------------------------------------------


def _tavern(tx: Tx, seat: int) -> None:
    push(tx.g, _remote(tx.g, seat, data.TAVERN, "g19"))  # the Tavern applies the discount


def _can_tavern(g: GameState, seat: int) -> bool:
    return data.TAVERN in g.layout and can_act(g, seat, data.TAVERN, _remote(g, seat, data.TAVERN, "g19"))


def _coffee_house(tx: Tx, seat: int) -> None:
    push(tx.g, _remote(tx.g, seat, data.COFFEE_HOUSE, "g20"))  # the Coffee House halves its price


def _can_coffee_house(g: GameState, seat: int) -> bool:
    left = ruby_track(data.COFFEE_HOUSE).left(g)
    return (
        left > 0
        and coffee_of(g, seat) >= data.guild20_coffee(left)
        and can_act(g, seat, data.COFFEE_HOUSE, _remote(g, seat, data.COFFEE_HOUSE, "g20"))
    )


# ---- the registrations ----------------------------------------------------------------------------

guild_card(1, _extension, _can_extend)
for _colour, _number in GOODS_CARD.items():
    guild_card(_number, _fill(_colour))
guild_card(5, _lira_and_goods)
guild_card(6, _bonus_cards, _any_bonus_card)
guild_card(7, _fountain)
guild_card(8, _dice(8))
guild_card(9, _dice(9))
guild_card(10, *_trade(10))
guild_card(11, *_trade(11))
guild_card(12, _any_place, _some_place)
guild_card(13, _sultan, _can_sultan)
guild_card(14, *_mosque(14))
guild_card(15, *_mosque(15))
guild_card(16, _gemstone, _can_gemstone)
guild_card(17, _coffee)
guild_card(18, _coffee_and_guild)
guild_card(19, _tavern, _can_tavern)
guild_card(20, _coffee_house, _can_coffee_house)
