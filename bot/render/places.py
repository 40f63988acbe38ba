"""The state printed on each Place tile, as specs: rubies left and the next ruby's price at the
Sultan's Palace and the Gemstone Dealer, each mosque tile left with the goods it needs, the
demand tile on top of each market, the Post Office's mail and what it gives, the Wainwright's
extensions and ruby, and the Caravansary's discard pile (and the Caravan Leader tile).

Goods are squares in the good's colour with its letter (F fabric, S spice, Fr fruit, J jewelry,
"?" any good), the same as on the wheelbarrow panels and in the key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine import components as c
from ..engine.state import GameState
from ..engine.texts import CARD_NAMES
from .layout import Box, cut, flow, text_extent, wrap
from .shapes import Look, Spec, spec_width
from .style import CARAVAN, EMPTY_CHIP, GOOD_FILL, GOOD_LETTER, RGB, RUBY, TEXT_DARK, TEXT_LIGHT, ink_for

__all__ = [
    "MODULE_STATES", "STATE_LINE", "fit_state", "good_square", "goods_squares", "place_state", "ruby_chip",
    "state_boxes", "state_chip", "state_text", "tallest_states",
]  # fmt: skip

STATE_TEXT = 17  # plain state text
STATE_CHIP = 16  # text on chips and goods squares (bold)
STATE_LINE = 28


def _text(key: str, text: str, bold: bool = False, join: bool = False) -> Spec:
    return Spec("place_state", key, text, Look("text", None, TEXT_DARK), STATE_TEXT, bold, join)


def _chip(key: str, text: str, fill: RGB, join: bool = False) -> Spec:
    return Spec("place_state", key, text, Look("chip", fill, ink_for(fill), TEXT_DARK, 1), STATE_CHIP, join=join)


def good_square(kind: str, key: str, colour: str, size: int, join: bool = False) -> Spec:
    """A good as a square with its letter; colour "any" is a white "?" (any good)."""
    fill = TEXT_LIGHT if colour == "any" else GOOD_FILL[colour]
    text = "?" if colour == "any" else GOOD_LETTER[colour]
    return Spec(kind, key, text, Look("square", fill, ink_for(fill), TEXT_DARK, 1), size, join=join)


def _goods(key: str, colours: Sequence[str]) -> list[Spec]:
    """A square per good, kept on the line of the item before them where they fit."""
    return [good_square("place_state", f"{key}.{i}", colour, STATE_CHIP, join=True) for i, colour in enumerate(colours)]


def _rubies(key: str, n: int) -> Spec:
    return _chip(key, f"{n} rub{'y' if n == 1 else 'ies'} left", RUBY) if n else _chip(key, "no rubies", EMPTY_CHIP)


# A module's places draw their own state: place number -> (the state of a game, its widest states
# for `tallest_states`). Only games with that module have the place on their board.
MODULE_STATES: dict[int, tuple[Callable[[GameState], list[Spec]], Callable[[], list[list[Spec]]]]] = {}
state_text = _text
state_chip = _chip
ruby_chip = _rubies
goods_squares = _goods


def _from_counts(counts: Sequence[int]) -> list[str]:
    return [g for g, n in zip(c.GOODS, counts, strict=True) for _ in range(n)]


def _sultan(rubies: int) -> list[Spec]:
    out = [_rubies("sultan.rubies", rubies)]
    if rubies:
        counts, anys = c.sultan_price(rubies)
        out.append(_text("sultan.next", "next ruby:"))
        out += _goods("sultan.price", _from_counts(counts) + ["any"] * anys)
    return out


def _gemstone(rubies: int) -> list[Spec]:
    out = [_rubies("gem.rubies", rubies)]
    if rubies:
        out.append(_text("gem.price", f"next ruby: {c.gemstone_price(rubies)} Lira"))
    return out


def _mosque(place: int, stacks: Sequence[Sequence[int]], rubies: int) -> list[Spec]:
    """Per tile colour: a chip with the colour's name, then "needs N" and the good (hold N of
    them, pay 1) and how many tiles are left; then the mosque's ruby."""
    out = []
    for colour in c.MOSQUE_COLOURS[place]:
        stack = stacks[c.TILE_COLOURS.index(colour)]
        if stack:
            out.append(_chip(f"mosque.{colour}", colour, GOOD_FILL[colour]))
            out.append(_text(f"mosque.{colour}.needs", f"needs {stack[0]}", join=True))
            out.append(good_square("place_state", f"mosque.{colour}.good", colour, STATE_CHIP, join=True))
            out.append(_text(f"mosque.{colour}.left", f"({len(stack)} left)", join=True))
        else:
            out.append(_chip(f"mosque.{colour}", f"{colour}: all taken", EMPTY_CHIP))
    out.append(_rubies("mosque.rubies", rubies))
    return out


