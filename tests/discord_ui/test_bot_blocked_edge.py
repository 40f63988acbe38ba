"""A blocked edge (the Barrier's stand-in, tests/testedge.py) through the service and the real
discord.py code (issue 21, item 5): the turn message offers exactly the moves the engine allows
around the block, and a forged click on a place behind it is refused and changes nothing."""

from __future__ import annotations

from bot import engine
from bot.engine.board import grid_of
from tests.discord_ui.botkit import Env
from tests.discord_ui.dayskit import click, started
from tests.testedge import blocked_edge


def move_codes(custom_ids: list[str], game_id: int, decision_id: int) -> set[str]:
    prefix = f"ist:o:{game_id}:{decision_id}:"
    return {c.removeprefix(prefix) for c in custom_ids if c.startswith(prefix) and c.removeprefix(prefix).startswith("go.")}


async def test_the_turn_message_goes_around_a_blocked_edge_and_a_forged_move_behind_it_is_refused(env: Env) -> None:
    fountain = 7  # every merchant starts there
    probe = engine.new_game(engine.GameSettings(players=3), ["red", "blue", "green"], 1)
    neighbours = sorted(grid_of(probe).neighbours(fountain))
    open_way, *closed = neighbours
    free = {o.code for o in engine.pending(probe).options if o.code.startswith("go.")}  # type: ignore[union-attr]
    with blocked_edge(*((min(fountain, q), max(fountain, q)) for q in closed)):
        table = await started(env)
        user, decision = await table.decider()
        game = await table.game()
        allowed = {o.code for o in decision.options if o.code.startswith("go.")}
        assert allowed and allowed < free  # the block takes moves away
        assert f"go.{open_way}" in allowed and not any(f"go.{q}" in allowed for q in closed)
        turn = table.turn_message()
        assert move_codes(turn.custom_ids, table.game_id, decision.decision_id) == allowed

        behind = sorted(free - allowed)[0]
        forged = f"ist:o:{table.game_id}:{decision.decision_id}:{behind}"
        reply = await click(env, turn, forged, user, forge=True)
        assert f"{behind!r} is not one of the choices" in reply.content, reply.content
        after = await table.game()
        assert after.row.seq == game.row.seq and engine.pending(after.state).decision_id == decision.decision_id  # type: ignore[union-attr]

        await table.choose(f"go.{open_way}")
        moved = await table.game()
        assert moved.state.players[decision.player].merchant == open_way
