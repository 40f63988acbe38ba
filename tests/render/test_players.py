"""The players image, checked through its layout data: a strip per player with every figure in
it, texts that fit their boxes, nothing on top of each other, the turn player marked, the final
ranking with the tie-break of each place, and nothing that depends on who is looking."""

from __future__ import annotations

import itertools

import pytest

from bot import engine
from bot.cli.render import play_to_turn
from bot.engine import GameSettings, GameState, Standing
from bot.engine.components import GOODS, ruby_target
from bot.render import style
from bot.render.items import Box, fits
from bot.render.players import (
    PLAYERS_WIDTH,
    SMALLEST,
    PlayersLayout,
    draw_players,
    players_alt,
    players_layout,
)
from bot.render.ranking import decided, ordinal, ranking

NAMES = ["Ann", "Bob", "Cem", "Dan", "Eda"]


def inside(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def overlap(a: Box, b: Box) -> int:
    return max(0, min(min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])))


def _state(players: int, seed: int = 3, turn: int = 120, **config: object) -> GameState:
    return play_to_turn(GameSettings(players=players, **config), seed, turn)  # type: ignore[arg-type]


def _crowded(players: int = 5) -> GameState:
    """Every strip as full as it gets: capacity 5 and full, the most rubies, every mosque tile, a
    big Lira count, many cards, a neutral assistant in the stack, the Caravan Leader."""
    g = _state(players, turn=1)
    for p in g.players:
        p.extensions = 3
        p.goods = (5, 5, 5, 5)
        p.rubies = 6
        p.mosque_tiles = ("red", "green", "blue", "yellow")
        p.lira = 1234
        p.cards = ("good",) * 12
        p.stack = "ooon"
        p.assistants = (3, 7)
    g.board.caravan_leader = players - 1
    return g


def _check_geometry(layout: PlayersLayout, players: int) -> None:
    assert layout.width == PLAYERS_WIDTH and sorted(layout.strips) == list(range(players))
    image = (0, 0, layout.width, layout.height)
    for one, other in itertools.combinations(layout.strips.values(), 2):
        assert overlap(one, other) == 0
    for it in layout.items:
        assert inside(it.box, image), it
        if it.seat >= 0:
            assert inside(it.box, layout.strips[it.seat]), it
    for it in layout.texts():
        assert it.size >= SMALLEST, it
        assert fits(it.text, it.size, it.bold, it.box, it.align), it
    for seat in [-1, *range(players)]:
        shapes = [i for i in layout.items if i.seat == seat and not i.is_text and i.kind != "strip"]
        for a, b in itertools.combinations(shapes, 2):
            assert overlap(a.box, b.box) == 0, (a, b)
        texts = [i for i in layout.texts() if i.seat == seat]
        for a, b in itertools.combinations(texts, 2):
            assert overlap(a.box, b.box) == 0 or a.box == b.box, (a, b)


def _text(layout: PlayersLayout, seat: int, kind: str) -> str:
    (item,) = layout.of(seat, kind)
    return item.text


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_player_has_a_strip_that_fits(players: int) -> None:
    layout = players_layout(engine.view(_state(players), None), NAMES[:players], "Red: Fountain")
    _check_geometry(layout, players)
    assert layout.order == tuple(range(players))  # seat order while the game goes on


def test_a_crowded_strip_still_fits() -> None:
    g = _crowded()
    long = "A very long name indeed, longer than any strip"
    layout = players_layout(engine.view(g, None), [long] * 5, "x" * 300)
    _check_geometry(layout, 5)
    names = {i.seat: i.text for i in layout.items if i.kind == "name"}
    assert all(long.startswith(n.removesuffix("…")) for n in names.values())
    assert _text(layout, 0, "stack") == "3 in stack +1 N"
    (caption,) = [i for i in layout.texts() if i.kind == "caption"]
    assert caption.text.endswith("…")


@pytest.mark.parametrize("players", [2, 5])
def test_strips_show_each_players_figures(players: int) -> None:
    g = _state(players, turn=300)
    layout = players_layout(engine.view(g, None), NAMES)
    target = ruby_target(players, 0)
    for p in g.players:
        seat = p.seat
        assert _text(layout, seat, "name") == NAMES[seat]
        (mark,) = layout.of(seat, "mark_letter")
        assert mark.text == style.PLAYER_LETTER[p.colour]
        goods = {i.key: i.text for i in layout.of(seat, "goods")}
        assert goods == {good: f"{style.GOOD_LETTER[good]} {n}/{p.capacity}" for good, n in zip(GOODS, p.goods, strict=True)}
        assert len(layout.of(seat, "ruby")) == p.rubies
        assert len(layout.of(seat, "ruby")) + len(layout.of(seat, "ruby_slot")) == max(target, p.rubies)
        assert _text(layout, seat, "rubies") == f"{p.rubies}/{target}"
        assert _text(layout, seat, "lira") == f"{p.lira} Lira"
        assert _text(layout, seat, "cards") == f"{len(p.cards)} card{'' if len(p.cards) == 1 else 's'}"
        assert _text(layout, seat, "stack") == f"{p.stack.count('o')} in stack"
        assert [i.key for i in layout.of(seat, "mosque_tile")] == list(p.mosque_tiles)
        assert len(layout.of(seat, "start")) == (seat == 0)
        assert len(layout.of(seat, "turn_badge")) == (seat == g.turn.player)
        (strip,) = layout.of(seat, "strip")
        assert (strip.outline == style.HIGHLIGHT) == (seat == g.turn.player and not g.finished)
    title = {i.kind: i.text for i in layout.texts() if i.seat == -1}
    assert title["round"] == f"Round {g.round}" and title["turn"] == NAMES[g.turn.player]
    assert title["turn_suffix"] == "to play" and title["caption"] == "No move yet."


