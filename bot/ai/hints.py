"""Hints: "What would the computer play?" for the seat that decides now.

A hint is the best registered player's choice (`levels.hint_policy_name`: the strong player when
there is one, else greedy) with one short reason in words. It is a pure function of the decider's
own view and the decision: the player's generator is seeded from a digest of both (`hint_seed`),
never from the game's seed or generator, so asking again gives the same hint and nothing another
seat holds can change it.

The reason comes from one state dealt from the same view (with the hint's seed), played on the
engine's playout path: the hinted option, then the rest of the turn, then on to the end of the
seat's next turn, every seat choosing the greedy way (the best end of its own turn on that deal).
The seat is compared before and after this turn, and again before and after its next turn, and
the more telling gain is named: a ruby first, then a wheelbarrow extension, a mosque tile, a full
wheelbarrow slot, goods or Lira, a bonus card, an assistant (`Gain.rank`). This turn's gain wins
a tie; the next turn's is named only when it tells more ("sets up your 5th ruby next turn"), so
an option that gains little now but prepares a payoff says so, and only when it is the option's
doing: the runner-up (the best other option the greedy way on the same deal, `_ranked`), played
on the same way, ends the seat's next turn without it. A ruby that the next turn takes from
almost anywhere is not credited to one move (about half the next-turn reasons of greedy games
were such; the runner-up's line, played only then, took the reason's CPU p50/p95 from 10/27 ms
to 16/39 ms over 360 decisions of base games). With no gain either way, a plain sentence.
Only the decider's own gains are named, counted, never a dealt card by name nor anything of
another seat (the deal is a guess, and a guess must not pass for news).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass

from bot import engine
from bot.engine import Decision, GameState, View, determinize
from bot.engine.components import GOODS
from bot.engine.playout import Playout
from bot.engine.state import Player
from bot.engine.texts import GOOD_NAMES

from . import POLICIES
from .levels import hint_policy_name
from .search import scores_after, worth_trying

OWN_CALLS = 720  # engine calls for each choice of the hinted seat on the way (as greedy's first deal)
OTHER_CALLS = 60  # for each choice of another seat (they only need to answer sensibly)
STEP_GUARD = 2_000  # choices played on one line before it is cut short (a round is far shorter)


@dataclass(frozen=True, slots=True)
class Hint:
    code: str  # the option the computer would choose (one of the decision's codes)
    label: str  # the option's words, as the decision offers it
    reason: str  # one short reason, lower case, no full stop ("takes your 4th ruby")
    player: str  # the registered player that chose ("strong" or "greedy")

    def sentence(self) -> str:
        """The hint in one line: "The computer would choose: Move to ... — takes your 4th ruby."."""
        return f"The computer would choose: {self.label} — {self.reason}."


def hint_seed(view: View, decision: Decision) -> int:
    """The hint's seed: a digest of the decider's view and the decision (nothing else)."""
    digest = hashlib.sha256()
    digest.update(engine.to_json(view.state).encode())
    digest.update(f"|{view.viewer}|{decision.decision_id}|{decision.player}|{','.join(decision.codes())}".encode())
    return int.from_bytes(digest.digest()[:8], "big") >> 2


def hint(view: View, decision: Decision) -> Hint:
    """What the best registered player would choose at `decision` from `view` (the decider's
    own), and why in a few words. ``ValueError`` when the view is not the decider's."""
    if view.viewer != decision.player:
        raise ValueError("a hint is worked out from the decider's own view")
    name = hint_policy_name()
    seed = hint_seed(view, decision)
    code = POLICIES[name](view, decision, random.Random(seed))
    labels = {o.code: o.label for o in decision.options}
    return Hint(code, labels.get(code, code), reason(view, decision, code, seed), name)


def reason(view: View, decision: Decision, code: str, seed: int) -> str:
    """Why `code`, in a few words: what the seat gains by the end of the turn it leads to, or
    what that sets up for the seat's next turn when this turn gains less and the runner-up's line
    does not reach it (see the module doc)."""
    seat = decision.player
    state = determinize(view, seed)
    line = Playout(state)
    if line.decider() != seat or line.codes() != list(decision.codes()):
        return _plain(decision)  # the view does not belong to this decision
    root = line.copy()  # the position before `code`, for the runner-up's line
    before = state.players[seat]
    middle = _two_turns(line, seat, code)
    now = _gains(before, middle or line.state.players[seat])
    later = None if middle is None else _gains(middle, line.state.players[seat])
    if later is not None and _names_later(now, later) and not _own_doing(root, seat, code, line.state.players[seat], later.rank):
        later = None
    return _worded(now, later) or _plain(decision)


def _two_turns(line: Playout, seat: int, code: str) -> Player | None:
    """Play `code` at `line`, the rest of the turn, then on to the end of `seat`'s next turn (or
    the game's end). The seat as it was at the end of this turn, None if the game ended there."""
    turn = line.state.turns  # read before `code`, which may end the turn by itself
    line.choose(code)
    _play_on(line, seat, _this_turn_over(turn))
    if line.over:
        return None
    middle = line.state.players[seat].copy()
    _play_on(line, seat, _next_turn_over(turn, seat))
    return middle


