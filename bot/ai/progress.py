"""How far a player is from their next ruby at each ruby source of the base game.

Each source gives a completion between 0 (nothing gathered) and 1 (the ruby can be taken on
arrival): the Sultan's Palace by the goods its next space asks for, the Gemstone Dealer by Lira
against its price, each Mosque by its two tiles (and the goods the missing tile needs), the
Wainwright by wheelbarrow extensions. Sources without rubies left are left out. A module adds its
own sources (`modules.ModuleValuation.sources`), ranked with these.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from bot.engine.components import (
    EXTENSION_PRICE,
    MAX_EXTENSIONS,
    MOSQUE_COLOURS,
    SMALL_MOSQUE,
    TILE_COLOURS,
    gemstone_price,
    sultan_price,
)
from bot.engine.state import Board, Player


@cache
def sultan_wants(rubies_left: int) -> tuple[tuple[int, int, int, int], int]:
    """The Sultan's next price (goods by colour, 'any' goods), remembered."""
    return sultan_price(rubies_left)


@cache
def sultan_shortfall(rubies_left: int, goods: tuple[int, int, int, int]) -> int:
    """Goods still missing for the Sultan's next ruby."""
    fixed, anys = sultan_wants(rubies_left)
    covered = sum(min(h, f) for h, f in zip(goods, fixed, strict=True))
    spare = sum(max(0, h - f) for h, f in zip(goods, fixed, strict=True))
    return sum(fixed) + anys - covered - min(anys, spare)


def sultan(board: Board, p: Player) -> float:
    left = board.sultan_rubies
    if not left:
        return 0.0
    fixed, anys = sultan_wants(left)
    return 1.0 - sultan_shortfall(left, p.goods) / (sum(fixed) + anys)


def gemstone(board: Board, p: Player) -> float:
    if not board.gemstone_rubies:
        return 0.0
    return min(1.0, p.lira / gemstone_price(board.gemstone_rubies))


def tile_within_reach(board: Board, p: Player, colour: str) -> float:
    """How close a mosque tile is: the goods of its colour against the tile's value (a tile above
    the wheelbarrow's capacity counts half); -1 when none is left."""
    stack = board.mosque_tiles[TILE_COLOURS.index(colour)]
    if not stack:
        return -1.0
    value = stack[0]
    reach = min(p.good(colour), value) / value
    return reach if value <= p.capacity else 0.5 * reach


def mosque(board: Board, p: Player, number: int) -> float:
    """A mosque's ruby takes two visits: with one tile owned, the other tile within reach means a
    ruby on arrival (1.0); with none owned, the two tiles count a quarter each."""
    if not board.mosque_rubies[0 if number == SMALL_MOSQUE else 1]:
        return 0.0
    missing = [c for c in MOSQUE_COLOURS[number] if c not in p.mosque_tiles]
    if not missing:
        return 0.0  # this player has taken this mosque's ruby already
    reach = [tile_within_reach(board, p, c) for c in missing]
    if min(reach) < 0:
        return 0.0
    if len(missing) == 1:
        return 0.5 + 0.5 * reach[0]
    return 0.25 * sum(reach)


def wainwright(board: Board, p: Player) -> float:
    if not board.wainwright_rubies or p.extensions >= MAX_EXTENSIONS:
        return 0.0
    if board.wainwright_extensions < MAX_EXTENSIONS - p.extensions:
        return 0.0
    saved = min(1.0, p.lira / EXTENSION_PRICE)
    return (p.extensions + 0.3 * saved) / MAX_EXTENSIONS


def completions(board: Board, p: Player, more: Iterable[float] = ()) -> list[float]:
    """Completion of every source (the base game's and `more`, the modules' own), best first."""
    found = [sultan(board, p), gemstone(board, p), wainwright(board, p)]
    found.extend(mosque(board, p, m) for m in MOSQUE_COLOURS)
    found.extend(more)
    found.sort(reverse=True)
    return found
