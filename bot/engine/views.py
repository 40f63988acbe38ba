"""What one viewer may see, and full states dealt at random from what a viewer sees."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from . import chance
from .components import LARGE_DEMAND_TILES, SMALL_DEMAND_TILES
from .setup import bonus_deck
from .state import HIDDEN, GameState, LastMove, Player


@dataclass(frozen=True, slots=True)
class View:
    """The game as `viewer` sees it (None = the public). `state` is the real state with every
    hidden part replaced by "?": other hands, the draw pile, demand tiles below the top ones,
    the generator and any chance script; the undo record is dropped."""

    viewer: int | None
    state: GameState

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def turn_player(self) -> int:
        return self.state.turn.player

    @property
    def start_player(self) -> int:
        return 0

    @property
    def last_move(self) -> LastMove | None:
        return self.state.last_move

    @property
    def finished(self) -> bool:
        return self.state.finished

    def hand(self, seat: int) -> tuple[str, ...] | int:
        """The cards of a seat if the viewer may see them, else just how many."""
        cards = self.state.players[seat].cards
        return cards if seat == self.viewer else len(cards)


def _hide(items: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(items)


def view(state: GameState, viewer: int | None) -> View:
    g = state.copy()
    for p in g.players:
        if p.seat != viewer:
            p.cards = _hide(p.cards)
    g.draw_pile = _hide(g.draw_pile)
    b = g.board
    b.small_demand = b.small_demand[:1] + _hide(b.small_demand[1:])
    b.large_demand = b.large_demand[:1] + _hide(b.large_demand[1:])
    g.rng_seed = 0
    g.rng_counter = 0
    g.script_dice = ()
    g.script_cards = ()
    g.undo = None
    g.cache = None
    return View(viewer, g)


def determinize(v: View, seed: int) -> GameState:
    """A full state that looks exactly like `v` to its viewer; hidden parts dealt at random."""
    g = v.state.copy()
    unknown = Counter(bonus_deck(g.settings))
    unknown.subtract(g.discard)
    for p in g.players:
        unknown.subtract(c for c in p.cards if c != HIDDEN)
    pool = tuple(sorted(unknown.elements()))
    pool = chance.shuffled(seed, 0, pool)
    slots = sum(p.cards.count(HIDDEN) for p in g.players) + len(g.draw_pile)
    if slots != len(pool):
        raise ValueError("the view's card counts do not add up to the deck")
    at = 0

    def deal(p: Player) -> None:
        nonlocal at
        k = p.cards.count(HIDDEN)
        if k:
            p.cards = tuple(sorted([c for c in p.cards if c != HIDDEN] + list(pool[at : at + k])))
            at += k

    for p in g.players:
        deal(p)
    g.draw_pile = tuple(sorted(pool[at:]))
    b = g.board
    b.small_demand = b.small_demand[:1] + chance.shuffled(
        seed, 1, tuple(t for t in SMALL_DEMAND_TILES if t not in b.small_demand[:1])
    )
    b.large_demand = b.large_demand[:1] + chance.shuffled(
        seed, 2, tuple(t for t in LARGE_DEMAND_TILES if t not in b.large_demand[:1])
    )
    g.rng_seed = seed
    g.rng_counter = 3
    return g
