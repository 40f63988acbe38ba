"""Names and short rule texts of Letters & Seals: places 21-24, kiosk tiles, bonus cards, letters,
the double move, the companion and the Courier, with the aliases a help lookup accepts.

Every text is our own summary (facts and numbers from components.md and the rulings of
RULES-NOTES; no sentence of a rulebook), plain, 1-3 sentences, at most 300 characters. Texts that
mention coffee come in two versions: with coffee (the Great Bazaar) and without it (a Letters-only
game ignores every coffee symbol, rulebook 000 l.531, RULES-NOTES E-50).
"""

from __future__ import annotations

from typing import Literal

from ..texts import PLACE_NAMES as BASE_PLACE_NAMES
from ..texts import _norm as normalise  # the base game's help lookup compares topics this way
from . import data as d

__all__ = [
    "CARD_NAMES",
    "CARD_TEXTS",
    "KIND_NAMES",
    "KIND_TEXTS",
    "KIOSK_NAMES",
    "KIOSK_TEXTS",
    "PLACE_NAMES",
    "RULE_NAMES",
    "RULE_TEXTS",
    "TOKEN_NAMES",
    "card_text",
    "help_entries",
    "kiosk_text",
    "letter_name",
    "normalise",
    "place_text",
    "token_text",
    "topics",
]

SocietyBonusPer = Literal["player", "action"]

# -- places ----------------------------------------------------------------------------------------

PLACE_NAMES: dict[int, str] = {
    d.EMBASSY: "Embassy",
    d.KIOSK: "Kiosk",
    d.AUCTION_HOUSE: "Auction House",
    d.SECRET_SOCIETY: "Secret Society",
}

_PLACE_TEXTS: dict[int, str] = {
    d.EMBASSY: (
        "Take 2 letters from the supply. Each lies face up in front of you, showing 1 seal and the "
        "number of the place it is addressed to."
    ),
    # E-50, E-62: everyone picks in seat order starting with you; you also get the tile left over.
    d.KIOSK: (
        "Take 1 letter, then turn up as many kiosk tiles as there are players, plus one. Starting "
        "with you and going clockwise, everybody claims one tile and may use it; you also use the "
        "tile nobody claimed. All of them are then discarded."
    ),
}

# E-52, D-32: exactly 6 seals; the 3/2/1 Lira go to the first three distinct players by default.
_SOCIETY_SOURCES = {
    False: "the Sultan's Palace or the Gemstone Dealer",
    True: "the Sultan's Palace, the Gemstone Dealer or the Coffee House",
}
_SOCIETY_BONUS: dict[SocietyBonusPer, str] = {
    "player": "The first three players to come here also receive 3, 2 and 1 Lira, once each.",
    "action": "The first three visits here also pay 3, 2 and 1 Lira, whoever makes them.",
}


# E-51: the good is never coffee; nobody bids more Lira than they hold.
_AUCTION = (
    "Gain 1 good of your choice{}, then put 2 bonus cards up for sale: you open at 1 Lira or more, each "
    "rival clockwise may bid higher once or pass, then you may bid once more. Nobody bids beyond their "
    "Lira. The winner draws the 2 cards and pays you, or the bank if it is you."
)


def place_text(number: int, coffee: bool, society_bonus_per: SocietyBonusPer = "player") -> str:
    """The rule text of place 21-24 (the Auction House's and the Secret Society's depend on coffee,
    the Secret Society's also on its rule option)."""
    if number == d.AUCTION_HOUSE:
        return _AUCTION.format(" (not coffee)" if coffee else "")
    if number != d.SECRET_SOCIETY:
        return _PLACE_TEXTS[number]
    return (
        f"Hand in letters showing exactly 6 seals to claim the next ruby of {_SOCIETY_SOURCES[coffee]}. "
        f"{_SOCIETY_BONUS[society_bonus_per]}"
    )


# -- kiosk tiles -------------------------------------------------------------------------------------

KIOSK_NAMES: dict[str, str] = {
    "K01": "K01 Fruit and 1 Lira",
    "K02": "K02 Spice and 1 Lira",
    "K03": "K03 Fabric and 1 Lira",
    "K04": "K04 Two fruit",
    "K05": "K05 Two spice",
    "K06": "K06 Two fabric",
    "K07": "K07 One fruit",
    "K08": "K08 One spice",
    "K09": "K09 One fabric",
    "K10": "K10 One jewelry",
    "K11": "K11 Bonus card",
    "K12": "K12 Two Lira",
    "K13": "K13 Coffee or 2 Lira",
    "K14": "K14 Coffee or 3 Lira",
    "K15": "K15 Companion home",
    "K16": "K16 Die for Lira",
    "K17": "K17 Extension for Lira",
    "K18": "K18 Extension for goods",
    "K19": "K19 Off to the Fountain",
    "K20": "K20 Good or letter",
    "K21": "K21 Card or letter",
    "K22": "K22 Lira or letter",
    "K23": "K23 Lira or good",
    "K24": "K24 Lira or card",
}

