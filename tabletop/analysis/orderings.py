"""The ordering explorer: every distinct outcome of a timing choice, with a witness for each.

At a decision that orders simultaneous triggered abilities (``order_triggers``) or competing
replacement effects (``replacement_order``), :func:`orderings` tries the possible orders and
runs each to the next quiescent point: the first decision that is not such an ordering (or the
end of the game, or a stopping condition the caller gives). Orderings met on the way, such as
triggers caused by the first ones, are explored too.

Trying all k! orders is hopeless beyond a handful, so the default method reduces the work:

* **state caching**: a position reached twice (with the same sleep set) is explored once;
* **partial-order reduction** with persistent and sleep sets: two abilities whose resolutions
  have disjoint read/write footprints (recorded by the kernel, :mod:`tabletop.core.footprint`)
  commute, so only one of their relative orders is tried. Ten independent triggers cost one
  run. Independence is measured, not declared: every run records the footprints again, and if
  a pair thought independent is found to conflict, the exploration starts over with it marked
  dependent.

``method="brute"`` tries every order (the baseline the tests compare against).

Beyond orderings, ``windows=True`` also branches on the decisions of response and interrupt
windows (``window``: use an ability or pass; ``optional_trigger``: use or decline), and
``commits=True`` on a group of simultaneous commits (``choices.Commit``), each combination of the
commits one joint step (as :func:`tabletop.explore` makes it). ``chance="enumerate"`` branches on the
chance decisions met on the way: each outcome then carries its probability given the choices of its
witness (:attr:`Outcome.probability`, exact), and :meth:`OrderingReport.table` lists every plan of
choices with the probability of each outcome it leads to. Both default to today's behaviour.

>>> import tabletop as tt
>>> report = tt.orderings(tt.rulebook("berserk_heroes").scenario("squad-ways"))  # doctest: +SKIP
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import Any

from ..core.decision import CHANCE
from ..core.errors import TabletopError, quote
from ..core.footprint import Footprints
from ..core.game import Game
from .expansion import joint as _joint
from .explore import exact_probability

ORDER_KINDS = ("order_triggers", "replacement_order")
WINDOW_KINDS = ("window", "optional_trigger")  # whether to react: explored with windows=True
METHODS = ("reduced", "cached", "brute")

__all__ = ["ORDER_KINDS", "WINDOW_KINDS", "OrderingReport", "Outcome", "orderings"]


@dataclass
class Outcome:
    """One distinct result: the position, a witness (the choices that reach it), the game there."""

    fingerprint: str
    witness: tuple[str, ...]  # option labels, in the order chosen
    choices: tuple[str, ...]  # the same choices as option ids
    game: Game = field(repr=False)
    since: int = field(repr=False, default=0)  # the trace index where the exploration began
    # with chance="enumerate": the probability of this outcome given the witness's choices (else None)
    probability: Fraction | None = None

    @property
    def chain(self):
        """The trigger chain of what happened from the ordering on (a ``networkx.DiGraph``)."""
        from .chains import trigger_chain

        return trigger_chain(self.game, since=self.since)

    def log(self) -> str:
        """What happened from the ordering on, narrated with rule references."""
        return "\n".join(self.game.log.lines()[self._first_line() :])

    def _first_line(self) -> int:
        return sum(1 for r in self.game.trace.records[: self.since])


@dataclass
class OrderingReport:
    """Every distinct outcome, how much work it took, and what differs between the outcomes."""

    outcomes: list[Outcome]
    method: str
    runs: int  # orderings run to a quiescent point
    nodes: int  # ordering decisions visited
    seconds: float
    dependent_pairs: int = 0
    restarts: int = 0
    # with chance="enumerate": each plan (the choices made, chance outcomes left out) -> {outcome's
    # fingerprint: its probability under that plan}
    plans: dict[tuple[str, ...], dict[str, Fraction]] = field(default_factory=dict)

    def table(self) -> list[dict[str, Any]]:
        """With ``chance="enumerate"``: one row per plan of choices and outcome it may lead to, with its
        exact probability (the outcome's number is its place in :attr:`outcomes`)."""
        number = {o.fingerprint: i for i, o in enumerate(self.outcomes, 1)}
        labels = {o.choices: o.witness for o in self.outcomes}
        return [
            {"plan": " -> ".join(labels.get(plan, plan)) or "(no choice)", "outcome": number[fp], "probability": p}
            for plan, dist in self.plans.items()
            for fp, p in dist.items()
        ]

    @property
    def order_dependent(self) -> bool:
        """Does the order change the outcome?"""
        return len(self.outcomes) > 1

    @property
    def fingerprints(self) -> set[str]:
        return {o.fingerprint for o in self.outcomes}

    def differences(self) -> list[str]:
        """What differs between the outcomes (objects, stats, zones, variables, result), readable."""
        flats = [_flatten(o.game) for o in self.outcomes]
        keys = sorted(set().union(*flats)) if flats else []
        lines = []
        for key in keys:
            values = [f.get(key, "—") for f in flats]
            if any(v != values[0] for v in values):
                shown = "; ".join(f"outcome {i + 1}: {_show(v)}" for i, v in enumerate(values))
                lines.append(f"{key}: {shown}")
        return lines

    def __str__(self) -> str:
        head = (
            f"{len(self.outcomes)} distinct outcome(s) "
            f"({'order dependent' if self.order_dependent else 'order independent'}); "
            f"{self.runs} run(s), {self.nodes} ordering decision(s), {self.seconds:.3f}s, method {self.method}"
        )
        lines = [head]
        for i, o in enumerate(self.outcomes, 1):
            chance = "" if o.probability is None else f" (probability {o.probability} given its choices)"
            lines.append(f"  outcome {i}: " + (" -> ".join(o.witness) or "(no choice)") + chance)
        diffs = self.differences()
        if diffs:
            lines.append("  what differs:")
            lines += [f"    {d}" for d in diffs]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{i}</td><td>{escape(' → '.join(o.witness) or '(no choice)')}</td>"
            f"<td><code>{o.fingerprint[:10]}</code></td></tr>"
            for i, o in enumerate(self.outcomes, 1)
        )
        diffs = "".join(f"<li>{escape(d)}</li>" for d in self.differences())
        verdict = "order dependent" if self.order_dependent else "order independent"
        return (
            f"<div><b>{len(self.outcomes)} distinct outcome(s)</b> — {verdict}; {self.runs} run(s), "
            f"{self.nodes} ordering decision(s), {self.seconds:.3f}s ({escape(self.method)})"
            f"<table><thead><tr><th>#</th><th>witness ordering</th><th>position</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>" + (f"<p>What differs:</p><ul>{diffs}</ul>" if diffs else "") + "</div>"
        )


