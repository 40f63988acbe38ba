"""What one viewer may see, and full states dealt at random from what a viewer sees."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from . import chance
from .components import LARGE_DEMAND_TILES, SMALL_DEMAND_TILES
from .decks import BONUS_DECK, Deck, decks_in_play, holdings
from .registry import Registry
from .state import HIDDEN, GameState, LastMove


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
        """The bonus cards of a seat if the viewer may see them, else just how many."""
        cards = self.state.players[seat].cards
        return cards if seat == self.viewer else len(cards)

    def holdings(self, seat: int) -> dict[str, tuple[str, ...]]:
        """What a seat holds privately, by deck, as the viewer sees it (others' items are "?")."""
        return holdings(self.state, seat)


def _hide(items: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(items)


def view(state: GameState, viewer: int | None) -> View:
    g = state.copy()
    for deck in decks_in_play(g.settings):
        deck.set_pile(g, _hide(deck.pile(g)))
        if deck.private:
            for p in g.players:
                if p.seat != viewer:
                    deck.set_hand(p, _hide(deck.hand(p)))
    for part in HIDDEN_PARTS.active(g.settings):
        part.hide(g, viewer)
    g.rng_seed = 0
    g.rng_counter = 0
    g.script_dice = ()
    g.script_cards = ()
    g.script_draws = {}
    g.undo = None
    g.cache = None
    return View(viewer, g)


def determinize(v: View, seed: int) -> GameState:
    """A full state that looks exactly like `v` to its viewer; hidden parts dealt at random."""
    g = v.state.copy()
    # each deck and each hidden part shuffles with its own sub-seed: the bonus cards 0, the
    # hidden parts next (the demand tiles 1 and 2), then the other decks in play
    _redeal(g, BONUS_DECK, seed, 0)
    sub = 1
    for part in HIDDEN_PARTS.active(g.settings):
        sub = part.redeal(g, seed, sub)
    for deck in decks_in_play(g.settings):
        if deck is not BONUS_DECK:
            _redeal(g, deck, seed, sub)
            sub += 1
    g.rng_seed = seed
    g.rng_counter = sub
    return g


def _redeal(g: GameState, deck: Deck, seed: int, sub: int) -> None:
    """Deal the items of `deck` the view does not show (its pile, the hands it hides) at random."""
    unknown = Counter(deck.contents(g.settings))
    unknown.subtract(deck.discard(g))
    unknown.subtract(deck.face_up(g))
    for p in g.players:
        unknown.subtract(c for c in deck.hand(p) if c != HIDDEN)
    hidden = sum(deck.hand(p).count(HIDDEN) for p in g.players)
    unseen = tuple(sorted(unknown.elements()))
    # the pile is kept sorted (its order is drawn at each draw): with no hidden hand to fill, the
    # shuffle would only be sorted back, so it is skipped (the same deal, at no cost)
    pool = chance.shuffled(seed, sub, unseen) if hidden else unseen
    slots = hidden + len(deck.pile(g))
    if slots != len(pool) or any(n < 0 for n in unknown.values()):
        raise ValueError(f"the view's {deck.name} counts do not add up to the deck")
    at = 0
    for p in g.players:
        hand = deck.hand(p)
        k = hand.count(HIDDEN)
        if k:
            deck.set_hand(p, tuple(sorted([c for c in hand if c != HIDDEN] + list(pool[at : at + k]))))
            at += k
    deck.set_pile(g, tuple(sorted(pool[at:])))


class HiddenPart:
    """Something a view hides that is not a deck (the demand tiles below the top ones): how a view
    hides it, and how `determinize` deals it again (returning the next free sub-seed)."""

    def hide(self, g: GameState, viewer: int | None) -> None:
        raise NotImplementedError

    def redeal(self, g: GameState, seed: int, sub: int) -> int:
        raise NotImplementedError


class DemandTiles(HiddenPart):
    """The demand tiles below the top one of each market's stack."""

    def hide(self, g: GameState, viewer: int | None) -> None:
        b = g.wboard()
        b.small_demand = b.small_demand[:1] + _hide(b.small_demand[1:])
        b.large_demand = b.large_demand[:1] + _hide(b.large_demand[1:])

    def redeal(self, g: GameState, seed: int, sub: int) -> int:
        b = g.wboard()
        b.small_demand = b.small_demand[:1] + chance.shuffled(
            seed, sub, tuple(t for t in SMALL_DEMAND_TILES if t not in b.small_demand[:1])
        )
        b.large_demand = b.large_demand[:1] + chance.shuffled(
            seed, sub + 1, tuple(t for t in LARGE_DEMAND_TILES if t not in b.large_demand[:1])
        )
        return sub + 2


HIDDEN_PARTS: Registry[HiddenPart] = Registry("hidden parts")
HIDDEN_PARTS.add(DemandTiles(), "base")
