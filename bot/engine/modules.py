"""The modules of the Big Box: which are in play, what a game of them is called, on which layouts.

`GameSettings.expansions` names the modules in play: none (the base game), ``("mocha",)``
(Mocha & Baksheesh), ``("letters",)`` (Letters & Seals) or both, which is the Great Bazaar. Each
module registers itself here (its package does, `bot/engine/mocha`, `bot/engine/letters`,
`bot/engine/bazaar.py`) with its title, the places it adds, its first-game grid and its bonus
cards, and says whether it is playable yet. A module that needs others (the Great Bazaar's
Catacombs) is *implied*: it is in play exactly when all the modules it needs are. A *test-only*
module (tests/testkinds.py's ``test``) is named in ``expansions`` by tests alone, through
``preview_settings``: no game lists it, no module implies it, so a real game plays the same
whatever a test imported; it does not change a game's size, title or layouts.

Layouts (components.md §1, §16; RULES-NOTES D-10, D-11, appendix A): the base game on 4x4 with
``short``, ``long``, ``in_order`` or ``random``; one expansion on 5x4 with ``first`` (its
first-game grid) or ``random``; the Great Bazaar on 5x5, ``random`` only (Fountain in the
centre). Without a layout a game takes the first one its game allows.

The engine names no module here: everything about a module comes from its registration.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Literal, get_args

from .components import BASE_BONUS_CARDS
from .layouts import BASE_PLACES, FIXED_LAYOUTS, Draw, Grid, random_layout

LayoutName = Literal["short", "long", "in_order", "random", "first"]
LAYOUT_NAMES: tuple[LayoutName, ...] = get_args(LayoutName)
BASE = "base"
BASE_TITLE = "Base game"

LAYOUT_TITLES: dict[str, str] = {
    "short": "short paths",
    "long": "long paths",
    "in_order": "places in number order",
    "random": "random layout",
    "first": "first-game layout",
}
# The same inside a sentence: "played on short paths", "on a random layout".
LAYOUT_PHRASES: dict[str, str] = {
    "short": "short paths",
    "long": "long paths",
    "in_order": "the places in number order",
    "random": "a random layout",
    "first": "the first-game layout",
}

# Grid (width, height) by the number of expansions in play (components.md §1.3, §16).
GRID_SIZES: dict[int, tuple[int, int]] = {0: (4, 4), 1: (5, 4), 2: (5, 5)}
# The layouts each size of game allows, the default first.
LAYOUTS_BY_COUNT: dict[int, tuple[LayoutName, ...]] = {
    0: ("short", "long", "in_order", "random"),
    1: ("first", "random"),
    2: ("random",),
}


@dataclass(frozen=True, slots=True)
class Module:
    """One module of the Big Box as its package registers it."""

    name: str  # the value in GameSettings.expansions ("" for an implied module)
    title: str  # for players: "Mocha & Baksheesh" (an implied module with a title names the game)
    playable: bool  # False until the module's rules have landed
    places: tuple[int, ...] = ()  # the places it adds to the board
    first_layout: tuple[int, ...] = ()  # its first-game 5x4 grid, rows top to bottom
    bonus_cards: tuple[tuple[str, int], ...] = ()  # bonus card kind -> copies (components.md §8, §20)
    implied_by: tuple[str, ...] = ()  # an implied module: in play when all of these are
    deck_alone: bool = False  # its bonus cards may be played without the base cards (D-21)
    key: str = ""  # its name for the registries (defaults to `name`)
    order: int = 0  # where it comes among the modules (mocha 1, letters 2: the stored order)
    test_only: bool = False  # only tests name it (preview settings): never listed, never implied


    @property
    def ident(self) -> str:
        return self.key or self.name


MODULES: dict[str, Module] = {}  # by `ident`, in their order
CHANGE_HOOKS: list[Callable[[], None]] = []  # called when a module registers (registries drop their caches)


def register_module(module: Module) -> Module:
    MODULES[module.ident] = module
    ordered = sorted(MODULES.values(), key=lambda m: m.order)
    MODULES.clear()
    MODULES.update((m.ident, m) for m in ordered)
    for hook in CHANGE_HOOKS:
        hook()
    return module


def expansion_names() -> tuple[str, ...]:
    """The modules a game may name, in the order they are stored (mocha before letters)."""
    return tuple(m.name for m in MODULES.values() if m.name and not m.test_only)


def _known_names() -> tuple[str, ...]:
    """Every module `GameSettings.expansions` may hold: the games' modules, then any test-only
    module a test registered (tests/testkinds.py; refused unless preview, never implied)."""
    return tuple(m.name for m in MODULES.values() if m.name)


def in_play(expansions: Iterable[str]) -> frozenset[str]:
    """Every module in play: the base game, the named modules and the modules they imply."""
    named = frozenset(expansions)
    implied = {m.ident for m in MODULES.values() if m.implied_by and set(m.implied_by) <= named}
    return frozenset({BASE, *named, *implied})


def modules_of(expansions: Iterable[str]) -> tuple[Module, ...]:
    """The registered modules in play (named and implied), in registration order."""
    play = in_play(expansions)
    return tuple(m for m in MODULES.values() if m.ident in play)


# ---- a game: a set of modules -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Game:
    """What players choose: the base game, one expansion, or the Great Bazaar."""

    key: str  # "base", or the module's name, or the implied module's ident ("bazaar")
    expansions: tuple[str, ...]  # the value of GameSettings.expansions
    title: str
    layouts: tuple[LayoutName, ...]  # allowed, the default first
    playable: bool
    places: tuple[int, ...] = field(default=())
    width: int = 4
    height: int = 4


def normalised(expansions: Iterable[str]) -> tuple[str, ...]:
    """The expansions in their stored order; raises ValueError (a sentence) for an unknown or
    repeated name."""
    names = list(expansions)
    known = _known_names()
    for name in names:
        if name not in known:
            raise ValueError(f"There is no module called {name!r}; the modules are {', '.join(expansion_names())}.")
    if len(set(names)) != len(names):
        raise ValueError("Each module may be named only once.")
    return tuple(n for n in known if n in names)


def game_of(expansions: Iterable[str]) -> Game:
    """The game a set of modules makes (the names are normalised first)."""
    named = normalised(expansions)
    mods = modules_of(named)
    implied = [m for m in mods if m.implied_by]
    real = [n for n in named if not MODULES[n].test_only]
    if not real:
        key, title = BASE, MODULES[BASE].title
    elif any(m.title for m in implied):
        named_game = [m for m in implied if m.title][-1]
        key, title = named_game.ident, named_game.title
    else:
        key, title = real[0], " and ".join(m.title for m in mods if m.name in real)
    size = min(len(real), 2)
    width, height = GRID_SIZES[size]
    places = tuple(sorted({q for m in mods for q in m.places}))
    return Game(
        key=key, expansions=named, title=title, layouts=LAYOUTS_BY_COUNT[size],
        playable=all(m.playable for m in mods), places=places, width=width, height=height,
    )


def games(playable_only: bool = False) -> tuple[Game, ...]:
    """Every game players may choose, in order: the base game, each expansion, then both."""
    names = expansion_names()
    sets: list[tuple[str, ...]] = [(), *((n,) for n in names)]
    if len(names) > 1:
        sets.append(names)
    found = tuple(game_of(s) for s in sets)
    return tuple(g for g in found if g.playable) if playable_only else found


def game_by_key(key: str) -> Game:
    """The game called `key` ("base", "mocha", "letters", "bazaar"); ValueError otherwise."""
    for game in games():
        if game.key == key:
            return game
    raise ValueError(f"There is no game called {key!r}; the games are {', '.join(g.key for g in games())}.")


def parse_modules(text: str) -> tuple[str, ...]:
    """A command line's module list ("mocha", "letters", "mocha,letters", "" or "base" for none)
    as the value of GameSettings.expansions; ValueError (a sentence) if a name is unknown."""
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    if names == [BASE]:
        return ()
    known = expansion_names()
    for name in names:
        if name not in known:
            raise ValueError(f"There is no module called {name!r}; the modules are {', '.join(known)}.")
    return normalised(names)


def allowed_pairs(playable_only: bool = True) -> tuple[tuple[Game, LayoutName], ...]:
    """Every (game, layout) a table may choose, in the order to show them (the default layout of
    each game first). With `playable_only` the games that are not playable yet are left out."""
    return tuple((g, layout) for g in games(playable_only) for layout in g.layouts)


def default_layout(expansions: Iterable[str]) -> LayoutName:
    return game_of(expansions).layouts[0]


def layout_title(layout: str) -> str:
    return LAYOUT_TITLES.get(layout, layout)


def game_title(expansions: Iterable[str]) -> str:
    """"Base game", "Mocha & Baksheesh", "Letters & Seals" or "The Great Bazaar"."""
    return game_of(expansions).title


def game_words(expansions: Iterable[str], layout: str) -> str:
    """A game as players read it: "The Great Bazaar, random layout"."""
    return f"{game_title(expansions)}, {layout_title(layout)}"


def _or_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def settings_problem(expansions: Iterable[str], layout: str, preview: bool = False) -> str | None:
    """Why a game of these modules cannot be played on this layout, in one sentence (None if it
    can). A module that is not playable yet is refused unless `preview` (tests and layout
    previews build such games before the module lands)."""
    try:
        game = game_of(expansions)
    except ValueError as exc:
        return str(exc)
    if not preview and any(MODULES[n].test_only for n in game.expansions):
        return "A test module is not playable yet: only tests put one in play."
    if not game.playable and not preview:
        return f"{game.title} is not playable yet."
    if layout not in game.layouts:
        allowed = _or_list([LAYOUT_PHRASES[x] for x in game.layouts])
        title = "The base game" if game.key == BASE else game.title
        return f"{title} is played on {allowed}, not on {LAYOUT_PHRASES.get(layout, repr(layout))}."
    return None


# ---- the grid of a game ------------------------------------------------------------------------------


def grid_for(expansions: Iterable[str], layout: str, draw: Draw) -> Grid:
    """The board of a game on a layout (``draw`` is used for "random" only). No playability
    check: the layout code of a module can be tried before the module lands. Raises ValueError
    (a sentence) for a layout the game does not allow."""
    game = game_of(expansions)
    if layout not in game.layouts:
        raise ValueError(settings_problem(game.expansions, layout, preview=True) or layout)
    if layout == "random":
        return random_layout(draw, game.width, game.height, game.places)
    if layout == "first":
        (module,) = [m for m in modules_of(game.expansions) if m.name and not m.test_only]
        return Grid(game.width, game.height, module.first_layout)
    return Grid(game.width, game.height, FIXED_LAYOUTS[layout])


def bonus_cards_of(expansions: Iterable[str], ls_bonus_deck: str = "lsPlusBase") -> dict[str, int]:
    """The bonus card kinds (with copies) of a game: every module in play adds its cards
    (components.md §8, house values §20). RULES-NOTES D-21: a lone expansion whose cards may be
    played without the base cards (Letters & Seals) leaves them out when the table chose
    ``ls_bonus_deck == "lsOnly"``; the Great Bazaar takes every card."""
    named = normalised(expansions)
    mods = modules_of(named)
    alone = ls_bonus_deck == "lsOnly" and len(named) == 1 and any(m.name == named[0] and m.deck_alone for m in mods)
    out: dict[str, int] = {}
    for m in mods:
        if alone and m.ident == BASE:
            continue
        for kind, n in m.bonus_cards:
            out[kind] = out.get(kind, 0) + n
    return out


register_module(
    Module(
        name="", key=BASE, title=BASE_TITLE, playable=True, places=BASE_PLACES,
        bonus_cards=tuple(BASE_BONUS_CARDS.items()),
    )
)
