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
- ``strong`` (`strong`, `strong_search`): the greedy scores pick a shortlist of the best few
  options; each is then played on many states dealt from the view, the game carried on to the
  end of the seat's turn after next with every seat choosing by a small turn search, and scored as the
  seat's position less half the best rival's; the best mean wins. Its work is a number of engine
  calls per decision (``STRONG_BUDGET``; ``functools.partial(strong_policy, budget=N)`` or
  ``--strong-budget N`` in ``arena`` and ``bench`` choose another), so the same view, decision
  and generator state give the same choice on any machine; a CPU-time cap per decision
  (`strong.CAP_SECONDS`) is only a safety net, counted by `strong.cap_fired()`.
  ``analyse(view, decision, rng, budget=None) -> Analysis`` gives the choice (`Analysis.code`,
  the same as the policy's) with what it computed: the mean figure of each shortlisted option
  (``scores``), the greedy end-of-turn score of every option tried (``greedy``), the deals and
  engine calls spent and whether the cap fired. A lone option comes back at once, with no
  figures and nothing drawn from the generator.

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
from .strong import STRONG_BUDGET, Analysis, analyse, strong_policy

Policy = Callable[[View, Decision, random.Random], str]

POLICIES: dict[str, Policy] = {
    "random": random_policy,
    "easy": easy_policy,
    "greedy": greedy_policy,
    "strong": strong_policy,
}


def get_policy(name: str) -> Policy:
    """The policy called `name`; ``ValueError`` naming the known ones otherwise."""
    try:
        return POLICIES[name]
    except KeyError:
        known = ", ".join(sorted(POLICIES))
        raise ValueError(f"unknown computer player {name!r}; known players: {known}") from None


__all__ = [
    "POLICIES", "STRONG_BUDGET", "Analysis", "Policy", "analyse", "get_policy", "greedy_policy", "random_policy",
    "strong_policy",
]
