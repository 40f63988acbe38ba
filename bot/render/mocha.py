"""What only Mocha & Baksheesh draws, registered with the pictures' hooks (games without the
module never see any of it).

- The places' state (`places.MODULE_STATES`): the Guild Hall's face-down pile and discard pile
  (counts only: the pile is hidden, the discard pile's faces are in the log), the Tavern's two tile
  piles (the coffee cost of each top tile, "–" once empty) and the Baksheesh tile's side with
  what it asks, the
  Coffee House's rubies left and the next ruby's price in coffee. The Roasting Plant has none.
- The Barrier (`board.OVERLAYS`): a bar across the edge between its two places, with a disc in
  its controller's colour and letter on it ("–" on a grey disc while nobody controls it); a
  sentence in the board's alt text (`board.ALT_SENTENCES`).
- Each player's strip (`players.MODULE_FIGURE_ROWS`): coffee, how many guild cards (never which)
  and the Tavern tiles owned; the same in the alt text (`players.ALT_PARTS`).
- The private image shows the guild cards with their texts by itself (every private deck in play
  gets a section there); this module gives them their band colour.

The Coffee trader is a neutral token of the engine (`tokens.NEUTRAL_TOKENS`): the board draws it
like any module's neutral token, named on its tile.
"""

from __future__ import annotations

from ..engine.decks import deck_named
from ..engine.mocha import data
from ..engine.mocha.guild_deck import GUILD
from ..engine.mocha.parts import BOARD, PLAYER, MochaBoard, MochaPlayer
from ..engine.mocha.texts import TAVERN_TILE_NAMES
from ..engine.state import GameState, Player
from ..engine.texts import PLACE_NAMES
from . import board, legend, places, players, private, style
from . import mocha_tiles as _mocha_tiles  # noqa: F401  (the places' tile symbols)
from .layout import Box, Placed
from .shapes import Look, Spec

__all__ = ["BARRIER_FILL", "COFFEE_FILL", "GUILD_BAND", "barrier_items", "mocha_figures"]

COFFEE_FILL: style.RGB = (111, 72, 40)  # roasted coffee
GUILD_BAND: style.RGB = (64, 96, 120)  # the guild cards' band in the private image
BARRIER_FILL: style.RGB = (60, 40, 30)
BARRIER_EDGE = style.HIGHLIGHT
BAR = 12  # the Barrier's thickness across its edge (the gap between tiles is 8 px)
CONTROL = 34  # the controller's disc
CONTROL_TEXT = 18


def _board_part(g: GameState) -> MochaBoard | None:
    part = g.board.parts.get(BOARD)
    return part if isinstance(part, MochaBoard) else None


def _player_part(p: Player) -> MochaPlayer | None:
    part = p.parts.get(PLAYER)
    return part if isinstance(part, MochaPlayer) else None


# -- the places ------------------------------------------------------------------------------------


def _guild_hall(pile: int, discard: int) -> list[Spec]:
    return [places.state_text("guild.pile", f"guild pile: {pile}"),
            places.state_text("guild.discard", f"discarded: {discard}")]  # fmt: skip


def _tavern_pile(kind: str, costs: tuple[int, ...], join: bool) -> Spec:
    """A chip per Tavern pile with the coffee cost of its top tile ("Movement 2"); a grey
    "Movement –" once the pile is empty."""
    name = TAVERN_TILE_NAMES[kind].removesuffix(" tile")
    if not costs:
        return places.state_chip(f"tavern.{kind}", f"{name} –", style.EMPTY_CHIP, join=join)
    return places.state_chip(f"tavern.{kind}", f"{name} {costs[0]}", COFFEE_FILL, join=join)


def _tavern(movement: tuple[int, ...], encounter: tuple[int, ...], side: data.BaksheeshSide) -> list[Spec]:
    goods = [colour for colour, n in data.baksheesh_goods(side).items() for _ in range(n)]
    return [
        _tavern_pile("movement", movement, False),
        _tavern_pile("encounter", encounter, True),
        places.state_text("tavern.baksheesh", f"Baksheesh {side.upper()}:"),
        *places.goods_squares("tavern.baksheesh.goods", goods),
        places.state_text("tavern.baksheesh.coffee", f"+{data.BAKSHEESH_COFFEE} coffee → ruby"),
    ]


def _coffee_house(rubies: int) -> list[Spec]:
    out = [places.ruby_chip("coffee_house.rubies", rubies)]
    if rubies:
        out.append(places.state_text("coffee_house.price", f"next ruby: {data.coffee_house_price(rubies)} coffee"))
    return out


def _state(place: int, g: GameState) -> list[Spec]:
    b = _board_part(g)
    if b is None:
        return []
    if place == data.GUILD_HALL:
        deck = deck_named(GUILD)
        return _guild_hall(len(deck.pile(g)), len(deck.discard(g)))
    if place == data.TAVERN:
        return _tavern(b.movement_tiles, b.encounter_tiles, b.baksheesh)
    if place == data.COFFEE_HOUSE:
        return _coffee_house(b.coffee_house_rubies)
    return []


def _widest_guild_hall() -> list[list[Spec]]:
    return [_guild_hall(20, 20)]


def _widest_tavern() -> list[list[Spec]]:
    return [_tavern((), (), side) for side in data.BAKSHEESH_SIDES] + [_tavern((4,), (4,), "a")]


def _widest_coffee_house() -> list[list[Spec]]:
    return [_coffee_house(1), _coffee_house(0)]


places.MODULE_STATES[data.GUILD_HALL] = (lambda g: _state(data.GUILD_HALL, g), _widest_guild_hall)
places.MODULE_STATES[data.TAVERN] = (lambda g: _state(data.TAVERN, g), _widest_tavern)
places.MODULE_STATES[data.COFFEE_HOUSE] = (lambda g: _state(data.COFFEE_HOUSE, g), _widest_coffee_house)


