"""The strong player (issue 26, items 1 and 2): an offered code for every decision, its own seat's
view only, the same choice for the same view and generator, a budget of work rather than time."""

from __future__ import annotations

import functools
import random
import subprocess
import sys
from collections import Counter

import pytest

import bot.ai.greedy as greedy_module
import bot.ai.strong as strong_module
import bot.ai.strong_deals as strong_deals
import bot.ai.strong_search as strong_search
from bot.ai import POLICIES, STRONG_BUDGET, analyse, get_policy, greedy_policy, strong_policy
from bot.cli.arena import play_match
from bot.engine import GameSettings, GameState, View, apply, new_game, pending, view
from bot.engine.components import COLOURS
from bot.engine.playout import Playout
from bot.engine.views import HIDDEN
from tests.ai.test_decisions import POSITIONS
from tests.engine.helpers import play
from tests.engine.letters.kiosk_position import at_kiosk, code
from tests.engine.letters.test_auction import auction

SMALL = 600  # engine calls: enough for a few deals, cheap enough for a test


def strong(g: GameState, rng_seed: int = 0, budget: int = SMALL) -> str:
    d = pending(g)
    assert d is not None
    return strong_policy(view(g, d.player), d, random.Random(rng_seed), budget=budget)


def test_strong_is_known_by_name() -> None:
    assert get_policy("strong") is strong_policy and POLICIES["strong"] is strong_policy


@pytest.mark.parametrize("decision_kind", sorted(POSITIONS))
def test_every_decision_kind_is_answered_with_an_offered_code(decision_kind: str) -> None:
    """Each decision kind of the base game, set up on the board: an offered code, whatever the
    generator."""
    g = POSITIONS[decision_kind]()
    d = pending(g)
    assert d is not None and len(d.options) > 1
    for seed in (1, 2):
        assert strong(g, seed) in d.codes()


def test_a_lone_option_is_returned_at_once_without_drawing() -> None:
    g = new_game(GameSettings(players=2), list(COLOURS[:2]), 3)
    while (d := pending(g)) is not None and len(d.options) > 1:
        g, _ = apply(g, d.player, d.decision_id, greedy_policy(view(g, d.player), d, random.Random(0)))
    if d is None:
        pytest.skip("no lone option met")  # pragma: no cover
    rng = random.Random(5)
    before = rng.getstate()
    assert analyse(view(g, d.player), d, rng).code == d.options[0].code
    assert rng.getstate() == before


def _mid_game(players: int = 2, seed: int = 11, turns: int = 6, modules: tuple[str, ...] = ()) -> GameState:
    """A seeded game between greedy players, stopped at a decision with several options after
    `turns` player turns."""
    g = new_game(GameSettings.model_validate({"players": players, "expansions": modules}), list(COLOURS[:players]), seed)
    rng = random.Random(seed)
    while (d := pending(g)) is not None and (g.turns < turns or len(d.options) < 3):
        g, _ = apply(g, d.player, d.decision_id, greedy_policy(view(g, d.player), d, rng))
    return g


def test_the_same_view_and_generator_give_the_same_choice_and_figures() -> None:
    g = _mid_game()
    d = pending(g)
    assert d is not None
    first = analyse(view(g, d.player), d, random.Random(7), budget=SMALL)
    second = analyse(view(g, d.player), d, random.Random(7), budget=SMALL)
    assert first == second
    assert first.code in d.codes() and first.code in first.scores
    assert set(first.scores) <= set(first.greedy) <= set(d.codes())
    assert first.deals >= 1 and first.calls >= SMALL and not first.capped


def test_the_same_choice_in_a_fresh_process() -> None:
    """A fresh interpreter (new memo tables, new hash seed) makes the same choice."""
    script = (
        "import random\n"
        "from bot.ai import analyse\n"
        "from bot.engine import pending, view\n"
        "from tests.ai.test_strong import SMALL, _mid_game\n"
        "g = _mid_game()\n"
        "d = pending(g)\n"
        "a = analyse(view(g, d.player), d, random.Random(7), budget=SMALL)\n"
        "print(a.code, sorted(a.scores.items()))\n"
    )
    runs = [
        subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                       env={"PYTHONHASHSEED": str(salt), "PATH": ""}, timeout=300).stdout
        for salt in (1, 2)
    ]
    g = _mid_game()
    d = pending(g)
    assert d is not None
    here = analyse(view(g, d.player), d, random.Random(7), budget=SMALL)
    assert runs[0] == runs[1] == f"{here.code} {sorted(here.scores.items())}\n"


