"""Guild cards for rubies and mosque tiles: the Sultan's Palace with any goods (#13), a mosque
tile for 1 good of its colour (#14, #15: the step ``guild_mosque``) and the Gemstone Dealer's ruby
for Lira, with coffee by one's rubies (#16)."""

from __future__ import annotations

from ..components import GEMSTONE_DEALER, MOSQUE_COLOURS, SULTANS_PALACE, TILE_COLOURS
from ..decision import Option, who
from ..machine import StepKind, Tx, pop, push, register
from ..places.rubies import next_price, ruby_track, take_mosque_tile, take_track_ruby
from ..state import GameState, Step
from ..texts import GOOD_NAMES
from ..wheelbarrow import pay_goods
from . import data
from .coffee import gain_coffee
from .guild_play import Body, Check

# ---- rubies and mosque tiles (#13-#16) ------------------------------------------------------------

SULTAN_GOODS = data.GUILD_SULTAN_GOODS[13]


def sultan(tx: Tx, seat: int) -> None:
    push(tx.g, Step("sultan_any", seat, SULTANS_PALACE, SULTAN_GOODS))  # any goods, never coffee


def can_sultan(g: GameState, seat: int) -> bool:
    return next_price(g, SULTANS_PALACE) is not None and sum(g.players[seat].goods) >= SULTAN_GOODS


def _mosque_colours(g: GameState, seat: int, mosque: int) -> list[str]:
    """The tiles of that mosque the seat lacks, still there, with 1 good of its colour to pay (E-38)."""
    p = g.players[seat]
    return [
        c
        for c in MOSQUE_COLOURS[mosque]
        if c not in p.mosque_tiles and g.board.mosque_tiles[TILE_COLOURS.index(c)] and p.good(c) >= 1
    ]


@register
class GuildMosque(StepKind):
    """#14/#15: which tile of that mosque (`place`), paying 1 good of its colour."""

    name = "guild_mosque"
    module = data.MODULE

    def options(self, g: GameState, step: Step) -> list[Option]:
        return [
            Option(f"m.{c}", f"Take the {c} mosque tile for 1 {GOOD_NAMES[c]}")
            for c in _mosque_colours(g, step.actor, step.place)
        ]

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: which mosque tile do you take?"

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        take_mosque_tile(tx, step.actor, code[2:])


def mosque_tile(number: int) -> tuple[Body, Check]:
    mosque = data.GUILD_MOSQUE[number]

    def body(tx: Tx, seat: int) -> None:
        push(tx.g, Step("guild_mosque", seat, mosque))

    def can(g: GameState, seat: int) -> bool:
        return bool(_mosque_colours(g, seat, mosque))

    return body, can


GEM_LIRA = data.GUILD_GEMSTONE_LIRA[16]


def gemstone(tx: Tx, seat: int) -> None:
    pay_goods(tx, seat, {}, GEM_LIRA, why="guild")
    take_track_ruby(tx, seat, GEMSTONE_DEALER)
    gain_coffee(tx, seat, tx.g.players[seat].rubies, "guild")  # counted with the new ruby (E-38)


def can_gemstone(g: GameState, seat: int) -> bool:
    return ruby_track(GEMSTONE_DEALER).left(g) > 0 and g.players[seat].lira >= GEM_LIRA


