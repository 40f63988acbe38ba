"""Rebuilding a game from its log: inputs re-applied with their logged outcomes scripted."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .decision import INPUT_KINDS, Event
from .decks import scripts_of, set_chance_script
from .machine import apply
from .settings import GameSettings
from .setup import new_game
from .state import GameState
from .undo import forfeit_turn, undo


def replay(settings: GameSettings, players: Sequence[str], seed: int, events: Iterable[Event]) -> GameState:
    """The state after the logged inputs, each applied with the chance outcomes logged after it."""
    return continue_from(new_game(settings, players, seed), events)


def continue_from(g: GameState, events: Iterable[Event]) -> GameState:
    """`g` with the logged inputs that followed it re-applied (the log must start with an input)."""
    batch: list[Event] = []
    for e in list(events) + [Event("input", None, {"end": True})]:
        if e.kind not in INPUT_KINDS:
            if not batch:
                raise ValueError(f"the log must start with an input (input, undo, forfeit), not {e.kind!r}")
            batch.append(e)
            continue
        if batch:
            g = _replay_one(g, batch)
        batch = [e]
    return g


def _replay_one(g: GameState, batch: list[Event]) -> GameState:
    first = batch[0]
    dice, draws = scripts_of(batch)
    if dice or draws:
        g = set_chance_script(g, dice, draws)
    if first.player is None:
        raise ValueError(f"an input event without a player: {first}")
    if first.kind == "input":
        g, _ = apply(g, first.player, first.data["decision"], first.data["code"])
    elif first.kind == "undo":
        g, _ = undo(g, first.player)
    else:
        g, _ = forfeit_turn(g, first.player)
    return g