def _own_doing(root: Playout, seat: int, code: str, end: Player, rank: int) -> bool:
    """Whether the next turn's gain (of `rank`) on `code`'s line, which ends with the seat as
    `end`, is that option's doing: the runner-up's line (the best other option the greedy way on
    this deal), played on the same way, ends the seat's next turn without a gain of that rank or
    a more telling one. True with no other option to compare with."""
    others = [c for c in _ranked(root, seat, OWN_CALLS) if c != code]
    if not others:
        return True
    alt = root.copy()
    _two_turns(alt, seat, others[0])
    ahead = _gains(alt.state.players[seat], end)  # what `code`'s line ends with and the runner-up's not
    return ahead is not None and ahead.rank <= rank


Stop = Callable[[GameState], bool]


def _this_turn_over(turn: int) -> Stop:
    """Whether the turn numbered `turn` (`GameState.turns`) is over (or the game)."""
    return lambda g: g.turns != turn


def _next_turn_over(turn: int, seat: int) -> Stop:
    """Whether `seat`'s next turn after the turn numbered `turn` (its first turn numbered later,
    an extra turn included) is over."""
    own: list[int] = []  # the number of that turn, once it has started

    def over(g: GameState) -> bool:
        if not own:
            if g.turns != turn and g.turn.player == seat:
                own.append(g.turns)
            return False
        return g.turns != own[0]

    return over


def _play_on(line: Playout, seat: int, stop: Stop) -> None:
    """Play `line` on until `stop` says so (or the game ends): every seat chooses the greedy way,
    the best end of its own turn on this one dealt state, `seat` with a larger search than the
    others (it is its plan that the reason describes)."""
    for _ in range(STEP_GUARD):
        if line.over or stop(line.state):
            return
        decider = line.decider()
        assert decider is not None
        line.choose(_choice(line, decider, OWN_CALLS if decider == seat else OTHER_CALLS))


def _choice(line: Playout, decider: int, budget: int) -> str:
    """The decider's best code at `line` by the end of its turn (ties: the first offered), within
    `budget` engine calls on this deal."""
    return _ranked(line, decider, budget)[0]


def _ranked(line: Playout, decider: int, budget: int) -> list[str]:
    """The codes worth trying at `line`, best first by the end of the decider's turn (ties keep
    the offered order), within `budget` engine calls on this deal; a lone code is not searched."""
    offered = line.codes() or []
    codes = worth_trying(line.state, decider, line.kind() or "", offered, inside=True) if len(offered) > 1 else offered
    if len(codes) == 1:
        return codes
    scores = scores_after(line, decider, codes, budget)
    return sorted(codes, key=lambda c: -scores[c])  # stable: ties keep the offered order


@dataclass(frozen=True, slots=True)
class Gain:
    """What a seat gained between two moments: `rank` orders the kinds of gain (0 the most
    telling: a ruby), `this_turn` says it as this turn's doing, `thing` names what was gained (as
    the object of "sets up ... next turn")."""

    rank: int
    this_turn: str
    thing: str


def _gains(p: Player, q: Player) -> Gain | None:
    """The most telling thing `q` has that `p` had not (the same seat, later), or None."""
    if q.rubies > p.rubies:
        n = q.rubies - p.rubies
        if n == 1:
            return Gain(0, f"takes your {_ordinal(q.rubies)} ruby", f"your {_ordinal(q.rubies)} ruby")
        return Gain(0, f"takes {n} rubies", f"{n} rubies")
    if q.extensions > p.extensions:
        return Gain(1, f"adds a wheelbarrow extension (room for {q.capacity} of each good)", "a wheelbarrow extension")
    tiles = [t for t in q.mosque_tiles if t not in p.mosque_tiles]
    if tiles:
        return Gain(2, f"takes the {tiles[0]} mosque tile", f"the {tiles[0]} mosque tile")
    full = [c for c in GOODS if q.good(c) == q.capacity and p.good(c) < q.capacity]
    if full:
        name = GOOD_NAMES[full[0]]
        return Gain(3, f"fills the wheelbarrow's last {name} slot", f"a full load of {name}")
    more = [(q.good(c) - p.good(c), c) for c in GOODS if q.good(c) > p.good(c)]
    lira = q.lira - p.lira
    if lira > 0 and (not more or lira >= 2 * sum(n for n, _ in more)):  # Lira, unless goods weigh more
        return Gain(4, f"+{lira} Lira (you would have {q.lira})", f"+{lira} Lira")
    if more:
        goods = "+" + ", +".join(f"{n} {GOOD_NAMES[c]}" for n, c in more)
        return Gain(4, goods, goods)
    if len(q.cards) > len(p.cards):
        return Gain(5, "gets you a bonus card", "a bonus card")
    if len(q.stack) > len(p.stack):  # an assistant picked up again (or freed by the Fountain)
        return Gain(6, "brings an assistant back to your stack", "an assistant back in your stack")
    if len(q.assistants) > len(p.assistants):
        return Gain(6, "leaves an assistant behind to work for you", "an assistant working for you")
    return None


def _names_later(now: Gain | None, later: Gain | None) -> bool:
    """Whether the next turn's gain tells more than this turn's (and so is worth naming)."""
    return later is not None and (now is None or later.rank < now.rank)


def _worded(now: Gain | None, later: Gain | None) -> str | None:
    """The reason from this turn's gain and the next turn's: the next turn's is named only when it
    tells more ("fills the wheelbarrow's last fruit slot, then your 5th ruby next turn")."""
    if later is not None and _names_later(now, later):
        if now is None:
            return f"sets up {later.thing} next turn"
        return f"{now.this_turn}, then {later.thing} next turn"
    return None if now is None else now.this_turn


def _plain(decision: Decision) -> str:
    if decision.off_turn:
        return "the best answer the computer finds from what you can see"
    return "leads to the best end of turn the computer finds from what you can see"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
