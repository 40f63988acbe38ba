"""Images of a game, drawn with Pillow from engine views (never from the raw state).

- ``render(view, seat_labels) -> bytes``: the turn image (PNG): the board with its header strip
  on the left and the wheelbarrow panels of all players stacked on the right, at most 1600 px
  wide. Callers pass the *public* view, ``engine.view(state, None)``: the image shows only what
  everyone may see (card counts, never faces), so it is the same for every reader. A seat's
  view is accepted too and is reduced to the public view first, so the bytes never depend on
  who asked.
- ``render_private(view, seat, seat_labels) -> bytes``: seat ``seat``'s bonus cards with their
  rule texts and its mosque tiles' abilities, for a direct message. ``view`` must show that
  seat's cards: its own view, ``engine.view(state, seat)``.

``seat_labels[i]`` is the name shown for seat ``i`` (the service passes the seats' names; the
engine knows seats only). Both functions are plain, deterministic and thread-safe: the service
runs them in a worker thread. The package imports the engine (views) and Pillow only.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image

from .. import engine
from ..engine import View
from . import style

PNG_COMPRESS_LEVEL = 4  # measured: see `python -m bot bench` (render section)

__all__ = ["PNG_COMPRESS_LEVEL", "compose", "public_view", "render", "render_private", "to_png"]


def public_view(view: View) -> View:
    """The public view of the game `view` shows (`view` itself when it is already public)."""
    return view if view.viewer is None else engine.view(view.state, None)


def compose(view: View, seat_labels: Sequence[str]) -> Image.Image:
    """The turn image before encoding: an opaque RGB image at most 1600 px wide."""
    from .board import draw_board  # imported on use: `import bot.render.<module>` stays light
    from .panels import draw_panels

    public = public_view(view)
    board = draw_board(public, seat_labels)
    panels = draw_panels(public, seat_labels, height=board.height)
    width = board.width + panels.width
    if width > style.MAX_WIDTH:
        raise ValueError(f"the turn image would be {width} px wide (at most {style.MAX_WIDTH})")
    height = max(board.height, panels.height)
    image = Image.new("RGB", (width, height), style.BACKGROUND)
    image.paste(board, (0, 0), board if board.mode == "RGBA" else None)
    image.paste(panels, (board.width, 0), panels if panels.mode == "RGBA" else None)
    return image


def to_png(image: Image.Image) -> bytes:
    """PNG bytes of an image (converted to RGB: no alpha channel to encode)."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


def render(view: View, seat_labels: Sequence[str]) -> bytes:
    """The turn image as PNG bytes. Pass the public view (see the module docstring)."""
    return to_png(compose(view, seat_labels))


def render_private(view: View, seat: int, seat_labels: Sequence[str]) -> bytes:
    """Seat `seat`'s private image (cards and mosque tiles) as PNG bytes; `view` must be that
    seat's own view (raises ValueError when its cards are hidden in `view`)."""
    from .private import draw_private

    return to_png(draw_private(view, seat, seat_labels))
