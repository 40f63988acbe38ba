"""The computer players' part of ``python -m bot bench``: how long a greedy decision takes.

Seeded games in which every seat is greedy (so the positions are the ones a greedy player meets),
at 2 and at 5 players, stopped at a turn cap; every call of the greedy policy is timed, and the
figures are for the decisions with two or more options (a lone option is answered at once):
wall-clock and the deciding thread's CPU time (on a busy machine the second is the cost on one core).
With ``--strong-games N``, the same figures for the strong player (`strong_figures`), with how often
its time cap fired. Its deals are shared with a helper process as the bot's search workers share
them (`bot.ai.strong_deals`, when the machine has two cores or more), so the wall-clock figures are
what a player waits for; the CPU figures then count the deciding process's share only.
``--strong-alone`` plays every deal in the deciding process, as arena jobs do: then the CPU
figures are a decision's whole cost on one core.
"""

from __future__ import annotations

from argparse import Namespace
from typing import Any

from bot.ai.greedy import BUDGET, EXTRA_DEALS
from bot.ai.strong import CAP_SECONDS, STRONG_BUDGET, decision_budget
from bot.ai.strong_deals import share_deals, sharing
from bot.engine import GameSettings
from bot.engine.settings import LayoutName
from bot.service.searches import cores

from .arena import DecisionTimes, play_match
from .common import ToolParser, add_strong_budget_argument

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


# ---- the strong player (``--strong-games N``) ------------------------------------------------------

STRONG_TURN_CAPS = {2: 24, 5: 30}  # player turns: about 60 strong decisions at 2 players, 40 at 5


def add_strong_arguments(parser: ToolParser) -> None:
    parser.add_argument(
        "--strong-games", type=int, default=0, metavar="N",
        help="add the ai_strong section: N games per player count with one strong seat among greedy "
        "ones, its decision time and how often its time cap fired (default 0: left out)",
    )
    add_strong_budget_argument(parser)
    parser.add_argument(
        "--strong-alone", action="store_true",
        help="play every deal of a strong decision in the deciding process (as arena jobs do), not "
        "every other one in a helper process (as the bot's search workers do)",
    )


def check_strong_arguments(parser: ToolParser, args: Namespace) -> None:
    if args.strong_games < 0:
        parser.error("--strong-games must be at least 0")
    if args.strong_budget is not None and args.strong_budget < 1:
        parser.error("--strong-budget must be at least 1")


def strong_figures(
    seed: int, layout: LayoutName, games: int, budget: int | None = None, *, expansions: tuple[str, ...] = (),
    alone: bool = False,
) -> dict[str, Any]:
    """The strong player's decision time: one strong seat among greedy ones (the seats rotate), at
    2 and at 5 players, each game stopped at a turn cap; decisions with two or more options. The
    deals are shared with a helper process as in the bot, unless `alone` or on a single core."""
    shared = not alone and cores() > 1
    before = sharing()
    share_deals(shared)
    try:
        per_count = {str(players): _strong_times(seed, layout, games, budget, expansions, players) for players in PLAYER_COUNTS}
    finally:
        share_deals(before)
    settings = GameSettings.model_validate({"players": PLAYER_COUNTS[-1], "expansions": expansions, "layout": layout})
    where = "every other deal in a helper process, as in the bot" if shared else "every deal in one thread"
    return {
        "benchmark": (
            f"strong decisions with 2+ options, one strong seat among greedy ones ({games} per player count, "
            f"turn caps {STRONG_TURN_CAPS[2]} and {STRONG_TURN_CAPS[5]}), {where}"
        ),
        "deals_shared": shared,
        "engine_calls_budget": STRONG_BUDGET if budget is None else budget,
        "engine_calls_in_play": decision_budget(settings, budget),  # divided by the dearest module's call cost
        "time_cap_cpu_seconds": CAP_SECONDS,
        "players": per_count,
    }


def _strong_times(
    seed: int, layout: LayoutName, games: int, budget: int | None, expansions: tuple[str, ...], players: int,
) -> dict[str, Any]:
    settings = GameSettings.model_validate({"players": players, "expansions": expansions, "layout": layout})
    times = DecisionTimes()
    caps = 0
    for i in range(games):
        match = play_match(
            settings, ["strong"] + ["greedy"] * (players - 1), seed + i, STRONG_TURN_CAPS[players], times,
            rotation=i, strong_budget=budget,
        )
        caps += match.time_caps
    return {**times.summary("strong"), "all_calls": times.calls["strong"], "time_cap_fired": caps}
