"""The Auction House (place 23; RULES-NOTES E-51, E-62): 1 good of one's choice, then 2 bonus
cards auctioned.

Its action is the good chosen directly (``g.<colour>``, never coffee). Then, unless the acting
player holds no Lira or no bonus card can be drawn (both piles empty), the auction runs at the
step ``auction_bid`` (a `choices.ValueChoice`: ``v.<lira>``, through ranges ``vr.<lira>`` when
there are more than 100 bids to offer): n=0 the acting player's opening bid (``v.1`` and up,
no pass), n=1 each other player in seat order, once (a strictly higher bid or ``pass``, the
default), n=2 the acting player's last word (asked only when somebody else leads). Nobody bids
more Lira than they hold. ``auction_end`` settles it: the highest bidder draws 2 bonus cards, or
the one card left when the piles hold only one (`lot_size`; every label and prompt names the lot
as it is) (named to them only) and pays the bid to the bank when it is the acting player, else to the
acting player. `LettersBoard.bid` / ``bidder`` hold the running auction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..choices import ValueChoice
from ..components import GOODS
from ..decision import Option, seat_ref, who
from ..decks import BONUS_DECK, can_draw, draw_card
from ..describe import GAIN_FROM, register_line
from ..invariants import register_invariant
from ..machine import StepKind, Tx, pop, push, register, round_of
from ..places import Place, place
from ..state import GameState, Step
from ..texts import GOOD_NAMES
from ..wheelbarrow import gain_goods, lost_note
from . import data
from .parts import letters_board, set_letters_board

MODULE = data.MODULE
WHY = "auction"
OPEN, RAISE, LAST = 0, 1, 2  # the bid step's n: the opening, another player's bid, the last word
PASS = "pass"

GAIN_FROM[WHY] = "at the Auction House"


def auction_possible(g: GameState, seat: int) -> bool:
    """Whether an auction follows the good: the acting player holds Lira (E-51) and a bonus card
    can be drawn."""
    return g.players[seat].lira >= data.AUCTION_MIN_BID and can_draw(g)


def lot_size(g: GameState) -> int:
    """How many bonus cards the auction sells: 2, or fewer when both piles together hold fewer
    (the winner draws what is there, E-34)."""
    return min(data.AUCTION_CARDS, len(BONUS_DECK.pile(g)) + len(BONUS_DECK.discard(g)))


def lot_words(g: GameState) -> str:
    """The lot as a player reads it: "2 bonus cards", "1 bonus card"."""
    n = lot_size(g)
    return f"{n} bonus card{'' if n == 1 else 's'}"


_GOOD_CODES = tuple(f"g.{c}" for c in GOODS)


@place
class AuctionHouse(Place):
    number = data.AUCTION_HOUSE

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        p = g.players[seat]
        then = f", then auction {lot_words(g)}" if auction_possible(g, seat) else ""
        return [Option(f"g.{c}", f"Take 1 {GOOD_NAMES[c]}{lost_note(p, c)}{then}") for c in GOODS]

    def codes(self, g: GameState, seat: int, step: Step) -> Sequence[str]:
        return _GOOD_CODES  # the codes of `options`, always open

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        g, seat = tx.g, step.actor
        gain_goods(tx, seat, {code[2:]: data.AUCTION_GOODS}, why=WHY)
        if not auction_possible(g, seat):
            tx.emit(
                "no_auction", seat, reason="lira" if g.players[seat].lira < data.AUCTION_MIN_BID else "cards"
            )
            return
        set_letters_board(g, bid=0, bidder=-1)
        push(
            g,
            Step("auction_bid", seat, data.AUCTION_HOUSE, OPEN),
            *round_of(g, "auction_bid", seat, data.AUCTION_HOUSE, RAISE, acting=False),
            Step("auction_last", seat, data.AUCTION_HOUSE),
            Step("auction_end", seat, data.AUCTION_HOUSE),
        )


def lot_phrase(g: GameState) -> str:
    board = letters_board(g)
    lot = f"{lot_words(g)} for sale"
    if board.bidder < 0:
        return f"{lot}, no bid yet"
    return f"{lot}, highest bid {board.bid} Lira by {seat_ref(board.bidder)}"


@register
class AuctionBid(ValueChoice):
    """One bid of the auction (n: OPEN, RAISE or LAST)."""

    name = "auction_bid"
    module = MODULE
    decline = PASS

    def lowest(self, g: GameState, step: Step) -> int:
        return data.AUCTION_MIN_BID if step.n == OPEN else letters_board(g).bid + 1

    def values(self, g: GameState, step: Step) -> Sequence[int]:
        lowest = self.lowest(g, step)
        if step.n == OPEN:
            lowest += 1  # the lowest opening is an extra option, listed first (the default)
        return range(lowest, g.players[step.actor].lira + 1)

    def value_label(self, g: GameState, step: Step, value: int) -> str:
        return f"Bid {value} Lira"

    def extra(self, g: GameState, step: Step) -> list[Option]:
        if step.n == OPEN:
            return [Option(f"v.{data.AUCTION_MIN_BID}", f"Open at {data.AUCTION_MIN_BID} Lira")]
        return [Option(PASS, "Pass")]

    def prompt(self, g: GameState, step: Step) -> str:
        lira = g.players[step.actor].lira
        if step.n == OPEN:
            ask = f"open the bidding: at least {data.AUCTION_MIN_BID} Lira, at most your {lira}"
        else:
            ask = f"bid more (you hold {lira} Lira) or pass"
        return f"{who(step.actor)}: Auction House, {lot_phrase(g)}: {ask}."

    def refusal(self, g: GameState, step: Step, code: str) -> str:
        if code.startswith("v.") and code[2:].isdigit():
            value, lira = int(code[2:]), g.players[step.actor].lira
            if value > lira:
                return f"You hold {lira} Lira: you cannot bid {value}."
            if value < self.lowest(g, step):
                return f"A bid must be at least {self.lowest(g, step)} Lira now."
        return ""

    def chosen(self, tx: Tx, step: Step, value: int) -> None:
        pop(tx.g)
        set_letters_board(tx.g, bid=value, bidder=step.actor)
        tx.emit("bid", step.actor, lira=value)

    def resolve_extra(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        tx.emit("bid_pass", step.actor)


@register
class AuctionLast(StepKind):
    """The acting player's last word, asked only when somebody else leads."""

    name = "auction_last"
    module = MODULE

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)
        if letters_board(tx.g).bidder != step.actor:
            push(tx.g, Step("auction_bid", step.actor, data.AUCTION_HOUSE, LAST))


