"""The rest of one's own turn, searched: the best score a seat can reach by the end of its turn.

The search plays on the engine's playout path (`bot.engine.playout`): from a full state (dealt by
`determinize`) each choice is tried on a copy of the position, with no undo record, event log or
labels. Every choice of the seat is tried in turn, depth
first, until the turn passes to someone else or the game ends; the end positions are scored with
`evaluation.evaluate`. A budget of engine calls keeps the search cheap: each choice gets an equal
share of what is left, and a position whose share cannot pay for its choices is scored as it
stands. A few choices that cannot change the outcome are not tried inside the search (they are
still weighed when they are the decision being made): the same goods picked for a sale in another
order, a Tea House call other than the one with the best expectation, and cards that only give
goods or Lira played at the movement or assistant step (playing them later does the same).

A module may also name steps where, inside the search, only one code is worth playing
(`LINE_ENDS`): Letters & Seals' double move, whose payments start an extra turn the search does
not look into, so a payment always scores as declining less the letters paid. The other codes of
such a step (offered after it) are counted in the budget as the one engine call each would take
(a line that ends at once), without playing them: the budget is shared out exactly as if they were
played, so nothing else the search weighs changes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import GameState
from bot.engine.components import GOODS
from bot.engine.places.markets import COLOUR
from bot.engine.playout import Playout

from .evaluation import evaluate
from .tea_house import best_call, call_code, is_call

EARLY_STEPS = frozenset({"move", "move34", "assistant"})
RESOURCE_CARDS = frozenset({"c.good", "c.lira5", "c.family"})

# Step kinds whose other codes end the line at once no better than this one (see the module doc),
# by step kind: the code the search plays there. Filled by the modules (`bot.ai.letters`).
LINE_ENDS: dict[str, str] = {}


def tea_house_call(state: GameState, seat: int) -> str:
    red = "red" in state.players[seat].mosque_tiles
    return call_code(best_call(red))


def worth_trying(state: GameState, seat: int, kind: str, offered: Sequence[str], *, inside: bool) -> list[str]:
    """The codes the search tries among those `offered` to `seat` at a step of `kind` (all of
    them but the ones named in the module doc)."""
    codes = list(offered)
    if any(is_call(c) for c in codes):
        best = tea_house_call(state, seat)
        codes = [c for c in codes if not is_call(c) or c == best]
    if not inside:
        return codes
    if kind == "sell":
        chosen = state.steps[-1].tag
        lowest = GOODS.index(COLOUR[chosen[-1]]) if chosen else 0  # the tag: letters of the goods picked
        codes = [c for c in codes if not c.startswith("s.") or c == "s.all" or GOODS.index(c[2:]) >= lowest]
    elif kind in EARLY_STEPS:
        codes = [c for c in codes if c not in RESOURCE_CARDS]
    return codes


@dataclass(slots=True)
class TurnSearch:
    """One search of the rest of `seat`'s turn that started as turn number `turns`."""

    seat: int
    turns: int
    calls: int = 0  # engine choices played
    chance: bool = False  # a die was rolled or a card drawn somewhere in the search

    def turn_over(self, p: Playout) -> bool:
        return p.decider() != self.seat or p.state.turns != self.turns

    def after(self, p: Playout, code: str, budget: int) -> float:
        """The best score reachable after choosing `code` now (one of `p`'s codes, `p` left as it
        is), within `budget` engine calls."""
        if p.over:
            raise ValueError("the game is over")
        return self._play(p.copy(), code, budget)

    def _play(self, child: Playout, code: str, budget: int) -> float:
        """`after`, on a playout of the search's own that nothing reads afterwards (changed in
        place: the last option of a position needs no copy of it)."""
        state = child.state  # changed in place by `choose`: its chance counter tells (`Playout.chance`)
        before = state.rng_counter
        child.choose(code)
        self.calls += 1
        if state.rng_counter != before:
            self.chance = True
        return self.best(child, budget - 1)

    def best(self, p: Playout, budget: int) -> float:
        """The best score reachable from `p` (a playout of the search's own, used up) within
        `budget` engine calls."""
        state = p.state
        if self.turn_over(p):
            return evaluate(state, self.seat)
        kind = p.kind() or ""
        codes = worth_trying(state, self.seat, kind, p.offered or (), inside=True)
        if budget < len(codes):
            return evaluate(state, self.seat)
        if codes[0] == LINE_ENDS.get(kind):  # tried first, with the share it always had
            score = self._play(p, codes[0], budget // len(codes))
            self.calls += len(codes) - 1  # the others' one call each, not played (see the module doc)
            return score
        best = float("-inf")
        left = budget
        last = len(codes) - 1
        for i, code in enumerate(codes):
            share = left // (last + 1 - i)
            before = self.calls
            best = max(best, self._play(p, code, share) if i == last else self.after(p, code, share))
            left -= self.calls - before
        return best


def scores_after(p: Playout, seat: int, codes: Sequence[str], calls: int) -> dict[str, float]:
    """Each of `codes` (offered at `p`, left as it is) scored the greedy way for `seat`: the best
    end of its turn after it (`TurnSearch.after`), the codes sharing `calls` engine calls in
    order, each an equal share of what the ones before it left (at least one call)."""
    scores: dict[str, float] = {}
    left = calls
    for i, code in enumerate(codes):
        search = TurnSearch(seat, p.state.turns)
        scores[code] = search.after(p, code, max(1, left // (len(codes) - i)))
        left -= search.calls
    return scores
