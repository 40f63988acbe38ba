"""The strong player: the greedy player's best few options, each tested by playing the game on
past the end of the turn on many dealt states, and the one with the best mean outcome chosen.

A decision goes in two stages, both on states dealt from the player's own view
(``engine.determinize``, seeds drawn from the generator it is given, as the greedy player does):

1. Shortlist: on the first deal, every option worth trying is scored the greedy way (followed by
   the best rest of the turn, `search.TurnSearch`), and the `SHORTLIST` best go on.
2. Rollouts (information-set Monte Carlo): deal after deal, each shortlisted option is played on
   the same dealt state and the game carried on to the end of the seat's turn after next
   (`strong_search.Rollout`); an option's figure is its mean over its deals. The options share
   every deal, so luck in the guessed cards and dice falls on all of them alike. Successive
   halving: once `HALVING_SHARE` of the budget is spent, the worse half of the shortlist (by
   their totals over the same deals) is dropped and the deals that follow go to the better half
   only, so that the close call between the best options is the one measured most often.
3. The greedy leader stands unless beaten clearly: the rollouts' best option replaces the greedy
   player's first choice only when, deal by deal, it did better by more than `MARGIN` standard
   errors of the mean difference (`clearly_better`). With a handful of deals per decision (about
   seven at four players), a plain "best mean wins" let the luck of a few deals overturn a sound
   greedy choice: in 200 four-player games against three greedy players (arena, seeds 1001-1200)
   the strong seat won 77 with the margin where it had won 63 without; twice the budget without it
   won 33 of the first 100 (32 without), so it is the noise of the verdict, not the number of
   deals, that the margin removes. With the margin, twice the budget does pay: at 16,000 calls
   (the default since) the strong seat won 175 of 400 four-player games against three greedy
   (seeds 1001-1200 and 5001-5200: 45, 36, 42, 52), where 8,000 had won 151 of the same 400,
   and 316 of 400 two-player games against greedy (79, 74, 87, 76). Since a won game counts more
   the sooner it ends (`strong_search.SOONER`), the same four-player arena gives 186 of 400
   (seeds 1001-1200: 86, 5001-5200: 100), won in 18.7 rounds on average where it took 19.3, with
   1.18 CPU-hours where it took 1.50. In those arenas its CPU p95
   per decision was 0.29-0.44 s; the bench below at 16,000, three processes on two cores, CPU p95
   349 / 437 ms (base, 2 / 5 players), Mocha 334 / 474, Letters 386 / 464, Great Bazaar 464 / 524
   (wall p95 at most 0.81 s); with the floor of deals (below), the same bench gives base 287 / 334,
   Mocha 303 / 436, Letters 288 / 518, Great Bazaar 407 / 535 (wall p95 at most 0.89 s).

The arena on the players as they stand (the greedy player's Mocha fix of 7a4c95a and the floor of
deals below are in, so the base four-player row differs from the 186 above). Every row is
``python -m bot arena [--modules M] --players P --seats strong,<the others> --games 200 --seed S
--jobs 2`` for S = 1001 and for S = 5001, pooled: the strong seat's wins of 400 (a shared win
counts a share) and the mean rounds it took to win; the targets are 65 %, 40 % and 95 %:

    game                 2 players vs greedy    4 players vs 3 greedy    4 players vs 3 random
    base                 311 (77.8 %), 25.6     176 (44.0 %), 18.5       400 (100 %), 19.1
    Mocha & Baksheesh    299 (74.8 %), 25.1     164 (41.0 %), 23.2       400 (100 %), 22.5
    Letters & Seals      298 (74.5 %), 24.0     257 (64.3 %), 21.6       400 (100 %), 20.5
    Great Bazaar         305.5 (76.4 %), 24.5   213 (53.2 %), 22.4       400 (100 %), 21.6

Mocha & Baksheesh at four players has the least room: 77 of 200 on the first seeds, 87 on the
second; 400 more games from seed 9001 (``--modules mocha --players 4 --seats
strong,greedy,greedy,greedy --games 400 --seed 9001``, run as pieces of 20) won 182 (45.5 %).
The time cap fired once, in the Mocha four-player row against random players: one decision of
1,899 in the piece from seed 1141 used over 3 s of CPU on the slow machine, so that
one choice may differ on a faster one (the game was won all the same). No other row's cap fired
and no game reached the turn cap.

The rollouts are spent where they change choices. At the small steps inside a turn
(`FOLLOW_UPS`: the action, the assistant, a sale, a payment, a discard...) they almost never
overturned the greedy choice, yet took about 70 % of a game's work; there the strong player
plays what the greedy player would (`greedy.greedy_policy`, from the same generator). The
movement, the encounters after the action and the caravan draw keep the rollouts. A module
declares its own such steps (`ModuleValuation.follow_ups`); measured in 54 two-player games
against greedy (20 Mocha & Baksheesh, 18 Letters & Seals, 16 both), the rollouts overturned
greedy's choice at most module steps, so only the next good of a guild card is one:

    module step        decisions  overturned  share of the strong seat's CPU
    double_move            255        5 %        5.5 %   (an overturn: a double move, which greedy does not make)
    kiosk_use              165        8 %        3.5 %
    auction_bid            128       42 %        3.4 %
    kiosk_pick             116       23 %        2.6 %
    roast                   70       10 %        1.8 %
    guild_discard           63       33 %        1.7 %
    guild_goods             59        0 %        1.4 %   -> greedy's choice (Mocha's follow_ups)
    society_ruby            47       28 %        1.3 %
    the 22 others          190       15 %        4.7 % in all (each 0.8 % or less; 0 of 9 or fewer: too few to tell)

The rule reads the decision's kind (and the modules in play) only, so the same view and decision
still give the same choice.

The work is counted, not timed: deals go on until the rollouts have used `budget` engine calls
(`STRONG_BUDGET` unless the caller names another), so the same view, decision and generator state
always give the same choice, on any machine. The budget counts the base game's calls: like the
greedy player's, it is divided by the dearest module in play (`modules.call_budget`, about 2 for
Letters & Seals and the Great Bazaar, 1.4 for Mocha & Baksheesh), so that a decision takes about
the same time in every game (`decision_budget`). A time cap (`CAP_SECONDS`) is only a safety net
against a pathological position; `cap_fired()` says how often it stopped a search. It reads the
deciding thread's CPU time, not the wall clock, so that a machine busy with other work does not
fire it (and change a choice) where an idle one would not.

However dear its deals, a decision plays at least `MIN_DEALS` of them at the default budget (6;
in proportion at a named budget, `deal_floor`), past the budget of calls if need be. The Great
Bazaar's calls cost twice the base game's and its four-player rollouts are long, so the budget
bought about 4 deals per movement decision there (median 4, at least 2, in 61 decisions sampled
from three four-player greedy games; the base game at 4 players: 11, at least 7): too few for a
sound verdict between close options (step 3's margin over two to four deals). Against three
greedy players in the Great Bazaar (arena, seeds 1001-1100) it won 37 of 100 without the floor
and 54 of the same 100 with it, at 39 % more CPU per game there; the
bench's CPU p95 at 5 players went from 364 to 535 ms (wall 893 ms, with two arenas running on the
two cores). No sampled four-player base decision had fewer than 7 deals, so there it seldom binds.

The machine matters as much as the budget. The figures above were measured on the shared 2-core
machine of the sessions before 2026-11-27; the machine of that day did the same work about 2.5
times slower (a 20-game two-player Mocha & Baksheesh arena piece took 0.19 CPU-hours where
earlier ones had taken 0.08), and the same bench, alone on it, gave a CPU p95 of 794-810 /
643-928 ms for the base game at 2 / 5 players (two runs) and 980-1,087 / 930-1,345 ms for the
Great Bazaar (three runs). The choices were the same there, since the work is counted, and the
time cap did not fire.

In the bot a decision does not wait for one core alone: each search worker process shares the
deals with a helper process of its own (`strong_deals`: a deal's options split between the two
until the shortlist is halved, whole deals after), and reads them back in deal order, so the
choice and every figure are the ones made with every deal in one process (tests compare them).
Timed on that slow machine, arenas paused, each decision both ways back to back
(``python -m bot bench --games 1 --no-store --no-render --no-ai --strong-sharing 30 [--modules
mocha,letters]``: 30 strong decisions per player count, wall p95 alone -> shared at 2 / 5
players, and the median ratio shared / alone): base 501 -> 369 / 717 -> 521 ms (0.74 / 0.73),
Great Bazaar 1,010 -> 745 / 948 -> 655 ms (0.87 / 0.71). Two separate bench runs, one each way,
differ by a third on this machine from its own noise alone, which is why the decisions are timed
in turn. Sharing costs some work (a state dealt twice while a deal's options are split, a deal
started and not needed now and then), and it only helps when a core is free: when both search
workers think at once, four processes share the two cores and a decision takes about what it
takes alone.

What it cost at the earlier default of 8,000 calls (CPU time of one core, measured on the shared
2-core machine under heavy load, so above what a quiet machine shows, load 11-13): the CPU p50/p95 of a
strong decision with two or more options, one game per player count
(``python -m bot bench --games 1 --no-store --no-render --no-ai --strong-games 1 [--modules …]``):

    game            2 players      5 players
    base            11 / 427 ms    1 / 571 ms
    mocha           412 / 762 ms   3 / 780 ms    (before its call cost of 1.4, see below)
    letters         39 / 518 ms    330 / 568 ms
    Great Bazaar    346 / 640 ms   473 / 713 ms

The small steps cost what a greedy decision costs; the rollouts, a few hundred ms each, are what
the p95 shows (before the division, a Letters & Seals decision made twice these calls, each
dearer than a base one: last session's Great Bazaar at 5 players, p50 0.86 s, max 1.11 s). A
profiled 2-player base game took about 15 s of the strong seat's CPU, against about 50 s when every
step was rolled out (`FOLLOW_UPS`, same seed).

Mocha & Baksheesh's calls were counted as the base game's (call cost 1.0) until measured at 1.4
(`mocha.CALL_COST`). The same bench, two runs side by side at load 1-2, CPU p50/p95 (wall p95):
Mocha 2 players 154 / 294 ms (748) at 1.0, against 91 / 168 ms (412) at 1.4; then, side by
side with the base game, Mocha 76 / 160 ms (314) and 11 / 185 ms (354) at 2 / 5 players, the
base game 5 / 172 ms (386) and 0.5 / 215 ms (435).
"""

