"""A person's record of finished games (what `/istanbul stats` counts): per game, where it was
played, which game it was (its modules: games of different modules are counted apart; a game
stored before the Big Box is a base game), the place and rubies of their seat, and whether a win
was their own. A win counts as the
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
from .options import game_title

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
    expansions: tuple[str, ...] = ()  # the modules in play (TableOptions.expansions)

    @property
    def game(self) -> str:
        """The game's name: "Base game", "Mocha & Baksheesh", …"""
        return game_title(self.expansions)

    @property
    def won(self) -> bool:
        return self.rank == 1

    @property
    def own_win(self) -> bool:
        """A win the person earned: they chose in at least half of their seat's played turns."""
        return self.won and self.own_turns >= self.computer_turns


@dataclass(frozen=True, slots=True)
class TurnSpan:
    """One turn in the log: whose it was, the log positions it covers (`first` to `last`, both
    included) and who chose in it: "person", "computer" or None (nobody: skipped)."""

    seat: int
    first: int
    last: int
    chooser: str | None


def turn_spans(rows: Sequence[EventRow], computer_seats: frozenset[int] = frozenset()) -> list[TurnSpan]:
    """The turns of a game's log. A turn begins with the engine's "turn" event (the game's first
    turn, dealt at the start, with the first input); an input of the turn's seat while the
    seat was the computer's (`computer_seats` from the start, or handed over by the service) is
    the computer's; a person's input makes the turn theirs."""
    computer = set(computer_seats)
    spans: list[TurnSpan] = []
    seat: int | None = None
    first = last = 0
    chooser: str | None = None

    def close() -> None:
        if seat is not None:
            spans.append(TurnSpan(seat, first, last, chooser))

    for r in rows:
        if r.kind in (TO_COMPUTER, TO_PERSON) and r.player is not None:
            (computer.add if r.kind == TO_COMPUTER else computer.discard)(r.player)
        starts = r.kind == "turn" or (seat is None and r.kind in engine.INPUT_KINDS)
        if starts and r.player is not None:
            close()
            seat, first, chooser = r.player, r.seq, None
        last = r.seq
        if r.kind == "input" and r.player == seat and chooser != "person":
            chooser = "computer" if r.player in computer else "person"
    close()
    return spans


def turns_played(rows: Sequence[EventRow], seat: int) -> tuple[int, int]:
    """(turns the person chose in, turns the computer played) of `seat`, from the game's log; a
    turn with no input of its seat (skipped) is nobody's."""
    chooser = [span.chooser for span in turn_spans(rows) if span.seat == seat]
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
                out.append(
                    GameRecord(
                        row.id, row.origin, row.guild_id, standing.rank, standing.rubies, own, by_computer,
                        game.options.expansions,
                    )
                )
        return out
