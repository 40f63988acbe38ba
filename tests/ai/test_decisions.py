"""Every kind of decision gets an offered option back from every computer player: positions set up
for each decision kind of the base game, and seeded games at 2-5 players."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest

from bot.ai import POLICIES, get_policy
from bot.engine import (
    GameSettings,
    GameState,
    apply,
    forfeit_turn,
    new_game,
    pending,
    set_chance_script,
    view,
)
from bot.engine.components import COLOURS
from tests.engine.helpers import give, grant_tile, play, quiet_game, reach, to_discard

RNG_SEEDS = (1, 2, 3)


def _answers_are_offered(g: GameState) -> None:
    d = pending(g)
    assert d is not None
    for name, policy in POLICIES.items():
        if name == "strong":
            continue  # tests/ai/test_strong.py asks it at these positions, on a small budget
        for seed in RNG_SEEDS:
            code = policy(view(g, d.player), d, random.Random(seed))
            assert code in d.codes(), f"{name} answered {code!r} to {d.kind} {d.codes()}"


def _move() -> GameState:
    return quiet_game()


def _move34() -> GameState:
    g = quiet_game()
    give(g, 0, "move34")
    return play(g, "c.move34")


def _assistant() -> GameState:
    g = quiet_game()
    g.players[0].merchant = 3
    return play(g, "go.2")


def _pay() -> GameState:
    g = quiet_game()
    g.players[0].merchant = 3
    g.players[1].merchant = 2
    return play(g, "go.2", "a.leave")


def _action() -> GameState:
    return reach(quiet_game(), 2)


def _after() -> GameState:
    g = quiet_game()
    g.players[1].family = 2
    return play(reach(g, 2), "act")


def _gov_pay() -> GameState:
    g = quiet_game()
    g.board.governor = 2
    give(g, 0, "stay")
    return play(reach(g, 2), "act", "gov")


def _smuggler(step: int) -> Callable[[], GameState]:
    def build() -> GameState:
        g = quiet_game()
        g.board.smuggler = 2
        g.players[0].goods = (0, 1, 1, 0)
        g = play(reach(g, 2), "act", "smug")
        return g if step == 1 else play(g, "g.blue")

    return build


def _bm_good() -> GameState:
    return play(reach(quiet_game(), 8), "roll")


def _caravan_draw() -> GameState:
    g = quiet_game()
    to_discard(g, "lira5")
    return play(reach(g, 6), "act")


def _card_discard() -> GameState:
    g = quiet_game()
    to_discard(g, "lira5")
    return play(reach(g, 6), "act", "top")


def _card_good() -> GameState:
    g = quiet_game()
    give(g, 0, "good")
    return play(g, "c.good")


def _dice() -> GameState:
    g = quiet_game()
    grant_tile(g, 0, "red")
    return play(set_chance_script(reach(g, 9), dice=[(2, 3)]), "n7")


def _final() -> GameState:
    g = quiet_game()
    give(g, 0, "lira5", "good", "stay")
    g.end_triggered = True
    for _ in range(3):
        g, _ = forfeit_turn(g, g.turn.player)
    return g


def _fountain() -> GameState:
    g = quiet_game()
    g.players[0].assistants = (2, 3)
    g.players[0].stack = "oo"
    return play(reach(g, 7), "r.some")


def _green_tile() -> GameState:
    g = quiet_game()
    grant_tile(g, 0, "green")
    g.players[0].lira = 5
    return play(reach(g, 2), "act")


def _recall() -> GameState:
    g = quiet_game()
    give(g, 0, "return")
    g.players[0].assistants = (5, 9)
    g.players[0].stack = "oo"
    return play(g, "c.return")


def _reward() -> GameState:
    g = quiet_game()
    give(g, 0, "family")
    g.players[0].family = 5
    return play(g, "c.family")


def _sell() -> GameState:
    g = quiet_game()
    g.players[0].goods = (1, 2, 1, 0)
    return play(reach(g, 11), "act")


def _sultan_any() -> GameState:
    g = quiet_game()
    g.players[0].goods = (2, 2, 1, 1)
    return play(reach(g, 13), "act")


POSITIONS: dict[str, Callable[[], GameState]] = {
    "move": _move,
    "move34": _move34,
    "assistant": _assistant,
    "pay": _pay,
    "action": _action,
    "after": _after,
    "gov_pay": _gov_pay,
    "smug_good": _smuggler(1),
    "smug_pay": _smuggler(2),
    "bm_good": _bm_good,
    "caravan_draw": _caravan_draw,
    "card_discard": _card_discard,
    "card_good": _card_good,
    "dice": _dice,
    "final": _final,
    "fountain": _fountain,
    "green_tile": _green_tile,
    "recall": _recall,
    "reward": _reward,
    "sell": _sell,
    "sultan_any": _sultan_any,
}


@pytest.mark.parametrize("decision_kind", sorted(POSITIONS))
def test_every_decision_kind_is_answered_with_an_offered_code(decision_kind: str) -> None:
    """Each decision kind of the base game, set up on the board: both players answer with one of
    the offered codes, whatever their generator."""
    g = POSITIONS[decision_kind]()
    d = pending(g)
    assert d is not None and d.kind == decision_kind and len(d.options) > 1
    _answers_are_offered(g)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seeded_games_get_only_offered_codes(players: int) -> None:
    """Greedy and random seats take turns in a seeded game; at every decision both policies are
    asked (the seat's own answer is played) and both answer with an offered code."""
    seats = [("greedy", "random")[s % 2] for s in range(players)]
    g = new_game(GameSettings(players=players, layout="random"), list(COLOURS[:players]), 40 + players)
    rng = random.Random(players)
    met: Counter[str] = Counter()
    while (d := pending(g)) is not None and g.turns <= 4 * players:
        own = view(g, d.player)
        answers = {name: get_policy(name)(own, d, rng) for name in ("greedy", "random")}
        for name, code in answers.items():
            assert code in d.codes(), f"{name} answered {code!r} to {d.kind} {d.codes()}"
        met[d.kind] += 1
        g, _ = apply(g, d.player, d.decision_id, answers[seats[d.player]])
    assert {"move", "assistant", "action"} <= set(met)
