"""What the next turn could bring: a rough gain, in Lira, for each place the merchant can reach.

The greedy player only searches its own turn, so where its merchant stops matters beyond what the
search sees. This module looks one move ahead without playing it: for each place within one or two
steps, whether its action could be taken (the engine's own options for that action) and what it
would be worth with the goods, Lira and tiles held now, less the fees to other merchants there; a
place where no assistant can be left is worth nothing (the turn ends).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from bot.engine.board import blocked_for, grid_of
from bot.engine.components import (
    BLACK_MARKET,
    CARAVANSARY,
    EXTENSION_PRICE,
    FABRIC_WAREHOUSE,
    FOUNTAIN,
    FRUIT_WAREHOUSE,
    GEMSTONE_DEALER,
    GOOD_INDEX,
    GOODS,
    GREAT_MOSQUE,
    LARGE_MARKET,
    MAX_EXTENSIONS,
    MERCHANT_FEE,
    MOSQUE_COLOURS,
    POLICE_STATION,
    POST_OFFICE,
    POST_OFFICE_REWARDS,
    SMALL_MARKET,
    SMALL_MOSQUE,
    SPICE_WAREHOUSE,
    SULTANS_PALACE,
    TEA_HOUSE,
    WAINWRIGHT,
    WAREHOUSE_GOOD,
)
from bot.engine.layouts import NO_EDGES, Edges, Grid
from bot.engine.movement import turn_goes_on_at
from bot.engine.places import PLACES
from bot.engine.places.markets import best_sale, demand, revenue
from bot.engine.state import GameState, Player, shared_step
from bot.engine.tokens import kinds_with

from . import values
from .modules import VALUATIONS, valuations
from .progress import sultan_wants
from .tea_house import best_call, expected_payout

Gain = Callable[[GameState, Player, int], float]


def nothing(g: GameState, p: Player, place: int) -> float:
    return 0.0


def action_codes(g: GameState, p: Player, place: int) -> Sequence[str]:
    """The codes the action at `place` would offer `p` now, as the engine decides them (none:
    the action cannot be taken); read with the place's `codes`, which builds no labels."""
    found = PLACES.get(place)
    return found.codes(g, p.seat, shared_step("action", p.seat, place)) if found else ()


def ruby_ready(g: GameState, p: Player, place: int) -> float:
    return values.READY_RUBY if action_codes(g, p, place) else 0.0


def if_possible(worth: float) -> Gain:
    """A place worth `worth` next turn whenever its action could be taken (a module's places)."""

    def gain(g: GameState, p: Player, place: int) -> float:
        return worth if action_codes(g, p, place) else 0.0

    return gain


def mosque_tile(g: GameState, p: Player, place: int) -> float:
    best = 0.0
    colours = MOSQUE_COLOURS[place]
    ruby_left = g.board.mosque_rubies[0 if place == SMALL_MOSQUE else 1] > 0
    for code in action_codes(g, p, place):  # m.<colour>: the tiles that can be taken
        colour = code[2:]
        gain = values.TILE_ABILITY[colour] + values.TILE_STEP
        if ruby_left and all(c in p.mosque_tiles for c in colours if c != colour):
            gain += values.READY_RUBY
        best = max(best, gain)
    return best


def wainwright(g: GameState, p: Player, place: int) -> float:
    if not action_codes(g, p, place):
        return 0.0
    gain = values.EXTENSION - EXTENSION_PRICE + values.EXTENSION_STEP
    if p.extensions == MAX_EXTENSIONS - 1 and g.board.wainwright_rubies:
        gain += values.READY_RUBY
    return gain


def warehouse(g: GameState, p: Player, place: int) -> float:
    colour = WAREHOUSE_GOOD[place]
    have = p.good(colour)
    gained = p.capacity - have
    left = g.board.sultan_rubies
    wanted = max(0, sultan_wants(left)[0][GOOD_INDEX[colour]] - have) if left else 0
    return gained * values.GOOD[colour] + min(gained, wanted) * values.WANTED_GOOD


def market(g: GameState, p: Player, place: int) -> float:
    counts = best_sale(p.goods, demand(g, place))
    sold = sum(counts)
    if not sold:
        return 0.0
    return revenue(place, sold) - sum(n * values.GOOD[c] for c, n in zip(GOODS, counts, strict=True))


def post_office(g: GameState, p: Player, place: int) -> float:
    goods, lira = POST_OFFICE_REWARDS[g.board.mail]
    return lira + sum(values.GOOD[c] for c in goods if p.good(c) < p.capacity)


