"""Forfeiting a turn at every decision the Guild Hall and the guild cards ask: the defaults play
the turn to its end, every invariant holds and the next seat moves (engine contract
`forfeit_turn`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine import GameState, set_chance_script, validate
from bot.engine.invariants import violations
from bot.engine.mocha.guild_deck import GUILD_DECK
from tests.engine.helpers import kind, play
from tests.engine.mocha.guild_helpers import give_guild, mocha_game, reach
from tests.engine.test_forfeit import forfeit


def _holding(*cards: str, **edits: object) -> GameState:
    g = mocha_game().copy()
    for field, value in edits.items():
        setattr(g.players[0], field, value)
    return give_guild(validate(g, preview=True), 0, *cards)


Check = Callable[[GameState, GameState], bool]

STEPS: dict[str, tuple[Callable[[], GameState], Check]] = {
    # the first card of the hand goes unused onto the guild discard pile
    "guild_discard": (
        lambda: play(reach(_holding("g17"), 18), "act"),
        lambda a, b: len(GUILD_DECK.hand(b.players[0])) == 2 and len(GUILD_DECK.discard(b)) == 1,
    ),
    # no more goods
    "guild_goods": (
        lambda: play(_holding("g2", goods=(0, 0, 0, 0)), "c.g2"),
        lambda a, b: b.players[0].goods == a.players[0].goods,
    ),
    # the first colour offered, then the dice roll on
    "guild_dice": (
        lambda: set_chance_script(play(_holding("g8", goods=(0, 0, 0, 0)), "c.g8"), dice=[(1, 1)]),
        lambda a, b: b.players[0].goods == (2, 0, 0, 0),
    ),
    # the first place whose action can be carried out, then the family member home
    "guild_place": (
        lambda: play(_holding("g12", family=4), "c.g12"),
        lambda a, b: b.players[0].family == 12,
    ),
    # the first tile offered
    "guild_mosque": (
        lambda: play(_holding("g15", goods=(0, 0, 1, 1)), "c.g15"),
        lambda a, b: len(b.players[0].mosque_tiles) == 1,
    ),
    # the turn just ends: the guild card stays played
    "guild_end": (
        lambda: play(_holding("g17", "g5"), "c.g17"),
        lambda a, b: GUILD_DECK.hand(b.players[0]) == ("g5",),
    ),
}
FORFEITED = frozenset(STEPS) | {"guild_family"}  # guild_family runs by itself


@pytest.mark.parametrize("where", sorted(STEPS))
def test_forfeit_at_every_guild_step(where: str) -> None:
    setup, check = STEPS[where]
    g = setup()
    assert kind(g) == where and g.turn.player == 0
    after = forfeit(g)
    assert violations(after) == []
    assert check(g, after)
