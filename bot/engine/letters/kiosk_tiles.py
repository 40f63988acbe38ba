"""The 24 kiosk tiles carried out (components.md §13; RULES-NOTES E-50, E-47, E-44, E-22).

A tile's ways of use are `data.kiosk_options(tile, coffee)`: as printed when Mocha & Baksheesh is
in play too, with coffee ignored otherwise (l.531, E-50). A picked tile is used or not at the step
``kiosk_use`` (tag: the tile): ``u<i>`` carries out its way ``i`` (offered only when it can be
carried out whole), ``keep`` leaves it unused (the default, E-62). A payment that needs a choice
(a good, a bonus card, a letter) is asked next at ``kiosk_pay``: ``g.<colour>`` (``g.coffee``),
``d.<card>`` (private) or ``l.<place>`` / ``l.<place>.d`` (an undelivered / delivered letter);
a good of one's choice received at ``kiosk_good`` (``g.<colour>``, ``g.coffee``).

A bonus card given for a tile (K21, K24) goes face up onto the discard pile and is named in the
story to everyone, as every discard is (the pile is open and the copy card copies its top, E-35);
the cards left in the hand are never named. Gains follow the usual rules: goods within capacity (the rest is lost), bonus cards and letters
drawn from their piles, one die rolled by the picker for K16 (a ``dice`` step, tag "kiosk_die",
when a card may turn it: the active player's own roll, E-20), extensions bought with the
Wainwright's own function (at most 3, the third brings the Wainwright ruby: E-22). K15 sends the
picker's companion home (`companion_token.return_companion`); K19 puts the picker's merchant
stack on the Fountain, with no assistant collected and no Fountain action. When the token that
took this turn's action leaves its place that way, the turn's encounters there are skipped
(E-47): the turn keeps its last free moment, with no encounters.
"""

from __future__ import annotations

from typing import Any

from ..board import place_name
from ..components import FOUNTAIN, GOODS, MAX_EXTENSIONS
from ..decision import Option, who
from ..decks import can_draw, discard_card, draw_card, roll_dice
from ..describe import DISCARD_WHY, GAIN_FROM, PAID_TO, register_line
from ..encounters import skip_encounters
from ..machine import StepKind, Tx, pop, push, register
from ..mocha.bonus_cards import good_or_coffee_options, pay_good_or_coffee
from ..mocha.coffee import coffee_of
from ..places.dice import RED_DONE, ROLLS, settle_dice
from ..places.goods import add_extension
from ..state import GameState, Step
from ..texts import GOOD_NAMES, card_phrase, goods_phrase, join_and
from ..tokens import MERCHANT, OFF_BOARD
from ..wheelbarrow import gain_goods, goods_dict, lost_note, pay_goods
from . import data
from .bonus_cards import coffee_in_play
from .companion_token import COMPANION, return_companion
from .data import Bundle, Trade
from .letter_deck import LETTER_DECK, LETTERS_WHY, discard_letters, letter_phrase, receive_letters
from .parts import companion_place, letters_of
from .texts import KIOSK_NAMES, PLACE_NAMES, kiosk_text

MODULE = data.MODULE
WHY = "kiosk"
COFFEE = "coffee"

GAIN_FROM[WHY] = "from a kiosk tile"
DISCARD_WHY[WHY] = " for a kiosk tile"  # K21, K24: the card goes face up, named to everyone
PAID_TO[WHY] = "for a kiosk tile"
LETTERS_WHY[WHY] = "for a kiosk tile"


def trades(g: GameState, tile: str) -> tuple[Trade, ...]:
    """The ways to use `tile` in this game."""
    return data.kiosk_options(tile, coffee_in_play(g))


# -- what can be done ---------------------------------------------------------------------------


