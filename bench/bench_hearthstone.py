"""Hearthstone random playouts: full games per second for the two basic decks (mage against paladin).

Run: ``make bench`` or ``.venv/bin/python bench/bench_hearthstone.py [games]``. Prints, tracing off:
random full games per second in one process through the public API (``game.apply`` of a
random legal option, as ``tabletop.testing.random_playout`` does; the best of three runs of the
same games, with the three figures), the same through
``tt.simulate`` with ``workers=1`` and ``workers=2``, and for comparison a traced game. It does so
for the pure-Python sources (the editable install) and then, when ``make compiled`` has built it,
for the wheel whose hot modules Cython compiled (build/compiled), what ``pip install .`` gives.
Goal (issue 7): >= 300 games/s in one process with tracing off. Fireplace, a Python Hearthstone
simulator, manages about 3 random games/s on this kind of machine.

Every rule runs: the coin toss, the mulligan, a draw each turn, every legal play/position/target/
attack as an option, triggers, the death phase, fatigue. Wall-clock figures with 2 workers need
two idle cores.
"""

from __future__ import annotations

import platform
import random
import sys
import time

from builds import also_compiled, build_name, second_run

import tabletop as tt
from tabletop.analysis.agents import RandomAgent
from tabletop.analysis.simulate import simulate


def one_process(games: int, tracing: bool) -> tuple[float, float, float, float]:
    """(games/s wall-clock, games per CPU second, decisions per game, turns per game) of random full
    games through ``Game.apply``. The CPU figure stays put on a busy machine; the wall-clock one does not."""
    rb = tt.rulebook("hearthstone")
    rng = random.Random(1)
    decisions = turns = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        game = rb.new_game(seed=i, tracing=tracing)
        st = game.state
        while st.decision is not None:
            game.apply(rng.choice(game.legal()))
            decisions += 1
        assert game.over
        turns += st.turn["number"]
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    return games / wall, games / cpu, decisions / games, turns / games


def simulated(games: int, workers: int) -> float:
    start = time.perf_counter()
    sim = simulate("hearthstone", RandomAgent(), games=games, seed=1, workers=workers, progress=False)
    wall = time.perf_counter() - start
    assert len(sim) == games and not sim.errors and all(r.finished for r in sim)
    return games / wall


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000
    if not second_run():
        print(f"hearthstone, mage deck vs paladin deck, random agents, {games} games")
        print(f"  Python {platform.python_version()} ({platform.python_implementation()}, {sys.executable})")
    print(f"  {build_name()}:")
    # three runs of the same games: on a shared machine the best is the least disturbed one
    runs = [one_process(games, tracing=False) for _ in range(3)]
    rate, per_cpu, decisions, turns = max(runs)
    print(
        f"    one process, Game.apply, tracing off: {rate:8,.0f} games/s  ({per_cpu:,.0f} per CPU second; "
        f"{decisions:.0f} decisions, {turns:.0f} turns per game; "
        f"{1e6 / (rate * decisions):.1f} us per decision; runs: {', '.join(f'{r[0]:,.0f}' for r in runs)})"
    )
    traced, traced_cpu, _, _ = one_process(max(games // 10, 20), tracing=True)
    print(f"    one process, Game.apply, traced:      {traced:8,.0f} games/s  ({traced_cpu:,.0f} per CPU second)")
    one = simulated(games, 1)
    two = simulated(games, 2)
    print(f"    tt.simulate workers=1:                {one:8,.0f} games/s")
    print(f"    tt.simulate workers=2:                {two:8,.0f} games/s  ({two / one:.2f}x)")
    also_compiled(__file__, sys.argv[1:])
    if not second_run():
        print("  goal: >= 300 games/s in one process, tracing off (Fireplace: ~3 games/s)")


if __name__ == "__main__":
    main()
