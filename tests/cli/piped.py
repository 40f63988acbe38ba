"""A program playing `python -m bot play` through pipes: it reads each question as it is asked and
answers with the key of the question's first option, as listed (in a choice of places that key is
a place's number, so no fixed line such as "1" answers every question)."""

from __future__ import annotations

import os
import re
import select
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path

QUESTION_END = re.compile(r", choose [^\n]* > $")
OPTION = re.compile(r"^ +(\w+)\. ")


def first_key(screen: str) -> str:
    """The key of the first option listed right above the question that ends `screen`: the
    indented lines just above the prompt are the options (and their notes)."""
    lines = screen.splitlines()[:-1]
    keys: list[str] = []
    for line in reversed(lines):
        if not line.startswith(" "):
            break
        found = OPTION.match(line)
        if found:
            keys.append(found.group(1))
    assert keys, f"no options above the question:\n{screen[-2000:]}"
    return keys[-1]


class Piped:
    """The command running with its standard input and output on pipes."""

    def __init__(self, command: Sequence[str], cwd: Path, env: dict[str, str]) -> None:
        self.proc = subprocess.Popen(
            list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=env,
        )
        assert self.proc.stdout is not None
        self.fd = self.proc.stdout.fileno()
        self.out = ""
        self.asked = 0  # questions answered

    def _next_question(self, deadline: float) -> str | None:
        """The output up to the next question (None when the program ends first)."""
        start = len(self.out)
        while not QUESTION_END.search(self.out, start):
            left = deadline - time.monotonic()
            assert left > 0, f"no question in time:\n{self.out[-2000:]}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.fd, 65536)
            if not chunk:
                return None
            self.out += chunk.decode()
        return self.out[start:]

    def answer(self, count: int | None = None, timeout: float = 180) -> bool:
        """Answer `count` questions (None: until the program ends) with their first option;
        False if the program ended first."""
        deadline = time.monotonic() + timeout
        assert self.proc.stdin is not None
        done = 0
        while count is None or done < count:
            screen = self._next_question(deadline)
            if screen is None:
                return False
            self.proc.stdin.write((first_key(self.out) + "\n").encode())
            self.proc.stdin.flush()
            done += 1
            self.asked += 1
        return True

    def finish(self, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        """End the input and read the rest."""
        out, err = self.proc.communicate(timeout=timeout)
        self.out += out.decode()
        return subprocess.CompletedProcess(self.proc.args, self.proc.returncode, self.out, err.decode())