def _show(value: Any) -> str:
    return str(value) if not isinstance(value, list | tuple) else "[" + ", ".join(map(str, value)) + "]"


def _flatten(game: Game) -> dict[str, Any]:
    st = game.state
    flat: dict[str, Any] = {}
    for oid, obj in st.objects.items():
        for k, v in obj.items():
            if k not in ("id", "ts"):
                flat[f"{oid}.{k}"] = v
    for zone, content in st.zones.items():
        flat[f"zone {zone}"] = list(content)
    for k, v in st.vars.items():
        flat[f"var {k}"] = v
    for i, p in enumerate(st.players):
        for k, v in p.items():
            flat[f"player {i} {k}"] = v
    # lasting modifiers in order of appearance (the order decides among "set" modifiers, 521.1-style)
    flat["modifiers"] = [
        f"{m['target']}.{m['stat']} {m['op']} {m['value']}" + (f" ({m['source']})" if m.get("source") else "")
        for m in sorted(st.modifiers, key=lambda m: m.get("ts", 0))
    ]
    flat["result"] = None if st.result is None else st.result.get("winners")
    flat["waiting for"] = None if st.decision is None else f"{st.decision['player']}: {st.decision['kind']}"
    return flat


def orderings(
    game: Game,
    *,
    play: Sequence[str | int] = (),
    stop: Callable[[Game], bool] | None = None,
    method: str = "reduced",
    max_runs: int = 100_000,
    windows: bool = False,
    commits: bool = False,
    chance: str = "sample",
) -> OrderingReport:
    """Every distinct outcome of the ordering decision ``game`` is waiting at.

    ``play`` are choices to make first (on a copy), for instance the action that sets the
    situation off; after them the game runs on through decisions that leave no choice (a single
    option) to the next ordering decision. ``stop(game)`` may end a run early (a quiescent point
    of the caller's choosing). The game itself is not changed.

    ``windows=True``: the decisions of response and interrupt windows (:data:`WINDOW_KINDS`) are
    explored too; ``commits=True``: so are groups of simultaneous commits, as one joint step;
    ``chance="enumerate"``: chance decisions on the way branch, with exact probabilities (every path
    counts, so the exploration is brute force: ``method`` becomes ``"brute"``).
    """
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, not {quote(method)}")
    if chance not in ("sample", "enumerate"):
        raise ValueError(f"chance must be 'sample' or 'enumerate', not {quote(chance)}")
    kinds = ORDER_KINDS + (WINDOW_KINDS if windows else ())
    if chance == "enumerate":
        method = "brute"

    def branching(dec: dict | None) -> bool:
        return dec is not None and (
            dec["kind"] in kinds or (commits and "commit" in dec) or (chance == "enumerate" and dec["player"] == CHANCE)
        )

    if chance == "enumerate" and game.chance != "manual":  # (so that chance met while playing branches too)
        game = game.clone(tracing=True)
        game.chance = "manual"
    dec = game.state.decision
    if play or (dec is not None and not branching(dec) and len(dec["options"]) == 1):
        game = game.clone(tracing=True)
        for choice in play:
            game.apply(choice)
        dec = game.state.decision
        while dec is not None and not branching(dec) and len(dec["options"]) == 1:
            game.apply(dec["options"][0]["id"])
            dec = game.state.decision
    if dec is None or not branching(dec):
        waiting = "nothing (the game is over)" if dec is None else f"a {dec['kind']!r} decision"
        what = " or ".join(kinds) + (" or a group of commits" if commits else "")
        raise TabletopError(
            f"orderings() needs a game waiting to order simultaneous triggers or replacement effects "
            f"({what}); this game is waiting for {waiting}"
        )
    start = time.perf_counter()
    explorer = _Explorer(game, stop, method, max_runs, branching, chance == "enumerate")
    explorer.run()
    if explorer.weighted:
        for o in explorer.outcomes.values():
            o.probability = explorer.plans[o.choices][o.fingerprint]
    return OrderingReport(
        outcomes=list(explorer.outcomes.values()),
        method=method,
        runs=explorer.runs,
        nodes=explorer.nodes,
        seconds=time.perf_counter() - start,
        dependent_pairs=sum(len(v) for v in explorer.dependent.values()) // 2,
        restarts=explorer.restarts,
        plans=explorer.plans if explorer.weighted else {},
    )


