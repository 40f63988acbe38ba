"""During the game: choices, undo, skipping an idle turn, computer seats."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Callable
from random import Random as Generator
from typing import Any

from .. import engine
from ..engine import EngineError, Event, GameState
from ..engine.preview import undo_refusal
from ..store import TimerRow
from ..store import games as sql
from ..store import timers as timer_sql
from . import errors
from .core import DAY, PAUSE_DAYS, PAUSED, SERVICE_EVENT, Game, Outcome, Policy, ServiceCore
from .users import stored_settings

REFUSAL_WINDOW = 400  # events read back to find why an undo is refused (a turn has far fewer)


def _rows(events: list[Event]) -> list[tuple[str, int | None, dict[str, Any]]]:
    return [(e.kind, e.player, e.data) for e in events]


def _map_engine_error(exc: EngineError) -> errors.ServiceError:
    if isinstance(exc, engine.StaleDecision):
        return errors.StaleDecision()
    if isinstance(exc, engine.NotYourDecision):
        return errors.NotYourDecision()
    if isinstance(exc, engine.IllegalChoice):
        return errors.IllegalOption(exc.code, exc.reason)
    if isinstance(exc, engine.GameOver):
        return errors.GameIsOver()
    if isinstance(exc, engine.NothingToUndo):
        return errors.NothingToUndo()
    return errors.ServiceError(str(exc))


class PlayMixin(ServiceCore):
    def _playing(self, game: Game) -> GameState:
        if game.row.status == "lobby":
            raise errors.NotStarted()
        if game.row.status in ("finished", "abandoned") or game.state is None:
            raise errors.GameIsOver()
        return game.state

    def _human_seat(self, game: Game, user: str) -> int:
        seat = game.seat_of(user)
        if seat is None:
            raise errors.NotSeated()
        return seat.seat

    async def _accept(
        self, game: Game, change: Callable[[GameState], tuple[GameState, list[Event]]],
        extra: list[tuple[str, int | None, dict[str, Any]]] | None = None, *, grace: bool = True,
    ) -> Outcome:
        """Apply an engine entry point and commit its events as one transaction. A person's input
        that ends a turn sequence (`engine.sequence_over`: a turn with its extra turns, or a
        leftover-card window) starts the grace period, so that they may still take it back;
        other seats deciding in the middle of a turn, or the same seat's extra turn, do not. Nor
        does an answer to a decision in the middle of someone else's turn (handing the decision
        on is an undo barrier), nor `grace` False (a skipped turn cannot be taken back)."""
        state = self._playing(game)
        asked = engine.pending(state)
        before = asked.player if asked is not None else None
        try:
            new, events = change(state)
        except EngineError as exc:
            raise _map_engine_error(exc) from None
        after = self.decider(new)
        human_before = before is not None and not game.seats[before].played_by_computer
        off_turn = asked is not None and asked.off_turn
        rows = _rows(events) + (extra or [])
        over = engine.sequence_over(state, new)
        row = await self._commit(game, new, rows, grace=grace and over and human_before and not off_turn)
        if row is None:
            raise errors.StaleDecision()
        done = Game(row, game.seats, new)
        lines = [done.fill(line) for e in events if (line := engine.describe(e, None))]
        return Outcome(done, events, game.row.seq + 1, before, after, lines, off_turn=off_turn, sequence_over=over)

    async def submit(self, game_id: int, user: str, decision_id: int, code: str) -> Outcome:
        """A seated player's choice; checked by the engine against the current decision."""
        async with self.locked(game_id) as game_id:
            game = await self.load(game_id)
            seat = self._human_seat(game, user)
            state = self._playing(game)
            if type(decision_id) is not int:
                raise errors.StaleDecision()
            if not isinstance(code, str):
                raise errors.IllegalOption(repr(code))
            d = engine.pending(state)
            if d is not None and d.decision_id == decision_id and d.player != seat:
                raise errors.NotYourDecision(game.names().get(d.player, ""), off_turn=d.off_turn)
            return await self._accept(game, lambda s: engine.apply(s, seat, decision_id, code))

    async def undo(self, game_id: int, user: str, decision_id: int | None = None) -> Outcome:
        """Take back the user's last choices, as offered at `decision_id` (the decision that was
        current when the Undo was shown or the command arrived): once the game has moved on from
        it (the same Undo pressed twice), `AlreadyTakenBack` and nothing changes. None: at
        whatever decision is current (one keyboard, where nothing can be pressed twice at once)."""
        async with self.locked(game_id) as game_id:
            game = await self.load(game_id)
            seat = self._human_seat(game, user)
            state = self._playing(game)
            if decision_id is not None and (type(decision_id) is not int or decision_id != state.decision_id):
                raise errors.AlreadyTakenBack()
            if not engine.can_undo(state, seat):
                raise errors.NothingToUndo(await self._undo_refusal(game, state, seat))
            return await self._accept(game, lambda s: engine.undo(s, seat))

    async def _undo_refusal(self, game: Game, state: GameState, seat: int) -> str:
        """Why `seat` cannot take a choice back, from the game's latest events (the engine's
        words: "a die was rolled", "Blue has chosen since your last choice")."""
        async with self.db.read() as conn:
            rows = await self._events(conn, game.row.id, max(0, game.row.seq - REFUSAL_WINDOW))
        recent = [Event(r.kind, r.player, r.payload) for r in rows if not r.kind.startswith(SERVICE_EVENT)]
        return undo_refusal(state, seat, recent)

    async def skip_turn(self, game_id: int, by_user: str | None, *, force: bool = False) -> Outcome:
        """Play the idle decider's default choices to the end of their turn. Allowed to another
        seated player once the game's timeout has passed since the last move (or when forced)."""
        async with self.locked(game_id) as game_id:
            game = await self.load(game_id)
            state = self._playing(game)
            decider = self.decider(state)
            assert decider is not None
            if not force:
                await self._check_idle(game, decider, by_user, "skip")
            asked = engine.pending(state)
            off_turn = asked is not None and asked.off_turn
            # an idle off-turn decider: the engine plays that seat's part only (E-62)
            note = (SERVICE_EVENT + "skip", decider, {"by": by_user or ""} | ({"decision": True} if off_turn else {}))
            return await self._accept(game, lambda s: engine.forfeit_turn(s, decider), [note], grace=False)

    async def hand_idle_seat(self, game_id: int, by_user: str) -> Game:
        """Another seated player hands the idle decider's seat to the computer player (once the
        game's timeout has passed); the owner can take it back (`take_back_seat`)."""
        async with self.locked(game_id) as game_id:
            game = await self.load(game_id)
            decider = self.decider(self._playing(game))
            assert decider is not None
            # checked under the game's lock, on the game as it is handed over: a move made
            # meanwhile cannot slip in between the check and the hand-over
            await self._check_idle(game, decider, by_user, "hand over")
            return await self._set_computer(game, decider, True, by_user)

    async def idle_for(self, game: Game, seat: int) -> float:
        """Seconds the seat has been deciding since the last move, not counting time it was away."""
        now = self.clock()
        user = game.seats[seat].user_id
        if user is None:
            return now - game.row.updated_at
        async with self.db.read() as conn:
            settings = await stored_settings(conn, user)
        away = settings.away_between(game.row.updated_at, now)
        return now - game.row.updated_at - away

    async def check_idle(self, game: Game, by_user: str | None, what: str) -> None:
        """The plain refusal (`NotSeated`, `NotAllowed`) that `skip_turn` or `hand_idle_seat`
        would give `by_user` now, if any: for a front end that asks for a confirmation first."""
        decider = self.decider(self._playing(game))
        assert decider is not None
        await self._check_idle(game, decider, by_user, what)

    async def _check_idle(self, game: Game, decider: int, by_user: str | None, what: str) -> None:
        if by_user is None or game.seat_of(by_user) is None:
            raise errors.NotSeated()
        seat = game.seats[decider]
        if seat.user_id == by_user:
            raise errors.NotAllowed(f"You cannot {what} your own turn; make a choice instead.")
        if seat.played_by_computer:
            raise errors.NotAllowed("A computer player is deciding; it needs no push.")
        if await self.idle_for(game, decider) < game.options.timeout_hours * 3600:
            raise errors.NotAllowed(f"{seat.name}'s time is not up yet.")

    async def set_computer(self, game_id: int, seat: int, computer: bool, *, by_user: str | None = None) -> Game:
        """Hand a person's seat to the computer player, or give it back."""
        async with self.locked(game_id) as game_id:
            return await self._set_computer(await self.load(game_id), seat, computer, by_user)

    async def take_back_seat(self, game_id: int, user: str) -> Game:
        """The owner plays their seat again after a computer played it (and so wakes a paused
        game: any of its former players may)."""
        async with self.locked(game_id) as game_id:
            game = await self.load(game_id)
            seat = self._human_seat(game, user)
            if not game.seats[seat].computer:
                raise errors.NotAllowed("You are playing your own seat already; only a seat's owner can take it back.")
            return await self._set_computer(game, seat, False, user)

    async def _set_computer(self, game: Game, seat: int, computer: bool, by_user: str | None) -> Game:
        """`set_computer` on a game loaded under its lock."""
        self._playing(game)
        if type(seat) is not int or not 0 <= seat < len(game.seats) or game.seats[seat].kind == "ai":
            raise errors.NotAllowed("Only a person's seat can be handed over.")
        if game.seats[seat].computer == computer:
            return game
        game_id, now = game.row.id, self.clock()
        kind = SERVICE_EVENT + ("to_computer" if computer else "to_person")
        async with self.db.transaction() as conn:
            await sql.set_computer(conn, game_id, seat, computer)
            if not await sql.append(
                conn, game_id, game.row.seq, game.row.decision_id, [(kind, seat, {"by": by_user or ""})], now
            ):
                raise errors.StaleDecision()
            if game.state is not None:
                self._cache[game_id] = (game.row.seq + 1, game.state)
            changed = await self._load(conn, game_id)
            if changed.state is not None:
                await self._turn_timers(conn, changed, changed.state, now)
            if changed.left_by_everyone:  # the last person's seat passed to the computer: pause
                await timer_sql.set_timer(conn, game_id, PAUSED, now + PAUSE_DAYS * DAY, {"seq": changed.row.seq})
            else:
                await timer_sql.clear_timers(conn, game_id, PAUSED)
            return changed

    async def paused(self, game_id: int) -> TimerRow | None:
        """The pause of a game whose last person's seat passed to the computer, if it waits: its
        `due_at` is when it closes without a result, its payload's "seq" where it began. No
        computer plays in a paused game; a former player's `take_back_seat` wakes it."""
        async with self.db.read() as conn:
            return next((t for t in await timer_sql.timers_of(conn, game_id) if t.kind == PAUSED), None)

    async def close_paused(self, game_id: int, due_at: float) -> Game | None:
        """Close a game still paused at its pause's end (`due_at`, the pause timer's) without a
        result; None when it was woken, ended or paused anew meanwhile."""
        async with self.locked(game_id) as game_id, self.db.transaction() as conn:
            game = await self._load(conn, game_id)
            pause = next((t for t in await timer_sql.timers_of(conn, game_id) if t.kind == PAUSED), None)
            if pause is None or pause.due_at != due_at or game.row.status != "active" or not game.left_by_everyone:
                return None
            await sql.set_status(conn, game_id, "abandoned", self.clock())
            await timer_sql.clear_timers(conn, game_id)
            return await self._load(conn, game_id)

    async def computer_turns(
        self, game_id: int, *, seed: int | None = None, off_turn_only: bool = False,
    ) -> AsyncIterator[Outcome]:
        """Play computer seats one turn at a time, yielding after each, while a computer decides
        and the previous human turn's grace period is over. A computer seat asked a decision in
        the middle of another seat's turn answers at once (its part only, one outcome): no grace
        period runs then. `off_turn_only`: stop at the first decision that is not such a one."""
        rng = random.Random(seed)
        while True:
            async with self.locked(game_id) as game_id:
                game = await self.load(game_id)
                if game.row.status != "active" or game.state is None:
                    return
                asked = engine.pending(game.state)
                if asked is None or not game.seats[asked.player].played_by_computer:
                    return
                if off_turn_only and not asked.off_turn:
                    return
                decider = asked.player
                if game.left_by_everyone:
                    return  # nobody plays it any more: it waits for a person (see `paused`)
                if not asked.off_turn and not await self.grace_over(game_id):
                    return
                # in the search pool; the generator's state goes there and back (a worker process
                # cannot change the caller's), so threads and processes play the same turns
                new, events, after = await self.searches.run(
                    computer_turn, game.state, decider, self.policy_for(game), rng.getstate()
                )
                rng.setstate(after)
                outcome = await self._accept(game, _already((new, events)))
            yield outcome

    async def grace_over(self, game_id: int) -> bool:
        async with self.db.read() as conn:
            timers = await timer_sql.timers_of(conn, game_id)
        return all(t.due_at <= self.clock() for t in timers if t.kind == "grace")


