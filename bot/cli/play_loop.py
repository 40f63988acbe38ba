"""The game at one keyboard: computer seats move through the service's `computer_turns`; each
person's decision is shown as a numbered list with their own wheelbarrow and hand, and answered
by a number, a code or a command. Every accepted choice is committed by the service at once, so
stopping at any moment (`:q`, the end of the input, Ctrl-C, a kill) loses at most the line being
typed."""

from __future__ import annotations

import os
import shutil
from asyncio import sleep
from collections.abc import Awaitable
from dataclasses import dataclass, field
from pathlib import Path

from bot import engine
from bot.ai.levels import DEFAULT_LEVEL
from bot.engine import Decision, View
from bot.service import Game, GameService
from bot.service.errors import ServiceError
from bot.service.options import computer_words

from .board_text import board_lines
from .local import computer_turn
from .play_input import Bad, Command, Console, Pick, read_answer
from .play_text import (
    ask_prompt,
    decision_lines,
    heading,
    help_lines,
    options_summary,
    seat_label,
    standings_lines,
    table_lines,
    wheelbarrow,
)

RECENT_LINES = 15  # what :l shows
MAX_SINCE_LINES = 40  # before a decision; older ones are left to :l


def fits(board: list[str], question: list[str]) -> bool:
    """Whether the board and the question under it fit the terminal at once: the board as wide
    as the terminal at most, and every line (a long one wrapping over several rows) with a row
    left to type in."""
    size = shutil.get_terminal_size()
    columns = max(1, size.columns)
    if max(len(line) for line in board) > columns:
        return False
    rows = sum(max(1, -(-len(line) // columns)) for line in [*board, *question])
    return rows < size.lines


class Quit(Exception):
    """Stop here; the game is saved. The message says why (empty for :q)."""


@dataclass(slots=True)
class Pictures:
    """The turn image and each person's private image in `folder`, drawn again whenever the
    position changed since the last drawing (after every accepted choice or undo, a person's own
    included, and after the computers' turns) and at the end; each path is printed the first
    time it is written."""

    folder: Path
    console: Console
    drawn: int = -1  # the log position of the game last drawn
    announced: set[Path] = field(default_factory=set)
    off: bool = False

    async def update(self, svc: GameService, game: Game) -> None:
        if self.off or game.state is None or game.row.seq == self.drawn:
            return
        people = [s for s in game.seats if s.kind == "local_human"]
        try:
            images = await svc.images_of(game, [s.seat for s in people], public=False)
            sheet = await svc.sheet_of(game)  # the board and the players side by side
        except Exception as exc:  # a picture is a convenience: a drawing bug must not end the game
            self.off = True
            self.console.say(f"Could not draw the pictures ({type(exc).__name__}: {exc}); going on without them.")
            return
        files = {self.folder / f"game-{game.id}-turn.png": sheet}
        for s in people:
            files[self.folder / f"game-{game.id}-cards-{s.colour}.png"] = images.private[s.seat]
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            for path, data in files.items():
                part = path.with_suffix(".part")
                part.write_bytes(data)
                os.replace(part, path)  # a picture viewer never sees half a file
        except OSError as exc:
            self.off = True
            self.console.say(f"Cannot write pictures to {self.folder} ({exc.strerror or exc}); going on without them.")
            return
        self.drawn = game.row.seq
        new = [p for p in files if p not in self.announced]
        if new:
            self.announced.update(new)
            self.console.say("Pictures, rewritten as the game goes on: " + ", ".join(str(p) for p in new))


class LocalPlay:
    """One local game from its current position to its end (or until the players stop)."""

    def __init__(
        self, svc: GameService, game: Game, console: Console, pictures: Pictures | None, resume_hint: str,
        pause: float = 0.0, *, resumed: bool = False, computer: str = DEFAULT_LEVEL,
    ) -> None:
        self.svc = svc
        self.gid = game.id
        self.console = console
        self.pictures = pictures
        self.resume_hint = resume_hint
        self.people = sum(1 for s in game.seats if s.kind == "local_human")
        self.seen: dict[int, int] = {}  # seat -> log position up to which that person has read
        self.asked_last: int | None = None
        self.pause = pause  # between two turns of a watched game (no people)
        self.resumed = resumed  # a game continued from an earlier run (--resume)
        self.computer = computer  # the computer player's name as --ai gave it (":s" shows it)
        self.told = game.row.seq  # the log position told so far when nobody is asked (a watched game)
        self.board_turn: tuple[int, int] | None = None  # (seat, turn) of the last board shown at a turn's start

    async def run(self, game: Game) -> int:
        self.console.say(f"Istanbul, game #{game.id}: {options_summary(game)}.", *table_lines(game))
        if self.people:
            self.console.say_wrapped(
                "Type the key of your choice (in a choice of places, the place's number); :h explains the "
                "commands and the place you are at, :b shows the board."
            )
        else:
            self.console.say("Computer players in every seat: watch their game turn by turn (Ctrl-C stops it).")
        try:
            while True:
                game = await self.svc.load(self.gid)
                d = engine.pending(game.state) if game.state is not None and game.row.status == "active" else None
                if d is None:
                    break
                if game.seats[d.player].played_by_computer:
                    await computer_turn(self.svc, game)
                    if not self.people:
                        await self._watched()
                else:
                    await self._person(game, d)
        except Quit as stop:
            why = f"{stop} " if str(stop) else ""
            self.console.say(f"{why}Game #{self.gid} is saved. Continue it with: {self.resume_hint}")
            return 0
        except KeyboardInterrupt:  # Ctrl-C at a question
            self.console.say("", f"Stopped. Game #{self.gid} is saved. Continue it with: {self.resume_hint}")
            return 130
        await self._finish(game)
        return 0

    async def _person(self, game: Game, d: Decision) -> None:
        """Ask the deciding person once; returns after anything that may change the position."""
        assert game.state is not None
        seat = d.player
        user = game.seats[seat].user_id or ""
        if self.pictures is not None:
            await self.pictures.update(self.svc, game)
        # On a terminal shared by several people, the keyboard is handed over between two of them,
        # and before the first question of a resumed game: whoever sits there may not be the one.
        changing = self.asked_last not in (None, seat) or (self.asked_last is None and self.resumed)
        handing_over = self.console.interactive and self.people > 1 and changing
        if handing_over and not await self._pass_to(game, seat):
            return
        self.asked_last = seat
        await self._since(game, seat)
        v = engine.view(game.state, seat)
        during = [f"{seat_label(game, seat)}, {_during(game)}:"] if d.off_turn else []
        asked = [heading(game, game.state, seat), *during, *wheelbarrow(v, seat), *decision_lines(game, d, v)]
        turn = (seat, game.state.turns)
        if self.console.interactive and self.board_turn != turn:
            self.board_turn = turn  # once per turn, at its first question
            board = board_lines(v, game.names())
            if fits(board, [*asked, ask_prompt(game, d)]):
                self.console.say(*board)
        self.console.say(*asked)
        while True:
            text = self.console.ask(ask_prompt(game, d))
            if text is None:
                raise Quit("The input ended.")
            answer = read_answer(text, d)
            if isinstance(answer, Bad):
                self.console.say(answer.answer)
            elif isinstance(answer, Pick):
                await self._try(self.svc.submit(self.gid, user, d.decision_id, answer.code))
                return
            elif answer.name == "undo":
                if await self._try(self.svc.undo(self.gid, user)):
                    return
            else:
                await self._command(answer, v, seat, game)

    async def _try(self, change: Awaitable[object]) -> bool:
        """Await a service call that changes the game; a refusal is said in one line."""
        try:
            await change
        except ServiceError as exc:
            self.console.say(str(exc))
            return False
        return True

    async def _command(self, command: Command, v: View, seat: int, game: Game) -> None:
        if command.name == "quit":
            raise Quit("")
        if command.name == "hint":  # only ever at the decider's own question, after the handover
            user = game.seats[seat].user_id or ""
            try:
                self.console.say_wrapped((await self.svc.hint(self.gid, user, game.row.decision_id)).sentence())
            except ServiceError as exc:
                self.console.say(str(exc))
            return
        if command.name == "board":
            self.console.say(*board_lines(v, game.names()))
        elif command.name == "help":
            self.console.say_wrapped(*help_lines(v, seat, command.topic))
        elif command.name == "log":
            lines = [line for _, line in await self.svc.lines(self.gid)][-RECENT_LINES:]
            self.console.say("Recent moves:", *(f"  {line}" for line in lines or ["nothing yet"]))
        elif command.name == "standings":
            placings = [(p.standing, p.name) for p in await self.svc.results(self.gid)]
            self.console.say(*standings_lines(placings, final=False), computer_words(self.computer, game.options.hints))

    async def _pass_to(self, game: Game, seat: int) -> bool:
        """Hide the last person's hand (or, in a resumed game, the screen before it) and wait for
        the next one; False if the last person took their choice back instead (the position
        changed). Taking back is offered only when the last person has something to take back."""
        before = self.asked_last
        assert game.state is not None
        undo = before is not None and engine.can_undo(game.state, before)
        take_back = f":u takes back {game.names()[before]}'s last choice, " if undo and before is not None else ""
        d = engine.pending(game.state)
        during = f" ({_during(game)})" if d is not None and d.off_turn else ""
        prompt = f"Pass the keyboard to {seat_label(game, seat)}{during} and press Enter ({take_back}:q saves and quits) > "
        self.console.clear()
        while True:
            text = self.console.ask(prompt)
            if text is None:
                raise Quit("The input ended.")
            text = text.strip().lower()
            if not text:
                self.console.clear()
                return True
            if text in (":q", ":quit"):
                raise Quit("")
            if text in (":u", ":undo"):
                # refused, the service says why (a die was rolled, another player has chosen...)
                if before is None:
                    self.console.say("There is nothing to take back now.")
                elif await self._try(self.svc.undo(self.gid, game.seats[before].user_id or "")):
                    return False
                continue
            self.console.say(f"Press Enter once {seat_label(game, seat)} has the keyboard.")

    async def _watched(self) -> None:
        """After a computer turn of a watched game: its lines, the pictures, then a pause."""
        game = await self.svc.load(self.gid)
        lines = await self.svc.lines(self.gid, after_seq=self.told)
        self.told = game.row.seq
        self.console.say(*(line for _, line in lines))
        if self.pictures is not None:
            await self.pictures.update(self.svc, game)
        if self.pause and game.row.status == "active":
            await sleep(self.pause)

    async def _since(self, game: Game, seat: int) -> None:
        """The public lines since this person last chose (the computers' turns included)."""
        after = self.seen.get(seat)
        if after is None:
            after = await self.svc.last_choice_seq(self.gid, seat)
        lines = [line for _, line in await self.svc.lines(self.gid, after_seq=after)]
        self.seen[seat] = game.row.seq
        if len(lines) > MAX_SINCE_LINES:
            hidden = len(lines) - MAX_SINCE_LINES
            lines = [f"({hidden} earlier lines: :l shows the recent ones)", *lines[-MAX_SINCE_LINES:]]
        if lines:
            self.console.say("", *lines)

    async def _finish(self, game: Game) -> None:
        after = max(self.seen.values(), default=self.told)
        lines = [line for _, line in await self.svc.lines(self.gid, after_seq=after)]
        self.console.say(*(["", *lines] if lines else []), "")
        if game.row.status == "abandoned" or game.state is None:
            self.console.say(f"Game #{self.gid} was abandoned.")
            return
        if self.pictures is not None:
            await self.pictures.update(self.svc, game)
        state = game.state
        self.console.say(f"Game #{self.gid} is over after {state.turns} turns ({state.round} rounds).")
        placings = [(p.standing, p.name) for p in await self.svc.results(self.gid)]
        self.console.say(
            *standings_lines(placings, final=True, settings=state.settings), f"The game's seed was {game.row.seed}."
        )
        if game.options.hints and self.people:
            used = await self.svc.hints_used(self.gid)
            counts = [f"{s.name} {used.get(s.seat, 0) or 'none'}" for s in game.seats if s.kind != "ai"]
            self.console.say(f"Hints used: {', '.join(counts)}.")


def _during(game: Game) -> str:
    """Says that the person deciding now is asked in the middle of another seat's turn (the
    others are asked in turn, each after the pass-the-keyboard screen)."""
    assert game.state is not None
    return f"a decision in {seat_label(game, game.state.turn.player)}'s turn"
