"""Random playouts of the Great Bazaar (issue 25, Tests; gb-core item 6): seeded games between
uniform-random players through the public entry points (undo and forfeits now and then), every
invariant of both modules checked after every step, the step checks of every input, a sample of
steps where every offered option is tried, the replay of each game from its log, and the playout
path following some of them (`bot.cli.playout.check_game`).

CI-sized: `INDICES` meet 2-5 players and both values of `catacombs_family_member_moves` (the first
rule option a Great Bazaar series cycles through, from game 32), each game stopped after
`DECISIONS` decisions. A few hundred longer games are the soak's and the report's."""

from __future__ import annotations

import pytest

from bot.cli.playout import GameReport, check_game, config_for, game_seed
from tests.series import assert_clean

BAZAAR = ("mocha", "letters")
SEED = 0
INDICES = (0, 1, 2, 3, 32, 33, 34, 35)
CHUNKS = 2
DECISIONS = 160


def _play(index: int) -> GameReport:
    return check_game(
        config_for(index, SEED, BAZAAR), game_seed(index, SEED), option_sample=0.03, turn_cap=5000,
        decision_cap=DECISIONS, compare_playout=index % 2 == 0,
    )


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_great_bazaar_games_keep_every_invariant_and_replay(chunk: int) -> None:
    reports = [_play(i) for i in INDICES[chunk::CHUNKS]]
    assert_clean(reports)


def test_the_series_meets_every_player_count_and_both_catacombs_rules() -> None:
    configs = [config_for(i, SEED, BAZAAR) for i in INDICES]
    assert all(c.expansions == BAZAAR and c.layout == "random" for c in configs)
    assert {c.players for c in configs} == {2, 3, 4, 5}
    assert {c.rules.catacombs_family_member_moves for c in configs} == {False, True}
