"""The guild cards as a deck: the Guild Hall's face-down pile, the face-up guild discard pile
beside the board, and each player's hidden hand (``Player.hands["guild"]``).

An item is the card's kind code, ``"g1"`` ... ``"g20"`` (its play is ``c.g7``). Guild cards are
never bonus cards (E-60, E-29, E-19): they live in their own deck, so nothing that counts or takes
a bonus card sees them. An empty pile is refilled by shuffling the discard pile (E-39).
"""

from __future__ import annotations

from ..decks import Deck, register_deck
from ..settings import GameSettings
from . import data
from .texts import GUILD_CARD_NAMES

GUILD = "guild"


class GuildCards(Deck):
    name = GUILD
    private = True
    title = "guild card"
    noun = "a guild card"

    def phrase(self, item: str) -> str:
        number = data.guild_number(item)
        if number is None:
            return f"guild card {item}"
        return f"guild card #{number} ({GUILD_CARD_NAMES[number]})"

    def order(self, item: str) -> str | int:
        return data.guild_number(item) or 0  # g7 before g17

    def contents(self, settings: GameSettings) -> tuple[str, ...]:
        return tuple(sorted(data.guild_code(n) for n in data.guild_deck()))


GUILD_DECK = register_deck(GuildCards(), data.MODULE)
