"""Analysis speed: the ordering explorer against brute force, and state-graph enumeration.

Run: ``make bench`` or ``.venv/bin/python bench/bench_analysis.py``.
Goals (issue 3): 10 independent simultaneous triggers explored in under 0.1 s; at least 20,000
distinct states/s when enumerating memory with 3 and 4 pairs.
"""

from __future__ import annotations

import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))  # the test-only toy rulebook

import tabletop as tt
from tabletop.core import Ability, Profile
from tests.kernel.toybook import creature, game_of

BRUTE_UP_TO = 8


def setter(label: str, var: str, value: int) -> Ability:
    def effect(game, act):
        game.state.set_var(var, value)

    return Ability(label, "triggered", rule="toy.ability", event="ping", effect=effect)


def situation(k: int, pairs: bool) -> tt.Game:
    """k triggers on one event: each sets its own variable, or (pairs) shares one with a partner."""
    objects = [creature(f"t{i}", 0, setter(f"t{i}", f"v{i // 2 if pairs else i}", i)) for i in range(k)]
    game = game_of(Profile(ordering="active_player_first"), objects, scripts={"go": _go})
    return game.apply("go:go")


def _go(game):
    game.emit("ping", rule="toy.script", player=0)


def orderings_table() -> None:
    print("orderings: k simultaneous triggers (runs = orderings played to the end)")
    head = f"{'k':>3} {'kind':<18}{'outcomes':>9}{'runs':>7}{'seconds':>10} | "
    print(head + f"{'brute runs':>10}{'brute s':>10}{'same':>6}")
    for k in range(2, 11):
        for pairs in (False, True):
            game = situation(k, pairs)
            reduced = tt.orderings(game)
            kind = f"{k // 2} dependent pairs" if pairs else "independent"
            line = f"{k:>3} {kind:<18}{len(reduced.outcomes):>9}{reduced.runs:>7}{reduced.seconds:>10.4f} |"
            if k <= BRUTE_UP_TO:
                brute = tt.orderings(game, method="brute")
                same = brute.fingerprints == reduced.fingerprints
                line += f"{brute.runs:>10}{brute.seconds:>10.3f}{'yes' if same else 'NO':>6}"
            else:
                line += f"{'-':>10}{'-':>10}{'':>6}"
            print(line)


def explore_table() -> None:
    print()
    print("explore: full enumeration of memory after a seeded shuffle (chance enumerated)")
    print(f"{'pairs':>6}{'states':>9}{'edges':>9}{'seconds':>9}{'states/s':>10}{'edges/s':>10}")
    rb = tt.rulebook("memory")
    tt.explore(rb.new_game(seed=1, pairs=2), depth=3)  # warm up: imports networkx
    for pairs in (3, 4):
        game = rb.new_game(seed=1, pairs=pairs)
        start = time.perf_counter()
        sg = tt.explore(game, depth=10_000)
        secs = time.perf_counter() - start
        edges = sg.graph.number_of_edges()
        print(f"{pairs:>6}{len(sg):>9}{edges:>9}{secs:>9.3f}{len(sg) / secs:>10,.0f}{edges / secs:>10,.0f}")


if __name__ == "__main__":
    orderings_table()
    explore_table()
