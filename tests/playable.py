"""Which modules count as playable, for one test.

`mocha_playable`: Mocha & Baksheesh and the modules a game of it implies (the test decks of
tests/testkinds.py, once imported) registered as playable (Mocha itself now is; the implied test
modules are not). `only_base_playable`: Mocha & Baksheesh registered as *not* playable, so that a
test can see the surfaces of a bot offering the base game alone (one game in `/istanbul new`, the
base layouts in the panel) and a table whose game stopped being playable."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from bot.engine.modules import BASE, modules_of, register_module


@pytest.fixture
def mocha_playable() -> Iterator[None]:
    with playable_mocha():
        yield


@pytest.fixture
def only_base_playable() -> Iterator[None]:
    with playable_mocha(False):
        yield


@contextmanager
def playable_mocha(playable: bool = True) -> Iterator[None]:
    """Mocha & Baksheesh (with what it implies) registered as `playable` until the block ends."""
    held = [m for m in modules_of(("mocha",)) if m.playable != playable and m.ident != BASE]
    for module in held:
        register_module(dataclasses.replace(module, playable=playable))
    try:
        yield
    finally:
        for module in held:
            register_module(module)
