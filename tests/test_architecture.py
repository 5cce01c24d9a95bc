"""The shape docs/architecture.md draws: the kernel's rooms import only what is below them, no module of
the kernel imports another in a cycle, each is a small room, and the user's Game has no rule verbs."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

import tabletop as tt

CORE = Path(__file__).resolve().parents[1] / "tabletop" / "core"
# the rooms of Table, bottom first: each may import the ones before it, none after it
ROOMS = ["recording", "scheduling", "asking", "moves", "listeners", "triggers", "pipeline", "values", "flow", "table"]
LIMIT = 500  # lines per kernel module ("none over ~500 lines")


def runtime_imports(path: Path) -> set[str]:
    """The kernel modules ``path`` imports when it runs (not those imported for type checkers only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                continue
            if isinstance(child, ast.ImportFrom) and child.level == 1:
                if child.module:
                    found.add(child.module.split(".")[0])
                else:
                    found.update(a.name for a in child.names)
            visit(child)

    visit(tree)
    return found


def test_the_kernel_has_no_import_cycle():
    graph = nx.DiGraph()
    for path in CORE.glob("*.py"):
        for dep in runtime_imports(path):
            graph.add_edge(path.stem, dep)
    assert list(nx.simple_cycles(graph)) == []


def test_each_room_imports_only_the_rooms_below_it():
    for i, room in enumerate(ROOMS):
        above = set(ROOMS[i + 1 :]) | {"game", "rulebook", "saved", "registry"}
        assert not runtime_imports(CORE / f"{room}.py") & above, room


def test_each_kernel_module_is_a_small_room():
    sizes = {p.name: len(p.read_text(encoding="utf-8").splitlines()) for p in CORE.glob("*.py")}
    assert {name: n for name, n in sizes.items() if n > LIMIT} == {}


def test_the_table_is_built_of_the_rooms_in_order():
    assert [c.__module__.rsplit(".", 1)[1] for c in reversed(tt.core.Table.__mro__[:-1])] == ROOMS


def test_the_users_game_offers_no_rule_authors_verb():
    """A notebook user's tab completion on a game offers no verb that changes a position by hand."""
    verbs = {"emit", "emit_batch", "push", "then", "move", "create", "destroy", "ask", "record", "grant"}
    verbs |= {"add_modifier", "enqueue", "activate", "delay", "end_game", "end_on_scores", "eliminate", "cancel"}
    verbs |= {"caused_by", "emit_each"}
    game = tt.rulebook("memory").new_game()
    assert verbs & {name for name in dir(game)} == set()
    assert verbs <= set(dir(game.table))
