"""Random playouts of Mocha & Baksheesh (issue 23, Tests): seeded games between uniform-random
players through the engine's public entry points (undo and forfeits now and then), with every
invariant checked after every step (coffee never negative, every deck and ruby conserved, the
Coffee House included, the module's own checks) and the step checks of every input (the Barrier
respected by every step-by-step move), a sample of steps where every offered option is tried,
and the replay of each game from its log.

The series is `config_for`'s with the module: its games 0-31 and 96-127 meet every player count,
layout (first, random) and variant pairing once with each value of `two_player_tavern_tiles`
(and of `move_card_semantics`). Every ninth game is played to its end, the others for
`DECISIONS` decisions (a random Mocha game runs 1,000-2,500 turns).
"""

from __future__ import annotations

import pytest

from bot.cli.playout import GameReport, check_game, config_for, game_seed
from bot.engine.invariants import STEP_CHECKS, violations
from bot.engine.modules import in_play
from tests.series import assert_clean

MOCHA = ("mocha",)
SEED = 0
INDICES = (*range(0, 32), *range(96, 128))
CHUNKS = 8
DECISIONS = 400
WHOLE_EVERY = 9  # games 0, 9, 18, 27, 99, 108, 117, 126: every player count and layout, one per chunk or so


def _play(index: int) -> GameReport:
    cap = None if index % WHOLE_EVERY == 0 else DECISIONS
    return check_game(
        config_for(index, SEED, MOCHA), game_seed(index, SEED), every=1, option_sample=0.03, turn_cap=5000,
        decision_cap=cap,
    )


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_mocha_games_keep_the_invariants_and_replay(chunk: int) -> None:
    reports = [_play(i) for i in INDICES[chunk::CHUNKS]]
    assert_clean(reports)


def test_the_mocha_series_covers_every_combination() -> None:
    configs = [config_for(i, SEED, MOCHA) for i in INDICES]
    assert all(c.expansions == MOCHA for c in configs)
    combos = {
        (c.players, c.layout, c.neutral_assistants, c.caravan_leader, c.rules.two_player_tavern_tiles) for c in configs
    }
    expected = {
        (players, layout, assistants and players <= 4, leader, tavern)
        for players in (2, 3, 4, 5)
        for layout in ("first", "random")
        for assistants in (False, True)
        for leader in (False, True)
        for tavern in ("1and3", "all")
    }
    assert combos == expected
    assert {c.rules.move_card_semantics for c in configs} == {"distance", "walk"}
    whole = [config_for(i, SEED, MOCHA) for i in INDICES if i % WHOLE_EVERY == 0]
    assert {c.players for c in whole} == {2, 3, 4, 5}
    assert {c.layout for c in whole} == {"first", "random"}


def test_the_base_series_is_unchanged_by_the_module_rules() -> None:
    """The module's rule options are cycled only in games where the module is in play."""
    assert all(config_for(i).rules.two_player_tavern_tiles == "1and3" for i in range(256))


def test_the_module_checks_are_in_play() -> None:
    """The coffee check is among the invariants and the Barrier check among the step checks of
    every Mocha game (the deck and ruby checks are the engine's own, over every deck and track in
    play: the guild deck and the Coffee House included)."""
    from bot.engine.invariants import INVARIANTS
    from bot.engine.mocha.barrier_check import barrier_crossings
    from bot.engine.mocha.coffee import _never_negative

    settings = config_for(0, SEED, MOCHA)
    assert "mocha" in in_play(settings.expansions)
    assert _never_negative in INVARIANTS.active(settings)
    assert barrier_crossings in STEP_CHECKS.active(settings)
    assert barrier_crossings not in STEP_CHECKS.active(config_for(0))


def test_the_guild_deck_and_the_coffee_house_rubies_are_counted() -> None:
    """A guild card or a Coffee House ruby that goes missing breaks an invariant."""
    from bot.engine import new_game
    from bot.engine.decks import deck_named
    from bot.engine.mocha.parts import set_mocha_board

    settings = config_for(1, SEED, MOCHA)
    g = new_game(settings, ["red", "blue", "green"], 1)
    assert violations(g) == []
    lost_card = g.copy()
    guild = deck_named("guild")
    guild.set_pile(lost_card, guild.pile(lost_card)[1:])
    assert "the guild deck is not conserved" in violations(lost_card)
    lost_ruby = g.copy()
    set_mocha_board(lost_ruby, coffee_house_rubies=4)
    assert any("rubies in the game" in v for v in violations(lost_ruby))
    negative = g.copy()
    from bot.engine.mocha.parts import set_mocha_player

    set_mocha_player(negative, 2, coffee=-1)
    assert "seat 2 holds -1 coffee" in violations(negative)
