"""Mocha & Baksheesh in the pictures: the places' state, the Barrier across its edge with its
controller, coffee, guild-card counts and Tavern tiles in each strip, readable on a phone at 5
players; guild cards with their texts in the private image only (re-dealing the guild hands and
pile leaves the public pictures identical)."""

from __future__ import annotations

import pytest

from bot import engine
from bot.engine.mocha.guild_deck import GUILD_DECK
from bot.engine.mocha.parts import set_mocha_board
from bot.engine.texts import CARD_TEXTS
from bot.render import render_turn, style
from bot.render.board import board_layout, tile_body_height
from bot.render.layout import inside
from bot.render.players import players_layout
from bot.render.private import private_layout
from tests.mocha_positions import barrier_edge, mocha_position

NAMES = ["Ann", "Bob", "Cem", "Dan", "Eda"]


def _state(lay: object, place: int) -> str:
    return " ".join(i.text for i in lay.items if i.place == place and i.kind == "place_state")  # type: ignore[attr-defined]


def test_the_new_places_show_their_state() -> None:
    g = mocha_position()
    lay = board_layout(engine.view(g, None), NAMES)
    assert _state(lay, 18) == f"guild pile: {len(GUILD_DECK.pile(g))} discarded: 1"
    assert _state(lay, 19) == "Movement 3 Encounter 2 Baksheesh B: F S J +4 coffee → ruby"
    assert _state(lay, 20) == "4 rubies left next ruby: 7 coffee"
    assert _state(lay, 17) == ""
    set_mocha_board(g, movement_tiles=(), encounter_tiles=(4,), baksheesh="a")
    lay = board_layout(engine.view(g, None), NAMES)
    assert _state(lay, 19) == "Movement – Encounter 4 Baksheesh A: Fr Fr Fr +4 coffee → ruby"


def test_the_tiles_keep_the_base_games_height() -> None:
    """Places 17-20 fit the tiles every game uses: the base game's pictures stay as they were."""
    assert tile_body_height(268) == 252


@pytest.mark.parametrize("across", [True, False])
def test_the_barrier_is_drawn_across_its_edge_with_its_controller(across: bool) -> None:
    g = mocha_position()
    a, b = barrier_edge(g, across)
    set_mocha_board(g, barrier=(a, b), barrier_controller=1)
    lay = board_layout(engine.view(g, None), NAMES)
    (bar,) = [i for i in lay.items if i.kind == "barrier"]
    (disc,) = [i for i in lay.items if i.kind == "barrier_control"]
    ta, tb = lay.tiles[a], lay.tiles[b]
    assert bar.key == f"{a}-{b}" and disc.text == style.PLAYER_LETTER[g.players[1].colour] and disc.key == "blue"
    if across:  # the bar crosses the gap between the two tiles and stays within their height
        left, right = sorted((ta, tb))
        assert bar.box[0] < left[2] <= right[0] < bar.box[2]
        assert left[1] < bar.box[1] < bar.box[3] < left[3]
    else:
        top, bottom = sorted((ta, tb), key=lambda t: t[1])
        assert bar.box[1] < top[3] <= bottom[1] < bar.box[3]
        assert top[0] < bar.box[0] < bar.box[2] < top[2]
    assert inside(disc.box, (min(ta[0], tb[0]), min(ta[1], tb[1]), max(ta[2], tb[2]), max(ta[3], tb[3])))
    set_mocha_board(g, barrier=None, barrier_controller=-1)
    assert not [i for i in board_layout(engine.view(g, None), NAMES).items if i.kind.startswith("barrier")]


