"""Tasks by function (tasks.py): registered under a name, scheduled and resumed by the function, the
answer to a decision arriving as the ``choice`` parameter and the cause threaded by the kernel."""

from __future__ import annotations

import pytest

import tabletop as tt
from tabletop.core import Phase, Profile, RuleError, Table, TaskTable

from .toybook import make

tasks = TaskTable()


@tasks("toy.count")
def count(game: Table, *, upto: int, choice: dict | None = None) -> None:
    """Ask how far to count, then note each number in its own task."""
    if choice is None:
        options = [{"id": str(n), "label": f"count to {n}"} for n in (1, 2, 3)]
        game.ask(0, "how_far", options, count, prompt="how far?", rule="toy.turn", args={"upto": upto})
        return
    for n in range(1, min(int(choice["id"]), upto) + 1):
        game.push(say, n=n)


@tasks("toy.say")
def say(game: Table, *, n: int) -> None:
    game.state.vars["log"] = [*game.state.vars.get("log", ()), n]
    game.record("action", lambda: f"say {n}", "toy.turn")


@tasks("toy.start")
def start(game: Table) -> None:
    game.push(count, upto=2)


def counting(tracing: bool = True) -> tt.Game:
    rb = make(Profile(), [], flow=(Phase("turn", ("toy.start",), rule="toy.turn"),), tasks=tasks)
    return rb.new_game(seed=0, tracing=tracing)


def test_a_registered_function_is_scheduled_and_resumed_by_itself_and_saved_by_its_name():
    game = counting()
    data = game.state.decision
    assert data["resume"] == ["toy.count", {"upto": 2}]  # the name, plain data: the game saves as JSON
    game.apply("3")
    assert game.state.vars["log"] == [1, 2]  # the choice arrived as a parameter; upto=2 kept
    loaded = tt.load_game(game.to_json(), rulebook=game.rulebook)
    assert loaded.fingerprint() == game.fingerprint()


def test_the_cause_is_the_kernels_business_the_task_never_sees_it():
    game = counting().apply("1")
    said = [r for r in game.trace if r["summary"] == "say 1"]
    decision = next(r for r in game.trace if r["kind"] == "decision")
    # the cause was threaded from the choice to the step; say() takes no cause, yet ran in a traced game
    assert len(said) == 1 and said[0]["cause"] == decision["i"]


def test_a_lazy_summary_is_made_only_when_the_game_is_traced():
    made = []

    def summary() -> str:
        made.append(1)
        return "made"

    game = counting(tracing=False)
    assert game.table.record("action", summary, "toy.turn") is None and made == []
    traced = counting(tracing=True)
    i = traced.table.record("action", summary, "toy.turn")
    assert traced.trace[i]["summary"] == "made" and made == [1]


def test_a_function_that_is_no_registered_task_is_refused_with_its_name():
    game = counting()

    def stray(game: Table) -> None:
        pass

    with pytest.raises(RuleError, match=r"stray.* is not a registered task"):
        game.table.push(stray)
    assert game.state.work == []


def test_a_name_registered_twice_is_refused():
    table = TaskTable()
    table("toy.x")(lambda game: None)
    with pytest.raises(RuleError, match=r"'toy\.x' is registered twice"):
        table("toy.x")(lambda game: None)


def test_a_function_keeps_the_one_name_it_was_registered_under():
    other = TaskTable()
    with pytest.raises(RuleError, match=r"registered as task 'toy\.say' already"):
        other("toy.said")(say)


def test_an_argument_the_task_does_not_take_names_the_task():
    game = counting()
    game.state.decision = None  # (as if the step had not asked yet)
    game.table.push(say, n=1, colour="red")
    with pytest.raises(TypeError, match=r"say\(\) got an unexpected keyword argument 'colour'"):
        game.table._run()


def test_a_phase_names_its_steps_by_their_functions():
    """Phase(steps=(fn, ...)) keeps the registered names (what the cursor and saved games use)."""
    phase = Phase("turn", (start, "toy.say"), rule="toy.turn")
    assert phase.steps == ("toy.start", "toy.say")
    rb = make(Profile(), [], flow=(Phase("turn", (start,), rule="toy.turn"),), tasks=tasks)
    assert rb.new_game(seed=0).state.decision["resume"] == ["toy.count", {"upto": 2}]
