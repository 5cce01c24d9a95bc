"""Simulation throughput: random 8-pair memory games in one process and in two.

Run: ``make bench`` or ``.venv/bin/python bench/bench_simulate.py [games]``. Prints games/s
with ``workers=1`` and ``workers=2`` side by side, and the speed-up. Goal (issue 3): >= 1.7x on
2 cores, timed over enough games (2,000 by default) that starting the processes is amortised.

Wall-clock figures need two idle cores. The CPU seconds each run used (this process plus its
worker processes) are printed too: they show the cost of splitting the work (pickling, process
start-up, chunking) even on a busy machine, and the speed-up two idle cores would give.
"""

from __future__ import annotations

import os
import resource
import sys
import time

from tabletop.analysis.agents import RandomAgent
from tabletop.analysis.simulate import simulate


def cpu_seconds() -> float:
    """CPU time of this process and of its finished child processes."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def measure(workers: int, games: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds) for ``games`` random games with ``workers``."""
    cpu, start = cpu_seconds(), time.perf_counter()
    sim = simulate("memory", RandomAgent(), games=games, seed=1, options={"pairs": 8}, workers=workers, progress=False)
    wall = time.perf_counter() - start
    assert len(sim) == games and not sim.errors
    return wall, cpu_seconds() - cpu


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000
    simulate("memory", RandomAgent(), games=20, options={"pairs": 8}, workers=1, progress=False)  # warm up
    wall1, cpu1 = measure(1, games)
    wall2, cpu2 = measure(2, games)
    load = os.getloadavg()[0]
    print(f"random memory games (8 pairs), {games} games; {os.cpu_count()} CPUs, load average {load:.2f}")
    print(f"{'':<22}{'workers=1':>12}{'workers=2':>12}{'ratio':>9}")
    print(f"{'games/s (wall clock)':<22}{games / wall1:>12,.0f}{games / wall2:>12,.0f}{wall1 / wall2:>8.2f}x")
    print(f"{'CPU seconds':<22}{cpu1:>12.2f}{cpu2:>12.2f}{cpu2 / cpu1:>8.2f}x")
    print(f"estimated speed-up on two idle cores (from CPU time): {2 * cpu1 / cpu2:.2f}x; goal >= 1.7x")


if __name__ == "__main__":
    main()