_EXTENSION_NOTE = "You can own at most 3; the third brings your Wainwright ruby."  # E-22, E-24

KIOSK_TEXTS: dict[str, str] = {
    "K01": "Receive 1 yellow good (fruit) plus 1 Lira.",
    "K02": "Receive 1 green good (spice) plus 1 Lira.",
    "K03": "Receive 1 red good (fabric) plus 1 Lira.",
    "K04": "Receive 2 yellow goods (fruit).",
    "K05": "Receive 2 green goods (spice).",
    "K06": "Receive 2 red goods (fabric).",
    "K07": "Receive 1 yellow good (fruit).",
    "K08": "Receive 1 green good (spice).",
    "K09": "Receive 1 red good (fabric).",
    "K10": "Receive 1 blue good (jewelry).",
    "K11": "Take the top card of the face-down bonus card pile.",
    "K12": "Receive 2 Lira.",
    "K13": "Receive either 1 coffee or 2 Lira.",
    "K14": "Receive either 1 coffee or 3 Lira.",
    # E-44: the tile returns the companion from the board to its owner's supply.
    "K15": "Your companion leaves the board and goes back to your own supply, to be set out again later.",
    "K16": "Roll one die and receive as many Lira as it shows.",
    "K17": f"Spend 10 Lira on 1 wheelbarrow extension. {_EXTENSION_NOTE}",
    "K18": f"Spend 1 good of each colour (fabric, spice, fruit and jewelry) on 1 wheelbarrow extension. {_EXTENSION_NOTE}",
    # E-47: no assistants collected, no Fountain action; the active stack leaving skips phase 4.
    "K19": (
        "Your merchant stack jumps to the Fountain, picking up no assistants and taking no Fountain "
        "action there. If your merchant took the Kiosk action this turn, your encounters are skipped too."
    ),
    "K20": "Either give 1 good or 1 coffee for 1 letter, or give up 1 letter for 1 good of your choice or 1 coffee.",
    "K21": "Either discard 1 bonus card for 1 letter, or give up 1 letter for 1 bonus card from the face-down pile.",
    "K22": "Either give 2 Lira for 1 letter, or give up 1 letter for 3 Lira.",
    "K23": "Either give 2 Lira for 1 good of your choice or 1 coffee, or give 1 good or 1 coffee for 3 Lira.",
    "K24": "Either give 2 Lira for 1 bonus card from the face-down pile, or discard 1 bonus card for 3 Lira.",
}

_NO_COFFEE = "(the bean printed on it matters only in the Great Bazaar)"
_KIOSK_TEXTS_WITHOUT_COFFEE: dict[str, str] = {
    "K13": f"Receive 2 Lira {_NO_COFFEE}.",
    "K14": f"Receive 3 Lira {_NO_COFFEE}.",
    "K20": "Either give 1 good for 1 letter, or give up 1 letter for 1 good of your choice.",
    "K23": "Either give 2 Lira for 1 good of your choice, or give 1 good for 3 Lira.",
}


def kiosk_text(tile: str, coffee: bool) -> str:
    """A kiosk tile's text, in the version for a game with or without coffee."""
    return KIOSK_TEXTS[tile] if coffee else _KIOSK_TEXTS_WITHOUT_COFFEE.get(tile, KIOSK_TEXTS[tile])


# -- bonus cards -------------------------------------------------------------------------------------

_GOOD3_NAMES = {"red": "fabric", "green": "spice", "yellow": "fruit", "blue": "jewelry"}

CARD_NAMES: dict[str, str] = {
    d.LETTER: "Take a letter",
    d.DICE: "Roll for a reward",
    d.SELL7: "Good for 7 Lira",
    **{code: f"{_GOOD3_NAMES[c].capitalize()} and 3 Lira" for code, c in d.GOOD3_CARDS.items()},
    d.COPY: "Copy the discard",
    d.FAMILY_STEP: "Family member steps",
    d.FOLLOW: "Join a rival merchant",
    d.COMPANION2: "Companion moves 2",
    d.NEUTRAL: "Call a neutral token",
    d.MOSQUE2: "Mosque twice",
    d.SOCIETY2: "Secret Society twice",
    d.PAY3: "Pay 3, go anywhere",
}

