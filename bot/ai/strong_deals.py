"""A strong decision's deals: each played here, or every other one in a helper process.

A deal is a pure function of the decider's view, its seed and the options played on it
(`play_deal`): the state dealt by ``engine.determinize`` and every option's rollout on it
(`strong_search.Rollout`) repeat exactly in any process. So a decision's deals can be played on
two cores at once without changing a thing (`Deals`: the options of a deal split between the two
processes until the shortlist is halved, whole deals after), and `strong.analyse` reads the
outcomes in deal order, stopping, halving the shortlist and choosing exactly as it would have on
the deals played one after the other. What sharing costs is the state dealt twice while a deal's
options are split, and the deals under way when the decision is made, thrown away: few, since a
deal is started early only when the decision expects to need it (the floor of deals, or the
calls left at the calls a deal has taken so far).

Sharing is a per-process setting (`share_deals`), off unless turned on: the bot's search worker
processes turn it on (`bot.service.searches`), so that a computer turn or a hint in a game where
nobody else is searching uses both cores. Arena jobs and tests play every deal here. A helper that
fails (killed, out of memory) costs nothing but time: its deals are played here and the next
decision starts a new helper. The helper is a daemon process fed through a pipe (no thread in
between, so a deal reaches it at once): it ends with the process it helps, even one killed with
no chance to stop it (its end of the pipe closes).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import threading
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection

from bot.engine import View, determinize
from bot.engine.playout import Playout

from .strong_search import Rollout


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """One deal: each option's rollout figure and the engine calls its rollout made, and the CPU
    seconds the deal took in the thread that played it."""

    values: dict[str, float]
    calls: dict[str, int]
    cpu: float


def play_deal(view: View, seed: int, codes: tuple[str, ...], seat: int, turns: int, players: int) -> DealOutcome:
    """Deal a full state from `view` with `seed` and play each of `codes` on it to the horizon of
    a rollout for `seat` from turn number `turns` (see `strong_search.Rollout`)."""
    start = time.thread_time()
    deal = Playout(determinize(view, seed))
    work = Rollout(seat, turns, players)
    values: dict[str, float] = {}
    calls: dict[str, int] = {}
    for code in codes:
        before = work.calls
        values[code] = work.value(deal, code)
        calls[code] = work.calls - before
    return DealOutcome(values, calls, time.thread_time() - start)


AHEAD = 2  # deals this process may play past the one it waits for while the helper finishes that one
IN_FLIGHT = 2  # deals given to the helper at once: it starts the next as soon as it is done
STOP_SECONDS = 5.0  # how long a helper asked to stop may take before it is killed
_LINK_ERRORS = (EOFError, OSError)  # the helper is gone (BrokenPipeError, ConnectionResetError are OSErrors)

Request = tuple[View, int, tuple[str, ...], int, int, int]  # `play_deal`'s arguments


def _serve(conn: Connection) -> None:
    """The helper process: play each deal asked for, answering in the order asked, until told to
    stop (None) or the process it helps is gone."""
    while True:
        try:
            request = conn.recv()
        except _LINK_ERRORS:
            return
        if request is None:
            return
        conn.send(play_deal(*request))


class _Link:
    """A helper process and the pipe to it. Answers come in the order the requests were sent;
    `unread` counts the requests whose answers have not been read yet."""

    def __init__(self) -> None:
        context = multiprocessing.get_context("spawn")  # a clean interpreter, no inherited threads
        self.conn, there = context.Pipe()
        self.process = context.Process(target=_serve, args=(there,), name="deal-helper", daemon=True)
        self.process.start()
        there.close()
        self.unread = 0

    def send(self, request: Request) -> None:
        self.conn.send(request)
        self.unread += 1

    def ready(self) -> bool:
        """Whether the next answer has arrived."""
        return self.conn.poll()

    def receive(self) -> DealOutcome:
        answer: DealOutcome = self.conn.recv()
        self.unread -= 1
        return answer

    def close(self, *, wait: bool) -> None:
        try:
            if wait:
                self.conn.send(None)
                self.process.join(STOP_SECONDS)
        except _LINK_ERRORS:
            pass
        finally:
            if self.process.is_alive():
                self.process.kill()
                self.process.join(STOP_SECONDS)
            self.conn.close()


class _Helper:
    """The process's helper for deals, started on first use and lent to one decision at a time
    (another decision at once, in another thread, plays its deals itself)."""

    def __init__(self) -> None:
        self.on = False
        self._lock = threading.Lock()
        self._lent = False
        self._link: _Link | None = None

    def start(self) -> None:
        """Start the helper now (a new interpreter imports the bot: about a second), so that the
        first decision does not wait for it."""
        with self._lock:
            if self.on and self._link is None:
                self._link = _Link()

    def borrow(self) -> _Link | None:
        self.start()
        with self._lock:
            if not self.on or self._link is None or self._lent:
                return None
            self._lent = True
            return self._link

    def give_back(self, link: _Link) -> None:
        with self._lock:
            if self._link is link:
                self._lent = False

    def drop(self, link: _Link) -> None:
        """Forget a helper that failed; the next decision starts a new one."""
        with self._lock:
            if self._link is link:
                self._link, self._lent = None, False
        link.close(wait=False)

    def stop(self) -> None:
        with self._lock:
            link, self._link, self._lent = self._link, None, False
        if link is not None:
            link.close(wait=True)


_helper = _Helper()


def share_deals(on: bool = True) -> None:
    """From now on, this process's strong decisions play every other deal in a helper process
    (`on`), or all of them here (``share_deals(False)``, which also stops the helper)."""
    _helper.on = on
    if on:
        _helper.start()
    else:
        _helper.stop()


@contextlib.contextmanager
def kept_here() -> Iterator[None]:
    """Within it, this process's strong decisions play every deal here, while the helper stays up
    for the decisions after (for timing the two ways in turn: `bot.cli.bench_sharing`)."""
    was = _helper.on
    _helper.on = False
    try:
        yield
    finally:
        _helper.on = was


def sharing() -> bool:
    """Whether this process's strong decisions share their deals with a helper process."""
    return _helper.on


