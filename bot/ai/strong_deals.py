"""A strong decision's deals: each played here, or every other one in a helper process.

A deal is a pure function of the decider's view, its seed and the options played on it
(`play_deal`): the state dealt by ``engine.determinize`` and every option's rollout on it
(`strong_search.Rollout`) repeat exactly in any process. So a decision's deals can be played two
at a time on two cores without changing a thing: `Deals` plays deal k here while a helper process
plays deal k + 1, and `strong.analyse` reads the outcomes in deal order, stopping, halving the
shortlist and choosing exactly as it would have on the deals played one after the other. What
sharing costs is work that is thrown away: the deal after the last one, when the helper had it
under way, and the options the halving drops from the deal the helper was already playing.

Sharing is a per-process setting (`share_deals`), off unless turned on: the bot's search worker
processes turn it on (`bot.service.searches`), so that a computer turn or a hint in a game where
nobody else is searching uses both cores. Arena jobs and tests play every deal here. A helper that
fails (killed, out of memory) costs nothing but time: its deal is played here and the next
decision starts a new helper.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import multiprocessing.util
import os
import threading
import time
from dataclasses import dataclass

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


ORPHAN_CHECK_SECONDS = 1.0  # how often a helper looks whether the process it helps is still there


def _helper_start(parent: int) -> None:
    """A helper process ends itself soon after the process it helps is gone, even if that one was
    killed with no chance to stop it."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(ORPHAN_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=watch, name="orphan-watch", daemon=True).start()


class _Helper:
    """The process's helper for deals: one spawned worker process, started on first use."""

    def __init__(self) -> None:
        self.on = False
        self._lock = threading.Lock()
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._finalizer: multiprocessing.util.Finalize | None = None

    def pool(self) -> concurrent.futures.ProcessPoolExecutor | None:
        with self._lock:
            if not self.on:
                return None
            if self._pool is None:  # spawned, not forked: a clean interpreter, no inherited threads
                self._pool = concurrent.futures.ProcessPoolExecutor(
                    1, mp_context=multiprocessing.get_context("spawn"), initializer=_helper_start,
                    initargs=(os.getpid(),),
                )
                if self._finalizer is None:  # a process that ends stops its helper before it waits for its children
                    self._finalizer = multiprocessing.util.Finalize(None, self.stop, exitpriority=100)
            return self._pool

    def drop(self, pool: concurrent.futures.ProcessPoolExecutor) -> None:
        """Forget a helper that failed; the next decision starts a new one."""
        with self._lock:
            if self._pool is pool:
                self._pool = None
        pool.shutdown(wait=False, cancel_futures=True)

    def stop(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)


_helper = _Helper()


def share_deals(on: bool = True) -> None:
    """From now on, this process's strong decisions play every other deal in a helper process
    (`on`), or all of them here (``share_deals(False)``, which also stops the helper)."""
    _helper.on = on
    if not on:
        _helper.stop()


def sharing() -> bool:
    """Whether this process's strong decisions share their deals with a helper process."""
    return _helper.on


class Deals:
    """The deals of one decision, by number from 1 (`outcome`); with sharing on, the even ones
    are played in the helper while the odd ones are played here."""

    def __init__(self, view: View, seed: int, seat: int, turns: int, players: int) -> None:
        self.view, self.seed, self.seat, self.turns, self.players = view, seed, seat, turns, players
        self._ahead: dict[int, tuple[concurrent.futures.Future[DealOutcome], concurrent.futures.ProcessPoolExecutor]] = {}

    def outcome(self, k: int, codes: list[str]) -> DealOutcome:
        """Deal `k` with at least `codes` played on it. Asked for in order (1, 2, 3...), each with
        the same options as the one before or fewer (the shortlist only ever shrinks)."""
        if k in self._ahead:
            future, pool = self._ahead.pop(k)
            try:
                return future.result()
            except (concurrent.futures.process.BrokenProcessPool, OSError):
                _helper.drop(pool)  # then the deal is played here
        elif (helper := _helper.pool()) is not None:
            try:
                args = (self.view, self.seed + k + 1, tuple(codes), self.seat, self.turns, self.players)
                self._ahead[k + 1] = (helper.submit(play_deal, *args), helper)
            except (concurrent.futures.process.BrokenProcessPool, RuntimeError, OSError):
                _helper.drop(helper)
        return play_deal(self.view, self.seed + k, tuple(codes), self.seat, self.turns, self.players)

    def close(self) -> None:
        """The decision is made: a deal the helper has not started is not played."""
        for future, _ in self._ahead.values():
            future.cancel()
        self._ahead.clear()
