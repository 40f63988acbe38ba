"""Fixtures for the service tests: a `GameService` on a fresh SQLite file in `tmp_path`, with a
fake clock the test moves by hand and no grace period before computer seats move."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.service import GameService
from tests.service.helpers import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def svc(tmp_path: Path, clock: FakeClock) -> AsyncIterator[GameService]:
    service = await GameService.open(tmp_path / "games.db", clock=clock, grace_seconds=0)
    yield service
    await service.close()
