"""Names and short rule texts of Mocha & Baksheesh: places 17-20, bonus and guild cards, Tavern
tiles, tokens and the module's rules, with the aliases `/istanbul rules` and `:h` accept.

Every text is our own summary (shared/rules/components.md, RULES-NOTES.md); none is copied from a
rulebook. Plain text, 1-3 sentences, at most 300 characters, like bot/engine/texts.py. Comments
name the RULES-NOTES ruling a text follows.
"""

from __future__ import annotations

from typing import NamedTuple

from bot.engine.mocha import data

MAX_TEXT_LENGTH = 300

PLACE_NAMES: dict[int, str] = {
    17: "Roasting Plant",
    18: "Guild Hall",
    19: "Tavern",
    20: "Coffee House",
}

PLACE_TEXTS: dict[int, str] = {
    # D-15, E-40: each deal at most once; a good is never coffee.
    17: (
        "Make one, two or all three of these deals, each at most once and each for 2 coffee: pay "
        "2 Lira; hand in 1 good (coffee is not a good); discard 1 bonus or guild card. That is up "
        "to 6 coffee a visit."
    ),
    # E-39, E-60.
    18: (
        "Gain 1 coffee and draw the top 2 guild cards. Then lay any one guild card from your hand, "
        "new or old, unused on the guild discard pile; an empty guild pile is refilled by "
        "shuffling that discard pile."
    ),
    # E-41: one option per action; the Barrier may stay on its edge; never the Tavern itself.
    19: (
        "Choose one: pay 2 coffee to set the Barrier on any edge between two neighbouring places, "
        "take its control tile and use one of their actions (not the Tavern's) with no encounters "
        "there; buy the top tile of a Tavern pile for its coffee; or pay the Baksheesh for a ruby."
    ),
    # E-25, E-42.
    20: (
        "Pay as much coffee as the highest number on the track left uncovered (6 up to 10) and "
        "take the next ruby. When the last ruby here goes, one from the supply is put on the end "
        "space, so later rubies cost 10."
    ),
}

# Bonus cards of this module, by kind code (a play is "c.<kind>").
CARD_NAMES: dict[str, str] = {
    "coffee2": "Take 2 coffee",
    "buyguild": "Buy a guild card",
    "lira8": "Coffee for 8 Lira",
    "swap3": "Exchange up to 3",
    "mdice": "Two dice, two rewards",
    "six": "Turn a die to 6",
    "corner": "Go to a corner",
    "wain2": "Wainwright twice",
    "coffeeh2": "Coffee House twice",
}

_H4 = "; ".join(
    f"{face}: {n} {'Lira' if kind == 'lira' else kind}" for face, (kind, n) in data.MDICE_FACE_REWARDS.items()
)

CARD_TEXTS: dict[str, str] = {
    # E-32e: any free moment of your turn.
    "coffee2": "Gain 2 coffee at any moment of your turn that is not inside an action.",
    "buyguild": "Pay 2 coffee to draw the top card of the guild pile into your hand.",
    # E-55: also after the last round.
    "lira8": "Hand in 1 coffee and receive 8 Lira from the bank. Also playable after the last round.",
    # E-43: the one card of this module where a good may be coffee; E-55.
    "swap3": (
        "Give back up to 3 items, goods or coffee, and take as many others of different kinds, "
        "goods or coffee, in their place; say 2 yellow for 1 blue and 1 coffee. Also playable "
        "after the last round."
    ),
    # House value H4: one reward per die; E-55.
    "mdice": (
        f"Roll both dice; each die pays by its face: {_H4}. You get both rewards; this table is a "
        "house value until the printed card is read. Also playable after the last round."
    ),
    # E-20: never for neutral tokens; either order with the red tile.
    "six": (
        "Right after a roll of your own, set one of the two dice to 6. Not for rolls that move a "
        "neutral token; it combines with the red mosque tile in either order."
    ),
    # E-10, E-11, E-32a.
    "corner": (
        "Movement: instead of 1 or 2 steps, jump your merchant stack to any corner place other "
        "than the one it is on; the Barrier does not stop it."
    ),
    # E-32c, E-33: the token that acts stands on the place (not an action from afar).
    "wain2": (
        "If the token carrying out the Wainwright's action stands on it (not an action from afar), "
        "you may carry the action out a second time straight afterwards."
    ),
    "coffeeh2": (
        "If the token carrying out the Coffee House's action stands on it (not an action from "
        "afar), you may buy a second ruby straight afterwards at the next, higher price."
    ),
}

