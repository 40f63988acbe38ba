"""Letters & Seals' rule texts in the game's one help lookup (`texts.rule_text`), so `:h` and
`/istanbul rules` find every place 21-24 ("22", "kiosk", "auction", "society"), every kiosk tile
("K05", "k5", "kiosk 5"), every bonus card kind ("c.letter", "ldice", "Pay 3, go anywhere",
"c.good3.r" and the four of them as "c.good3"), the letter rules ("letters", "seals",
"delivery", "double move") and the tokens ("companion", "courier") by the aliases of
``texts.help_entries``.

The lookup is one for every game, so it holds the words of a Letters & Seals game without coffee
(the Great Bazaar is issue 25) and mentions the other value of a rule option where a text depends
on one (the Secret Society's bonus, the companion's first turn). Places register as places, bonus
cards as cards (their names label the card plays ``c.<code>`` and the story), everything else as
topics; the module's own aliases are registered before the cards', so a bare "letter" is the
card, as ``help_entries`` has it.
"""

from __future__ import annotations

from .. import texts as base
from . import data
from . import texts as t


def help_text(entry: tuple[str, str]) -> str:
    """The text a help entry is registered with: the one of the default rule options, or both
    values named where the text depends on a rule option."""
    name, text = entry
    if name == t.PLACE_NAMES[data.SECRET_SOCIETY]:
        return f"{text} {t.SOCIETY_OPTION_NOTE}"
    if name == t.TOKEN_NAMES["companion"]:
        return t.COMPANION_ANY_OPTION
    return text


def _aliases() -> dict[tuple[str, str], list[str]]:
    """Each entry of ``help_entries`` (Letters only, default options) with its aliases, in order."""
    grouped: dict[tuple[str, str], list[str]] = {}
    for alias, entry in t.help_entries(coffee=False).items():
        grouped.setdefault(entry, []).append(alias)
    return grouped


def _register() -> None:
    grouped = _aliases()
    by_name = {name: (name, text) for name, text in grouped}
    for number, name in t.PLACE_NAMES.items():
        entry = by_name[name]
        base.register_place(number, name, help_text(entry), data.MODULE, tuple(grouped[entry]))
    for code, name in t.CARD_NAMES.items():
        entry = by_name[name]
        base.register_card(code, name, help_text(entry), data.MODULE, tuple(grouped[entry]))
    cards = {*t.PLACE_NAMES.values(), *t.CARD_NAMES.values()}
    for (name, text), aliases in grouped.items():
        if name not in cards:
            base.register_topic(name, help_text((name, text)), data.MODULE, tuple(aliases))


_register()
