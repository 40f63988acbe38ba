"""Images of a game, drawn with Pillow from engine views (never from the raw state).

- ``render(view, seat_labels) -> bytes``: the turn image (PNG): the board with its header strip
  on the left, the wheelbarrow panels of all players stacked on the right and a key to the
  shapes (under the panels, or under the board when the panels leave no room), 1600 px wide. Callers pass the *public* view, ``engine.view(state, None)``: the image shows only what
  everyone may see (card counts, never faces), so it is the same for every reader. A seat's
  view is accepted too and is reduced to the public view first, so the bytes never depend on
  who asked.
- ``render_private(view, seat, seat_labels) -> bytes``: seat ``seat``'s bonus cards with their
  rule texts and its mosque tiles' abilities, for a direct message. ``view`` must show that
  seat's cards: its own view, ``engine.view(state, seat)``.

``seat_labels[i]`` is the name shown for seat ``i`` (the service passes the seats' names; the
engine knows seats only). Both functions are plain, deterministic and thread-safe: the service
runs them in a worker thread. The package imports the engine (views) and Pillow only.

Speed: what every turn image of a kind of game shares (background, tiles, the key) is drawn once
and cached (`_canvas`); each turn copies it and draws only the header, the places' state, the
tokens and the panels, then maps it to a fixed 256-colour palette (`palette`) and encodes a
palette PNG. The first render of a process also works out that palette (a few hundred ms).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image

from .. import engine
from ..engine import View
from . import style

if TYPE_CHECKING:
    from .legend import LegendKind

PNG_COMPRESS_LEVEL = 4  # measured: see `python -m bot bench` (render section)

__all__ = [
    "PNG_COMPRESS_LEVEL", "TurnLayout", "compose", "public_view", "render", "render_private", "to_png", "turn_layout",
]  # fmt: skip

Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class TurnLayout:
    """Where the three parts of the turn image go: the board (header and tiles) at the top
    left, the panels' column on its right and the key, under the panels when they leave room
    for it, else under the board."""

    width: int
    height: int
    board: Box
    panels: Box
    legend: Box
    legend_in_column: bool


def public_view(view: View) -> View:
    """The public view of the game `view` shows (`view` itself when it is already public)."""
    return view if view.viewer is None else engine.view(view.state, None)


def turn_layout(view: View) -> TurnLayout:
    """The parts' boxes for a game (the same for every position of a game)."""
    from .board import BOARD_WIDTH, grid_geometry  # imported on use: `import bot.render.<module>` stays light
    from .legend import legend_kind, legend_layout
    from .panels import GAP, MARGIN_LEFT, MARGIN_TOP, PANEL_INNER, PANEL_WIDTH, panels_height

    g = view.state
    board_h = grid_geometry(g.width, tuple(g.layout)).height
    panels_h = panels_height(len(g.players))
    kind = legend_kind(view)
    column = legend_layout(kind, PANEL_INNER)
    top = panels_h - MARGIN_TOP + GAP
    x0 = BOARD_WIDTH + MARGIN_LEFT
    if column is not None and top + column.height + MARGIN_TOP <= board_h:
        legend = (x0, top, x0 + PANEL_INNER, top + column.height)
        height, in_column = board_h, True
    else:
        strip = legend_layout(kind, BOARD_WIDTH - 2 * MARGIN_TOP)
        if strip is None:
            raise ValueError("the key does not fit under the board")
        legend = (MARGIN_TOP, board_h, BOARD_WIDTH - MARGIN_TOP, board_h + strip.height)
        height, in_column = max(board_h + strip.height + MARGIN_TOP, panels_h), False
    width = BOARD_WIDTH + PANEL_WIDTH
    if width > style.MAX_WIDTH:
        raise ValueError(f"the turn image would be {width} px wide (at most {style.MAX_WIDTH})")
    return TurnLayout(width, height, (0, 0, BOARD_WIDTH, board_h), (BOARD_WIDTH, 0, width, height), legend, in_column)


def compose(view: View, seat_labels: Sequence[str]) -> Image.Image:
    """The turn image before encoding: an opaque RGB image at most 1600 px wide."""
    from .board import paint_board
    from .panels import paint_panels

    public = public_view(view)
    lay = turn_layout(public)
    image = _static_canvas(public).copy()
    paint_board(image, public, seat_labels)
    paint_panels(image, public, seat_labels, lay.panels[:2])
    return image


def _static_canvas(view: View) -> Image.Image:
    from .legend import legend_kind

    g = view.state
    return _canvas(g.width, tuple(g.layout), legend_kind(view), turn_layout(view))


@lru_cache(maxsize=8)
def _canvas(width: int, layout: tuple[int, ...], kind: LegendKind, lay: TurnLayout) -> Image.Image:
    """What every turn image of a kind of game shares, drawn once and cached (callers copy it):
    the background, the board's static layer (tiles, numbers, names, symbols) and the key, in
    the places `lay` gives them (its height follows the number of players)."""
    from .board import static_layer
    from .legend import legend_image

    image = Image.new("RGB", (lay.width, lay.height), style.BACKGROUND)
    image.paste(static_layer(width, layout), lay.board[:2])
    image.paste(legend_image(kind, lay.legend[2] - lay.legend[0]), lay.legend[:2])
    return image

def to_png(image: Image.Image) -> bytes:
    """PNG bytes of an image (RGB or palette; any other mode is converted to RGB: no alpha)."""
    if image.mode not in ("RGB", "P"):
        image = image.convert("RGB")
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


def render(view: View, seat_labels: Sequence[str]) -> bytes:
    """The turn image as PNG bytes (palette PNG: see `palette`). Pass the public view (see the
    module docstring)."""
    from .palette import quantize

    return to_png(quantize(compose(view, seat_labels)))


def render_private(view: View, seat: int, seat_labels: Sequence[str]) -> bytes:
    """Seat `seat`'s private image (cards and mosque tiles) as PNG bytes; `view` must be that
    seat's own view (raises ValueError when its cards are hidden in `view`)."""
    from .private import draw_private

    return to_png(draw_private(view, seat, seat_labels))
