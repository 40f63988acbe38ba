"""The wheelbarrow panels, checked through their layout data: one panel per player with every
part in it, texts that fit their boxes at 14 px or more, no shapes on top of each other, and
nothing that depends on who is looking."""

from __future__ import annotations

import itertools

import pytest

from bot import engine
from bot.cli.playout import GameConfig
from bot.cli.render import play_to_turn
from bot.engine import GameState
from bot.engine.components import GOODS, ruby_target
from bot.render import style
from bot.render.panels import PANEL_WIDTH, Box, Item, PanelLayout, draw_panels, fits, panel_layout

NAMES = ["Ann", "Bob", "Cem", "Dan", "Eda"]


def inside(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def overlap(a: Box, b: Box) -> int:
    """How far two boxes overlap (the smaller of the x and y overlaps; 0 when apart)."""
    return max(0, min(min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])))


def _state(players: int, seed: int = 3, turn: int = 120, **config: object) -> GameState:
    return play_to_turn(GameConfig(players=players, **config), seed, turn)  # type: ignore[arg-type]


def _crowded(players: int = 5) -> GameState:
    """A position with every panel as full as it gets: capacity 5 and full, the most rubies,
    every mosque tile, a big Lira count, many cards, a neutral assistant, the Caravan Leader."""
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


def _check_geometry(layout: PanelLayout, players: int) -> None:
    assert layout.width == PANEL_WIDTH and sorted(layout.panels) == list(range(players))
    image = (0, 0, layout.width, layout.height)
    for one, other in itertools.combinations(layout.panels.values(), 2):
        assert overlap(one, other) == 0
    for it in layout.items:
        assert inside(layout.panels[it.seat], image)
        assert inside(it.box, layout.panels[it.seat]), it
    for it in layout.texts():
        assert it.size >= style.MIN_TEXT, it
        assert fits(it.text, it.size, it.bold, it.box, it.align), it
    for seat in range(players):
        shapes = [i for i in layout.items if i.seat == seat and not i.is_text and i.kind != "panel"]
        for a, b in itertools.combinations(shapes, 2):
            assert overlap(a.box, b.box) == 0, (a, b)
        texts = [i for i in layout.texts() if i.seat == seat]
        for a, b in itertools.combinations(texts, 2):
            assert overlap(a.box, b.box) == 0, (a, b)


def _text(layout: PanelLayout, seat: int, kind: str) -> str:
    (item,) = layout.of(seat, kind)
    return item.text


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_player_has_a_panel_that_fits(players: int) -> None:
    layout = panel_layout(engine.view(_state(players), None), NAMES[:players])
    _check_geometry(layout, players)


def test_a_crowded_panel_still_fits() -> None:
    g = _crowded()
    long = "A very long name indeed, longer than any panel"
    layout = panel_layout(engine.view(g, None), [long] * 5)
    _check_geometry(layout, 5)
    names = {i.seat: i.text for i in layout.items if i.kind == "name"}
    assert all(long.startswith(n.removesuffix("…")) for n in names.values())
    assert names[0].endswith("…") and names[4].endswith("…")  # beside the start player's and the leader's badges
    assert "neutral" in _text(layout, 0, "assistants")


@pytest.mark.parametrize("players", [2, 5])
def test_panels_show_each_players_resources(players: int) -> None:
    g = _state(players, turn=300)
    layout = panel_layout(engine.view(g, None), NAMES)
    target = ruby_target(players, 0)
    for p in g.players:
        seat = p.seat
        assert _text(layout, seat, "name") == NAMES[seat]
        (mark,) = layout.of(seat, "mark_letter")
        assert mark.text == style.PLAYER_LETTER[p.colour]
        assert [i.text for i in layout.of(seat, "good_label")] == ["F", "S", "Fr", "J"]  # every row says its good
        for good, have in zip(GOODS, p.goods, strict=True):
            filled = [i for i in layout.of(seat, "good") if i.key.startswith(f"{good}.")]
            empty = [i for i in layout.of(seat, "slot") if i.key.startswith(f"{good}.")]
            assert len(filled) == have and len(filled) + len(empty) == p.capacity
        assert len(layout.of(seat, "ruby")) == min(p.rubies, target)
        assert len(layout.of(seat, "ruby")) + len(layout.of(seat, "ruby_slot")) == target
        assert _text(layout, seat, "rubies") == f"{p.rubies}/{target} rubies"
        assert _text(layout, seat, "lira") == f"Lira: {p.lira}"
        assert _text(layout, seat, "cards") == f"Bonus cards: {len(p.cards)}"
        assert _text(layout, seat, "extensions") == f"Extensions: {p.extensions} of 3"
        assert [i.key for i in layout.of(seat, "mosque_tile")] == list(p.mosque_tiles)
        out = len(p.assistants)
        assert _text(layout, seat, "assistants").startswith(f"Assistants: {p.stack.count('o')} in stack, {out} left out")
        assert len(layout.of(seat, "start")) == (seat == 0)
        assert len(layout.of(seat, "leader")) == (g.board.caravan_leader == seat)
        (panel,) = layout.of(seat, "panel")
        assert (panel.outline == style.HIGHLIGHT) == (seat == g.turn.player and not g.finished)