# -- the Barrier -----------------------------------------------------------------------------------


def barrier_items(g: GameState, tiles: dict[int, Box]) -> list[tuple[Placed, Look]]:
    """The Barrier across its edge and its controller's disc on it (nothing while it is beside
    the board or its places are not both on the board)."""
    b = _board_part(g)
    if b is None or b.barrier is None or not all(p in tiles for p in b.barrier):
        return []
    first, second = sorted((tiles[b.barrier[0]], tiles[b.barrier[1]]))
    if first[2] <= second[0]:  # side by side: a vertical bar in the gap between them
        cx = (first[2] + second[0]) // 2
        cy = (max(first[1], second[1]) + min(first[3], second[3])) // 2
        half = (min(first[3], second[3]) - max(first[1], second[1])) * 3 // 10
        bar = (cx - BAR // 2, cy - half, cx + BAR // 2, cy + half)
    else:  # one above the other: a horizontal bar
        cy = (first[3] + second[1]) // 2
        cx = (max(first[0], second[0]) + min(first[2], second[2])) // 2
        half = (min(first[2], second[2]) - max(first[0], second[0])) * 3 // 10
        bar = (cx - half, cy - BAR // 2, cx + half, cy + BAR // 2)
    place = min(b.barrier)
    edge = f"{b.barrier[0]}-{b.barrier[1]}"
    items = [(Placed("barrier", edge, place, bar), Look("square", BARRIER_FILL, style.TEXT_LIGHT, BARRIER_EDGE, 2))]
    if 0 <= b.barrier_controller < len(g.players):
        colour = g.players[b.barrier_controller].colour
        fill, letter = style.PLAYER_FILL.get(colour, style.NEUTRAL), style.PLAYER_LETTER.get(colour, "?")
    else:
        colour, fill, letter = "nobody", style.NEUTRAL, "–"
    disc = (cx - CONTROL // 2, cy - CONTROL // 2, cx + CONTROL // 2, cy + CONTROL // 2)
    look = Look("disc", fill, style.ink_for(fill), BARRIER_FILL, 3)
    items.append((Placed("barrier_control", colour, place, disc, letter, CONTROL_TEXT, True), look))
    return items


def barrier_sentence(g: GameState) -> str:
    """The Barrier in the board's alt text: where it stands and who may cross it."""
    b = _board_part(g)
    if b is None or b.barrier is None:
        return ""
    a, c = (PLACE_NAMES.get(p, str(p)) for p in b.barrier)
    if 0 <= b.barrier_controller < len(g.players):
        return f"The Barrier stands between {a} and {c}; only {g.players[b.barrier_controller].colour} may cross it."
    return f"The Barrier stands between {a} and {c}."


def barrier_key(colour: str) -> list[tuple[Spec, str]]:
    """The key's entries: the Barrier's bar and its controller's disc, as on the board."""
    bar = Spec("key_sample", "barrier", "", Look("square", BARRIER_FILL, style.TEXT_LIGHT, BARRIER_EDGE, 2), width=BAR)
    fill = style.PLAYER_FILL.get(colour, style.NEUTRAL)
    disc = Spec("key_sample", "barrier_control", style.PLAYER_LETTER.get(colour, "?"),
                Look("disc", fill, style.ink_for(fill), BARRIER_FILL, 3), width=CONTROL)
    return [(bar, "Barrier on the edge between two places"), (disc, "its holder may cross it")]


board.OVERLAYS.add(barrier_items, data.MODULE)
legend.KEY_ENTRIES.add(barrier_key, data.MODULE)
board.ALT_SENTENCES.add(barrier_sentence, data.MODULE)


# -- the players' strips ---------------------------------------------------------------------------


def _coffee(g: GameState, p: Player) -> list[players.Figure]:
    part = _player_part(p)
    n = 0 if part is None else part.coffee
    return [players.chip_figure("coffee", "coffee", f"{n} coffee", COFFEE_FILL, style.TEXT_LIGHT)]


def _guild_count(p: Player) -> int:
    return len(deck_named(GUILD).hand(p))


def _guild(g: GameState, p: Player) -> list[players.Figure]:
    n = _guild_count(p)
    return [players.text_figure("guild", f"{n} guild card{'' if n == 1 else 's'}")]


def _tavern_tiles(g: GameState, p: Player) -> list[players.Figure]:
    part = _player_part(p)
    tiles = () if part is None else part.tavern_tiles
    out = []
    for tile in tiles:
        kind = tile.rstrip("0123456789")
        name = TAVERN_TILE_NAMES.get(kind, kind).removesuffix(" tile")
        out.append(players.chip_figure("tavern_tile", tile, name, style.EMPTY_CHIP, COFFEE_FILL, players.SMALLEST))
    return out


def mocha_figures() -> players.FigureRow:
    return (_coffee, _guild, _tavern_tiles)


def _alt(g: GameState, p: Player) -> str:
    part = _player_part(p)
    coffee = 0 if part is None else part.coffee
    text = f"{coffee} coffee, {_guild_count(p)} guild cards"
    tiles = () if part is None else part.tavern_tiles
    if tiles:
        names = [TAVERN_TILE_NAMES.get(t.rstrip("0123456789"), t).removesuffix(" tile").lower() for t in tiles]
        text += f", Tavern tiles {' and '.join(names)}"
    return text


players.MODULE_FIGURE_ROWS.add(mocha_figures(), data.MODULE)
players.ALT_PARTS.add(_alt, data.MODULE)
private.DECK_BANDS[GUILD] = GUILD_BAND
