"""What only the Great Bazaar draws, registered with the pictures' hooks (other games never see it).

- The Catacombs (place 25) as a place of its own, not a plain numbered tile: a tile of grey stone
  (`tiles.TILE_FILLS`), a dark arched doorway with steps going down as its symbol
  (`tiles.SYMBOLS`), and on its face what it gives and what follows (`places.MODULE_STATES`): one
  good or one coffee, then the token moves on to any place.

Everything else on a Great Bazaar board (the companions, the Coffee trader, the Barrier, the kiosk
tiles, the letters) is drawn by the two expansions' own hooks, at any player count and on 5x5.
"""

from __future__ import annotations

from PIL import ImageDraw

from ..engine.bazaar import CATACOMBS
from ..engine.state import GameState
from . import places, style, tiles
from .layout import Box
from .shapes import Spec

GAIN = "1 good or 1 coffee"
THEN = "then on to any place"
DARK = (45, 36, 30)  # the doorway
STONE = (150, 130, 105)  # its arch and the steps
TILE = style.EMPTY_CHIP  # the Catacombs' tile: darker stone (a colour of the turn palette); dark text reads on it


def _catacombs_state(_: GameState | None = None) -> list[Spec]:
    return [places.state_text("catacombs.gain", GAIN), places.state_text("catacombs.then", THEN)]


def _doorway(d: ImageDraw.ImageDraw, b: Box) -> None:
    """An arched doorway with three steps down into it."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    left, right, top, bottom = x0 + w * 0.08, x1 - w * 0.08, y0 + h * 0.02, y1
    arch = (right - left) / 2
    d.pieslice((left, top, right, top + 2 * arch), 180, 360, fill=DARK, outline=tiles.INK, width=2)
    d.rectangle((left, top + arch, right, bottom), fill=DARK, outline=tiles.INK, width=2)
    d.line((left + 2, top + arch, right - 2, top + arch), fill=DARK, width=2)
    for k in range(3):  # the steps, narrower as they go down into the dark
        sy = bottom - 2 - k * (h * 0.16)
        pad = (right - left) * (0.1 + 0.12 * k)
        d.line((left + pad, sy, right - pad, sy), fill=STONE, width=2)


tiles.SYMBOLS[CATACOMBS] = _doorway
tiles.TILE_FILLS[CATACOMBS] = TILE
places.MODULE_STATES[CATACOMBS] = (_catacombs_state, lambda: [_catacombs_state()])
