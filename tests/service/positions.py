"""Setting a stored game to a test position: the test step kinds of `tests.testkinds` put in
front of the deciding seat, saved as the game's newest snapshot, so the service (and the bot on
top of it) plays them as it plays any decision."""

from __future__ import annotations

from collections.abc import Callable

from bot import engine
from bot.engine.machine import push
from bot.service import Game, GameService
from bot.store import games as sql
from tests import testkinds  # noqa: F401  (registers the test step kinds)


async def edit_state(svc: GameService, game_id: int, edit: Callable[[engine.GameState, int], None]) -> Game:
    """`edit(state, decider)` changes a copy of the game's state (the seat deciding now given),
    which is stored as its newest snapshot with a new decision id (messages showing the old
    decision are redrawn)."""
    game = await svc.load(game_id)
    assert game.state is not None
    d = engine.pending(game.state)
    assert d is not None
    state = game.state.copy()
    edit(state, d.player)
    state.decision_id += 1
    state.cache = None
    async with svc.db.transaction() as conn:
        await sql.save_snapshot(conn, game_id, game.row.seq, engine.to_json(state))
        await conn.execute("UPDATE games SET decision_id = ? WHERE id = ?", (state.decision_id, game_id))
    svc._cache.pop(game_id, None)
    return await svc.load(game_id)


async def put_steps(svc: GameService, game_id: int, *kinds: str) -> Game:
    """The seat deciding now faces the test steps `kinds` (the first one first), then goes on."""
    return await edit_state(svc, game_id, lambda state, seat: push(state, *[engine.Step(k, seat) for k in kinds]))
