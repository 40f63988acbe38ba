"""Setting up a new game (rulebook "Setup", components.md §15)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from . import chance
from .components import (
    ASSISTANTS_AT_START,
    COLOURS,
    EXTENSIONS_PER_PLAYER,
    FOUNTAIN,
    LARGE_DEMAND_TILES,
    NEUTRAL_MERCHANT_PLACES,
    POLICE_STATION,
    RUBIES_IN_BOX,
    SMALL_DEMAND_TILES,
    START_LIRA,
    TILE_COLOURS,
    gemstone_rubies_at_setup,
    mosque_rubies_at_setup,
    mosque_tile_values,
    sultan_rubies_at_setup,
)
from .decks import decks_in_play, draw_card
from .encounters import relocate
from .machine import Tx, push, settle
from .modules import bonus_cards_of, grid_for
from .registry import Registry
from .settings import GameSettings
from .state import Board, GameState, Player, Step, Turn
from .tokens import NEUTRAL_TOKENS

# What a module adds to a new game before its decks are filled and its neutral tokens placed: its
# parts of the board and of each player (Mocha & Baksheesh: the Coffee House rubies, the Tavern
# piles, each player's coffee). Called with the state being built, in registration order.
SETUPS: Registry[Callable[[GameState], None]] = Registry("set-ups")


def bonus_deck(settings: GameSettings) -> tuple[str, ...]:
    """The bonus cards of a game, sorted: every module in play adds its own (components.md §8)."""
    cards = bonus_cards_of(settings.expansions, settings.rules.ls_bonus_deck)
    return tuple(sorted(k for k, n in cards.items() for _ in range(n)))


def new_game(settings: GameSettings, players: Sequence[str], seed: int) -> GameState:
    """A fresh game. `players` are the seats' colours in turn order; seat 0 is the start player."""
    n = settings.players
    colours = list(players)
    if len(colours) != n:
        raise ValueError(f"{n} players need {n} colours, got {len(colours)}")
    if len(set(colours)) != n or any(c not in COLOURS for c in colours):
        raise ValueError(f"colours must be distinct, from {', '.join(COLOURS)}")
    counter = 0
    subdraws = [0]

    def draw(k: int) -> int:
        subdraws[0] += 1
        return chance.outcome(seed, counter, subdraws[0]) % k

    grid = grid_for(settings.expansions, settings.layout, draw)
    counter += 1
    small = chance.shuffled(seed, counter, tuple(SMALL_DEMAND_TILES))
    counter += 1
    large = chance.shuffled(seed, counter, tuple(LARGE_DEMAND_TILES))
    counter += 1
    stack = "o" * ASSISTANTS_AT_START
    if settings.neutral_assistants:
        stack = stack[:-1] + "n"
    seats = [
        Player(
            seat=i,
            colour=colours[i],
            merchant=FOUNTAIN,
            stack=stack,
            assistants=(),
            family=POLICE_STATION,
            lira=START_LIRA + i,
            goods=(0, 0, 0, 0),
            extensions=0,
            rubies=0,
            mosque_tiles=(),
            cards=(),
        )
        for i in range(n)
    ]
    values = mosque_tile_values(n)
    unused = [c for c in COLOURS if c not in colours]
    neutral = unused[: len(NEUTRAL_MERCHANT_PLACES)] if n == 2 else []
    board = Board(
        wainwright_extensions=EXTENSIONS_PER_PLAYER * n,
        wainwright_rubies=n,
        mail=0,
        small_demand=small,
        large_demand=large,
        sultan_rubies=sultan_rubies_at_setup(n),
        gemstone_rubies=gemstone_rubies_at_setup(n),
        mosque_tiles=tuple(values for _ in TILE_COLOURS),
        mosque_rubies=(mosque_rubies_at_setup(n), mosque_rubies_at_setup(n)),
        governor=0,
        smuggler=0,
        neutral_merchants=NEUTRAL_MERCHANT_PLACES[: len(neutral)],
        neutral_colours=tuple(neutral),
        neutral_assistants=(),
        ruby_supply=0,
        caravan_leader=-1,
    )
    on_board = (
        board.wainwright_rubies + sum(board.mosque_rubies) + board.sultan_rubies + board.gemstone_rubies
    )
    board.ruby_supply = RUBIES_IN_BOX - on_board
    g = GameState(
        settings=settings,
        width=grid.width,
        layout=grid.places,
        players=seats,
        board=board,
        draw_pile=(),
        discard=(),
        steps=(),
        turn=Turn(player=0, start=FOUNTAIN),
        round=1,
        turns=0,
        decision_id=0,
        end_triggered=False,
        finished=False,
        last_move=None,
        rng_seed=seed,
        rng_counter=counter,
    )
    for module_setup in SETUPS.active(settings):
        module_setup(g)
    for deck in decks_in_play(settings):
        deck.set_pile(g, deck.contents(settings))
    tx = Tx(g)
    for token in NEUTRAL_TOKENS.in_play(settings):  # the dice place each neutral token
        relocate(tx, None, token)
    for seat in range(n):
        draw_card(tx, seat)
    push(g, Step("turn", 0))
    settle(tx)
    return g
