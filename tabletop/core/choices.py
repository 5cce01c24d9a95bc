"""Decision builders (issue 15, piece 2): subsets, distributing points, simultaneous hidden commits, a lone
option applied automatically, and the options a decision does not offer with the rule that excludes them.

Each builder is a small object a rulebook makes once (its name, the rule it cites) whose steps are tasks
registered on the rulebook's :class:`TaskTable` (``builder.tasks(table)``), so a game paused in the middle
of one saves as plain data. Whatever the builder's ``mode``, the task ``resume`` runs with ``args`` and the
same ``choice``: a :class:`Subset` gives ``{"id": "pick:a+c", "picked": ["a", "c"]}``, a :class:`Distribute`
``{"id": "split:a=2+b=1", "split": {"a": 2, "b": 1}}``, a :class:`Commit` ``{"id": ..., "commits": {"0":
option, "1": option}}``; so a rulebook changes a mode (for a smaller state graph, or a clearer board) without
touching its rule code. ``docs/choices.md`` says which rule texts each serves.

>>> [o["id"] for o in subset_options(["a", "b", "c"], least=1, most=2)]
['pick:a', 'pick:b', 'pick:c', 'pick:a+b', 'pick:a+c', 'pick:b+c']
>>> [o["id"] for o in split_options(3, ["a", "b"], {"a": 2})]
['split:a=2+b=1', 'split:a=1+b=2', 'split:b=3']
>>> private(1, "move")  # a variable only player 1 sees (Table.view shows it under "private")
'_1:move'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from .decision import CHANCE
from .errors import RuleError, quote
from .tasks import task_name

if TYPE_CHECKING:
    from .scheduling import Task
    from .table import Table
    from .tasks import TaskTable

# () -> [(option label, rule id, reason) or (..., the object id it is about)], made only when traced
Excluded = Callable[[], Sequence[tuple[str, str, str] | tuple[str, str, str, str]]]


def private(player: int, name: str) -> str:
    """The name of state variable ``name`` kept for ``player`` alone: hidden from the others (it starts with
    ``_``), shown to its owner by ``Table.view(player)`` under ``"private"`` (perfect recall of a commit)."""
    return f"_{player}:{name}"


# ------------------------------------------------------------------ asking with the new flags
def ask(
    game: Table,
    player: int | str,
    kind: str,
    options: list[dict],
    resume: Task,
    *,
    prompt: str = "",
    rule: str = "core.decision",
    args: dict | None = None,
    auto: bool = False,
    excluded: Excluded | None = None,
) -> None:
    """:meth:`Table.ask` with two flags (its own fast path stays as it was when they are unused).

    ``auto``: a lone legal option is applied at once and recorded as such (``auto`` in the history, a
    ``decision`` record with ``auto=True``); a replay makes it again by itself. ``excluded``: a function
    giving the options *not* offered, each ``(label, rule id, reason)``; it is called only when the game
    is traced, and its answer is an ``excluded`` trace record (:func:`excluded_options` reads it back).
    """
    if excluded is not None and game.tracing:
        note_excluded(game, player, kind, rule, excluded)
    if auto and len(options) == 1 and player != CHANCE:
        data: dict[str, Any] = {"player": player, "kind": kind, "prompt": prompt, "rule": rule, "option": options[0]}
        data["resume"] = [task_name(resume), args or {}]
        if game.scheduled_in_step:  # (the tasks this step scheduled run first, as a decision would wait)
            game._push("k.auto", {"decision": data})
        else:
            _apply_alone(game, data)
        return
    game.ask(player, kind, options, resume, prompt=prompt, rule=rule, args=args)


def note_excluded(game: Table, player: int | str, kind: str, rule: str, excluded: Excluded) -> None:
    """Record the options a decision about to be asked does not offer (traced games only: call it before
    :meth:`Table.ask`, as :func:`ask` does with its ``excluded``). Each of ``excluded()`` is ``(option label,
    rule id, reason)`` or ``(option label, rule id, reason, object id)``: the object (a card that cannot act,
    a target that may not be chosen) lets a board answer a click on it with the reason."""
    if not game.tracing:
        return
    left_out = []
    for entry in excluded():
        label, rule_id, reason, *about = entry
        item = {"option": label, "rule": rule_id, "reason": reason}
        if about:
            item["about"] = about[0]
        left_out.append(item)
    if left_out:
        game.record(
            "excluded",
            lambda: "not offered: " + "; ".join(f"{e['option']} ({e['rule']}: {e['reason']})" for e in left_out),
            rule,
            player=player,
            kind_of_decision=kind,
            excluded=left_out,
        )


def _apply_alone(game: Table, data: dict) -> None:
    option = data["option"]
    game.history.append({"player": data["player"], "kind": data["kind"], "option": option["id"], "auto": True})
    rec = game.record(
        "decision",
        lambda: f"player {data['player']}: {option.get('label', option['id'])}, the only legal option, applied",
        data["rule"],
        player=data["player"],
        kind_of_decision=data["kind"],
        option=option["id"],
        auto=True,
    )
    if rec is not None:
        game.caused_by(rec)
    name, args = data["resume"]
    game._push(name, {**args, "choice": option})


def _k_auto(game: Table, args: dict) -> None:
    """A lone option asked for (``auto``) after its step scheduled other tasks is applied now they have run."""
    _apply_alone(game, args["decision"])


CHOICES_TASKS: dict[str, Callable[[Any, dict], None]] = {"k.auto": _k_auto}


def excluded_options(game: Table) -> list[dict]:
    """The options the open decision does not offer, each ``{"option", "rule", "reason"}``, as its ``excluded``
    function gave them (traced games only; empty otherwise): for a "why not?"."""
    dec = game.state.decision
    if dec is None:
        return []
    step = len(game.history)
    for rec in reversed(game.trace.records.tolist()):
        if rec["step"] != step:
            break
        if (
            rec["kind"] == "excluded"
            and rec["player"] == dec["player"]
            and rec["data"]["kind_of_decision"] == dec["kind"]
        ):
            return list(rec["data"]["excluded"])
    return []


# ------------------------------------------------------------------ subsets
def subset_options(
    items: Sequence[str], *, least: int = 0, most: int | None = None, labels: Mapping[str, str] | None = None
) -> list[dict]:
    """One option per subset of ``items`` (distinct ids, in the order given) of ``least`` to ``most`` of them,
    fewest first, each subset in the items' order (canonical: one id per subset)."""
    most = len(items) if most is None else min(most, len(items))
    names = labels or {}
    out = []
    for n in range(least, most + 1):
        for pick in combinations(items, n):
            out.append(_picked(list(pick), names))
    return out


