"""Mocha & Baksheesh in the terminal (`:b` and the chooser's wheelbarrow in `play`), registered
with `board_text`'s hooks:

- under the grid, the module's places and the Barrier: the Guild Hall's pile and discard counts,
  the Tavern piles' top tiles and the Baksheesh side with what it asks, the Coffee House's rubies
  and next price, where the Barrier stands and who controls it;
- under each player's line: coffee, how many guild cards (a count for everyone, the view never
  shows another seat's cards) and the Tavern tiles owned;
- the chooser's own guild cards by name and code ("Any place (g12)"), playable as ``c.g12``;
- the keys of the module's options in `play` (`play_input.KEY_SHAPES`): the Movement tile's line
  ``t.mv.9`` as m9, the Barrier's edge ``e.7.8`` as 7-8.

Every line fits 80 columns; a long list of guild cards wraps.
"""

from __future__ import annotations

import textwrap
from collections import Counter

from bot.engine import View
from bot.engine.decks import deck_named
from bot.engine.mocha import data
from bot.engine.mocha.guild_deck import GUILD
from bot.engine.mocha.parts import BOARD, PLAYER, MochaBoard, MochaPlayer
from bot.engine.mocha.tavern_tiles import LINE_PREFIX
from bot.engine.mocha.texts import GUILD_CARD_NAMES, TAVERN_TILE_NAMES
from bot.engine.state import HIDDEN, Player
from bot.engine.texts import GOOD_NAMES

from .board_text import MODULE_LINES, PLAYER_LINES, WHEELBARROW_LINES, letter
from .play_input import KEY_SHAPES, KeyShape, PairShape

WIDTH = 80


def _board(v: View) -> MochaBoard | None:
    part = v.state.board.parts.get(BOARD)
    return part if isinstance(part, MochaBoard) else None


def _player(p: Player) -> MochaPlayer | None:
    part = p.parts.get(PLAYER)
    return part if isinstance(part, MochaPlayer) else None


def _pile(costs: tuple[int, ...]) -> str:
    return f"{costs[0]} coffee" if costs else "none left"


def _tiles(part: MochaPlayer | None) -> str:
    tiles = () if part is None else part.tavern_tiles
    return ", ".join(TAVERN_TILE_NAMES.get(t.rstrip("0123456789"), t).removesuffix(" tile") for t in tiles) or "none"


def place_lines(v: View) -> list[str]:
    b = _board(v)
    if b is None:
        return []
    g = v.state
    guild = deck_named(GUILD)
    asks = ", ".join(f"{n} {GOOD_NAMES[c]}" for c, n in data.baksheesh_goods(b.baksheesh).items())
    ruby = f"{b.coffee_house_rubies} rubies, next {data.coffee_house_price(b.coffee_house_rubies)} coffee" if (
        b.coffee_house_rubies) else "no rubies"
    lines = [
        f"18 Guild Hall: pile {len(guild.pile(g))}, discard {len(guild.discard(g))} | 20 Coffee House: {ruby}",
        f"19 Tavern: Movement tile {_pile(b.movement_tiles)}, Encounter tile {_pile(b.encounter_tiles)}",
        f"   Baksheesh side {b.baksheesh.upper()}: {data.BAKSHEESH_COFFEE} coffee + {asks} for a ruby",
    ]
    if b.barrier is None:
        lines.append("Barrier: beside the board")
    else:
        who = g.players[b.barrier_controller] if 0 <= b.barrier_controller < len(g.players) else None
        holder = f"{letter(who.colour)} ({who.colour}) may cross" if who else "nobody controls it"
        lines.append(f"Barrier: between {b.barrier[0]} and {b.barrier[1]}, {holder}")
    return lines


def player_lines(v: View, seat: int) -> list[str]:
    p = v.state.players[seat]
    part = _player(p)
    coffee = 0 if part is None else part.coffee
    guild = len(deck_named(GUILD).hand(p))
    return [f"   coffee {coffee}  guild cards {guild}  Tavern tiles: {_tiles(part)}"]


def own_guild_cards(v: View, seat: int) -> tuple[str, ...]:
    """The seat's guild cards when the view shows them (its own view), else none."""
    hand = deck_named(GUILD).hand(v.state.players[seat])
    return () if HIDDEN in hand else hand


def wheelbarrow_lines(v: View, seat: int) -> list[str]:
    p = v.state.players[seat]
    part = _player(p)
    coffee = 0 if part is None else part.coffee
    counts = Counter(own_guild_cards(v, seat))
    named = [
        f"{GUILD_CARD_NAMES[data.guild_number(c) or 0]}{f' x{n}' if n > 1 else ''} ({c})"
        for c, n in sorted(counts.items(), key=lambda cn: deck_named(GUILD).order(cn[0]))
    ]
    first = f"Coffee {coffee} | Tavern tiles: {_tiles(part)}"
    cards = "Guild cards: " + (", ".join(named) or "none")
    return [first, *textwrap.wrap(cards, WIDTH, subsequent_indent="  ")]


MODULE_LINES.add(place_lines, data.MODULE)
PLAYER_LINES.add(player_lines, data.MODULE)
WHEELBARROW_LINES.add(wheelbarrow_lines, data.MODULE)


# The terminal's keys (`play_input.KEY_SHAPES`): the Movement tile's line to 9 ("t.mv.9") is typed
# m9, so that the merchant's move there ("go.9") keeps 9; the Barrier's edge "e.7.8" is typed 7-8.
KEY_SHAPES.append(KeyShape(LINE_PREFIX, "", "m", "", "Movement tile"))
KEY_SHAPES.append(PairShape("e.", "edge"))
