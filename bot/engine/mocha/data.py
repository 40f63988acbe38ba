"""Numbers printed on the Mocha & Baksheesh components (shared/rules/components.md §1, §8.2, §8.4,
§9-11, §15, §20).

Everything here is data: a corrected value is a one-line change. Values that no source prints are
marked "house value Hn" (components.md §20); values deduced from the rule text are marked
"inferred". Goods counts are tuples in GOODS order (red, green, yellow, blue), as in
bot/engine/components.py. Coffee is its own resource and never one of the GOODS (E-43).
"""

from __future__ import annotations

from typing import Final, Literal

from bot.engine.components import (
    GEMSTONE_DEALER,
    GOODS,
    GREAT_MOSQUE,
    SMALL_MOSQUE,
    SULTANS_PALACE,
    WAINWRIGHT,
    tea_house_lira,
)

MODULE: Final = "mocha"

# -- places ----------------------------------------------------------------------------------------

ROASTING_PLANT: Final = 17
GUILD_HALL: Final = 18
TAVERN: Final = 19
COFFEE_HOUSE: Final = 20
PLACES: Final = (ROASTING_PLANT, GUILD_HALL, TAVERN, COFFEE_HOUSE)
ALL_PLACES: Final = tuple(range(1, 21))  # the base places 1-16 and these four, on a 5x4 grid
GRID_COLUMNS: Final = 5
GRID_ROWS: Final = 4

# -- coffee ------------------------------------------------------------------------------------------

COFFEE: Final = "coffee"
COFFEE_IN_BOX: Final = 30  # printed count; the supply is treated as unlimited (R000)
CARAVANSARY_COFFEE: Final = 1  # with this module the Caravansary also gives 1 coffee (D-13)

# Resources a reward or a payment may name: the four goods, coffee and Lira.
Resource = Literal["red", "green", "yellow", "blue", "coffee", "lira"]
Reward = tuple[Resource, int]
RESOURCES: Final[tuple[Resource, ...]] = ("red", "green", "yellow", "blue", "coffee", "lira")

# -- the Coffee trader (a neutral token, placed and moved by 2d6 like the Governor) -------------

COFFEE_TRADER: Final = "coffee_trader"
COFFEE_TRADER_LIRA: Final = 2  # pay 2 Lira ...
COFFEE_TRADER_GOODS: Final = 1  # ... or any 1 good (never coffee, E-43)
COFFEE_TRADER_COFFEE: Final = 1  # for 1 coffee

# -- Roasting Plant (17) --------------------------------------------------------------------------

# Each option at most once per action (D-15, E-40), each gives 2 coffee: up to 6.
RoastOption = Literal["lira", "good", "card"]
ROAST_OPTIONS: Final[tuple[RoastOption, ...]] = ("lira", "good", "card")
ROAST_LIRA: Final = 2  # the "lira" option costs 2 Lira
ROAST_GOODS: Final = 1  # the "good" option costs any 1 good (not coffee)
ROAST_CARDS: Final = 1  # the "card" option discards 1 bonus or guild card
ROAST_COFFEE: Final = 2  # coffee per option taken
ROAST_MAX_COFFEE: Final = ROAST_COFFEE * len(ROAST_OPTIONS)

# -- Guild Hall (18) ---------------------------------------------------------------------------------

GUILD_HALL_COFFEE: Final = 1
GUILD_HALL_DRAW: Final = 2  # guild cards drawn from the face-down pile
GUILD_HALL_DISCARD: Final = 1  # then any 1 guild card from the hand goes unused to the discard pile

# -- Tavern (19): the Barrier, the Tavern tiles and the Baksheesh tile ----------------------------

TavernOption = Literal["barrier", "tile", "baksheesh"]
TAVERN_OPTIONS: Final[tuple[TavernOption, ...]] = ("barrier", "tile", "baksheesh")  # one per action

BARRIER_COFFEE: Final = 2  # move the Barrier, act at one of its two places, take its control tile

