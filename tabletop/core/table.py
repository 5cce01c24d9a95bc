"""The table: a running game as rule code sees it, and the interpreter that runs it.

The engine is a loop over *tasks* (plain-data tuples ``(name, args)``) on the state's work
stack. Rule code never blocks on a callback: when it needs a choice it opens a decision and
names the task that resumes with the answer. That is why a game paused anywhere, even in the
middle of ordering simultaneous triggers, can be cloned, saved as JSON and resumed with the
same results.

:class:`Table` is the rule author's face of a game: every verb rule code uses (``ask``, ``emit``,
``move``, ``record``, ...) comes from one of the rooms it is built of, each a module with one job,
each building on the one below: recording -> scheduling -> asking -> moves -> listeners ->
triggers -> pipeline -> values -> flow -> table. :class:`tabletop.core.game.Game` is the user's face.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .asking import ASKING_TASKS
from .choices import CHOICES_TASKS
from .decision import Decision, Option
from .errors import (
    ArgumentTypeError,
    ArgumentValueError,
    MandatoryLoop,
    RuleError,
    StepBudgetExceeded,
    TimeBudgetExceeded,
    quote,
)
from .flow import FLOW_TASKS, Flow
from .loops import _LoopWatch, _step_facts, forced_loop
from .pipeline import PIPELINE_TASKS
from .profile import Profile
from .state import State
from .trace import SharedList, Trace
from .triggers import TRIGGER_TASKS

if TYPE_CHECKING:
    from .rulebook import Rulebook, Task

_LOOP_WATCH_AFTER = 1000  # automatic steps before loop detection starts comparing positions


_TIME_EVERY = 64  # with a time budget, the clock is read every this many automatic steps (a power of two)


class Table(Flow):
    """A running game as rule code sees it. See the module docstring."""

    def __init__(
        self,
        rulebook: Rulebook,
        state: State,
        *,
        options: dict[str, Any],
        seed: int | str,
        chance: str = "sample",
        tracing: bool = True,
        profile: Profile | None = None,
        trace: Trace | None = None,
        history: list[dict] | None = None,
    ):
        self.rulebook = rulebook
        self.state = state
        self.options = options
        self.seed = seed
        self.chance = chance
        self.tracing = tracing
        self.profile = profile or rulebook.profile
        self.trace = trace if trace is not None else Trace(rulebook.rules)
        self.history: SharedList[dict] = SharedList(history) if history is not None else SharedList()
        self._tasks = task_table(rulebook)
        self._calls = task_calls(rulebook)
        self._index_cache = None
        self._view: tuple[dict, int, Decision] | None = (
            None  # (decision data, step, its Decision): Game.decision's last view
        )
        self._fp = None  # a footprint recorder, while the ordering explorer measures (footprint.py)
        self._cause = None
        self._left = None
        self._mark = 0  # work-stack height when the running step began (see ask)
        self._zones_scanned = None  # see _scanned_zones
        # positions (hashed loop keys -> history length) at the single-option decisions since the last
        # decision with several options, to tell a forced loop (see loops.forced_loop); None: none noted
        self._forced = None
        # the position file this game was loaded from (position_files.py), which replay starts from; None: new_game
        self.origin: str | None = None

    def clone(self, tracing: bool | None = None) -> Table:
        """An independent copy (optionally with tracing switched on or off). The trace and the history
        are shared lists (trace.SharedList): the copy shares their frozen chunks, so a clone costs
        the same at the thousandth decision as at the tenth."""
        # (one copy of the attributes, then the ones a copy has its own of: a clone is an explorer's step)
        parts = self.__dict__.copy()
        traced = self.tracing if tracing is None else tracing
        trace = self.trace
        if traced:
            trace = trace.copy()
        elif self.tracing or trace.records:  # (an untraced game writes no record: its clones share its empty trace)
            trace = Trace(self.rulebook.rules)
        forced = self._forced
        parts.update(
            state=self.state.clone(),
            tracing=traced,
            trace=trace,
            history=self.history.copy(),
            _view=self._view if traced == self.tracing else None,
            _cause=None,
            _left=None,
            _mark=0,
            _fp=None,
            _forced=None if forced is None else forced.copy(),
        )
        new = Table.__new__(Table)
        new.__dict__ = parts
        return new

    def view(self, player: int | None) -> dict:
        """What ``player`` can see (``None``: a spectator who sees only public things)."""
        st = self.state
        if player is not None:
            if not isinstance(player, int) or isinstance(player, bool):
                raise ArgumentTypeError(
                    f"view(player={quote(player)}): player must be a player's number (an int) or None, "
                    f"not {type(player).__name__}"
                )
            if not 0 <= player < len(st.players):
                raise ArgumentValueError(
                    f"view(player={player}): this game has players 0 to {len(st.players) - 1} (None: a spectator)"
                )
        rb = self.rulebook
        objects = {}
        for oid, obj in st.objects.items():
            if rb.visible(self, obj, player):
                objects[oid] = obj
            else:
                objects[oid] = {k: obj[k] for k in rb.public_fields if k in obj} | {"hidden": True}
        dec = st.decision
        if dec is not None and dec.get("player") != player:
            shown = {"player": dec.get("player"), "kind": dec.get("kind"), "prompt": dec.get("prompt")}
            if "commit" in dec:  # (who has committed, not what: choices.Commit)
                shown["commit"] = dec["commit"]
            dec = shown
        view = {
            "player": player,
            "players": st.players,
            "turn": st.turn,
            "zones": {k: list(v) for k, v in st.zones.items()},
            "objects": objects,
            "vars": {k: v for k, v in st.vars.items() if not k.startswith("_")},
            "modifiers": st.modifiers,
            "decision": dec,
            "result": st.result,
        }
        if player is not None:  # the variables kept for this player alone (choices.private), e.g. his commits
            own = f"_{player}:"
            mine = {k[len(own) :]: v for k, v in st.vars.items() if k.startswith(own)}
            if mine:
                view["private"] = mine
        return view

    def _decide(self, index: int) -> None:
        """Make option ``index`` of the open decision and run on to the next one (unchecked, no undo)."""
        data = self.state.decision
        if data is None:
            raise RuleError("no decision is open: the game is over")
        self._choose(data, index, auto=False)
        self._run()
        if len(data["options"]) == 1 or self._forced is not None:
            forced_loop(self, data)

    def _apply(self, choice: Option | str | int) -> None:
        """:meth:`_decide` of the option ``choice`` names (:meth:`_find_option`), undone if it raises: the
        trace and history are cut back to their length now, the state restored from a snapshot, and
        the records of pending events (replaced as they resolve) put back."""
        st = self.state
        data = st.decision
        if data is None:
            raise RuleError("no decision is open: the game is over")
        index = -1  # (the common cases, what _find_option does first, inline: an option id, or an
        options = data["options"]  # Option of the open decision's view, which knows its place)
        if type(choice) is str:
            for i, o in enumerate(options):
                if o["id"] == choice:
                    index = i
                    break
        elif type(choice) is Option:
            at = choice[5]
            if at is not None and choice[4] == len(self.history) and at < len(options) and options[at] is choice[3]:
                index = at
        if index < 0:
            index = self._find_option(data, choice)
        records = self.trace.records
        pending = (
            {ev["rec"]: records[ev["rec"]] for ev in st.events.values() if ev.get("rec") is not None}
            if self.tracing and st.events
            else {}
        )
        history = self.history  # (their lengths read with no call, as Recording.record does)
        point = st.snapshot(), records._frozen + len(records._tail), history._frozen + len(history._tail), pending
        try:  # (what _decide does, inline: one call fewer per apply)
            self._choose(data, index, auto=False)
            self._run()
            if len(data["options"]) == 1 or self._forced is not None:
                forced_loop(self, data)
        except BaseException:
            self._undo(point)
            raise

    def _undo(self, point: tuple) -> None:
        snapshot, n_trace, n_hist, pending = point
        self.state.restore_snapshot(snapshot)
        records = self.trace.records
        records.truncate(n_trace)
        for i, rec in pending.items():
            records[i] = rec
        self.history.truncate(n_hist)
        self._listeners = None

    def _run(self) -> None:
        st = self.state
        tasks = self._tasks
        calls = self._calls
        steps = 0
        prof = self.profile
        budget = prof.step_budget
        work = st.work
        tracing = self.tracing
        # the first step after which the slow path below runs: the step budget, the clock, loop detection
        slow_from = min(budget + 1, _LOOP_WATCH_AFTER)
        deadline = None
        if prof.time_budget is not None:
            deadline = time.perf_counter() + prof.time_budget
            slow_from = 1
        loop: _LoopWatch | None = None
        args: dict | None = None
        idle_checks = self.profile.checks != "end_of_phase"
        advance = self._flow_step
        # the idle checks found nothing and nothing has run since but the turn structure's cursor
        # moving on (a turn ends that nobody hears of): they are not run again before it moves on once
        # more, since nothing they could look at has changed
        checked = False
        fp = self._fp  # a footprint recorder (the ordering explorer measures), attached only between runs
        plain = not tracing and fp is None  # (no cause to set, no footprint to record)
        while st.decision is None and st.result is None:
            if work:
                checked = False
                name, args, cause = work.pop()
                mark = self._mark = len(work)
                try:
                    fn, keywords = calls[name]
                except KeyError:
                    raise RuleError(f"no task handler {name!r} in rulebook {self.rulebook.id!r}") from None
                if plain:  # (untraced, no footprints: the commonest calls first)
                    if not keywords:
                        fn(self, args)  # (a (table, args) handler: the kernel's tasks)
                    elif not args:
                        fn(self)
                    elif len(args) == 1 and "choice" in args:
                        fn(self, choice=args["choice"])  # (the answer alone: no ** dict to copy and unpack)
                    else:
                        fn(self, **args)  # (a task function, called as its handler would, one call fewer)
                else:
                    self._cause = cause
                    if fp is not None:
                        fp.run(self, tasks[name], args, cause)  # (footprints: the ordering explorer measures)
                    elif not keywords:
                        fn(self, args)
                    elif args:
                        fn(self, **args)
                    else:
                        fn(self)
                if len(work) - mark > 1:
                    work[mark:] = work[mark:][::-1]
            elif st.queue:
                checked = False
                self._drain()
                name = "k.drain"
                args = None
            else:
                self._cause = None
                args = None
                if idle_checks and not checked and self._run_checks():
                    name = "k.checks"
                else:
                    self._mark = 0  # (what _call does, inline: the work stack is empty here)
                    # (the ordering explorer's footprints see every check)
                    checked = advance() is True and self._fp is None
                    if len(work) > 1:
                        work.reverse()
                    name = "k.flow"
            steps += 1
            if steps < slow_from:
                continue
            if steps > budget:
                raise StepBudgetExceeded(
                    f"more than {budget} automatic steps without a decision (profile.step_budget); "
                    + self._where(name, args)
                )
            if deadline is not None and not steps & (_TIME_EVERY - 1) and time.perf_counter() > deadline:
                raise TimeBudgetExceeded(
                    f"the engine ran longer than {prof.time_budget} s without a decision (profile.time_budget), "
                    f"{steps} automatic steps; " + self._where(name, args)
                )
            if steps < _LOOP_WATCH_AFTER:
                continue
            if loop is None:
                loop = _LoopWatch(self)  # (Brent's algorithm: the first position it compares the next ones with)
                continue
            cycle = loop.step(name)
            if cycle is not None:
                if prof.loops == "draw":
                    self.record("end", "mandatory loop: the game is a draw", prof.rule("loop"))
                    st.result = {
                        "winners": [],
                        "draw": True,
                        "reason": "mandatory loop",
                        "rule": prof.rule("loop"),
                        "cycle": [s._asdict() for s in cycle],
                    }
                    break
                raise MandatoryLoop(cycle)
        if self._fp is not None:
            self._fp.stopped(self)
            self._fp.current = None

    def _where(self, name: str, args: dict | None) -> str:
        """Where the engine's work was, for an error that stops it: the last task and what it was about."""
        abilities, events = _step_facts(self.state, name, args)
        text = f"last task {name!r}"
        if abilities:
            text += f" (abilities {', '.join(abilities[:6])}{', ...' if len(abilities) > 6 else ''})"
        if events:
            text += f" (events {', '.join(events[:6])}{', ...' if len(events) > 6 else ''})"
        summary = self._last_summary() if self.tracing else ""
        if summary:
            text += f", last traced: {summary[:120]}"
        return text + f", {len(self.state.work)} task(s) pending"


