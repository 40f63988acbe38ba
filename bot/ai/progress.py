"""How far a player is from their next ruby at each ruby source of the base game.

Each source gives a completion between 0 (nothing gathered) and 1 (the ruby can be taken on
arrival): the Sultan's Palace by the goods its next space asks for, the Gemstone Dealer by Lira
against its price, each Mosque by its two tiles (and the goods the missing tile needs), the
Wainwright by wheelbarrow extensions. Sources without rubies left are left out.
"""

from __future__ import annotations

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


def sultan_shortfall(board: Board, goods: tuple[int, int, int, int]) -> tuple[int, int]:
    """(goods still missing for the Sultan's next ruby, goods the price asks in all)."""
    fixed, anys = sultan_price(board.sultan_rubies)
    covered = sum(min(h, f) for h, f in zip(goods, fixed, strict=True))
    spare = sum(max(0, h - f) for h, f in zip(goods, fixed, strict=True))
    need = sum(fixed) + anys
    return need - covered - min(anys, spare), need


def sultan(board: Board, p: Player) -> float:
    if not board.sultan_rubies:
        return 0.0
    missing, need = sultan_shortfall(board, p.goods)
    return 1.0 - missing / need


def gemstone(board: Board, p: Player) -> float:
    if not board.gemstone_rubies:
        return 0.0
    return min(1.0, p.lira / gemstone_price(board.gemstone_rubies))


def tile_within_reach(board: Board, p: Player, colour: str) -> float:
    """Progress towards one mosque tile: the goods of its colour against the tile's value (a
    tile above the wheelbarrow's capacity counts half)."""
    if colour in p.mosque_tiles:
        return 1.0
    stack = board.mosque_tiles[TILE_COLOURS.index(colour)]
    if not stack:
        return -1.0  # none left: that mosque's ruby is out of reach
    value = stack[0]
    have = p.good(colour)
    reach = min(have, value) / value
    return 0.9 * reach if value <= p.capacity else 0.4 * reach


def mosque(board: Board, p: Player, number: int) -> float:
    if not board.mosque_rubies[0 if number == SMALL_MOSQUE else 1]:
        return 0.0
    colours = MOSQUE_COLOURS[number]
    if all(c in p.mosque_tiles for c in colours):
        return 0.0  # this mosque's ruby is taken already
    parts = [tile_within_reach(board, p, c) for c in colours]
    if min(parts) < 0:
        return 0.0
    return sum(parts) / len(parts)


def wainwright(board: Board, p: Player) -> float:
    if not board.wainwright_rubies or p.extensions >= MAX_EXTENSIONS:
        return 0.0
    if board.wainwright_extensions < MAX_EXTENSIONS - p.extensions:
        return 0.0
    saved = min(1.0, p.lira / EXTENSION_PRICE)
    return (p.extensions + 0.3 * saved) / MAX_EXTENSIONS


def completions(board: Board, p: Player) -> list[float]:
    """Completion of every source, best first."""
    found = [
        sultan(board, p),
        gemstone(board, p),
        *(mosque(board, p, m) for m in MOSQUE_COLOURS),
        wainwright(board, p),
    ]
    return sorted(found, reverse=True)