TavernTileType = Literal["movement", "encounter"]
TAVERN_TILE_TYPES: Final[tuple[TavernTileType, ...]] = ("movement", "encounter")
# Coffee printed on the tiles of each pile, top first. House value H8: four tiles per pile
# costing 1, 2, 3, 4 (sourced: the 1-coffee tile is on top, R000/R002/R003; the 2-player 1 and 3,
# R002; house: four per pile and the costs 2 and 4).
TAVERN_TILE_COSTS: Final = (1, 2, 3, 4)
# Two players, `two_player_tavern_tiles = "1and3"` (D-14, the default): only these tiles are used.
TWO_PLAYER_TAVERN_TILE_COSTS: Final = (1, 3)
TAVERN_TILES_PER_PLAYER: Final = 1  # of each type

TwoPlayerTavernTiles = Literal["1and3", "all"]


def tavern_pile(players: int, two_player_tavern_tiles: TwoPlayerTavernTiles = "1and3") -> tuple[int, ...]:
    """Coffee costs of one Tavern tile pile at set-up, top first (both piles are alike)."""
    if players == 2 and two_player_tavern_tiles == "1and3":
        return TWO_PLAYER_TAVERN_TILE_COSTS
    return TAVERN_TILE_COSTS


def tavern_piles(
    players: int, two_player_tavern_tiles: TwoPlayerTavernTiles = "1and3"
) -> dict[TavernTileType, tuple[int, ...]]:
    """Both Tavern tile piles at set-up: tile type -> coffee costs, top first."""
    return {kind: tavern_pile(players, two_player_tavern_tiles) for kind in TAVERN_TILE_TYPES}


def tavern_tile_id(kind: TavernTileType, cost: int) -> str:
    """A Tavern tile named by its type and printed cost: 'movement1', 'encounter3'."""
    return f"{kind}{cost}"


BAKSHEESH_COFFEE: Final = 4  # plus the goods on the tile's face up side
BAKSHEESH_RUBY_PLACES: Final = (SULTANS_PALACE, GEMSTONE_DEALER, COFFEE_HOUSE)  # next ruby from one of these
BaksheeshSide = Literal["a", "b"]
BAKSHEESH_SIDES: Final[dict[BaksheeshSide, tuple[int, int, int, int]]] = {
    "a": (0, 0, 3, 0),  # 3 yellow: the side up at set-up (R000, R002, R003)
    "b": (1, 1, 0, 1),  # house value H7: 1 red, 1 green, 1 blue
}
BAKSHEESH_START_SIDE: Final[BaksheeshSide] = "a"


def baksheesh_flip(side: BaksheeshSide) -> BaksheeshSide:
    """The side up after a Baksheesh ruby is taken: the tile turns over after each use."""
    return "b" if side == "a" else "a"


def baksheesh_goods(side: BaksheeshSide) -> dict[str, int]:
    """The goods owed on that side, by colour (colours not owed left out)."""
    return {good: n for good, n in zip(GOODS, BAKSHEESH_SIDES[side], strict=True) if n}


# -- Coffee House (20) ------------------------------------------------------------------------------

# Spaces 6, 7, 8, 9, 10, then the ruby symbol (inferred: R000 "biggest uncovered (6-10)").
COFFEE_HOUSE_TRACK: Final = (6, 7, 8, 9, 10)
# A ruby on every space but the 6 (4 spaces and the symbol), whatever the player count.
COFFEE_HOUSE_RUBIES_AT_SETUP: Final = len(COFFEE_HOUSE_TRACK)


def coffee_house_price(rubies_left: int) -> int:
    """Coffee owed for the next ruby: the largest uncovered number (6 with all 5 rubies, 10 with
    only the one on the symbol; the refill rule keeps it at 10 afterwards)."""
    if not 1 <= rubies_left <= COFFEE_HOUSE_RUBIES_AT_SETUP:
        raise ValueError(f"the Coffee House holds 1-5 rubies, not {rubies_left}")
    return COFFEE_HOUSE_TRACK[COFFEE_HOUSE_RUBIES_AT_SETUP - rubies_left]


