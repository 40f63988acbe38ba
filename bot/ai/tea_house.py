"""The Tea House call worth making: the number whose expected payout is highest.

The call is made before the dice are rolled, so a search that sees one dealt roll would always
call exactly what that roll shows. Instead the call is chosen by its expectation over the 36
rolls, counting the red mosque tile (turn one die into a 4, or roll both again, once) when the
player owns it.
"""

from __future__ import annotations

from functools import cache

from bot.engine.components import RED_TILE_DIE, TEA_HOUSE_CALLS, tea_house_lira

ROLLS = tuple((a, b) for a in range(1, 7) for b in range(1, 7))


@cache
def expected_payout(call: int, red_tile: bool) -> float:
    """Expected Lira of a call; with the red tile the best adjustment of each roll is taken."""
    plain = sum(tea_house_lira(call, a + b) for a, b in ROLLS) / len(ROLLS)
    if not red_tile:
        return plain
    total = 0.0
    for a, b in ROLLS:
        kept_or_mended = (a + b, RED_TILE_DIE + b, a + RED_TILE_DIE)  # or roll again: `plain`
        total += max(plain, *(tea_house_lira(call, t) for t in kept_or_mended))
    return total / len(ROLLS)


@cache
def best_call(red_tile: bool) -> int:
    """The call with the highest expected payout (the lower call when two are equal)."""
    return max(TEA_HOUSE_CALLS, key=lambda k: (expected_payout(k, red_tile), -k))


def call_code(call: int) -> str:
    return f"n{call}"


def is_call(code: str) -> bool:
    return code[:1] == "n" and code[1:].isdigit()