def test_each_strip_shows_coffee_guild_count_and_tavern_tiles_on_a_phone() -> None:
    g = mocha_position()
    lay = players_layout(engine.view(g, None), NAMES)
    texts = {(i.seat, i.kind): i for i in lay.texts()}
    assert texts[0, "coffee"].text == "3 coffee" and texts[1, "coffee"].text == "12 coffee"
    assert [texts[s, "guild"].text for s in range(5)] == [
        "2 guild cards", "1 guild card", "0 guild cards", "3 guild cards", "1 guild card"]
    assert sorted(i.text for i in lay.texts() if i.kind == "tavern_tile" and i.seat == 1) == ["Encounter", "Movement"]
    assert not [i for i in lay.texts() if i.kind == "tavern_tile" and i.seat in (2, 3, 4)]
    for it in lay.texts():
        assert style.on_phone(it.size, lay.width) >= style.PHONE_TEXT, it
    under = {i.key: i.fill for i in lay.items if i.kind == "coffee_chip"}
    assert style.contrast(texts[0, "coffee"].colour, under["coffee"]) >= 4.5  # type: ignore[arg-type]
    assert lay.height <= 1.4 * lay.width  # five players still fit a phone screen or two


def test_the_alt_text_says_coffee_guild_cards_and_tiles() -> None:
    g = mocha_position()
    _, players = render_turn(engine.view(g, None), NAMES)
    assert "12 coffee, 1 guild cards, Tavern tiles encounter and movement" in players.alt


def test_no_guild_card_face_in_the_public_pictures() -> None:
    """Re-dealing every guild hand and the pile gives byte-identical public pictures."""
    g = mocha_position()
    other = mocha_position(hands=(("g2", "g4"), ("g6",), (), ("g8", "g10", "g11"), ("g13",)))
    assert [GUILD_DECK.hand(p) for p in g.players] != [GUILD_DECK.hand(p) for p in other.players]
    assert render_turn(engine.view(g, None), NAMES) == render_turn(engine.view(other, None), NAMES)
    assert render_turn(engine.view(g, 2), NAMES) == render_turn(engine.view(g, None), NAMES)


def test_the_private_image_shows_the_seats_guild_cards_with_their_texts() -> None:
    g = mocha_position()
    lay = private_layout(engine.view(g, 3), 3, NAMES)
    assert sorted(i.key for i in lay.items if i.kind == "guild") == ["g20", "g3", "g5"]
    names = {i.key: i.text for i in lay.items if i.kind == "guild_name"}
    assert names["g3"] == "Spice guild (guild 3)"
    body = " ".join(i.text for i in lay.items if i.kind == "guild_text" and i.key.startswith("g5."))
    assert body == " ".join(CARD_TEXTS["g5"].split())
    assert any(i.text == "Guild cards: 3" for i in lay.items if i.kind == "section")
    empty = private_layout(engine.view(g, 2), 2, NAMES)
    assert any(i.text == "Guild cards: none" for i in empty.items if i.kind == "section")
    with pytest.raises(ValueError):
        private_layout(engine.view(g, 2), 3, NAMES)  # another seat's hand is hidden in this view


def test_the_board_alt_text_says_where_the_barrier_stands() -> None:
    g = mocha_position()
    a, b = barrier_edge(g)
    board, _ = render_turn(engine.view(g, None), NAMES)
    names = {1: "Wainwright", 2: "Fabric Warehouse", 8: "Black Market"}
    assert f"The Barrier stands between {names[a]} and {names[b]}; only blue may cross it." in board.alt
    set_mocha_board(g, barrier=None, barrier_controller=-1)
    assert "Barrier" not in render_turn(engine.view(g, None), NAMES)[0].alt


def test_the_key_explains_the_barrier_in_mocha_games_only() -> None:
    from bot.render.legend import legend_kind, legend_layout

    g = mocha_position()
    key = legend_layout(legend_kind(engine.view(g, None)), 1400)
    assert key is not None
    words = [p.text for p in key.placed() if p.kind == "key_text"]
    assert "Barrier on the edge between two places" in words and "its holder may cross it" in words
    base = engine.new_game(engine.GameSettings(players=5), ["red", "blue", "green", "yellow", "white"], 3)
    base_key = legend_layout(legend_kind(engine.view(base, None)), 1400)
    assert base_key is not None and not [p for p in base_key.placed() if "Barrier" in p.text]
