"""What a rulebook's own bench prints (bench_nebozhiteli.py, bench_gw2_heroes_of_the_mists.py, bench_warlord.py):
random full games per second under each reading given, traced and untraced, with the mean decisions and trace
records a game and how the games ended; then a few games of the rulebook's greedy agent against random play.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Callable

from builds import also_compiled, build_name

import tabletop as tt
from tabletop.analysis.agents import RandomAgent
from tabletop.testing import random_playout


def run(rb: tt.Rulebook, games: int, tracing: bool, options: dict) -> tuple[float, int, int, Counter]:
    """Seconds, decisions, trace records and how the games ended, for ``games`` seeded random games."""
    decisions = records = 0
    ends: Counter = Counter()
    start = time.perf_counter()
    for seed in range(games):
        game = rb.new_game(seed=seed, tracing=tracing, **options)
        random_playout(game, random.Random(seed), max_steps=20_000)
        decisions += len(game.history)
        records += len(game.trace)
        ends[game.result["rule"] if game.result else "unfinished"] += 1
    return time.perf_counter() - start, decisions, records, ends


def agent_games(rb: tt.Rulebook, agent: Callable[..., object], games: int) -> tuple[int, int, float]:
    """Wins, games and seconds of ``agent`` against random play, taking each seat in turn."""
    wins = played = 0
    start = time.perf_counter()
    for seed in range(games):
        seat = seed % 2
        agents = [RandomAgent(seed=seed), RandomAgent(seed=seed)]
        agents[seat] = agent(seed=seed)
        game = rb.new_game(seed=seed, tracing=False)
        while not game.over:
            p = game.decision.player
            game.apply(agents[p].choose(game, p))  # type: ignore[attr-defined]
        wins += seat in game.result["winners"]
        played += 1
    return wins, played, time.perf_counter() - start


def main(script: str, rulebook_id: str, title: str, agent: Callable[..., object], readings: dict[str, dict]) -> None:
    """Print the figures for ``rulebook_id`` under each of ``readings`` (name -> options); ``script`` is the
    caller's ``__file__``, run again on the compiled build."""
    rb = tt.rulebook(rulebook_id)
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    width = max(10, *map(len, readings))
    print(f"random {title} games, {games} per row, {build_name()}")
    print(
        f"{'reading':>{width}} {'tracing':>8} {'games/s':>9} {'decisions/s':>12} {'decisions/game':>15} "
        f"{'records/game':>13}"
    )
    for name, options in readings.items():
        for tracing in (True, False):
            wall, decisions, records, ends = run(rb, games, tracing, options)
            print(
                f"{name:>{width}} {tracing!s:>8} {games / wall:>9.1f} {decisions / wall:>12,.0f} "
                f"{decisions / games:>15.0f} {records / games:>13.0f}"
            )
        print(f"{'':>{width}} ends: {dict(ends)}")
    wins, played, wall = agent_games(rb, agent, max(games // 4, 2))
    print(f"greedy agent against random play: {wins} of {played} won, {wall / played:.2f} s a game")
    also_compiled(script, sys.argv[1:])
