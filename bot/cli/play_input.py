"""Reading the players' answers: from a terminal (with line editing and "pass to" screens) or
one line at a time from a pipe or a file, and what a line means for the decision asked."""

from __future__ import annotations

import select
import shutil
import signal
import string
import sys
import textwrap
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from bot.engine import Decision, Option
from bot.engine.board import place_name

# The commands (each also accepted spelled out: ":undo", ":log", ...).
COMMANDS = {"u": "undo", "l": "log", "s": "standings", "h": "help", "b": "board", "q": "quit", "hint": "hint"}
COMMAND_LIST = ":u undo, :l recent moves, :s standings, :b board, :h help, :hint a hint, :q save and quit"
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


def option_place(o: Option) -> int | None:
    """The place an option leads to or acts on: its code ends in ".<number>" and its label names
    that place ("go.9", "Move to Tea House (9)"; "f.9", "Send your family member to Tea House (9)")."""
    _, dot, tail = o.code.rpartition(".")
    if not dot or not tail.isdecimal() or not tail.isascii():
        return None
    number = int(tail)
    return number if place_name(number) in o.label else None


@dataclass(frozen=True, slots=True)
class KeyShape:
    """How a module keys one kind of option that names a place beside the place itself: the code
    `prefix` + place + `suffix` is typed as `key_prefix` + place + `key_suffix` (the companion's
    move "t.cm.9" as "c9", so that the merchant's "go.9" keeps 9). `words` name them in the hint."""

    prefix: str
    suffix: str
    key_prefix: str
    key_suffix: str
    words: str

    def key(self, o: Option) -> str | None:
        code = o.code
        if not (code.startswith(self.prefix) and code.endswith(self.suffix)):
            return None
        middle = code[len(self.prefix) : len(code) - len(self.suffix)]
        if not middle.isdecimal() or not middle.isascii() or place_name(int(middle)) not in o.label:
            return None
        return f"{self.key_prefix}{int(middle)}{self.key_suffix}"

    def owns(self, key: str) -> bool:
        middle = key[len(self.key_prefix) : len(key) - len(self.key_suffix)]
        return key.startswith(self.key_prefix) and key.endswith(self.key_suffix) and middle.isdecimal()

    def hint(self, keys: Sequence[str]) -> str:
        if len(keys) > 4:
            return f"{self.words} {self.key_prefix}<place>{self.key_suffix}"
        return f"{self.words} {_listed(keys)}"


@dataclass(frozen=True, slots=True)
class PairShape:
    """How a module keys an option that names two places (the Barrier's edge "e.7.8", whose label
    names both): typed as the two numbers with a dash, "7-8", so that no edge takes a letter or
    the number of just one of its places. `words` name them in the hint."""

    prefix: str
    words: str

    def _pair(self, code: str) -> tuple[int, int] | None:
        if not code.startswith(self.prefix):
            return None
        a, dot, b = code[len(self.prefix) :].partition(".")
        if not dot or not (a + b).isdecimal() or not (a + b).isascii():
            return None
        return int(a), int(b)

    def key(self, o: Option) -> str | None:
        pair = self._pair(o.code)
        if pair is None or not all(place_name(p) in o.label for p in pair):
            return None
        return f"{pair[0]}-{pair[1]}"

    def owns(self, key: str) -> bool:
        a, dash, b = key.partition("-")
        return bool(dash) and a.isdecimal() and b.isdecimal()

    def hint(self, keys: Sequence[str]) -> str:
        if len(keys) > 4:
            return f"{self.words} <place>-<place> (like {keys[0]})"
        return f"{self.words} {_listed(keys)}"


KeyShaping = KeyShape | PairShape
KEY_SHAPES: list[KeyShaping] = []  # registered by the modules' terminal texts (letters_text, mocha_text)
# Decisions whose codes end in a number that is no place (the follow card's ``f.<seat>``, whose
# label names the place that seat's merchant stands on): keyed 1, 2, 3... in order.
ORDERED_KINDS: set[str] = set()