def test_the_budget_sets_the_work_not_the_clock() -> None:
    """More budget, more deals; each search stops at the first deal that reaches its budget."""
    g = _mid_game()
    d = pending(g)
    assert d is not None
    small = analyse(view(g, d.player), d, random.Random(3), budget=SMALL)
    large = analyse(view(g, d.player), d, random.Random(3), budget=4 * SMALL)
    assert small.deals < large.deals
    assert small.calls >= SMALL and large.calls >= 4 * SMALL
    assert STRONG_BUDGET > 4 * SMALL
    partial = functools.partial(strong_policy, budget=4 * SMALL)
    assert partial(view(g, d.player), d, random.Random(3)) == large.code


def test_the_time_cap_is_a_safety_net_that_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a cap of no time at all, one deal is still searched, an offered code returned, and
    the cap counted once per decision cut short."""
    g = _mid_game()
    d = pending(g)
    assert d is not None
    monkeypatch.setattr(strong_module, "CAP_SECONDS", 0.0)
    before = strong_module.cap_fired()
    result = analyse(view(g, d.player), d, random.Random(3), budget=10 * SMALL)
    assert result.capped and result.deals == 1 and result.code in d.codes()
    assert strong_module.cap_fired() == before + 1


def test_the_player_only_ever_deals_from_its_own_seats_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every state the strong player searches is dealt from the view of the seat that decides,
    which hides the other hands and the piles."""
    viewers: list[int | None] = []
    real = strong_module.determinize

    def spy(v: View, seed: int) -> GameState:
        viewers.append(v.viewer)
        assert all(c == HIDDEN for p in v.state.players if p.seat != v.viewer for c in p.cards)
        assert all(c == HIDDEN for c in v.state.draw_pile)
        return real(v, seed)

    monkeypatch.setattr(strong_module, "determinize", spy)  # the shortlist's deal
    monkeypatch.setattr(strong_deals, "determinize", spy)  # the rollouts' deals
    monkeypatch.setattr(greedy_module, "determinize", spy)  # greedy's choice at the small steps
    g = _mid_game(players=3)
    for _ in range(6):
        d = pending(g)
        assert d is not None
        viewers.clear()
        code = strong_policy(view(g, d.player), d, random.Random(1), budget=SMALL)
        assert viewers == [d.player] * len(viewers) and (viewers or len(d.options) == 1)
        g, _ = apply(g, d.player, d.decision_id, code)


def test_a_view_of_another_seat_is_declined_safely() -> None:
    g = _mid_game()
    d = pending(g)
    assert d is not None
    other = view(g, 1 - d.player)
    assert strong_policy(other, d, random.Random(1), budget=SMALL) == d.default


def test_an_auction_bid_in_someone_elses_turn() -> None:
    """Letters & Seals: seat 1 bids (or passes) in seat 0's auction with an offered code."""
    g = play(auction(8, 6, 7), "g.blue", "v.1")
    d = pending(g)
    assert d is not None and d.player == 1 and d.off_turn and d.kind == "auction_bid"
    for seed in (1, 2):
        assert strong(g, seed) in d.codes()


def test_a_kiosk_pick() -> None:
    g = at_kiosk("K07", "K10", "K12", "K15")
    d = pending(g)
    assert d is not None and d.kind == "kiosk_pick"
    picks: Counter[str] = Counter(strong(g, seed) for seed in (1, 2))
    assert set(picks) <= set(d.codes()) and code("K15") not in picks
    # the others pick in seat order, in the middle of seat 0's turn
    g = play(g, next(iter(picks)))
    while (d := pending(g)) is not None and d.player == 0:
        g = play(g, d.codes()[0])
    assert d is not None and d.off_turn
    assert strong(g, 1) in d.codes()


