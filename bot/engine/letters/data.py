"""Numbers printed on the Letters & Seals components (shared/rules/components.md §1, §8.3, §8.4,
§12-§15; rulings of RULES-NOTES E-44...E-53, D-17, D-21).

Everything here is data and small pure functions: a corrected value is a one-line change. Values
no source prints are marked "house value Hn" (components.md §20). The bonus cards, kiosk tiles and
letters are identified as components.md does: kiosk tiles K01-K24, letters by the place number on
their front, bonus cards by the short codes below (usable as option codes ``c.<code>``).

Coffee exists only when Mocha & Baksheesh is in play too (the Great Bazaar). In a Letters-only game
every coffee symbol is ignored (rulebook 000 l.531, RULES-NOTES E-50): `without_coffee` turns a
"good (or coffee)" into a good and drops any choice that only gives coffee.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Final, Literal

from ..components import (
    BASE_BONUS_CARDS,
    BASE_PLACES,
    GEMSTONE_DEALER,
    GOOD_INDEX,
    GOODS,
    GREAT_MOSQUE,
    SMALL_MOSQUE,
    SULTANS_PALACE,
)

MODULE: Final = "letters"

# -- places ----------------------------------------------------------------------------------

EMBASSY: Final = 21
KIOSK: Final = 22
AUCTION_HOUSE: Final = 23
SECRET_SOCIETY: Final = 24
LETTERS_PLACES: Final = (EMBASSY, KIOSK, AUCTION_HOUSE, SECRET_SOCIETY)
# A Letters & Seals board: places 1-16 and 21-24 in 4 rows of 5 (the Catacombs 25 is not used).
BOARD_PLACES: Final = (*BASE_PLACES, *LETTERS_PLACES)
BOARD_ROWS: Final = 4
BOARD_COLUMNS: Final = 5
COFFEE_HOUSE: Final = 20  # Mocha & Baksheesh; a Secret Society ruby source in the Great Bazaar only

RUBY_TARGET: Final = 6  # whatever the player count (components.md §15)

# -- letters (components.md §12) ---------------------------------------------------------------

LETTER_FRONT_SEALS: Final = 1  # face up when received: 1 seal and a place number
LETTER_BACK_SEALS: Final = 2  # delivered: 2 seals
LETTER_TILES: Final = 36

# House value H6: the place numbers on the letters' fronts, place -> copies (1-16 twice, 21-24 once).
LETTER_COPIES: Final[dict[int, int]] = {
    **{place: 2 for place in BASE_PLACES},
    **{place: 1 for place in LETTERS_PLACES},
}
# The whole letter supply as place numbers, in place order (shuffled at set-up).
LETTERS: Final[tuple[int, ...]] = tuple(p for p, n in LETTER_COPIES.items() for _ in range(n))


def letter_seals(delivered: bool) -> int:
    """Seals a letter shows: 1 on its front, 2 once delivered."""
    return LETTER_BACK_SEALS if delivered else LETTER_FRONT_SEALS


def seals_total(letters: Sequence[bool]) -> int:
    """Seals shown by letters given by their delivered flags (each `letter_seals`: a front's, plus
    the difference for each delivered one; counted without a generator, it is asked at every turn's
    end)."""
    return LETTER_FRONT_SEALS * len(letters) + (LETTER_BACK_SEALS - LETTER_FRONT_SEALS) * sum(letters)


# -- places 21-24 ------------------------------------------------------------------------------

EMBASSY_LETTERS: Final = 2
KIOSK_LETTERS: Final = 1
KIOSK_STACKS: Final = 2  # face-down stacks of kiosk tiles on the Kiosk
KIOSK_TILES_EXTRA: Final = 1  # tiles turned up = players + 1


def kiosk_tiles_turned_up(players: int) -> int:
    return players + KIOSK_TILES_EXTRA


AUCTION_GOODS: Final = 1  # any good, never coffee (E-51, E-43)
AUCTION_CARDS: Final = 2  # drawn by the winner from the face-down pile
AUCTION_MIN_BID: Final = 1  # the active player's opening bid

SOCIETY_SEALS: Final = 6  # exactly (E-52)
SOCIETY_LIRA: Final = (3, 2, 1)  # for the 1st, 2nd and 3rd to take the action; later ones nothing


def society_lira(earlier: int) -> int:
    """Lira for a Secret Society action when `earlier` bonuses were already handed out."""
    return SOCIETY_LIRA[earlier] if 0 <= earlier < len(SOCIETY_LIRA) else 0


def society_ruby_places(coffee_house: bool) -> tuple[int, ...]:
    """Tracks a Secret Society ruby may come from (the Coffee House only in the Great Bazaar)."""
    return (
        (SULTANS_PALACE, GEMSTONE_DEALER, COFFEE_HOUSE) if coffee_house else (SULTANS_PALACE, GEMSTONE_DEALER)
    )


def society_payment_ok(seals: Sequence[int]) -> bool:
    """Letters paid at the Secret Society (their visible seals) must total exactly 6 (E-52)."""
    return sum(seals) == SOCIETY_SEALS


# -- double move (D-17, E-49) ------------------------------------------------------------------

DOUBLE_MOVE_SEALS: Final = 3
DOUBLE_MOVES_PER_ROUND: Final = 1


def double_move_payment_ok(seals: Sequence[int]) -> bool:
    """A minimal set of letters worth at least 3 seals: no letter can be left out and still reach
    3 (D-17). With 1- and 2-seal letters this always totals 3 or 4."""
    total = sum(seals)
    return total >= DOUBLE_MOVE_SEALS and all(total - s < DOUBLE_MOVE_SEALS for s in seals)


# -- companion and Courier ---------------------------------------------------------------------

COMPANIONS: Final = 5  # one per player colour, in the general supply at set-up
COMPANION_STEPS: Final = 1
COMPANION_CARD_STEPS: Final = 2  # with the "companion 2" card (E-3)

COURIER_LIRA: Final = 2  # or discard 1 letter (D-19)
COURIER_LETTER_PRICE: Final = 1
COURIER_LETTERS: Final = 1

NeutralToken = Literal["governor", "smuggler", "courier", "coffee_trader"]


def neutral_tokens(coffee_trader: bool) -> tuple[NeutralToken, ...]:
    """Tokens the "use a neutral token" card may call (the Coffee trader in the Great Bazaar)."""
    base: tuple[NeutralToken, ...] = ("governor", "smuggler", "courier")
    return (*base, "coffee_trader") if coffee_trader else base


# -- what a tile, a card or a roll gives or costs ------------------------------------------------


@dataclass(frozen=True)
class Bundle:
    """Things paid or gained. `goods` counts given colours in GOODS order; `any_goods` are goods of
    the player's choice (never coffee); `good_or_coffee` are goods of choice or coffee."""

    goods: tuple[int, int, int, int] = (0, 0, 0, 0)
    any_goods: int = 0
    good_or_coffee: int = 0
    coffee: int = 0
    lira: int = 0
    die_lira: int = 0  # roll this many dice and take 1 Lira per pip
    letters: int = 0
    cards: int = 0  # bonus cards (drawn from the face-down pile, or discarded from the hand)
    extensions: int = 0  # wheelbarrow extensions

    def is_empty(self) -> bool:
        return self == Bundle()