def can_pay(g: GameState, seat: int, pay: Bundle) -> bool:
    p = g.players[seat]
    goods = sum(p.goods)
    return (
        p.lira >= pay.lira
        and all(have >= need for have, need in zip(p.goods, pay.goods, strict=True))
        and goods >= pay.any_goods
        and goods + coffee_of(g, seat) >= pay.good_or_coffee
        and coffee_of(g, seat) >= pay.coffee
        and len(p.cards) >= pay.cards
        and len(letters_of(g, seat)) >= pay.letters
    )


def can_use(g: GameState, seat: int, trade: Trade) -> bool:
    """Whether `trade` can be carried out whole by `seat` now."""
    if not can_pay(g, seat, trade.pay):
        return False
    p, gain = g.players[seat], trade.gain
    if gain.extensions and (
        p.extensions + gain.extensions > MAX_EXTENSIONS or g.board.wainwright_extensions < gain.extensions
    ):
        return False
    if gain.cards and not can_draw(g):
        return False
    if gain.letters and not can_draw(g, LETTER_DECK):
        return False
    if trade.move == "companion_to_supply":
        return companion_place(g, seat) != OFF_BOARD
    if trade.move == "stack_to_fountain":
        return p.merchant != FOUNTAIN
    return True


def usable(g: GameState, seat: int, tile: str) -> bool:
    return any(can_use(g, seat, t) for t in trades(g, tile))


def pay_choice(pay: Bundle) -> bool:
    """Whether paying `pay` asks which good, card or letter."""
    return bool(pay.any_goods or pay.good_or_coffee or pay.cards or pay.letters)


# -- words ----------------------------------------------------------------------------------------


def bundle_phrase(b: Bundle) -> str:
    parts = [goods_phrase(goods_dict(b.goods))] if any(b.goods) else []
    if b.any_goods:
        parts.append(f"{b.any_goods} good of your choice")
    if b.good_or_coffee:
        parts.append(f"{b.good_or_coffee} good or coffee")
    if b.coffee:
        parts.append(f"{b.coffee} coffee")
    if b.lira:
        parts.append(f"{b.lira} Lira")
    if b.die_lira:
        parts.append("a die roll in Lira")
    if b.letters:
        parts.append(f"{b.letters} letter")
    if b.cards:
        parts.append(f"{b.cards} bonus card")
    if b.extensions:
        parts.append(f"{b.extensions} wheelbarrow extension")
    return join_and(parts) if parts else "nothing"


MOVE_LABELS = {
    "companion_to_supply": "Send your companion back to your supply",
    "stack_to_fountain": "Move your merchant stack to the Fountain",
}


def trade_label(trade: Trade) -> str:
    if trade.move:
        return MOVE_LABELS[trade.move]
    if trade.pay.is_empty():
        return f"Take {bundle_phrase(trade.gain)}"
    return f"Give {bundle_phrase(trade.pay)} for {bundle_phrase(trade.gain)}"


def where(place: int) -> str:
    """A place's name, the module's places included."""
    return PLACE_NAMES.get(place) or place_name(place)


def tile_of(step: Step) -> str:
    return step.tag


# -- carrying a tile out ------------------------------------------------------------------------------


def pay_fixed(tx: Tx, seat: int, pay: Bundle) -> None:
    """The part of a payment that asks nothing: given goods and Lira."""
    if any(pay.goods) or pay.lira:
        pay_goods(tx, seat, goods_dict(pay.goods), pay.lira, why=WHY)
    if pay.coffee:
        from ..mocha.coffee import pay_coffee

        pay_coffee(tx, seat, pay.coffee, WHY)


