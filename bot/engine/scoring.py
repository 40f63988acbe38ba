"""The winner: most rubies, then Lira, then goods, then bonus cards; a tie after that is shared."""

from __future__ import annotations

from dataclasses import dataclass

from .decks import BONUS_DECK
from .registry import Registry
from .settings import GameSettings
from .state import GameState, Player

# What a module adds that players might expect to count and never does (E-56): "coffee", "guild
# cards". The tie-break sentence names them in games of that module.
NEVER_COUNTED: Registry[str] = Registry("never counted")


def never_counted(settings: GameSettings) -> str:
    """What this game's modules add that never breaks a tie, in words ("" in a base game)."""
    extra = NEVER_COUNTED.active(settings)
    return ", ".join(extra[:-1]) + " and " + extra[-1] if len(extra) > 1 else "".join(extra)


def tie_break_sentence(settings: GameSettings) -> str:
    """How ties are broken, in words, naming what this game's modules add that never counts."""
    never = never_counted(settings)
    return "Ties are broken by Lira, then goods, then bonus cards" + (f"; {never} never count." if never else ".")


@dataclass(frozen=True, slots=True)
class Standing:
    seat: int
    rank: int  # 1 = winner; tied players share a rank
    rubies: int
    lira: int
    goods: int
    cards: int

    @property
    def key(self) -> tuple[int, int, int, int]:
        return (self.rubies, self.lira, self.goods, self.cards)


def ranking_key(p: Player) -> tuple[int, int, int, int]:
    """What the ranking compares, in order: rubies, Lira, goods (coffee is no good), bonus cards
    (RULES-NOTES E-56: the same with every module; guild cards and letters never count)."""
    return p.rubies, p.lira, sum(p.goods), len(BONUS_DECK.hand(p))


def result(state: GameState) -> list[Standing]:
    """Standings, best first (also usable mid-game as the current order)."""
    rows = [Standing(p.seat, 0, *ranking_key(p)) for p in state.players]
    rows.sort(key=lambda s: (tuple(-k for k in s.key), s.seat))
    ranked: list[Standing] = []
    for i, s in enumerate(rows):
        rank = ranked[-1].rank if ranked and ranked[-1].key == s.key else i + 1
        ranked.append(Standing(s.seat, rank, s.rubies, s.lira, s.goods, s.cards))
    return ranked


def winners(state: GameState) -> list[int]:
    return [s.seat for s in result(state) if s.rank == 1]


CRITERIA = ("rubies", "Lira", "goods", "bonus cards")


def decided_by(one: Standing, other: Standing) -> str | None:
    """What tells two standings apart: the first of rubies, Lira, goods and bonus cards in which
    they differ (whichever of the two is ahead); None when they are tied on all four."""
    for name, a, b in zip(CRITERIA, one.key, other.key, strict=True):
        if a != b:
            return name
    return None