def _picked(pick: list[str], labels: Mapping[str, str]) -> dict:
    words = ", ".join(labels.get(i, i) for i in pick) or "none"
    return {"id": "pick:" + ("+".join(pick) or "none"), "label": words, "picked": pick}


class _Builder:
    """What Subset and Distribute share: a name, a rule, a mode among ``MODES``, and one step registered
    as task ``<name>.<STEP>`` (the name saved games hold)."""

    MODES: tuple[str, ...] = ()
    WORD = STEP = WHAT = ""

    def __init__(self, name: str, *, rule: str, prompt: str, mode: str, kind: str) -> None:
        if mode not in self.MODES:
            allowed = " or ".join(repr(m) for m in self.MODES)
            raise RuleError(f"{self.WORD} {quote(name)}: mode must be {allowed}, not {quote(mode)}")
        self.name, self.rule, self.mode, self.kind, self.prompt = name, rule, mode, kind, prompt

    def tasks(self, table: TaskTable) -> TaskTable:
        """Register the builder's step (``<name>.<STEP>``) on ``table``."""

        def handler(game: Table, *, ask: dict, choice: dict) -> None:
            self._step(game, ask, choice)

        handler.__name__ = self.STEP
        handler.__doc__ = f"{self.rule}: {self.WORD} {self.name}, {self.WHAT}."
        table(f"{self.name}.{self.STEP}")(handler)
        return table

    def _step(self, game: Table, state: dict, choice: dict) -> None:
        raise NotImplementedError


