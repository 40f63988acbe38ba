"""Letters & Seals' rule options through `--rule` on the local tools (the same options as
`/istanbul new` and the lobby): each value reaches the game's settings, a bad value is refused in
one line, and the game's label names the options that differ from their defaults."""

from __future__ import annotations

import argparse

import pytest

from bot.cli.common import UsageError, add_game_arguments, settings_from_arguments
from bot.cli.playout import game_label
from bot.engine import GameSettings


def _settings(*argv: str) -> tuple[GameSettings, dict[str, str | bool]]:
    parser = argparse.ArgumentParser()
    add_game_arguments(parser)
    return settings_from_arguments(parser.parse_args(list(argv)))


def test_each_letters_rule_reaches_the_game() -> None:
    settings, given = _settings(
        "--modules", "letters", "--rule", "companion_usable_on_placement_turn=false",
        "--rule", "secret_society_bonus_per=action", "--rule", "ls_bonus_deck=lsOnly",
    )
    rules = settings.rules
    assert (rules.companion_usable_on_placement_turn, rules.secret_society_bonus_per, rules.ls_bonus_deck) == (
        False, "action", "lsOnly")
    assert given["companion_usable_on_placement_turn"] is False
    label = game_label(settings)
    assert label.startswith("Letters & Seals, 3 players, first")
    assert "companion_usable_on_placement_turn=False" in label and "ls_bonus_deck=lsOnly" in label


def test_a_bad_letters_rule_value_is_refused_in_one_line() -> None:
    with pytest.raises(UsageError) as refused:
        _settings("--modules", "letters", "--rule", "secret_society_bonus_per=visit")
    assert "secret_society_bonus_per" in str(refused.value) and "\n" not in str(refused.value)
