"""Simulation throughput: random 8-pair memory games in one process and in two.

Run: ``make bench`` or ``.venv/bin/python bench/bench_simulate.py [games]``. Prints games/s
with ``workers=1`` and ``workers=2`` side by side, and the speed-up. Goal (issue 3): >= 1.7x on
2 cores, timed over enough games (2,000 by default) that starting the processes is amortised.
"""

from __future__ import annotations

import os
import sys
import time

from tabletop.analysis.agents import RandomAgent
from tabletop.analysis.simulate import simulate


def rate(workers: int, games: int) -> tuple[float, float]:
    start = time.perf_counter()
    sim = simulate("memory", RandomAgent(), games=games, seed=1, options={"pairs": 8}, workers=workers, progress=False)
    elapsed = time.perf_counter() - start
    assert len(sim) == games and not sim.errors
    return games / elapsed, elapsed


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000
    simulate("memory", RandomAgent(), games=20, options={"pairs": 8}, workers=1, progress=False)  # warm up
    one, t1 = rate(1, games)
    two, t2 = rate(2, games)
    print(f"random memory games (8 pairs), {games} games, {os.cpu_count()} CPUs")
    print(f"{'workers=1 games/s':>18}{'workers=2 games/s':>19}{'speed-up':>10}{'goal':>7}")
    print(f"{one:>18,.0f}{two:>19,.0f}{two / one:>9.2f}x{'>=1.7x':>7}")
    print(f"{'(' + format(t1, '.2f') + 's)':>18}{'(' + format(t2, '.2f') + 's)':>19}")


if __name__ == "__main__":
    main()
