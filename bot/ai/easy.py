"""The easy player: the greedy player's choice most of the time, otherwise its runner-up.

At a decision with several options, the easy player settles for a plausible second-best idea
with probability `SLIP`: the option (other than greedy's) whose end of turn scores best on one
dealt guess of the hidden cards (`search.TurnSearch`, a smaller budget than greedy's). So it
makes the mistakes of a player who saw the right move and preferred another that also looked
good, never a random one; it is deterministic from its generator, like every policy.

`SLIP` is tuned by `arena` (2 players against greedy, base game, 50 games, seed 1): at 0.35 it
won none, at 0.12 4 %, at 0.05 30 %, at 0.08 (the value kept) 12 % (6 of 50, mean rounds to win
31.7 against greedy's 29.1): a player who wins now and then (10-25 %) against the normal level.
At 0.08 it won all 50 4-player games against three random players (seed 1), as it did at 0.35
(README, "Computer players").
"""

from __future__ import annotations

import random

from bot.engine import Decision, View, determinize
from bot.engine.playout import Playout

from .greedy import greedy_policy
from .search import scores_after, worth_trying

SLIP = 0.08  # how often it takes its runner-up instead of the best option (see the module doc)
RUNNER_UP_BUDGET = 480  # engine choices for scoring the other options, all together
SEED_BITS = 62


def easy_policy(view: View, decision: Decision, rng: random.Random) -> str:
    """Greedy's option, or with probability `SLIP` the best of the others, from `view` only."""
    codes = decision.codes()
    if len(codes) == 1:
        return codes[0]
    slip = rng.random() < SLIP
    best = greedy_policy(view, decision, rng)
    if not slip:
        return best
    state = determinize(view, rng.getrandbits(SEED_BITS))
    root = Playout(state)
    if root.decider() != decision.player or root.codes() != list(codes):
        return best
    seat = decision.player
    others = [c for c in worth_trying(state, seat, root.kind() or "", list(codes), inside=False) if c != best]
    if not others:
        return best
    scores = scores_after(root, seat, others, RUNNER_UP_BUDGET)
    return max(others, key=lambda c: scores[c])
