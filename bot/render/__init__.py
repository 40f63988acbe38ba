"""Images of a game, drawn with Pillow from engine views (never from the raw state).

- ``render_turn(view, seat_labels, caption) -> (board, players)``: the two pictures of a turn
  message, each a `Picture` (file name, PNG bytes, alt text), each shown in an embed of its own:
  - the board (``board.png``): the header strip (round, whose turn, the last move), the grid of
    Place tiles with their state and every token, and the key under it; as wide as the grid
    needs (1180 px for 4 columns, 1472 px for 5);
  - the players (``players.png``, `players`): the round, whose turn, the caption of the last turn
    and a strip per player with every figure a player needs to decide, 720 px wide so that it
    reads on a phone (every text 12 px or more at the 360 px Discord shows it at there).
  Callers pass the *public* view, ``engine.view(state, None)``: the pictures show only what
  everyone may see (card counts, never faces), so they are the same for every reader. A seat's
  view is accepted too and is reduced to the public view first, so the bytes never depend on who
  asked. `caption` is the last turn in words (`caption.caption`, from the public log); it is
  drawn in the players image and opens both alt texts.
- ``render_sheet(view, seat_labels, caption) -> bytes``: both pictures side by side in one PNG,
  for a computer screen (local play).
- ``render_private(view, seat, seat_labels) -> bytes``: seat ``seat``'s bonus cards with their
  rule texts and its mosque tiles' abilities, for a direct message. ``view`` must show that
  seat's cards: its own view, ``engine.view(state, seat)``.

``seat_labels[i]`` is the name shown for seat ``i`` (the service passes the seats' names; the
engine knows seats only). Every function is plain, deterministic and thread-safe: the service
runs them in a worker thread. The package imports the engine (views) and Pillow only.

Speed: what every board of a kind of game shares (background, tiles, the key) is drawn once and
cached (`_canvas`); each turn copies it and draws only the header, the places' state and the
tokens, draws the players image, then maps both to a fixed 256-colour palette (`palette`) and
encodes palette PNGs. The first render of a process also works out that palette (a few hundred
ms).
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
    "ALT_LIMIT", "BOARD_FILE", "PLAYERS_FILE", "PNG_COMPRESS_LEVEL", "Picture", "TurnLayout", "board_alt",
    "compose_board", "compose_players", "public_view", "render_private", "render_sheet", "render_turn", "to_png",
    "turn_layout",
]  # fmt: skip

BOARD_FILE = "board.png"
PLAYERS_FILE = "players.png"
ALT_LIMIT = 1024  # characters of an attachment's description (alt text) on Discord
SHEET_GAP = 12

Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Picture:
    """One image of a turn message: its file name, PNG bytes and alt text (at most ALT_LIMIT
    characters)."""

    name: str
    png: bytes
    alt: str


@dataclass(frozen=True, slots=True)
class TurnLayout:
    """Where the parts of the board image go: the board (header and tiles) and the key under it."""

    width: int
    height: int
    board: Box
    legend: Box


def public_view(view: View) -> View:
    """The public view of the game `view` shows (`view` itself when it is already public)."""
    return view if view.viewer is None else engine.view(view.state, None)


def turn_layout(view: View) -> TurnLayout:
    """The parts' boxes of a game's board image (the same for every position of a game)."""
    from .board import board_width, grid_geometry  # imported on use: `import bot.render.<module>` stays light
    from .legend import legend_kind, legend_layout

    g = view.state
    width = board_width(g.width)
    board_h = grid_geometry(g.width, tuple(g.layout)).height
    margin = 12
    strip = legend_layout(legend_kind(view), width - 2 * margin)
    if strip is None:
        raise ValueError("the key does not fit under the board")
    legend = (margin, board_h, width - margin, board_h + strip.height)
    return TurnLayout(width, board_h + strip.height + margin, (0, 0, width, board_h), legend)


def compose_board(view: View, seat_labels: Sequence[str]) -> Image.Image:
    """The board image before encoding: an opaque RGB image."""
    from .board import paint_board

    public = public_view(view)
    image = _static_canvas(public).copy()
    paint_board(image, public, seat_labels)
    return image


def compose_players(view: View, seat_labels: Sequence[str], caption: str = "") -> Image.Image:
    """The players image before encoding: an opaque RGB image."""
    from .players import draw_players

    return draw_players(public_view(view), seat_labels, caption)


def _static_canvas(view: View) -> Image.Image:
    from .legend import legend_kind

    g = view.state
    return _canvas(g.width, tuple(g.layout), legend_kind(view), turn_layout(view))


@lru_cache(maxsize=8)
def _canvas(width: int, layout: tuple[int, ...], kind: LegendKind, lay: TurnLayout) -> Image.Image:
    """What every board image of a kind of game shares, drawn once and cached (callers copy it):
    the background, the board's static layer (tiles, numbers, names, symbols) and the key, in
    the places `lay` gives them."""
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


def _clip(text: str) -> str:
    return text if len(text) <= ALT_LIMIT else text[: ALT_LIMIT - 1].rstrip() + "…"


def board_alt(view: View, seat_labels: Sequence[str], caption: str = "") -> str:
    """The board image in words (its alt text): the caption of the last turn, the round, whose
    turn it is and the last move, by place names."""
    from ..engine.texts import PLACE_NAMES
    from .layout import label_of

    g = view.state
    parts = [f"{caption}." if caption else ""]
    if g.finished:
        parts.append(f"The board at the end of the game, round {g.round}.")
    else:
        p = g.players[g.turn.player]
        parts.append(f"The board, round {g.round}: {label_of(seat_labels, p.seat)} ({p.colour}) to play.")
    move = g.last_move
    if move is not None:
        token = move.token if move.token in ("governor", "smuggler") else f"{g.players[move.seat].colour} {move.token}"
        where = f"from {PLACE_NAMES.get(move.source, move.source)} to {PLACE_NAMES.get(move.target, move.target)}"
        parts.append(f"Last move: the {token} {where}." if move.source != move.target else
                     f"Last move: the {token} stayed at {PLACE_NAMES.get(move.target, move.target)}.")
    from .board import ALT_SENTENCES

    parts += [sentence(g) for sentence in ALT_SENTENCES.active(g.settings)]
    return _clip(" ".join(p for p in parts if p))


def render_turn(view: View, seat_labels: Sequence[str], caption: str = "") -> tuple[Picture, Picture]:
    """The board and the players pictures of a turn message (palette PNGs: see `palette`). Pass
    the public view (see the module docstring)."""
    from .palette import quantize
    from .players import players_alt

    public = public_view(view)
    board = to_png(quantize(compose_board(public, seat_labels)))
    players = to_png(quantize(compose_players(public, seat_labels, caption)))
    told = f"{caption}. " if caption else ""
    return (
        Picture(BOARD_FILE, board, board_alt(public, seat_labels, caption)),
        Picture(PLAYERS_FILE, players, _clip(told + players_alt(public, seat_labels))),
    )


def render_sheet(view: View, seat_labels: Sequence[str], caption: str = "") -> bytes:
    """The board and the players image side by side in one PNG, for a computer screen."""
    from .palette import quantize

    public = public_view(view)
    board = compose_board(public, seat_labels)
    players = compose_players(public, seat_labels, caption)
    sheet = Image.new("RGB", (board.width + SHEET_GAP + players.width, max(board.height, players.height)),
                      style.BACKGROUND)
    sheet.paste(board, (0, 0))
    sheet.paste(players, (board.width + SHEET_GAP, 0))
    return to_png(quantize(sheet))


def render_private(view: View, seat: int, seat_labels: Sequence[str]) -> bytes:
    """Seat `seat`'s private image (cards and mosque tiles) as PNG bytes; `view` must be that
    seat's own view (raises ValueError when its cards are hidden in `view`)."""
    from .private import draw_private

    return to_png(draw_private(view, seat, seat_labels))


from . import bazaar as _bazaar  # noqa: E402, F401  (what only the Great Bazaar draws registers with the hooks)
from . import letters as _letters  # noqa: E402, F401  (what only Letters & Seals draws registers with the hooks)
from . import mocha as _mocha  # noqa: E402, F401  (what only Mocha & Baksheesh draws registers with the hooks)
