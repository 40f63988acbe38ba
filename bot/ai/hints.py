"""Hints: "What would the computer play?" for the seat that decides now.

A hint is the best registered player's choice (`levels.hint_policy_name`: the strong player when
there is one, else greedy) with one short reason in words. It is a pure function of the decider's
own view and the decision: the player's generator is seeded from a digest of both (`hint_seed`),
never from the game's seed or generator, so asking again gives the same hint and nothing another
seat holds can change it.

The reason comes from playing the hinted option on one state dealt from the same view and the
rest of the seat's turn after it (the greedy player), then comparing the seat before and after:
a ruby first, then a wheelbarrow extension, a mosque tile, goods (a full wheelbarrow slot is
named), Lira, a bonus card; otherwise a plain sentence. Only the decider's own gains are named,
counted, never a dealt card by name (the deal is a guess, and a guess must not pass for news).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from bot import engine
from bot.engine import Decision, EngineError, GameState, View, determinize
from bot.engine.components import GOODS
from bot.engine.state import Player
from bot.engine.texts import GOOD_NAMES

from . import POLICIES
from .greedy import greedy_policy
from .levels import hint_policy_name

FOLLOW_STEPS = 12  # the seat's own choices played after the hinted one to see where the turn leads


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
    """Why `code`, in a few words: what the seat gains by the end of the turn it leads to."""
    seat = decision.player
    state = determinize(view, seed)
    before = state.players[seat]
    try:
        after = _turn_after(state, seat, decision.decision_id, code, seed)
    except EngineError:
        return _plain(decision)
    return _gain(before, after.players[seat], after) or _plain(decision)


def _turn_after(state: GameState, seat: int, decision_id: int, code: str, seed: int) -> GameState:
    """`state` after `code` and the rest of the seat's part of the turn (greedy's choices)."""
    turns = state.turns
    state, _ = engine.apply(state, seat, decision_id, code)
    rng = random.Random(seed)
    for _ in range(FOLLOW_STEPS):
        d = engine.pending(state)
        if d is None or d.player != seat or state.turns != turns:
            break
        state, _ = engine.apply(state, seat, d.decision_id, greedy_policy(engine.view(state, seat), d, rng))
    return state


def _gain(p: Player, q: Player, after: GameState) -> str | None:
    if q.rubies > p.rubies:
        return f"takes your {_ordinal(q.rubies)} ruby" if q.rubies - p.rubies == 1 else f"takes {q.rubies - p.rubies} rubies"
    if q.extensions > p.extensions:
        return f"adds a wheelbarrow extension (room for {q.capacity} of each good)"
    tiles = [t for t in q.mosque_tiles if t not in p.mosque_tiles]
    if tiles:
        return f"takes the {tiles[0]} mosque tile"
    full = [c for c in GOODS if q.good(c) == q.capacity and p.good(c) < q.capacity]
    if full:
        return f"fills the wheelbarrow's last {GOOD_NAMES[full[0]]} slot"
    more = [(q.good(c) - p.good(c), c) for c in GOODS if q.good(c) > p.good(c)]
    lira = q.lira - p.lira
    if lira > 0 and lira >= 2 * sum(n for n, _ in more):
        return f"+{lira} Lira (you would have {q.lira})"
    if more:
        return "+" + ", +".join(f"{n} {GOOD_NAMES[c]}" for n, c in more)
    if lira > 0:
        return f"+{lira} Lira (you would have {q.lira})"
    if len(q.cards) > len(p.cards):
        return "gets you a bonus card"
    if len(q.stack) > len(p.stack):  # an assistant picked up again (or freed by the Fountain)
        return "brings an assistant back to your stack"
    if len(q.assistants) > len(p.assistants):
        return "leaves an assistant behind to work for you"
    return None


def _plain(decision: Decision) -> str:
    if decision.off_turn:
        return "the best answer the computer finds from what you can see"
    return "leads to the best end of turn the computer finds from what you can see"


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
