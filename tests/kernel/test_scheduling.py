"""Scheduling inside one step: pushes run in the order made, and questions never see stale options."""

from __future__ import annotations

import pytest

from tabletop.core import Phase, Profile, RuleError

from .toybook import creature, game_of, logged, logs


def stepping(container: str, *, ask_inline: bool = False, drain: bool = False):
    """A turn whose step acts, then asks the next question through a pushed task (or inline)."""

    def step(game, args):
        choice = args.get("choice")
        if choice is not None and choice["id"] == "stop":
            return
        if choice is not None:
            game.emit("ping", rule="toy.script", player=0)  # triggers "w"
            game.emit("tick", rule="toy.script")
            if drain:
                game.push("k.drain")
            if not ask_inline:
                game.push("toy.ask")
                return
        ask(game, {})

    def ask(game, args):
        seen = len(game.state.vars.get("log", ()))
        options = [{"id": "again", "label": f"again ({seen} seen)"}, {"id": "stop", "label": "stop"}]
        game.ask(0, "action", options, "toy.step", prompt="again?", rule="toy.turn")

    objects = [creature("w", 0, logs("w"))]
    flow = (Phase("turn", ("toy.begin", "toy.step"), each_player=True, rule="toy.turn"),)
    return game_of(Profile(container=container), objects, flow=flow, tasks={"toy.step": step, "toy.ask": ask})


def test_a_pushed_question_comes_after_the_events_and_nested_triggers():
    game = stepping("nested").apply("again")
    assert game.state.vars["n"] == 1 and logged(game) == ["w"]
    assert game.decision.options[0].label == "again (1 seen)"


@pytest.mark.parametrize("container", ["queue", "stack"])
def test_no_action_is_asked_while_abilities_wait_in_the_container(container):
    game = stepping(container)
    with pytest.raises(RuleError, match=f"while 1 abilities wait in the {container}"):
        game.apply("again")
    assert game.decision.options[0].label == "again (0 seen)"  # the failed step changed nothing


@pytest.mark.parametrize("container", ["queue", "stack"])
def test_k_drain_resolves_what_waits_before_the_next_task(container):
    game = stepping(container, drain=True).apply("again")
    assert logged(game) == ["w"] and game.state.queue == []
    assert game.decision.options[0].label == "again (1 seen)"


@pytest.mark.parametrize("container", ["nested", "queue", "stack"])
def test_asking_after_scheduling_in_the_same_step_opens_the_decision_once_those_tasks_have_run(container):
    """The kernel defers a decision asked for after its step emitted (k.ask): the events happen and
    the ability they trigger resolves first (an action waits for the container too); its options are
    those the step computed when it asked."""
    game = stepping(container, ask_inline=True).apply("again")
    assert logged(game) == ["w"] and game.state.queue == []
    assert game.decision.kind == "action" and game.decision.options[0].label == "again (0 seen)"
    assert game.apply("again").decision.options[0].label == "again (1 seen)"


def test_a_paused_game_survives_save_and_load():
    import tabletop as tt

    game = stepping("queue", drain=True).apply("again")
    loaded = tt.load_game(game.to_json(), rulebook=game.rulebook)
    assert loaded.fingerprint() == game.fingerprint()
    assert loaded.apply("again").fingerprint() == game.apply("again").fingerprint()