def gain(tx: Tx, seat: int, tile: str, trade: Trade) -> None:
    """What a tile gives, after its payment."""
    g, got = tx.g, trade.gain
    if trade.move == "companion_to_supply":
        source = companion_place(g, seat)
        return_companion(tx, seat, WHY)
        left_the_action(tx, seat, COMPANION.name, source)
    elif trade.move == "stack_to_fountain":
        stack_to_fountain(tx, seat)
    if any(got.goods) or got.lira:
        gain_goods(tx, seat, goods_dict(got.goods), got.lira, why=WHY)
    if got.coffee:
        from ..mocha.coffee import gain_coffee

        gain_coffee(tx, seat, got.coffee, WHY)
    if got.die_lira:
        d = roll_dice(tx, got.die_lira, seat)
        # through the dice step: the active player's own roll may be turned by a card (E-20); the
        # red mosque tile is for the Black Market and the Tea House only
        settle_dice(tx, seat, 0, (d[0], d[1] if len(d) > 1 else 0), DIE_LIRA, RED_DONE)
    for _ in range(got.cards):
        draw_card(tx, seat)
    if got.letters:
        receive_letters(tx, seat, got.letters)
    for _ in range(got.extensions):
        add_extension(tx, seat, 0)  # paid before (10 Lira or one good of each colour)
    if got.any_goods or got.good_or_coffee:
        push(g, Step("kiosk_good", seat, data.KIOSK, got.good_or_coffee, tile))


class DieLira:
    """K16's roll: as many Lira as the pips (a ``dice`` step with place 0 and tag "kiosk_die")."""

    def label(self, g: GameState, step: Step, d: tuple[int, int]) -> str:
        return f"{d[0] + d[1]} Lira"

    def result(self, g: GameState, step: Step, d: tuple[int, int]) -> object:
        return d[0] + d[1]

    def pay(self, tx: Tx, step: Step, d: tuple[int, int]) -> None:
        gain_goods(tx, step.actor, {}, d[0] + d[1], why=WHY)


DIE_LIRA = "kiosk_die"
ROLLS[DIE_LIRA] = DieLira()


def stack_to_fountain(tx: Tx, seat: int) -> None:
    """K19: the merchant stack (its assistants with it) to the Fountain, collecting nobody and
    taking no action there."""
    g = tx.g
    source = g.players[seat].merchant
    MERCHANT.put(g, seat, FOUNTAIN)
    tx.emit("move", seat, source=source, target=FOUNTAIN, how=WHY)
    left_the_action(tx, seat, MERCHANT.name, source)


def left_the_action(tx: Tx, seat: int, token: str, source: int) -> None:
    """When the token that ended this turn's move on `source` leaves it by a kiosk tile, the turn's
    encounters there are skipped (E-47); its last free moment stays, with nobody to meet."""
    g = tx.g
    move = g.last_move
    if g.turn.player != seat or move is None or (move.seat, move.token, move.target) != (seat, token, source):
        return
    if skip_encounters(g, seat, source):
        tx.emit("no_encounters", seat, place=source)


# -- the steps ------------------------------------------------------------------------------------


@register
class KioskUse(StepKind):
    """Carry out the picked tile (tag) one way, or leave it unused."""

    name = "kiosk_use"
    module = MODULE
    decline = "keep"

    KEEP = Option("keep", "Leave it unused")

    @staticmethod
    def _ways(g: GameState, step: Step) -> list[tuple[str, Trade]]:
        """The ways to use the picked tile open to the actor now, with their codes ``u<index>``."""
        return [(f"u{i}", t) for i, t in enumerate(trades(g, tile_of(step))) if can_use(g, step.actor, t)]

    def options(self, g: GameState, step: Step) -> list[Option]:
        return [*(Option(code, trade_label(t)) for code, t in self._ways(g, step)), self.KEEP]

    def codes(self, g: GameState, step: Step) -> list[str]:
        """The codes of `options`, in the same order, without the trades' labels (the playout path)."""
        return [*(code for code, _ in self._ways(g, step)), self.KEEP.code]

    def prompt(self, g: GameState, step: Step) -> str:
        tile = tile_of(step)
        return f"{who(step.actor)}: use {KIOSK_NAMES[tile]}? {kiosk_text(tile, coffee_in_play(g))}"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g, seat, tile = tx.g, step.actor, tile_of(step)
        pop(g)
        if code == "keep":
            tx.emit("kiosk_unused", seat, tile=tile)
            return
        i = int(code[1:])
        trade = trades(g, tile)[i]
        tx.emit("kiosk_used", seat, tile=tile)
        pay_fixed(tx, seat, trade.pay)
        if pay_choice(trade.pay):
            push(g, Step("kiosk_pay", seat, data.KIOSK, i, tile))
        else:
            gain(tx, seat, tile, trade)


