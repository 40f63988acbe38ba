"""Computer players: a view and a decision in, an option code out.

A policy is any callable ``policy(view, decision, rng) -> code`` (`Policy`): ``view`` is
``engine.view(state, seat)`` for the seat that decides (``decision.player``), ``rng`` a
``random.Random`` the caller owns. A policy returns one of ``decision.codes()`` and reads
nothing but its arguments, so it never sees another player's cards, the order of a pile or the
game's seed; the same view, decision and generator state always give the same code. Plug one
into the service with ``GameService(policy=get_policy("greedy"))``. Policies may run in several
worker threads at once: the only shared state is memoised pure functions (scores of positions,
prices), which never change an answer.

This package imports only the engine (no service, store, render or Discord).

Players (`POLICIES`, by name; `get_policy(name)` raises ``ValueError`` for an unknown name):

- ``random`` (`random_player`): any offered option, uniformly.
- ``greedy`` (`greedy`): deals a full state from its own view (``engine.determinize``; the
  dealt hands, piles and dice are guesses), tries each offered option followed by the best rest
  of its own turn (`search`, a bounded depth-first search to the end of the turn), and takes
  the option whose end of turn scores best (`evaluation`): rubies first, then progress towards
  the next ruby at each source (`progress`), then Lira, goods, extensions, mosque tiles,
  assistants, cards and the best place within reach next turn (`prospects`); Tea House calls
  by expectation (`tea_house`). A module adds its own sources, holdings and places
  (`modules.ModuleValuation`; Mocha & Baksheesh in `mocha`, Letters & Seals in `letters`).
  Options that meet chance are averaged over a few deals. A budget of engine calls per decision
  keeps it fast (see ``python -m bot bench``).

- ``easy`` (`easy.easy_policy`): greedy's option, except now and then its runner-up. The levels
  of a table (easy, normal, strong) name these players: `levels`.

``python -m bot arena`` plays seeded games between policies and prints who wins.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from bot.engine import Decision, View

from . import letters as _letters  # noqa: F401  (registers the module's valuation)
from . import mocha as _mocha  # noqa: F401  (registers the module's valuation)
from .easy import easy_policy
from .greedy import greedy_policy
from .random_player import random_policy

Policy = Callable[[View, Decision, random.Random], str]

POLICIES: dict[str, Policy] = {
    "random": random_policy,
    "easy": easy_policy,
    "greedy": greedy_policy,
}


def get_policy(name: str) -> Policy:
    """The policy called `name`; ``ValueError`` naming the known ones otherwise."""
    try:
        return POLICIES[name]
    except KeyError:
        known = ", ".join(sorted(POLICIES))
        raise ValueError(f"unknown computer player {name!r}; known players: {known}") from None


__all__ = ["POLICIES", "Policy", "get_policy", "greedy_policy", "random_policy"]