def _market(tile: str) -> list[Spec]:
    counts = c.DEMAND_TILES.get(tile)
    if counts is None:
        return [_text("market.demand", "demand: ?")]
    return [_text("market.demand", "demand:"), *_goods("market.goods", _from_counts(counts))]


def _post(mail: int) -> list[Spec]:
    goods, lira = c.POST_OFFICE_REWARDS[mail]
    return [
        _text("post.mail", f"mail: {mail} of 4 down"),
        _text("post.gives", "gives:"),
        *_goods("post.goods", goods),
        _text("post.lira", f"+{lira} Lira", bold=True, join=True),
    ]


def _wainwright(extensions: int, rubies: int) -> list[Spec]:
    word = "extension" if extensions == 1 else "extensions"
    return [_text("wainwright.extensions", f"{extensions} {word} left"), _rubies("wainwright.rubies", rubies)]


def _caravansary(top: str | None, leader_here: bool) -> list[Spec]:
    name = CARD_NAMES.get(top, top) if top else "empty"
    out = [_text("caravansary.discard", "discard:"), _text("caravansary.top", name, bold=True, join=True)]
    if leader_here:
        out.append(_chip("caravansary.leader", "Caravan Leader", CARAVAN))
    return out


def place_state(g: GameState, place: int) -> list[Spec]:
    """The state specs of one place (none for places without a state)."""
    b = g.board
    if place in MODULE_STATES:
        return MODULE_STATES[place][0](g)
    if place == c.SULTANS_PALACE:
        return _sultan(b.sultan_rubies)
    if place == c.GEMSTONE_DEALER:
        return _gemstone(b.gemstone_rubies)
    if place in c.MOSQUE_COLOURS:
        return _mosque(place, b.mosque_tiles, b.mosque_rubies[0 if place == c.SMALL_MOSQUE else 1])
    if place == c.SMALL_MARKET:
        return _market(b.small_demand[0] if b.small_demand else "?")
    if place == c.LARGE_MARKET:
        return _market(b.large_demand[0] if b.large_demand else "?")
    if place == c.POST_OFFICE:
        return _post(b.mail)
    if place == c.WAINWRIGHT:
        return _wainwright(b.wainwright_extensions, b.wainwright_rubies)
    if place == c.CARAVANSARY:
        leader = g.settings.caravan_leader and b.caravan_leader < 0
        return _caravansary(g.discard[-1] if g.discard else None, leader)
    return []


def tallest_states() -> list[list[Spec]]:
    """Each place's state at its widest (1 ruby left at the Sultan's Palace, the longest card
    name at the Caravansary, ...): the tiles are made tall enough for them."""
    longest_card = max(CARD_NAMES, key=lambda k: text_extent(CARD_NAMES[k], STATE_TEXT, True)[0])
    return [
        _sultan(1), _gemstone(1), _mosque(c.SMALL_MOSQUE, [(2, 3, 4, 5)] * 4, 4),
        _mosque(c.GREAT_MOSQUE, [(2, 3, 4, 5)] * 4, 4), _market("s1"), _market("l2"),
        *(_post(k) for k in range(5)), _wainwright(15, 5), _caravansary(longest_card, True),
        *(spec for _, widest in MODULE_STATES.values() for spec in widest()),
    ]  # fmt: skip


def fit_state(specs: Sequence[Spec], width: int) -> list[Spec]:
    """The state items as they fit a body `width` wide: a text wider than that is wrapped into
    several items (keys "<key>", "<key>.1", ...), a chip is cut short."""
    out: list[Spec] = []
    for spec in specs:
        if spec_width(spec, spec.size, STATE_LINE) <= width:
            out.append(spec)
        elif spec.look.shape == "text":
            lines = wrap(spec.text, width, spec.size, spec.bold) or [cut(spec.text, width, spec.size, spec.bold)]
            for k, line in enumerate(lines):
                key = spec.key if k == 0 else f"{spec.key}.{k}"
                out.append(Spec(spec.kind, key, line, spec.look, spec.size, spec.bold, spec.join and k == 0))
        else:
            room = width - (spec_width(spec, spec.size, STATE_LINE) - text_extent(spec.text, spec.size, spec.bold)[0])
            text = cut(spec.text, room, spec.size, spec.bold)
            out.append(Spec(spec.kind, spec.key, text, spec.look, spec.size, spec.bold, spec.join))
    return out


def state_boxes(area: Box, specs: Sequence[Spec]) -> list[Box] | None:
    """Lines of state items from the top of `area` (items marked `join` stay with the one before)."""
    widths = [spec_width(s, s.size, STATE_LINE) for s in specs]
    return flow(area, widths, STATE_LINE, 6, 4, [s.join for s in specs])
