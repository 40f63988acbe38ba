"""Taking choices back, and skipping an idle player's turn."""

from __future__ import annotations

from .decision import Event
from .errors import GameOver, NothingToUndo, NotYourDecision
from .machine import KINDS, Tx, end_turn_early, pending, settle, step_once
from .state import GameState, Undo, replace_turn
from .turn import sequence_key


def can_undo(state: GameState, player: int) -> bool:
    u = state.undo
    return not state.finished and u is not None and u.player == player and bool(u.inputs)


def undo(state: GameState, player: int) -> tuple[GameState, list[Event]]:
    """Take back `player`'s last choice. Never reaches past a barrier (a roll, a drawn or shown
    card, a demand tile turned up, another player's choice, a forfeit); the decision id still
    rises."""
    u = state.undo
    if state.finished:
        raise GameOver()
    if u is None or u.player != player or not u.inputs:
        raise NothingToUndo()
    g = u.base
    for code in u.inputs[:-1]:
        g, _ = step_once(g, code)
    if g is u.base:
        g = g.fork()
    g.decision_id = state.decision_id + 1
    g.cache = None
    rest = u.inputs[:-1]
    g.undo = Undo(player, u.base, rest) if rest else None
    return g, [Event("undo", player, {"decision": state.decision_id})]


def after_last_round(g: GameState) -> bool:
    """The leftover-card step after the last round (a window of its own, not part of a turn)."""
    return any(step.kind == "gameover" for step in g.steps)


def forfeit_turn(state: GameState, player: int) -> tuple[GameState, list[Event]]:
    """Play `player`'s default choices (RULES-NOTES E-62 for an off-turn decider).

    - The turn's player: until its turn sequence is over (its extra turns included); at a movement
      step the token stays where it is and the turn ends (house ruling). When other seats must
      decide in the middle of the turn, they still decide themselves, and the player's defaults go
      on whenever the turn comes back to it. The last turn's forfeit stops before that player's
      leftover-card step (a window of its own).
    - Another seat deciding in the middle of someone's turn: that seat's part only (its
      consecutive decisions), each at its default (the first free choice, not carried out).
    """
    d = pending(state)
    if d is None:
        raise GameOver()
    if d.player != player:
        raise NotYourDecision(player, d.player)
    tx = Tx(state.fork())
    # `off_turn` only for another seat's decision mid-turn (its line says a decision was skipped);
    # a turn's forfeit keeps the event it always had
    tx.emit("forfeit", player, decision=state.decision_id, at=d.kind, **({"off_turn": True} if d.off_turn else {}))
    g = tx.g
    key = sequence_key(g)
    off_turn = d.off_turn
    while True:
        d = pending(g)
        if d is None or d.player != player or d.off_turn != off_turn or sequence_key(g) != key:
            break
        if KINDS[d.kind].movement:
            end_turn_early(tx, "forfeit")
            settle(tx)
            g = tx.g
            continue
        g, tx = step_once(g, d.default, tx)
    if not off_turn and d is not None and d.off_turn and sequence_key(g) == key:
        g.turn = replace_turn(g.turn, {"forfeit": True})  # others decide now; its defaults go on after them
    g.decision_id = state.decision_id + 1
    g.cache = None
    g.undo = None
    return g, tx.events
