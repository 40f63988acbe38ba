"""The board image of real positions: every token and place state placed inside its tile, nothing
overlapping, text fitting, same bytes for the same view, the static layer cached."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache

import pytest

from bot.cli.playout import LAYOUTS
from bot.cli.playout import GameConfig as Config
from bot.engine import GameState, apply, determinize, new_game, pending, view
from bot.engine import components as c
from bot.engine.state import LastMove
from bot.render.board import (
    BOARD_WIDTH,
    BoardLayout,
    board_layout,
    draw_board,
    static_layer,
)
from bot.render.layout import Placed, box_height, box_width, inside, overlap
from bot.render.style import MIN_TEXT, font

SNAPSHOT_TURNS = (0, 3, 25, 120)
LABELS = ("Alice", "Bob", "Carol", "Dave", "Eve")


def _play(config: Config, seed: int) -> list[GameState]:
    """States of one seeded random game at SNAPSHOT_TURNS and at its end."""
    rng = random.Random(seed)
    state = new_game(config.settings(), config.colours(), seed)
    out = []
    todo = list(SNAPSHOT_TURNS)
    while (d := pending(state)) is not None:
        if todo and state.turns >= todo[0]:
            out.append(state)
            todo.pop(0)
        state, _ = apply(state, d.player, d.decision_id, rng.choice(d.options).code)
    out.append(state)
    return out


CASES = [
    (players, layout, bool(i % 2) and players <= 4, i % 3 == 0)
    for i, (players, layout) in enumerate(itertools.product((2, 3, 4, 5), LAYOUTS))
]


@cache
def _states(players: int, layout: str, neutral: bool, leader: bool) -> tuple[GameState, ...]:
    config = Config(players=players, layout=layout, neutral_assistants=neutral, caravan_leader=leader)
    return tuple(_play(config, 1000 + 17 * players + LAYOUTS.index(layout)))


def _expected_tokens(g: GameState) -> Counter[tuple[str, int]]:
    """(kind, place) of every token in the state."""
    want: Counter[tuple[str, int]] = Counter()
    for p in g.players:
        want["merchant", p.merchant] += 1
        want["family", p.family] += 1
        for place in p.assistants:
            want["assistant", place] += 1
    want["governor", g.board.governor] += 1
    want["smuggler", g.board.smuggler] += 1
    for place in g.board.neutral_merchants:
        want["neutral_merchant", place] += 1
    for place in g.board.neutral_assistants:
        want["neutral_assistant", place] += 1
    return want


TOKENS = {"merchant", "family", "assistant", "governor", "smuggler", "neutral_merchant", "neutral_assistant"}


def _fits(item: Placed) -> bool:
    f = font(item.size, item.bold)
    ascent, descent = f.getmetrics()
    return f.getlength(item.text) <= box_width(item.box) and ascent + descent <= box_height(item.box)


def _state_items(lay: BoardLayout, place: int) -> list[Placed]:
    return [i for i in lay.items if i.kind == "place_state" and i.place == place]


def check_layout(g: GameState, lay: BoardLayout) -> None:
    assert lay.width == BOARD_WIDTH
    assert set(lay.tiles) == set(g.layout)
    whole = (0, 0, lay.width, lay.height)
    # tokens: one item per token of the view, inside the tile of its place
    got = Counter((i.kind, i.place) for i in lay.items if i.kind in TOKENS)
    assert got == _expected_tokens(g)
    merchants = {i.key: i for i in lay.items if i.kind == "merchant"}
    for p in g.players:
        assert merchants[p.colour].text.endswith(str(len(p.stack)))
    # every item inside its tile (or the header), text at least 14 px and fitting its box
    for item in lay.items:
        outer = lay.header if item.place == 0 else lay.tiles[item.place]
        assert inside(item.box, outer), item
        assert inside(item.box, whole), item
        if item.text:
            assert item.size >= MIN_TEXT, item
            assert _fits(item), item
    # no two items of a tile overlap beyond 2 px
    by_place: dict[int, list[Placed]] = {}
    for item in lay.items:
        by_place.setdefault(item.place, []).append(item)
    for items in by_place.values():
        for a, b in itertools.combinations(items, 2):
            assert overlap(a.box, b.box) <= 2, (a, b)
    # the state of every place that has one
    b = g.board
    sultan = _state_items(lay, c.SULTANS_PALACE)
    counts, anys = c.sultan_price(b.sultan_rubies)
    price = [i for i in sultan if i.key.startswith("sultan.price")]
    assert len(price) == (sum(counts) + anys if b.sultan_rubies else 0)
    assert any(str(b.sultan_rubies) in i.text for i in sultan if i.key == "sultan.rubies") or not b.sultan_rubies
    gem = " ".join(i.text for i in _state_items(lay, c.GEMSTONE_DEALER))
    if b.gemstone_rubies:
        assert f"{b.gemstone_rubies} rub" in gem and f"{c.gemstone_price(b.gemstone_rubies)} Lira" in gem
    for mosque, colours in c.MOSQUE_COLOURS.items():
        texts = {i.key: i.text for i in _state_items(lay, mosque)}
        for colour in colours:
            stack = b.mosque_tiles[c.TILE_COLOURS.index(colour)]
            assert texts[f"mosque.{colour}"] == (f"{colour} {stack[0]}" if stack else f"{colour}: none")
    for market, tile in ((c.SMALL_MARKET, b.small_demand[0]), (c.LARGE_MARKET, b.large_demand[0])):
        goods = [i for i in _state_items(lay, market) if i.key.startswith("market.goods")]
        assert len(goods) == sum(c.DEMAND_TILES[tile])
    post = _state_items(lay, c.POST_OFFICE)
    reward_goods, lira = c.POST_OFFICE_REWARDS[b.mail]
    assert len([i for i in post if i.key.startswith("post.goods")]) == len(reward_goods)
    assert any(i.text == f"+{lira} Lira" for i in post)
    wain = " ".join(i.text for i in _state_items(lay, c.WAINWRIGHT))
    assert f"{b.wainwright_extensions} extensions" in wain
    assert _state_items(lay, c.CARAVANSARY)
    # the last move and the header
    if g.last_move is None:
        assert lay.last_move is None
    else:
        assert lay.last_move == (g.last_move.source, g.last_move.target)
    header = {i.key: i.text for i in lay.items if i.place == 0}
    assert header["round"] == f"Round {g.round}"
    if g.finished:
        assert header["status"] == "Game over"
    else:
        assert header["turn"] == LABELS[g.turn.player]
        assert header["turn_mark"] == {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "white": "W"}[
            g.players[g.turn.player].colour
        ]
        assert header.get("status") == ("Last round!" if g.end_triggered else None)


@pytest.mark.parametrize("players,layout,neutral,leader", CASES)
def test_seeded_games_lay_out_and_draw(players: int, layout: str, neutral: bool, leader: bool) -> None:
    for g in _states(players, layout, neutral, leader):
        v = view(g, None)
        lay = board_layout(v, LABELS[:players])
        check_layout(v.state, lay)
        img = draw_board(v, LABELS[:players])
        assert img.mode == "RGBA" and img.size == (BOARD_WIDTH, lay.height)


def test_the_same_view_gives_the_same_image() -> None:
    g = _states(5, "short", False, True)[2]
    a = draw_board(view(g, None), LABELS).tobytes()
    b = draw_board(view(g, None), LABELS).tobytes()
    assert a == b
    # and hidden information does not show: a re-deal of the hidden cards draws the same board
    for seed in (1, 2, 3):
        dealt = determinize(view(g, 0), seed)
        assert draw_board(view(dealt, None), LABELS).tobytes() == a


def test_the_static_layer_is_cached_and_untouched() -> None:
    g = _states(4, "long", False, False)[2]
    layer = static_layer(g.width, tuple(g.layout))
    before = layer.tobytes()
    draw_board(view(g, None), LABELS[:4])
    assert static_layer(g.width, tuple(g.layout)) is layer
    assert layer.tobytes() == before
    other = _states(4, "short", False, False)[0]
    assert static_layer(other.width, tuple(other.layout)) is not layer


def _crowded(players: int, neutral: bool) -> GameState:
    """Every token of the game on the Fountain, every assistant left there too."""
    g = _states(players, "in_order", neutral, False)[1].copy()
    for p in g.players:
        p.merchant = p.family = c.FOUNTAIN
        if c.FOUNTAIN not in p.assistants:
            p.assistants = tuple(sorted(p.assistants + (c.FOUNTAIN,)))
            p.stack = p.stack[1:]
    g.board.governor = g.board.smuggler = c.FOUNTAIN
    g.board.neutral_merchants = tuple(c.FOUNTAIN for _ in g.board.neutral_merchants)
    if neutral:
        g.board.neutral_assistants = tuple(
            sorted(g.board.neutral_assistants + tuple(c.FOUNTAIN for p in g.players if "n" in p.stack))
        )
        for p in g.players:
            p.stack = p.stack.replace("n", "")
    g.last_move = LastMove("merchant", 0, c.FOUNTAIN, c.FOUNTAIN)
    return g


@pytest.mark.parametrize("players,neutral", [(5, False), (4, True), (3, True), (2, True), (2, False)])
def test_a_crowded_tile(players: int, neutral: bool) -> None:
    g = _crowded(players, neutral)
    lay = board_layout(view(g, None), LABELS[:players])
    check_layout(g, lay)
    crowd = [i for i in lay.items if i.kind in TOKENS and i.place == c.FOUNTAIN]
    assert len(crowd) >= 3 * players + 2
    assert lay.last_move == (c.FOUNTAIN, c.FOUNTAIN)
    draw_board(view(g, None), LABELS[:players])


def test_header_for_the_last_round_and_the_end() -> None:
    g = _states(3, "random", False, False)[2].copy()
    g.end_triggered = True
    lay = board_layout(view(g, None), ["A very long name that keeps on going and going and going" * 2] * 3)
    header = {i.key: i for i in lay.items if i.place == 0}
    assert header["status"].text == "Last round!"
    assert header["turn"].text.endswith("…")
    for a, b in itertools.combinations(header.values(), 2):
        assert overlap(a.box, b.box) == 0
    final = _states(3, "random", False, False)[-1]
    assert final.finished
    header = {i.key: i.text for i in board_layout(view(final, None), LABELS[:3]).items if i.place == 0}
    assert header["status"] == "Game over" and "turn" not in header