GUILD_CARD_NAMES: dict[int, str] = {
    1: "Free extension",
    2: "Fabric guild",
    3: "Spice guild",
    4: "Fruit guild",
    5: "Lira and four goods",
    6: "Three bonus cards",
    7: "Back to the Fountain",
    8: "Dice for jewelry",
    9: "Tea House, double pay",
    10: "Trade for 15 Lira",
    11: "Trade for 20 Lira",
    12: "Any place",
    13: "Sultan's ruby for 6 goods",
    14: "Small Mosque tile",
    15: "Great Mosque tile",
    16: "Gemstone ruby for 15",
    17: "Five coffee",
    18: "Coffee and guild cards",
    19: "Tavern at a discount",
    20: "Coffee House at half price",
}


def _fill(colour: str) -> str:
    return (
        f"Fill your {colour} up to your wheelbarrow's limit, then gain up to 3 goods more, no two "
        "of one colour and none of them coffee."
    )


GUILD_CARD_TEXTS: dict[int, str] = {
    # E-22: the third extension brings the Wainwright ruby however it came.
    1: (
        "Fit an extension from the Wainwright to your wheelbarrow for free; a third one earns your "
        "Wainwright ruby as usual. Not playable once you have 3."
    ),
    2: _fill("fabric (red)"),
    3: _fill("spice (green)"),
    4: _fill("fruit (yellow)"),
    5: "Receive 4 Lira and up to 4 goods, each of a different colour (coffee does not count).",
    6: "Add the top 3 cards of the face-down bonus pile to your hand.",
    # E-38: not a Fountain action; the extra turn does not use up the double move.
    7: (
        "Bring your merchant stack and any of your assistants you like to the Fountain, then play "
        "a whole new turn at once. This is not the Fountain's action."
    ),
    # E-20: the red tile may not change the roll; the die-to-6 card may.
    8: (
        "Gain 2 goods of one colour, red, yellow or green, then roll both dice: 4-6 adds 1 blue "
        "good, 7-12 adds 3, a lower total nothing. The red mosque tile cannot change this roll."
    ),
    9: (
        "Use the Tea House's action from afar and double what it pays, the consolation included "
        "(4 Lira instead of 2). The red mosque tile cannot change this roll."
    ),
    10: "Receive 15 Lira for handing in one good each of red, green and yellow.",
    11: "Receive 20 Lira for handing in one good each of blue, red and green.",
    # E-38: recursion allowed, place-bound cards forbidden, usable with the family member home.
    12: (
        "Carry out the action of any place you choose. Then your family member goes back to the "
        "Police Station if it can, with no reward; the card is playable even if it is already there."
    ),
    13: "The Sultan's Palace sells you its next ruby for any 6 goods (coffee does not count), whatever its price.",
    # E-38: only 1 good of that colour is needed and paid.
    14: (
        "Take the red or the green tile of the Small Mosque that you lack. You only need and pay "
        "1 good of its colour, whatever number the tile shows."
    ),
    15: (
        "Take the blue or the yellow tile of the Great Mosque that you lack. You only need and pay "
        "1 good of its colour, whatever number the tile shows."
    ),
    # E-38: coffee counted after the ruby is gained.
    16: (
        "Pay 15 Lira for the next ruby of the Gemstone Dealer, whatever its price, then gain 1 "
        "coffee for each ruby you own, the new one included."
    ),
    17: "Receive 5 coffee.",
    18: "Gain 1 coffee and draw the top 2 guild cards into your hand.",
    # E-38: any 1 or 2 options, the same one twice allowed.
    19: (
        "Carry out one or two Tavern options from afar, the same one twice if you like, and pay "
        "1 coffee less than they cost together."
    ),
    20: "Take the next ruby of the Coffee House for half its coffee price, rounded up.",
}

