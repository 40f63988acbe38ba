"""The click path (`apply` plus the next `pending`) built cheaper: the hand-written copies carry
every field, the plain event and transaction classes behave as before."""

from __future__ import annotations

import dataclasses

from bot.engine import Event, apply, pending, state
from bot.engine.machine import Tx
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
    assert f.board == g.board and f.board is not g.board
    assert g.fork(share_board=True).board is g.board
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
    f.board.governor = 99
    f.mut(0).lira += 7
    assert _fields(g.board) == before and g.players[0].lira + 7 == f.players[0].lira


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