NOTHING: Final = Bundle()


def goods(**counts: int) -> tuple[int, int, int, int]:
    """Goods by colour name: goods(red=1, blue=2) -> (1, 0, 0, 2)."""
    out = [0, 0, 0, 0]
    for colour, n in counts.items():
        out[GOOD_INDEX[colour]] = n
    return (out[0], out[1], out[2], out[3])


Move = Literal["", "companion_to_supply", "stack_to_fountain"]


@dataclass(frozen=True)
class Trade:
    """One way to use a kiosk tile: pay `pay`, take `gain`, and perhaps move a token."""

    gain: Bundle = field(default_factory=Bundle)
    pay: Bundle = field(default_factory=Bundle)
    move: Move = ""


def _without_coffee(b: Bundle) -> Bundle | None:
    """A bundle with coffee ignored; None when only coffee was in it."""
    if b.coffee and b == Bundle(coffee=b.coffee):
        return None
    return replace(b, coffee=0, any_goods=b.any_goods + b.good_or_coffee, good_or_coffee=0)


def without_coffee(trade: Trade) -> Trade | None:
    """The trade in a game without coffee (l.531, E-50); None when it only deals in coffee."""
    gain, pay = _without_coffee(trade.gain), _without_coffee(trade.pay)
    if gain is None or pay is None:
        return None
    return replace(trade, gain=gain, pay=pay)


