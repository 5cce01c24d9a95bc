"""Marvel Champions: random full games, traced and untraced, 1 to 4 players.

Run: ``make bench`` or ``.venv/bin/python bench/bench_marvel_champions.py [games]``. Prints, per
number of players, games/s and decisions/s with tracing on and off, the mean decisions and trace
records per game, and how the games ended.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from builds import also_compiled, build_name

import tabletop as tt
from tabletop.testing import random_playout

RB = tt.rulebook("marvel_champions")


def run(players: int, games: int, tracing: bool) -> tuple[float, int, int, Counter]:
    decisions = records = 0
    ends: Counter = Counter()
    start = time.perf_counter()
    for seed in range(games):
        game = RB.new_game(seed=seed, players=players, tracing=tracing)
        random_playout(game, random.Random(seed), max_steps=20_000)
        decisions += len(game.history)
        records += len(game.trace)
        ends[game.result["reason"] if game.result else "unfinished"] += 1
    return time.perf_counter() - start, decisions, records, ends


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    print(f"random Marvel Champions games, {games} per row, {build_name()}")
    print(
        f"{'players':>7} {'tracing':>8} {'games/s':>9} {'decisions/s':>12} {'decisions/game':>15} {'records/game':>13}"
    )
    for players in (1, 2, 3, 4):
        for tracing in (True, False):
            wall, decisions, records, ends = run(players, games, tracing)
            print(
                f"{players:>7} {tracing!s:>8} {games / wall:>9.1f} {decisions / wall:>12,.0f} "
                f"{decisions / games:>15.0f} {records / games:>13.0f}"
            )
        print(f"{'':>7} ends: {dict(ends)}")
    also_compiled(__file__, sys.argv[1:])


if __name__ == "__main__":
    main()
