"""The greedy player's score of a position, for one seat, from that seat's own knowledge.

Rubies come first; then what brings the next ruby closer (the completion of each ruby source, see
`progress`); then what a player holds: Lira, goods, wheelbarrow extensions, mosque tiles (for
their abilities), assistants ready in the stack, the family member at home, bonus cards; and the
best place within reach for the next turn (see `prospects`). Once the game's end is triggered the
player has no turn after this one, so only the final ranking counts: rubies, then Lira, goods and
bonus cards, with a bonus for standing first.
"""

from __future__ import annotations

from bot.engine.components import CATCH_LIRA, GOODS, POLICE_STATION
from bot.engine.state import GameState, Player

from . import values
from .progress import completions
from .prospects import next_turn

FINAL_LIRA = {"lira5": 5}  # cards that may still be played after the last round, and their Lira
WIN = 3 * values.RUBY  # standing first when the game ends (shared first: half)


def evaluate(g: GameState, seat: int) -> float:
    """How good `g` is for `seat` (higher is better), reading only what `seat` may know."""
    if g.finished or g.end_triggered:
        return final_score(g, seat)
    p = g.players[seat]
    return holdings(g, p) + values.NEXT_TURN * next_turn(g, p)


def holdings(g: GameState, p: Player) -> float:
    v = values.RUBY * p.rubies + values.LIRA * p.lira
    v += sum(n * values.GOOD[c] for c, n in zip(GOODS, p.goods, strict=True))
    done = completions(g.board, p)
    v += values.SOURCE * sum(w * c * c for w, c in zip(values.SOURCE_RANK_WEIGHTS, done, strict=False))
    v += values.EXTENSION * p.extensions
    v += sum(values.TILE_ABILITY[c] for c in p.mosque_tiles)
    stack = values.ASSISTANTS_IN_STACK
    v += stack[min(len(p.stack), len(stack) - 1)] + values.ASSISTANT_OUT * len(p.assistants)
    if p.family == POLICE_STATION:
        v += values.FAMILY_HOME
    v += sum(values.CARD.get(c, values.UNKNOWN_CARD) for c in p.cards)
    return v


def final_key(p: Player) -> tuple[int, int, int, int]:
    """The ranking key (rubies, Lira, goods, cards), counting the cards that may still be played
    after the last round for Lira or a good."""
    lira = p.lira + sum(FINAL_LIRA.get(c, 0) for c in p.cards)
    if "family" in p.cards and p.family != POLICE_STATION:
        lira += CATCH_LIRA
    goods = sum(p.goods) + min(p.cards.count("good"), 4 * p.capacity - sum(p.goods))
    return p.rubies, lira, goods, len(p.cards)


def public_key(p: Player) -> tuple[int, int, int, int]:
    """Another player's ranking key as everyone sees it (their cards are counted, not read)."""
    return p.rubies, p.lira, sum(p.goods), len(p.cards)


def final_score(g: GameState, seat: int) -> float:
    rubies, lira, goods, cards = mine = final_key(g.players[seat])
    score = values.RUBY * rubies + values.LIRA * lira + 0.01 * goods + 0.0001 * cards
    best_other = max(public_key(p) for p in g.players if p.seat != seat)
    if mine > best_other:
        score += WIN
    elif mine == best_other:
        score += WIN / 2
    return score