TAVERN_TILE_NAMES: dict[str, str] = {
    "movement": "Movement tile",
    "encounter": "Encounter tile",
}

TAVERN_TILE_TEXTS: dict[str, str] = {
    # E-4, E-45: merchant stack only, one straight line, the Barrier applies.
    "movement": (
        "Tavern tile. Instead of a normal move your merchant stack may travel any number of places "
        "along one row or column, never across the Barrier unless you control it."
    ),
    # E-29, E-30, D-16: the token still relocates; cards that use a token from afar still pay.
    "encounter": (
        "Tavern tile. The Governor, Smuggler and Coffee trader (and the Courier in the Great "
        "Bazaar) serve you without payment when you meet them; each still moves by the dice."
    ),
}

TOKEN_NAMES: dict[str, str] = {
    "barrier": "Barrier",
    "barrier_control": "Barrier control tile",
    "baksheesh": "Baksheesh tile",
    "coffee_trader": "Coffee trader",
}

_SIDE_A = ", ".join(f"{n} {c}" for c, n in data.baksheesh_goods("a").items())
_SIDE_B = ", ".join(f"{n} {c}" for c, n in data.baksheesh_goods("b").items())

TOKEN_TEXTS: dict[str, str] = {
    # E-1, E-11, E-12, components.md §18 #28: only between two places, never on the outer edge.
    "barrier": (
        "Set at the Tavern across the edge between two neighbouring places. Step-by-step moves "
        "(normal moves, the Movement tile, the 3-4 card, companions) may not cross it except by "
        "the holder of its control tile; jumps such as the corner card ignore it."
    ),
    # E-12: the controller's merchant, companion and family member all pass.
    "barrier_control": (
        "Taken by whoever last placed the Barrier at the Tavern. Its holder's merchant, companion "
        "and family member may cross the Barrier."
    ),
    # House value H7: side B; the tile turns after each use.
    "baksheesh": (
        f"At the Tavern, pay 4 coffee and the goods face up here for the next ruby of the Sultan's "
        f"Palace, Gemstone Dealer or Coffee House, then turn the tile. Side A asks {_SIDE_A} "
        f"(the start), side B {_SIDE_B} (house value)."
    ),
    # E-29, E-43: a good paid to him is never coffee.
    "coffee_trader": (
        "You may take 1 coffee from him, paying 2 Lira or 1 good. If you do, roll both dice and "
        "move him to that place."
    ),
}

# The Coffee trader as an encounter, keyed like the base game's ENCOUNTER_NAMES ("e.coffee_trader").
ENCOUNTER_NAMES: dict[str, str] = {data.COFFEE_TRADER: TOKEN_NAMES[data.COFFEE_TRADER]}
ENCOUNTER_TEXTS: dict[str, str] = {data.COFFEE_TRADER: TOKEN_TEXTS[data.COFFEE_TRADER]}

RULE_NAMES: dict[str, str] = {
    "coffee": "Coffee",
    "guild_cards": "Guild cards",
    "tavern_tiles": "Tavern tile piles",
    "caravansary_coffee": "Caravansary coffee",
}

