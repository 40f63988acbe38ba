"""The strip above the board: the round, whose turn it is (or, once the game is over, who won),
the last move ("Last move: <token> 4 → 13", the places by their numbers) and the status chip
("Last round!" once someone reached the ruby target, "Game over" at the end)."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine import View, winners
from .layout import Box, Placed, cut, label_of, text_extent
from .shapes import Look, Spec, spec_width, text_size
from .style import HIGHLIGHT, PLAYER_FILL, PLAYER_LETTER, PLAYER_TEXT, TEXT_DARK, TEXT_LIGHT
from .tokens import mover

__all__ = ["HEADER_HEIGHT", "header_items"]

HEADER_HEIGHT = 52
BIG = 22  # round, names (bold)
SMALL = 20  # "to play", "Last move:"
MARK = 18  # the letter in a player mark
TOKEN_H = 32
SPACE = 12

Drawn = tuple[Placed, Look]


class _Row:
    """Items laid left to right (or right to left) along the header's middle line."""

    def __init__(self, box: Box) -> None:
        self.box = box
        self.items: list[Drawn] = []

    def _ybox(self, h: int) -> tuple[int, int]:
        y0 = (self.box[1] + self.box[3] - h) // 2
        return y0, y0 + h

    def text(self, key: str, s: str, x: int, size: int, bold: bool, right: bool = False) -> int:
        """A text starting at x (ending at x when `right`); returns its far edge."""
        w, h = text_extent(s, size, bold)
        x0 = x - w if right else x
        y0, y1 = self._ybox(h)
        self.items.append((Placed("header", key, 0, (x0, y0, x0 + w, y1), s, size, bold), Look("text", None, TEXT_LIGHT)))
        return x0 if right else x0 + w

    def shape(self, key: str, spec: Spec, x: int, size: int, h: int, right: bool = False) -> int:
        w = spec_width(spec, size, h)
        x0 = x - w if right else x
        y0, y1 = self._ybox(h)
        self.items.append((Placed("header", key, 0, (x0, y0, x0 + w, y1), spec.text, size, spec.bold), spec.look))
        return x0 if right else x0 + w


def _mark(colour: str) -> Spec:
    """A player's mark: a pill in the player colour with the letter."""
    return Spec("mark", colour, PLAYER_LETTER[colour], Look("pill", PLAYER_FILL[colour], PLAYER_TEXT[colour], TEXT_LIGHT))


def _last_move(view: View, row: _Row, right: int) -> int:
    """The last move, right-aligned at `right`; returns its left edge."""
    g = view.state
    move = g.last_move
    token = None if move is None else mover(g, move.token, move.seat)
    if move is None or token is None:
        return right
    where = f"stayed on {move.source}" if move.source == move.target else f"{move.source} → {move.target}"
    x = row.text("last_move_places", where, right, BIG, True, right=True) - 8
    x = row.shape("last_move_token", token, x, text_size(token, MARK), TOKEN_H, right=True) - 8
    return row.text("last_move", "Last move:", x, SMALL, False, right=True)


def share(room: int, needs: Sequence[int]) -> list[int]:
    """Split `room` px between items that need `needs` px: everyone gets what they need if it all
    fits; otherwise the small ones keep theirs and the rest split what is left evenly."""
    out = list(needs)
    left = sorted(range(len(needs)), key=lambda i: needs[i])
    while left:
        fair = room // len(left)
        if needs[left[0]] > fair:
            for i in left:
                out[i] = fair
            break
        room -= needs[left[0]]
        left.pop(0)
    return out


def _players(row: _Row, key: str, seats: Sequence[int], colours: Sequence[str], labels: Sequence[str],
             x: int, right: int) -> None:
    """Player marks with names from x, the names cut where they must to share the room up to `right`."""
    marks = [_mark(colours[seat]) for seat in seats]
    names = [label_of(labels, seat) for seat in seats]
    seps = [","] * (len(seats) - 1) + [""]
    fixed = sum(spec_width(m, MARK, TOKEN_H) + 8 + SPACE for m in marks)
    rooms = share(right - x - fixed, [text_extent(n + sep, BIG, True)[0] for n, sep in zip(names, seps, strict=True)])
    for k, (mark, name, sep, room) in enumerate(zip(marks, names, seps, rooms, strict=True)):
        x = row.shape(f"{key}_mark.{k}" if k else f"{key}_mark", mark, x, MARK, TOKEN_H) + 8
        shown = cut(name, room - text_extent(sep, BIG, True)[0], BIG, True) + sep
        x = row.text(f"{key}.{k}" if k else key, shown, x, BIG, True) + SPACE


def header_items(view: View, labels: Sequence[str], box: Box) -> list[Drawn]:
    """The header's items (place 0), inside `box`, none overlapping."""
    g = view.state
    row = _Row(box)
    right = box[2] - 14
    status = "Game over" if g.finished else ("Last round!" if g.end_triggered else "")
    if status:
        chip = Spec("header", "status", status, Look("chip", HIGHLIGHT, TEXT_DARK, None))
        right = row.shape("status", chip, right, BIG, box[3] - box[1] - 16, right=True) - 2 * SPACE
    right = _last_move(view, row, right) - 2 * SPACE
    x = row.text("round", f"Round {g.round}", box[0] + 14, BIG, True) + 2 * SPACE
    colours = [p.colour for p in g.players]
    if g.finished:
        won = winners(g)
        x = row.text("result", "Winner:" if len(won) == 1 else "Shared win:", x, SMALL, False) + 10
        _players(row, "winner", won, colours, labels, x, right)
    else:
        seat = view.turn_player
        suffix = " to play"
        _players(row, "turn", [seat], colours, labels, x, right - text_extent(suffix, SMALL, False)[0])
        name = next(it for it, _ in row.items if it.key == "turn")
        row.text("turn_suffix", suffix, name.box[2], SMALL, False)
    return row.items
