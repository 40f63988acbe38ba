"""``python -m bot play`` and the newcomer's ``python -m bot run`` on a real terminal (a pseudo-
terminal): the "pass the keyboard" screen between two people hides one hand from the next, an
undo from that screen, Ctrl-C at a question, and the offer of a local game when no token is set."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
CLEAR = "\x1b[H\x1b[2J\x1b[3J"


class Terminal:
    """A child process whose standard input and output are a pseudo-terminal."""

    def __init__(
        self, args: list[str], cwd: Path, env: dict[str, str] | None = None, size: tuple[int, int] = (80, 24)
    ) -> None:
        hidden = ("DISCORD_TOKEN", "DB_PATH", "COLUMNS", "LINES")  # the terminal's own size counts
        full_env = {k: v for k, v in os.environ.items() if k not in hidden}
        full_env |= {"PYTHONPATH": str(REPO_ROOT), "TERM": "xterm", **(env or {})}
        self.master, slave = pty.openpty()
        columns, lines = size
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bot", *args], stdin=slave, stdout=slave, stderr=slave, cwd=cwd,
            env=full_env, close_fds=True,
        )
        os.close(slave)
        self.out = ""
        self.mark = 0  # where the next `expect` starts looking

    def _read(self, wait: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return True
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the child has gone and closed the terminal
            return False
        self.out += chunk.decode(errors="replace").replace("\r\n", "\n")
        return bool(chunk)

    def expect(self, *texts: str, timeout: float = 60) -> str:
        """Read until one of `texts` appears after the last match; returns the one found."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            found = [(self.out.find(t, self.mark), t) for t in texts if self.out.find(t, self.mark) >= 0]
            if found:
                at, text = min(found)
                self.mark = at + len(text)
                return text
            if not self._read(0.2):
                break
        raise AssertionError(f"none of {texts!r} in the output:\n{self.out[self.mark - 2000:]}")

    def send(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def finish(self, timeout: float = 30) -> int:
        end = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < end:
            self._read(0.1)
        while self._read(0):
            pass
        os.close(self.master)
        return self.proc.wait(timeout=5)


def test_two_people_at_one_terminal_pass_the_keyboard(tmp_path: Path) -> None:
    db = tmp_path / "istanbul.db"
    term = Terminal(
        ["play", "--db", str(db), "--players", "3", "--humans", "2", "--seed", "3", "--ai", "random", "--no-images"],
        tmp_path,
    )
    term.expect("Seats in turn order:")
    term.expect(", choose ")
    first, second = re.findall(r"^  \d\. (\w+), at this keyboard$", term.out, re.M)
    term.mark = 0
    term.expect(f"{first}, choose ")
    term.send("1")
    while term.expect(f"{first}, choose ", "Pass the keyboard to") != "Pass the keyboard to":
        term.send("1")
    assert term.out[: term.mark].endswith(CLEAR + "Pass the keyboard to")  # the first hand is wiped
    term.expect(f" {second} and press Enter (:u takes back {first}'s last choice, :q saves and quits) > ")
    # The first player takes the end of their turn back from the pass screen, then ends it again.
    term.send(":u")
    term.expect(f"{first} took back a choice.")
    term.expect(f"{first}, choose ")
    term.send("1")
    term.expect("Pass the keyboard to")
    term.send("")
    term.expect(CLEAR)
    shown_from = term.mark
    term.expect(f"{second}, choose ")
    screen = term.out[shown_from : term.mark]
    # After the wipe: what happened (public lines), then only the second player's own wheelbarrow.
    assert f"{first} moved from Fountain" in screen
    assert f"--- {first} |" not in screen and screen.count("Bonus cards:") == 1
    assert screen.index(f"--- {second} |") < screen.index("Bonus cards:")
    # Ctrl-C at a question: saved, exit 130, no traceback.
    os.kill(term.proc.pid, signal.SIGINT)
    term.expect("Stopped. Game #1 is saved.")
    assert term.finish() == 130
    assert "Traceback" not in term.out
    with sqlite3.connect(db) as conn:
        kinds = [k for (k,) in conn.execute("SELECT kind FROM events WHERE game_id = 1 AND player = 0")]
        status = conn.execute("SELECT status FROM games WHERE id = 1").fetchone()[0]
    assert "undo" in kinds and status == "active"


BOARD_TOP = "+-----------------+-----------------+-----------------+-----------------+\n"


def test_the_board_shows_itself_when_a_turn_begins_on_a_terminal_big_enough(tmp_path: Path) -> None:
    """Issue 20, item 5: on a 100x60 terminal the board comes before the first question of each
    of the person's turns (not before the others of that turn); :b shows it at any question."""
    term = Terminal(
        ["play", "--db", str(tmp_path / "g.db"), "--seed", "4", "--ai", "random", "--no-images"], tmp_path, size=(100, 60)
    )
    term.expect(BOARD_TOP)
    term.expect("|7 Fountain")
    term.expect(">G Green")  # whose turn it is
    term.expect("--- Green | round 1")
    term.expect("Green, choose a place number or letter a (:h for help) > ")
    term.send("9")
    term.expect("Green moved from Fountain to Tea House.")
    asked = term.mark
    term.expect("Green, choose 1-2 (:h for help) > ")
    assert BOARD_TOP not in term.out[asked:]  # the same turn: not again
    term.send(":b")
    term.expect(BOARD_TOP)
    term.expect("Green, choose 1-2 (:h for help) > ")
    term.send("2")
    term.expect("--- Green | round 2")
    next_turn = term.out.rindex("--- Green | round 2")
    assert BOARD_TOP in term.out[asked:next_turn].split("Green chose not to use an assistant")[1]  # the new turn
    term.expect(", choose ")
    term.send(":q")
    assert term.finish() == 0


def test_the_board_waits_for_b_when_it_and_the_question_do_not_fit(tmp_path: Path) -> None:
    """On 80x24 the board (22 lines for three players) and the question do not fit together."""
    term = Terminal(
        ["play", "--db", str(tmp_path / "g.db"), "--seed", "4", "--ai", "random", "--no-images"], tmp_path
    )
    term.expect("Green, choose a place number or letter a (:h for help) > ")
    assert BOARD_TOP not in term.out
    term.send(":b")
    term.expect(BOARD_TOP)
    term.expect("Green, choose ")
    term.send(":q")
    assert term.finish() == 0


def test_run_without_a_token_offers_a_local_game_on_a_terminal(tmp_path: Path) -> None:
    db = tmp_path / "data" / "istanbul.db"
    term = Terminal(["run"], tmp_path, {"DB_PATH": str(db)})
    term.expect("No Discord bot token is set")
    term.expect("python -m bot play")
    term.expect("Play a game against two computer players now? [Y/n] ")
    term.send("")  # Enter: yes
    term.expect("Seats in turn order:")
    term.expect(", choose ")
    term.send(":q")
    term.expect(f"is saved. Continue it with: {os.path.abspath(sys.executable)} -m bot play --resume 1")
    assert term.finish() == 0
    assert len(re.findall(r"^  \d\. \w+, at this keyboard$", term.out, re.M)) == 1
    assert len(re.findall(r"^  \d\. Computer \w+ \(\w+\), computer$", term.out, re.M)) == 2
    assert (db.parent / "images" / "game-1-turn.png").read_bytes().startswith(b"\x89PNG")


def test_run_without_a_token_declined_on_a_terminal_exits_0(tmp_path: Path) -> None:
    term = Terminal(["run"], tmp_path, {"DB_PATH": str(tmp_path / "istanbul.db")})
    term.expect("Play a game against two computer players now? [Y/n] ")
    term.send("n")
    assert term.finish() == 0
    assert not (tmp_path / "istanbul.db").exists()
