"""Fail a test when discord.py (or the bot) logged an error.

discord.py catches exceptions raised in command callbacks, view and dynamic item callbacks,
modals and event handlers, logs them ("Ignoring exception in ...") and carries on, so a test
that only looks at what was sent can pass while a handler crashed. `LogGuard` collects every
record at ERROR or above from the `discord` and `bot` logger trees; `check()` fails the test
with each record's message and traceback. The autouse fixture `discord_errors` in this
folder's conftest runs it after every test.
"""

from __future__ import annotations

import logging
import traceback

import pytest

LOGGERS = ("discord", "bot")


class LogGuard(logging.Handler):
    def __init__(self, loggers: tuple[str, ...] = LOGGERS) -> None:
        super().__init__(level=logging.ERROR)
        self.loggers = loggers
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def install(self) -> None:
        for name in self.loggers:
            logging.getLogger(name).addHandler(self)

    def uninstall(self) -> None:
        for name in self.loggers:
            logging.getLogger(name).removeHandler(self)

    def clear(self) -> None:
        """Forget what was logged so far (after a test has checked an expected error)."""
        self.records.clear()

    def report(self) -> str:
        parts = []
        for r in self.records:
            text = f"[{r.name}] {r.levelname}: {r.getMessage()}"
            if r.exc_info and r.exc_info[0] is not None:
                text += "\n" + "".join(traceback.format_exception(*r.exc_info)).rstrip()
            parts.append(text)
        return "\n\n".join(parts)

    def check(self) -> None:
        """Fail the running test if anything was logged at ERROR or above."""
        if self.records:
            pytest.fail(f"discord.py or the bot logged {len(self.records)} error(s) "
                        f"(discord.py swallows exceptions in callbacks):\n\n{self.report()}", pytrace=False)
