"""bench's "strong_sharing" section: the same strong decisions with their deals in one process and
shared with a helper process (`bot.ai.strong_deals`), timed in turn.

The machines this runs on are shared and noisy: two bench runs minutes apart can differ by a third.
So each decision is timed both ways back to back (which goes first alternates), the analyses are
checked to be the same, and the section gives the wall-clock p50/p95 of each way and the median of
the per-decision ratio shared / alone, which the noise touches far less than two separate runs.
The decisions are a strong seat's in a seeded game between greedy players (the strong player's
small steps inside a turn, which take greedy's choice, are left out: they share nothing).
"""

from __future__ import annotations

import contextlib
import random
import statistics
import time
from typing import Any

from bot.ai import analyse, greedy_policy
from bot.ai.strong import FOLLOW_UPS
from bot.ai.strong_deals import kept_here, share_deals, sharing
from bot.engine import GameSettings, apply, new_game, pending, view
from bot.engine.components import COLOURS
from bot.engine.settings import LayoutName

from .arena import percentile_ms

PLAYER_COUNTS = (2, 5)
TURN_CAP = 60  # player turns: a game stops here if it has not given the decisions asked for


def sharing_figures(seed: int, layout: LayoutName, decisions: int, *, expansions: tuple[str, ...] = ()) -> dict[str, Any]:
    """Up to `decisions` strong decisions per player count, each timed alone and shared."""
    before = sharing()
    try:
        per_count = {str(n): _compare(seed, layout, decisions, expansions, n) for n in PLAYER_COUNTS}
    finally:
        share_deals(before)
    return {
        "benchmark": (
            f"up to {decisions} strong decisions per player count, from a seeded game between greedy players, "
            "each timed with its deals in one process and shared with a helper process, back to back"
        ),
        "players": per_count,
    }


def _compare(seed: int, layout: LayoutName, decisions: int, expansions: tuple[str, ...], players: int) -> dict[str, Any]:
    settings = GameSettings.model_validate({"players": players, "expansions": expansions, "layout": layout})
    g = new_game(settings, list(COLOURS[:players]), seed)
    rng = random.Random(seed)
    share_deals()  # the helper starts now, not inside the first timed decision, and stays up
    alone: list[float] = []
    shared: list[float] = []
    while (d := pending(g)) is not None and len(alone) < decisions and g.turns <= TURN_CAP:
        v = view(g, d.player)
        if len(d.options) > 1 and d.kind not in FOLLOW_UPS:
            timed: dict[bool, float] = {}
            made = set()
            for on in (True, False) if len(alone) % 2 else (False, True):
                with contextlib.nullcontext() if on else kept_here():
                    start = time.perf_counter()
                    made.add(repr(analyse(v, d, random.Random(len(alone)))))
                    timed[on] = time.perf_counter() - start
            if len(made) != 1:
                raise AssertionError(f"sharing changed a strong decision ({d.kind} at turn {g.turns})")
            alone.append(timed[False])
            shared.append(timed[True])
        g, _ = apply(g, d.player, d.decision_id, greedy_policy(v, d, rng))
    if not alone:
        return {"decisions": 0}
    return {
        "decisions": len(alone),
        "same_choices": True,
        "alone_p50_ms": percentile_ms(alone, 0.5),
        "alone_p95_ms": percentile_ms(alone, 0.95),
        "shared_p50_ms": percentile_ms(shared, 0.5),
        "shared_p95_ms": percentile_ms(shared, 0.95),
        "shared_over_alone_median": round(statistics.median(b / a for a, b in zip(alone, shared, strict=True)), 3),
    }
