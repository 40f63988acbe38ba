"""The board image of real positions: every token and place state placed inside its tile, nothing
overlapping, text fitting, same bytes for the same view, the static layer cached."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache

import pytest

from bot.cli.playout import LAYOUTS, colours_of
from bot.engine import GameSettings as Config
from bot.engine import GameState, apply, determinize, new_game, pending, view, winners
from bot.engine import components as c
from bot.engine.settings import LayoutName
from bot.engine.state import LastMove
from bot.render.board import (
    PLACES_TO_COME,
    RING,
    STATE_GAP,
    BoardLayout,
    _crowd,
    _plan,
    board_layout,
    board_width,
    draw_board,
    grid_geometry,
    static_layer,
)
from bot.render.grids import on_grid
from bot.render.layout import Placed, box_height, box_width, inside, overlap
from bot.render.places import fit_state, place_state, state_boxes
from bot.render.shapes import text_size
from bot.render.style import GOOD_LETTER, MIN_TEXT, PLAYER_LETTER, font
from bot.render.tokens import GHOST_KIND, MORE_KIND, RESERVED, TOKEN_SCALES, assistant, tokens_by_place

SNAPSHOT_TURNS = (0, 3, 25, 120)
LABELS = ("Alice", "Bob", "Carol", "Dave", "Eve")


def _play(config: Config, seed: int) -> list[GameState]:
    """States of one seeded random game at SNAPSHOT_TURNS and at its end."""
    rng = random.Random(seed)
    state = new_game(config, colours_of(config), seed)
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
def _states(players: int, layout: LayoutName, neutral: bool, leader: bool) -> tuple[GameState, ...]:
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
    assert lay.width == board_width(g.width)
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
        for one, other in itertools.combinations(items, 2):
            assert overlap(one.box, other.box) <= 2, (one, other)
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
            if stack:
                assert texts[f"mosque.{colour}"] == colour
                assert texts[f"mosque.{colour}.needs"] == f"needs {stack[0]}"
                assert texts[f"mosque.{colour}.good"] == GOOD_LETTER[colour]
                assert texts[f"mosque.{colour}.left"] == f"({len(stack)} left)"
            else:
                assert texts[f"mosque.{colour}"] == f"{colour}: all taken"
    for market, tile in ((c.SMALL_MARKET, b.small_demand[0]), (c.LARGE_MARKET, b.large_demand[0])):
        goods = [i for i in _state_items(lay, market) if i.key.startswith("market.goods")]
        assert len(goods) == sum(c.DEMAND_TILES[tile])
    post = _state_items(lay, c.POST_OFFICE)
    reward_goods, lira = c.POST_OFFICE_REWARDS[b.mail]
    assert any(i.text == f"mail: {b.mail} of 4 down" for i in post)
    assert len([i for i in post if i.key.startswith("post.goods")]) == len(reward_goods)
    assert any(i.text == f"+{lira} Lira" for i in post)
    wain = " ".join(i.text for i in _state_items(lay, c.WAINWRIGHT))
    assert f"{b.wainwright_extensions} extension" in wain
    assert _state_items(lay, c.CARAVANSARY)
    check_last_move(g, lay)
    check_header(g, lay)


def check_last_move(g: GameState, lay: BoardLayout) -> None:
    """Solid frame where the last move ended, a ring on the token that moved; an outline of it
    where it started when it left that place."""
    ghosts = [i for i in lay.items if i.kind == GHOST_KIND]
    move = g.last_move
    if move is None:
        assert lay.last_move is None and lay.moved is None and not ghosts
        return
    assert lay.last_move == (move.source, move.target)
    if move.token in ("governor", "smuggler"):
        key, letter = move.token, move.token.capitalize()
    else:
        key = g.players[move.seat].colour
        letter = PLAYER_LETTER[key]
    assert lay.moved is not None and lay.moved in lay.items
    assert (lay.moved.kind, lay.moved.key, lay.moved.place) == (move.token, key, move.target)
    if move.source == move.target:
        assert not ghosts
    else:
        (ghost,) = ghosts
        assert (ghost.place, ghost.text) == (move.source, f"{letter}→{move.target}")
    # the ring around the moved token stays clear of every other item of its tile
    x0, y0, x1, y1 = lay.moved.box
    ring = (x0 - RING - 1, y0 - RING - 1, x1 + RING + 1, y1 + RING + 1)
    assert inside(ring, lay.tiles[move.target])
    for item in lay.items:
        if item.place == move.target and item is not lay.moved and item.kind not in ("number", "symbol", "name"):
            assert overlap(ring, item.box) == 0, item
    header = {i.key: i for i in lay.items if i.place == 0}
    where = f"stayed on {move.source}" if move.source == move.target else f"{move.source} → {move.target}"
    assert header["last_move"].text == "Last move:" and header["last_move_places"].text == where
    assert header["last_move_token"].text.startswith(letter)


def check_header(g: GameState, lay: BoardLayout, labels: Sequence[str] = LABELS) -> None:
    header = {i.key: i.text for i in lay.items if i.place == 0}
    assert header["round"] == f"Round {g.round}"
    if g.finished:
        assert header["status"] == "Game over" and "turn" not in header
        won = winners(g)
        assert header["result"] == ("Winner:" if len(won) == 1 else "Shared win:")
        marks = [header["winner_mark" if k == 0 else f"winner_mark.{k}"] for k in range(len(won))]
        assert marks == [PLAYER_LETTER[g.players[s].colour] for s in won]
        names = [header["winner" if k == 0 else f"winner.{k}"].rstrip(",") for k in range(len(won))]
        for name, seat in zip(names, won, strict=True):
            assert name == labels[seat] or (name.endswith("…") and labels[seat].startswith(name[:-1]))
    else:
        assert header["turn"] == labels[g.turn.player]
        assert header["turn_mark"] == PLAYER_LETTER[g.players[g.turn.player].colour]
        assert header.get("status") == ("Last round!" if g.end_triggered else None)
        assert "result" not in header


@pytest.mark.parametrize("players,layout,neutral,leader", CASES)
def test_seeded_games_lay_out_and_draw(players: int, layout: str, neutral: bool, leader: bool) -> None:
    for g in _states(players, layout, neutral, leader):
        v = view(g, None)
        lay = board_layout(v, LABELS[:players])
        check_layout(v.state, lay)
        img = draw_board(v, LABELS[:players])
        assert img.mode == "RGBA" and img.size == (board_width(4), lay.height)


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


def _crowded(players: int, neutral: bool, place: int = c.FOUNTAIN, ghost: bool = False) -> GameState:
    """Every token of the game on one place, every assistant left there too (the largest crowd a
    game can hold). With `ghost`, seat 0's merchant has just left the place for the Tea House,
    so the crowd holds the outline of where it was instead."""
    g = _states(players, "in_order", neutral, False)[1].copy()
    for p in g.players:
        p.merchant = p.family = place
        p.stack = "ooooo"[: 5 - len(p.assistants)]
        if place not in p.assistants:
            p.assistants = tuple(sorted(p.assistants + (place,)))
            p.stack = p.stack[1:]
    g.board.governor = g.board.smuggler = place
    g.board.neutral_merchants = tuple(place for _ in g.board.neutral_merchants)
    if neutral:
        g.board.neutral_assistants = tuple(place for _ in g.players)
    g.last_move = LastMove("merchant", 0, place, place)
    if ghost:
        g.players[0].merchant = c.TEA_HOUSE
        g.last_move = LastMove("merchant", 0, place, c.TEA_HOUSE)
    return g


CROWDS = [(5, False), (4, True), (3, True), (2, True), (2, False)]


@pytest.mark.parametrize("players,neutral", CROWDS)
@pytest.mark.parametrize("place", [c.FOUNTAIN, c.GREAT_MOSQUE, c.SULTANS_PALACE, c.CARAVANSARY])
def test_a_crowded_tile(players: int, neutral: bool, place: int) -> None:
    """All of a game's tokens on one tile (below its place's state, for the tiles with the
    tallest states) are placed inside it, none overlapping, at 14 px text or more."""
    for ghost in (False, True):
        g = _crowded(players, neutral, place, ghost)
        if place == c.CARAVANSARY:
            g.discard = ("family",)  # the longest card name
        lay = board_layout(view(g, None), LABELS[:players])
        check_layout(g, lay)
        crowd = [i for i in lay.items if i.kind in TOKENS | {GHOST_KIND} and i.place == place]
        expected = 3 * players + 2 + len(g.board.neutral_merchants) + len(g.board.neutral_assistants)
        assert len(crowd) == expected
        assert (len([i for i in crowd if i.kind == GHOST_KIND]) == 1) == ghost
    draw_board(view(g, None), LABELS[:players])


def test_the_governor_and_the_smuggler_never_look_like_a_player() -> None:
    """They spell their names (no letter shared with a player colour) and have shapes of their
    own; neutral merchants say so."""
    g = _crowded(2, True)
    lay = board_layout(view(g, None), LABELS[:2])
    texts = {i.kind: i.text for i in lay.items if i.kind in TOKENS}
    assert texts["governor"] == "Governor" and texts["smuggler"] == "Smuggler"
    assert texts["neutral_merchant"] == "Neutral"
    _, drawn = _plan(view(g, None), LABELS[:2])
    shapes = {item.kind: look.shape for item, look in drawn if item.kind in TOKENS}
    assert len({shapes["governor"], shapes["smuggler"], shapes["merchant"], shapes["family"], shapes["assistant"]}) == 5


def test_a_family_member_sent_from_the_police_station_is_the_last_move() -> None:
    g = _states(4, "short", False, False)[2].copy()
    g.players[2].family = c.GEMSTONE_DEALER
    g.last_move = LastMove("family", 2, c.POLICE_STATION, c.GEMSTONE_DEALER)
    lay = board_layout(view(g, None), LABELS[:4])
    check_layout(g, lay)
    assert lay.moved is not None and lay.moved.kind == "family"
    (ghost,) = [i for i in lay.items if i.kind == GHOST_KIND]
    assert ghost.place == c.POLICE_STATION
    header = {i.key: i.text for i in lay.items if i.place == 0}
    assert header["last_move_places"] == f"{c.POLICE_STATION} → {c.GEMSTONE_DEALER}"


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
    check_header(final, board_layout(view(final, None), LABELS[:3]))


@pytest.mark.parametrize("token", ["governor", "smuggler"])
def test_a_move_of_the_governor_or_the_smuggler_is_shown_like_any_other(token: str) -> None:
    """The engine records merchants' and family members' moves; a Governor's or Smuggler's move
    in the view is drawn the same way (frames, ring, outline, header)."""
    g = _states(3, "short", False, False)[2].copy()
    source = g.board.governor if token == "governor" else g.board.smuggler
    target = next(p for p in g.layout if p != source)
    setattr(g.board, token, target)
    g.last_move = LastMove(token, 1, source, target)
    lay = board_layout(view(g, None), LABELS[:3])
    check_layout(g, lay)
    assert lay.moved is not None and lay.moved.text == token.capitalize()


def test_a_shared_win_names_every_winner() -> None:
    g = _states(3, "short", False, False)[-1].copy()
    for p in g.players:
        p.rubies, p.lira, p.goods, p.cards = 5, 10, (1, 1, 1, 1), ()
    assert winners(g) == [0, 1, 2]
    labels = ["A rather long name number one", "Another long name", "Third"]
    lay = board_layout(view(g, None), labels)
    check_header(g, lay, labels)
    assert {i.key: i.text for i in lay.items}["winner.2"] == "Third"
    header = [i for i in lay.items if i.place == 0]
    for a, b in itertools.combinations(header, 2):
        assert overlap(a.box, b.box) == 0, (a, b)
    assert [i.text for i in header if i.key.startswith("winner_mark")] == [
        PLAYER_LETTER[p.colour] for p in g.players
    ]


GRIDS = [(4, 4), (5, 4), (5, 5)]


@pytest.mark.parametrize("columns,rows", GRIDS)
@pytest.mark.parametrize("players,neutral", CROWDS)
def test_the_most_crowded_tile_on_every_grid_keeps_room_for_the_expansions(
    players: int, neutral: bool, columns: int, rows: int
) -> None:
    """The most crowded tile the rules allow, built by hand from a view (every token of the game
    on one place with the tallest state, and the outline of a token that left), on each grid:
    everything drawn inside its tile, nothing overlapping or cut; and the tile still has room for
    the expansions' two neutral figures and five companions (placed, not drawn)."""
    for place in (c.GREAT_MOSQUE, c.CARAVANSARY):
        g = on_grid(_crowded(players, neutral, place, ghost=True), columns, rows)
        if place == c.CARAVANSARY:
            g.discard = ("family",)  # the longest card name
        v = view(g, None)
        lay = board_layout(v, LABELS[:players])
        check_layout(v.state, lay)
        crowd = tokens_by_place(v.state)[place]
        body = grid_geometry(g.width, tuple(g.layout)).frames[place].body
        state = fit_state(place_state(v.state, place), body[2] - body[0])
        top = (state_boxes(body, state) or [body])[-1][3] + STATE_GAP
        area = (body[0], top, body[2], body[3])
        index, boxes, shown = _crowd(area, [*crowd, *RESERVED])
        assert shown == [*crowd, *RESERVED]  # all of them, no "+N more"
        assert all(inside(b, area) for b in boxes)
        for one, other in itertools.combinations(boxes, 2):
            assert overlap(one, other) == 0
        for spec, b in zip(shown, boxes, strict=True):
            size = text_size(spec, TOKEN_SCALES[index][0])
            assert size >= MIN_TEXT and _fits(Placed(spec.kind, spec.key, place, b, spec.text, size, spec.bold))
        img = draw_board(v, LABELS[:players])
        assert img.size == (board_width(columns), lay.height)


