"""The private image: exactly the seat's cards (one card box per kind, "x2" for copies) with
their full rule texts, the mosque tiles' abilities, a clear image for an empty hand, and texts
that fit their boxes."""

from __future__ import annotations

import io
import itertools
import random
from collections import Counter

import pytest
from PIL import Image

from bot import engine
from bot.cli.render import play_to_turn
from bot.engine import GameSettings, GameState
from bot.engine.components import BASE_BONUS_CARDS
from bot.engine.texts import CARD_NAMES, CARD_TEXTS, MOSQUE_TILE_TEXTS
from bot.render import render_private, style
from bot.render.items import Box, fits
from bot.render.private import PRIVATE_WIDTH, PrivateLayout, draw_private, private_layout

NAMES = ["Ann", "Bob", "Cem", "Dan", "Eda"]


def _overlap(a: Box, b: Box) -> int:
    return max(0, min(min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])))


def _inside(inner: Box, outer: Box) -> bool:
    return outer[0] <= inner[0] and outer[1] <= inner[1] and inner[2] <= outer[2] and inner[3] <= outer[3]


def _state(players: int = 3, turn: int = 150, seed: int = 4) -> GameState:
    return play_to_turn(GameSettings(players=players), seed, turn)


def _check(layout: PrivateLayout) -> None:
    assert layout.width == PRIVATE_WIDTH
    image = (0, 0, layout.width, layout.height)
    for it in layout.items:
        assert _inside(it.box, image), it
    for it in layout.texts():
        assert it.size >= style.MIN_TEXT and fits(it.text, it.size, it.bold, it.box, it.align), it
    boxes = [i for i in layout.items if i.kind in ("card", "tile", "empty")]
    for a, b in itertools.combinations(boxes, 2):
        assert _overlap(a.box, b.box) == 0, (a, b)
    for box in boxes:
        parts = [
            i for i in layout.items
            if i is not box and i.key.split(".")[0] == box.key
            and (i.kind.startswith(f"{box.kind}_") or (box.kind == "card" and i.kind.startswith("count")))
        ]
        assert parts, box
        for it in parts:
            assert _inside(it.box, box.box), (it, box)


def _rule_text(layout: PrivateLayout, kind: str, key: str) -> str:
    lines = [i for i in layout.items if i.kind == f"{kind}_text" and i.key.split(".")[0] == key]
    return " ".join(i.text for i in lines)


def test_the_image_shows_exactly_the_seats_cards() -> None:
    g = _state()
    for seat in range(3):
        hand = Counter(g.players[seat].cards)
        layout = private_layout(engine.view(g, seat), seat, NAMES)
        _check(layout)
        assert sorted(c.key for c in layout.cards()) == sorted(hand)
        assert layout.counts() == dict(hand)
    assert any(g.players[s].cards for s in range(3))


def test_every_card_kind_with_copies_and_every_tile() -> None:
    g = _state(turn=1)
    p = g.players[1]
    p.cards = tuple(sorted(k for k, n in BASE_BONUS_CARDS.items() for _ in range(n)))
    p.mosque_tiles = ("red", "green", "blue", "yellow")
    layout = private_layout(engine.view(g, 1), 1, NAMES)
    _check(layout)
    assert [c.key for c in layout.cards()] == [k for k in CARD_NAMES if k in BASE_BONUS_CARDS]  # the rule book's order
    assert layout.counts() == BASE_BONUS_CARDS
    for kind in BASE_BONUS_CARDS:
        (name,) = [i for i in layout.items if i.kind == "card_name" and i.key == kind]
        assert name.text == CARD_NAMES[kind]
        assert _rule_text(layout, "card", kind) == " ".join(CARD_TEXTS[kind].split())
    assert [i.key for i in layout.items if i.kind == "tile"] == ["red", "green", "blue", "yellow"]
    for colour in p.mosque_tiles:
        assert _rule_text(layout, "tile", colour) == " ".join(MOSQUE_TILE_TEXTS[colour].split())
    assert draw_private(engine.view(g, 1), 1, NAMES).size == (PRIVATE_WIDTH, layout.height)