RULE_TEXTS: dict[str, str] = {
    # E-26, E-43, E-56.
    "coffee": (
        "A resource of its own, held in any amount apart from the wheelbarrow. It never counts as "
        "'a good' unless a text adds 'or coffee', and it never breaks a tie."
    ),
    # E-38, E-39, E-56, E-60.
    "guild_cards": (
        "Instead of a normal turn you may play one guild card, with no move and no encounters unless "
        "it says so; it must be possible in full, and cards or tiles tied to a place are off that "
        "turn. Guild cards never count as bonus cards."
    ),
    # House value H8; D-14 and the rule option two_player_tavern_tiles.
    "tavern_tiles": (
        "Two piles, Movement and Encounter, each costing 1, 2, 3 and 4 coffee with the cheapest on "
        "top (house value). You buy a pile's top tile and own at most one of each. Two players use "
        "only the 1 and 3 tiles unless the table picks all."
    ),
    # D-13, E-19.
    "caravansary_coffee": "With this module in play the Caravansary's action also gives 1 coffee.",
}


# -- help topics -----------------------------------------------------------------------------


class Topic(NamedTuple):
    """One help topic: its display name, its text and every alias that finds it."""

    name: str
    text: str
    aliases: tuple[str, ...]


def guild_topic_name(number: int) -> str:
    """A guild card as a topic: 'Back to the Fountain (guild 7)'."""
    return f"{GUILD_CARD_NAMES[number]} (guild {number})"


def _topics() -> tuple[Topic, ...]:
    topics: list[Topic] = []
    for number, name in PLACE_NAMES.items():
        aliases: tuple[str, ...] = (str(number), f"#{number}", f"p{number}", f"place {number}", name)
        topics.append(Topic(name, PLACE_TEXTS[number], aliases))
    for kind, name in CARD_NAMES.items():
        topics.append(Topic(name, CARD_TEXTS[kind], (f"c.{kind}", f"card:{kind}", kind, name)))
    for number, name in GUILD_CARD_NAMES.items():
        code = data.guild_code(number)
        title = guild_topic_name(number)
        aliases = (code, f"c.{code}", f"guild {number}", f"guild card {number}", name, title)
        topics.append(Topic(title, GUILD_CARD_TEXTS[number], aliases))
    for kind, name in TAVERN_TILE_NAMES.items():
        aliases = (f"tavern:{kind}", f"{kind} tile", f"tavern {kind}", name)
        topics.append(Topic(name, TAVERN_TILE_TEXTS[kind], aliases))
    token_aliases = {
        "barrier": ("barrier", "the barrier"),
        "barrier_control": ("barrier control", "barrier_control", "control tile"),
        "baksheesh": ("baksheesh", "baksheesh tile"),
        "coffee_trader": ("coffee trader", "coffee_trader", "e.coffee_trader", "encounter:coffee_trader"),
    }
    for key, name in TOKEN_NAMES.items():
        topics.append(Topic(name, TOKEN_TEXTS[key], (*token_aliases[key], name)))
    rule_aliases = {
        "coffee": ("coffee",),
        "guild_cards": ("guild", "guild cards", "guild card", "guild deck", "playing a guild card"),
        "tavern_tiles": ("tavern tiles", "tavern piles", "tavern tile piles"),
        "caravansary_coffee": ("caravansary coffee", "6 coffee"),
    }
    for key, name in RULE_NAMES.items():
        topics.append(Topic(name, RULE_TEXTS[key], (*rule_aliases[key], name)))
    return tuple(topics)


HELP_TOPICS: tuple[Topic, ...] = _topics()


def norm(alias: str) -> str:
    """How an alias is compared: case, curly apostrophes and runs of spaces do not matter."""
    text = alias.strip().lower().replace("\u2019", "'").replace("\u2018", "'")
    return " ".join(text.split())


def topic_index() -> dict[str, Topic]:
    """Normalised alias -> topic, for the rule-topic registry. Aliases never clash (tested)."""
    return {norm(alias): topic for topic in HELP_TOPICS for alias in topic.aliases}


_INDEX = topic_index()


def rule_text(topic: str) -> str | None:
    """``"Name: text"`` for one of this module's topics, or ``None``."""
    found = _INDEX.get(norm(topic))
    return None if found is None else f"{found.name}: {found.text}"


def rule_topics() -> list[str]:
    """Display names of every topic of this module, for autocomplete."""
    return [topic.name for topic in HELP_TOPICS]
