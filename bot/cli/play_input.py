"""Reading the players' answers: from a terminal (with line editing and "pass to" screens) or
one line at a time from a pipe or a file, and what a line means for the decision asked."""

from __future__ import annotations

import select
import shutil
import signal
import sys
import textwrap
from dataclasses import dataclass
from typing import TextIO

from bot.engine import Decision

# The commands (each also accepted spelled out: ":undo", ":log", ...).
COMMANDS = {"u": "undo", "l": "log", "s": "standings", "h": "help", "q": "quit"}
COMMAND_LIST = ":u undo, :l recent moves, :s standings, :h help, :q save and quit"
MIN_WIDTH = 20  # wrapping narrower than this helps nobody


@dataclass(frozen=True, slots=True)
class Pick:
    """An option the engine offered, by code."""

    code: str


@dataclass(frozen=True, slots=True)
class Command:
    name: str  # one of COMMANDS' values
    topic: str = ""  # what follows the command (the topic of :h)


@dataclass(frozen=True, slots=True)
class Bad:
    """A line that means nothing here: the one-line answer to print before asking again."""

    answer: str


Answer = Pick | Command | Bad


def read_answer(text: str, d: Decision) -> Answer:
    """A number picks the option at that place in the list; an option's code picks it; a colon
    starts a command. Anything else gets a one-line answer and changes nothing."""
    text = text.strip()
    count = len(d.options)
    numbers = "1 (the only option)" if count == 1 else f"a number from 1 to {count}"
    if not text:
        return Bad(f"Type {numbers}, an option's code, or :h for help.")
    if text.startswith(":"):
        word, _, topic = text[1:].partition(" ")
        word = word.lower()
        name = COMMANDS.get(word) or (word if word in COMMANDS.values() else None)
        if name is None:
            return Bad(f"Unknown command {text.split()[0]!r}; the commands are {COMMAND_LIST}.")
        return Command(name, topic.strip())
    if text.isdecimal():  # not isdigit: '²' is a digit that int() refuses
        number = int(text)
        if 1 <= number <= count:
            return Pick(d.options[number - 1].code)
        return Bad(f"There is no option {number} here; type {numbers}.")
    code = text.lower()
    if d.option(code) is not None:
        return Pick(code)
    return Bad(f"{text!r} is not one of the options here; type its number or its code.")


class Console:
    """Prints and asks. On a terminal questions go through `input` (line editing, Ctrl-D ends);
    otherwise one line is read per question and echoed after the prompt, so that a transcript
    of a scripted game reads like a typed one."""

    def __init__(self, interactive: bool, out: TextIO | None = None, inp: TextIO | None = None) -> None:
        self.interactive = interactive
        self.out = out or sys.stdout
        self.inp = inp or sys.stdin

    def say(self, *lines: str) -> None:
        for line in lines:
            print(line, file=self.out)
        self.out.flush()

    def say_wrapped(self, *lines: str) -> None:
        """Long text (help): on a terminal each line is wrapped to its width, the follow-on lines
        indented; to a file or a pipe each stays one line, as `say` writes it."""
        if not self.interactive:
            self.say(*lines)
            return
        width = max(MIN_WIDTH, shutil.get_terminal_size().columns - 1)
        self.say(*(part for line in lines for part in textwrap.wrap(line, width, subsequent_indent="  ") or [""]))

    def _wait_for_a_line(self, prompt: str) -> bool:
        """Show `prompt` and wait until a line can be read, waking up five times a second: Ctrl-C
        may be delivered to a worker thread (the database's, a drawing's), and a main thread
        blocked in a read would then see it only after Enter. False (nothing shown) when the
        input is no file descriptor."""
        try:
            fd = self.inp.fileno()
        except (AttributeError, OSError, ValueError):
            return False
        print(prompt, end="", file=self.out, flush=True)
        while not select.select([fd], [], [], 0.2)[0]:
            pass
        return True

    def ask(self, prompt: str) -> str | None:
        """The next line typed, without its line end; None at the end of the input."""
        if self.interactive:
            # asyncio's own Ctrl-C handler would only cancel the game once Enter is pressed: while
            # waiting for a line, Ctrl-C raises KeyboardInterrupt at once instead.
            previous = signal.signal(signal.SIGINT, signal.default_int_handler)
            try:
                if self._wait_for_a_line(prompt):
                    prompt = ""  # already shown
                return input(prompt)
            except EOFError:
                print(file=self.out)
                return None
            finally:
                signal.signal(signal.SIGINT, previous)
        print(prompt, end="", file=self.out)
        line = self.inp.readline()
        if not line:
            print(file=self.out)
            return None
        line = line.rstrip("\r\n")
        print(line, file=self.out)
        self.out.flush()
        return line

    def clear(self) -> None:
        """Wipe the terminal and its scroll-back (so the next player cannot scroll up to a hand)."""
        if self.interactive:
            print("\033[H\033[2J\033[3J", end="", file=self.out, flush=True)
