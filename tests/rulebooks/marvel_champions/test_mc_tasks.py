"""The rulebook's tasks (issue 14's rule-author API): every step registered by function on one TaskTable under the
name saved games hold, resumed with the answer as its ``choice`` parameter, scheduled by the function."""

import inspect

from mc import RB

import tabletop as tt
from tabletop.core import TaskTable
from tabletop.games.marvel_champions import engine as E
from tabletop.games.marvel_champions import turn as T
from tabletop.games.marvel_champions import villain as V

# the names the work stacks and decisions of saved games hold: they may never change
SAVED_NAMES = {
    *("mc.take", "mc.taken", "mc.effects", "mc.indirect", "mc.first_player_target", "mc.uses_check"),
    *("mc.turn_start", "mc.turn", "mc.basic", "mc.consequential", "mc.overkill_minion", "mc.play", "mc.pay"),
    *("mc.play_choose", "mc.play_begin", "mc.play_done", "mc.window_event", "mc.over_limit", "mc.end_discard"),
    *("mc.end_draw", "mc.end_ready", "mc.v_threat", "mc.v_activate", "mc.villain_actions", "mc.minions"),
    *("mc.enemy_activation", "mc.activation_emit", "mc.activation_end", "mc.boost_deal", "mc.defend"),
    *("mc.boost_flip", "mc.boost_discard", "mc.attack_damage", "mc.overkill_ally", "mc.scheme_threat", "mc.v_deal"),
    *("mc.v_reveal", "mc.reveal_queue", "mc.reveal", "mc.reveal_done", "mc.enters", "mc.v_pass"),
}


def test_every_task_is_a_registered_function_under_its_saved_name():
    """Each task is a function of the table and keyword arguments (the kernel strips the cause), registered on the
    rulebook's TaskTable under the name it had before the migration."""
    assert isinstance(RB.tasks, TaskTable)
    assert set(RB.tasks) == SAVED_NAMES
    for name, handler in RB.tasks.items():
        fn = handler.__wrapped__  # (a plain ``(game, args)`` handler has none)
        assert fn.__task__ == name
        params = list(inspect.signature(fn).parameters.values())
        assert params[0].name == "game", name
        assert all(p.kind is p.KEYWORD_ONLY for p in params[1:]), name
        assert "args" not in inspect.signature(fn).parameters, name


def test_a_resumed_task_takes_the_answer_as_choice():
    """The decisions a random game opens resume registered tasks; each of them takes ``choice``."""
    resumed = set()
    game = RB.new_game(seed=3, players=2, chance="manual")  # (draws open as decisions too)
    for _ in range(400):
        if game.result is not None:
            break
        resumed.add(game.state.decision["resume"][0])
        game.apply(game.decision.options[-1].id)
    assert {"mc.turn", "mc.taken"} <= resumed
    for name in resumed:
        if name.startswith("mc."):
            assert "choice" in inspect.signature(RB.tasks[name].__wrapped__).parameters, name


def test_tasks_are_scheduled_by_function():
    """Scheduling by the function puts the registered name on the work stack (a paused game saves as plain data)."""
    game = RB.new_game(seed=0, players=1)
    table = game.table
    before = len(table.state.work)
    table.push(V.t_boost_deal, enemy="x")
    assert table.state.work[before][0] == "mc.boost_deal"
    assert E.t_take.__task__ == "mc.take" and T.t_pay.__task__ == "mc.pay"
    assert tt.rulebook("marvel_champions").tasks is E.tasks
