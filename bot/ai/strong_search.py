"""The strong player's look-ahead: one option played on a dealt state, then the game carried on
past the end of the turn, every seat choosing with a small turn search, up to a horizon.

`Rollout` plays on the playout path (`bot.engine.playout`) from a full state dealt by
`determinize`. Each decision on the way is taken the greedy way, on a small budget: every code
worth trying is followed by the best rest of that seat's turn (`search.TurnSearch`), and the one
that scores best for the seat that decides is played (ties: the first offered). The seat being
analysed searches with a larger share (`OWN_CALLS`) than the others (`OTHER_CALLS`): it is its own
plan that is being tested, the others only need to answer sensibly. The line stops at the horizon,
two rounds and one turn after the decision's turn by turn number (or when the game ends): at the
end of the seat's turn after next for a decision in its own turn with no extra turn between; a
decision in another seat's turn looks a little further; an extra turn on the way stops the line
before that turn is over. Two of its own turns, not one: on the same budget (fewer deals, longer
lines) it won 140 of 200 two-player base games against greedy where one turn won 122 of the same
200 (arena, seeds 1001-1200); three times the budget at one turn won 63 of the first 100 where
the default won 65, and counting the rival in full 122 of 200: the horizon, not the sampling, was
what held it back. It is scored from the seat's side: its own score less a share
(`RIVAL_WEIGHT`) of the best rival's, so that taking what a rival needs counts.
A won game is worth more the sooner it ends: a line that triggers the game's end with the seat
first (alone, or a share when level) gains `SOONER` for each turn left to the horizon. Without it
a sure win now and the same win a turn later scored alike (the final score counts rubies and
money, not when they came), so the rollouts could prefer a turn's detour that picked up a few
Lira before winning, and then again at the next turn: in a two-player Mocha & Baksheesh arena game
(seed 1121) the strong seat, one delivery from its sixth ruby at the Sultan's Palace, walked
between the Tea House and the Police Station for over 150 rounds, and the game stopped at the
turn cap. Lines in the last round (the end already triggered before the decision) gain nothing:
every option ends the game at the same time.
Every step is a deterministic function of the dealt state, so a rollout repeats exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.playout import Playout

from .evaluation import evaluate, first_share
from .search import TurnSearch, worth_trying

OWN_CALLS = 120  # engine calls per decision of the analysed seat inside a rollout
OTHER_CALLS = 40  # per decision of any other seat
RIVAL_WEIGHT = 0.5  # of the best rival's score, taken off the seat's own
HORIZON_ROUNDS = 2  # rounds a rollout looks past the decision's turn (then one turn more)
SOONER = 20.0  # per turn to the horizon, for a line that ends the game with the seat first (module doc)
STEP_GUARD = 2_000  # decisions in one rollout before it is cut short (a game is far shorter)


@dataclass(slots=True)
class Rollout:
    """Rollouts for `seat`, from decisions taken in turn number `turns` (see the module doc)."""

    seat: int
    turns: int
    players: int
    calls: int = 0  # engine calls, every rollout together (the work the budget counts)

    def horizon(self) -> int:
        """The turn number at which a rollout stops, 2 x `players` + 1 after the decision's: the
        seat's turn after next is over then when the decision is in its own turn and nobody takes
        an extra turn on the way (see the module doc)."""
        return self.turns + HORIZON_ROUNDS * self.players + 1

    def value(self, p: Playout, code: str) -> float:
        """The score of playing `code` now at `p` (left as it is) and carrying on to the horizon."""
        already = p.state.end_triggered
        line = p.copy()
        line.choose(code)
        self.calls += 1
        stop = self.horizon()
        triggered: int | None = None  # the turn in which the line triggered the game's end
        for _ in range(STEP_GUARD):
            if triggered is None and line.state.end_triggered:
                triggered = line.state.turns
            if line.over or line.state.turns >= stop:
                break
            line.choose(self.choice(line))
        if triggered is not None and triggered < stop and not already:
            return self.score(line) + SOONER * (stop - triggered) * first_share(line.state, self.seat)
        return self.score(line)

    def choice(self, p: Playout) -> str:
        """The code the decider of `p` plays inside a rollout: the best end of its own turn."""
        decider = p.decider()
        assert decider is not None
        offered = p.offered or ()
        if len(offered) == 1:
            return offered[0]
        codes = worth_trying(p.state, decider, p.kind() or "", offered, inside=True)
        if len(codes) == 1:
            return codes[0]
        left = OWN_CALLS if decider == self.seat else OTHER_CALLS
        best_code, best = codes[0], float("-inf")
        for i, code in enumerate(codes):
            search = TurnSearch(decider, p.state.turns)
            score = search.after(p, code, max(1, left // (len(codes) - i)))
            left -= search.calls
            self.calls += search.calls
            if score > best:
                best_code, best = code, score
        return best_code

    def score(self, p: Playout) -> float:
        """The seat's score at the end of a line, less a share of the best rival's."""
        g = p.state
        own = evaluate(g, self.seat)
        rivals = [evaluate(g, other) for other in range(len(g.players)) if other != self.seat]
        return own - RIVAL_WEIGHT * max(rivals, default=0.0)