from __future__ import annotations

import random
import statistics
import threading
from dataclasses import dataclass, field

from bot.engine import Decision, GameSettings, View, determinize
from bot.engine.playout import Playout

from .greedy import greedy_policy
from .modules import call_budget, follow_ups
from .search import scores_after, worth_trying
from .strong_deals import Deals

STRONG_BUDGET = 16_000  # base-game engine calls in rollouts per decision (CPU p95: 0.3-0.55 s of one core, up to 1.3 s on a slow machine; less wall time with its deals shared: module doc)
MIN_DEALS = 6  # deals a decision gets at the default budget however dear each deal is (module doc)
MARGIN = 1.0  # standard errors by which a rollout winner must beat the greedy leader (step 3)
SHORTLIST = 4  # options carried from the greedy scores to the rollouts
HALVING_SHARE = 0.4  # of the budget, spent on every shortlisted option before the worse half is dropped
SHORTLIST_CALLS = 720  # engine calls for the greedy scores of every option (as greedy's first deal)
# Decision kinds inside a turn where the rollouts, given the whole budget, almost never overturned
# the greedy choice (2 of about 180 such decisions in two profiled games): greedy's choice is played
# there without rollouts. The movement, the encounters after the action and the caravan draw keep them.
FOLLOW_UPS = frozenset({
    "action", "assistant", "sell", "card_discard", "pay", "gov_pay", "card_good", "smug_pay", "smug_good",
})
CAP_SECONDS = 3.0  # safety net per decision: CPU seconds of the deciding thread
SEED_BITS = 62

