"""The greedy player: each offered option is tried on states dealt from the player's own view,
followed by the best rest of the turn (see `search`), and the option whose end of turn scores
best (see `evaluation`) is chosen.

One deal serves every option (so they are compared on the same guessed cards and dice). Options
whose search met a die roll or a card draw are scored again on a few more deals and averaged, so
that a lucky guessed roll does not decide. The total number of engine calls per decision is
bounded (`BUDGET`, in the base game's calls: a module whose calls cost more gets fewer, see
`modules.call_budget`), which bounds the time a decision takes.
"""

from __future__ import annotations

import random

from bot.engine import Decision, View, determinize
from bot.engine.playout import Playout

from .modules import call_budget
from .search import TurnSearch, worth_trying

BUDGET = 1200  # engine choices per decision, all deals together (about 25 ms of one core)
FIRST_DEAL_SHARE = 0.6  # of the budget, for the first deal (every option)
EXTRA_DEALS = 3  # more deals for the options whose outcome depends on chance
SEED_BITS = 62


def greedy_policy(view: View, decision: Decision, rng: random.Random) -> str:
    """The option with the best expected end of turn for `decision.player`, from `view` only."""
    codes = decision.codes()
    if len(codes) == 1:
        return codes[0]
    seed = rng.getrandbits(SEED_BITS)
    state = determinize(view, seed)
    root = Playout(state)
    if root.decider() != decision.player or root.codes() != list(codes):
        return decision.default  # the view does not belong to this decision: decline safely
    seat = decision.player
    tried = worth_trying(state, seat, root.kind() or "", list(codes), inside=False)
    budget = call_budget(state.settings, BUDGET)
    totals: dict[str, float] = {}
    chancy: list[str] = []
    left = int(budget * FIRST_DEAL_SHARE)
    for i, code in enumerate(tried):
        search = TurnSearch(seat, state.turns)
        totals[code] = search.after(root, code, max(1, left // (len(tried) - i)))
        left -= search.calls
        if search.chance:
            chancy.append(code)
    left = budget - int(budget * FIRST_DEAL_SHARE) + max(0, left)
    extra = EXTRA_DEALS if chancy else 0  # no option met chance: one deal says it all
    for k in range(1, extra + 1):
        other = determinize(view, seed + k)
        deal = Playout(other)
        for i, code in enumerate(chancy):
            share = left // ((EXTRA_DEALS - k + 1) * len(chancy) - i)
            search = TurnSearch(seat, other.turns)
            totals[code] += search.after(deal, code, max(1, share))
            left -= search.calls
    # the options that met chance were scored on every deal, the others on the first only
    return max(tried, key=lambda c: totals[c] / (1 + extra if c in chancy else 1))
