"""Short rule texts (base game) for option labels, help and images.

Every text is our own summary of the rules (see rules/components.md and RULES-NOTES.md);
none is copied from a rulebook.  Texts are plain, 1-3 sentences, at most 300 characters.
"""

from __future__ import annotations

__all__ = [
    "CARD_NAMES",
    "CARD_TEXTS",
    "ENCOUNTER_NAMES",
    "ENCOUNTER_TEXTS",
    "GOOD_NAMES",
    "LOST_NOTE",
    "MAX_TEXT_LENGTH",
    "MOSQUE_TILE_NAMES",
    "MOSQUE_TILE_TEXTS",
    "PLACE_NAMES",
    "PLACE_TEXTS",
    "card_phrase",
    "goods_phrase",
    "join_and",
    "no_room_note",
    "rule_text",
    "rule_topics",
]

MAX_TEXT_LENGTH = 300

GOOD_NAMES: dict[str, str] = {"red": "fabric", "green": "spice", "yellow": "fruit", "blue": "jewelry"}

PLACE_NAMES: dict[int, str] = {
    1: "Wainwright",
    2: "Fabric Warehouse",
    3: "Spice Warehouse",
    4: "Fruit Warehouse",
    5: "Post Office",
    6: "Caravansary",
    7: "Fountain",
    8: "Black Market",
    9: "Tea House",
    10: "Large Market",
    11: "Small Market",
    12: "Police Station",
    13: "Sultan's Palace",
    14: "Small Mosque",
    15: "Great Mosque",
    16: "Gemstone Dealer",
}

_WAREHOUSE_TAIL = (
    "up to the full capacity of your wheelbarrow. With the green mosque tile you may also buy "
    "1 extra good of any colour for 2 Lira."
)

_MARKET_TAIL = "The demand tile then moves to the bottom of its stack."

_RUBY_REFILL = "When the last ruby here is taken, one from the supply is put on the end space."

PLACE_TEXTS: dict[int, str] = {
    1: (
        "Pay 7 Lira to fit 1 extension to your wheelbarrow, raising the limit of every good by 1. "
        "You can fit at most 3; the third one also earns you, once, the ruby kept here for you."
    ),
    2: f"Raise your red goods (fabric) {_WAREHOUSE_TAIL}",
    3: f"Raise your green goods (spice) {_WAREHOUSE_TAIL}",
    4: f"Raise your yellow goods (fruit) {_WAREHOUSE_TAIL}",
    5: (
        "Collect the goods and Lira shown on the 4 uncovered spaces. Then the leftmost mail "
        "indicator still in the top row drops to the bottom row; if all four were already down, "
        "they all go back up."
    ),
    6: (
        "Take 2 bonus cards, each from the face-down pile or from the top of the face-up discard "
        "pile, then discard 1 card from your hand. Only this action may take from the discard pile."
    ),
    7: (
        "Bring any number of your assistants, wherever they are, back to your stack. No assistant "
        "is needed here, and merchants you meet at the Fountain are not paid."
    ),
    8: (
        "Take 1 red, green or yellow good, then roll both dice for blue goods: a total of 7-8 gives "
        "1 blue, 9-10 gives 2 and 11-12 gives 3. You may roll before choosing the other good."
    ),
    9: (
        "Name a number from 3 to 12 and roll both dice. If the total reaches your number you get "
        "that many Lira; otherwise you get 2 Lira."
    ),
    10: (
        "Sell 1-5 goods pictured on the dark demand tile for 3, 7, 12, 18 or 25 Lira "
        f"(1 to 5 goods). {_MARKET_TAIL}"
    ),
    11: (
        "Sell 1-5 goods pictured on the light demand tile for 2, 5, 9, 14 or 20 Lira "
        f"(1 to 5 goods). {_MARKET_TAIL}"
    ),
    12: (
        "If your family member is here, send it to any other place and carry out that place's "
        "action there, with no encounters. Rivals who land on it later send it back here and "
        "take a reward."
    ),
    13: (
        "Hand over all goods shown on the uncovered track spaces to take the next ruby; each ruby "
        "costs one more good than the last. An 'any' space takes any of the four goods, never "
        f"coffee. {_RUBY_REFILL}"
    ),
    14: (
        "Take the red or the green tile: hold at least as many goods of its colour as the number "
        "on it and pay 1 of them. You may own one tile per colour; owning both tiles of this "
        "mosque earns its ruby once."
    ),
    15: (
        "Take the blue or the yellow tile: hold at least as many goods of its colour as the number "
        "on it and pay 1 of them. You may own one tile per colour; owning both tiles of this "
        "mosque earns its ruby once."
    ),
    16: (
        "Pay as many Lira as the highest number on the track not covered by a ruby, then take the "
        f"next ruby; the price goes up by 1 each time. {_RUBY_REFILL}"
    ),
}