def test_markers_and_status() -> None:
    g = _state(3, turn=5, caravan_leader=True)
    g.board.caravan_leader = 2
    g.end_triggered = True
    layout = players_layout(engine.view(g, None), NAMES)
    assert [(i.seat, i.text) for i in layout.items if i.kind == "start_text"] == [(0, "Start")]
    assert [(i.seat, i.text) for i in layout.items if i.kind == "leader_text"] == [(2, "Leader")]
    assert [i.text for i in layout.items if i.kind == "status_text"] == ["Last round!"]
    _check_geometry(layout, 3)


def test_the_final_ranking_tells_the_tie_break_of_each_place() -> None:
    """At the end the strips come in the ranking's order, each with its place and the tie-break
    that decided it; a tie in everything shares the place."""
    g = _state(4, turn=100000)
    assert g.finished
    for p, (rubies, lira) in zip(g.players, ((5, 10), (5, 12), (3, 40), (5, 12)), strict=True):
        p.rubies, p.lira, p.goods, p.cards = rubies, lira, (1, 1, 0, 0), ()
    g.players[3].goods = (1, 0, 0, 0)
    layout = players_layout(engine.view(g, None), NAMES)
    _check_geometry(layout, 4)
    assert layout.order == (1, 3, 0, 2)
    places = {seat: (_text(layout, seat, "place_text"), _text(layout, seat, "decided")) for seat in range(4)}
    assert places == {
        1: ("1st", "ahead on goods 2–1"),
        3: ("2nd", "ahead on Lira 12–10"),
        0: ("3rd", "ahead on rubies 5–3"),
        2: ("4th", "behind on rubies 3–5"),
    }
    assert [i.text for i in layout.items if i.kind == "status_text"] == ["Game over"]
    assert not [i for i in layout.items if i.kind == "strip" and i.outline == style.HIGHLIGHT]
    assert not [i for i in layout.texts() if i.kind in ("turn", "turn_badge_text")]
    assert "2nd:" in players_alt(engine.view(g, None), NAMES)
    g.players[3].goods = (1, 1, 0, 0)  # now level with seat 1 in everything
    tied = players_layout(engine.view(g, None), NAMES)
    assert _text(tied, 1, "place_text") == _text(tied, 3, "place_text") == "1st"
    assert _text(tied, 1, "decided") == "tied on every count"


def test_ranking_words() -> None:
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]  # fmt: skip
    a, b = Standing(0, 1, 5, 3, 2, 1), Standing(1, 2, 5, 3, 2, 0)
    assert decided(a, b) == "ahead on bonus cards 1–0" and decided(b, a) == "behind on bonus cards 0–1"
    assert [p.decided for p in ranking([a, b])] == ["ahead on bonus cards 1–0", "behind on bonus cards 0–1"]


def test_strips_never_depend_on_the_viewer() -> None:
    """Only card counts are drawn: every seat's view gives the public view's layout."""
    g = _state(4, turn=200)
    assert any(p.cards for p in g.players)
    public = players_layout(engine.view(g, None), NAMES)
    for viewer in range(4):
        assert players_layout(engine.view(g, viewer), NAMES) == public
        assert players_alt(engine.view(g, viewer), NAMES) == players_alt(engine.view(g, None), NAMES)
    texts = " ".join(i.text for i in public.texts())
    assert "?" not in texts and "good of your choice" not in texts


def test_missing_labels_fall_back_to_seat_numbers() -> None:
    layout = players_layout(engine.view(_state(3, turn=1), None), ["Ann", "  "])
    assert [_text(layout, s, "name") for s in range(3)] == ["Ann", "Seat 2", "Seat 3"]


def test_draw_players_is_opaque_rgb() -> None:
    view = engine.view(_state(2), None)
    image = draw_players(view, NAMES, "Red: Fountain")
    lay = players_layout(view, NAMES, "Red: Fountain")
    assert image.mode == "RGB" and image.size == (lay.width, lay.height)
    assert image.getpixel((1, 1)) == style.BACKGROUND
