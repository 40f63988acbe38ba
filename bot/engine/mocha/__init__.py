"""Mocha & Baksheesh: places 17-20, coffee, guild cards, the Tavern, the Barrier, the Coffee trader.

``data`` holds the numbers printed on the module's components, ``texts`` its names and rule
texts. What the module registers so far: its title, its places, its first-game grid
(components.md §1.3) and its 18 bonus cards (``data.BONUS_CARDS``: components.md §8.2, house
value H2). ``parts`` holds its state (``MochaBoard``: the Coffee House rubies, the Coffee
trader, the Barrier and its controller, the Tavern piles, the Baksheesh side; ``MochaPlayer``:
coffee and Tavern tiles), set up in every game with the module, and the Coffee House's ruby track;
``coffee`` gains and pays coffee (the ``coffee`` event). ``roasting_plant`` and ``coffee_house``
are places 17 and 20, ``coffee_trader`` the neutral token met in phase 4, ``caravansary`` the
Caravansary's extra coffee (D-13).
"""

from __future__ import annotations

from ..modules import Module, register_module
from . import barrier as _barrier  # noqa: F401  (the Barrier, a blocked edge)
from . import barrier_check as _barrier_check  # noqa: F401  (the Barrier respected by every step-wise move)
from . import bonus_cards as _bonus_cards  # noqa: F401  (the nine bonus-card kinds, their steps and the die-to-6 rule)
from . import caravansary as _caravansary  # noqa: F401  (the Caravansary's coffee, D-13)
from . import coffee, data, guild_cards, guild_deck, guild_hall, help_topics, parts  # noqa: F401  (register the module's parts and help texts)
from . import coffee_house as _coffee_house  # noqa: F401  (place 20)
from . import coffee_trader as _coffee_trader  # noqa: F401  (the neutral token)
from . import die_to_six as _die_to_six  # noqa: F401
from . import exchange as _exchange  # noqa: F401
from . import roasting_plant as _roasting_plant  # noqa: F401  (place 17)
from . import tavern as _tavern  # noqa: F401  (the Tavern, place 19)
from . import tavern_tiles as _tavern_tiles  # noqa: F401  (the Movement and Encounter tiles)

MOCHA = register_module(
    Module(
        name="mocha",
        title="Mocha & Baksheesh",
        playable=True,
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
