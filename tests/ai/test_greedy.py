"""The greedy player: it decides from its own view only, and it plays like someone who wants rubies."""

from __future__ import annotations

import random

import pytest

from bot.ai import POLICIES, get_policy, greedy_policy, random_policy, strong_policy
from bot.ai.easy import easy_policy
from bot.engine import GameSettings, GameState, apply, determinize, forfeit_turn, new_game, pending, view
from bot.engine.components import COLOURS
from tests.engine.helpers import give, grant_tile, play, quiet_game, reach


def greedy(g: GameState, rng_seed: int = 0) -> str:
    d = pending(g)
    assert d is not None
    return greedy_policy(view(g, d.player), d, random.Random(rng_seed))


def test_policies_by_name() -> None:
    """The players are known by name; an unknown name is refused with the known ones listed."""
    assert {"random": random_policy, "easy": easy_policy, "greedy": greedy_policy, "strong": strong_policy} == POLICIES
    assert get_policy("greedy") is greedy_policy
    with pytest.raises(ValueError, match=r"unknown computer player 'clever'; known players: easy, greedy, random, strong"):
        get_policy("clever")


def _sampled_positions(players: int, seed: int, every: int) -> list[GameState]:
    """Positions (with a choice to make) from a seeded game between greedy players."""
    g = new_game(GameSettings(players=players), list(COLOURS[:players]), seed)
    rng = random.Random(seed)
    found: list[GameState] = []
    steps = 0
    while (d := pending(g)) is not None and g.turns <= 5 * players:
        if len(d.options) > 1:
            steps += 1
            if steps % every == 0:
                found.append(g)
        g, _ = apply(g, d.player, d.decision_id, greedy_policy(view(g, d.player), d, rng))
    return found


@pytest.mark.parametrize("players", [2, 4])
def test_the_choice_does_not_depend_on_what_the_player_cannot_see(players: int) -> None:
    """Re-deal everything the deciding player cannot see (other hands, the piles, the dice to
    come): the player's view is the same, and so is its choice for the same generator."""
    positions = _sampled_positions(players, seed=7, every=5)
    assert len(positions) >= 6
    for g in positions:
        d = pending(g)
        assert d is not None
        own = view(g, d.player)
        expected = greedy_policy(own, d, random.Random(99))
        for redeal in (101, 202):
            other = determinize(own, redeal)
            assert other != g
            assert view(other, d.player) == own
            d2 = pending(other)
            assert d2 is not None and d2.codes() == d.codes()
            assert greedy_policy(view(other, d.player), d2, random.Random(99)) == expected


def test_the_same_view_and_generator_give_the_same_choice() -> None:
    """A decision is a function of the view, the decision and the generator's state."""
    for g in _sampled_positions(3, seed=5, every=6):
        assert greedy(g, 3) == greedy(g, 3)


@pytest.mark.parametrize(
    ("place", "lira", "goods"),
    [(13, 0, (1, 1, 1, 1)), (16, 12, (0, 0, 0, 0))],
    ids=["sultan", "gemstone"],
)
def test_takes_a_ruby_it_can_pay_for(place: int, lira: int, goods: tuple[int, int, int, int]) -> None:
    """At the Sultan's Palace with the goods, or at the Gemstone Dealer with the Lira, the ruby is
    taken rather than the action skipped."""
    g = quiet_game(4)
    g.players[0].lira = lira
    g.players[0].goods = goods
    g = reach(g, place)
    assert greedy(g) == "act"
    assert play(g, "act").players[0].rubies == 1


def test_moves_to_a_ruby_within_reach() -> None:
    """With 20 Lira and the Gemstone Dealer one step away, the merchant goes there."""
    g = quiet_game(3)
    g.players[0].lira = 20
    g.players[0].merchant = 12  # next to the Gemstone Dealer (16) on the in-order layout
    assert greedy(g) == "go.16"


def test_sells_at_the_market_for_a_ruby_it_can_then_afford() -> None:
    """With 10 Lira and goods to sell at the Large Market, the sale is made: it pays for a ruby."""
    g = quiet_game(3)
    g.players[0].lira = 10
    g.players[0].goods = (2, 1, 0, 2)
    g = reach(g, 10)
    assert greedy(g) == "act"


@pytest.mark.parametrize(("red_tile", "call"), [(False, "n7"), (True, "n8")])
def test_tea_house_call_is_the_best_expectation_whatever_its_guesses(red_tile: bool, call: str) -> None:
    """The Tea House call is made before the roll, so it never follows a guessed roll: 7 (the
    best expected payout), or 8 with the red mosque tile (which can mend a roll)."""
    g = quiet_game()
    if red_tile:
        grant_tile(g, 0, "red")
    g = reach(g, 9)
    assert {greedy(g, seed) for seed in range(8)} == {call}


def test_plays_leftover_cards_that_count_for_the_ranking() -> None:
    """After the last round, cards that give Lira or a good are played before stopping."""
    g = quiet_game()
    give(g, 0, "lira5", "stay")
    g.end_triggered = True
    for _ in range(3):
        g, _ = forfeit_turn(g, g.turn.player)
    assert greedy(g) == "c.lira5"
    g = play(g, "c.lira5")
    assert greedy(g) == "done"