CARD_NAMES: dict[str, str] = {
    "good": "1 good of your choice",
    "lira5": "Take 5 Lira",
    "sultan2": "Sultan's Palace twice",
    "post2": "Post Office twice",
    "gem2": "Gemstone Dealer twice",
    "family": "Family to Police Station",
    "smallany": "Small Market, any goods",
    "stay": "Stay where you are",
    "move34": "Move 3 or 4",
    "return": "Recall an assistant",
}

CARD_TEXTS: dict[str, str] = {
    "good": "Gain 1 good of any colour. Play it before or after an action, never in the middle of one.",
    "lira5": "Take 5 Lira from the bank.",
    "sultan2": (
        "When you use the Sultan's Palace, repeat the action right after the first one; "
        "the second ruby costs the next, higher price."
    ),
    "post2": (
        "When you use the Post Office, repeat the action right after the first one; "
        "a mail indicator moves after each."
    ),
    "gem2": (
        "When you use the Gemstone Dealer, buy a second ruby right after the first one, "
        "at the next, higher price."
    ),
    "family": (
        "Put your family member back on the Police Station and take a catch reward: 1 bonus card "
        "or 3 Lira. Not playable while it is already there."
    ),
    "smallany": (
        "At the Small Market, sell 1 to 5 goods of any colours, whatever the demand tile shows; "
        "they are paid by how many you sell, as usual."
    ),
    "stay": (
        "Movement: your merchant stays where it is instead of moving; you still pick up or leave "
        "an assistant there."
    ),
    "move34": "Movement: this turn your merchant goes 3 or 4 steps rather than the usual 1 or 2.",
    "return": (
        "Movement: bring 1 of your assistants back from any place to your stack, before or after "
        "you move. House ruling: not offered once you arrive at the Fountain, whose action brings "
        "every assistant back anyway."
    ),
}

MOSQUE_TILE_NAMES: dict[str, str] = {
    "red": "Red mosque tile",
    "green": "Green mosque tile",
    "blue": "Blue mosque tile",
    "yellow": "Yellow mosque tile",
}

MOSQUE_TILE_TEXTS: dict[str, str] = {
    "red": (
        "Small Mosque. At the Tea House or the Black Market, after a roll you may once either turn "
        "one die to 4 or roll both dice again."
    ),
    "green": (
        "Small Mosque. Each time you use the Fabric, Spice or Fruit Warehouse you may pay 2 Lira "
        "for 1 more good of any colour."
    ),
    "blue": (
        "Great Mosque. When you take it, your 5th assistant joins the bottom of your merchant stack at once."
    ),
    "yellow": (
        "Great Mosque. Once in each of your turns, pay 2 Lira to bring 1 of your assistants back "
        "from any place to the bottom of your stack."
    ),
}