def constant(gain: float) -> Gain:
    return lambda g, p, place: gain


def tea_house(g: GameState, p: Player, place: int) -> float:
    red = "red" in p.mosque_tiles
    return expected_payout(best_call(red), red)


def fountain(g: GameState, p: Player, place: int) -> float:
    return values.RECALL * len(p.assistants) if len(p.stack) <= 1 else 0.0


def police_station(g: GameState, p: Player, place: int) -> float:
    return values.FAMILY_ACTION if p.family == POLICE_STATION else 0.0


GAINS: dict[int, Gain] = {
    WAINWRIGHT: wainwright,
    FABRIC_WAREHOUSE: warehouse,
    SPICE_WAREHOUSE: warehouse,
    FRUIT_WAREHOUSE: warehouse,
    POST_OFFICE: post_office,
    CARAVANSARY: constant(values.CARAVANSARY),
    FOUNTAIN: fountain,
    BLACK_MARKET: constant(values.BLACK_MARKET),
    TEA_HOUSE: tea_house,
    LARGE_MARKET: market,
    SMALL_MARKET: market,
    POLICE_STATION: police_station,
    SULTANS_PALACE: ruby_ready,
    SMALL_MOSQUE: mosque_tile,
    GREAT_MOSQUE: mosque_tile,
    GEMSTONE_DEALER: ruby_ready,
}


@lru_cache(maxsize=1024)
def reachable(grid: Grid, place: int, blocked: Edges = NO_EDGES) -> tuple[int, ...]:
    """Places a normal move (one or two steps) reaches from `place`, around the edges `blocked`
    for the mover (the Barrier)."""
    return grid.within(place, 1, 2, blocked)


def next_turn(g: GameState, p: Player) -> float:
    """The best gain among the places the merchant can reach with a normal move: a place where
    the turn would end at the assistant step is worth nothing, and the fees to the merchants
    there are taken off (a place whose fees cannot be paid is worth nothing)."""
    best = 0.0
    gains = gains_of(g)
    owed = fees(g, p.seat)
    paid: dict[int, GameState] = {}
    for place in reachable(grid_of(g), p.merchant, blocked_for(g, p.seat)):
        if not turn_goes_on_at(g, p.seat, place):
            continue
        cost = owed.get(place, 0)
        if cost > p.lira:
            continue
        gain = gains.get(place, nothing)
        if gain is nothing:
            continue
        if cost:  # the action is weighed with the Lira left once the fees are paid
            after = paid.get(cost)
            if after is None:
                after = paid[cost] = after_fees(g, p.seat, cost)
            best = max(best, gain(after, after.players[p.seat], place) - cost)
        else:
            best = max(best, gain(g, p, place))
    return best


def after_fees(g: GameState, seat: int, cost: int) -> GameState:
    """`g` with `cost` Lira taken from `seat` (the engine's cheap copy: only that player is
    copied): a ruby or an extension priced at all the Lira held is out of reach once a fee is
    paid on arrival."""
    after = g.fork()
    after.mut(seat).lira -= cost
    return after


def fees(g: GameState, seat: int) -> dict[int, int]:
    """What `seat` would pay on arriving at each place (`movement.fee`'s cost; a place left out
    costs nothing), worked out for every place in one pass over the tokens: the tokens of the
    other players paid like a merchant, and the neutral merchants, 2 Lira each."""
    owed: dict[int, int] = {}
    kinds = kinds_with(g.settings, "paid")
    for q in g.players:
        if q.seat != seat:
            for kind in kinds:
                place = kind.where(q)
                owed[place] = owed.get(place, 0) + MERCHANT_FEE
    for place in g.board.neutral_merchants:
        owed[place] = owed.get(place, 0) + MERCHANT_FEE
    owed.pop(FOUNTAIN, None)  # nobody is paid at the Fountain
    return owed


_GAINS_OF: dict[tuple[tuple[str, ...], int], dict[int, Gain]] = {}


def gains_of(g: GameState) -> dict[int, Gain]:
    """The gains of every place in this game: the base game's and those its modules register."""
    key = (g.settings.expansions, len(VALUATIONS))  # a valuation registered later is seen
    found = _GAINS_OF.get(key)
    if found is None:
        found = dict(GAINS)
        for m in valuations(g.settings):
            found.update(m.gains)
        _GAINS_OF[key] = found
    return found
