"""Fixtures for the Discord layer's tests: `fake` (a fresh fake Discord, see fakecord.py) and the
autouse `discord_errors`, which fails any test in this folder during which discord.py or the
bot logged an error (discord.py logs and swallows exceptions raised in callbacks)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.discord_ui import botkit
from tests.discord_ui.botkit import Env
from tests.discord_ui.fakecord import Fakecord
from tests.discord_ui.logguard import LogGuard


@pytest.fixture(autouse=True)
def discord_errors() -> Iterator[LogGuard]:
    guard = LogGuard()
    guard.install()
    yield guard
    guard.uninstall()
    guard.check()


@pytest.fixture
async def fake(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Fakecord]:
    """A fake Discord with both HTTP chokepoints patched. At the end of the test it settles,
    closes every bot, and fails the test on any limit or protocol violation that no
    `fake.rejects(...)` expected, and on any interaction the bot never answered."""
    harness = Fakecord()
    harness.install(monkeypatch)
    yield harness
    problems = await harness.teardown()
    if problems:
        pytest.fail("fakecord found problems:\n- " + "\n- ".join(problems), pytrace=False)


@pytest.fixture
async def env(fake: Fakecord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Env]:
    """The real bot on `fake` with its service on a fresh database in `tmp_path`, a hand-moved
    clock, no grace period and the stand-in renderer (see botkit.py)."""
    e = await botkit.start_env(fake, tmp_path, monkeypatch)
    yield e
    await botkit.stop_env(e)
