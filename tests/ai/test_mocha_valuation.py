"""The greedy player's valuation of Mocha & Baksheesh (bot/ai/mocha.py): what a player holds of
the module counts, and the Coffee House is a ruby source like the others."""

from __future__ import annotations

from bot.ai.evaluation import evaluate, holdings
from bot.ai.modules import valuations
from bot.ai.progress import completions
from bot.ai.prospects import reachable
from bot.engine import GameSettings, new_game, preview_settings
from bot.engine.board import grid_of
from bot.engine.layouts import edge
from bot.engine.mocha.guild_deck import GUILD_DECK
from bot.engine.mocha.parts import set_mocha_player

COLOURS = ["red", "blue", "green"]


def _mocha():  # type: ignore[no-untyped-def]
    return new_game(preview_settings(players=3, expansions=("mocha",)), COLOURS, 3).copy()


def test_coffee_guild_cards_and_tavern_tiles_are_worth_something() -> None:
    g = _mocha()
    before = holdings(g, g.players[0])
    set_mocha_player(g, 0, coffee=3)
    with_coffee = holdings(g, g.players[0])
    GUILD_DECK.set_hand(g.mut(0), ("g7",))
    set_mocha_player(g, 0, tavern_tiles=("movement1",))
    assert before < with_coffee < holdings(g, g.players[0])


def test_coffee_towards_the_coffee_house_price_is_progress_to_a_ruby() -> None:
    g = _mocha()
    sources = valuations(g.settings)[0].sources
    set_mocha_player(g, 0, coffee=3)  # half of the first price, 6
    assert [s(g, g.players[0]) for s in sources] == [0.5]
    set_mocha_player(g, 0, coffee=6)
    assert [s(g, g.players[0]) for s in sources] == [1.0]
    assert max(completions(g.board, g.players[0], [1.0])) == 1.0


def test_a_base_game_consults_no_module() -> None:
    g = new_game(GameSettings(players=3), COLOURS, 3)
    assert valuations(g.settings) == ()
    assert evaluate(g, 0) == evaluate(g.copy(), 0)


def test_the_score_cache_tells_coffee_apart() -> None:
    g = _mocha()
    plain = evaluate(g, 0)
    set_mocha_player(g, 0, coffee=4)
    assert evaluate(g, 0) > plain


def test_the_next_turn_estimate_goes_around_a_barrier() -> None:
    """A place behind an edge blocked for the mover is reached only by a detour: from a corner
    with the edge to its right-hand neighbour blocked, that neighbour (3 steps round) and the
    place beyond it are out of a normal move's reach."""
    g = _mocha()
    grid = grid_of(g)
    corner, right, beyond = g.layout[0], g.layout[1], g.layout[2]
    assert {right, beyond} <= set(reachable(grid, corner))
    around = reachable(grid, corner, frozenset({edge(corner, right)}))
    assert right not in around and beyond not in around and g.layout[g.width] in around
