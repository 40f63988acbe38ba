"""Mocha & Baksheesh: places 17-20, coffee, guild cards, the Tavern (not playable yet).

``data`` holds the numbers printed on the module's components, ``texts`` its names and rule
texts. What the module registers so far: its title, its places, its first-game grid
(components.md §1.3) and its 18 bonus cards (``data.BONUS_CARDS``: components.md §8.2, house
value H2). ``parts`` holds its state (``MochaBoard``: the Coffee House rubies, the Coffee
trader, the Barrier and its controller, the Tavern piles, the Baksheesh side; ``MochaPlayer``:
coffee and Tavern tiles), set up in every game with the module, and the Coffee House's ruby track;
``coffee`` gains and pays coffee (the ``coffee`` event). What each place and card does comes with
the module's issue.
"""

from __future__ import annotations

from ..modules import Module, register_module
from . import coffee, data, guild_deck, help_topics, parts  # noqa: F401  (register the module's state, set-up, coffee, guild deck and help texts)

MOCHA = register_module(
    Module(
        name="mocha",
        title="Mocha & Baksheesh",
        playable=False,
        order=1,
        places=(17, 18, 19, 20),
        first_layout=(
            16, 15, 18, 3, 10,
            8, 1, 7, 17, 4,
            2, 19, 6, 12, 9,
            20, 11, 5, 14, 13,
        ),
        bonus_cards=tuple(data.BONUS_CARDS.items()),
    )
)  # fmt: skip
