"""Hints: "What would the computer play?" for the person who decides now.

A hint is worked out in the search pool from the decider's own view alone (`bot.ai.hints`), so
it is the same every time it is asked at the same decision and nothing another seat holds can
change it. It is an answer to one person only: nothing of it enters the game's log or changes
the game. The service remembers which decisions each seat asked about (the `hints` table) to
count the hints each player used, which the end of the game shows.
"""

from __future__ import annotations

from .. import engine
from ..ai.hints import Hint, hint
from ..engine import Decision, View
from . import errors
from .play import PlayMixin

HINTS_OFF = "Hints are off at this table."


def _work_out(v: View, d: Decision) -> Hint:
    return hint(v, d)


class HintMixin(PlayMixin):
    async def hint(self, game_id: int, user: str, decision_id: int | None = None) -> Hint:
        """The computer's choice and its reason for `user`, who must decide now. `decision_id`:
        the decision the asking button showed (a decision since gone: `StaleDecision`); None:
        whatever decision is current (a command)."""
        game = await self.load(game_id)
        state = self._playing(game)
        seat = self._human_seat(game, user)
        if not game.options.hints:
            raise errors.NotAllowed(HINTS_OFF)
        if decision_id is not None and (type(decision_id) is not int or decision_id != state.decision_id):
            raise errors.StaleDecision()
        d = engine.pending(state)
        if d is None:
            raise errors.GameIsOver()
        if d.player != seat:
            raise errors.NotYourDecision(game.names().get(d.player, ""), off_turn=d.off_turn)
        if game.seats[seat].played_by_computer:
            raise errors.NotAllowed("The computer plays your seat now; take it back to ask for a hint.")
        found = await self.searches.run(_work_out, engine.view(state, seat), d)
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT OR IGNORE INTO hints (game_id, seat, decision_id, at) VALUES (?, ?, ?, ?)",
                (game.id, seat, d.decision_id, self.clock()),
            )
        return found

    async def hints_used(self, game_id: int) -> dict[int, int]:
        """How many hints each seat asked for (seats that asked none are left out)."""
        async with self.db.read() as conn:
            rows = await conn.execute_fetchall(
                "SELECT seat, COUNT(*) FROM hints WHERE game_id = ? GROUP BY seat ORDER BY seat", (game_id,)
            )
        return {int(seat): int(n) for seat, n in rows}