# the kernel's own tasks, by the names saved games hold
KERNEL_TASKS: dict[str, Callable[[Table, dict], None]] = {
    **ASKING_TASKS,
    **CHOICES_TASKS,
    **PIPELINE_TASKS,
    **TRIGGER_TASKS,
    **FLOW_TASKS,
}


def task_calls(rulebook: Rulebook) -> dict[str, tuple[Callable[..., None], bool]]:
    """How the run calls each task, by name: (a task function, True: with its arguments as keywords,
    :attr:`TaskTable.keyword`) or (a ``(table, args)`` handler, False). Made once per rulebook."""
    calls = rulebook.__dict__.get("_task_calls")
    if calls is None:
        keyword = getattr(rulebook.tasks, "keyword", {})
        calls = {
            name: (keyword[name], True) if name in keyword else (h, False) for name, h in task_table(rulebook).items()
        }
        rulebook.__dict__["_task_calls"] = calls
    return calls


def task_table(rulebook: Rulebook) -> dict[str, Task]:
    """Every task a game of ``rulebook`` can run: the kernel's, then the rulebook's (made once per rulebook)."""
    table = rulebook.__dict__.get("_task_table")
    if table is None:
        clash = set(rulebook.tasks) & set(KERNEL_TASKS)
        if clash:
            raise RuleError(f"{rulebook.id}: task names {sorted(clash)} are the kernel's")
        table = rulebook.__dict__["_task_table"] = {**KERNEL_TASKS, **rulebook.tasks}
    return table
