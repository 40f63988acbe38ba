"""The computer players' part of ``python -m bot bench``: how long a greedy decision takes.

Seeded games in which every seat is greedy (so the positions are the ones a greedy player meets),
at 2 and at 5 players, stopped at a turn cap; every call of the greedy policy is timed, and the
figures are for the decisions with two or more options (a lone option is answered at once):
wall-clock and the deciding thread's CPU time (on a busy machine the second is the cost on one core).
"""

from __future__ import annotations

from typing import Any

from bot.ai.greedy import BUDGET, EXTRA_DEALS
from bot.engine import GameSettings
from bot.engine.settings import LayoutName

from .arena import DecisionTimes, play_match

AI_GAMES = 2  # per player count
AI_TURN_CAP = 40  # player turns per game: about 250 timed decisions per player count
PLAYER_COUNTS = (2, 5)
POLICY = "greedy"


def ai_figures(
    seed: int, layout: LayoutName, games: int = AI_GAMES, turn_cap: int = AI_TURN_CAP, *, expansions: tuple[str, ...] = ()
) -> dict[str, Any]:
    per_count: dict[str, Any] = {}
    for players in PLAYER_COUNTS:
        settings = GameSettings.model_validate({"players": players, "expansions": expansions, "layout": layout})
        times = DecisionTimes()
        for i in range(games):
            play_match(settings, [POLICY] * players, seed + i, turn_cap, times, rotation=i)
        per_count[str(players)] = {**times.summary(POLICY), "all_calls": times.calls[POLICY]}
    return {
        "benchmark": (
            f"greedy decisions with 2+ options in all-greedy games ({games} per player count, "
            f"turn cap {turn_cap}), one thread"
        ),
        "engine_calls_budget": BUDGET,
        "extra_deals": EXTRA_DEALS,
        "players": per_count,
    }
