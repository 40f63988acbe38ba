"""The invariants that the playouts and `soak` check after every step: each check added for the
mosque tiles, the ruby target and the mail indicators flags a position that breaks it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bot.engine import GameState
from bot.engine.components import ruby_target
from bot.engine.invariants import violations
from tests.engine.helpers import grant_tile, quiet_game


def _tile_vanished(g: GameState) -> None:
    # the top red tile leaves its stack without any player owning it
    stacks = list(g.board.mosque_tiles)
    stacks[0] = stacks[0][1:]
    g.board.mosque_tiles = tuple(stacks)


def _two_tiles_of_a_colour(g: GameState) -> None:
    grant_tile(g, 0, "green")
    g.players[0].mosque_tiles = ("green", "green")


def _target_without_the_end(g: GameState) -> None:
    # rubies taken from the supply so that the count of rubies still adds up
    target = ruby_target(len(g.players), 0)
    g.board.ruby_supply -= target
    g.players[1].rubies = target


def _mail_beyond_the_last_indicator(g: GameState) -> None:
    g.board.mail = 5


BREACHES: dict[str, tuple[Callable[[GameState], None], str]] = {
    "tile_vanished": (_tile_vanished, "the red mosque tiles are not conserved"),
    "two_tiles": (_two_tiles_of_a_colour, "a player owns two mosque tiles of one colour"),
    "target": (_target_without_the_end, "a player reached the ruby target but the end is not triggered"),
    "mail": (_mail_beyond_the_last_indicator, "5 mail indicators down"),
}


def test_a_fresh_game_and_a_tile_taken_keep_every_invariant() -> None:
    """The baseline: nothing is flagged at the start, nor after a mosque tile changed hands."""
    g = quiet_game()
    assert violations(g) == []
    grant_tile(g, 0, "red")
    assert violations(g) == []


@pytest.mark.parametrize("breach", sorted(BREACHES))
def test_each_broken_invariant_is_named(breach: str) -> None:
    """A position edited to break one rule of the components is flagged, in words, and nothing
    else is."""
    g = quiet_game()
    edit, words = BREACHES[breach]
    edit(g)
    found = violations(g)
    assert len(found) == 1 and found[0].startswith(words), found


def test_the_ruby_target_is_no_breach_once_the_last_round_is_on() -> None:
    """Reaching the ruby target triggers the end: with the flag set the position is sound."""
    g = quiet_game()
    _target_without_the_end(g)
    g.end_triggered = True
    assert violations(g) == []
