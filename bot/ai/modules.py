"""What the greedy player knows about a module: each module that adds places, resources or ruby
sources registers a `ModuleValuation`, consulted only in games where the module is in play.

The base game's valuation lives in `evaluation`, `progress` and `prospects`; a module adds to it
rather than branching there:

- ``sources``: the completion (0-1) of each ruby source the module adds (the Coffee House), ranked
  with the base game's sources;
- ``holdings``: the worth, in Lira, of what a player holds of the module (coffee, guild cards,
  Tavern tiles);
- ``gains``: the next-turn estimate of each place the module adds (see `prospects`);
- ``keys``: what else its valuation reads of a game, for the score cache's key
  (`evaluation.score_key`), which already reads every module part and hand;
- ``call_cost``: what one engine call costs with the module in play, against the base game's
  (its sweeps and bigger board), measured with ``python -m bot bench``. The greedy player's
  budget of engine calls is divided by the largest cost in play (`call_budget`), so that a
  decision takes about the same time in every game;
- ``follow_ups``: the module's step kinds that the strong player answers the greedy way, without
  rollouts (as the base game's `strong.FOLLOW_UPS`): those where, in measured games, the rollouts
  almost never overturned the greedy choice yet cost real time (see `strong`'s module doc).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from bot.engine.modules import in_play
from bot.engine.settings import GameSettings
from bot.engine.state import GameState, Player

Gain = Callable[[GameState, Player, int], float]
Source = Callable[[GameState, Player], float]
Holding = Callable[[GameState, Player], float]
Key = Callable[[GameState], object]


@dataclass(frozen=True, slots=True)
class ModuleValuation:
    module: str
    sources: tuple[Source, ...] = ()
    holdings: tuple[Holding, ...] = ()
    gains: Mapping[int, Gain] = field(default_factory=dict)
    keys: tuple[Key, ...] = ()
    call_cost: float = 1.0
    follow_ups: frozenset[str] = frozenset()


VALUATIONS: list[ModuleValuation] = []
_ACTIVE: dict[tuple[str, ...], tuple[ModuleValuation, ...]] = {}


def register_valuation(valuation: ModuleValuation) -> ModuleValuation:
    VALUATIONS.append(valuation)
    _ACTIVE.clear()
    _KEYS.clear()
    _FOLLOW_UPS.clear()
    return valuation


def valuations(settings: GameSettings) -> tuple[ModuleValuation, ...]:
    """The valuations of the modules in play (none in a base game), worked out once per set."""
    found = _ACTIVE.get(settings.expansions)
    if found is None:
        play = in_play(settings.expansions)
        found = _ACTIVE[settings.expansions] = tuple(v for v in VALUATIONS if v.module in play)
    return found


_KEYS: dict[tuple[str, ...], tuple[Key, ...]] = {}
_FOLLOW_UPS: dict[tuple[str, ...], frozenset[str]] = {}


def call_budget(settings: GameSettings, calls: int) -> int:
    """`calls` engine calls of the base game, in calls of the game `settings` describe: divided
    by the dearest module in play (`ModuleValuation.call_cost`)."""
    cost = max((m.call_cost for m in valuations(settings)), default=1.0)
    return max(1, int(calls / cost))


def score_keys(settings: GameSettings) -> tuple[Key, ...]:
    """The `keys` of the valuations in play, in one tuple (empty in a base game)."""
    found = _KEYS.get(settings.expansions)
    if found is None:
        found = _KEYS[settings.expansions] = tuple(key for m in valuations(settings) for key in m.keys)
    return found


def follow_ups(settings: GameSettings) -> frozenset[str]:
    """The `follow_ups` of the valuations in play, in one set (empty in a base game)."""
    found = _FOLLOW_UPS.get(settings.expansions)
    if found is None:
        found = _FOLLOW_UPS[settings.expansions] = frozenset().union(*(m.follow_ups for m in valuations(settings)))
    return found
