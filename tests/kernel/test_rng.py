"""Seeded random streams: weighted draws pick by running totals, the same on every machine."""

from __future__ import annotations

import random

from tabletop.core import rng


def reference_draw(value: int, weights: list[float] | None, n: int) -> tuple[int, int]:
    """The rule spelled out: u uniform in [0, total); the first index whose running total exceeds u."""
    value, bits = rng.next_u64(value)
    if weights is None:
        return value, (bits * n) >> 64
    u = bits / 2.0**64 * sum(weights)
    acc = 0.0
    for i, w in enumerate(weights):
        acc += w
        if u < acc:
            return value, i
    return value, n - 1


def test_weighted_draws_follow_the_running_totals():
    r = random.Random(7)
    value = rng.seed_stream(3, "deck:0")
    for _ in range(3000):
        n = r.randint(1, 12)
        weights = [r.choice([0, 1, 2, 3]) / 30 for _ in range(n)]
        if not any(weights):
            weights[r.randrange(n)] = 1.0
        expected = reference_draw(value, weights, n)
        assert rng.draw_index(value, weights, n) == expected
        value = expected[0]


def test_a_zero_weight_is_never_drawn_and_uniform_draws_cover_every_index():
    value = rng.seed_stream("s", "x")
    seen = set()
    for _ in range(500):
        value, i = rng.draw_index(value, [0.5, 0.0, 0.5], 3)
        assert i != 1
        value, j = rng.draw_index(value, None, 4)
        seen.add(j)
    assert seen == {0, 1, 2, 3}
