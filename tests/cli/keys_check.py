"""One check for the terminal's keys of a decision: no two options share a key, and each key
reads back as its own option."""

from __future__ import annotations

from bot.cli.play_input import Pick, option_keys, read_answer
from bot.engine import Decision


def checked_keys(d: Decision) -> list[str]:
    """The keys of `d`'s options, after asserting they are distinct and each picks its option."""
    keys = option_keys(d)
    assert len(set(keys)) == len(keys), (d.kind, keys)
    for key, option in zip(keys, d.options, strict=True):
        assert read_answer(key, d) == Pick(option.code), (d.kind, key)
    return keys