_MOVEMENT = "Movement:"

CARD_TEXTS: dict[str, str] = {
    d.LETTER: "Take 1 letter from the supply and lay it face up in front of you.",
    # House value H5.
    d.DICE: (
        "Roll both dice for one reward by their total: 2-5 gives 3 Lira, 6-8 one good of your "
        "choice, 9-10 one jewelry (blue) and 11-12 one jewelry plus a letter."
    ),
    d.SELL7: "Give 1 good or 1 coffee and receive 7 Lira.",
    **{code: f"Receive 1 {c} good ({_GOOD3_NAMES[c]}) plus 3 Lira." for code, c in d.GOOD3_CARDS.items()},
    # E-35.
    d.COPY: (
        "Resolve the card lying on top of the discard pile as if you had played it, keeping its own "
        "timing and conditions. Not playable when that pile is empty or shows another copy card."
    ),
    # E-37.
    d.FAMILY_STEP: (
        f"{_MOVEMENT} rather than moving a merchant or companion, send your family member one step to "
        "a neighbouring place and take its action there, with no encounters; that is your turn. The "
        "Police Station may be neither its start nor its goal."
    ),
    # E-15, D-25: only the chosen merchant is exempt; never a neutral merchant.
    d.FOLLOW: (
        f"{_MOVEMENT} your merchant stack goes straight to the place of another player's merchant. "
        "That merchant is owed nothing, but every other token there meets you as usual."
    ),
    # E-3.
    d.COMPANION2: f"{_MOVEMENT} this turn your companion goes exactly 2 places instead of 1.",
    # E-30: the price is always paid, even with the Encounter tile; then the token moves by the dice.
    d.NEUTRAL: (
        "Use the Governor, the Smuggler, the Courier or the Coffee trader wherever it stands, paying "
        "its usual price even with the Encounter tile, then move it to the place the dice show."
    ),
    # E-32(c), E-33: the token that took the action must stand on the place.
    d.MOSQUE2: "Standing at the Small or the Great Mosque, you may take that mosque's action a second time right away.",
    d.SOCIETY2: "Standing at the Secret Society, you may take its action a second time right away.",
    # D-24.
    d.PAY3: f"{_MOVEMENT} pay 3 Lira and put your merchant stack on any place you like instead of stepping 1 or 2.",
}

_CARD_TEXTS_WITHOUT_COFFEE: dict[str, str] = {
    d.SELL7: "Give 1 good and receive 7 Lira.",
    d.NEUTRAL: (
        "Use the Governor, the Smuggler or the Courier wherever it stands, paying its usual price, "
        "then move it to the place the dice show."
    ),
}

# The good3 kind as a whole (one card per colour, house value H3).
KIND_NAMES: dict[str, str] = {d.GOOD3: "Good and 3 Lira"}
KIND_TEXTS: dict[str, str] = {
    d.GOOD3: "Four cards, one per good colour: each gives 1 good of the colour it shows plus 3 Lira.",
}


def card_text(code: str, coffee: bool) -> str:
    """A bonus card's text, in the version for a game with or without coffee."""
    return CARD_TEXTS[code] if coffee else _CARD_TEXTS_WITHOUT_COFFEE.get(code, CARD_TEXTS[code])


# -- letters, double move, tokens ---------------------------------------------------------------------

RULE_NAMES: dict[str, str] = {"letters": "Letters and seals", "double_move": "Double move"}

RULE_TEXTS: dict[str, str] = {
    # D-18, E-48: only the owner's own merchant, companion or family member delivers, at any moment.
    "letters": (
        "A new letter lies face up: 1 seal and a place number. Whenever your own merchant, companion "
        "or family member stands on that place, the letter is delivered and flips to show 2 seals. Seals buy "
        "rubies at the Secret Society and double moves."
    ),
    # D-17, E-49.
    "double_move": (
        "Once a round, at the end of your turn (even one cut short), discard letters worth 3 seals or "
        "more to play a whole extra turn at once. Every letter paid must be needed, so the price is "
        "3 or 4 seals."
    ),
}

TOKEN_NAMES: dict[str, str] = {"companion": "Companion", "courier": "Courier"}

