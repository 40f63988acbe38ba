"""Which modules count as playable, for one test.

`mocha_playable`: Mocha & Baksheesh and the modules a game of it implies registered as playable
(Mocha itself is). `letters_playable`: the same for Letters & Seals (itself playable too). The
test-only module of tests/testkinds.py is implied by nothing and stays unplayable.
`only_base_playable`: Mocha & Baksheesh and Letters & Seals registered as *not* playable, so that
a test can see the surfaces of a bot offering the base game alone (one game in `/istanbul new`,
the base layouts in the panel) and a table whose game stopped being playable."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

import pytest

from bot.engine.modules import BASE, modules_of, register_module


@pytest.fixture
def mocha_playable() -> Iterator[None]:
    with playable_mocha():
        yield


@pytest.fixture
def letters_playable() -> Iterator[None]:
    with playable_letters():
        yield


@pytest.fixture
def only_base_playable() -> Iterator[None]:
    with playable_mocha(False), playable_letters(False):
        yield


@contextmanager
def playable_modules(expansions: tuple[str, ...], playable: bool = True) -> Iterator[None]:
    """The modules of a game of `expansions` (with what they imply) registered as `playable`
    until the block ends."""
    held = [m for m in modules_of(expansions) if m.playable != playable and m.ident != BASE]
    for module in held:
        register_module(dataclasses.replace(module, playable=playable))
    try:
        yield
    finally:
        for module in held:
            register_module(module)


def playable_mocha(playable: bool = True) -> AbstractContextManager[None]:
    """Mocha & Baksheesh (with what it implies) registered as `playable` until the block ends."""
    return playable_modules(("mocha",), playable)


def playable_letters(playable: bool = True) -> AbstractContextManager[None]:
    """Letters & Seals (with what it implies) registered as `playable` until the block ends."""
    return playable_modules(("letters",), playable)
