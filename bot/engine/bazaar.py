"""The Great Bazaar's own components: the Catacombs (place 25) and the deck of all 72 bonus cards.

Data and text. The Great Bazaar is the base game with both expansions on a 5x5 board of places
1-25 (`modules.game_of`: a random layout, Fountain in the centre); the Catacombs' rules are
`catacombs`, registered with this module.

The engine's contract for the Great Bazaar
------------------------------------------
(``bot/engine/bazaar.py``, ``bot/engine/catacombs.py``: the implied module ``bazaar``, in play
exactly when both expansions are; playable.) A 5x5 board of places 1-25 in a random
layout (the only one), the Fountain in the centre, the Black Market and the Tea House apart (the
test of every random layout); all 72 bonus cards (D-21: ``ls_bonus_deck`` does not apply). The
Catacombs (25, ``catacombs``): the action ``g.<colour>`` or ``g.coffee`` (1 good of one's choice or
1 coffee), then the step ``catacombs`` (place 25, tag the token that moves: ``merchant``,
``companion`` or ``family``): ``go.<place>``, every place but the Catacombs and the token's own, in
number order. A teleport; no action and no encounters where it lands, and when the turn's active
token leaves, phase 4 is skipped (its ``after`` step moves to place 0). The token is the active one
(the merchant stack, or the companion in a companion turn) however the action was reached (its own
move, the Police Station, the Tavern's Barrier, guild card #12; the merchant stack in a turn of
the family member's step card); under ``catacombs_family_member_moves`` the family member moves
when it took the action. Events: ``move`` (``how`` "catacombs"), ``catacombs_quiet`` {place}.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from .components import BASE_BONUS_CARDS
from .letters.data import LETTERS_BONUS_CARDS, Bundle
from .modules import Module, register_module

CATACOMBS: Final = 25

# An implied module: in play exactly when Mocha & Baksheesh and Letters & Seals both are
# (RULES-NOTES D-11); its title names the game, and it adds place 25.
BAZAAR = register_module(
    Module(
        name="", key="bazaar", title="The Great Bazaar", playable=True, places=(CATACOMBS,),
        implied_by=("mocha", "letters"), order=3,
    )
)
BOARD_PLACES: Final = tuple(range(1, 26))
BOARD_ROWS: Final = 5
BOARD_COLUMNS: Final = 5

# Take 1 good of your choice or 1 coffee (coffee is always in play here, E-46), then move the token
# that performed the action to any other place: no action and no encounters there (E-46, D-20).
CATACOMBS_GAIN: Final = Bundle(good_or_coffee=1)

MOCHA_BONUS_CARD_TOTAL: Final = 18
BONUS_CARD_TOTAL: Final = 72  # 26 base + 18 Mocha & Baksheesh + 28 Letters & Seals (D-21)


def bonus_deck(mocha_cards: Mapping[str, int]) -> dict[str, int]:
    """All bonus cards of the Great Bazaar (D-21): the base game's, Mocha & Baksheesh's (passed in,
    from that module's data) and Letters & Seals'; RuleOptions.ls_bonus_deck does not apply here."""
    if sum(mocha_cards.values()) != MOCHA_BONUS_CARD_TOTAL:
        raise ValueError(f"Mocha & Baksheesh has {MOCHA_BONUS_CARD_TOTAL} bonus cards")
    parts: tuple[Mapping[str, int], ...] = (BASE_BONUS_CARDS, mocha_cards, LETTERS_BONUS_CARDS)
    deck: dict[str, int] = {}
    for part in parts:
        clash = set(deck) & set(part)
        if clash:
            raise ValueError(f"bonus card codes used twice: {sorted(clash)}")
        deck.update(part)
    return deck


CATACOMBS_NAME: Final = "Catacombs"
# E-46, D-20: the merchant stack or the companion, whichever took the action; never back here. With
# RuleOptions.catacombs_family_member_moves a family member sent here by the Police Station moves.
_CATACOMBS = (
    "Take 1 good of your choice or 1 coffee. Then {} moves to any other place you pick, {}. It takes "
    "no action there, and there are no encounters there or here."
)
_WHO_MOVES = {
    False: ("the merchant stack or companion that took this turn", "never the family member"),
    True: ("the token that took the action", "your family member too when the Police Station or its card sent it here"),
}
# The help text names the other value of the rule option too.
FAMILY_OPTION_NOTE: Final = "A table may choose that a family member sent here moves on instead."


def catacombs_text(family_member_moves: bool = False) -> str:
    """The Catacombs' rule text under RuleOptions.catacombs_family_member_moves."""
    return _CATACOMBS.format(*_WHO_MOVES[family_member_moves])


CATACOMBS_TEXT: Final = catacombs_text()


def help_entries(family_member_moves: bool = False) -> dict[str, tuple[str, str]]:
    """Aliases of the Catacombs' help topic (normalised) -> (display name, text)."""
    entry = (CATACOMBS_NAME, catacombs_text(family_member_moves))
    aliases = (str(CATACOMBS), f"#{CATACOMBS}", f"p{CATACOMBS}", f"place {CATACOMBS}", CATACOMBS_NAME.lower())
    return dict.fromkeys(aliases, entry)
