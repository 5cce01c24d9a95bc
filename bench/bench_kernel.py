"""Kernel speed: clones and fingerprints of mid-game states, random full memory games, and the
kernel's own cost per decision.

Run: ``make bench`` or ``.venv/bin/python bench/bench_kernel.py``. Prints figures side by side
with ``copy.deepcopy`` of the same state (the baseline a naive engine would pay per branch).
Goals (issue 2): >= 100,000 clones/s on the memory state and >= 20x deepcopy; >= 2,000 random
full 8-pair memory games/s. The last figure is what the kernel alone costs a decision (apply, the
action's step, one event, the state checks, the turn structure, the next ask) in a rulebook
whose rules do nothing else: the floor under every rulebook's playouts.
"""

from __future__ import annotations

import copy
import random
import sys
import time

from builds import also_compiled, build_name, second_run

import tabletop as tt
from tabletop.core import Ability, Phase, Rule, Rulebook, RuleTable


def rate(fn, min_time: float = 0.5) -> float:
    """Calls per second of ``fn``, timed over at least ``min_time`` seconds."""
    n, start = 0, time.perf_counter()
    batch = 1
    while True:
        for _ in range(batch):
            fn()
        n += batch
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return n / elapsed
        batch *= 2


def mid_game(rulebook_id: str, steps: int, **options) -> tt.Game:
    game = tt.rulebook(rulebook_id).new_game(seed=5, tracing=False, **options)
    rng = random.Random(0)
    for _ in range(steps):
        if game.decision is None:
            break
        game.apply(rng.choice(game.legal()))
    return game


def full_games(pairs: int, tracing: bool, seconds: float = 2.0) -> float:
    rb = tt.rulebook("memory")
    rng = random.Random(1)
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = rb.new_game(seed=games, pairs=pairs, tracing=tracing)
        while game.state.decision is not None:
            game.apply(rng.choice(game.legal()))
        games += 1
    return games / (time.perf_counter() - start)


def kernel_floor(decisions: int = 50_000) -> float:
    """Microseconds a decision in a rulebook whose turn asks for one of ten actions, each of which
    sends one event that nothing hears (a listener exists, so the event pipeline runs)."""
    options = [{"id": f"a{i}", "label": f"action {i}"} for i in range(9)] + [{"id": "end", "label": "end"}]

    def ask(game, args):
        game.ask(game.state.turn["player"], "action", list(options), "floor.act", rule="floor.turn")

    def act(game, args):
        if args["choice"]["id"] != "end":
            game.repeat_step()
            game.emit("ping", rule="floor.turn", player=0)

    rb = Rulebook(
        id="floor",
        title="kernel floor (bench only)",
        source="bench/bench_kernel.py",
        rules=RuleTable([Rule("floor.turn", "Players take turns of actions.", source="bench")]),
        players=(2, 2),
        setup=lambda game: None,
        flow=(Phase("turn", ("floor.main",), each_player=True, rule="floor.turn"),),
        tasks={"floor.main": ask, "floor.act": act},
        checks=(lambda game: [],),
        event_handlers={"ping": lambda game, ev: None},
        named_abilities={"never": Ability("never", "triggered", rule="floor.turn", event="nothing")},
    )
    game = rb.new_game(seed=1, tracing=False)
    rng = random.Random(1)
    start = time.process_time()
    for _ in range(decisions):
        game.apply(rng.choice(game.legal()))
    return (time.process_time() - start) / decisions * 1e6


def main() -> None:
    print(f"{build_name()}:")
    print(f"{'state':<22}{'objects':>8}{'clone/s':>12}{'deepcopy/s':>12}{'ratio':>8}{'fingerprint/s':>15}")
    states = [("memory (28 pairs)", "memory", 40, {}), ("berserk_heroes", "berserk_heroes", 30, {})]
    for label, rid, steps, options in states:
        try:
            st = mid_game(rid, steps, **options).state
        except (tt.TabletopError, ImportError, AttributeError) as exc:
            print(f"{label:<22}  (not available: {exc})")
            continue
        clones = rate(st.clone)
        deep = rate(lambda st=st: copy.deepcopy(st), 0.3)
        prints = rate(st.fingerprint)
        print(f"{label:<22}{len(st.objects):>8}{clones:>12,.0f}{deep:>12,.0f}{clones / deep:>7.0f}x{prints:>15,.0f}")
    print()
    print("random full memory games (random agent, public Game.apply):")
    for pairs in (8, 28):
        fast = full_games(pairs, tracing=False)
        traced = full_games(pairs, tracing=True, seconds=1.0)
        print(f"  {pairs:>2} pairs: {fast:>8,.0f} games/s tracing off, {traced:>8,.0f} games/s traced")
    print()
    floor = min(kernel_floor() for _ in range(3))
    print(f"kernel floor: {floor:.2f} us a decision (apply, act, one event, checks, advance, ask; best of 3)")
    if not second_run():
        print()
    also_compiled(__file__, sys.argv[1:])


if __name__ == "__main__":
    main()
