"""The Great Bazaar's set-up (issue 25 item 1; rulebook "The Great Bazaar", components.md §16,
RULES-NOTES D-11, D-21): places 1-25 in a random 5x5 grid, the Fountain in the centre, the Black
Market and the Tea House apart as on every random layout, all 72 bonus cards, and every piece of
both expansions."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine import GameState, RuleOptions, bazaar, new_game, preview_settings
from bot.engine.board import grid_of
from bot.engine.components import BLACK_MARKET, FOUNTAIN, TEA_HOUSE
from bot.engine.decks import deck_named
from bot.engine.layouts import layout_is_legal
from bot.engine.letters.parts import letters_board, letters_player
from bot.engine.mocha import data as mocha_data
from bot.engine.mocha.parts import mocha_board, mocha_player
from bot.engine.modules import game_of
from tests.engine.helpers import COLOURS_IN_SEAT_ORDER

BAZAAR = ("mocha", "letters")
SEEDS = range(60)


def bazaar_game(seed: int, players: int = 4, **rules: object) -> GameState:
    settings = preview_settings(players=players, expansions=BAZAAR, rules=RuleOptions(**rules))  # type: ignore[arg-type]
    return new_game(settings, COLOURS_IN_SEAT_ORDER[:players], seed)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_seeded_board_has_every_place_once_the_fountain_in_the_centre_and_the_market_rule(seed: int) -> None:
    g = bazaar_game(seed, players=2 + seed % 4)
    grid = grid_of(g)
    assert (grid.width, grid.height) == (5, 5)
    assert sorted(g.layout) == list(range(1, 26))
    assert grid.position(FOUNTAIN) == (2, 2)
    (mr, mc), (tr, tc) = grid.position(BLACK_MARKET), grid.position(TEA_HOUSE)
    assert mr != tr and mc != tc and abs(mr - tr) + abs(mc - tc) >= 3
    assert layout_is_legal(grid)


def test_the_same_seed_gives_the_same_board_and_seeds_vary_it() -> None:
    assert bazaar_game(5).layout == bazaar_game(5).layout
    boards = {bazaar_game(seed).layout for seed in SEEDS}
    assert len(boards) == len(SEEDS)
    corners = Counter(grid_of(bazaar_game(seed)).corners() for seed in SEEDS)
    assert len(corners) > 1
    places_seen_at = {q: {bazaar_game(s).layout.index(q) for s in range(40)} for q in (1, 25)}
    assert all(len(cells) > 5 for cells in places_seen_at.values())  # no place is pinned but the Fountain


def test_the_great_bazaar_is_played_on_a_random_layout_only() -> None:
    game = game_of(BAZAAR)
    assert game.layouts == ("random",) and (game.width, game.height) == (5, 5)
    assert game.places == tuple(range(1, 26))
    assert preview_settings(players=3, expansions=BAZAAR).layout == "random"
    for layout in ("first", "short", "in_order"):
        with pytest.raises(ValueError, match="The Great Bazaar is played on a random layout"):
            preview_settings(players=3, expansions=BAZAAR, layout=layout)


@pytest.mark.parametrize("ls_bonus_deck", ["lsPlusBase", "lsOnly"])
def test_all_72_bonus_cards_whatever_the_letters_deck_option(ls_bonus_deck: str) -> None:
    g = bazaar_game(3, players=5, ls_bonus_deck=ls_bonus_deck)
    cards = Counter(g.draw_pile) + Counter(c for p in g.players for c in p.cards)
    assert sum(cards.values()) == bazaar.BONUS_CARD_TOTAL == 72
    assert dict(cards) == bazaar.bonus_deck(mocha_data.BONUS_CARDS)
    assert all(len(p.cards) == 1 for p in g.players)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_set_up_has_every_piece_of_both_expansions(players: int) -> None:
    g = bazaar_game(11, players=players)
    board = mocha_board(g)
    places = set(range(1, 26))
    # Mocha & Baksheesh: the Coffee House rubies, the Coffee trader on the board, the Tavern piles,
    # the Barrier beside the board, the guild cards in their pile, each player's coffee.
    assert board.coffee_trader in places and board.barrier is None and board.barrier_controller == -1
    assert board.movement_tiles and board.encounter_tiles
    assert board.coffee_house_rubies == mocha_data.COFFEE_HOUSE_RUBIES_AT_SETUP
    assert len(deck_named("guild").pile(g)) == 20
    assert all(mocha_player(g, s).coffee >= 0 and mocha_player(g, s).tavern_tiles == () for s in range(players))
    # Letters & Seals: the Courier on the board, the letters and kiosk tiles in their piles, each
    # player's companion in the general supply and no letter yet.
    assert letters_board(g).courier in places
    assert len(deck_named("kiosk").pile(g)) == 24
    assert len(deck_named("letters").pile(g)) == 36  # components.md §12
    for seat in range(players):
        part = letters_player(g, seat)
        assert part.companion == -1 and part.letters == () and part.double_move_round == -1
    # The base game's neutral tokens too, every one placed by its own roll.
    assert g.board.governor in places and g.board.smuggler in places
    assert g.rng_counter >= 3 + 4  # the layout and the demand tiles, then four neutral tokens' rolls
