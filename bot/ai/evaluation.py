"""The greedy player's score of a position, for one seat, from that seat's own knowledge.

Rubies come first; then what brings the next ruby closer (the completion of each ruby source, see
`progress`); then what a player holds: Lira, goods, wheelbarrow extensions, mosque tiles (for
their abilities), assistants ready in the stack, the family member at home, bonus cards; and the
best place within reach for the next turn (see `prospects`). Once the game's end is triggered the
player has no turn after this one, so only the final ranking counts: rubies, then Lira, goods and
bonus cards, with a bonus for standing first.
"""

from __future__ import annotations

from itertools import count
from operator import attrgetter, mul

from bot.engine.components import CATCH_LIRA, GOODS, LIRA_CARD, POLICE_STATION
from bot.engine.scoring import ranking_key
from bot.engine.settings import GameSettings
from bot.engine.state import GameState, Player
from bot.engine.undo import after_last_round

from . import values
from .modules import score_keys, valuations
from .progress import completions
from .prospects import next_turn

WIN = 3 * values.RUBY  # standing first when the game ends (shared first: half)


CACHE_SIZE = 10_000  # remembered scores (a search meets the same end positions many times); ~5 MB
_scores: dict[tuple[object, ...], float] = {}


def evaluate(g: GameState, seat: int) -> float:
    """How good `g` is for `seat` (higher is better), reading only what `seat` may know."""
    if g.finished or g.end_triggered:
        return final_score(g, seat)
    key = score_key(g, seat)
    score = _scores.get(key)
    if score is None:
        p = g.players[seat]
        score = holdings(g, p) + values.NEXT_TURN * next_turn(g, p)
        if len(_scores) >= CACHE_SIZE:
            _scores.clear()
        _scores[key] = score
    return score


def score_key(g: GameState, seat: int) -> tuple[object, ...]:
    """Everything the score of a game still running reads: the seat's own holdings and place,
    the board's public stocks, where the merchants stand, whose turn it is (a module may value a
    holding by it: the active player is paid an auction's bid) and what the modules' valuations
    read besides (`ModuleValuation.keys`), and the game's settings (two games on the same layout
    under other rules or modules never share a remembered score)."""
    p = g.players[seat]
    b = g.board
    keys = score_keys(g.settings)
    return (
        settings_token(g.settings), g.layout, seat, g.turn.player, *([key(g) for key in keys] if keys else ()), p.merchant, p.stack, p.assistants, p.family, p.lira, p.goods, p.extensions,
        p.rubies, p.mosque_tiles, p.cards, b.sultan_rubies, b.gemstone_rubies, b.mosque_tiles,
        b.mosque_rubies, b.wainwright_extensions, b.wainwright_rubies, b.mail, b.small_demand[0],
        b.large_demand[0], b.neutral_merchants, tuple(map(_MERCHANT, g.players)),
        *b.parts.values(), *p.parts.values(), *p.hands.items(),
    )


_by_identity: dict[int, tuple[GameSettings, int]] = {}
_by_value: dict[GameSettings, int] = {}
_tokens = count()


def settings_token(settings: GameSettings) -> int:
    """A small number standing for `settings` in score keys: equal settings get the same number
    (copies of a game share remembered scores), other settings another. Found by the object's
    identity first (hashing the settings costs as much as the rest of the key)."""
    found = _by_identity.get(id(settings))
    if found is not None and found[0] is settings:
        return found[1]
    token = _by_value.setdefault(settings, next(_tokens))
    if len(_by_identity) >= 1000:
        _by_identity.clear()
    _by_identity[id(settings)] = (settings, token)  # holds the object, so its id is not reused
    return token


_MERCHANT = attrgetter("merchant")
_GOOD_WORTH = tuple(values.GOOD[c] for c in GOODS)


def holdings(g: GameState, p: Player) -> float:
    v = values.RUBY * p.rubies + values.LIRA * p.lira
    goods: float = sum(map(mul, _GOOD_WORTH, p.goods))  # each good's worth times the number held, in order
    v += goods
    modules = valuations(g.settings)
    done = completions(g.board, p, [source(g, p) for m in modules for source in m.sources])
    # the best sources count (a module that adds sources leaves the weakest out)
    v += values.SOURCE * sum(w * c * c for w, c in zip(values.SOURCE_RANK_WEIGHTS, done, strict=False))
    v += values.EXTENSION * p.extensions
    v += sum(values.TILE_ABILITY[c] for c in p.mosque_tiles)
    stack = values.ASSISTANTS_IN_STACK
    v += stack[min(len(p.stack), len(stack) - 1)] + values.ASSISTANT_OUT * len(p.assistants)
    if p.family == POLICE_STATION:
        v += values.FAMILY_HOME
    v += sum(values.CARD.get(c, values.UNKNOWN_CARD) for c in p.cards)
    for m in modules:
        v += sum(holding(g, p) for holding in m.holdings)
    return v


def leftover_cards_playable(g: GameState, seat: int) -> bool:
    """Whether `seat` will still get to play leftover cards (its step after the last round is
    still to come)."""
    if g.finished:
        return False
    return not after_last_round(g) or any(step.kind == "final" and step.actor == seat for step in g.steps)


def final_key(p: Player, leftovers: bool) -> tuple[int, int, int, int]:
    """The ranking key (rubies, Lira, goods, cards), counting (with `leftovers`) the cards that may
    still be played after the last round for Lira or a good."""
    rubies, lira, goods, cards = ranking_key(p)
    if not leftovers:
        return rubies, lira, goods, cards
    lira += LIRA_CARD * p.cards.count("lira5")
    if "family" in p.cards and p.family != POLICE_STATION:
        lira += CATCH_LIRA
    goods += min(p.cards.count("good"), len(GOODS) * p.capacity - goods)
    return rubies, lira, goods, cards


def final_score(g: GameState, seat: int) -> float:
    rubies, lira, goods, cards = mine = final_key(g.players[seat], leftover_cards_playable(g, seat))
    score = values.RUBY * rubies + values.LIRA * lira + 0.01 * goods + 0.0001 * cards
    return score + WIN * _first_share(g, seat, mine)


def first_share(g: GameState, seat: int) -> float:
    """`seat`'s share of first place if the game ended now: 1 first alone, 1/2 level with the
    best of the others (after every tie-breaker), 0 behind."""
    return _first_share(g, seat, final_key(g.players[seat], leftover_cards_playable(g, seat)))


def _first_share(g: GameState, seat: int, mine: tuple[int, int, int, int]) -> float:
    # the others' cards are counted, never read: their leftover plays are not guessed
    best_other = max(final_key(p, False) for p in g.players if p.seat != seat)
    return 1.0 if mine > best_other else 0.5 if mine == best_other else 0.0
