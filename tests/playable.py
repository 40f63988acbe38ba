"""`mocha_playable`: Mocha & Baksheesh registered as playable for one test, so that the surfaces
(command lines, Discord's choices and panel, stats) can be seen offering a second game before the
module's rules land. Its places do nothing yet: such a test follows the choice to the settings, the
table and the records, and does not play the module's rules."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from bot.engine.mocha import MOCHA
from bot.engine.modules import register_module


@pytest.fixture
def mocha_playable() -> Iterator[None]:
    register_module(dataclasses.replace(MOCHA, playable=True))
    try:
        yield
    finally:
        register_module(MOCHA)
