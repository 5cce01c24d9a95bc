"""Ticks (issue 15, piece 11): a fixed-tick clock kept in the game's own variables, "wait k ticks" as one
option that fast-forwards, and one trace record for a run of idle ticks.

For real-time games modelled in discrete time (Minion Masters, Paragon: seed 000 L5-L7, L85-L97). A
:class:`Clock` is a rulebook's clock, made once: its tick length (a rulebook option, ``tick_ms``), what
happens at a tick, declared (:class:`Every`: "mana +1 every second"; :class:`Timer`: "a cooldown ends",
"a unit moves one position every 2 ticks", started by rule code), what each player may do at a tick
(``actions``) and the task that does it (``act``). Its steps are tasks the rulebook is given
(:meth:`Clock.tasks`); the turn structure runs its tick step (:attr:`Clock.step`) over and over.

A tick ``t``, in this order: the clock moves on to ``t``; the declared :class:`Every` schedules due at
``t`` happen (in the order declared), then the timers due at ``t`` (in the order started); then each
player who may act chooses one of his actions, or to wait ``k`` ticks (``k`` from a bounded set) or until
something happens. A player who waits is not asked again until then, so when nobody may act the clock
runs on with no decision (fast-forward). When several players may act at the same tick they commit at
once (a :class:`~tabletop.core.choices.Commit`, one joint step for ``tt.explore``) and their actions
resolve in seat order.

In play everything is plain data, in ``state.vars[clock.var]``: ``{"tick": t, "seq": n, "timers":
[[due, seq, timer, key, every, args], ...]}``, and a player's wait in a variable only he sees
(``private(player, var + ".wait")``: ``[until, event, [option ids]]``; the others see that he does nothing,
not until when), so a game clones, saves and fingerprints with its clock. A tick where nothing but quiet schedules (an
:class:`Every` that only adds to a player's field) happens writes no record: the run of such ticks gets
one ``flow`` record, "ticks 12-40 passed, nothing happened", when the next tick with something in it
comes (``compact=False``: a record per tick).

>>> mana = Every("mana", rule="mm.mana", seconds=1.0, add=("mana", 1), cap=10)
>>> clock = Clock("mm.clock", rule="mm.tick", schedules=(mana,), tick_ms=250, waits=(1, 4, 20))
>>> clock.period(mana, {"tick_ms": 250}), clock.period(mana, {"tick_ms": 100}), mana.quiet
(4, 10, True)
>>> [o["id"] for o in clock.wait_options()]
['wait:1', 'wait:4', 'wait:20', 'wait:event']
>>> clock.count(mana, 12, 40, {"tick_ms": 250})  # ticks 12, 16, ..., 40
8
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .choices import Commit, private
from .errors import RuleError, quote
from .rulebook import OptionSpec
from .tasks import task_name

if TYPE_CHECKING:
    from .scheduling import Task
    from .table import Table
    from .tasks import TaskTable

Actions = Callable[["Table", int], list[dict]]  # (game, player) -> the options that player has at this tick


@dataclass(frozen=True)
class Every:
    """Something that happens every ``ticks`` ticks, or every ``seconds`` (ticks of the clock's length,
    at least 1), from tick ``offset`` on (the first time at ``offset + period``).

    ``add=(field, amount)``: each player still in gets ``amount`` more of his ``field`` (missing: 0), up to
    ``cap``: a *quiet* schedule (mana regeneration, 000 L6; a harvester filling, L88) that writes no record
    of its own. ``task``: a task run with no arguments (it reads :meth:`Clock.now`), only while ``when``
    holds (``when(game)``; None: always). ``wakes``: its happening wakes the players waiting until
    something happens.
    """

    name: str
    rule: str
    ticks: int | None = None
    seconds: float | None = None
    offset: int = 0
    add: tuple[str, int] | None = None
    cap: int | None = None
    task: str | Callable[..., None] | None = None
    when: Callable[[Table], bool] | None = None
    wakes: bool = False
    text: str = ""

    def __post_init__(self) -> None:
        where = f"schedule {quote(self.name)}"
        if (self.ticks is None) == (self.seconds is None):
            raise RuleError(f"{where}: give its period as ticks or as seconds (one of them)")
        if self.ticks is not None and (type(self.ticks) is not int or self.ticks < 1):
            raise RuleError(f"{where}: ticks {quote(self.ticks)} must be a positive int")
        if self.seconds is not None and not self.seconds > 0:
            raise RuleError(f"{where}: seconds {quote(self.seconds)} must be positive")
        if type(self.offset) is not int or self.offset < 0:
            raise RuleError(f"{where}: offset {quote(self.offset)} must be an int, 0 or more")
        if (self.add is None) == (self.task is None):
            raise RuleError(f"{where}: it either adds to a player's field (add=) or runs a task (task=)")
        if self.add is not None and (len(self.add) != 2 or type(self.add[1]) is not int):
            raise RuleError(f"{where}: add {quote(self.add)} must be (field, int amount)")
        if self.task is not None:
            object.__setattr__(self, "task", task_name(self.task))

    @property
    def quiet(self) -> bool:
        """Does it happen without a record of its own (it only adds to the players' fields)?"""
        return self.task is None and not self.wakes


@dataclass(frozen=True)
class Timer:
    """A timer rule code starts (:meth:`Clock.start`) for a key of its own (a card's cooldown, a unit's
    step, a respawn): when it ends, ``task`` runs with ``key=`` and the start's ``args`` (None: nothing
    runs; it has just ended: a cooldown). Started with ``every=True`` it starts again each time it ends
    (a unit moving one position every n ticks, until its timer is cancelled). ``wakes``: its end wakes
    the players waiting until something happens."""

    name: str
    rule: str
    task: str | Callable[..., None] | None = None
    wakes: bool = True
    text: str = ""

    def __post_init__(self) -> None:
        if self.task is not None:
            object.__setattr__(self, "task", task_name(self.task))


class Clock:
    """A rulebook's clock: see the module docstring.

    ``actions(game, player)``: that player's options at this tick, not counting waiting (ids must not
    start with ``wait:``); ``act``: the task that does one, run with ``player=`` and ``choice=``.
    ``waits``: the ``k`` of the options "wait k ticks"; ``until_event``: also offer "wait until something
    happens" (a ``wakes`` schedule or timer, :meth:`wake`, or a change of the player's options: what he
    can do has changed, "the next time he may act"), at most ``horizon`` ticks (default the largest
    wait). ``skip_idle``: a player whose ``actions`` are empty is not asked (he has nothing to decide).
    ``simultaneous``: several players who may act at a tick commit at once (a Commit); otherwise they
    are asked one after the other in seat order, each seeing what the ones before did. ``tick_ms``:
    the tick length's default, the rulebook option ``tick_option`` (:attr:`options`: give them to the
    rulebook). ``limit``: the last tick; then ``at_limit`` runs (None: the game is a draw, time is up;
    a game ``at_limit`` has not ended is ended so); without one the clock runs until the game ends (or the
    step budget stops a game where nobody ever acts). ``compact``: one record for a run of idle ticks.
    """

    def __init__(
        self,
        name: str,
        *,
        rule: str,
        schedules: Sequence[Every] = (),
        timers: Sequence[Timer] = (),
        actions: Actions | None = None,
        act: Task | None = None,
        waits: Sequence[int] = (1, 5, 10),
        until_event: bool = True,
        horizon: int | None = None,
        skip_idle: bool = True,
        simultaneous: bool = True,
        tick_ms: int = 100,
        tick_option: str = "tick_ms",
        limit: int | None = None,
        at_limit: Task | None = None,
        compact: bool = True,
        kind: str = "tick",
        var: str | None = None,
    ) -> None:
        where = f"clock {quote(name)}"
        if not waits or any(type(k) is not int or k < 1 for k in waits) or len(set(waits)) != len(waits):
            raise RuleError(f"{where}: waits {quote(list(waits))} must be distinct positive ints")
        names = [s.name for s in schedules] + [t.name for t in timers]
        if len(set(names)) != len(names):
            raise RuleError(f"{where}: schedules and timers need distinct names, not {names}")
        if (actions is None) != (act is None):
            raise RuleError(f"{where}: give both actions= and act=, or neither")
        if horizon is not None and (type(horizon) is not int or horizon < 1):
            raise RuleError(f"{where}: horizon {quote(horizon)} must be a positive int or None")
        if type(tick_ms) is not int or tick_ms < 1:
            raise RuleError(f"{where}: tick_ms {quote(tick_ms)} must be a positive int")
        if limit is not None and (type(limit) is not int or limit < 1):
            raise RuleError(f"{where}: limit {quote(limit)} must be a positive int or None")
        self.name, self.rule, self.kind = name, rule, kind
        self.schedules = tuple(schedules)
        self.timers: dict[str, Timer] = {t.name: t for t in timers}
        self.actions, self.act = actions, (task_name(act) if act is not None else None)
        self.waits, self.until_event = tuple(sorted(waits)), until_event
        self.horizon = horizon if horizon is not None else max(waits)
        self.skip_idle, self.simultaneous, self.compact = skip_idle, simultaneous, compact
        self.tick_ms, self.tick_option = tick_ms, tick_option
        self.limit, self.at_limit = limit, (task_name(at_limit) if at_limit is not None else None)
        self.var = var if var is not None else name
        self.commit = Commit(f"{name}.commit", rule=rule, prompt=f"{name}: act or wait (revealed together)")

    # ------------------------------------------------------------------ declarations for the rulebook
    @property
    def step(self) -> str:
        """The task a rulebook's turn structure runs: one tick (it runs again, tick after tick)."""
        return f"{self.name}.tick"

    @property
    def options(self) -> dict[str, OptionSpec]:
        """The rulebook option of the tick length (give it to ``Rulebook.options``)."""
        doc = f"length of one tick of {self.name} in milliseconds (an assumption: the source runs in real time)"
        return {self.tick_option: OptionSpec(self.tick_option, self.tick_ms, doc, rule=self.rule, at_least=1)}

    def tasks(self, table: TaskTable) -> TaskTable:
        """Register the clock's steps (``<name>.tick``, ``.ask``, ``.chose``, ``.committed``, ``.fire``,
        ``.timeup`` and the commit's: the names saved games hold) on ``table``."""
        steps: tuple[Callable[..., None], ...] = (self._tick, self._ask, self._chose, self._committed, self._fire)
        for method in (*steps, self._timeup):
            step = method.__name__.lstrip("_")

            def fn(game: Table, _m: Callable[..., None] = method, **args: Any) -> None:
                _m(game, **args)

            fn.__name__ = step
            fn.__doc__ = f"{self.rule}: clock {self.name}, {step}."
            table(f"{self.name}.{step}")(fn)
        self.commit.tasks(table)
        return table

    # ------------------------------------------------------------------ queries
    def _state(self, game: Table) -> dict:
        found: dict | None = game.state.vars.get(self.var)
        return found if found is not None else {"tick": 0, "seq": 0, "timers": []}

    def _put(self, game: Table, **changes: Any) -> None:
        game.state.vars[self.var] = {**self._state(game), **changes}  # (copy on write: clones share the old)

    def now(self, game: Table) -> int:
        """The tick the game is at (0 before the first)."""
        return int(self._state(game)["tick"])

    def ms(self, options: Mapping[str, Any]) -> int:
        """The tick length in milliseconds under these game options."""
        return int(options.get(self.tick_option, self.tick_ms))

    def ticks(self, seconds: float, options: Mapping[str, Any]) -> int:
        """How many ticks ``seconds`` last (at least 1)."""
        return max(1, round(seconds * 1000 / self.ms(options)))

    def period(self, schedule: Every, options: Mapping[str, Any]) -> int:
        """The period of a schedule in ticks."""
        if schedule.ticks is not None:
            return schedule.ticks
        assert schedule.seconds is not None
        return self.ticks(schedule.seconds, options)

    def count(self, schedule: Every, first: int, last: int, options: Mapping[str, Any]) -> int:
        """How many times a schedule is due in ticks ``first`` to ``last``."""
        n, off = self.period(schedule, options), schedule.offset
        return max(0, (last - off) // n) - max(0, (first - 1 - off) // n)

    def left(self, game: Table, key: str) -> int | None:
        """Ticks until timer ``key`` ends (None: no such timer running)."""
        for due, _seq, _name, k, _every, _args in self._state(game)["timers"]:
            if k == key:
                return int(due) - self.now(game)
        return None

    def asleep(self, game: Table, player: int) -> list | None:
        """``[until, waits for an event, option ids]`` of a player who waits; None if he does not."""
        found: list | None = game.state.vars.get(private(player, self.var + ".wait"))
        return found

    def _sleep(self, game: Table, player: int, entry: list | None) -> None:
        name = private(player, self.var + ".wait")
        if entry is not None:
            game.state.vars[name] = entry
        else:
            game.state.vars.pop(name, None)

    def wait_options(self) -> list[dict]:
        out = [{"id": f"wait:{k}", "label": "wait 1 tick" if k == 1 else f"wait {k} ticks"} for k in self.waits]
        if self.until_event:
            out.append({"id": "wait:event", "label": "wait until something happens"})
        return out

    # ------------------------------------------------------------------ verbs for rule code
    def start(
        self,
        game: Table,
        timer: str,
        *,
        key: str,
        ticks: int | None = None,
        seconds: float | None = None,
        every: bool = False,
        args: dict | None = None,
    ) -> None:
        """Start timer ``timer`` for ``key`` (a running one of that key starts anew): it ends ``ticks`` (or
        ``seconds``) from now; ``every``: and again that often after, until cancelled."""
        if timer not in self.timers:
            raise RuleError(f"clock {quote(self.name)} has no timer {quote(timer)} (it has {sorted(self.timers)})")
        if (ticks is None) == (seconds is None):
            raise RuleError(f"timer {quote(timer)} of {quote(key)}: give ticks or seconds (one of them)")
        n = ticks if ticks is not None else self.ticks(seconds or 0.0, game.options)
        if type(n) is not int or n < 1:
            raise RuleError(f"timer {quote(timer)} of {quote(key)}: ticks {quote(n)} must be a positive int")
        c = self._state(game)
        timers = [e for e in c["timers"] if e[3] != key]
        timers.append([c["tick"] + n, c["seq"], timer, key, n if every else 0, dict(args or {})])
        timers.sort(key=lambda e: (e[0], e[1]))
        self._put(game, timers=timers, seq=c["seq"] + 1)

    def cancel(self, game: Table, key: str) -> bool:
        """Stop timer ``key``; whether one was running."""
        timers = self._state(game)["timers"]
        kept = [e for e in timers if e[3] != key]
        if len(kept) == len(timers):
            return False
        self._put(game, timers=kept)
        return True

    def wake(self, game: Table) -> None:
        """Something happened: the players waiting until something happens are asked at the next chance."""
        for p in range(game.players):
            entry = self.asleep(game, p)
            if entry is not None and entry[1]:
                self._sleep(game, p, None)

    # ------------------------------------------------------------------ the steps
    def _tick(self, game: Table) -> None:
        st = game.state
        c = self._state(game)
        t = c["tick"] + 1
        if self.limit is not None and t > self.limit:
            self._mark(game, self.limit, None)
            if self.at_limit is not None:
                game.push(self.at_limit)
            game.push(f"{self.name}.timeup")
            return
        game.repeat_step()  # (the turn structure runs this step again once this tick is done)
        self._put(game, tick=t)
        options = game.options
        loud: list[str] = []
        tasks: list[Task] = []
        woken = False
        for s in self.schedules:
            n = self.period(s, options)
            if t <= s.offset or (t - s.offset) % n:
                continue
            if s.add is not None:
                field, amount = s.add
                for p in st.seat_order():
                    have = st.players[p].get(field, 0)
                    new = have + amount if s.cap is None else min(s.cap, have + amount)
                    if new != have:
                        st.update_player(p, **{field: new})
            if s.task is not None and (s.when is None or s.when(game)):
                loud.append(s.text or s.name)
                tasks.append(s.task)
                woken = woken or s.wakes
            elif s.wakes and s.task is None:
                loud.append(s.text or s.name)
                woken = True
        due = [e for e in c["timers"] if e[0] == t]
        for e in due:
            loud.append(f"{self.timers[e[2]].text or e[2]} of {e[3]}")
        if woken:
            self.wake(game)
        if loud or not self.compact:
            self._mark(game, t, loud)
        for task in tasks:
            game.push(task)
        for e in due:
            game.push(f"{self.name}.fire", key=e[3], due=t)
        game.push(f"{self.name}.ask", tick=t)

    def _fire(self, game: Table, *, key: str, due: int) -> None:
        c = self._state(game)
        entry = next((e for e in c["timers"] if e[3] == key and e[0] == due), None)
        if entry is None:  # (cancelled, or started anew, by what ran before it this tick)
            return
        _due, seq, name, _key, every, args = entry
        timers = [e for e in c["timers"] if e[3] != key]
        if every:
            timers.append([due + every, seq, name, key, every, args])
            timers.sort(key=lambda e: (e[0], e[1]))
        self._put(game, timers=timers)
        timer = self.timers[name]
        if timer.wakes:
            self.wake(game)
        if timer.task is not None:
            game.push(timer.task, key=key, **args)

    def _ask(self, game: Table, *, tick: int, only: list[int] | None = None) -> None:
        if self.actions is None or game.state.result is not None:
            return
        asking: dict[int, list[dict]] = {}
        for p in game.state.seat_order() if only is None else only:
            entry = self.asleep(game, p)
            acts = None
            if entry is not None:
                until, event, seen = entry
                if tick < until:
                    if not event:
                        continue
                    acts = self.actions(game, p)
                    if [o["id"] for o in acts] == seen:
                        continue
                self._sleep(game, p, None)
            if acts is None:
                acts = self.actions(game, p)
            if acts or not self.skip_idle:
                asking[p] = [*acts, *self.wait_options()]
        if not asking:
            return
        self._mark(game, tick, [f"player {p} may act" for p in asking])
        if self.simultaneous and len(asking) > 1:
            self.commit.ask(game, asking, f"{self.name}.committed", args={"tick": tick})
            return
        player, rest = next(iter(asking)), list(asking)[1:]
        game.ask(
            player,
            self.kind,
            asking[player],
            f"{self.name}.chose",
            prompt=f"tick {tick}: act or wait",
            rule=self.rule,
            args={"tick": tick, "player": player, "rest": rest},
        )

    def _chose(self, game: Table, *, tick: int, player: int, rest: list[int], choice: dict) -> None:
        self._do(game, tick, player, choice)
        if rest:  # (asked one after the other: the next sees what this one did)
            game.push(f"{self.name}.ask", tick=tick, only=rest)

    def _committed(self, game: Table, *, tick: int, choice: dict) -> None:
        for p in game.state.seat_order():
            if str(p) in choice["commits"]:
                self._do(game, tick, p, choice["commits"][str(p)])

    def _do(self, game: Table, tick: int, player: int, option: dict) -> None:
        oid = option["id"]
        if not oid.startswith("wait:"):
            assert self.act is not None
            game.push(self.act, player=player, choice=option)
            return
        how = oid.split(":", 1)[1]
        if how == "1":
            return  # (asked again at the next tick: nothing to keep)
        event = how == "event"
        until = tick + (self.horizon if event else int(how))
        seen = [o["id"] for o in self.actions(game, player)] if event and self.actions else []
        self._sleep(game, player, [until, event, seen])

    def _timeup(self, game: Table) -> None:
        if game.state.result is None:
            game.end_game([], reason=f"time is up (tick {self.limit})", rule=self.rule)

    # ------------------------------------------------------------------ the trace
    def _mark(self, game: Table, tick: int, what: list[str] | None) -> None:
        """Trace tick ``tick`` (``what`` happens at it; None: only close the run of idle ticks before it):
        first one record for the idle ticks since the last traced one, then one for this tick."""
        if not game.tracing:
            return
        last = self._last_traced(game)
        if last >= tick:
            return
        end = tick if what is None else tick - 1
        if end > last:
            first = last + 1
            quiet = {s.name: self.count(s, first, end, game.options) for s in self.schedules if s.quiet}
            quiet = {k: v for k, v in quiet.items() if v}
            span = f"tick {first}" if first == end else f"ticks {first}-{end}"
            but = "; ".join(f"{k} x{v}" for k, v in quiet.items())
            game.record(
                "flow",
                f"{span} passed, nothing happened" + (f" ({but})" if but else ""),
                self.rule,
                cause=None,
                clock=self.name,
                ticks=[first, end],
                idle=True,
                quiet=quiet,
            )
        if what is None:
            return
        ms = self.ms(game.options)
        rec = game.record(
            "flow",
            f"tick {tick} ({tick * ms / 1000:g} s): " + (", ".join(what) or "nothing happened"),
            self.rule,
            cause=None,
            clock=self.name,
            tick=tick,
            due=list(what),
        )
        game.caused_by(rec)

    def _last_traced(self, game: Table) -> int:
        """The last tick this clock's records cover (0: none), read back from the trace."""
        recs = game.trace.records
        for i in range(len(recs) - 1, -1, -1):
            rec = recs[i]
            if rec["kind"] == "flow" and rec["data"].get("clock") == self.name:
                data = rec["data"]
                return int(data["tick"] if "tick" in data else data["ticks"][1])
        return 0