# -- kiosk tiles (components.md §13; one of each, 24) ------------------------------------------

KIOSK_TILES: Final[dict[str, tuple[Trade, ...]]] = {
    "K01": (Trade(Bundle(goods=goods(yellow=1), lira=1)),),
    "K02": (Trade(Bundle(goods=goods(green=1), lira=1)),),
    "K03": (Trade(Bundle(goods=goods(red=1), lira=1)),),
    "K04": (Trade(Bundle(goods=goods(yellow=2))),),
    "K05": (Trade(Bundle(goods=goods(green=2))),),
    "K06": (Trade(Bundle(goods=goods(red=2))),),
    "K07": (Trade(Bundle(goods=goods(yellow=1))),),
    "K08": (Trade(Bundle(goods=goods(green=1))),),
    "K09": (Trade(Bundle(goods=goods(red=1))),),
    "K10": (Trade(Bundle(goods=goods(blue=1))),),
    "K11": (Trade(Bundle(cards=1)),),
    "K12": (Trade(Bundle(lira=2)),),
    "K13": (Trade(Bundle(coffee=1)), Trade(Bundle(lira=2))),
    "K14": (Trade(Bundle(coffee=1)), Trade(Bundle(lira=3))),
    "K15": (Trade(move="companion_to_supply"),),
    "K16": (Trade(Bundle(die_lira=1)),),
    "K17": (Trade(Bundle(extensions=1), Bundle(lira=10)),),
    "K18": (Trade(Bundle(extensions=1), Bundle(goods=(1, 1, 1, 1))),),
    "K19": (Trade(move="stack_to_fountain"),),  # no assistants collected, no Fountain action (E-47)
    "K20": (
        Trade(Bundle(letters=1), Bundle(good_or_coffee=1)),
        Trade(Bundle(good_or_coffee=1), Bundle(letters=1)),
    ),
    "K21": (Trade(Bundle(letters=1), Bundle(cards=1)), Trade(Bundle(cards=1), Bundle(letters=1))),
    "K22": (Trade(Bundle(letters=1), Bundle(lira=2)), Trade(Bundle(lira=3), Bundle(letters=1))),
    "K23": (Trade(Bundle(good_or_coffee=1), Bundle(lira=2)), Trade(Bundle(lira=3), Bundle(good_or_coffee=1))),
    "K24": (Trade(Bundle(cards=1), Bundle(lira=2)), Trade(Bundle(lira=3), Bundle(cards=1))),
}
KIOSK_TILE_IDS: Final = tuple(KIOSK_TILES)


@cache  # asked at every look at a kiosk tile; the answer never changes
def kiosk_options(tile: str, coffee: bool) -> tuple[Trade, ...]:
    """The ways to use a kiosk tile: as printed with coffee in play, else with coffee ignored."""
    trades = KIOSK_TILES[tile]
    if coffee:
        return trades
    return tuple(t for t in map(without_coffee, trades) if t is not None)


# -- bonus cards (components.md §8.3) ------------------------------------------------------------

# The twelve kinds, by code (each at most 10 characters so that "c.<code>" is a valid option code).
LETTER: Final = "letter"  # take 1 letter
DICE: Final = "ldice"  # roll 2 dice, one reward by the sum (H5)
SELL7: Final = "sell7"  # pay 1 good (or coffee) for 7 Lira
GOOD3: Final = "good3"  # the pictured good and 3 Lira (one card per colour, H3)
COPY: Final = "copy"  # carry out the top card of the discard pile (E-35)
FAMILY_STEP: Final = "familystep"  # family member one step, acts there, no encounters (E-37)
FOLLOW: Final = "follow"  # merchant stack to another player's merchant (E-15, D-25)
COMPANION2: Final = "companion2"  # companion moves 2 (E-3)
NEUTRAL: Final = "usetoken"  # use the Governor, Smuggler, Courier (or Coffee trader) from afar (E-30)
MOSQUE2: Final = "mosque2"  # at a mosque, its action once more
SOCIETY2: Final = "society2"  # at the Secret Society, its action once more
PAY3: Final = "pay3move"  # pay 3 Lira, merchant stack to any place (D-24)

