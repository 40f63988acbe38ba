"""The game's own generator: every outcome is derived from (seed, counter) and advances the counter.

No global `random`: the value of an outcome depends only on the seed and the counter, through
BLAKE2b, so a replay never depends on the Python version.
"""

from __future__ import annotations

from hashlib import blake2b


def outcome(seed: int, counter: int, index: int = 0) -> int:
    """A 64-bit number for outcome `counter` (and sub-draw `index` within a shuffle)."""
    digest = blake2b(f"{seed}:{counter}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def dice(seed: int, counter: int) -> tuple[int, int]:
    value = outcome(seed, counter)
    return value % 6 + 1, (value // 6) % 6 + 1


def pick(seed: int, counter: int, n: int) -> int:
    """A uniform index in [0, n) (the bias of a 64-bit modulus is negligible)."""
    return outcome(seed, counter) % n


def shuffled(seed: int, counter: int, items: tuple[str, ...]) -> tuple[str, ...]:
    """Fisher-Yates with sub-draws of one outcome."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = outcome(seed, counter, i + 1) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)
