"""Named, seeded random streams held as plain integers in the state.

A stream is one 64-bit integer advanced by SplitMix64, so a state with its streams is cloned
and saved as plain data, and the same seed gives the same draws on every machine.
"""

from __future__ import annotations

import hashlib
from bisect import bisect_right
from itertools import accumulate

_MASK = (1 << 64) - 1


def seed_stream(seed: int | str, name: str) -> int:
    """The initial value of stream ``name`` for a game seeded with ``seed``."""
    digest = hashlib.blake2b(f"{seed}/{name}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


def next_u64(value: int) -> tuple[int, int]:
    """Advance a stream: returns (new stream value, 64 random bits)."""
    value = (value + 0x9E3779B97F4A7C15) & _MASK
    z = value
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return value, z ^ (z >> 31)


def draw_index(value: int, weights: list[float] | None, n: int) -> tuple[int, int]:
    """Pick an index in ``range(n)``, uniformly or by ``weights``; returns (stream, index)."""
    # (next_u64, inline: one draw per chance decision)
    value = (value + 0x9E3779B97F4A7C15) & _MASK
    z = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    bits = z ^ (z >> 31)
    if weights is None:
        return value, (bits * n) >> 64
    u = bits / 18446744073709551616.0 * sum(weights)
    # the first index whose running total exceeds u (the running totals summed left to right)
    i = bisect_right(list(accumulate(weights)), u)
    return value, min(i, n - 1)