def shaped_key(o: Option) -> str | None:
    """The key a module's `KeyShape` gives this option, if any."""
    for shape in KEY_SHAPES:
        key = shape.key(o)
        if key is not None:
            return key
    return None


def option_keys(d: Decision) -> tuple[str, ...]:
    """What is typed to pick each option. In a choice of places, an option that leads to a place
    is picked by that place's number (9 is the Tea House wherever it stands in the list), or as a
    module's `KeyShape` says (the companion's move to 9: c9), and the other options by the letters
    a, b, c... in order (a letter equal to some option's code is skipped; past z, by their
    codes). In any other choice, by their place in the list: 1, 2, 3..."""
    options = d.options
    if d.kind in ORDERED_KINDS:
        return in_order(len(options))
    shaped = [shaped_key(o) for o in options]
    keys: list[str | None] = [
        s if s is not None else (None if (p := option_place(o)) is None else str(p))
        for o, s in zip(options, shaped, strict=True)
    ]
    if all(k is None for k in keys):
        return in_order(len(options))
    twice = {k for k, n in Counter(keys).items() if n > 1}
    codes = set(d.codes())
    letters = (c for c in string.ascii_lowercase if c not in codes)
    return tuple(
        k if k is not None and k not in twice else next(letters, o.code)
        for o, k in zip(options, keys, strict=True)
    )


def in_order(count: int) -> tuple[str, ...]:
    return tuple(str(i) for i in range(1, count + 1))


def keys_hint(keys: Sequence[str]) -> str:
    """The keys of a choice in a few words: "1-4", "1", "place 3, 5 or 9 or letter a",
    "a place number or letters a-e" (more than four places, more than three letters)."""
    if tuple(keys) == in_order(len(keys)):
        return "1" if len(keys) == 1 else f"1-{len(keys)}"
    numbers = [k for k in keys if k.isdecimal()]
    shaped = {shape: [k for k in keys if not k.isdecimal() and shape.owns(k)] for shape in KEY_SHAPES}
    taken = {k for ks in shaped.values() for k in ks}
    others = [k for k in keys if not k.isdecimal() and k not in taken]
    parts = []
    if len(numbers) > 4:
        parts.append("a place number")
    elif numbers:
        parts.append("place " + _listed(numbers))
    parts.extend(shape.hint(ks) for shape, ks in shaped.items() if ks)
    if len(others) > 3:
        parts.append(f"letters {others[0]}-{others[-1]}")
    elif others:
        parts.append(f"letter{'s' if len(others) > 1 else ''} {', '.join(others)}")
    return " or ".join(parts)


def _listed(keys: Sequence[str]) -> str:
    return f"{', '.join(keys[:-1])} or {keys[-1]}" if len(keys) > 1 else keys[0]


def read_answer(text: str, d: Decision) -> Answer:
    """A key from `option_keys` picks its option (a number: the option at that place in the list,
    or in a choice of places the place of that number); an option's code picks it; a colon starts
    a command. Anything else gets a one-line answer and changes nothing."""
    text = text.strip()
    keys = option_keys(d)
    count = len(d.options)
    places = keys != in_order(count)
    if places:
        numbers = keys_hint(keys)
    else:
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
    key = str(int(text)) if text.isdecimal() else text.lower()  # not isdigit: int() refuses '²'
    if key in keys:
        return Pick(d.options[keys.index(key)].code)
    if text.isdecimal():
        what = "place" if places else "option"
        return Bad(f"There is no {what} {key} here; type {numbers}.")
    if d.option(key) is not None:
        return Pick(key)
    how = f"its key ({numbers})" if places else "its number"
    return Bad(f"{text!r} is not one of the options here; type {how} or its code.")


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
        print(prompt, end="", file=self.out, flush=True)  # a program answering through a pipe sees it
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