def join_and(parts: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def goods_phrase(goods: dict[str, int], lira: int = 0) -> str:
    """'1 fabric, 2 fruit and 3 Lira' ('nothing' when empty)."""
    parts = [f"{n} {GOOD_NAMES[c]}" for c, n in goods.items() if n]
    if lira:
        parts.append(f"{lira} Lira")
    return join_and(parts) if parts else "nothing"


LOST_NOTE = " (no room: it would be lost)"  # an option that gives one good of a full colour


def no_room_note(colours: list[str] | tuple[str, ...]) -> str:
    """' (no room for fabric and fruit)' for an option whose goods of these colours would be lost
    ('' when there is room for all)."""
    return f" (no room for {join_and([GOOD_NAMES[c] for c in colours])})" if colours else ""


def card_phrase(kind: str) -> str:
    """A bonus card as it reads inside a sentence or a label: the “Move 3 or 4” card."""
    return f"the “{CARD_NAMES.get(kind, kind)}” card"


ENCOUNTER_NAMES: dict[str, str] = {
    "family": "Family members",
    "governor": "Governor",
    "smuggler": "Smuggler",
    "merchant": "Other merchants",
    "neutral_merchant": "Neutral merchant",
}

ENCOUNTER_TEXTS: dict[str, str] = {
    "family": (
        "Rival family members at your destination must be caught and sent to the Police Station; "
        "for each one you gain 1 bonus card or 3 Lira. There is no reward at the Police Station itself."
    ),
    "governor": (
        "You may draw 1 bonus card from the face-down pile, paying 2 Lira or 1 bonus card from "
        "your hand. If you do, roll both dice and move the Governor to that place."
    ),
    "smuggler": (
        "You may gain 1 good of your choice, paying 2 Lira or 1 good. If you do, roll both dice "
        "and move the Smuggler to that place."
    ),
    "merchant": (
        "Each rival merchant at your destination must be paid 2 Lira; if you cannot or will not pay, "
        "your turn ends at once. Nobody is paid at the Fountain."
    ),
    "neutral_merchant": (
        "2-player game: meeting a merchant of an unused colour costs 2 Lira paid to the bank; then "
        "roll both dice and move that merchant to the place rolled."
    ),
}


# -- lookup ----------------------------------------------------------------------------------


def _norm(topic: str) -> str:
    text = topic.strip().lower().replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(text.split())


def _build_index() -> dict[str, tuple[str, str]]:
    """Normalised alias -> (display name, text).  Earlier entries win on a clash."""
    index: dict[str, tuple[str, str]] = {}

    def add(alias: str, name: str, text: str) -> None:
        index.setdefault(_norm(alias), (name, text))

    for number, name in PLACE_NAMES.items():
        entry = (name, PLACE_TEXTS[number])
        for alias in (str(number), f"#{number}", f"p{number}", f"place {number}", name):
            add(alias, *entry)
    for kind, name in CARD_NAMES.items():
        entry = (name, CARD_TEXTS[kind])
        # A bare "family" means the bonus card; the encounter is "e.family" / "encounter:family".
        for alias in (f"c.{kind}", f"card:{kind}", kind, name):
            add(alias, *entry)
    for colour, name in MOSQUE_TILE_NAMES.items():
        entry = (name, MOSQUE_TILE_TEXTS[colour])
        for alias in (f"mosque:{colour}", f"{colour} tile", f"mosque {colour}", name):
            add(alias, *entry)
    for key, name in ENCOUNTER_NAMES.items():
        entry = (name, ENCOUNTER_TEXTS[key])
        for alias in (f"e.{key}", f"encounter:{key}", key, key.replace("_", " "), name):
            add(alias, *entry)
    return index


_INDEX = _build_index()


def rule_text(topic: str) -> str | None:
    """``"Name: text"`` for a topic, or ``None`` if nothing matches.

    Accepted forms (case-insensitive): a place number ("13") or name ("sultan's palace");
    a bonus card as "c.<kind>", "<kind>" or its name; a mosque tile as "mosque:<colour>",
    "<colour> tile" or its name; an encounter as "e.<key>", "<key>" or its name.
    """
    found = _INDEX.get(_norm(topic))
    if found is None:
        return None
    name, text = found
    return f"{name}: {text}"


def rule_topics() -> list[str]:
    """Display names of every topic (places, cards, mosque tiles, encounters) for autocomplete."""
    return [
        *PLACE_NAMES.values(),
        *CARD_NAMES.values(),
        *MOSQUE_TILE_NAMES.values(),
        *ENCOUNTER_NAMES.values(),
        *MODULE_TOPICS,
    ]


# -- a module's texts ----------------------------------------------------------------------------

MODULE_TOPICS: dict[str, str] = {}  # display name -> the module that registered it (tiles, letters, tokens, ...)
TEXT_MODULES: dict[str, str] = {}  # "place:17", "card:coffee2", "topic:<name>" -> its module


def register_place(number: int, name: str, text: str, module: str, aliases: tuple[str, ...] = ()) -> None:
    """A module's place: its name (`board.place_name`) and rule text, found by number, name and
    the aliases given ("auction")."""
    PLACE_NAMES[number] = name
    PLACE_TEXTS[number] = text
    TEXT_MODULES[f"place:{number}"] = module
    for alias in (str(number), f"#{number}", f"p{number}", f"place {number}", name, *aliases):
        _INDEX.setdefault(_norm(alias), (name, text))


def register_card(kind: str, name: str, text: str, module: str, aliases: tuple[str, ...] = ()) -> None:
    """A module's card kind (bonus or guild card): its name (`card_phrase`) and rule text, found
    by "c.<kind>", "<kind>", its name and the aliases given ("guild 7")."""
    CARD_NAMES[kind] = name
    CARD_TEXTS[kind] = text
    TEXT_MODULES[f"card:{kind}"] = module
    for alias in (f"c.{kind}", f"card:{kind}", kind, name, *aliases):
        _INDEX.setdefault(_norm(alias), (name, text))


def register_topic(name: str, text: str, module: str, aliases: tuple[str, ...] = ()) -> None:
    """Any other rule text of a module (a tile, a letter rule, a token), found by its name and
    the aliases given."""
    MODULE_TOPICS[name] = module
    TEXT_MODULES[f"topic:{name}"] = module
    for alias in (name, *aliases):
        _INDEX.setdefault(_norm(alias), (name, text))
