"""Letters & Seals in the one help lookup (`texts.rule_text`, used by `:h` and `/istanbul rules`):
every place 21-24, kiosk tile, bonus card kind, letter rule and token by name, number and code."""

from __future__ import annotations

import pytest

from bot.engine import texts
from bot.engine.letters import data
from bot.engine.letters import texts as t
from bot.engine.letters.help_topics import help_text


def _name(topic: str) -> str:
    found = texts.rule_text(topic)
    assert found is not None, topic
    return found.partition(": ")[0]


@pytest.mark.parametrize("number", data.LETTERS_PLACES)
def test_every_place_by_number_and_name(number: int) -> None:
    name = t.PLACE_NAMES[number]
    assert _name(str(number)) == _name(f"place {number}") == _name(name.lower()) == name
    assert texts.TEXT_MODULES[f"place:{number}"] == "letters"
    assert name in texts.rule_topics()


def test_the_auction_house_and_the_society_by_short_names() -> None:
    assert _name("auction") == "Auction House" and _name("society") == "Secret Society"


@pytest.mark.parametrize("tile", sorted(t.KIOSK_NAMES))
def test_every_kiosk_tile_by_number_and_name(tile: str) -> None:
    name = t.KIOSK_NAMES[tile]
    number = int(tile[1:])
    assert _name(tile) == _name(f"k{number}") == _name(f"kiosk {number}") == _name(name) == name
    assert texts.rule_text(tile) == f"{name}: {t.kiosk_text(tile, coffee=False)}"
    assert name in texts.rule_topics()


@pytest.mark.parametrize("code", sorted(t.CARD_NAMES))
def test_every_bonus_card_by_code_and_name(code: str) -> None:
    name = t.CARD_NAMES[code]
    assert _name(f"c.{code}") == _name(name) == name
    assert texts.card_phrase(code) == f"the “{name}” card"
    assert "coffee" not in (texts.rule_text(f"c.{code}") or "").lower()  # a Letters-only game's words


def test_the_good_and_3_lira_cards_as_one_kind() -> None:
    assert _name("c.good3") == "Good and 3 Lira" and _name("c.good3.y") == "Fruit and 3 Lira"


@pytest.mark.parametrize(
    ("topic", "name"),
    [("letters", "Letters and seals"), ("seals", "Letters and seals"), ("delivery", "Letters and seals"),
     ("double move", "Double move"), ("companion", "Companion"), ("courier", "Courier"), ("e.courier", "Courier"),
     ("letter", "Take a letter")],
)
def test_the_letter_rules_and_tokens(topic: str, name: str) -> None:
    assert _name(topic) == name


def test_texts_name_both_values_of_a_rule_option() -> None:
    society = texts.rule_text("24") or ""
    assert "once each" in society and "first three visits" in society
    companion = texts.rule_text("companion") or ""
    assert "that turn" in companion and "from the next one" in companion
    assert help_text(("Embassy", "x.")) == "x."


def test_no_letters_topic_hides_a_base_or_mocha_one() -> None:
    assert _name("7") == "Fountain" and _name("family") == "Family to Police Station" and _name("17") == "Roasting Plant"
