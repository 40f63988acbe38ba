"""Numbers printed on the base game's components (see shared/rules/components.md).

Everything here is data: a corrected value is a one-line change. Values that no source prints are
marked "house value" (components.md §20).
"""

from __future__ import annotations

from typing import Final

# Goods in wheelbarrow order: fabric, spice, fruit, jewelry.
GOODS: Final = ("red", "green", "yellow", "blue")
GOOD_INDEX: Final = {g: i for i, g in enumerate(GOODS)}
COLOURS: Final = ("red", "blue", "green", "yellow", "white")
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = len(COLOURS)  # a colour for each player

# Places of the base game, by their big number.
WAINWRIGHT: Final = 1
FABRIC_WAREHOUSE: Final = 2
SPICE_WAREHOUSE: Final = 3
FRUIT_WAREHOUSE: Final = 4
POST_OFFICE: Final = 5
CARAVANSARY: Final = 6
FOUNTAIN: Final = 7
BLACK_MARKET: Final = 8
TEA_HOUSE: Final = 9
LARGE_MARKET: Final = 10
SMALL_MARKET: Final = 11
POLICE_STATION: Final = 12
SULTANS_PALACE: Final = 13
SMALL_MOSQUE: Final = 14
GREAT_MOSQUE: Final = 15
GEMSTONE_DEALER: Final = 16
BASE_PLACES: Final = tuple(range(1, 17))

WAREHOUSE_GOOD: Final = {FABRIC_WAREHOUSE: "red", SPICE_WAREHOUSE: "green", FRUIT_WAREHOUSE: "yellow"}

# Wheelbarrow and Wainwright.
BASE_CAPACITY: Final = 2
MAX_EXTENSIONS: Final = 3
EXTENSION_PRICE: Final = 7
EXTENSIONS_PER_PLAYER: Final = 3

# Post Office: rewards by the number k of mail indicators already moved down (goods, Lira).
POST_OFFICE_REWARDS: Final = (
    (("green", "yellow"), 2),
    (("red", "yellow"), 2),
    (("red", "yellow"), 3),
    (("red", "blue"), 3),
    (("red", "blue"), 4),
)

# Demand tiles, counts in GOODS order (red, green, yellow, blue). House value H1: 5 light + 5 dark.
SMALL_DEMAND_TILES: Final = {
    "s1": (1, 1, 2, 1),
    "s2": (1, 2, 1, 1),
    "s3": (1, 3, 1, 0),
    "s4": (1, 2, 2, 0),
    "s5": (0, 2, 2, 1),
}
LARGE_DEMAND_TILES: Final = {
    "l1": (2, 1, 0, 2),
    "l2": (1, 1, 0, 3),
    "l3": (2, 0, 1, 2),
    "l4": (1, 0, 1, 3),
    "l5": (1, 1, 1, 2),
}
DEMAND_TILES: Final = {**SMALL_DEMAND_TILES, **LARGE_DEMAND_TILES}
# Revenue by number of goods sold (index 0 unused).
SMALL_MARKET_REVENUE: Final = (0, 2, 5, 9, 14, 20)
LARGE_MARKET_REVENUE: Final = (0, 3, 7, 12, 18, 25)
MAX_SALE: Final = 5

# Sultan's Palace: the ten goods spaces, then the ruby symbol.
SULTAN_TRACK: Final = ("blue", "red", "green", "yellow", "any", "blue", "red", "green", "yellow", "any")


def sultan_rubies_at_setup(players: int) -> int:
    return 7 if players >= 4 else 6


def sultan_price(rubies_left: int) -> tuple[tuple[int, int, int, int], int]:
    """Goods owed for the next ruby: (counts per colour in GOODS order, number of 'any good')."""
    uncovered = len(SULTAN_TRACK) + 1 - rubies_left
    counts = [0, 0, 0, 0]
    anys = 0
    for good in SULTAN_TRACK[:uncovered]:
        if good == "any":
            anys += 1
        else:
            counts[GOOD_INDEX[good]] += 1
    return (counts[0], counts[1], counts[2], counts[3]), anys


# Gemstone Dealer: spaces 12..23 and the ruby symbol; the price is the largest uncovered number.
def gemstone_rubies_at_setup(players: int) -> int:
    return 12 if players >= 4 else (10 if players == 3 else 9)


def gemstone_price(rubies_left: int) -> int:
    return 24 - rubies_left


# Mosques: which tile colours lie on which mosque, tile values by player count.
MOSQUE_COLOURS: Final = {SMALL_MOSQUE: ("red", "green"), GREAT_MOSQUE: ("blue", "yellow")}
MOSQUE_OF_COLOUR: Final = {c: m for m, cs in MOSQUE_COLOURS.items() for c in cs}
TILE_COLOURS: Final = ("red", "green", "blue", "yellow")


def mosque_tile_values(players: int) -> tuple[int, ...]:
    if players == 2:
        return (2, 4)
    if players == 3:
        return (2, 3, 4)
    return (2, 3, 4, 5)


def mosque_rubies_at_setup(players: int) -> int:
    return min(players, 4)


YELLOW_TILE_PRICE: Final = 2
GREEN_TILE_PRICE: Final = 2
RED_TILE_DIE: Final = 4

# Black Market: blue goods by dice sum.
def black_market_blue(total: int) -> int:
    if total >= 11:
        return 3
    if total >= 9:
        return 2
    if total >= 7:
        return 1
    return 0


TEA_HOUSE_CALLS: Final = tuple(range(3, 13))
TEA_HOUSE_CONSOLATION: Final = 2


def tea_house_lira(call: int, total: int) -> int:
    """Lira from a Tea House call: the number called if the dice reach it, else the consolation."""
    return call if total >= call else TEA_HOUSE_CONSOLATION


# Bonus cards of the base game: kind -> number of copies (26).
BASE_BONUS_CARDS: Final = {
    "good": 4,
    "lira5": 4,
    "sultan2": 2,
    "post2": 2,
    "gem2": 2,
    "family": 2,
    "smallany": 2,
    "stay": 2,
    "move34": 4,
    "return": 2,
}

LIRA_CARD: Final = 5  # the Lira the "Take 5 Lira" bonus card gives

MERCHANT_FEE: Final = 2
CATCH_LIRA: Final = 3
GOVERNOR_FEE: Final = 2
SMUGGLER_FEE: Final = 2
RUBIES_IN_BOX: Final = 42
START_LIRA: Final = 2
ASSISTANTS_AT_START: Final = 4
NEUTRAL_MERCHANT_PLACES: Final = (SMALL_MOSQUE, GREAT_MOSQUE, GEMSTONE_DEALER)


def ruby_target(players: int, expansions: int) -> int:
    return 6 if players == 2 or expansions else 5
