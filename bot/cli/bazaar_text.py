"""The Great Bazaar in the terminal (`:b` in `play`), registered with `board_text`'s hooks: under
the grid, what the Catacombs (place 25) do, under the rule option the table plays with, since
their cell has nothing else to show."""

from __future__ import annotations

from bot.engine import View
from bot.engine.bazaar import BAZAAR, CATACOMBS, CATACOMBS_NAME

from .board_text import MODULE_LINES

WHO_MOVES = {
    False: "your merchant (or companion) then moves to any place: no action, no encounters there",
    True: "the token that acted, a family member sent there too, moves to any place: no action there",
}


def place_lines(v: View) -> list[str]:
    moves = v.state.settings.rules.catacombs_family_member_moves
    return [f"{CATACOMBS} {CATACOMBS_NAME}: take 1 good or 1 coffee;", f"   {WHO_MOVES[moves]}"]


MODULE_LINES.add(place_lines, BAZAAR.ident)