class Deals:
    """The deals of one decision, by number from 1 (`outcome`), shared with the helper when
    sharing is on. While the options may still change (before the shortlist is halved), each deal
    is split: the helper plays half of its options on its own copy of the same dealt state while
    this process plays the rest. Once they are settled, whole deals are shared: the helper always
    has the next deals nobody has started (`IN_FLIGHT`), and this process plays the deal asked
    for when nobody has started it, or, while the helper finishes that one, the ones after it (up
    to `AHEAD` past it), so that neither waits for the other for long. No deal past the `last`
    one the decision expects is started before it is asked for."""

    def __init__(self, view: View, seed: int, seat: int, turns: int, players: int) -> None:
        self.view, self.seed, self.seat, self.turns, self.players = view, seed, seat, turns, players
        self._next = 1  # the first deal nobody has started
        self._here: dict[int, DealOutcome] = {}  # played here before they were asked for
        self._there: deque[int] = deque()  # the deals sent to the helper, oldest first
        self._link = _helper.borrow()
        self._stale = self._link.unread if self._link is not None else 0  # answers to earlier decisions

    def outcome(self, k: int, codes: list[str], settled: bool, last: int) -> DealOutcome:
        """Deal `k` with at least `codes` played on it. Asked for in order (1, 2, 3...), each with
        the same options as the one before or fewer; `settled` once every later deal will be asked
        for with these same options; `last` the last deal the decision expects to ask for (a guess:
        deals past it are not started before they are asked for)."""
        if not settled:
            return self._split(k, codes)
        while True:
            self._feed(codes, last)
            if k in self._here:
                return self._here.pop(k)
            if k not in self._there:  # nobody has started deal k
                self._next = max(self._next, k + 1)
                return self._play(k, codes)
            if self._ready() or self._next > min(k + AHEAD, last):
                return self._collect(k, codes)
            self._here[self._next] = self._play(self._next, codes)  # while the helper finishes deal k
            self._next += 1

    def _split(self, k: int, codes: list[str]) -> DealOutcome:
        """Deal `k`, half of `codes` played here and the other half in the helper (when there is
        one), each on the same dealt state."""
        self._next = k + 1
        mine, theirs = codes[: (len(codes) + 1) // 2], codes[(len(codes) + 1) // 2 :]
        if not theirs or not self._send(k, theirs):
            return self._play(k, codes)
        here = self._play(k, mine)
        there = self._collect(k, theirs)
        return DealOutcome({**here.values, **there.values}, {**here.calls, **there.calls}, here.cpu + there.cpu)

    def _play(self, k: int, codes: list[str]) -> DealOutcome:
        return play_deal(self.view, self.seed + k, tuple(codes), self.seat, self.turns, self.players)

    def _send(self, k: int, codes: list[str]) -> bool:
        """Deal `k` with `codes` sent to the helper; False when there is no helper to take it."""
        if self._link is None:
            return False
        try:
            self._link.send((self.view, self.seed + k, tuple(codes), self.seat, self.turns, self.players))
        except _LINK_ERRORS:
            self._lose_link()
            return False
        self._there.append(k)
        return True

    def _ready(self) -> bool:
        """Whether the helper's answer for the oldest deal sent has arrived (older decisions'
        answers are read and thrown away on the way)."""
        try:
            while self._link is not None and self._link.ready():
                if not self._stale:
                    return True
                self._link.receive()
                self._stale -= 1
        except _LINK_ERRORS:
            self._lose_link()
            return True  # no helper: the deal is played here at once
        return False

    def _collect(self, k: int, codes: list[str]) -> DealOutcome:
        """What the helper played of deal `k`, the oldest deal sent to it (waiting for it if need
        be); played here instead if the helper is gone."""
        if not self._there or self._there[0] != k:
            return self._play(k, codes)  # the helper was lost on the way
        self._there.popleft()
        try:
            while self._link is not None:
                answer = self._link.receive()
                if not self._stale:
                    return answer
                self._stale -= 1
        except _LINK_ERRORS:
            self._lose_link()
        return self._play(k, codes)

    def _lose_link(self) -> None:
        """The helper is gone: every deal sent to it is played here when asked for."""
        if self._link is not None:
            _helper.drop(self._link)
            self._link = None
        self._there.clear()

    def _feed(self, codes: list[str], last: int) -> None:
        """Keep `IN_FLIGHT` deals with the helper (so that it never waits for this process), each
        the first nobody has started, as long as the decision expects them (`last`); a second one
        only if a deal is left after it for this process, which would otherwise wait at the end."""
        while len(self._there) < IN_FLIGHT and (self._next < last or (self._next == last and not self._there)):
            if not self._send(self._next, codes):
                return
            self._next += 1

    def close(self) -> None:
        """The decision is made: the helper's answers still to come are left for the next
        decision to throw away, and the helper is free for it."""
        self._there.clear()
        self._here.clear()
        if self._link is not None:
            _helper.give_back(self._link)
            self._link = None