@register
class AuctionEnd(StepKind):
    """The winner draws the cards and pays."""

    name = "auction_end"
    module = MODULE

    def run(self, tx: Tx, step: Step) -> None:
        g = tx.g
        pop(g)
        board = letters_board(g)
        winner, bid, seller = board.bidder, board.bid, step.actor
        set_letters_board(g, bid=0, bidder=-1)
        g.mut(winner).lira -= bid
        if winner != seller:
            g.mut(seller).lira += bid
        tx.emit("auction_won", winner, lira=bid, to=-1 if winner == seller else seller)
        for _ in range(data.AUCTION_CARDS):
            draw_card(tx, winner)


def _bid_line(who_: str, d: dict[str, Any], own: bool) -> str:
    return f"{who_} bid {d['lira']} Lira at the Auction House."


def _won_line(who_: str, d: dict[str, Any], own: bool) -> str:
    to = "the bank" if d["to"] < 0 else seat_ref(d["to"])
    return f"{who_} won the auction and paid {d['lira']} Lira to {to}."


def _no_auction_line(who_: str, d: dict[str, Any], own: bool) -> str:
    if d["reason"] == "lira":
        return f"{who_} holds no Lira: no auction at the Auction House."
    return "No bonus card is left to draw: no auction at the Auction House."


register_line("bid", _bid_line, MODULE)
register_line("bid_pass", lambda who_, d, own: f"{who_} passed at the auction.", MODULE)
register_line("auction_won", _won_line, MODULE)
register_line("no_auction", _no_auction_line, MODULE)


def _bid_only_during_the_auction(g: GameState) -> list[str]:
    board = letters_board(g)
    running = any(s.kind == "auction_end" for s in g.steps)
    if not running and (board.bid or board.bidder >= 0):
        return ["an auction bid stands with no auction running"]
    if board.bidder >= 0 and g.players[board.bidder].lira < board.bid:
        return [f"seat {board.bidder} bid {board.bid} Lira, more than it holds"]
    return []


register_invariant(_bid_only_during_the_auction, MODULE)
