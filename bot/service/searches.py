"""Searches off the event loop: computer turns and hints run in a bounded pool.

At most `limit` searches run at once (by default one per core); more wait their turn in order,
so the event loop only ever awaits and a click in another game is answered while they think.
The pool is a thread pool by default. With ``processes=True`` the searches run in worker
processes instead (no share of the event loop's GIL: what the bot uses, see
`bot.discord_ui.client`); a search's function and arguments must then be picklable, which every
registered player and engine state is. A worker process shares each strong decision's deals with
a helper process of its own when the machine has a core to spare (`bot.ai.strong_deals`: the same
choice, sooner), so a computer turn in a quiet hour uses both cores; when every worker is busy,
the helpers only take turns with them. A search that dies raises in the caller, which commits
nothing: the game stays at its last accepted move.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import multiprocessing
import os
from collections.abc import Callable
from typing import Any, TypeVar

from ..ai.strong_deals import share_deals

T = TypeVar("T")


def cores() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _ready() -> bool:
    return True


def _worker_start() -> None:
    """How a search worker process starts: strong decisions share their deals with a helper
    process when there is more than one core."""
    share_deals(cores() > 1)


class Searches:
    """The service's pool of searches (`run`); `waiting` and `running` say how busy it is."""

    def __init__(self, limit: int | None = None, *, processes: bool = False) -> None:
        self.limit = limit or cores()
        self.processes = processes
        self._executor: concurrent.futures.Executor | None = None
        self._slots: asyncio.Semaphore | None = None
        self.running = 0
        self.waiting = 0

    def _pool(self) -> concurrent.futures.Executor:
        if self._executor is None:
            if self.processes:  # spawned, not forked: the bot's threads and sockets stay behind
                context = multiprocessing.get_context("spawn")
                self._executor = concurrent.futures.ProcessPoolExecutor(
                    self.limit, mp_context=context, initializer=_worker_start,
                )
            else:
                self._executor = concurrent.futures.ThreadPoolExecutor(self.limit, thread_name_prefix="search")
        return self._executor

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """`work(*args)` in the pool, once a slot is free (never more than `limit` at once)."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.limit)
        self.waiting += 1
        try:
            await self._slots.acquire()
        finally:
            self.waiting -= 1
        self.running += 1
        try:
            pool = self._pool()
            return await asyncio.get_running_loop().run_in_executor(pool, work, *args)
        except concurrent.futures.BrokenExecutor:
            # a worker died (killed, out of memory): this search fails, the caller commits
            # nothing, and the next search starts a fresh pool
            if self._executor is pool:
                self._executor = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise
        finally:
            self.running -= 1
            self._slots.release()

    async def warm(self) -> None:
        """Start every worker now (a worker process imports the bot: about a second), so that the
        first searches do not wait for it."""
        await asyncio.gather(*(self.run(_ready) for _ in range(self.limit)))

    def close(self) -> None:
        """Stop the pool's workers (a search still running finishes first)."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
