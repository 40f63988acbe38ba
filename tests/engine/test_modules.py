"""Modules as settings (issue 21, item 1): the games of the Big Box, their titles, the layouts each
allows (components.md §1, §16; RULES-NOTES D-10, D-11, appendix A), the refusals in one sentence,
and the bonus deck built from the modules in play (components.md §8, §20; RULES-NOTES D-21)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from pydantic import ValidationError

from bot.engine import GameSettings, new_game, pending
from bot.engine.components import ruby_target
from bot.engine.invariants import violations
from bot.engine.layouts import layout_is_legal
from bot.engine.modules import (
    allowed_pairs,
    bonus_cards_of,
    default_layout,
    game_by_key,
    game_title,
    game_words,
    games,
    grid_for,
    in_play,
    parse_modules,
    settings_problem,
)
from bot.engine.settings import preview_settings
from bot.engine.setup import bonus_deck
from tests.playable import playable_modules

MOCHA, LETTERS, BAZAAR = ("mocha",), ("letters",), ("mocha", "letters")


def no_draw(n: int) -> int:
    raise AssertionError("a fixed layout draws nothing")


def test_the_four_games_and_their_titles() -> None:
    """Base game, each expansion alone, and both together (the Great Bazaar), in that order."""
    assert [(g.key, g.expansions, g.title) for g in games()] == [
        ("base", (), "Base game"),
        ("mocha", MOCHA, "Mocha & Baksheesh"),
        ("letters", LETTERS, "Letters & Seals"),
        ("bazaar", BAZAAR, "The Great Bazaar"),
    ]
    assert game_title(("letters", "mocha")) == "The Great Bazaar"
    assert game_by_key("bazaar").expansions == BAZAAR
    with pytest.raises(ValueError, match="no game called"):
        game_by_key("catan")


def test_the_great_bazaar_is_implied_by_both_modules() -> None:
    real = {"base", "mocha", "letters", "bazaar"}
    assert in_play(()) == {"base"}
    assert in_play(MOCHA) & real == {"base", "mocha"}
    assert in_play(LETTERS) & real == {"base", "letters"}
    assert in_play(BAZAAR) & real == real


def test_the_base_game_each_expansion_and_the_great_bazaar_are_playable() -> None:
    """Mocha & Baksheesh and Letters & Seals are playable, each alone and together (the Great
    Bazaar, on a random layout only)."""
    assert [g.key for g in games(playable_only=True)] == ["base", "mocha", "letters", "bazaar"]
    assert [(g.key, layout) for g, layout in allowed_pairs()] == [
        ("base", "short"), ("base", "long"), ("base", "in_order"), ("base", "random"),
        ("mocha", "first"), ("mocha", "random"),
        ("letters", "first"), ("letters", "random"),
        ("bazaar", "random"),
    ]
    assert GameSettings(players=5, expansions=("letters", "mocha")).expansions == BAZAAR
    assert settings_problem(BAZAAR, "random") is None


def test_every_allowed_pair_with_the_default_layout_first() -> None:
    assert [(g.key, layout) for g, layout in allowed_pairs(playable_only=False)] == [
        ("base", "short"), ("base", "long"), ("base", "in_order"), ("base", "random"),
        ("mocha", "first"), ("mocha", "random"),
        ("letters", "first"), ("letters", "random"),
        ("bazaar", "random"),
    ]
    assert [default_layout(g.expansions) for g in games()] == ["short", "first", "first", "random"]


@pytest.mark.parametrize(
    ("expansions", "sentence"),
    [
        (BAZAAR, "The Great Bazaar is not playable yet."),
        (("letters", "mocha"), "The Great Bazaar is not playable yet."),
    ],
)
def test_a_module_that_has_not_landed_is_refused_in_one_sentence(expansions: tuple[str, ...], sentence: str) -> None:
    """Whatever the layout, the settings refuse a game that is not playable yet (here the Great
    Bazaar held unplayable, as it was before it landed), in a sentence a player can read."""
    with playable_modules(BAZAAR, False):
        for layout in (None, "first", "random", "short"):
            with pytest.raises(ValidationError) as err:
                GameSettings.model_validate({"players": 3, "expansions": expansions, "layout": layout})
            assert sentence in str(err.value)
            assert settings_problem(expansions, layout or "random") == sentence


@pytest.mark.parametrize(
    ("expansions", "layout", "sentence"),
    [
        ((), "first", "The base game is played on short paths, long paths, the places in number order or a random layout, not on the first-game layout."),
        (MOCHA, "short", "Mocha & Baksheesh is played on the first-game layout or a random layout, not on short paths."),
        (LETTERS, "in_order", "Letters & Seals is played on the first-game layout or a random layout, not on the places in number order."),
        (BAZAAR, "first", "The Great Bazaar is played on a random layout, not on the first-game layout."),
        (BAZAAR, "long", "The Great Bazaar is played on a random layout, not on long paths."),
    ],
)  # fmt: skip
def test_a_layout_the_game_does_not_allow_is_refused(expansions: tuple[str, ...], layout: str, sentence: str) -> None:
    assert settings_problem(expansions, layout, preview=True) == sentence
    with pytest.raises(ValidationError, match=sentence.split(",")[0]):
        preview_settings(players=3, expansions=expansions, layout=layout)


def test_without_a_layout_each_game_takes_its_default() -> None:
    assert GameSettings(players=3).layout == "short"
    assert preview_settings(players=3, expansions=MOCHA).layout == "first"
    assert preview_settings(players=3, expansions=LETTERS).layout == "first"
    assert preview_settings(players=3, expansions=BAZAAR).layout == "random"


def test_the_modules_are_stored_in_one_order_and_named_once() -> None:
    assert preview_settings(players=2, expansions=("letters", "mocha")).expansions == BAZAAR
    with pytest.raises(ValidationError, match="only once"):
        preview_settings(players=2, expansions=("mocha", "mocha"))
    with pytest.raises(ValidationError):
        preview_settings(players=2, expansions=("coffee",))


def test_parse_modules_reads_a_command_line() -> None:
    assert parse_modules("") == () and parse_modules("base") == ()
    assert parse_modules("mocha") == MOCHA and parse_modules("Letters") == LETTERS
    assert parse_modules("letters, mocha") == BAZAAR
    with pytest.raises(ValueError, match="no module called 'tea'"):
        parse_modules("mocha,tea")


def test_a_game_in_words() -> None:
    assert game_words((), "short") == "Base game, short paths"
    assert game_words(LETTERS, "first") == "Letters & Seals, first-game layout"
    assert game_words(BAZAAR, "random") == "The Great Bazaar, random layout"


# ---- the grids ------------------------------------------------------------------------------------


def test_the_first_game_grids_are_the_rulebooks() -> None:
    """components.md §1.3 (RULES-NOTES appendix A), 5 columns by 4 rows; both keep the
    random-layout rules."""
    mocha = grid_for(MOCHA, "first", no_draw)
    assert (mocha.width, mocha.height) == (5, 4)
    assert mocha.places == (16, 15, 18, 3, 10, 8, 1, 7, 17, 4, 2, 19, 6, 12, 9, 20, 11, 5, 14, 13)
    letters = grid_for(LETTERS, "first", no_draw)
    assert letters.places == (9, 1, 4, 21, 3, 15, 6, 7, 11, 22, 13, 24, 12, 14, 8, 10, 2, 23, 5, 16)
    assert layout_is_legal(mocha) and layout_is_legal(letters)


@pytest.mark.parametrize(
    ("expansions", "size", "places", "fountain_cells"),
    [
        (MOCHA, (5, 4), [*range(1, 21)], {(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)}),
        (LETTERS, (5, 4), [*range(1, 17), 21, 22, 23, 24], {(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)}),
        (BAZAAR, (5, 5), [*range(1, 26)], {(2, 2)}),
    ],
)
def test_random_grids_follow_the_placement_rules(
    expansions: tuple[str, ...], size: tuple[int, int], places: list[int], fountain_cells: set[tuple[int, int]]
) -> None:
    """Random 5x4 (places 1-16 and the module's four) and 5x5 (1-25): the Fountain on an inner
    cell (5x5: the centre), the Black Market and the Tea House at least 3 apart in different rows
    and columns (components.md §16)."""
    seen_fountain = set()
    for seed in range(60):
        rng = random.Random(seed)
        grid = grid_for(expansions, "random", rng.randrange)
        assert (grid.width, grid.height) == size and sorted(grid.places) == places
        assert layout_is_legal(grid)
        seen_fountain.add(grid.position(7))
        (r8, c8), (r9, c9) = grid.position(8), grid.position(9)
        assert r8 != r9 and c8 != c9 and abs(r8 - r9) + abs(c8 - c9) >= 3
    assert seen_fountain <= fountain_cells and len(seen_fountain) == len(fountain_cells)


def test_a_grid_of_a_layout_the_game_does_not_allow_is_refused() -> None:
    with pytest.raises(ValueError, match="not on short paths"):
        grid_for(MOCHA, "short", no_draw)


# ---- the bonus deck of the modules in play --------------------------------------------------------


def test_the_bonus_deck_by_modules() -> None:
    """26 base cards; Mocha & Baksheesh adds 18 (H2: 2 of each of 9 kinds); Letters & Seals adds
    28 (H3) or, by the table's choice, plays its 28 alone; the Great Bazaar takes all 72."""
    assert sum(bonus_cards_of(()).values()) == 26
    assert sum(bonus_cards_of(MOCHA).values()) == 26 + 18
    assert sum(bonus_cards_of(MOCHA, "lsOnly").values()) == 26 + 18  # the option is Letters & Seals'
    assert sum(bonus_cards_of(LETTERS).values()) == 26 + 28
    assert sum(bonus_cards_of(LETTERS, "lsOnly").values()) == 28
    assert "lira5" not in bonus_cards_of(LETTERS, "lsOnly")
    assert sum(bonus_cards_of(BAZAAR, "lsOnly").values()) == 72
    mocha_only = Counter(bonus_cards_of(MOCHA)) - Counter(bonus_cards_of(()))
    assert len(mocha_only) == 9 and set(mocha_only.values()) == {2}
    letters_only = bonus_cards_of(LETTERS, "lsOnly")
    assert len(letters_only) == 15 and letters_only["letter"] == 4
    assert [letters_only[f"good3.{c}"] for c in "rgyb"] == [1, 1, 1, 1]


@pytest.mark.parametrize("key", ["mocha", "letters", "bazaar"])
def test_a_game_of_a_module_can_be_set_up_before_it_lands(key: str) -> None:
    """Tests and previews build the board of an expansion game: its grid, its deck, 6 rubies to
    win, every invariant kept."""
    game = game_by_key(key)
    for players in (2, 5):
        settings = preview_settings(players=players, expansions=game.expansions)
        g = new_game(settings, ["red", "blue", "green", "yellow", "white"][:players], seed=players)
        assert (g.width, len(g.layout)) == (game.width, game.width * game.height)
        assert sorted(g.layout) == list(game.places)
        assert len(g.draw_pile) + sum(len(p.cards) for p in g.players) == len(bonus_deck(settings))
        assert ruby_target(players, len(settings.expansions)) == 6
        assert pending(g) is not None and violations(g) == []