@register
class KioskPay(StepKind):
    """The good, bonus card or letter a tile's payment asks for (way n of the tile in tag)."""

    name = "kiosk_pay"
    module = MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        seat = step.actor
        pay = trades(g, tile_of(step))[step.n].pay
        p = g.players[seat]
        out: list[Option] = []
        if pay.any_goods or pay.good_or_coffee:
            out += good_or_coffee_options(g, seat, coffee=bool(pay.good_or_coffee))
        if pay.cards:
            out += [Option(f"d.{c}", f"Discard {card_phrase(c)}", private=True) for c in sorted(set(p.cards))]
        if pay.letters:
            seen = sorted(set(letters_of(g, seat)))
            out += [
                Option(f"l.{place}{'.d' if done else ''}", _letter_label(place, done)) for place, done in seen
            ]
        return out

    def prompt(self, g: GameState, step: Step) -> str:
        trade = trades(g, tile_of(step))[step.n]
        return f"{who(step.actor)}: {KIOSK_NAMES[tile_of(step)]}: what do you give for {bundle_phrase(trade.gain)}?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        g, seat, tile = tx.g, step.actor, tile_of(step)
        pop(g)
        what, _, rest = code.partition(".")
        if what == "g":
            pay_good_or_coffee(tx, seat, code, WHY)
        elif what == "d":
            discard_card(tx, seat, rest, WHY)
        else:
            place, _, delivered = rest.partition(".")
            letter = (int(place), delivered == "d")
            discard_letters(tx, seat, [letters_of(g, seat).index(letter)], WHY)
        gain(tx, seat, tile, trades(g, tile)[step.n])


def _letter_label(place: int, delivered: bool) -> str:
    seals = data.letter_seals(delivered)
    return f"Give up {letter_phrase(place)}, {seals} seal{'s' if seals > 1 else ''}"


@register
class KioskGood(StepKind):
    """A good of one's choice from a tile (n=1: coffee may be chosen instead)."""

    name = "kiosk_good"
    module = MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        p = g.players[step.actor]
        out = [Option(f"g.{c}", f"Take 1 {GOOD_NAMES[c]}{lost_note(p, c)}") for c in GOODS]
        if step.n and coffee_in_play(g):
            out.append(Option(f"g.{COFFEE}", "Take 1 coffee"))
        return out

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: {KIOSK_NAMES[tile_of(step)]}: which good do you take?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        good = code[2:]
        if good == COFFEE:
            gain(tx, step.actor, tile_of(step), Trade(Bundle(coffee=1)))
        else:
            gain_goods(tx, step.actor, {good: 1}, why=WHY)


# -- the story ----------------------------------------------------------------------------------------


def _used_line(who_: str, d: dict[str, Any], own: bool) -> str:
    return f"{who_} used {KIOSK_NAMES.get(d['tile'], 'a kiosk tile')}."


def _unused_line(who_: str, d: dict[str, Any], own: bool) -> str:
    return f"{who_} left {KIOSK_NAMES.get(d['tile'], 'a kiosk tile')} unused."


def _no_encounters_line(who_: str, d: dict[str, Any], own: bool) -> str:
    return f"{who_} left {where(d['place'])} by a kiosk tile: no encounters there this turn."


register_line("kiosk_used", _used_line, MODULE)
register_line("kiosk_unused", _unused_line, MODULE)
register_line("no_encounters", _no_encounters_line, MODULE)
