"""The shared playout driver: uniform-random players, varied game configurations and a checked game.

`check_game` plays one seeded game through the engine's public entry points (`pending`/`apply`,
now and then `undo` and `forfeit_turn`), checks the invariants of `bot.engine.invariants` (and
its step checks of every accepted input, such as the Barrier's) along the way and finally that the event log replays to the same state. With `compare_playout` it also
plays the same choices through the playout path (`bot.engine.playout.Playout`, started again from
the full path's state after an undo or a forfeit) and checks that it names the same decision at
every step and ends in the same state. It never raises for an engine
problem: everything found is reported in `GameReport.failures`.
"""

from __future__ import annotations

import random
import traceback
import typing
from dataclasses import dataclass, field

from bot.engine import (
    Decision,
    EngineError,
    Event,
    GameSettings,
    GameState,
    RuleOptions,
    apply,
    can_undo,
    forfeit_turn,
    new_game,
    pending,
    replay,
    to_json,
    undo,
)
from bot.engine.components import COLOURS
from bot.engine.invariants import step_violations, violations
from bot.engine.modules import game_of, game_title, in_play
from bot.engine.playout import Playout as PlayoutPath
from bot.engine.playout import disagreement, snapshot
from bot.engine.settings import VARIANTS, LayoutName

LAYOUTS: tuple[LayoutName, ...] = game_of(()).layouts  # the base game's layouts
UNDO_RATE = 0.03  # chance of taking a choice back right after it, when the engine allows it
UNDO_AGAIN_RATE = 0.3  # chance of taking back one more choice after an undo, when allowed
FORFEIT_RATE = 0.004  # chance per decision that the deciding player forfeits instead


class RandomPlayer:
    """Picks uniformly among the offered options, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> str:
        return self.rng.choice(decision.options).code


def colours_of(settings: GameSettings) -> list[str]:
    """The seats' colours of a local game: the first `players` colours, in order."""
    return list(COLOURS[: settings.players])


def game_label(settings: GameSettings) -> str:
    """A game's settings in one line: "3 players, short, caravan_leader, move_card_semantics=walk"
    (the game first when it is not the base game: "Mocha & Baksheesh, 3 players, first"); the
    rule options only where they differ from their defaults."""
    parts = [] if not settings.expansions else [game_title(settings.expansions)]
    parts += [f"{settings.players} players", settings.layout]
    parts += [name for name in VARIANTS if getattr(settings, name)]
    parts += [f"{k}={v}" for k, v in sorted(settings.rules.model_dump(exclude_defaults=True).items())]
    return ", ".join(parts)


# The rule options a module's games also cycle through (after the move-card option), by module.
MODULE_RULES: dict[str, tuple[str, ...]] = {
    "bazaar": ("catacombs_family_member_moves",),  # first: a Great Bazaar series meets both values soon
    "mocha": ("two_player_tavern_tiles",),
    "letters": ("companion_usable_on_placement_turn", "secret_society_bonus_per", "ls_bonus_deck"),
}


def rule_values(name: str) -> tuple[object, ...]:
    """The values of a rule option, the default first (a flag: its default, then the other)."""
    field = RuleOptions.model_fields[name]
    if field.annotation is bool:
        return (field.default, not field.default)
    return typing.get_args(field.annotation)


def module_rules(expansions: tuple[str, ...]) -> tuple[str, ...]:
    """The rule options `config_for` cycles through for a game of these modules (implied ones too)."""
    play = in_play(expansions)
    return tuple(rule for module, rules in MODULE_RULES.items() if module in play for rule in rules)


