"""The test decks and parts of tests/testkinds.py belong to the test-only module ``test``: a Great
Bazaar game never has them, so it plays the same whether a test imported testkinds or not (issue 25,
gb-core item 1). Only a game that names the module (``preview_settings``) has them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.engine import new_game, preview_settings
from bot.engine.modules import MODULES, expansion_names, game_of, games, in_play, parse_modules
from bot.engine.settings import GameSettings
from tests.testkinds import IN_PLAY, TEST, TEST_HAND, TEST_TILES

ROOT = Path(__file__).resolve().parents[3]
BAZAAR = ("mocha", "letters")

# One seeded Great Bazaar game between players who pick an option by a seeded generator, printed
# as a digest of every event and of the final state.
_GAME = """
import hashlib, random, sys
{imports}
from bot.engine import apply, new_game, pending, preview_settings, to_json
settings = preview_settings(players=4, expansions=("mocha", "letters"))
g = new_game(settings, ["red", "blue", "green", "yellow"], 7)
pick = random.Random(7)
digest = hashlib.sha256()
for _ in range(600):
    d = pending(g)
    if d is None:
        break
    g, events = apply(g, d.player, d.decision_id, pick.choice(d.options).code)
    digest.update(repr(events).encode())
digest.update(to_json(g).encode())
print(sorted(g.decks), len(g.draw_pile), digest.hexdigest())
"""


def _digest(imports: str) -> str:
    run = subprocess.run(
        [sys.executable, "-c", _GAME.format(imports=imports)], cwd=ROOT, capture_output=True, text=True, timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_a_great_bazaar_game_plays_the_same_with_and_without_the_test_module_imported() -> None:
    without = _digest("")
    with_it = _digest("import tests.testkinds")
    assert without == with_it
    assert "testhand" not in with_it and "guild" in with_it


def test_only_a_game_that_names_the_test_module_has_its_decks() -> None:
    assert TEST not in in_play(BAZAAR)
    assert TEST in in_play(IN_PLAY)
    plain = new_game(preview_settings(players=3, expansions=BAZAAR), ["red", "blue", "green"], 1)
    tested = new_game(preview_settings(players=3, expansions=IN_PLAY), ["red", "blue", "green"], 1)
    assert TEST_HAND.name not in plain.decks and TEST_TILES.name not in plain.decks
    assert TEST_HAND.name in tested.decks and TEST_TILES.name in tested.decks


def test_the_test_module_is_no_game_and_changes_no_game() -> None:
    assert MODULES[TEST].test_only and TEST not in expansion_names()
    assert [g.key for g in games()] == ["base", "mocha", "letters", "bazaar"]
    game, tested = game_of(BAZAAR), game_of(IN_PLAY)
    assert (tested.key, tested.title, tested.layouts, tested.width, tested.height, tested.places) == (
        game.key, game.title, game.layouts, game.width, game.height, game.places,
    )
    assert game_of((TEST,)).key == "base" and game_of((TEST,)).width == 4


def test_players_cannot_name_the_test_module() -> None:
    with pytest.raises(ValueError, match="There is no module called 'test'; the modules are mocha, letters."):
        parse_modules("mocha,letters,test")
    with pytest.raises(ValueError, match="only tests put one in play"):
        GameSettings(players=3, expansions=IN_PLAY)
    with pytest.raises(ValueError, match="There is no module called 'coffee'"):
        GameSettings(players=3, expansions=("coffee",))
