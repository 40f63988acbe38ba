"""Tests for bot.engine.texts: completeness, length limits and rule_text lookups."""

from __future__ import annotations

import pytest

from bot.engine.texts import (
    CARD_NAMES,
    CARD_TEXTS,
    ENCOUNTER_NAMES,
    ENCOUNTER_TEXTS,
    GOOD_NAMES,
    MAX_TEXT_LENGTH,
    MOSQUE_TILE_NAMES,
    MOSQUE_TILE_TEXTS,
    PLACE_NAMES,
    PLACE_TEXTS,
    TEXT_MODULES,
    rule_text,
    rule_topics,
)

# The base game's own entries: the modules register theirs in the same tables (Mocha & Baksheesh's
# places 17-20 and cards; their texts are tested with each module).
BASE_PLACES = {k for k in PLACE_NAMES if f"place:{k}" not in TEXT_MODULES}
BASE_CARDS = {k for k in CARD_NAMES if f"card:{k}" not in TEXT_MODULES}

CARD_KINDS = {"good", "lira5", "sultan2", "post2", "gem2", "family", "smallany", "stay", "move34", "return"}

ALL_TEXTS: list[tuple[str, str]] = [
    *((f"place {k}", v) for k, v in PLACE_TEXTS.items()),
    *((f"card {k}", v) for k, v in CARD_TEXTS.items()),
    *((f"mosque {k}", v) for k, v in MOSQUE_TILE_TEXTS.items()),
    *((f"encounter {k}", v) for k, v in ENCOUNTER_TEXTS.items()),
]


def test_key_sets() -> None:
    assert set(PLACE_NAMES) == set(PLACE_TEXTS) and set(range(1, 17)) == BASE_PLACES
    assert set(CARD_NAMES) == set(CARD_TEXTS) and CARD_KINDS == BASE_CARDS
    assert set(MOSQUE_TILE_NAMES) == set(MOSQUE_TILE_TEXTS) == {"red", "green", "blue", "yellow"}
    encounters = {"family", "governor", "smuggler", "merchant", "neutral_merchant"}
    assert set(ENCOUNTER_NAMES) == set(ENCOUNTER_TEXTS) == encounters
    assert GOOD_NAMES == {"red": "fabric", "green": "spice", "yellow": "fruit", "blue": "jewelry"}


def test_place_names() -> None:
    assert PLACE_NAMES[1] == "Wainwright"
    assert PLACE_NAMES[7] == "Fountain"
    assert PLACE_NAMES[13] == "Sultan's Palace"
    assert PLACE_NAMES[16] == "Gemstone Dealer"


@pytest.mark.parametrize(("label", "text"), ALL_TEXTS)
def test_texts_are_short_plain_and_non_empty(label: str, text: str) -> None:
    assert text.strip() == text and text, label
    assert len(text) <= MAX_TEXT_LENGTH == 300, (label, len(text))
    assert "\n" not in text and "*" not in text, label
    assert text.endswith("."), label


def test_card_names_are_short() -> None:
    for kind in BASE_CARDS:
        assert 0 < len(CARD_NAMES[kind]) <= 24, kind


def test_key_numbers_are_present() -> None:
    assert "7 Lira" in PLACE_TEXTS[1] and "3" in PLACE_TEXTS[1]
    assert all("2 Lira" in PLACE_TEXTS[p] for p in (2, 3, 4))
    assert "4 uncovered" in PLACE_TEXTS[5]
    assert "2 bonus cards" in PLACE_TEXTS[6] and "discard" in PLACE_TEXTS[6]
    assert all(s in PLACE_TEXTS[8] for s in ("7-8", "9-10", "11-12"))
    assert "3 to 12" in PLACE_TEXTS[9] and "2 Lira" in PLACE_TEXTS[9]
    assert "3, 7, 12, 18 or 25" in PLACE_TEXTS[10]
    assert "2, 5, 9, 14 or 20" in PLACE_TEXTS[11]
    assert "coffee" in PLACE_TEXTS[13]
    assert "3 Lira" in CARD_TEXTS["family"] and "3 or 4" in CARD_TEXTS["move34"]


def test_topic_names_are_unique() -> None:
    topics = rule_topics()
    assert len(topics) == len(set(t.lower() for t in topics))
    modules = {name for key, name in ((k, k.partition(":")[2]) for k in TEXT_MODULES) if key.startswith("topic:")}
    modules |= {PLACE_NAMES[k] for k in PLACE_NAMES if k not in BASE_PLACES}
    modules |= {CARD_NAMES[k] for k in CARD_NAMES if k not in BASE_CARDS}
    assert len([t for t in topics if t not in modules]) == 16 + 10 + 4 + 5


@pytest.mark.parametrize(
    ("topic", "expected"),
    [
        ("13", f"Sultan's Palace: {PLACE_TEXTS[13]}"),
        (" 7 ", f"Fountain: {PLACE_TEXTS[7]}"),
        ("sultan's palace", f"Sultan's Palace: {PLACE_TEXTS[13]}"),
        ("SULTAN\u2019S  PALACE", f"Sultan's Palace: {PLACE_TEXTS[13]}"),
        ("Tea House", f"Tea House: {PLACE_TEXTS[9]}"),
        ("c.sultan2", f"Sultan's Palace twice: {CARD_TEXTS['sultan2']}"),
        ("move34", f"Move 3 or 4: {CARD_TEXTS['move34']}"),
        ("C.Return", f"Recall an assistant: {CARD_TEXTS['return']}"),
        ("family", f"Family to Police Station: {CARD_TEXTS['family']}"),
        ("mosque:red", f"Red mosque tile: {MOSQUE_TILE_TEXTS['red']}"),
        ("yellow tile", f"Yellow mosque tile: {MOSQUE_TILE_TEXTS['yellow']}"),
        ("governor", f"Governor: {ENCOUNTER_TEXTS['governor']}"),
        ("neutral_merchant", f"Neutral merchant: {ENCOUNTER_TEXTS['neutral_merchant']}"),
        ("e.family", f"Family members: {ENCOUNTER_TEXTS['family']}"),
    ],
)
def test_rule_text_lookups(topic: str, expected: str) -> None:
    assert rule_text(topic) == expected


@pytest.mark.parametrize("topic", ["", "0", "26", "c.nothing", "mosque:purple", "sultan"])
def test_rule_text_unknown(topic: str) -> None:
    assert rule_text(topic) is None


def test_every_topic_resolves() -> None:
    for topic in rule_topics():
        text = rule_text(topic)
        assert text is not None and text.startswith(f"{topic}: "), topic
