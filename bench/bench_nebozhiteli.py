"""Nebozhiteli: random full games per second, traced and untraced, and the greedy agent against random play.

Run: ``make bench`` or ``.venv/bin/python bench/bench_nebozhiteli.py [games]``. Prints, for the default
options and for the "as soon as" reading of death (option death_check, 003 L40), games/s and decisions/s
with tracing on and off, the mean decisions and trace records per game, and how the games ended; then a
few games of the greedy agent (tabletop.games.nebozhiteli.agent) against random play, with its wins and
the seconds a game.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter

from builds import also_compiled, build_name

import tabletop as tt
from tabletop.analysis.agents import RandomAgent
from tabletop.games.nebozhiteli import NebozhiteliAgent
from tabletop.testing import random_playout

RB = tt.rulebook("nebozhiteli")


def run(games: int, tracing: bool, options: dict) -> tuple[float, int, int, Counter]:
    decisions = records = 0
    ends: Counter = Counter()
    start = time.perf_counter()
    for seed in range(games):
        game = RB.new_game(seed=seed, tracing=tracing, **options)
        random_playout(game, random.Random(seed), max_steps=20_000)
        decisions += len(game.history)
        records += len(game.trace)
        ends[game.result["rule"] if game.result else "unfinished"] += 1
    return time.perf_counter() - start, decisions, records, ends


def agent_games(games: int) -> tuple[int, int, float]:
    wins = played = 0
    start = time.perf_counter()
    for seed in range(games):
        seat = seed % 2
        agents = [RandomAgent(seed=seed), RandomAgent(seed=seed)]
        agents[seat] = NebozhiteliAgent(seed=seed)
        game = RB.new_game(seed=seed, tracing=False)
        while not game.over:
            p = game.decision.player
            game.apply(agents[p].choose(game, p))
        wins += seat in game.result["winners"]
        played += 1
    return wins, played, time.perf_counter() - start


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    print(f"random Nebozhiteli games, {games} per row, {build_name()}")
    print(
        f"{'reading':>14} {'tracing':>8} {'games/s':>9} {'decisions/s':>12} {'decisions/game':>15} {'records/game':>13}"
    )
    for name, options in (("end of phase", {}), ("as soon as", {"death_check": "as_soon_as"})):
        for tracing in (True, False):
            wall, decisions, records, ends = run(games, tracing, options)
            print(
                f"{name:>14} {tracing!s:>8} {games / wall:>9.1f} {decisions / wall:>12,.0f} "
                f"{decisions / games:>15.0f} {records / games:>13.0f}"
            )
        print(f"{'':>14} ends: {dict(ends)}")
    wins, played, wall = agent_games(max(games // 4, 2))
    print(f"greedy agent against random play: {wins} of {played} won, {wall / played:.2f} s a game")
    also_compiled(__file__, sys.argv[1:])


if __name__ == "__main__":
    main()
