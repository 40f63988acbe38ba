"""`mocha_playable`: Mocha & Baksheesh registered as playable for one test, so that the surfaces
(command lines, Discord's choices and panel, stats) can be seen offering a second game before the
module's rules land. Its places do nothing yet: such a test follows the choice to the settings, the
table and the records, and does not play the module's rules. The modules a game of Mocha &
Baksheesh implies (the test decks of tests/testkinds.py, once imported) are playable with it."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from bot.engine.modules import modules_of, register_module


@pytest.fixture
def mocha_playable() -> Iterator[None]:
    with playable_mocha():
        yield


@contextmanager
def playable_mocha() -> Iterator[None]:
    held = [m for m in modules_of(("mocha",)) if not m.playable]
    for module in held:
        register_module(dataclasses.replace(module, playable=True))
    try:
        yield
    finally:
        for module in held:
            register_module(module)