def test_markers_and_mosque_tiles() -> None:
    g = _state(3, turn=5, caravan_leader=True)
    g.board.caravan_leader = 2
    g.players[1].mosque_tiles = ("green", "yellow")
    layout = panel_layout(engine.view(g, None), NAMES)
    assert [(i.seat, i.text) for i in layout.items if i.kind == "start_text"] == [(0, "Start player")]
    assert [(i.seat, i.text) for i in layout.items if i.kind == "leader_text"] == [(2, "Caravan Leader")]
    assert not [i for i in layout.items if i.kind == "winner"]
    assert [(i.key, i.text) for i in layout.of(1, "mosque_tile_text")] == [("green", "green"), ("yellow", "yellow")]
    assert _text(layout, 1, "mosque_label") == "Mosque tiles:"
    assert _text(layout, 0, "mosque_none") == "none"
    # the start player holding the Caravan Leader too: both badges, shortened, and the name still shows
    g.board.caravan_leader = 0
    layout = panel_layout(engine.view(g, None), ["Alexandra Konstantinopoulou", "Bob", "Cem"])
    _check_geometry(layout, 3)
    assert [i.text for i in layout.of(0, "start_text") + layout.of(0, "leader_text")] == ["Start", "Caravan"]
    assert len(_text(layout, 0, "name").removesuffix("…")) >= 6


def test_the_final_position_marks_the_winners() -> None:
    g = _state(4, turn=100000)
    assert g.finished
    layout = panel_layout(engine.view(g, None), NAMES)
    _check_geometry(layout, 4)
    assert sorted(i.seat for i in layout.items if i.kind == "winner") == engine.winners(g)
    assert {i.text for i in layout.items if i.kind == "winner_text"} == {"Winner"}
    assert not [i for i in layout.items if i.kind == "panel" and i.outline == style.HIGHLIGHT]  # nobody to play


def test_panels_never_depend_on_the_viewer() -> None:
    """Only card counts are drawn: every seat's view gives the public view's layout."""
    g = _state(4, turn=200)
    assert any(p.cards for p in g.players)
    public = panel_layout(engine.view(g, None), NAMES)
    for viewer in range(4):
        assert panel_layout(engine.view(g, viewer), NAMES) == public
    texts = " ".join(i.text for i in public.texts())
    assert "?" not in texts and "good of your choice" not in texts


def test_missing_labels_fall_back_to_seat_numbers() -> None:
    layout = panel_layout(engine.view(_state(3, turn=1), None), ["Ann", "  "])
    assert [_text(layout, s, "name") for s in range(3)] == ["Ann", "Seat 2", "Seat 3"]


def test_draw_panels_is_opaque_and_fills_the_given_height() -> None:
    view = engine.view(_state(2), None)
    image = draw_panels(view, NAMES, height=900)
    assert image.mode == "RGBA" and image.size == (PANEL_WIDTH, 900)
    alpha = image.getchannel("A").getextrema()
    assert alpha == (255, 255)
    tall = draw_panels(view, NAMES, height=10)
    assert tall.height == panel_layout(view, NAMES).height > 10


def test_items_are_plain_data() -> None:
    item = Item("lira", "", 0, (0, 0, 10, 10), text="x", size=14)
    assert item.is_text and not Item("good", "red.0", 0, (0, 0, 5, 5), shape="rect").is_text
