"""A person's record of finished games (what `/istanbul stats` counts): per game, where it was
played, the place and rubies of their seat, and whether a win was their own. A win counts as the
person's own only when they chose in at least half of their seat's played turns; otherwise it was
won with the computer's help (their seat handed to the computer, or left to it). A turn skipped
for idleness was played by nobody, so it counts for neither."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .. import engine
from ..store import EventRow
from ..store import games as sql
from .core import SERVICE_EVENT, ServiceCore

TO_COMPUTER, TO_PERSON = SERVICE_EVENT + "to_computer", SERVICE_EVENT + "to_person"


@dataclass(frozen=True, slots=True)
class GameRecord:
    game_id: int
    origin: str
    guild_id: int | None
    rank: int
    rubies: int
    own_turns: int  # turns of the seat in which its person chose
    computer_turns: int  # turns of the seat the computer played

    @property
    def won(self) -> bool:
        return self.rank == 1

    @property
    def own_win(self) -> bool:
        """A win the person earned: they chose in at least half of their seat's played turns."""
        return self.won and self.own_turns >= self.computer_turns


def turns_played(rows: Sequence[EventRow], seat: int) -> tuple[int, int]:
    """(turns the person chose in, turns the computer played) of `seat`, from the game's log. A
    turn begins with the engine's "turn" event (the game's first turn, dealt at the start, with
    the first input); an input of the seat while the service had handed it to the computer is the
    computer's; a turn with no input of its seat (skipped) is nobody's."""
    computer = False
    turn_seat: int | None = None  # whose turn the log is in (None: the first turn, not yet known)
    chooser: list[str | None] = []  # per turn of `seat`: "person", "computer" or None

    for r in rows:
        if r.kind in (TO_COMPUTER, TO_PERSON) and r.player == seat:
            computer = r.kind == TO_COMPUTER
        elif r.kind == "turn":
            turn_seat = r.player
            if turn_seat == seat:
                chooser.append(None)
        elif r.kind in engine.INPUT_KINDS and turn_seat is None:
            turn_seat = r.player  # the first player's first turn
            if turn_seat == seat:
                chooser.append(None)
        if r.kind == "input" and r.player == seat and turn_seat == seat and chooser and chooser[-1] != "person":
            chooser[-1] = "computer" if computer else "person"
    return chooser.count("person"), chooser.count("computer")


class RecordMixin(ServiceCore):
    async def records(self, user: str, origin: str | None = "discord") -> list[GameRecord]:
        """The user's finished games (of `origin`; None: any), most recent first."""
        out: list[GameRecord] = []
        async with self.db.read() as conn:
            for row in await sql.games_of_user(conn, user, ("finished",)):
                if origin is not None and row.origin != origin:
                    continue
                game = await self._load(conn, row.id)
                seat = game.seat_of(user)
                if seat is None or game.state is None:
                    continue
                standing = next(s for s in engine.result(game.state) if s.seat == seat.seat)
                own, by_computer = turns_played(await sql.events(conn, row.id), seat.seat)
                out.append(GameRecord(row.id, row.origin, row.guild_id, standing.rank, standing.rubies, own, by_computer))
        return out
