"""The Great Bazaar in the pictures (issue 25 item 5): the 5x5 board at five players with every
token the rules allow, each inside its own place's tile; the Catacombs drawn as a place of its own
(its stone tile, its doorway, what it gives on its face), not a plain numbered tile; both pictures
within the turn message's budget; the other games' boards unchanged by it. Readability on a phone
(text sizes, contrast) is measured with the other games' positions in test_readability.py."""

from __future__ import annotations

import io

from PIL import Image

from bot import engine
from bot.engine.bazaar import CATACOMBS
from bot.render import compose_board, render_turn, style
from bot.render.board import board_layout, board_width, grid_geometry
from bot.render.layout import inside
from bot.render.players import PLAYERS_WIDTH
from tests.render.bazaar_position import COFFEE_TRADER, COURIER, MERCHANTS, bazaar_position
from tests.render.test_render import BUDGET

NAMES = ["Ann", "Bob", "Cem", "Dan", "Eda"]


def _state(lay: object, place: int) -> str:
    return " ".join(i.text for i in lay.items if i.place == place and i.kind == "place_state")  # type: ignore[attr-defined]


def test_every_token_stands_inside_its_place_on_the_5x5_board() -> None:
    g = bazaar_position()
    lay = board_layout(engine.view(g, None), NAMES)
    assert sorted(lay.tiles) == list(range(1, 26))
    found = {(i.kind, i.key): i for i in lay.items}
    for seat, p in enumerate(g.players):
        merchant = found["merchant", p.colour]
        assert merchant.place == MERCHANTS[seat] and merchant.text == f"{style.PLAYER_LETTER[p.colour]}·{len(p.stack)}"
        assert found["family", p.colour].place == p.family
    tokens = {kind: found[kind, kind].place for kind in ("governor", "smuggler", "coffee_trader", "courier")}
    assert tokens == {"governor": g.board.governor, "smuggler": g.board.smuggler, "coffee_trader": COFFEE_TRADER,
                      "courier": COURIER}
    assert found["companion", "red"].place == 21
    assistants = sorted((i.key, i.place) for i in lay.items if i.kind == "assistant")
    assert assistants == sorted((p.colour, place) for p in g.players for place in p.assistants)
    for item in lay.items:
        if item.kind in ("merchant", "family", "assistant", "companion", "governor", "smuggler", "coffee_trader",
                         "courier", "place_state"):
            assert inside(item.box, lay.tiles[item.place]), item
    assert {i.kind for i in lay.items} >= {"barrier", "barrier_control"}
    assert "turned up: K04 K11 K19" in _state(lay, 22) and "bid: 6 Lira" in _state(lay, 23)


def test_the_catacombs_are_drawn_as_a_place_of_their_own() -> None:
    g = bazaar_position()
    lay = board_layout(engine.view(g, None), NAMES)
    assert _state(lay, CATACOMBS) == "1 good or 1 coffee then on to any place"
    image = compose_board(engine.view(g, None), NAMES)
    tiles = grid_geometry(g.width, tuple(g.layout)).frames
    _, _, x1, y1 = tiles[CATACOMBS].box
    other = tiles[g.layout[0]].box
    # a bottom corner inside each tile, clear of any token: the tile's own colour
    assert image.getpixel((x1 - 14, y1 - 14)) != image.getpixel((other[2] - 14, other[3] - 14)) == style.TILE
    sx0, sy0, sx1, sy1 = (int(v) for v in tiles[CATACOMBS].symbol)
    symbol = image.crop((sx0, sy0, sx1, sy1)).convert("RGB")
    generic = image.crop(tuple(int(v) for v in tiles[g.layout[0]].symbol)).convert("RGB")  # type: ignore[arg-type]
    assert symbol.tobytes() != generic.tobytes()
    dark = sum(n for n, px in symbol.getcolors(1 << 16) or [] if sum(px) < 200)  # the doorway is dark, not an outline
    assert dark > (sx1 - sx0) * (sy1 - sy0) // 4


def test_both_pictures_at_five_players_stay_within_the_budget() -> None:
    g = bazaar_position()
    board, players = render_turn(engine.view(g, None), NAMES, "Red: Catacombs, took 1 coffee")
    with Image.open(io.BytesIO(board.png)) as image:
        assert image.width == board_width(5)
    with Image.open(io.BytesIO(players.png)) as image:
        assert image.width == PLAYERS_WIDTH
    assert len(board.png) + len(players.png) <= BUDGET
    assert "Catacombs" in board.alt