def config_for(index: int, seed: int = 0, expansions: tuple[str, ...] = ()) -> GameSettings:
    """A varied game: game `index` of a series starting at `seed` (only their sum counts, so game
    i of `soak --seed S` is game 0 of `soak --seed S+i`) with the modules `expansions`.
    Consecutive indices cycle through 2-5 players, then the layouts the game allows (the base
    game's four: 128 combinations in all), then the variants (Neutral Assistants only for 2-4
    players), then the move-card rule option, then each rule option of the modules in play
    (`MODULE_RULES`: the Great Bazaar's `catacombs_family_member_moves`, Mocha & Baksheesh's
    `two_player_tavern_tiles`, Letters & Seals' three). A game whose modules are
    not playable yet is built as a preview (the tests and soak play it before it lands)."""
    k = index + seed
    players = 2 + k % 4
    game = game_of(expansions)
    layouts = game.layouts
    layout = layouts[(k // 4) % len(layouts)]
    variants = (k // (4 * len(layouts))) % 4
    walk = (k // (16 * len(layouts))) % 2
    rules: dict[str, object] = {"move_card_semantics": "walk"} if walk else {}
    period = 32 * len(layouts)
    for name in module_rules(expansions):
        values = rule_values(name)
        rules[name] = values[(k // period) % len(values)]
        period *= len(values)
    return GameSettings.model_validate(
        {
            "players": players,
            "expansions": expansions,
            "layout": layout,
            "neutral_assistants": bool(variants & 1) and players <= 4,
            "caravan_leader": bool(variants & 2),
            "rules": RuleOptions.model_validate(rules) if rules else RuleOptions(),
        },
        context={"preview": not game.playable},
    )


def game_seed(index: int, seed: int = 0) -> int:
    """The engine seed of game `index` of a series starting at `seed` (see `config_for`)."""
    return index + seed


@dataclass(slots=True)
class GameReport:
    seed: int
    config: GameSettings
    turns: int = 0
    decisions: int = 0
    failures: list[str] = field(default_factory=list)
    compared: int = 0  # decisions at which the playout path was compared with the full path
    playout_agrees: bool = False  # the playout path followed the whole game and ended in its state

    @property
    def ok(self) -> bool:
        return not self.failures


@dataclass(slots=True)
class Playout:
    """A finished (or capped) game: the final state and every event in order."""

    state: GameState
    events: list[Event]
    decisions: int


def play(settings: GameSettings, seed: int, *, turn_cap: int = 5000) -> Playout:
    """A plain game between uniform-random players (no checks, no undo, no forfeit)."""
    player = RandomPlayer(seed)
    state = new_game(settings, colours_of(settings), seed)
    events: list[Event] = []
    decisions = 0
    while (d := pending(state)) is not None and state.turns <= turn_cap:
        state, evs = apply(state, d.player, d.decision_id, player.choose(d))
        events += evs
        decisions += 1
    return Playout(state, events, decisions)


def check_game(
    settings: GameSettings, seed: int, *, every: int = 1, option_sample: float = 0.0, turn_cap: int = 5000,
    compare_playout: bool = False, decision_cap: int | None = None,
) -> GameReport:
    """Play one seeded game between random players and check it (see the module docstring).

    `every`: check the invariants after every `every`-th step (and always at the end);
    `option_sample`: the fraction of steps where every offered option is applied to the
    pre-step state and each result is checked too; `turn_cap`: a game still running after this
    many turns fails; `compare_playout`: the playout path follows the game and must agree with it
    (the first disagreement is reported and ends the comparison, not the game); `decision_cap`:
    stop without failing after this many decisions (the replay is still checked)."""
    report = GameReport(seed, settings)
    where = f"seed {seed} ({game_label(settings)})"
    player = RandomPlayer(seed)
    chance = random.Random(f"undo-forfeit:{seed}")  # separate streams: the sampling rate
    sampler = random.Random(f"options:{seed}")  # does not change the game that is played
    colours = colours_of(settings)
    state = new_game(settings, colours, seed)
    events: list[Event] = []
    _check(state, f"{where} at the start", report)
    shadow = _Shadow(state, report) if compare_playout else None
    steps = 0
    at = where
    try:
        while (d := pending(state)) is not None:
            if state.turns > turn_cap:
                report.failures.append(f"{where}: still running after {turn_cap} turns")
                shadow = None  # the playout path has nothing to finish against
                break
            if decision_cap is not None and report.decisions >= decision_cap:
                shadow = None  # nothing to finish against: the game stops here
                break
            at = f"{where}, turn {state.turns}, decision {d.decision_id} ({d.kind}, seat {d.player})"
            if shadow is not None and not shadow.agrees(state, at):
                shadow = None
            if d.default not in d.codes():
                report.failures.append(f"{at}: default {d.default!r} is not among {d.codes()}")
            if option_sample and sampler.random() < option_sample:
                _check_all_options(state, d, at, report)
            if chance.random() < FORFEIT_RATE:
                state, evs = forfeit_turn(state, d.player)
                events += evs
                label = f"{at} after forfeit"
                if shadow is not None:
                    shadow.restart(state)
            else:
                code = player.choose(d)
                before = state
                state, evs = apply(state, d.player, d.decision_id, code)
                events += evs
                report.decisions += 1
                label = f"{at} after {code!r}"
                broken = step_violations(before, evs, state)
                if broken:
                    report.failures.append(f"{label}: " + "; ".join(broken))
                    break
                if shadow is not None and not shadow.choose(code, at):
                    shadow = None
                # now and then take the choice back, sometimes several in a row
                rate = UNDO_RATE
                while can_undo(state, d.player) and chance.random() < rate:
                    state, evs = undo(state, d.player)
                    events += evs
                    label += " and undo"
                    rate = UNDO_AGAIN_RATE
                    if shadow is not None:
                        shadow.restart(state)
            steps += 1
            if steps % every == 0 and not _check(state, label, report):
                break
        else:
            _check(state, f"{where} at the end", report)
            if shadow is not None:
                shadow.finish(state, f"{where} at the end")
    except Exception as exc:  # an engine crash is a finding, not a test error
        report.failures.append(f"{at}: {type(exc).__name__}: {exc}\n{_short_traceback()}")
    report.turns = state.turns
    _check_replay(settings, colours, seed, events, state, where, report)
    return report


class _Shadow:
    """The playout path following a checked game: the same choices, compared at every decision
    and at the end; each method returns False (after reporting) at the first disagreement."""

    def __init__(self, state: GameState, report: GameReport) -> None:
        self.report = report
        self.path = PlayoutPath(state)

    def restart(self, state: GameState) -> None:
        """After an undo or a forfeit (the full path's only moves): start again from its state."""
        self.path = PlayoutPath(state)

    def agrees(self, state: GameState, at: str) -> bool:
        problem = disagreement(self.path, state)
        if problem is not None:
            self.report.failures.append(f"{at}: {problem}")
            return False
        self.report.compared += 1
        return True

    def choose(self, code: str, at: str) -> bool:
        try:
            self.path.choose(code)
        except Exception as exc:
            self.report.failures.append(
                f"{at}: the playout path raised {type(exc).__name__} on {code!r}: {exc}\n{_short_traceback()}"
            )
            return False
        return True

    def finish(self, state: GameState, at: str) -> None:
        if not self.agrees(state, at):
            return
        if snapshot(self.path.state) != snapshot(state):
            self.report.failures.append(f"{at}: the playout path ends in a different state")
            return
        self.report.playout_agrees = True


def _check(state: GameState, label: str, report: GameReport) -> bool:
    found = violations(state)
    if found:
        report.failures.append(f"{label}: {'; '.join(found)}")
    return not found


def _check_all_options(state: GameState, d: Decision, at: str, report: GameReport) -> None:
    """Apply every offered option to the same pre-step state; each must be accepted and leave
    the invariants intact, and the pre-step state itself must not change."""
    before = to_json(state)  # a deep snapshot, undo record included
    for option in d.options:
        try:
            after, _ = apply(state, d.player, d.decision_id, option.code)
        except EngineError as exc:
            report.failures.append(f"{at}: offered option {option.code!r} refused: {exc}")
            continue
        found = violations(after)
        if found:
            report.failures.append(f"{at}: option {option.code!r} breaks: {'; '.join(found)}")
    if to_json(state) != before:
        report.failures.append(f"{at}: applying the options changed the state they were applied to")


def _check_replay(
    settings: GameSettings, colours: list[str], seed: int, events: list[Event], state: GameState,
    where: str, report: GameReport,
) -> None:
    try:
        rebuilt = replay(settings, colours, seed, events)
    except Exception as exc:
        report.failures.append(f"{where}: replay raised {type(exc).__name__}: {exc}\n{_short_traceback()}")
        return
    if rebuilt != state:
        report.failures.append(f"{where}: replaying the {len(events)} events gives a different state")


def _short_traceback() -> str:
    return "".join(traceback.format_exc(limit=-4)).rstrip()