@pytest.mark.parametrize("modules", [("mocha",), ("letters",), ("mocha", "letters")], ids=["mocha", "letters", "bazaar"])
def test_seeded_games_with_every_module_get_offered_codes(modules: tuple[str, ...]) -> None:
    """A strong seat among greedy ones in a seeded game of each module (both: the Great Bazaar):
    every answer is offered
    (apply refuses any other); decisions in the middle of another seat's turn included."""
    players = 3
    g = new_game(GameSettings.model_validate({"players": players, "expansions": modules}), list(COLOURS[:players]), 21)
    rng = random.Random(2)
    met: Counter[str] = Counter()
    while (d := pending(g)) is not None and g.turns <= 3 * players:
        own = view(g, d.player)
        if d.player == 0 or d.off_turn:
            answer = strong_policy(own, d, rng, budget=SMALL // 3)
            assert answer in d.codes()
            met["off_turn" if d.off_turn else d.kind] += 1
        else:
            answer = greedy_policy(own, d, rng)
        g, _ = apply(g, d.player, d.decision_id, answer)
    assert met["move"] >= 2


def test_a_seeded_game_with_a_strong_seat_repeats_exactly() -> None:
    settings = GameSettings(players=2)
    play_strong = functools.partial(play_match, settings, ["strong", "greedy"], 8, 10, strong_budget=SMALL // 2)
    assert play_strong() == play_strong()


@pytest.mark.parametrize("decision_kind", sorted(strong_module.FOLLOW_UPS & set(POSITIONS)))
def test_a_small_step_inside_the_turn_takes_greedys_choice_without_rollouts(decision_kind: str) -> None:
    """At the small steps inside a turn (the action, the assistant, a sale, a payment...) the strong
    player plays what the greedy player would, from the same generator, and runs no rollouts."""
    g = POSITIONS[decision_kind]()
    d = pending(g)
    assert d is not None and len(d.options) > 1
    for seed in (1, 2):
        a = analyse(view(g, d.player), d, random.Random(seed), budget=SMALL)
        assert a.code == greedy_policy(view(g, d.player), d, random.Random(seed))
        assert a.deals == 0 and a.calls == 0 and not a.scores


@pytest.mark.parametrize("decision_kind", ["move", "after", "caravan_draw"])
def test_the_turn_shaping_steps_keep_their_rollouts(decision_kind: str) -> None:
    g = POSITIONS[decision_kind]()
    d = pending(g)
    assert d is not None and decision_kind not in strong_module.FOLLOW_UPS
    a = analyse(view(g, d.player), d, random.Random(1), budget=SMALL)
    assert a.code in d.codes()
    assert a.deals >= 1 or len(a.greedy) == 1  # rollouts ran, unless a single option was worth trying


def test_the_worse_half_of_the_shortlist_stops_being_dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    """Successive halving: every shortlisted option is played on the first deals, then only the
    better half goes on, on every deal after; the choice is one of those."""
    g = _mid_game()
    d = pending(g)
    assert d is not None
    plays: Counter[str] = Counter()
    real = strong_search.Rollout.value

    def spy(self: strong_search.Rollout, p: Playout, code: str) -> float:
        plays[code] += 1
        return real(self, p, code)

    monkeypatch.setattr(strong_search.Rollout, "value", spy)
    a = analyse(view(g, d.player), d, random.Random(3), budget=4 * SMALL)
    assert len(a.scores) == strong_module.SHORTLIST == 4
    kept = sorted(c for c in a.scores if plays[c] == a.deals)
    dropped = sorted(c for c in a.scores if plays[c] < a.deals)
    assert len(kept) == len(dropped) == 2 and a.code in kept
    assert len({plays[c] for c in dropped}) == 1 and plays[dropped[0]] >= 1


def test_a_guild_cards_next_good_is_taken_the_greedy_way_without_rollouts() -> None:
    """Mocha & Baksheesh declares the next good of a guild card a small step (its rollouts never
    overturned greedy there): the strong player plays greedy's choice, from the same generator,
    and runs no rollouts."""
    from tests.engine.mocha.test_guild_cards import with_card

    g = play(with_card("g2", goods=(0, 0, 0, 0)), "c.g2")
    d = pending(g)
    assert d is not None and d.kind == "guild_goods" and len(d.options) > 2
    for seed in (1, 2):
        a = analyse(view(g, d.player), d, random.Random(seed), budget=SMALL)
        assert a.code == greedy_policy(view(g, d.player), d, random.Random(seed))
        assert a.deals == 0 and a.calls == 0 and not a.scores


def test_the_double_move_keeps_its_rollouts() -> None:
    """The double move is a module step whose rollouts do change the choice (they are what ever
    pays for one; greedy never sees the extra turn): it is rolled out."""
    from tests.engine.letters.test_double_move import LETTERS, ending_early

    g = ending_early(*LETTERS)
    d = pending(g)
    assert d is not None and d.kind == "double_move"
    a = analyse(view(g, d.player), d, random.Random(1), budget=SMALL)
    assert a.code in d.codes() and (a.deals >= 1 or len(a.greedy) == 1)


# The strong seat's choices in a seeded base game, recorded with the rollouts' two-round horizon
# (`strong_search.HORIZON_ROUNDS`) and the margin a rollout winner needs over the greedy leader
# (`strong.MARGIN`): a module's small steps must not move them (a change of the engine's dealing
# or of the strong player's own search calls for recording them again).
BASE_CHOICES = [
    'move:go.5',
    'assistant:a.leave',
    'action:c.post2',
    'action:act',
    'after:gov',
    'gov_pay:pay',
    'after:c.good',
    'card_good:g.blue',
    'move:go.12',
    'assistant:a.leave',
    'action:f.13',
    'action:act',
    'move:go.8',
    'assistant:a.leave',
    'action:roll',
    'bm_good:g.yellow',
    'after:smug',
    'smug_good:g.yellow',
    'smug_pay:pay',
    'move:go.15',
    'assistant:a.leave',
    'pay:pay',
    'action:m.blue',
    'move:go.8',
    'assistant:a.collect',
    'action:g.red',
    'after:gov',
    'move:go.15',
    'assistant:a.collect',
    'action:m.yellow',
]


def test_the_base_games_choices_are_unchanged_by_the_modules_small_steps() -> None:
    """No module's small steps reach a base game: the strong seat of a seeded base game makes the
    choices it made before (every kind: the rolled-out ones and greedy's small steps)."""
    from bot.ai.modules import follow_ups

    assert follow_ups(GameSettings(players=2)) == frozenset()
    g = new_game(GameSettings(players=2), list(COLOURS[:2]), 5)
    rngs = [random.Random(50), random.Random(51)]
    chosen: list[str] = []
    while (d := pending(g)) is not None and g.turns < 12:
        own = view(g, d.player)
        if d.player == 0:
            code = strong_policy(own, d, rngs[0], budget=SMALL)
            if len(d.options) > 1:
                chosen.append(f"{d.kind}:{code}")
        else:
            code = greedy_policy(own, d, rngs[1])
        g, _ = apply(g, d.player, d.decision_id, code)
    assert chosen == BASE_CHOICES


def test_a_rollout_winner_replaces_the_greedy_leader_only_when_it_wins_clearly() -> None:
    """The greedy leader stands against a challenger whose better mean comes from the luck of a
    deal or two; a challenger ahead deal after deal replaces it."""
    leader = [50.0, 60.0, 55.0, 40.0, 52.0, 58.0, 47.0]
    lucky = [49.0, 59.0, 90.0, 39.0, 51.0, 57.0, 46.0]  # one lucky deal, worse on the six others
    steady = [54.0, 63.0, 58.0, 44.0, 55.0, 62.0, 50.0]  # 3-4 points ahead on every deal
    assert sum(lucky) > sum(leader) and not strong_module.clearly_better(lucky, leader)
    assert strong_module.clearly_better(steady, leader)
    assert not strong_module.clearly_better(leader, steady) and not strong_module.clearly_better(steady[:1], leader[:1])
    assert not strong_module.clearly_better(leader, leader)  # no difference at all is no reason to change