def _already(turn: tuple[GameState, list[Event]]) -> Callable[[GameState], tuple[GameState, list[Event]]]:
    """An engine entry point whose work was done already (a computer turn from the worker thread)."""
    return lambda _state: turn


RngState = tuple[Any, ...]


def computer_turn(
    state: GameState, seat: int, policy: Policy, rng_state: RngState,
) -> tuple[GameState, list[Event], RngState]:
    """`_computer_turn` with the generator's state in and out (what runs in the search pool)."""
    rng = Generator()  # the class itself: a fresh generator that draws nothing before setstate
    rng.setstate(rng_state)
    new, events = _computer_turn(state, seat, policy, rng)
    return new, events, rng.getstate()


def _computer_turn(state: GameState, seat: int, policy: Policy, rng: random.Random) -> tuple[GameState, list[Event]]:
    """Every choice of one computer turn, from what that seat may see (runs in the search pool);
    for a decision in the middle of another seat's turn, that seat's part only."""
    events: list[Event] = []
    turns = state.turns
    first = engine.pending(state)
    off_turn = first is not None and first.off_turn
    while (d := engine.pending(state)) is not None and d.player == seat and state.turns == turns and d.off_turn == off_turn:
        code = policy(engine.view(state, seat), d, rng)
        state, ev = engine.apply(state, seat, d.decision_id, code)
        events.extend(ev)
    return state, events
