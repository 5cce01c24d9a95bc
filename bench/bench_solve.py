"""tt.solve on every shipped puzzle: seconds (the best of three), positions searched, and the answer.

Issue 17 asks for each starter puzzle to be solved in under 5 s on this machine; this prints the figures
(the tests pin the answers, never the time).

    .venv/bin/python bench/bench_solve.py
"""

from __future__ import annotations

import time

import tabletop as tt


def main() -> None:
    print(f"{'rulebook':<20} {'puzzle':<28} {'best s':>8} {'positions':>10} {'shortest':>8} {'solutions':>10}")
    worst = 0.0
    for rb_id in tt.rulebooks():
        rb = tt.rulebook(rb_id)
        for name in rb.puzzles:
            puzzle = rb.puzzle(name)
            times = []
            for _ in range(3):
                start = time.perf_counter()
                sol = tt.solve(puzzle)
                times.append(time.perf_counter() - start)
            best = min(times)
            worst = max(worst, best)
            shortest = "-" if sol.shortest is None else str(sol.shortest)
            print(f"{rb_id:<20} {name:<28} {best:8.3f} {sol.explored:>10} {shortest:>8} {sol.count:>10}")
    print(f"slowest: {worst:.3f} s (goal: under 5 s each)")


if __name__ == "__main__":
    main()
