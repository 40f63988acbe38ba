"""The final ranking in words: for each place, the tie-break that decided it.

The engine ranks by rubies, then Lira, then goods, then bonus cards (`engine.result`); a player
who equals another in all four shares the place. Each place is told against its neighbour: a
player is "ahead on Lira 23–18" of the next one down (the first of the four that differs), the
last one "behind on rubies 3–4" of the one above, and players level in all four are "tied on
every count".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Standing
from ..engine.scoring import CRITERIA, decided_by

__all__ = ["CRITERIA", "Place", "decided", "ordinal", "ranking"]

TIED = "tied on every count"


@dataclass(frozen=True, slots=True)
class Place:
    seat: int
    rank: int
    decided: str  # the tie-break that decided the place, in words


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, … 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def decided(one: Standing, other: Standing) -> str:
    """How `one` compares with `other` on the first tie-break where they differ."""
    name = decided_by(one, other)
    if name is None:
        return TIED
    a, b = one.key[CRITERIA.index(name)], other.key[CRITERIA.index(name)]
    return f"{'ahead' if a > b else 'behind'} on {name} {a}–{b}"


def ranking(standings: Sequence[Standing]) -> list[Place]:
    """`standings` (best first, as `engine.result` gives them) with each place's tie-break."""
    out = []
    for i, s in enumerate(standings):
        if any(o.rank == s.rank for o in standings if o is not s):
            why = TIED
        else:
            below = next((o for o in standings[i + 1 :] if o.rank != s.rank), None)
            why = decided(s, below if below is not None else standings[i - 1]) if len(standings) > 1 else ""
        out.append(Place(s.seat, s.rank, why))
    return out
