"""Loop detection and the size of the state: the time the kernel takes to find a mandatory loop,
and to reach the step budget in a run that never repeats, with 10, 1,000 and 5,000 objects that
take no part in either.

Run: ``.venv/bin/python bench/bench_loops.py [budget]`` (``budget``: the runaway's step budget,
default 5,000). The step budget bounds steps, not time: loop detection used to serialise the whole
state at every step after the 1,000th, so the runaway took ~11 ms a step with 5,000 objects (issue
13). It now compares positions with Brent's algorithm, serialising only a match, so both figures
should stay flat as the state grows. Tracing off; pure Python only (the figures compare state
sizes, not builds).
"""

from __future__ import annotations

import sys
import time

import tabletop as tt
from tabletop.core import Ability, Phase, Profile, Rule, Rulebook, RuleTable

RULES = RuleTable([Rule("bench.rule", "Players take turns; abilities answer signals.", source="bench")])


def answer(name: str, event: str, reply: str) -> Ability:
    """A forced ability that answers ``event`` with ``reply`` and notes who answered last."""

    def effect(game, act):
        game.state.set_var("last", name)
        game.emit(reply, rule="bench.rule")

    return Ability(name, "triggered", rule="bench.rule", event=event, effect=effect)


def count_up(game, act):
    """The runaway: every tick counts up and sends the next tick, so no position ever repeats."""
    game.state.set_var("n", game.state.vars.get("n", 0) + 1)
    game.emit("tick", rule="bench.rule")


ABILITIES = {
    "P": (answer("P", "ping", "pong"),),
    "Q": (answer("Q", "pong", "ping"),),
    "T": (Ability("T", "triggered", rule="bench.rule", event="tick", effect=count_up),),
}


def rulebook(objects: int, budget: int) -> Rulebook:
    def setup(game):
        game.state.set_turn(first=0, player=0)
        for card in ("P", "Q", "T"):
            game.create("x", "play", card=card, owner=0, controller=0)
        for i in range(objects):
            game.create("z", "bench", card="idle", owner=i % 2, controller=i % 2, power=i % 7, hp=3)

    def act(game, args):
        options = [{"id": "loop", "label": "start a loop"}, {"id": "run", "label": "start a runaway"}]
        game.ask(0, "action", options, "bench.do", rule="bench.rule")

    def do(game, args):
        game.emit("ping" if args["choice"]["id"] == "loop" else "tick", rule="bench.rule", player=0)

    return Rulebook(
        id="loops",
        title="loop detection (bench only)",
        source="bench/bench_loops.py",
        rules=RULES,
        players=(2, 2),
        setup=setup,
        profile=Profile(step_budget=budget),
        flow=(Phase("turn", ("bench.act",), each_player=True, rule="bench.rule"),),
        tasks={"bench.act": act, "bench.do": do},
        card_ability_table=ABILITIES,
    )


def seconds_until(game: tt.Game, choice: str, error: type[Exception]) -> float:
    start = time.perf_counter()
    try:
        game.apply(choice)
    except error:
        return time.perf_counter() - start
    raise AssertionError(f"{choice!r} did not raise {error.__name__}")


def main() -> None:
    budget = int(sys.argv[1]) if len(sys.argv) > 1 else 5_000
    print(f"{'objects':>8}{'find the ping-pong loop':>26}{f'runaway to {budget:,} steps':>28}")
    for objects in (10, 1_000, 5_000):
        game = rulebook(objects, budget).new_game(seed=0, tracing=False)
        found = seconds_until(game, "loop", tt.MandatoryLoop)
        runaway = seconds_until(game, "run", tt.StepBudgetExceeded)
        print(f"{objects:>8}{found * 1000:>23.1f} ms{runaway * 1000:>25.1f} ms")


if __name__ == "__main__":
    main()
