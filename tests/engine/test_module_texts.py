"""A module's rule texts and place names register with the base game's (issue 21: the rule texts
and place names were written for the base game only)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.engine import texts
from bot.engine.board import place_name


@pytest.fixture
def restored() -> Iterator[None]:
    saved = {name: dict(getattr(texts, name)) for name in ("PLACE_NAMES", "PLACE_TEXTS", "CARD_NAMES", "CARD_TEXTS", "_INDEX", "MODULE_TOPICS", "TEXT_MODULES")}
    yield
    for name, content in saved.items():
        table = getattr(texts, name)
        table.clear()
        table.update(content)


def test_a_modules_place_card_and_topic_are_found_like_the_base_games(restored: None) -> None:
    texts.register_place(99, "Test Plaza", "Take 1 Lira here.", "testdecks")
    texts.register_card("tcard", "Test card", "Gain nothing at all.", "testdecks")
    texts.register_topic("Test tile", "A tile that does nothing.", "testdecks", aliases=("t01",))
    assert place_name(99) == "Test Plaza"
    assert texts.rule_text("99") == texts.rule_text("test plaza") == "Test Plaza: Take 1 Lira here."
    assert texts.rule_text("c.tcard") == "Test card: Gain nothing at all."
    assert texts.card_phrase("tcard") == "the “Test card” card"
    assert texts.rule_text("T01") == "Test tile: A tile that does nothing."
    assert {"Test Plaza", "Test card", "Test tile"} <= set(texts.rule_topics())
    assert texts.TEXT_MODULES["place:99"] == texts.TEXT_MODULES["topic:Test tile"] == "testdecks"


def test_a_module_text_never_hides_a_base_one(restored: None) -> None:
    texts.register_topic("Fountain", "Another fountain.", "testdecks")
    assert texts.rule_text("fountain") is not None and "Another" not in (texts.rule_text("fountain") or "")
