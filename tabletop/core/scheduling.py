"""The work stack: rule code schedules tasks, which run in the order it pushed them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .recording import Recording
from .tasks import registered_name, task_name

Task = str | Callable[..., None]  # a task: its registered function (see tasks.py) or its name


class Scheduling(Recording):
    """Pushing tasks onto the work stack (see :meth:`push`)."""

    def push(self, task: Task, **args: Any) -> None:
        """Schedule ``task`` (a registered function, or a task's name) with keyword arguments ``args``.

        Tasks pushed while one task runs execute in the order they were pushed, after that task
        returns and before anything that was pending already: ``emit(A); emit(B); push(X)``
        makes A happen (with all its windows), then B, then X. The task cites the cause the running
        step has (see :meth:`caused_by`).
        """
        name = task if type(task) is str else (registered_name(task) or task_name(task))  # (the lookup inline)
        if self._fp is not None and self._fp.current is not None:
            self._fp.pushed[id(args)] = self._fp.current  # what a resolution schedules is part of it
        self.state.work.append((name, args, self._cause if self.tracing else None))

    def _push(self, task: str, args: dict, cause: int | str | None = "current") -> None:
        """:meth:`push` for kernel code that has the arguments as a dict already (it becomes the task's);
        ``cause``: the record the task cites (None: none; default: the running step's cause)."""
        fp = self._fp
        if fp is not None and fp.current is not None:
            fp.pushed[id(args)] = fp.current
        # (untraced: no cause, in one test)
        self.state.work.append((task, args, (self._cause if cause == "current" else cause) if self.tracing else None))

    @property
    def scheduled_in_step(self) -> int:
        """How many tasks the running step has scheduled so far (they run after it, in order)."""
        return len(self.state.work) - self._mark

    def then(self, *tasks: tuple[Task, dict]) -> None:
        """Schedule several tasks to run in the order given."""
        for name, args in tasks:
            self.push(name, **args)

    def _call(self, fn: Callable, *args: Any) -> None:
        """Run rule code so that the tasks it pushes execute in the order pushed."""
        work = self.state.work
        outer = self._mark
        mark = self._mark = len(work)
        try:
            fn(*args)
        finally:
            self._mark = outer
        if len(work) - mark > 1:
            work[mark:] = work[mark:][::-1]


def own_args(args: dict) -> dict:
    """A task's own arguments without the ``choice`` it was resumed with: what a step passes on when it
    asks again or schedules its next part, so the next run waits for its own choice.

    >>> own_args({"i": 2, "choice": {"id": "a"}})
    {'i': 2}
    """
    return {k: v for k, v in args.items() if k != "choice"}
