"""Letters & Seals: places 21-24, letters, the companion, kiosk tiles.

What the module registers so far: its title, its places, its first-game grid (components.md
§1.3) and its 28 bonus cards (components.md §8.3; house value H3: 4 "letter", the "good + 3
Lira" card once in each of the four colours, 2 of every other kind), which a Letters & Seals
game may play without the base cards (RULES-NOTES D-21, rule option ``ls_bonus_deck``). The
counts are ``data.LETTERS_BONUS_CARDS``; ``data`` holds the component numbers and ``texts`` the
names and rule texts.

``parts`` holds its state (``LettersBoard``: the Courier, the Secret Society bonuses paid, the
kiosk tiles turned up and picked, the auction's bid; ``LettersPlayer``: letters, companion, the
round of the last double move), set up in every game with the module. ``letter_deck`` and
``kiosk_deck`` are its decks (letters face up before their owners, kiosk tiles turned up at the
Kiosk); ``delivery`` turns letters over whenever a token of their owner stands on their place
(a `machine.SWEEPS` rule, E-48); ``companion_token`` registers the companion as a token kind,
``companion`` earns and brings it home at the Fountain (E-44) and ``companion_turn`` sets it out
and moves it instead of the merchant, with its "Companion moves 2" card (E-45, E-3).
"""

from __future__ import annotations

from ..modules import Module, register_module
from . import auction as _auction  # noqa: F401  (the Auction House, place 23)
from . import bonus_cards as _bonus_cards  # noqa: F401  (the bonus cards that give things or move the stack)
from . import companion as _companion  # noqa: F401  (earned and brought home at the Fountain, E-44)
from . import companion_token as _companion_token  # noqa: F401  (the companion as a token kind)
from . import companion_turn as _companion_turn  # noqa: F401  (set out, moved instead of the merchant, E-45)
from . import copy_card as _copy_card  # noqa: F401  (the copy card, E-35)
from . import courier as _courier  # noqa: F401  (the Courier, a neutral token)
from . import data, kiosk_deck, letter_deck, parts  # noqa: F401  (register the module's parts and decks)
from . import delivery as _delivery  # noqa: F401  (letters delivered whenever a token stands on their place)
from . import double_move as _double_move  # noqa: F401  (the double move at the end of a turn)
from . import embassy as _embassy  # noqa: F401  (place 21)
from . import family_step as _family_step  # noqa: F401  (the family member's step card, E-37)
from . import help_topics as _help_topics  # noqa: F401  (the module's texts in the one help lookup)
from . import kiosk as _kiosk  # noqa: F401  (the Kiosk, place 22, and its tiles)
from . import letters_check as _letters_check  # noqa: F401  (the module's invariants)
from . import secret_society as _secret_society  # noqa: F401  (place 24, the society2 card)
from . import use_token as _use_token  # noqa: F401  (the card that calls a neutral token from afar, E-30)

LETTERS = register_module(
    Module(
        name="letters",
        title="Letters & Seals",
        playable=True,
        order=2,
        places=(21, 22, 23, 24),
        first_layout=(
            9, 1, 4, 21, 3,
            15, 6, 7, 11, 22,
            13, 24, 12, 14, 8,
            10, 2, 23, 5, 16,
        ),
        bonus_cards=tuple(data.LETTERS_BONUS_CARDS.items()),
        deck_alone=True,
    )
)  # fmt: skip