class _Explorer:
    def __init__(self, game: Game, stop, method: str, max_runs: int, branching=None, weighted: bool = False):
        self.root = game.clone(tracing=True)
        self.branching = branching or (lambda dec: dec is not None and dec["kind"] in ORDER_KINDS)
        self.weighted = weighted  # chance="enumerate": chance decisions branch, each run has a probability
        if weighted:
            self.root.chance = "manual"
        self.since = len(self.root.trace)
        self.stop = stop
        self.method = method
        self.max_runs = max_runs
        self.dependent: dict[int, set[int]] = {}  # item -> items it conflicts with
        self.measured: set[int] = set()
        self.restarts = 0

    # ---------------------------------------------------------------- driver
    def run(self) -> None:
        while True:
            self.outcomes: dict[str, Outcome] = {}
            self.visited: set[tuple[str, frozenset]] = set()
            self.runs = 0
            self.nodes = 0
            self.new_conflict = False
            self.plans: dict[tuple[str, ...], dict[str, Fraction]] = {}
            self.visit(self.root, (), (), frozenset())
            if not self.new_conflict:
                return
            self.restarts += 1  # a pair thought independent conflicted: explore again, soundly

    def quiescent(self, g: Game) -> bool:
        dec = g.state.decision
        return not self.branching(dec) or (self.stop is not None and self.stop(g))

    def visit(self, g: Game, witness: tuple, choices: tuple, sleep: frozenset, p: Fraction = Fraction(1)) -> None:
        if self.quiescent(g):
            self.runs += 1
            if self.runs > self.max_runs:
                raise TabletopError(f"orderings(): more than {self.max_runs} runs; raise max_runs or simplify")
            fp = g.fingerprint()
            if fp not in self.outcomes:
                self.outcomes[fp] = Outcome(fp, witness, choices, g, self.since)
            if self.weighted:
                plan = self.plans.setdefault(choices, {})
                plan[fp] = plan.get(fp, Fraction(0)) + p
            return
        self.nodes += 1
        dec = g.state.decision
        options = dec["options"]
        if dec["player"] == CHANCE and self.weighted:  # every outcome, weighted; not a choice of the witness
            for i in range(len(options)):
                child = g.clone()
                child.play(i)
                self.visit(child, witness, choices, frozenset(), p * exact_probability(dec, i))
            return
        if "commit" in dec and self.branching(dec) and dec["kind"] not in ORDER_KINDS + WINDOW_KINDS:
            # every combination of the group's commits, one joint step (as explore makes it)
            for joint in _joint(g):
                self.visit(joint["game"], (*witness, joint["label"]), (*choices, joint["id"]), frozenset(), p)
            return
        session = _session(dec)
        reduce = self.method == "reduced" and session is not None
        if self.method != "brute":
            key = (g.fingerprint(), sleep)
            if key in self.visited:
                return
            self.visited.add(key)
        if reduce:
            items, everyone = session
            if not set(everyone) <= self.measured:
                self.measure(g, everyone)
            enabled = [i for i in range(len(options)) if items[i] not in sleep]
            if not enabled:
                return  # every order from here is equivalent to one already explored
            persistent = self.closure(items[enabled[0]], set(items))
            todo = [i for i in enabled if items[i] in persistent]
        else:
            items, everyone = [None] * len(options), []
            todo = range(len(options))
        explored: list[int] = []
        for i in todo:
            child = g.clone()
            fp = Footprints(set(everyone)) if reduce else None
            if fp is not None:
                with child.measuring(fp):
                    child.play(i)
            else:
                child.play(i)
            if fp is not None:
                self.learn(fp, everyone)
            opt = options[i]
            child_sleep: frozenset = frozenset()
            if reduce:
                child_session = _session(child.state.decision) if not self.quiescent(child) else None
                if child_session is not None:
                    mine = items[i]
                    keep = {s for s in (*sleep, *explored) if s not in self.dependent.get(mine, ())}
                    child_sleep = frozenset(keep & set(child_session[0]))
                explored.append(items[i])
            self.visit(child, (*witness, opt.get("label", opt["id"])), (*choices, opt["id"]), child_sleep, p)

    # ------------------------------------------------------- independence
    def closure(self, first: int, remaining: set[int]) -> set[int]:
        """A persistent set: ``first`` and every remaining item linked to it by dependence."""
        out, frontier = {first}, [first]
        while frontier:
            x = frontier.pop()
            for y in self.dependent.get(x, ()):
                if y in remaining and y not in out:
                    out.add(y)
                    frontier.append(y)
        return out

    def measure(self, g: Game, everyone: list[int]) -> None:
        """Run the default order once with footprints on, to learn which items conflict."""
        probe = g.clone()
        fp = Footprints(set(everyone))
        with probe.measuring(fp):
            while not self.quiescent(probe):
                probe.play(0)
        self.measured |= set(everyone)
        self.learn(fp, everyone, initial=True)

    def learn(self, fp: Footprints, everyone: list[int], initial: bool = False) -> None:
        for a_i, a in enumerate(everyone):
            for b in everyone[a_i + 1 :]:
                if b in self.dependent.get(a, ()):
                    continue
                if fp.conflict(a, b):
                    self.dependent.setdefault(a, set()).add(b)
                    self.dependent.setdefault(b, set()).add(a)
                    if not initial:
                        self.new_conflict = True


def _session(dec: dict | None) -> tuple[list[int], list[int]] | None:
    """For an ``order_triggers`` decision: (the item of each option, every item of its batch).

    Items are the trace indices of the triggers (stable across runs from the same start). Other
    decisions, or a game traced without indices, give ``None`` (explored without reduction).
    """
    if dec is None or dec["kind"] != "order_triggers":
        return None
    args = dec["resume"][1]
    groups, done = args["groups"], args["done"]
    items = [t.get("rec") for t in groups[0][1]]
    everyone = [t.get("rec") for t in done] + [t.get("rec") for grp in groups for t in grp[1]]
    if any(x is None for x in everyone):
        return None
    return items, everyone
