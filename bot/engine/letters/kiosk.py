"""The Kiosk (place 22; RULES-NOTES E-50, E-62): 1 letter, then a kiosk tile for everyone.

Its action (option ``act``) gives the acting player 1 letter and turns up players + 1 kiosk tiles
(`LettersBoard.kiosk_up`; the discard pile is shuffled in when the pile runs out). Then, in seat
order from the acting player, every player picks one free tile at ``kiosk_pick`` (``p.<number>``,
the tile's number 1-24; a picked tile moves to `LettersBoard.kiosk_taken`) and uses it or not at
once (``kiosk_tiles``: the step ``kiosk_use``). The acting player then also takes the tile left
(``kiosk_last``, no choice), and every tile of the action goes to the discard pile
(``kiosk_end``).

The other players decide in the middle of someone else's turn: their steps open no free window
(no bonus cards, no mosque tiles), handing the decision over is an undo barrier, and an idle
seat's default is the first free tile, not used (E-62).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..decision import Option, seat_ref, who
from ..decks import to_discard, turn_up
from ..describe import register_line
from ..invariants import register_invariant
from ..machine import StepKind, Tx, pop, push, register, round_of
from ..places import ACT_CODES, Place, place
from ..state import GameState, Step
from ..texts import join_and
from . import data
from .kiosk_deck import KIOSK_DECK
from .kiosk_tiles import usable
from .letter_deck import receive_letters
from .parts import letters_board, set_letters_board
from .texts import KIOSK_NAMES

MODULE = data.MODULE
KIOSK_STEPS = ("kiosk_pick", "kiosk_use", "kiosk_pay", "kiosk_good", "kiosk_last", "kiosk_end")


def tile_code(tile: str) -> str:
    """``K05`` -> ``p.5``."""
    return f"p.{int(tile[1:])}"


def code_tile(code: str) -> str:
    """``p.5`` -> ``K05``."""
    return f"K{int(code[2:]):02d}"


@place
class Kiosk(Place):
    number = data.KIOSK

    def options(self, g: GameState, seat: int, step: Step) -> list[Option]:
        n = data.kiosk_tiles_turned_up(len(g.players))
        return [Option("act", f"Take {data.KIOSK_LETTERS} letter, then turn up {n} kiosk tiles")]

    def codes(self, g: GameState, seat: int, step: Step) -> Sequence[str]:
        return ACT_CODES  # the codes of `options`

    def perform(self, tx: Tx, step: Step, code: str) -> None:
        g, seat = tx.g, step.actor
        receive_letters(tx, seat, data.KIOSK_LETTERS)
        up: list[str] = []
        for _ in range(data.kiosk_tiles_turned_up(len(g.players))):
            tile = turn_up(tx, KIOSK_DECK, seat)
            if tile is not None:
                up.append(tile)
        set_letters_board(g, kiosk_up=tuple(up), kiosk_taken=())
        picks = round_of(g, "kiosk_pick", seat, data.KIOSK)
        push(g, *picks, Step("kiosk_last", seat, data.KIOSK), Step("kiosk_end", seat, data.KIOSK))


def take_tile(tx: Tx, seat: int, tile: str, last: bool = False) -> None:
    """`seat` takes `tile` from those turned up, then uses it or not."""
    g = tx.g
    board = letters_board(g)
    set_letters_board(
        g,
        kiosk_up=tuple(t for t in board.kiosk_up if t != tile),
        kiosk_taken=(*board.kiosk_taken, (seat, tile)),
    )
    tx.emit("kiosk_pick", seat, tile=tile, **({"last": True} if last else {}))
    push(g, Step("kiosk_use", seat, data.KIOSK, 0, tile))


def lot_phrase(g: GameState) -> str:
    """The tiles of the running Kiosk action in words: the free ones and who took which."""
    board = letters_board(g)
    free = join_and([KIOSK_NAMES[t] for t in board.kiosk_up]) if board.kiosk_up else "none"
    if not board.kiosk_taken:
        return f"Free: {free}."
    taken = join_and([f"{seat_ref(s)} {KIOSK_NAMES[t]}" for s, t in board.kiosk_taken])
    return f"Free: {free}. Taken: {taken}."


@register
class KioskPick(StepKind):
    """A player picks one free tile of the Kiosk action."""

    name = "kiosk_pick"
    module = MODULE

    def options(self, g: GameState, step: Step) -> list[Option] | None:
        up = letters_board(g).kiosk_up
        if not up:
            return None
        return [
            Option(
                tile_code(t),
                f"Take {KIOSK_NAMES[t]}{'' if usable(g, step.actor, t) else ' (no use to you now)'}",
            )
            for t in up
        ]

    def codes(self, g: GameState, step: Step) -> list[str] | None:
        """The codes of `options` without their labels (the playout path reads these)."""
        up = letters_board(g).kiosk_up
        return [tile_code(t) for t in up] if up else None

    def prompt(self, g: GameState, step: Step) -> str:
        return f"{who(step.actor)}: Kiosk: pick one kiosk tile. {lot_phrase(g)}"

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)  # no tile left to pick (both piles ran out)

    def resolve(self, tx: Tx, step: Step, code: str) -> None:
        pop(tx.g)
        take_tile(tx, step.actor, code_tile(code))


@register
class KioskLast(StepKind):
    """The acting player also takes the tile nobody picked."""

    name = "kiosk_last"
    module = MODULE

    def run(self, tx: Tx, step: Step) -> None:
        pop(tx.g)
        up = letters_board(tx.g).kiosk_up
        if up:
            take_tile(tx, step.actor, up[0], last=True)


@register
class KioskEnd(StepKind):
    """Every tile of the Kiosk action goes to the discard pile."""

    name = "kiosk_end"
    module = MODULE

    def run(self, tx: Tx, step: Step) -> None:
        g = tx.g
        pop(g)
        board = letters_board(g)
        tiles = (*board.kiosk_up, *(t for _, t in board.kiosk_taken))
        set_letters_board(g, kiosk_up=(), kiosk_taken=())
        for tile in tiles:
            to_discard(g, tile, KIOSK_DECK)
        if tiles:
            tx.emit("kiosk_discarded", step.actor, tiles=list(tiles))


def _pick_line(who_: str, d: dict[str, Any], own: bool) -> str:
    tile = KIOSK_NAMES.get(d["tile"], "a kiosk tile")
    return f"{who_} also took the tile left, {tile}." if d.get("last") else f"{who_} picked {tile}."


def _discarded_line(who_: str, d: dict[str, Any], own: bool) -> str:
    return f"The kiosk tiles went to the discard pile ({len(d['tiles'])} in all)."


register_line("kiosk_pick", _pick_line, MODULE)
register_line("kiosk_discarded", _discarded_line, MODULE)


def _tiles_only_during_the_action(g: GameState) -> list[str]:
    """Kiosk tiles lie turned up only while a Kiosk action is being resolved."""
    board = letters_board(g)
    if not (board.kiosk_up or board.kiosk_taken) or any(s.kind == "kiosk_end" for s in g.steps):
        return []
    return ["kiosk tiles lie turned up with no Kiosk action running"]


register_invariant(_tiles_only_during_the_action, MODULE)
