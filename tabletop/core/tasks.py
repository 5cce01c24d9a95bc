"""Tasks by function: a rulebook's steps of rule code, each registered under the name saved games hold.

A step of rule code is a plain function of the table and its own arguments, as keywords. The answer
to a decision arrives as the ``choice`` parameter of the task the decision resumes; the cause a step
runs for is the kernel's business (it is never among the arguments)::

    tasks = TaskTable()

    @tasks("mem.flip")
    def flip(game: Table, *, first: str | None, choice: dict) -> None:
        ...
        game.ask(player, "flip", options, flip, args={"first": card})  # resumes flip with the choice

Rule code schedules and resumes tasks by the function (``game.push(flip, ...)``,
``game.ask(..., resume=flip)``); the work stack keeps the registered name, so a paused game still
saves as plain data, and renaming a function changes nothing a saved game holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from .errors import RuleError

if TYPE_CHECKING:
    from .table import Table

Handler = Callable[["Table", dict], None]  # what the interpreter calls: the table and the task's arguments
F = TypeVar("F", bound=Callable[..., None])

# every registered task function -> its name: push and ask look a function's name up here, in one
# dict subscript (a function is registered under one name only, see TaskTable)
TASK_NAMES: dict[object, str] = {}
# TASK_NAMES.get, bound once, for push and ask: Python 3.11 compiles a method call on an imported name as an
# attribute load, which makes a new bound method at every call
registered_name = TASK_NAMES.get


def task_name(task: str | Callable[..., Any]) -> str:
    """The name a task is scheduled under: a name as given, or the name its function was registered with
    (push and ask look ``TASK_NAMES`` up inline first, and call this when that finds nothing)."""
    try:
        return TASK_NAMES[task]
    except (KeyError, TypeError):
        pass
    if type(task) is str:
        return task
    name: str | None = getattr(task, "__task__", None)
    if name is None:
        raise RuleError(
            f"{getattr(task, '__qualname__', task)!r} is not a registered task: register it with "
            "@tasks('name') on a TaskTable the rulebook is given, or schedule a task by its name"
        )
    return name


def _calling(fn: Callable[..., None]) -> Handler:
    """A ``(table, args)`` handler for ``fn``: its arguments as keywords (the run itself calls ``fn`` directly)."""

    def handler(table: Table, args: dict) -> None:
        fn(table, **args)

    handler.__name__ = handler.__qualname__ = getattr(fn, "__name__", "task")
    handler.__doc__ = fn.__doc__
    handler.__wrapped__ = fn  # type: ignore[attr-defined]
    return handler


class TaskTable(dict[str, Handler]):
    """A rulebook's tasks by name (give it to :class:`Rulebook` as ``tasks``).

    ``@table("name")`` registers a function taking the table and keyword arguments; plain
    ``(table, args)`` handlers may still be put in by name (``table["name"] = handler``).
    ``keyword`` holds the registered functions themselves, by name: the interpreter calls those with
    the arguments as keywords, without the handler in between.
    """

    def __init__(self) -> None:
        super().__init__()
        self.keyword: dict[str, Callable[..., None]] = {}

    def __call__(self, name: str) -> Callable[[F], F]:
        if not isinstance(name, str) or not name:
            raise RuleError(f"a task is registered under a non-empty name, not {name!r}")

        def register(fn: F) -> F:
            if name in self:
                raise RuleError(f"task {name!r} is registered twice (the second: {fn.__qualname__})")
            known = getattr(fn, "__task__", None)
            if known is not None and known != name:
                raise RuleError(f"{fn.__qualname__} is registered as task {known!r} already, not {name!r}")
            fn.__task__ = name  # type: ignore[attr-defined]
            TASK_NAMES[fn] = name
            self[name] = _calling(fn)
            self.keyword[name] = fn
            return fn

        return register
