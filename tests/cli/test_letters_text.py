"""Letters & Seals in the terminal: `:b` shows the module's places (letter pile, kiosk tiles turned
up and picked, the bid, the Secret Society's Lira), the Courier, the companions in their cells and
each player's open letters, delivered count, seals, companion and double move; the chooser's
wheelbarrow names their letters; every line fits 80 columns at 5 players; `:h` finds every new
place, tile, card and rule."""

from __future__ import annotations

import pytest

from bot import engine
from bot.cli.board_text import board_lines, cell_lines
from bot.cli.play_text import help_lines, wheelbarrow
from bot.engine.letters.letter_deck import LETTER_DECK
from bot.engine.letters.parts import set_letters_board, set_letters_player
from tests.letters_positions import TEA_HOUSE, courier_token, letters_position

LONG = {s: "A very long player name" for s in range(5)}


def _short(lines: list[str]) -> list[str]:
    return [line for line in lines if not line.startswith(("+", "|"))]


def test_the_board_shows_the_new_places_and_the_courier() -> None:
    g = letters_position()
    lines = board_lines(engine.view(g, 0), LONG)
    assert "21 Embassy: letter pile 22, discard 2 | 24 Secret Society: bonus 2, 1 Lira" in lines
    assert "22 Kiosk: turned up K04 Two fruit, K11 Bonus card, K19 Off to the Fountain;" in lines
    assert "   picked: R (red) K07 One fruit; B (blue) K15 Companion home" in lines
    assert "23 Auction House: B (blue) bids 6 Lira" in lines
    assert "Courier: at Tea House (9)" in lines
    set_letters_board(g, kiosk_up=(), kiosk_taken=(), bid=0, bidder=-1, society_bonuses=(0, 1, 2), courier=0)
    lines = board_lines(engine.view(g, 0), LONG)
    assert "21 Embassy: letter pile 22, discard 2 | 24 Secret Society: no bonus left" in lines
    assert "22 Kiosk: 19 tiles in the pile" in lines and "23 Auction House: no auction running" in lines
    assert "Courier: beside the board" in lines


def test_companions_and_the_courier_stand_in_their_cells() -> None:
    g = letters_position()
    set_letters_player(g, 2, companion=7)
    with courier_token():
        view = engine.view(g, None)
        assert cell_lines(view, 16)[2] == "c:r"
        assert cell_lines(view, 7)[2] == "c:g" and cell_lines(view, 7)[1] == "R4 B4 G4 Y4 W4"
        assert cell_lines(view, TEA_HOUSE)[2] == "Cou"


def test_the_places_line_fits_80_columns_with_full_piles() -> None:
    g = letters_position()
    LETTER_DECK.set_pile(g, LETTER_DECK.pile(g) + LETTER_DECK.discard(g) * 7)
    set_letters_board(g, society_bonuses=())
    (line,) = [line for line in board_lines(engine.view(g, 0), LONG) if line.startswith("21 ")]
    assert line == "21 Embassy: letter pile 36, discard 2 | 24 Secret Society: bonus 3, 2, 1 Lira" and len(line) <= 80


def test_each_player_line_shows_letters_seals_companion_and_double_move_within_80_columns() -> None:
    g = letters_position()
    for viewer in (None, 0, 3):
        lines = board_lines(engine.view(g, viewer), LONG)
        extra = [line for line in lines if line.startswith("   letters to ")]
        assert extra == [
            "   letters to 3 10  delivered 2  seals 6  companion at 16",
            "   letters to 5  delivered 0  seals 1  companion in supply",
            "   letters to none  delivered 0  seals 0  companion not earned",
            "   letters to 24 1 2 4  delivered 2  seals 8  companion not earned",
            "   letters to none  delivered 1  seals 2  companion not earned  double move used",
        ]
        assert all(len(line) <= 80 for line in _short(lines)), lines
        assert max(len(line) for line in lines) <= 100


def test_the_wheelbarrow_names_the_choosers_letters() -> None:
    g = letters_position()
    lines = wheelbarrow(engine.view(g, 0), 0)
    assert "Seals 6 | companion at 16 | double move open this round (3+ seals)" in lines
    assert " ".join(line.strip() for line in lines if "Letters:" in line or line.startswith("   ")) == (
        "Letters: Spice Warehouse (3), Embassy (21) delivered, Large Market (10), Gemstone Dealer (16) delivered")
    lines = wheelbarrow(engine.view(g, 4), 4)
    assert "Seals 2 | companion not earned | double move used this round" in lines
    assert all(len(line) <= 80 for line in lines)


def test_base_and_mocha_boards_show_no_letters_lines() -> None:
    from tests.mocha_positions import mocha_position

    lines = board_lines(engine.view(mocha_position(), 0), LONG)
    assert not [line for line in lines if "letters" in line.lower() or "Courier" in line]


@pytest.mark.parametrize(
    ("topic", "start"),
    [("22", "Kiosk: Take 1 letter"), ("k19", "K19 Off to the Fountain: "), ("c.ldice", "Roll for a reward: "),
     ("double move", "Double move: "), ("courier", "Courier: "), ("seals", "Letters and seals: ")],
)
def test_help_finds_the_modules_topics(topic: str, start: str) -> None:
    g = letters_position()
    (line,) = help_lines(engine.view(g, 0), 0, topic)
    assert line.startswith(start)


def test_help_alone_explains_the_choosers_letters_cards() -> None:
    g = letters_position()
    hand = g.players[3].cards
    lines = help_lines(engine.view(g, 3), 3, "")
    cards = [line for line in lines if line.startswith("Your card: ")]
    assert len(cards) == len(set(hand)) and "None" not in " ".join(cards)


def test_a_long_hand_of_bonus_cards_wraps_within_80_columns() -> None:
    from tests.engine.helpers import give

    g = letters_position(players=3)
    give(g, 0, "copy", "good3.b", "pay3move", "familystep")
    lines = wheelbarrow(engine.view(g, 0), 0)
    assert all(len(line) <= 80 for line in lines), lines
    held = " ".join(line.strip() for line in lines if line.startswith(("Bonus cards:", "  ")))
    assert "Copy the discard (c.copy)" in held and "Pay 3, go anywhere (c.pay3move)" in held
