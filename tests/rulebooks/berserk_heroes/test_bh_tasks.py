"""The rule code as the kernel's rule-author API expects it (issue 14): tasks registered by function under
the names saved games hold, and no reaching into the kernel's private members."""

import ast
import inspect
from pathlib import Path

from bh import RB, oid

from tabletop.core import TaskTable
from tabletop.core.tasks import task_name
from tabletop.games.berserk_heroes import engine as E

PACKAGE = Path(E.__file__).resolve().parent
# the names saved games and digests hold (they must not change with the migration)
TASK_NAMES = {
    "bh.effects",
    "bh.compose",
    "bh.open",
    "bh.accumulate",
    "bh.draw_step",
    "bh.draw",
    "bh.drawn",
    "bh.summon",
    "bh.lose",
    "bh.main",
    "bh.act",
    "bh.defend",
    "bh.targets",
    "bh.cast",
    "bh.vanguard_play",
    "bh.vanguard_after",
}


def test_every_task_is_a_registered_function_under_its_old_name():
    """Every task of the rulebook is a function on a TaskTable, scheduled by the function, under the name it had."""
    assert isinstance(E.TASKS, TaskTable)
    assert set(E.TASKS) == TASK_NAMES
    for name in TASK_NAMES:
        fn = RB.tasks[name].__wrapped__  # the kernel calls it with the task's arguments as keywords
        assert task_name(fn) == name
    assert task_name(E.t_drawn) == "bh.drawn" and task_name(E.t_vanguard_after) == "bh.vanguard_after"


def test_a_resumed_task_takes_the_answer_as_choice():
    """Each task a decision resumes (a target, a chain item, a drawn card, a coin to lose, an action, a defender,
    Vanguard's creature) takes the answer as its ``choice`` parameter; the turn's steps take none."""
    resumed = {"bh.effects", "bh.compose", "bh.drawn", "bh.summon", "bh.lose", "bh.act", "bh.defend", "bh.targets"}
    resumed.add("bh.vanguard_play")
    for name in TASK_NAMES:
        params = inspect.signature(RB.tasks[name].__wrapped__).parameters
        assert ("choice" in params) == (name in resumed), name
        assert "_c" not in params and "args" not in params, name


def _private_assignments(path: Path) -> list[str]:
    """Assignments to an attribute whose name starts with ``_`` (a private member of another object)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        targets = node.targets if isinstance(node, ast.Assign) else [getattr(node, "target", None)]
        for t in targets:
            if isinstance(t, ast.Attribute) and t.attr.startswith("_") and not t.attr.startswith("__"):
                found.append(f"{path.name}:{node.lineno}: {ast.unparse(t)}")
    return found


def test_rule_code_sets_no_private_member_of_the_table():
    """The rulebook sets nothing private of the kernel: engine.use_discounts reset ``game._listeners`` by hand,
    though the listener index (which abilities could react to what) does not depend on lasting effects."""
    found = [hit for path in sorted(PACKAGE.glob("*.py")) for hit in _private_assignments(path)]
    assert found == []


def test_listener_index_stays_right_as_discounts_are_used_up():
    """bh.assume.discount, L35 (001 L35): a one-shot discount used by a played creature and lost by a free one
    (Vanguard) changes no listener: after each step the cached index is the one a fresh build gives."""
    game = RB.scenario("vanguard")
    table = game.table

    def index_is_fresh() -> None:
        cached = table._index()
        table._index_cache = None
        assert table._index() == cached

    game.apply("play:" + oid(game, "Quartermaster's Order", "hand:0"))
    index_is_fresh()
    game.apply("play:" + oid(game, "Scout Captain", "hand:0"))  # uses one use of the discount
    assert [e["uses"] for e in game.state.effects if e["kind"] == "cost_discount"] == [1]
    index_is_fresh()
    game.apply("use")
    game.apply(oid(game, "Pikeman", "hand:0"))  # free: the discount is lost
    assert not [e for e in game.state.effects if e["kind"] == "cost_discount"]
    index_is_fresh()