# E-44, E-45 (and its option), E-14, E-28.
_COMPANION = (
    "Earned with your first Fountain action. At the start of a turn you may set it beside your "
    "merchant for free, {} It steps 1 place, needs no assistants, pays and is paid like a merchant "
    "and catches family members."
)
_COMPANION_USE = {
    True: "then move either of them that very turn.",
    False: "and from your next turn on move either of them.",
}
# D-19, E-29; the Encounter tile (Mocha & Baksheesh) frees him in the Great Bazaar (D-16, E-53).
_COURIER = (
    "An encounter: you may get 1 letter from the Courier for 2 Lira or by discarding 1 letter "
    "(even the one just received). If you do, roll both dice and move him to that place."
)
_COURIER_ENCOUNTER_TILE = " With the Encounter tile he costs nothing."


# The one help lookup shared by every game (`help_topics`) names both values of a rule option.
SOCIETY_OPTION_NOTE = "A table may instead pay the bonuses to the first three visits, whoever makes them."
COMPANION_ANY_OPTION = (
    "Earned with your first Fountain action. At the start of a turn you may set it beside your "
    "merchant for free and move either of them that turn, or from the next one if the table chose so. "
    "It steps 1 place, needs no assistants, pays and is paid like a merchant and catches family members."
)


def token_text(token: str, coffee: bool, companion_usable_on_placement_turn: bool = True) -> str:
    """The text of the companion or the Courier, for the game's modules and rule option."""
    if token == "companion":
        return _COMPANION.format(_COMPANION_USE[companion_usable_on_placement_turn])
    if token == "courier":
        return _COURIER + (_COURIER_ENCOUNTER_TILE if coffee else "")
    raise KeyError(token)


def letter_name(place: int) -> str:
    """A letter by its front: "Letter for the Fountain (7)"."""
    name = PLACE_NAMES.get(place) or BASE_PLACE_NAMES[place]
    return f"Letter for the {name} ({place})"


# -- help lookup ---------------------------------------------------------------------------------------


def help_entries(
    coffee: bool,
    society_bonus_per: SocietyBonusPer = "player",
    companion_usable_on_placement_turn: bool = True,
) -> dict[str, tuple[str, str]]:
    """Every alias of the module's help topics (normalised) -> (display name, text), worded for a
    game with or without coffee and for the module's rule options."""
    index: dict[str, tuple[str, str]] = {}

    def add(entry: tuple[str, str], *aliases: str) -> None:
        for alias in aliases:
            index.setdefault(normalise(alias), entry)

    for number, name in PLACE_NAMES.items():
        entry = (name, place_text(number, coffee, society_bonus_per))
        add(entry, str(number), f"#{number}", f"p{number}", f"place {number}", name)
    add((PLACE_NAMES[d.AUCTION_HOUSE], place_text(d.AUCTION_HOUSE, coffee)), "auction")
    add((PLACE_NAMES[d.SECRET_SOCIETY], place_text(d.SECRET_SOCIETY, coffee, society_bonus_per)), "society")
    for tile, name in KIOSK_NAMES.items():
        number = int(tile[1:])
        entry = (name, kiosk_text(tile, coffee))
        add(entry, tile, f"k{number}", f"kiosk {tile}", f"kiosk {number}", f"kiosk:{tile}", name)
    for code, name in CARD_NAMES.items():
        add((name, card_text(code, coffee)), f"c.{code}", f"card:{code}", code, name)
    for kind, name in KIND_NAMES.items():
        add((name, KIND_TEXTS[kind]), f"c.{kind}", f"card:{kind}", kind, name)
    add(
        (RULE_NAMES["letters"], RULE_TEXTS["letters"]),
        "letters",
        "letter",
        "seals",
        "seal",
        "delivery",
        RULE_NAMES["letters"],
    )
    add(
        (RULE_NAMES["double_move"], RULE_TEXTS["double_move"]),
        "double move",
        "double_move",
        "double",
        RULE_NAMES["double_move"],
    )
    companion = token_text("companion", coffee, companion_usable_on_placement_turn)
    add((TOKEN_NAMES["companion"], companion), "companion", "token:companion")
    add((TOKEN_NAMES["courier"], token_text("courier", coffee)), "courier", "e.courier", "encounter:courier")
    return index


def topics() -> list[str]:
    """Display names of every topic of the module, for autocomplete."""
    return [
        *PLACE_NAMES.values(),
        *KIOSK_NAMES.values(),
        *CARD_NAMES.values(),
        *KIND_NAMES.values(),
        *RULE_NAMES.values(),
        *TOKEN_NAMES.values(),
    ]
