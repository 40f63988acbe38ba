"""Random play with the Letters & Seals bonus cards in every hand: seeded games (Letters & Seals
alone and the Great Bazaar) whose players hold four of the module's cards each from the start and
play a card whenever one is offered half of the time; every invariant holds after every step and
every offered card kind is played somewhere in the series."""

from __future__ import annotations

import random

import pytest

from bot.engine import GameState, apply, new_game, pending, preview_settings
from bot.engine.invariants import violations
from bot.engine.letters import data
from tests.engine.helpers import COLOURS_IN_SEAT_ORDER
from tests.engine.letters.letters_helpers import done, edit

DECISIONS = 300
GAMES = 8


def dealt(seed: int) -> tuple[GameState, random.Random]:
    rnd = random.Random(seed)
    players = 2 + seed % 4
    expansions = ("mocha", "letters") if seed % 3 == 0 else ("letters",)
    g = edit(new_game(preview_settings(players=players, expansions=expansions), COLOURS_IN_SEAT_ORDER[:players], seed))
    for p in g.players:
        pile = list(g.draw_pile)
        cards = rnd.sample([c for c in pile if c in data.LETTERS_BONUS_CARDS], 4)
        for c in cards:
            pile.remove(c)
        g.draw_pile = tuple(pile)
        p.cards = tuple(sorted(p.cards + tuple(cards)))
    return done(g), rnd


def play_random(seed: int) -> set[str]:
    g, rnd = dealt(seed)
    played: set[str] = set()
    for _ in range(DECISIONS):
        d = pending(g)
        if d is None:
            break
        cards = [c for c in d.codes() if c.startswith("c.")]
        code = rnd.choice(cards) if cards and rnd.random() < 0.5 else rnd.choice(d.codes())
        g, _ = apply(g, d.player, d.decision_id, code)
        if code.startswith("c."):
            played.add(code[2:])
        assert violations(g) == [], (seed, code)
    return played


@pytest.mark.parametrize("chunk", range(2))
def test_random_games_with_letters_cards_in_hand_keep_the_invariants(chunk: int) -> None:
    played: set[str] = set()
    for seed in range(chunk, GAMES, 2):
        played |= play_random(seed)
    assert played & set(data.LETTERS_BONUS_CARDS)
