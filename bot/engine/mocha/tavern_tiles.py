"""The Tavern tiles of Mocha & Baksheesh: ongoing, like the mosque tiles, one of each type per
player (``MochaPlayer.tavern_tiles``: "movement1", "encounter3").

- **Movement tile** (RULES-NOTES E-4): at the merchant's normal move (the ``move`` step that
  starts a turn, never the 3-or-4 card's move nor any other token), the stack may instead go any
  number of places along its row or column, never across the Barrier unless its holder controls
  it. Offered in the free window of that step as ``t.mv.<place>`` for the places three or more
  steps along a line; the places one or two steps along one are normal moves already (the same
  place, the same turn), so they are not offered twice.
- **Encounter tile** (E-29, D-16): a `tokens.WAIVERS` entry: meeting any neutral token in play
  (the Governor, the Smuggler, the Coffee trader, the Courier) costs its holder nothing; the
  token still relocates. A card that uses a token from afar says to pay and is not covered (E-30).
"""

from __future__ import annotations

from typing import Any

from ..board import blocked_for, grid_of
from ..decision import Option
from ..describe import register_line
from ..invariants import register_invariant
from ..layouts import Edges, Grid, edge
from ..machine import FREE_WINDOWS, Tx, pop
from ..movement import arrive
from ..state import GameState, Step
from ..tokens import WAIVERS, NeutralToken, Waiver
from . import data
from .barrier import place_name
from .parts import PLAYER, MochaPlayer, mocha_board, mocha_player
from .texts import TAVERN_TILE_NAMES

MOVEMENT: data.TavernTileType = "movement"
ENCOUNTER: data.TavernTileType = "encounter"
LINE_PREFIX = "t.mv."
SHORTEST_LINE = 3  # nearer places along a line are the normal move's


def tile_of(g: GameState, seat: int, kind: data.TavernTileType) -> str | None:
    """The seat's Tavern tile of that type ("movement2"), None if it has none (or no module)."""
    part = g.players[seat].parts.get(PLAYER)
    if not isinstance(part, MochaPlayer):
        return None
    for tile in part.tavern_tiles:
        if tile.startswith(kind):
            return tile
    return None


def holds_tile(g: GameState, seat: int, kind: data.TavernTileType) -> bool:
    return tile_of(g, seat, kind) is not None


def straight_line_targets(grid: Grid, start: int, blocked: Edges) -> list[tuple[int, int]]:
    """(place, steps) along the four straight lines from `start`, stopping at the board's edge
    or at a blocked edge."""
    row, col = grid.position(start)
    found = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c, here, steps = row + dr, col + dc, start, 0
        while 0 <= r < grid.height and 0 <= c < grid.width:
            there = grid.place_at(r, c)
            if edge(here, there) in blocked:
                break
            steps += 1
            found.append((there, steps))
            here, r, c = there, r + dr, c + dc
    return found


# (the grid's id, the start, the blocked edges) -> the grid (its id stays its own) and the far places
_LINES: dict[tuple[int, int, Edges], tuple[Grid, tuple[tuple[int, int], ...]]] = {}


def line_moves(g: GameState, seat: int) -> list[tuple[int, int]]:
    """Where the Movement tile takes the seat's merchant stack beyond a normal move: (place,
    steps), in place-number order (worked out once per grid, start and blocked edges)."""
    grid = grid_of(g)
    start = g.players[seat].merchant
    blocked = blocked_for(g, seat)
    key = (id(grid), start, blocked)
    found = _LINES.get(key)
    if found is None or found[0] is not grid:
        if len(_LINES) > 4096:
            _LINES.clear()
        targets = straight_line_targets(grid, start, blocked)
        found = _LINES[key] = (grid, tuple(sorted((q, n) for q, n in targets if n >= SHORTEST_LINE)))
    return list(found[1])


class MovementTile:
    """The free window of the merchant's normal move offers the Movement tile's far places."""

    module = data.MODULE

    def moves(self, g: GameState, step: Step) -> list[tuple[int, int]]:
        """The far places open at `step` (`line_moves`), none outside the merchant's own move."""
        seat = step.actor
        if step.kind != "move" or seat != g.turn.player or not holds_tile(g, seat, MOVEMENT):
            return []
        return line_moves(g, seat)

    def options(self, g: GameState, step: Step) -> list[Option]:
        return [
            Option(f"{LINE_PREFIX}{q}", f"Movement tile: straight to {place_name(q)} ({q}), {n} places")
            for q, n in self.moves(g, step)
        ]

    def codes(self, g: GameState, step: Step) -> list[str]:
        """The codes of `options`, in the same order (the playout path)."""
        moves = self.moves(g, step)
        return [f"{LINE_PREFIX}{q}" for q, _ in moves] if moves else []  # (most free steps: none)

    def resolve(self, tx: Tx, step: Step, code: str) -> bool:
        if not code.startswith(LINE_PREFIX) or code not in self.codes(tx.g, step):
            return False
        pop(tx.g)
        tx.emit("tavern_tile_used", step.actor, tile=MOVEMENT)
        arrive(tx, step.actor, int(code[len(LINE_PREFIX):]), "movement_tile")
        return True


FREE_WINDOWS.add(MovementTile(), data.MODULE)


class EncounterTile(Waiver):
    """Its holder meets every neutral token in play without paying for what it gives."""

    module = data.MODULE

    def waives(self, g: GameState, seat: int, token: NeutralToken) -> bool:
        return holds_tile(g, seat, ENCOUNTER)


WAIVERS.add(EncounterTile())


def _used_line(who: str, d: dict[str, Any], own: bool) -> str:
    return f"{who} used the {TAVERN_TILE_NAMES.get(d['tile'], 'Tavern tile')}."


register_line("tavern_tile_used", _used_line, data.MODULE)


def _tiles_conserved(g: GameState) -> list[str]:
    """Each type's tiles are in its pile or in front of one player, at most one per player."""
    board = mocha_board(g)
    start = data.tavern_pile(len(g.players), g.settings.rules.two_player_tavern_tiles)
    problems = []
    for kind in data.TAVERN_TILE_TYPES:
        held = [t for s in range(len(g.players)) for t in mocha_player(g, s).tavern_tiles if t.startswith(kind)]
        pile = board.movement_tiles if kind == "movement" else board.encounter_tiles
        costs = sorted([int(t[len(kind):]) for t in held] + list(pile))
        if costs != sorted(start) or list(pile) != sorted(pile):
            problems.append(f"{kind} tiles: pile {pile}, held {held}, set-up {start}")
        for s in range(len(g.players)):
            if sum(t.startswith(kind) for t in mocha_player(g, s).tavern_tiles) > data.TAVERN_TILES_PER_PLAYER:
                problems.append(f"seat {s} holds more than one {kind} tile")
    return problems


register_invariant(_tiles_conserved, data.MODULE)