class Subset(_Builder):
    """A choice of a subset of items (declare attackers, discards, dice to reroll).

    ``mode="one"``: one decision over every canonical subset of ``least`` to ``most`` items (C(n, k) options;
    one step, a state per subset). ``mode="toggle"``: a decision per item, ``add:<item>`` or ``drop:<item>``,
    then ``done`` once the size is allowed (n + 1 options a step; the picked set is kept sorted, so the orders
    that pick the same items meet in one position, but each set picked so far is a position of its own).
    """

    MODES, WORD, STEP, WHAT = ("one", "toggle"), "subset", "toggle", "a toggle"

    def __init__(self, name: str, *, rule: str, prompt: str = "", mode: str = "one", kind: str = "subset") -> None:
        super().__init__(name, rule=rule, prompt=prompt or f"{name}: choose", mode=mode, kind=kind)

    def ask(
        self,
        game: Table,
        player: int,
        items: Sequence[str],
        resume: Task,
        *,
        least: int = 0,
        most: int | None = None,
        args: dict | None = None,
        labels: Mapping[str, str] | None = None,
        auto: bool = False,
        excluded: Excluded | None = None,
    ) -> None:
        """Ask ``player`` for ``least`` to ``most`` of ``items``; ``resume`` gets ``choice["picked"]``."""
        most = len(items) if most is None else most
        if len(set(items)) != len(items) or not 0 <= least <= min(most, len(items)):
            raise RuleError(f"subset {quote(self.name)}: {least} to {most} of {list(items)} cannot be picked")
        then = [task_name(resume), dict(args or {})]
        if self.mode == "one":
            options = subset_options(items, least=least, most=most, labels=labels)
            ask(
                game,
                player,
                self.kind,
                options,
                resume,
                prompt=self.prompt,
                rule=self.rule,
                args=args,
                auto=auto,
                excluded=excluded,
            )
            return
        state = {"player": player, "items": list(items), "picked": [], "least": least, "most": most}
        state |= {"labels": dict(labels or {}), "then": then, "auto": auto}
        self._ask_toggle(game, state, excluded)

    def _ask_toggle(self, game: Table, state: dict, excluded: Excluded | None = None) -> None:
        picked, labels = state["picked"], state["labels"]
        options = []
        if state["least"] <= len(picked) <= state["most"]:
            options.append(
                {"id": "done", "label": "confirm " + (", ".join(labels.get(i, i) for i in picked) or "none")}
            )
        for item in state["items"]:
            if item in picked:
                options.append({"id": f"drop:{item}", "label": f"drop {labels.get(item, item)}"})
            elif len(picked) < state["most"]:
                options.append({"id": f"add:{item}", "label": f"add {labels.get(item, item)}"})
        ask(
            game,
            state["player"],
            self.kind,
            options,
            f"{self.name}.toggle",
            prompt=self.prompt,
            rule=self.rule,
            args={"ask": state},
            auto=state["auto"],
            excluded=excluded,
        )

    def _step(self, game: Table, state: dict, choice: dict) -> None:
        cid = choice["id"]
        if cid == "done":
            name, args = state["then"]
            game.push(name, **args, choice=_picked(state["picked"], state["labels"]))
            return
        item = cid.split(":", 1)[1]
        chosen = set(state["picked"]) ^ {item}
        self._ask_toggle(game, {**state, "picked": [i for i in state["items"] if i in chosen]})