CARD_KINDS: Final = (
    LETTER,
    DICE,
    SELL7,
    GOOD3,
    COPY,
    FAMILY_STEP,
    FOLLOW,
    COMPANION2,
    NEUTRAL,
    MOSQUE2,
    SOCIETY2,
    PAY3,
)

# The pictured good of each GOOD3 card: code "good3.<initial>".
GOOD3_CARDS: Final[dict[str, str]] = {f"{GOOD3}.{colour[0]}": colour for colour in GOODS}

# House value H3: copies per card (4 letter cards, one GOOD3 card per colour, 2 of every other kind).
LETTERS_BONUS_CARDS: Final[dict[str, int]] = {
    LETTER: 4,
    DICE: 2,
    SELL7: 2,
    **{code: 1 for code in GOOD3_CARDS},
    COPY: 2,
    FAMILY_STEP: 2,
    FOLLOW: 2,
    COMPANION2: 2,
    NEUTRAL: 2,
    MOSQUE2: 2,
    SOCIETY2: 2,
    PAY3: 2,
}
LETTERS_BONUS_CARD_TOTAL: Final = 28


def card_kind(code: str) -> str:
    """The kind of a card code: "good3.r" -> "good3"; other codes are their own kind."""
    return code.split(".", 1)[0]


LsBonusDeck = Literal["lsPlusBase", "lsOnly"]


def bonus_deck(ls_bonus_deck: LsBonusDeck) -> dict[str, int]:
    """The bonus cards of a game with Letters & Seals but without Mocha & Baksheesh (D-21): the 28
    Letters & Seals cards alone, or shuffled with the base game's 26. The Great Bazaar's deck is in
    bot.engine.bazaar."""
    if ls_bonus_deck == "lsOnly":
        return dict(LETTERS_BONUS_CARDS)
    return {**BASE_BONUS_CARDS, **LETTERS_BONUS_CARDS}


# When each card may be played (E-32): replacing the normal move at the start of phase 1, with the
# action of one of the places named, or at any other free moment of the turn.
MOVEMENT_CARDS: Final = frozenset({FAMILY_STEP, FOLLOW, COMPANION2, PAY3})
REPEAT_CARDS: Final[dict[str, tuple[int, ...]]] = {
    MOSQUE2: (SMALL_MOSQUE, GREAT_MOSQUE),
    SOCIETY2: (SECRET_SOCIETY,),
}
# Cards that move or name the merchant stack, so never apply to the companion (E-45).
MERCHANT_ONLY_CARDS: Final = frozenset({FOLLOW, PAY3})
# Kinds playable after the last round, for their goods and Lira only (E-55); COPY only when the
# copied card is one of them, NEUTRAL only for the Smuggler.
FINAL_CARDS: Final = frozenset({DICE, SELL7, GOOD3, COPY, NEUTRAL})
FINAL_NEUTRAL_TOKENS: Final = ("smuggler",)  # the tokens NEUTRAL may call after the last round (E-55)

SELL7_LIRA: Final = 7
SELL7_PRICE: Final = Bundle(good_or_coffee=1)
GOOD3_LIRA: Final = 3
PAY3_LIRA: Final = 3
LETTER_CARD_LETTERS: Final = 1


def good3_gain(code: str) -> Bundle:
    """What a GOOD3 card gives: its pictured good and 3 Lira."""
    return Bundle(goods=goods(**{GOOD3_CARDS[code]: 1}), lira=GOOD3_LIRA)


# -- the dice card (components.md §8.4) -----------------------------------------------------------

# House value H5: roll 2 dice, one reward by the sum (lowest sum, highest sum, reward).
DICE_REWARDS: Final[tuple[tuple[int, int, Bundle], ...]] = (
    (2, 5, Bundle(lira=3)),
    (6, 8, Bundle(any_goods=1)),
    (9, 10, Bundle(goods=goods(blue=1))),
    (11, 12, Bundle(goods=goods(blue=1), letters=1)),
)


def dice_reward(total: int) -> Bundle:
    """The dice card's reward for a sum of two dice."""
    for low, high, reward in DICE_REWARDS:
        if low <= total <= high:
            return reward
    raise ValueError(f"two dice cannot total {total}")
