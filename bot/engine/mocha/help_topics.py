"""Mocha & Baksheesh's rule texts in the game's one help lookup (`texts.rule_text`), so `:h` and
`/istanbul rules` find every place, bonus card, guild card, Tavern tile, token and rule of the
module by the aliases of ``mocha.texts.HELP_TOPICS`` ("17", "roasting plant", "c.coffee2",
"guild 7", "g7", "tavern", "barrier").

Places register as places (their names are the board's), bonus and guild cards as cards (their
names label the card plays ``c.coffee2`` / ``c.g7``), the rest as topics.
"""

from __future__ import annotations

from .. import texts as base
from . import data
from . import texts as t


def _register() -> None:
    for number, name in t.PLACE_NAMES.items():
        base.register_place(number, name, t.PLACE_TEXTS[number], data.MODULE)
    for kind, name in t.CARD_NAMES.items():
        base.register_card(kind, name, t.CARD_TEXTS[kind], data.MODULE)
    for number in t.GUILD_CARD_NAMES:
        code = data.guild_code(number)
        title = t.guild_topic_name(number)
        found = next(x for x in t.HELP_TOPICS if x.name == title)
        base.register_card(code, title, found.text, data.MODULE, found.aliases)
    registered = {*t.PLACE_NAMES.values(), *t.CARD_NAMES.values(), *map(t.guild_topic_name, t.GUILD_CARD_NAMES)}
    for topic in t.HELP_TOPICS:
        if topic.name not in registered:
            base.register_topic(topic.name, topic.text, data.MODULE, topic.aliases)


_register()