_cap_lock = threading.Lock()
_cap_fired = [0]


def cap_fired() -> int:
    """How many decisions the time cap has cut short in this process."""
    return _cap_fired[0]


@dataclass(slots=True)
class Analysis:
    """What the strong player computed for one decision.

    `code` is its choice; `scores` the mean rollout figure of each shortlisted option (higher is
    better, comparable only within one analysis); `greedy` the greedy one-turn score of every
    option tried; `deals` the deals dealt, all of which the options kept after the halving were
    played on (the others on the first ones only); `calls` the engine calls the rollouts made;
    `capped` whether the time cap stopped the search early. At a small step (`FOLLOW_UPS`) only
    `code` is filled."""

    code: str
    scores: dict[str, float] = field(default_factory=dict)
    greedy: dict[str, float] = field(default_factory=dict)
    deals: int = 0
    calls: int = 0
    capped: bool = False


def strong_policy(view: View, decision: Decision, rng: random.Random, *, budget: int | None = None) -> str:
    """The strong player's choice for `decision.player`, from `view` only (see the module doc)."""
    return analyse(view, decision, rng, budget=budget).code


def analyse(view: View, decision: Decision, rng: random.Random, budget: int | None = None) -> Analysis:
    """The strong player's choice with the figures behind it. A lone option is returned at once
    (no figures, nothing drawn from `rng`)."""
    codes = list(decision.codes())
    if len(codes) == 1:
        return Analysis(codes[0])
    if view.viewer != decision.player:
        return Analysis(decision.default)  # another seat's view: this seat may not search from it
    if decision.kind in FOLLOW_UPS or decision.kind in follow_ups(view.state.settings):
        return Analysis(greedy_policy(view, decision, rng))  # a small step inside the turn: greedy's choice
    seed = rng.getrandbits(SEED_BITS)
    state = determinize(view, seed)
    root = Playout(state)
    if root.decider() != decision.player or root.codes() != codes:
        return Analysis(decision.default)  # the view does not belong to this decision: decline safely
    seat = decision.player
    tried = worth_trying(state, seat, root.kind() or "", codes, inside=False)
    greedy = scores_after(root, seat, tried, call_budget(state.settings, SHORTLIST_CALLS))
    ranked = sorted(greedy, key=lambda c: -greedy[c])  # stable: ties keep the offered order
    shortlist = ranked[:SHORTLIST]
    if len(shortlist) == 1:
        return Analysis(shortlist[0], {shortlist[0]: greedy[shortlist[0]]}, greedy)
    deals_of = Deals(view, seed, seat, state.turns, len(state.players))
    outcomes: dict[str, list[float]] = {code: [] for code in shortlist}  # deal by deal
    alive = shortlist
    limit = decision_budget(state.settings, budget)
    floor = deal_floor(budget)
    cut = int(limit * HALVING_SHARE)  # the calls after which the worse half of the shortlist is dropped
    deals, calls, spent, capped = 0, 0, 0.0, False
    try:
        while calls < limit or deals < floor:
            if deals and spent > CAP_SECONDS:
                capped = True
                with _cap_lock:
                    _cap_fired[0] += 1
                break
            if alive is shortlist and deals and calls >= cut:
                alive = _better_half(shortlist, outcomes)
            deals += 1
            settled = alive is not shortlist or len(shortlist) <= 2  # no halving to come: the same options to the end
            deal = deals_of.outcome(deals, alive, settled, _last_deal(deals, calls, limit, floor))
            for code in alive:
                outcomes[code].append(deal.values[code])
                calls += deal.calls[code]
            spent += deal.cpu
    finally:
        deals_of.close()
    scores = {code: sum(outcomes[code]) / len(outcomes[code]) for code in shortlist}
    best = max(alive, key=lambda c: scores[c])  # ties: the better greedy score (shortlist order)
    leader = shortlist[0]
    if best != leader and leader in alive and not clearly_better(outcomes[best], outcomes[leader]):
        best = leader
    return Analysis(best, scores, greedy, deals, calls, capped)


