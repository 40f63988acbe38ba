"""The board in the terminal (`:b` in `python -m bot play`): the grid with place numbers and short
names, who stands where, and a line per player (Lira, goods, rubies, cards: counts only for the
others). A 4×4 board fits 80 columns and 24 lines; 5×4 and 5×5 fit 100 columns.

Built from a view, so it shows exactly what that viewer may know. Tokens in a cell: merchants as
the colour's capital letter with the assistants in their stack (`R3`), neutral merchants `N`;
then assistants waiting there as lower-case letters (`a:rb`), family members (`f:y`), a module's
tokens by the first letter of their kind (companions `c:rg`), the
Governor `Gov`, the Smuggler `Smg` and a module's neutral token by the first three letters of its
name (the Coffee trader `Cof`). What does not fit a cell ends in `+N`.

A module adds lines through three registries, consulted only in games with it: `MODULE_LINES`
(under the grid: its places' state, the Barrier), `PLAYER_LINES` (under each player's line: their
coffee, guild-card count, Tavern tiles) and `WHEELBARROW_LINES` (the chooser's own, in `play`).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import View
from bot.engine.components import GOODS, ruby_target
from bot.engine.registry import Registry
from bot.engine.tokens import NEUTRAL_TOKENS, TOKEN_KINDS

MODULE_LINES: Registry[Callable[[View], list[str]]] = Registry("terminal board lines")
PLAYER_LINES: Registry[Callable[[View, int], list[str]]] = Registry("terminal player lines")
WHEELBARROW_LINES: Registry[Callable[[View, int], list[str]]] = Registry("terminal wheelbarrow lines")

CELL = 17  # characters inside a cell: 4 cells and 5 borders make 73 columns
SHORT_NAMES: dict[int, str] = {
    1: "Wainwright", 2: "Fabric Whse", 3: "Spice Whse", 4: "Fruit Whse", 5: "Post Office",
    6: "Caravansary", 7: "Fountain", 8: "Black Market", 9: "Tea House", 10: "Large Market",
    11: "Small Market", 12: "Police", 13: "Sultan", 14: "Small Mosque", 15: "Great Mosque",
    16: "Gemstones", 17: "Roastery", 18: "Guild Hall", 19: "Tavern", 20: "Coffee House",
    21: "Embassy", 22: "Kiosk", 23: "Auction", 24: "Secret Soc.", 25: "Catacombs",
}  # fmt: skip


def letter(colour: str) -> str:
    return colour[:1].upper()


def fit(parts: list[str], width: int = CELL) -> str:
    """Parts joined by spaces; those that do not fit become "+N"."""
    out: list[str] = []
    for i, part in enumerate(parts):
        rest = len(parts) - i - 1
        line = " ".join([*out, part])
        if len(line) + (len(f" +{rest}") if rest else 0) > width:
            return " ".join([*out, f"+{len(parts) - i}"])[:width]
        out.append(part)
    return " ".join(out)


def cell_lines(v: View, place: int) -> tuple[str, str, str]:
    g = v.state
    b = g.board
    name = f"{place} {SHORT_NAMES.get(place, 'Place')}"[:CELL]
    merchants = [f"{letter(p.colour)}{len(p.stack)}" for p in g.players if p.merchant == place]
    merchants += ["N"] * sum(1 for m in b.neutral_merchants if m == place)
    others: list[str] = []
    waiting = "".join(letter(p.colour).lower() for p in g.players if place in p.assistants)
    if g.settings.neutral_assistants:
        waiting += "n" * b.neutral_assistants.count(place)
    if waiting:
        others.append(f"a:{waiting}")
    family = "".join(letter(p.colour).lower() for p in g.players if p.family == place)
    if family:
        others.append(f"f:{family}")
    for kind in TOKEN_KINDS.in_play(g.settings):  # a module's token kinds: the companion `c:rg`
        if kind.name not in ("merchant", "family"):
            owners = "".join(letter(p.colour).lower() for p in g.players if kind.where(p) == place)
            if owners:
                others.append(f"{kind.name[0]}:{owners}")
    if b.governor == place:
        others.append("Gov")
    if b.smuggler == place:
        others.append("Smg")
    for token in NEUTRAL_TOKENS.in_play(g.settings):
        if token.tag not in ("governor", "smuggler") and token.where(g) == place:
            others.append(token.tag[:3].capitalize())
    return name, fit(merchants), fit(others)


def grid_lines(v: View) -> list[str]:
    g = v.state
    width = g.width
    rule = "+" + "+".join("-" * CELL for _ in range(width)) + "+"
    lines = [rule]
    for row in range(len(g.layout) // width):
        cells = [cell_lines(v, place) for place in g.layout[row * width : (row + 1) * width]]
        for k in range(3):
            lines.append("|" + "|".join(c[k].ljust(CELL) for c in cells) + "|")
        lines.append(rule)
    return lines


def player_line(v: View, seat: int, names: dict[int, str]) -> str:
    g = v.state
    p = g.players[seat]
    target = ruby_target(len(g.players), len(g.settings.expansions))
    goods = " ".join(f"{c[0]}{p.good(c)}" for c in GOODS)
    hand = v.hand(seat)
    cards = len(hand) if isinstance(hand, tuple) else hand
    turn = ">" if seat == g.turn.player and not g.finished else " "
    who = f"{letter(p.colour)} {names.get(seat, p.colour.capitalize())}"[:12]
    return (
        f"{turn}{who:<12} {p.lira:>3} Lira  goods {goods} /{p.capacity}  "
        f"rubies {p.rubies}/{target}  cards {cards}  stack {len(p.stack)}"
    )


KEY = (
    "R3 Red's merchant + 3 assistants, N neutral merchant, a: assistants, f: family",
    "Gov Governor, Smg Smuggler; goods r fabric, g spice, y fruit, b jewelry",
)


def board_lines(v: View, names: dict[int, str] | None = None) -> list[str]:
    """The whole board for `v`'s viewer: the grid, one line per player (">" marks whose turn it
    is), and the key."""
    names = names or {}
    lines = grid_lines(v)
    for module_lines in MODULE_LINES.active(v.state.settings):
        lines += module_lines(v)
    for seat in range(len(v.state.players)):
        lines.append(player_line(v, seat, names))
        for more in PLAYER_LINES.active(v.state.settings):
            lines += more(v, seat)
    return [*lines, *KEY]


# The modules' lines register with the hooks above.
from . import bazaar_text as _bazaar_text  # noqa: E402, F401
from . import letters_text as _letters_text  # noqa: E402, F401
from . import mocha_text  # noqa: E402, F401
