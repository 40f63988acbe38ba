"""The game state: plain mutable dataclasses, copied once per accepted choice.

Callers treat a `GameState` as immutable: `apply`, `undo` and `forfeit_turn` return a new state
and never change the one they were given. Tests may edit a fresh state's fields to set up a
position, then call `validate` (or round-trip it through JSON) before playing on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import PlainSerializer, PlainValidator, TypeAdapter

from .components import BASE_CAPACITY, GOOD_INDEX
from .frozen import field_names, quick_init, replacer, slot_copier
from .settings import GameSettings

if TYPE_CHECKING:
    from .decision import Decision

HIDDEN = "?"
BOARD_OWNED = 1 << 30  # `GameState.owned`'s bit for the board (the seats use the low bits)



# ---- optional parts (module state) -----------------------------------------------------------------


class Part:
    """Base class of a module's state on the board or on a player: a frozen dataclass registered
    with `register_part`. Parts are never changed in place: a write replaces the part (and the
    dict holding it), so states share every part nobody wrote (copy on write)."""


PART_TYPES: dict[str, type[Part]] = {}  # name -> class
PART_MODULES: dict[str, str] = {}  # name -> the module that owns it


def register_part(name: str, cls: type[Part], module: str) -> type[Part]:
    """Make `cls` (a frozen dataclass subclass of `Part`) storable as the part called `name`."""
    PART_TYPES[name] = cls
    PART_MODULES[name] = module
    _part_adapter.cache_clear()
    return cls


@cache
def _part_adapter(name: str) -> TypeAdapter[Any]:
    try:
        return TypeAdapter(PART_TYPES[name])
    except KeyError:
        raise ValueError(f"no part called {name!r} is registered") from None


def _parts_in(raw: Any) -> dict[str, Part]:
    if not isinstance(raw, dict):
        raise ValueError("parts must be a mapping of part names")
    out: dict[str, Part] = {}
    for name, value in raw.items():
        cls = PART_TYPES.get(name)
        if cls is not None and isinstance(value, cls):
            out[name] = value
        else:
            out[name] = _part_adapter(name).validate_python(value)
    return out


def _parts_out(parts: dict[str, Part]) -> dict[str, Any]:
    return {name: _part_adapter(name).dump_python(part, mode="json") for name, part in parts.items()}


Parts = Annotated[dict[str, Part], PlainValidator(_parts_in), PlainSerializer(_parts_out)]


@quick_init
@dataclass(frozen=True, slots=True)
class Step:
    """One pending step of the turn queue. `kind` names its handler; the other fields are its
    parameters: the place it concerns, a small number and a short tag."""

    kind: str
    actor: int
    place: int = 0
    n: int = 0
    tag: str = ""


@cache
def shared_step(kind: str, actor: int, place: int = 0) -> Step:
    """`Step(kind, actor, place)`, built once and shared (a Step never changes): the steps queued
    on every turn are taken from here rather than built again."""
    return Step(kind, actor, place)


@quick_init
@dataclass(frozen=True, slots=True)
class Turn:
    """What the current turn has done so far. Never changed in place: a change replaces it
    (`dataclasses.replace`), so states share it."""

    player: int = 0
    start: int = 0
    yellow_used: bool = False
    caravansary_done: bool = False
    leader_at_caravansary: bool = False
    extra: bool = False  # an extra turn, right after the seat's own (the round does not advance)
    again: int = 0  # extra turns granted to start when this one ends (`turn.grant_extra_turn`)
    forfeit: bool = False  # skipped: its player's choices are their defaults for the rest of it


# `dataclasses.replace(turn, **changes)` written out for `Turn` (a card, a tile, the Caravansary
# change the turn's record during a turn): `replace_turn(g.turn, {"yellow_used": True})`.
replace_turn = replacer(Turn)


@quick_init
@dataclass(frozen=True, slots=True)
class LastMove:
    token: str  # "merchant" or "family"
    seat: int
    source: int
    target: int


@dataclass(slots=True)
class Player:
    seat: int
    colour: str
    merchant: int
    stack: str  # assistants under the merchant, top first: "o" own colour, "n" neutral
    assistants: tuple[int, ...]  # places where own assistants wait, sorted
    family: int
    lira: int
    goods: tuple[int, int, int, int]  # red, green, yellow, blue
    extensions: int
    rubies: int
    mosque_tiles: tuple[str, ...]
    cards: tuple[str, ...]  # bonus cards in hand (hidden from the others), sorted
    hands: dict[str, tuple[str, ...]] = field(default_factory=dict)  # other private hands by deck, sorted
    parts: Parts = field(default_factory=dict)  # module parts of this player

    @property
    def capacity(self) -> int:
        return BASE_CAPACITY + self.extensions

    def good(self, colour: str) -> int:
        return self.goods[GOOD_INDEX[colour]]

    def copy(self) -> Player:
        """A copy sharing every field (each is immutable or replaced whole), built without a call
        of `__init__` (`GameState.mut` copies a player on most clicks)."""
        return _copy_player(self)


@dataclass(slots=True)
class Board:
    wainwright_extensions: int
    wainwright_rubies: int
    mail: int  # mail indicators already moved to the bottom row (0-4)
    small_demand: tuple[str, ...]  # top first
    large_demand: tuple[str, ...]
    sultan_rubies: int
    gemstone_rubies: int
    mosque_tiles: tuple[tuple[int, ...], ...]  # per TILE_COLOURS (red, green, blue, yellow), top first
    mosque_rubies: tuple[int, int]  # Small Mosque, Great Mosque
    governor: int
    smuggler: int
    neutral_merchants: tuple[int, ...]  # places of the 2-player neutral merchants
    neutral_colours: tuple[str, ...]
    neutral_assistants: tuple[int, ...]  # places of neutral assistants on the board, sorted
    ruby_supply: int
    caravan_leader: int  # seat holding the Caravan tile, -1 while it lies on the Caravansary
    parts: Parts = field(default_factory=dict)  # module parts of the board

    def copy(self) -> Board:
        """A copy (each field is immutable or replaced whole), built without a call of `__init__`:
        `GameState.wboard` copies the board on the clicks that change it."""
        return _copy_board(self)


@dataclass(frozen=True, slots=True)
class Pile:
    """A deck other than the bonus cards (those keep `GameState.draw_pile` and `discard`)."""

    pile: tuple[str, ...] = ()  # face down, a sorted multiset
    discard: tuple[str, ...] = ()  # face up, top last


@dataclass(slots=True)
class Undo:
    """Hidden: the state after the last barrier and the choices made since, by one player."""

    player: int
    base: GameState
    inputs: tuple[str, ...]


@dataclass(slots=True)
class GameState:
    settings: GameSettings
    width: int
    layout: tuple[int, ...]  # place numbers row by row
    players: list[Player]
    board: Board
    draw_pile: tuple[str, ...]  # face-down bonus cards (a multiset: kept sorted)
    discard: tuple[str, ...]  # face-up discard pile, top last
    steps: tuple[Step, ...]  # pending steps, the current one last
    turn: Turn
    round: int
    turns: int  # player turns started so far
    decision_id: int
    end_triggered: bool
    finished: bool
    last_move: LastMove | None
    rng_seed: int
    rng_counter: int
    script_dice: tuple[tuple[int, ...], ...] = ()  # hidden: (a, b) both dice, (a,) one die
    script_cards: tuple[str, ...] = ()
    undo: Undo | None = None
    decks: dict[str, Pile] = field(default_factory=dict)  # the other decks in play, by name
    script_draws: dict[str, tuple[str, ...]] = field(default_factory=dict)  # hidden: scripted draws by deck
    extra_turns: int = 0  # extra turns started so far (among `turns`): turns - extra_turns sequences
    cache: Decision | None = field(default=None, compare=False, repr=False)  # not serialised
    # Seats whose `Player` object belongs to this state alone (a bit per seat), and whether the
    # board does (`BOARD_OWNED`); -1: all. Not serialised: the engine's own copies share the
    # players and the board a choice does not touch.
    owned: int = field(default=-1, compare=False, repr=False)

    def copy(self) -> GameState:
        """A copy whose every part may be edited (for tests and tools setting up a position)."""
        g = self.fork()
        g.board = _copy_board(self.board)
        g.players = [p.copy() for p in self.players]
        for p in g.players:  # the dicts too, so that a test may edit them in place
            p.hands = dict(p.hands)
            p.parts = dict(p.parts)
        g.board.parts = dict(g.board.parts)
        g.decks = dict(g.decks)
        g.script_draws = dict(g.script_draws)
        g.owned = -1
        return g

    def fork(self) -> GameState:
        """The engine's cheap copy: the board and the players are shared until `wboard` or `mut`
        takes a private copy of the one about to change; everything else is immutable and shared.
        Built field by field without a call of `__init__` (a copy per accepted choice: it is on
        every click's path)."""
        g = _copy_state(self)  # every field but the four below, shared
        g.players = self.players[:]
        g.board = self.board
        g.cache = None
        g.owned = 0
        return g

    def undo_base(self) -> GameState:
        """This state without its undo record, for the base of a new one: it shares everything with
        this state (neither is ever changed again)."""
        g = self.fork()
        g.undo = None
        return g

    def wboard(self) -> Board:
        """The board, safe to change in this state (copied first if shared): every write to a
        board field goes through here (a choice that leaves the board alone copies nothing)."""
        if not self.owned & BOARD_OWNED:
            self.board = _copy_board(self.board)
            self.owned |= BOARD_OWNED
        return self.board

    def mut(self, seat: int) -> Player:
        """The player at `seat`, safe to change in this state (copied first if shared)."""
        bit = 1 << seat
        if not self.owned & bit:
            self.players[seat] = _copy_player(self.players[seat])
            self.owned |= bit
        return self.players[seat]

    # module parts: read with `board_part` / `player_part`, write by replacing the whole part

    def board_part(self, name: str) -> Any:
        """The board's part called `name`, or None where it is not in play."""
        return self.board.parts.get(name)

    def set_board_part(self, name: str, part: Part) -> None:
        b = self.wboard()
        b.parts = {**b.parts, name: part}

    def player_part(self, seat: int, name: str) -> Any:
        return self.players[seat].parts.get(name)

    def set_player_part(self, seat: int, name: str, part: Part) -> None:
        p = self.mut(seat)
        p.parts = {**p.parts, name: part}


# The field-by-field copies above, written out once per class (`frozen.slot_copier`).
_copy_player = slot_copier(Player, field_names(Player))
_copy_board = slot_copier(Board, field_names(Board))
_copy_state = slot_copier(GameState, [f for f in field_names(GameState) if f not in ("players", "board", "cache", "owned")])


@cache
def _adapter() -> TypeAdapter[GameState]:
    from .decision import Decision, Option  # noqa: F401  (resolves the forward reference)

    return TypeAdapter(GameState)


_NOT_SAVED: Any = {"cache": True, "owned": True, "undo": {"base": {"cache": True, "owned": True}}}


def to_jsonable(state: GameState) -> Any:
    return _adapter().dump_python(state, mode="json", exclude=_NOT_SAVED)


def to_json(state: GameState) -> str:
    return _adapter().dump_json(state, exclude=_NOT_SAVED).decode()


def _context(preview: bool) -> dict[str, bool] | None:
    return {"preview": True} if preview else None


def from_json(text: str | bytes, preview: bool = False) -> GameState:
    """The state stored as `text`. Its settings are checked as ever: a game of a module that is not
    playable yet loads only with `preview` (tests)."""
    return _adapter().validate_json(text, context=_context(preview))


def from_jsonable(data: Any, preview: bool = False) -> GameState:
    return _adapter().validate_python(data, context=_context(preview))


def validate(state: GameState, preview: bool = False) -> GameState:
    """Check the types of every field (after editing a position by hand) and return a clean copy."""
    return from_jsonable(to_jsonable(state), preview)