# ------------------------------------------------------------------ distributing points
def compositions(points: int, caps: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every way to give all ``points`` to targets with these caps, the first target's share largest first."""
    if not caps:
        if points == 0:
            yield ()
        return
    rest = sum(caps[1:])
    for n in range(min(points, caps[0]), max(0, points - rest) - 1, -1):
        for tail in compositions(points - n, caps[1:]):
            yield (n, *tail)


def _split(split: Mapping[str, int], targets: Sequence[str], labels: Mapping[str, str]) -> dict:
    given = {t: split[t] for t in targets if split.get(t)}
    words = ", ".join(f"{n} to {labels.get(t, t)}" for t, n in given.items()) or "nothing"
    return {"id": "split:" + ("+".join(f"{t}={n}" for t, n in given.items()) or "none"), "label": words, "split": given}


def split_options(
    points: int, targets: Sequence[str], caps: Mapping[str, int] | None = None, labels: Mapping[str, str] | None = None
) -> list[dict]:
    """One option per way to distribute ``points`` among ``targets`` (each at most its cap, default no cap)."""
    limits = [points if caps is None or t not in caps else caps[t] for t in targets]
    names = labels or {}
    return [_split(dict(zip(targets, c, strict=True)), targets, names) for c in compositions(points, limits)]


class Distribute(_Builder):
    """Distributing ``points`` among targets, each up to its cap (damage among blockers, healing among heroes).

    ``mode="one"``: one decision over every composition (C(n + k - 1, k - 1) options at most). ``mode="each"``:
    a decision per point, ``give:<target>``; points go to the targets in their order (a point never goes to a
    target before one that has had a point already), so each split is reached by one path only and the state
    graph is a tree of partial splits; a target that can take no more is not offered.
    """

    MODES, WORD, STEP, WHAT = ("one", "each"), "distribute", "give", "a point"

    def __init__(self, name: str, *, rule: str, prompt: str = "", mode: str = "one", kind: str = "distribute") -> None:
        super().__init__(name, rule=rule, prompt=prompt or f"{name}: distribute", mode=mode, kind=kind)

    def ask(
        self,
        game: Table,
        player: int,
        points: int,
        targets: Sequence[str],
        resume: Task,
        *,
        caps: Mapping[str, int] | None = None,
        args: dict | None = None,
        labels: Mapping[str, str] | None = None,
        auto: bool = False,
    ) -> None:
        """Ask ``player`` to distribute ``points`` among ``targets``; ``resume`` gets ``choice["split"]``."""
        limits = {t: points if caps is None or t not in caps else caps[t] for t in targets}
        if points < 0 or len(set(targets)) != len(targets) or sum(limits.values()) < points:
            raise RuleError(f"distribute {quote(self.name)}: {points} points cannot go to {limits} (target: cap)")
        if self.mode == "one":
            options = split_options(points, targets, caps, labels)
            ask(game, player, self.kind, options, resume, prompt=self.prompt, rule=self.rule, args=args, auto=auto)
            return
        state = {"player": player, "left": points, "targets": list(targets), "caps": limits, "split": {}}
        state |= {"labels": dict(labels or {}), "then": [task_name(resume), dict(args or {})], "auto": auto}
        self._ask_point(game, state)

    def _ask_point(self, game: Table, state: dict) -> None:
        split, caps, labels = state["split"], state["caps"], state["labels"]
        targets = state["targets"]
        if state["left"] == 0:
            name, args = state["then"]
            game.push(name, **args, choice=_split(split, targets, labels))
            return
        last = max((targets.index(t) for t in split), default=0)
        options = [
            {"id": f"give:{t}", "label": f"1 to {labels.get(t, t)}"}
            for t in targets[last:]
            if split.get(t, 0) < caps[t]
            and sum(caps[u] - split.get(u, 0) for u in targets[targets.index(t) :]) >= state["left"]
        ]
        prompt = f"{self.prompt} ({state['left']} left)"
        ask(
            game,
            state["player"],
            self.kind,
            options,
            f"{self.name}.give",
            prompt=prompt,
            rule=self.rule,
            args={"ask": state},
            auto=state["auto"],
        )

    def _step(self, game: Table, state: dict, choice: dict) -> None:
        target = choice["id"].split(":", 1)[1]
        split = {**state["split"], target: state["split"].get(target, 0) + 1}
        self._ask_point(game, {**state, "split": split, "left": state["left"] - 1})


# ------------------------------------------------------------------ simultaneous hidden commits
class Commit:
    """Simultaneous hidden commits: each player commits without seeing the others' commits and sees his own;
    the commits are revealed together.

    The players are asked one after the other (kind ``commit``, each decision's data naming the group:
    ``commit = {"name", "players", "done"}``), each commit kept in a variable only its owner sees
    (:func:`private`), so each player's information set is the same whatever the others committed before
    him, and he remembers his own commit (perfect recall). Once all are in, the variable ``var`` (default the
    name) holds them all, public, ``{"0": option id, ...}``, and ``resume`` runs with ``choice["commits"]``
    (player -> the option committed); then the variable is cleared (``clear=True``). ``tt.explore`` makes the
    group one joint step (an edge per combination of commits); a board shows who has committed, not what.
    """

    def __init__(
        self,
        name: str,
        *,
        rule: str,
        prompt: str = "",
        kind: str = "commit",
        var: str | None = None,
        clear: bool = True,
    ) -> None:
        self.name, self.rule, self.kind, self.clear = name, rule, kind, clear
        self.prompt = prompt or f"{name}: commit (the others do not see it until all have committed)"
        self.var = var if var is not None else name

    def tasks(self, table: TaskTable) -> TaskTable:
        """Register the steps (``<name>.got``, ``<name>.done``: the names saved games hold) on ``table``."""

        def got(game: Table, *, ask: dict, choice: dict) -> None:
            self._got(game, ask, choice)

        def done(game: Table) -> None:
            game.state.vars.pop(self.var, None)

        for step, fn in (("got", got), ("done", done)):
            fn.__doc__ = f"{self.rule}: commit {self.name}, {step}."
            table(f"{self.name}.{step}")(fn)
        return table

    def ask(self, game: Table, options: Mapping[int, list[dict]], resume: Task, *, args: dict | None = None) -> None:
        """Ask each player of ``options`` (player -> that player's options, in the order asked) to commit."""
        if not options or any(not o for o in options.values()):
            raise RuleError(f"commit {quote(self.name)}: every committing player needs options ({dict(options)})")
        st = game.state
        if self.var in st.vars or any(private(p, self.name) in st.vars for p in options):
            raise RuleError(f"commit {quote(self.name)} is asked again before the last one was revealed")
        state = {"players": list(options), "options": {str(p): o for p, o in options.items()}}
        state["then"] = [task_name(resume), dict(args or {})]
        self._ask(game, state)

    def _ask(self, game: Table, state: dict) -> None:
        players = state["players"]
        done = [p for p in players if private(p, self.name) in game.state.vars]
        player = players[len(done)]
        game.ask(
            player,
            self.kind,
            state["options"][str(player)],
            f"{self.name}.got",
            prompt=self.prompt,
            rule=self.rule,
            args={"ask": state},
        )
        dec = game.state.decision
        if dec is not None and dec.get("kind") == self.kind and dec.get("player") == player:
            game.state.decision = {**dec, "commit": {"name": self.name, "players": players, "done": done}}
        else:  # (asked after tasks this step scheduled: k.ask holds the decision's data until they have run)
            args = game.state.work[-1][1]
            args["decision"]["commit"] = {"name": self.name, "players": players, "done": done}

    def _got(self, game: Table, state: dict, choice: dict) -> None:
        st = game.state
        players = state["players"]
        player = next(p for p in players if private(p, self.name) not in st.vars)
        st.vars[private(player, self.name)] = choice
        if len(players) > sum(private(p, self.name) in st.vars for p in players):
            self._ask(game, state)
            return
        commits = {str(p): st.vars.pop(private(p, self.name)) for p in players}
        st.vars[self.var] = {p: c["id"] for p, c in commits.items()}
        game.record(
            "action",
            lambda: (
                f"{self.name}: revealed together: "
                + ", ".join(f"player {p} {c.get('label', c['id'])}" for p, c in commits.items())
            ),
            self.rule,
            commits={p: c["id"] for p, c in commits.items()},
        )
        name, args = state["then"]
        joint = "+".join(f"{p}={c['id']}" for p, c in commits.items())
        game.push(name, **args, choice={"id": joint, "label": joint, "commits": commits})
        if self.clear:
            game.push(f"{self.name}.done")

    def revealed(self, game: Table) -> dict[str, str]:
        """The commits once revealed (player as text -> option id); empty before."""
        out: dict[str, str] = game.state.vars.get(self.var, {})
        return out