# -- bonus cards (18, marked with coffee beans) ------------------------------------------------

# Kind codes: a play is "c.<kind>" (at most 10 characters). House value H2: 2 of each kind.
BONUS_CARDS: Final = {
    "coffee2": 2,  # take 2 coffee
    "buyguild": 2,  # pay 2 coffee, draw 1 guild card
    "lira8": 2,  # pay 1 coffee, take 8 Lira
    "swap3": 2,  # exchange up to 3 goods or coffee for as many others
    "mdice": 2,  # roll 2 dice, one reward per die (table H4)
    "six": 2,  # after your own roll, turn one die to 6
    "corner": 2,  # movement: go to a corner place instead
    "wain2": 2,  # at the Wainwright: the action once more
    "coffeeh2": 2,  # at the Coffee House: the action once more
}
BONUS_CARD_COUNT: Final = 18


def bonus_cards() -> dict[str, int]:
    """This module's part of the bonus deck. With Mocha & Baksheesh it is always added to the base
    cards, and in the Great Bazaar to the base and Letters & Seals cards (D-21); no setting changes it."""
    return dict(BONUS_CARDS)


COFFEE_CARD_COFFEE: Final = 2  # "coffee2"
GUILD_CARD_COFFEE: Final = 2  # "buyguild": coffee paid ...
GUILD_CARD_DRAW: Final = 1  # ... for this many guild cards
LIRA8_COFFEE: Final = 1  # "lira8": coffee paid ...
LIRA8_LIRA: Final = 8  # ... for this many Lira
SWAP_MAX: Final = 3  # "swap3": up to 3 goods or coffee, each for another good or coffee
SIX_FACE: Final = 6  # "six": the face a die is turned to
REPEAT_CARD_PLACE: Final = {"wain2": WAINWRIGHT, "coffeeh2": COFFEE_HOUSE}  # "if you are at ..." (E-33)
MOVEMENT_CARDS: Final = ("corner",)  # replace the normal move (E-32a); a teleport (E-10, E-11)
# Cards whose "good" may also be coffee (E-43): only the exchange card in this module.
GOOD_OR_COFFEE_CARDS: Final = ("swap3",)
# Cards a player may still play after the last round (E-55): they yield only goods or Lira.
FINAL_CARDS: Final = ("lira8", "swap3", "mdice")

# "mdice": two dice, each gives the reward of its face. House value H4 (the card's table is
# printed only on the card; two rewards per play after the German "the two yields").
MDICE_FACE_REWARDS: Final[dict[int, Reward]] = {
    1: ("coffee", 1),
    2: ("lira", 2),
    3: ("yellow", 1),
    4: ("green", 1),
    5: ("red", 1),
    6: ("blue", 1),
}


def mdice_rewards(first: int, second: int) -> tuple[Reward, Reward]:
    """The two rewards of a roll of the dice-reward card, one per die."""
    return MDICE_FACE_REWARDS[first], MDICE_FACE_REWARDS[second]


# -- guild cards (20, one of each) -------------------------------------------------------------

GUILD_CARDS: Final = tuple(range(1, 21))


def guild_code(number: int) -> str:
    """The kind code of a guild card: its play is "c.g<number>" ("c.g1" ... "c.g20")."""
    if number not in GUILD_CARDS:
        raise ValueError(f"there is no guild card {number}")
    return f"g{number}"


def guild_number(code: str) -> int | None:
    """The number of a guild card's code ('g7' -> 7), None for any other text."""
    if not code.startswith("g") or not code[1:].isdecimal() or code[1:2] == "0":
        return None
    number = int(code[1:])
    return number if number in GUILD_CARDS else None


def guild_deck() -> tuple[int, ...]:
    """The guild cards shuffled into the Guild Hall's pile at set-up: all twenty, one of each.
    An empty pile is refilled by shuffling the guild discard pile (E-39, our ruling)."""
    return GUILD_CARDS