def test_an_empty_hand_says_so() -> None:
    g = _state(turn=1)
    g.players[2].cards = ()
    layout = private_layout(engine.view(g, 2), 2, NAMES)
    _check(layout)
    assert layout.cards() == [] and layout.counts() == {}
    assert [i.text for i in layout.items if i.kind == "empty_text"] == ["No bonus cards in your hand."]
    assert not [i for i in layout.items if i.kind == "tile"]
    assert [i.text for i in layout.items if i.kind == "section"] == ["Bonus cards", "Your mosque tiles: none yet"]
    g.players[2].mosque_tiles = ("blue",)
    layout = private_layout(engine.view(g, 2), 2, NAMES)
    _check(layout)
    assert [i.key for i in layout.items if i.kind == "tile"] == ["blue"]


def test_a_large_hand_of_one_kind_is_one_card_with_its_count() -> None:
    g = _state(turn=1)
    g.players[0].cards = ("lira5",) * 11
    layout = private_layout(engine.view(g, 0), 0, NAMES)
    _check(layout)
    assert layout.counts() == {"lira5": 11}
    assert [i.text for i in layout.items if i.kind == "section"][0] == "Bonus cards: 11"


@pytest.mark.parametrize("size", [0, 1, 3, 8, 12, 26])
def test_hands_of_any_size_stay_within_the_image(size: int) -> None:
    """From no card to every card of the deck: nothing overflows, the image grows with the hand."""
    g = _state(turn=1)
    deck = [k for k, n in BASE_BONUS_CARDS.items() for _ in range(n)]
    g.players[1].cards = tuple(sorted(random.Random(size).sample(deck, size)))
    g.players[1].mosque_tiles = ("red", "blue")
    layout = private_layout(engine.view(g, 1), 1, NAMES)
    _check(layout)
    assert sum(layout.counts().values()) == size
    image = draw_private(engine.view(g, 1), 1, NAMES)
    assert image.size == (PRIVATE_WIDTH, layout.height) and image.mode == "RGB"


def test_the_header_shows_only_the_seats_own_things() -> None:
    """Nothing about the other seats: no other name, no other hand, no count of theirs."""
    g = _state(players=4, turn=200)
    for seat in range(4):
        layout = private_layout(engine.view(g, seat), seat, NAMES)
        texts = " ".join(i.text for i in layout.texts())
        for other in range(4):
            if other != seat:
                assert NAMES[other] not in texts
        shown = {i.key.split(".")[0] for i in layout.items if i.kind in ("card", "card_name", "card_text")}
        assert shown == set(g.players[seat].cards)


def test_a_view_that_hides_the_cards_is_refused() -> None:
    g = _state(turn=1)
    assert g.players[0].cards
    with pytest.raises(ValueError, match="does not show the cards"):
        private_layout(engine.view(g, None), 0, NAMES)
    with pytest.raises(ValueError):
        render_private(engine.view(g, 1), 0, NAMES)


def test_the_title_names_the_seat() -> None:
    g = _state(turn=1)
    layout = private_layout(engine.view(g, 0), 0, ["Zoë"])
    (title,) = [i for i in layout.items if i.kind == "title"]
    assert title.text.startswith("Zoë")
    (mark,) = [i for i in layout.items if i.kind == "mark_letter"]
    assert mark.text == style.PLAYER_LETTER[g.players[0].colour]


def test_render_private_is_a_deterministic_png() -> None:
    g = _state(players=5, turn=250)
    for seat in range(5):
        data = render_private(engine.view(g, seat), seat, NAMES)
        assert data == render_private(engine.view(g, seat), seat, NAMES)
        with Image.open(io.BytesIO(data)) as image:
            assert image.format == "PNG" and image.mode == "RGB" and image.width == PRIVATE_WIDTH
