"""Game.clone at a long traced history: does a clone cost more as the trace and history grow?

Run: ``.venv/bin/python bench/bench_clone.py [--old DIR]``. Prints, for a traced 28-pair memory game
played on by a random agent to 10, 100 and 1,000 decisions (and a traced Hearthstone game to 10, 100
decisions and its end, at 164), the microseconds a ``game.clone()`` takes (the best of seven batches), the
trace's and the history's lengths, and the cost at the longest history over the shortest.
Issue 14: a clone copied the trace and the history (lists), so its cost grew with the game's length;
they are now shared lists (``tabletop.core.trace.SharedList``) whose copies share their frozen chunks.

``--old DIR`` measures the same games, in a child process, on the ``tabletop`` package found in DIR
and prints both side by side; make DIR from the code before the change with
``mkdir /tmp/old && git archive main tabletop | tar -x -C /tmp/old``.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time

# (rulebook, options, seed, decisions): seed 0 of Hearthstone ends after 164 decisions with this agent
GAMES = [("memory", {"pairs": 28}, 3, (10, 100, 1000)), ("hearthstone", {}, 0, (10, 100, 1000))]


def played(rulebook_id: str, options: dict, seed: int, decisions: int):
    """A traced game played on by a random agent for ``decisions`` decisions (or to its end)."""
    import tabletop as tt

    game = tt.rulebook(rulebook_id).new_game(seed=seed, tracing=True, **options)
    rng = random.Random(0)
    made = 0
    while made < decisions and game.decision is not None:
        game.apply(rng.choice(game.legal()))
        made += 1
    return game, made


def clone_us(game, batches: int = 7, seconds: float = 0.03) -> float:
    """CPU microseconds per ``game.clone()``: the best of ``batches`` batches (CPU time, and the best
    batch, since a shared machine is noisy)."""
    n = 1
    while True:  # a batch of about ``seconds``
        start = time.process_time()
        for _ in range(n):
            game.clone()
        if time.process_time() - start >= seconds:
            break
        n *= 2
    best = float("inf")
    for _ in range(batches):
        start = time.process_time()
        for _ in range(n):
            game.clone()
        best = min(best, (time.process_time() - start) / n)
    return best * 1e6


def measure() -> list[dict]:
    rows = []
    for rulebook_id, options, seed, sizes in GAMES:
        for size in sizes:
            game, made = played(rulebook_id, options, seed, size)
            rows.append(
                {
                    "game": rulebook_id,
                    "decisions": made,
                    "trace": len(game.trace),
                    "history": len(game.history),
                    "us": clone_us(game),
                }
            )
    return rows


def main() -> None:
    if "--json" in sys.argv:
        print(json.dumps(measure()))
        return
    old = None
    if "--old" in sys.argv:
        tree = sys.argv[sys.argv.index("--old") + 1]
        env = {**os.environ, "PYTHONPATH": os.path.abspath(tree)}
        out = subprocess.run([sys.executable, __file__, "--json"], env=env, check=True, capture_output=True, text=True)
        old = json.loads(out.stdout)
    new = measure()
    print("Game.clone() of a traced game played on by a random agent (CPU us per clone, best of 7 batches)")
    head = f"  {'game':12s} {'decisions':>9s} {'records':>8s} {'history':>8s} {'new us':>8s}"
    print(head + (f" {'old us':>8s} {'old/new':>8s}" if old else ""))
    for k, row in enumerate(new):
        line = f"  {row['game']:12s} {row['decisions']:9,d} {row['trace']:8,d} {row['history']:8,d} {row['us']:8.2f}"
        if old:
            assert (old[k]["game"], old[k]["trace"]) == (row["game"], row["trace"]), "old and new played apart"
            line += f" {old[k]['us']:8.2f} {old[k]['us'] / row['us']:8.2f}"
        print(line)
    for name in dict.fromkeys(r["game"] for r in new):
        mine = [r for r in new if r["game"] == name]
        ratio = f"{mine[-1]['us'] / mine[0]['us']:.2f}x"
        if old:
            theirs = [r for r in old if r["game"] == name]
            ratio += f" (old: {theirs[-1]['us'] / theirs[0]['us']:.2f}x)"
        print(f"  {name}: a clone at {mine[-1]['decisions']:,} decisions costs {ratio} one at {mine[0]['decisions']}")


if __name__ == "__main__":
    main()
