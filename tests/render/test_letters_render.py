"""Letters & Seals in the pictures: companions (a disc in the player's colour, unlike the
merchant's pill, the family member's house and the assistant's square), the Courier, each
player's open letters, delivered count and seals, the companion's place or supply, the double
move made this round, the Secret Society's Lira left, the kiosk tiles turned up (and who picked
which) and the running bid; readable on a phone at 5 and 2 players."""

from __future__ import annotations

import pytest

from bot import engine
from bot.engine.letters.parts import set_letters_board, set_letters_player
from bot.render import board_alt, render_turn, style
from bot.render.board import _plan, board_layout, tile_body_height
from bot.render.legend import legend_kind, sections
from bot.render.players import players_alt, players_layout
from tests.letters_positions import TEA_HOUSE, courier_token, letters_position

NAMES = ["Ann", "Bob", "Cem", "Dan", "Eda"]


def _state(lay: object, place: int) -> str:
    return " ".join(i.text for i in lay.items if i.place == place and i.kind == "place_state")  # type: ignore[attr-defined]


def test_the_new_places_show_their_state() -> None:
    g = letters_position()
    lay = board_layout(engine.view(g, None), NAMES)
    assert _state(lay, 21) == "letter pile: 22 discarded: 2"
    assert _state(lay, 22) == "turned up: K04 K11 K19 K07 R K15 B"
    assert _state(lay, 23) == "bid: 6 Lira B"
    assert _state(lay, 24) == "Lira bonus left: 2 Lira 1 Lira"
    looks = {p.key: look for p, look in _plan(engine.view(g, None), NAMES)[1] if p.kind == "place_state"}
    assert looks["kiosk.K07"].fill == style.PLAYER_FILL["red"] and looks["kiosk.K15"].fill == style.PLAYER_FILL["blue"]
    assert looks["kiosk.K04"].fill == style.EMPTY_CHIP and looks["auction.bidder"].fill == style.PLAYER_FILL["blue"]


def test_the_place_states_follow_the_game() -> None:
    g = letters_position()
    set_letters_board(g, kiosk_up=(), kiosk_taken=(), bid=0, bidder=-1, society_bonuses=(0, 1, 2))
    lay = board_layout(engine.view(g, None), NAMES)
    assert _state(lay, 22) == "kiosk tiles: 19"  # the tiles were taken out of the pile by the position
    assert _state(lay, 23) == ""
    assert _state(lay, 24) == "no Lira bonus left"


def test_the_tiles_keep_the_base_games_height() -> None:
    """Places 21-24 fit the tiles every game uses: the base game's pictures stay as they were."""
    assert tile_body_height(268) == 252


def test_companions_are_discs_in_their_owners_colour_and_the_courier_is_named() -> None:
    g = letters_position()
    set_letters_player(g, 2, companion=7)  # beside green's merchant on the Fountain
    with courier_token():
        lay = board_layout(engine.view(g, None), NAMES)
    companions = {i.key: i for i in lay.items if i.kind == "companion"}
    assert set(companions) == {"red", "green"}  # blue's is in its supply, the others not earned
    assert companions["red"].place == 16 and companions["green"].place == 7
    assert companions["green"].text == style.PLAYER_LETTER["green"]
    shapes = {i.kind: i for i in lay.items if i.place == 7 and i.key == "green"}
    assert shapes["merchant"].text != shapes["companion"].text  # "G·4" against "G"
    (courier,) = [i for i in lay.items if i.kind == "courier"]
    assert courier.place == TEA_HOUSE and courier.text == "Courier"


def test_the_key_shows_the_companion() -> None:
    kind = legend_kind(engine.view(letters_position(), None))
    tokens = sections(kind)[0]
    assert any(spec.kind == "companion" and words == "companion" for spec, words in tokens)
    assert tokens[-1][0].look.shape == "disc"
    assert {spec.look.shape for spec, _ in tokens[:3]} == {"pill", "house", "square"}


def test_each_strip_shows_letters_seals_companion_and_the_double_move_on_a_phone() -> None:
    g = letters_position()
    lay = players_layout(engine.view(g, None), NAMES)
    texts = [(i.seat, i.kind, i.text) for i in lay.texts()]
    assert [t for s, k, t in texts if s == 0 and k == "letter"] == ["3", "10"]
    assert [t for s, k, t in texts if s == 3 and k == "letter"] == ["24", "1", "2", "4"]
    assert [t for s, k, t in texts if k == "seals"] == [
        "2 delivered · 6 seals", "0 delivered · 1 seal", "0 delivered · 0 seals", "2 delivered · 8 seals",
        "1 delivered · 2 seals"]
    assert [t for s, k, t in texts if k == "companion"] == [
        "Companion at 16", "Companion in supply", "Companion not earned", "Companion not earned",
        "Companion not earned"]
    assert [(s, t) for s, k, t in texts if k == "double_move"] == [(4, "Double move used")]
    assert [t for s, k, t in texts if k == "letters" and s == 2] == ["No open letters"]
    for it in lay.texts():
        assert style.on_phone(it.size, lay.width) >= style.PHONE_TEXT, it
    chips = {(i.seat, i.key): i.fill for i in lay.items if i.kind == "letter_chip"}
    for it in lay.texts():
        if it.kind == "letter":
            assert style.contrast(it.colour, chips[it.seat, it.key]) >= 4.5  # type: ignore[arg-type]


def test_the_double_move_shows_only_in_its_round() -> None:
    g = letters_position()
    set_letters_player(g, 4, double_move_round=g.round - 1)
    lay = players_layout(engine.view(g, None), NAMES)
    assert not [i for i in lay.texts() if i.kind == "double_move"]


def test_the_alt_texts_say_the_same() -> None:
    g = letters_position()
    public = engine.view(g, None)
    words = players_alt(public, NAMES)
    assert "open letters for 3 and 10, 2 delivered, 6 seals, companion at 16" in words
    assert "no open letters, 0 delivered, 0 seals, companion not earned" in words
    assert "0 delivered, 1 seal, companion in supply" in words
    assert "2 seals, companion not earned, double move used this round" in words
    board = board_alt(public, NAMES)
    assert "At the Kiosk: kiosk tiles K04, K11, K19 turned up; red picked K07; blue picked K15." in board
    assert "At the Auction House blue bids 6 Lira." in board
    assert "The Secret Society's bonuses left: 2 and 1 Lira." in board


@pytest.mark.parametrize("players", [2, 5])
def test_the_pictures_render_at_every_size(players: int) -> None:
    g = letters_position(players=players)
    with courier_token():
        board, strips = render_turn(engine.view(g, None), NAMES)
    assert board.png.startswith(b"\x89PNG") and strips.png.startswith(b"\x89PNG")
