"""A table's Letters & Seals rule options in the service: which games offer them, and a bad value
refused in one plain sentence naming the rule."""

from __future__ import annotations

import pytest

from bot.service.errors import BadOptions
from bot.service.options import parse_options, table_rules


def test_letters_rules_are_offered_only_with_the_module() -> None:
    rules = ("companion_usable_on_placement_turn", "secret_society_bonus_per", "ls_bonus_deck")
    assert table_rules(("letters",))[1:] == rules
    assert table_rules(()) == ("move_card_semantics",)
    assert "ls_bonus_deck" not in table_rules(("mocha", "letters"))  # the Great Bazaar takes every card


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"secret_society_bonus_per": "x"}, "The rule for the Secret Society's Lira cannot be 'x'; choose 'player' or 'action'."),
        ({"companion_usable_on_placement_turn": "maybe"}, "The rule for the companion's first turn cannot be 'maybe'."),
        ({"ls_bonus_deck": "all"}, "The choice of bonus cards cannot be 'all'; choose 'lsPlusBase' or 'lsOnly'."),
    ],
)
def test_a_bad_value_is_refused_in_one_sentence(rules: dict[str, object], words: str) -> None:
    with pytest.raises(BadOptions) as refused:
        parse_options({"seats": 2, "rules": rules})
    assert str(refused.value) == words
