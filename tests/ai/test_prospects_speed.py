"""The next-turn estimate's shortcuts (bot/ai/prospects.py) read what the engine would: the fees of
every place worked out at once equal `movement.fee` place by place, with companions and neutral
merchants on the board, and an action's codes are the place's own options' codes."""

from __future__ import annotations

import random

import pytest

from bot.ai.prospects import action_codes, fees
from bot.engine import apply, new_game, pending, preview_settings
from bot.engine.movement import fee
from bot.engine.places import PLACES
from bot.engine.state import Step
from tests.playable import playable_letters

GAMES = [(2, ()), (4, ()), (3, ("letters",)), (5, ("letters",)), (3, ("mocha",))]


@pytest.mark.parametrize(("players", "expansions"), GAMES)
def test_fees_of_every_place_at_once_are_the_engines_fee_place_by_place(players: int, expansions: tuple[str, ...]) -> None:
    with playable_letters():
        settings = preview_settings(players=players, expansions=expansions)
        g = new_game(settings, ["red", "blue", "green", "yellow", "white"][:players], 7)
        rng = random.Random(players)
        seen_fees = 0
        checked = 0
        while (d := pending(g)) is not None and g.turns < 60:
            if checked % 5 == 0:
                for seat in range(players):
                    owed = fees(g, seat)
                    for place in g.layout:
                        assert owed.get(place, 0) == fee(g, seat, place)[2], (seat, place)
                        seen_fees += owed.get(place, 0) > 0
                        codes = action_codes(g, g.players[seat], place)
                        found = PLACES.get(place)
                        listed = found.options(g, seat, Step("action", seat, place)) if found else []
                        assert list(codes) == [o.code for o in listed]
            checked += 1
            g, _ = apply(g, d.player, d.decision_id, d.options[rng.randrange(len(d.options))].code)
    assert seen_fees  # some place did cost something
