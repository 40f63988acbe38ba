"""A Great Bazaar position for the picture tests: a fresh 5x5 game of both expansions whose parts
are edited to show every token and state the rules allow at once: both expansions' states
(`show_mocha`, `show_letters`: coffee, guild hands, Tavern tiles, the Barrier, letters, companions,
kiosk tiles turned up and picked, a bid), and the tokens spread over the board: the merchants on
five places (one in the Catacombs), assistants waiting, family members away from the Police
Station, the Governor, the Smuggler, the Coffee trader and the Courier each on a place of its own."""

from __future__ import annotations

from bot.engine import GameState, new_game, preview_settings
from bot.engine.bazaar import CATACOMBS
from bot.engine.invariants import violations
from bot.engine.letters.parts import letters_player, set_letters_board, set_letters_player
from bot.engine.mocha.parts import set_mocha_board
from tests.letters_positions import show_letters
from tests.mocha_positions import COLOURS, show_mocha

# Where each seat's merchant stands (seat 2 in the Catacombs) and its family member; no seat's
# letters are addressed to where its own tokens stand.
MERCHANTS = (6, 12, CATACOMBS, 19, 23)
FAMILY = (18, 12, 17, 20, 12)
COURIER, COFFEE_TRADER = 9, 11


def bazaar_position(players: int = 5, seed: int = 7) -> GameState:
    g = new_game(preview_settings(players=players, expansions=("mocha", "letters")), COLOURS[:players], seed).copy()
    show_mocha(g)
    show_letters(g)
    for seat in range(players):
        p = g.mut(seat)
        p.merchant, p.family = MERCHANTS[seat], FAMILY[seat]
        p.assistants = (MERCHANTS[(seat + 1) % players], 8)[: 1 + seat % 2]
        p.stack = p.stack[: max(0, len(p.stack) - len(p.assistants))]
        own = {p.merchant, p.family}
        letters = letters_player(g, seat).letters
        set_letters_player(g, seat, letters=tuple(letter for letter in letters if letter[0] not in own))
    set_letters_player(g, 0, companion=21)
    set_letters_board(g, courier=COURIER)
    set_mocha_board(g, coffee_trader=COFFEE_TRADER)
    g.board.governor, g.board.smuggler = 14, 2
    # the bid and the kiosk tiles lie out as in the middle of those actions (as `letters_position`
    # shows them); everything else is a position the rules allow
    wrong = [v for v in violations(g) if not v.startswith(("an auction bid stands", "kiosk tiles lie turned up"))]
    assert wrong == [], wrong
    return g