GUILD_EXTENSIONS: Final = {1: 1}  # a free wheelbarrow extension from the Wainwright
GUILD_FILL: Final = {2: "red", 3: "green", 4: "yellow"}  # that colour up to capacity
GUILD_DIFFERENT_GOODS: Final = {2: 3, 3: 3, 4: 3, 5: 4}  # then up to N goods, each of another colour
GUILD_LIRA: Final = {5: 4}
GUILD_BONUS_DRAW: Final = {6: 3}  # bonus cards from the face-down pile
GUILD_FOUNTAIN: Final = 7  # stack and any own assistants to the Fountain, then another turn
GUILD8_GOOD_CHOICES: Final = ("red", "yellow", "green")  # 2 of one of these ...
GUILD8_GOODS: Final = 2
GUILD_NO_RED_TILE: Final = frozenset({8, 9})  # the red mosque tile may not change these rolls (E-20)
GUILD_TEA_HOUSE: Final = 9
GUILD_TEA_HOUSE_FACTOR: Final = 2
# Pay one each of these goods, take the Lira.
GUILD_TRADES: Final[dict[int, tuple[tuple[int, int, int, int], int]]] = {
    10: ((1, 1, 1, 0), 15),  # red, green, yellow -> 15
    11: ((1, 1, 0, 1), 20),  # red, green, blue -> 20
}
GUILD_ANY_PLACE: Final = 12  # any place's action, then the family member to the Police Station
GUILD_SULTAN_GOODS: Final = {13: 6}  # any 6 goods (no coffee) for the next Sultan's ruby
GUILD_MOSQUE: Final = {14: SMALL_MOSQUE, 15: GREAT_MOSQUE}  # a tile you lack; pay 1 of its good (E-38)
GUILD_GEMSTONE_LIRA: Final = {16: 15}  # then 1 coffee per ruby owned, counted after this one
GUILD_COFFEE: Final = {17: 5, 18: 1}
GUILD_GUILD_DRAW: Final = {18: 2}
GUILD_TAVERN: Final = 19
GUILD_TAVERN_ACTIONS: Final = 2  # 1 or 2 Tavern actions ...
GUILD_TAVERN_DISCOUNT: Final = 1  # ... paying 1 coffee less in total
GUILD_COFFEE_HOUSE: Final = 20


def guild8_blue(total: int) -> int:
    """Blue goods from guild card 8's roll of both dice: 2-3 none, 4-6 one, 7-12 three."""
    if total >= 7:
        return 3
    if total >= 4:
        return 1
    return 0


def guild9_lira(call: int, total: int) -> int:
    """Guild card 9: the Tea House's payout, doubled (the consolation too: 4 Lira)."""
    return GUILD_TEA_HOUSE_FACTOR * tea_house_lira(call, total)


def guild19_coffee(costs: tuple[int, ...]) -> int:
    """Coffee paid for guild card 19's one or two Tavern actions (their coffee costs)."""
    if not 1 <= len(costs) <= GUILD_TAVERN_ACTIONS:
        raise ValueError("guild card 19 carries out 1 or 2 Tavern actions")
    return max(0, sum(costs) - GUILD_TAVERN_DISCOUNT)


def guild20_coffee(rubies_left: int) -> int:
    """Guild card 20: half the Coffee House's price, rounded up."""
    return (coffee_house_price(rubies_left) + 1) // 2


# -- set-up ----------------------------------------------------------------------------------------

# Coffee trader, like the Governor and Smuggler, starts on the place of a 2d6 roll (2-12).
NEUTRAL_TOKENS: Final = (COFFEE_TRADER,)
RUBY_TARGET: Final = 6  # whatever the player count (components.ruby_target with an expansion)
START_COFFEE: Final = 0  # nobody starts with coffee or guild cards (E-57)
START_GUILD_CARDS: Final = 0
