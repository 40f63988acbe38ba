"""The weights of the greedy player's evaluation, in Lira (one Lira = 1.0).

A ruby is worth far more than anything a single turn can gather, so a ruby within reach is always
taken ("rubies first"). The rest is a rough exchange rate between what a player holds, set by hand
and checked in seeded games (how many turns the greedy player needs to reach the ruby target,
and `python -m bot arena`); the figures moved little when single weights were halved or doubled.
"""

from __future__ import annotations

from typing import Final

RUBY: Final = 100.0
LIRA: Final = 1.0

# Goods held, by colour (what they would fetch at a market, roughly).
GOOD: Final = {"red": 1.5, "green": 1.5, "yellow": 1.5, "blue": 2.5}
WANTED_GOOD: Final = 6.0  # next-turn estimate: a good the Sultan's next space asks for

# Completion of the ruby sources (see `progress`): the best source counts fully, the next ones
# less, each as the square of its completion so that finishing one source beats spreading out.
SOURCE: Final = 45.0
SOURCE_RANK_WEIGHTS: Final = (1.0, 0.5, 0.25, 0.15, 0.1)

EXTENSION: Final = 9.0  # each wheelbarrow extension (capacity), besides the Wainwright's ruby
EXTENSION_STEP: Final = 5.0  # next-turn estimate: progress towards the Wainwright's ruby
TILE_ABILITY: Final = {"red": 6.0, "green": 8.0, "blue": 4.0, "yellow": 6.0}
TILE_STEP: Final = 10.0  # next-turn estimate: a mosque tile as a step towards a mosque ruby

ASSISTANTS_IN_STACK: Final = (0.0, 8.0, 14.0, 18.0, 21.0, 23.0, 24.0)
ASSISTANT_OUT: Final = 2.0  # an assistant waiting on the board (can be collected or called back)
FAMILY_HOME: Final = 2.0  # the family member at the Police Station (ready to be sent)

CARD: Final = {
    "good": 3.0,
    "lira5": 5.5,
    "sultan2": 7.0,
    "post2": 6.0,
    "gem2": 7.0,
    "family": 4.0,
    "smallany": 5.0,
    "stay": 4.0,
    "move34": 4.0,
    "return": 3.0,
}
UNKNOWN_CARD: Final = 4.0

# Next turn: the best reachable place counts this much of its estimated gain.
NEXT_TURN: Final = 0.4
READY_RUBY: Final = 50.0  # a ruby that can be taken on arrival
CARAVANSARY: Final = 4.0
BLACK_MARKET: Final = 5.0
RECALL: Final = 2.5  # Fountain: per assistant called back, when the stack is nearly empty
FAMILY_ACTION: Final = 5.0
