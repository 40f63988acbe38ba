"""The click path (`apply` plus the next `pending`) built cheaper: the hand-written copies carry
every field, the plain event and transaction classes behave as before."""

from __future__ import annotations

import dataclasses
import random

from bot.engine import Event, GameSettings, apply, machine, new_game, pending, state
from bot.engine.components import COLOURS
from bot.engine.machine import Tx
from bot.engine.modules import default_layout
from bot.engine.state import Board, GameState, Player
from tests.engine.helpers import play, quiet_game


def _fields(obj: object) -> dict[str, object]:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}  # type: ignore[arg-type]


def test_fork_and_the_copies_carry_every_field() -> None:
    g = quiet_game(3)
    g = play(g, pending(g).options[0].code)  # type: ignore[union-attr]
    f = g.fork()
    expected = {**_fields(g), "cache": None, "owned": 0}
    assert {k: v for k, v in _fields(f).items() if k not in ("players", "board")} == {
        k: v for k, v in expected.items() if k not in ("players", "board")
    }
    assert f.players == g.players and f.players is not g.players
    assert f.board is g.board  # shared until one of them writes to it (`wboard`)
    assert g.copy().board == g.board and g.copy().board is not g.board
    assert _fields(g.board.copy()) == _fields(g.board)
    for p in g.players:
        c = p.copy()
        assert c == p and c is not p and _fields(c) == _fields(p)
    # a field added to one of these classes must be copied too: the copies (written out by
    # `slot_copier` from the fields, and `fork`'s own lines) name each
    copies = ((GameState, (GameState.fork, state._copy_state)), (Board, (state._copy_board,)),
              (Player, (state._copy_player,)))
    for cls, functions in copies:
        source = {name for copy in functions for name in copy.__code__.co_names}
        missing = [f.name for f in dataclasses.fields(cls) if f.name not in source]
        assert not missing, f"{cls.__name__} copy leaves out {missing}"


def test_a_forked_state_changes_without_touching_the_original() -> None:
    g = quiet_game(2)
    before = _fields(g.board)
    f = g.fork()
    f.wboard().governor = 99
    f.mut(0).lira += 7
    assert _fields(g.board) == before and g.players[0].lira + 7 == f.players[0].lira
    assert f.board.governor == 99 and f.wboard() is f.board  # copied once, then its own


def test_a_choice_never_changes_the_board_of_an_earlier_state() -> None:
    """The board is shared between a state and the next until a rule writes to it: whatever the
    choices, every earlier state (the undo base, the game a view was taken from) keeps the board it
    had, in every game that has landed (a write that bypassed `wboard` would change them)."""
    for expansions in ((), ("mocha",), ("letters",), ("mocha", "letters")):
        for seed in (1, 2, 3):
            settings = GameSettings.model_validate(
                {"players": 2 + seed % 3, "expansions": expansions, "layout": default_layout(expansions) if expansions else "short",
                 "neutral_assistants": seed == 2, "caravan_leader": seed == 3}
            )
            g = new_game(settings, list(COLOURS[: settings.players]), seed)
            rng = random.Random(seed)
            kept: list[tuple[GameState, dict[str, object]]] = []
            while (d := pending(g)) is not None:
                kept.append((g, _fields(g.board)))
                g, _ = apply(g, d.player, d.decision_id, d.options[rng.randrange(len(d.options))].code)
            changed = [i for i, (old, board) in enumerate(kept) if _fields(old.board) != board]
            assert not changed, f"{expansions} seed {seed}: boards of earlier states changed at {changed[:5]}"
            assert len(kept) > 100


def test_events_and_transactions_keep_their_shape() -> None:
    tx = Tx(quiet_game(2))
    tx.emit("move", 1, source=2, target=3)
    tx.emit("dice")
    assert tx.events == [Event("move", 1, {"source": 2, "target": 3}), Event("dice", None, {})]
    assert tx.barrier is False
    shared: list[Event] = []
    assert Tx(tx.g, shared, True).events is shared
    g = quiet_game(2)
    d = pending(g)
    assert d is not None
    _, events = apply(g, d.player, d.decision_id, d.options[0].code)
    assert events[0] == Event("input", d.player, {"decision": d.decision_id, "code": d.options[0].code})


def test_a_prompt_kept_per_step_is_the_prompt_the_step_would_get_now() -> None:
    """Prompts of the handlers that read the step alone are kept per step object
    (`StepKind.step_prompt`): at every decision of seeded games of every module the prompt shown is
    the one worked out afresh for that state."""
    hits = 0
    for expansions in ((), ("mocha",), ("letters",), ("mocha", "letters")):
        settings = GameSettings.model_validate(
            {"players": 3, "expansions": expansions, "layout": default_layout(expansions) if expansions else "short"}
        )
        g = new_game(settings, list(COLOURS[:3]), 7)
        rng = random.Random(7)
        while (d := pending(g)) is not None:
            step = g.steps[-1]
            kept = dict(machine._PROMPTS)
            hits += machine.KINDS[step.kind].step_prompt and id(step) in kept
            machine._PROMPTS.clear()
            fresh = machine.decision_for(g, step)
            machine._PROMPTS.clear()
            machine._PROMPTS.update(kept)
            assert fresh is not None and fresh.prompt == d.prompt, (expansions, step)
            g, _ = apply(g, d.player, d.decision_id, d.options[rng.randrange(len(d.options))].code)
    assert hits > 100  # the kept prompts were used


def test_what_is_in_play_is_read_again_once_a_provider_comes_or_goes() -> None:
    """`machine.in_play` keeps the free windows, sweeps and wordings of the last settings asked
    about; a provider added or removed later (a module, or a test's own) is seen at once."""
    settings = quiet_game(2).settings
    before = machine.in_play(settings)
    assert machine.in_play(settings) is before  # kept

    def sweep(tx: Tx) -> None:
        return None

    machine.SWEEPS.add(sweep)
    try:
        assert sweep in machine.in_play(settings).sweeps
    finally:
        machine.SWEEPS.remove(sweep)
    assert sweep not in machine.in_play(settings).sweeps
    assert machine.in_play(settings) == before