def clearly_better(challenger: list[float], leader: list[float]) -> bool:
    """Whether `challenger` did better than `leader` on the deals both were played on (the first
    ones: lists in deal order) by more than `MARGIN` standard errors of the mean difference. One
    deal alone proves nothing; a difference with no spread at all is clear when it is positive."""
    diffs = [a - b for a, b in zip(challenger, leader, strict=False)]
    if len(diffs) < 2:
        return False
    mean = statistics.fmean(diffs)
    return mean > 0 and mean > MARGIN * statistics.stdev(diffs) / len(diffs) ** 0.5


def _last_deal(k: int, calls: int, limit: int, floor: int) -> int:
    """The last deal a decision about to play deal `k`, with `calls` made, expects to play: the
    floor, or as many deals as the calls left need at the calls per deal so far (a guess, which
    only says which deals may be started early: `strong_deals.Deals`)."""
    if k == 1 or calls >= limit:
        return max(floor, k)
    return max(floor, k - 1 + -(-(limit - calls) * (k - 1) // calls))


def _better_half(shortlist: list[str], outcomes: dict[str, list[float]]) -> list[str]:
    """The better half of `shortlist` (at least two), by their totals over the same deals; ties
    keep the shortlist's order. A new list, in the shortlist's order."""
    keep = max(2, (len(shortlist) + 1) // 2)
    kept = set(sorted(shortlist, key=lambda c: -sum(outcomes[c]))[:keep])
    return [c for c in shortlist if c in kept]


def deal_floor(budget: int | None = None) -> int:
    """The deals a decision plays however dear each one is: `MIN_DEALS` at the default budget,
    in proportion at another (at least one)."""
    named = STRONG_BUDGET if budget is None else budget
    return max(1, MIN_DEALS * named // STRONG_BUDGET)


def decision_budget(settings: GameSettings, budget: int | None = None) -> int:
    """The engine calls a decision's rollouts may use in a game under `settings`: `budget` (the
    default `STRONG_BUDGET`) counts the base game's calls and is divided by the dearest module in
    play (`modules.call_budget`), as the greedy player's is, so that a decision takes about the
    same time in every game."""
    return call_budget(settings, STRONG_BUDGET if budget is None else budget)