def test_the_places_to_come_are_named_tiles() -> None:
    g = on_grid(_states(5, "short", False, False)[1], 5, 5)
    lay = board_layout(view(g, None), LABELS)
    assert set(lay.tiles) == set(range(1, 26))
    names = {}
    for item in lay.items:
        if item.kind == "name":
            names[item.place] = f"{names.get(item.place, '')} {item.text}".strip()
    assert {p: names[p] for p in PLACES_TO_COME} == PLACES_TO_COME
    assert PLACES_TO_COME[19] == "Tavern" and PLACES_TO_COME[25] == "Catacombs"


def test_any_number_of_tokens_stays_inside_its_tile() -> None:
    """A crowd no game makes (120 assistants on one tile) ends with a "+N more" chip: nothing
    spills out of the tile or covers anything."""
    g = _states(5, "short", False, False)[1].copy()
    g.last_move = None
    body = grid_geometry(g.width, tuple(g.layout)).frames[c.FOUNTAIN].body
    crowd = [*tokens_by_place(g).get(c.FOUNTAIN, []), *(assistant("red", k) for k in range(120))]
    index, boxes, shown = _crowd(body, crowd)
    assert shown[-1].kind == MORE_KIND and shown[-1].text == f"+{len(crowd) - len(shown) + 1} more"
    assert index == len(TOKEN_SCALES) - 1 and all(inside(b, body) for b in boxes)
    for one, other in itertools.combinations(boxes, 2):
        assert overlap(one, other) == 0


def test_where_the_last_move_started_is_no_token() -> None:
    """The outline left where a white merchant started is dashed, unfilled and says where it
    went: it looks like no token, least of all a white one; the key explains it."""
    g = _states(5, "short", False, False)[2].copy()
    white = next(p for p in g.players if p.colour == "white")
    source = white.merchant
    target = next(p for p in g.layout if p != source)
    white.merchant = target
    g.last_move = LastMove("merchant", white.seat, source, target)
    _, drawn = _plan(view(g, None), LABELS)
    (ghost, look) = next((p, lk) for p, lk in drawn if p.kind == GHOST_KIND)
    assert ghost.text == f"W→{target}" and ghost.place == source
    assert look.shape == "ghost" and look.fill is None
    token_shapes = {lk.shape for p, lk in drawn if p.kind in TOKENS}
    assert look.shape not in token_shapes
    assert all(lk.fill is not None for p, lk in drawn if p.kind in TOKENS)
