"""A roll of dice in a game: one chance decision per throw, rerolls, a window before its use, the trace.

A :class:`Roll` is one roll a rulebook makes (its name, its dice, the rule it cites). Its steps are tasks
registered on the rulebook's :class:`TaskTable` (:meth:`Roll.tasks`), so a game paused anywhere in a roll
saves as plain data. In play:

1. ``roll.throw(game, resume, player=..., args=...)`` throws the pool as **one** chance decision (kind
   ``roll``): an option per multiset of faces (:func:`dice.throws`), or per group of them when the roll
   has a classifier (``group``); each option carries its exact weight (``ways`` out of ``of``) beside the
   float probability the kernel samples by;
2. the faces land in the roll's state variable (``vars[roll.var]``, public plain data): each die as
   ``[kind, natural face, face]``, so the face it came up with stays apart from what the window makes of
   it, and the modifiers of the total (:meth:`Roll.modify`) apart from both; the trace records the faces
   and the exact probability of the throw (a ``chance`` record);
3. while the roller has throws left (``attempts``: throws in all, Dice Throne's three roll attempts), the
   roller decides (kind ``reroll``): ``stop``, or which dice to throw again, one option per distinct
   sub-multiset of the dice (equal dice are not told apart, so the options and the state graph stay small);
4. the roll's ``window`` event goes through the event pipeline, so abilities react to it and may change
   dice (:meth:`Roll.change`; Dice Throne Missions L110 and L245: heroes adjust the enemy's dice before they
   are used) or the total (:meth:`Roll.modify`);
5. task ``resume`` runs with ``args`` and reads the roll (:meth:`Roll.faces`, :meth:`Roll.natural`,
   :meth:`Roll.total`, :meth:`Roll.outcome`); when it and all it set off have run, the variable is cleared
   (``clear=True``), or kept and marked ``used`` (``clear=False``: the last roll stays on the table to be
   read, until the next throw).

>>> from tabletop.core.dice import Die
>>> D6 = Die.numbered("d6", 6)
>>> roll = Roll("demo.roll", (D6, D6), rule="demo")
>>> options, probs = roll.options((D6, D6))
>>> len(options), options[1]["id"], options[1]["ways"], options[1]["of"], round(probs[1], 4)
(21, '1,2', 2, 36, 0.0556)
>>> [o["id"] for o in roll.reroll_options([["d6", "3", "3"], ["d6", "3", "3"], ["d6", "5", "5"]])]
['stop', 'reroll:3', 'reroll:5', 'reroll:3,3', 'reroll:3,5', 'reroll:3,3,5']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING, Any

from .decision import CHANCE
from .dice import BLANK, Die, Face, Throw, grouped, pool_kinds, throws
from .dice import total as _total
from .errors import RuleError, quote
from .tasks import task_name

if TYPE_CHECKING:
    from .scheduling import Task
    from .table import Table
    from .tasks import TaskTable

Classifier = Callable[[Throw, Any], str]  # (the throw's faces, the throw's context) -> what the throw does


class Roll:
    """One roll of a rulebook (see the module docstring).

    ``dice``: the pool it throws unless :meth:`throw` is given another (every kind it may throw must be in
    it); ``rule``: the rule its records and decisions cite; ``prompt``: the chance decision's prompt.
    ``group(faces, context)``: the rulebook's classifier, for a roll whose dice nothing changes afterwards:
    the throw's options are then its groups (``labels`` words them), and the variable holds the group
    (and the faces only when a group is a single throw). ``attempts``: throws in all by default (more than
    one needs a roller, and no ``group``). ``window``: the type of the event sent before the use (None:
    none). ``var``: the state variable (default: the roll's name); ``stream``: the random stream.
    """

    def __init__(
        self,
        name: str,
        dice: Sequence[Die],
        *,
        rule: str,
        prompt: str = "",
        group: Classifier | None = None,
        labels: Mapping[str, str] | None = None,
        attempts: int = 1,
        window: str | None = None,
        var: str | None = None,
        stream: str = "dice",
        clear: bool = True,
    ) -> None:
        self.name, self.rule = name, rule
        self.pool = tuple(dice)
        self.dice = {die.kind: die for die, _ in pool_kinds(self.pool)}
        if not self.dice:
            raise RuleError(f"roll {quote(name)} has no dice")
        self.prompt = prompt or f"{name}: the dice"
        self.group, self.labels = group, dict(labels or {})
        self.attempts, self.window = attempts, window
        self.var = var if var is not None else name
        self.stream, self.clear = stream, clear
        self._check_attempts(attempts)
        # each kind's faces in order (blank last): the canonical order of dice on the table
        self._order = {
            k: {f.name: i for i, f in enumerate(d.faces)} | {BLANK: len(d.faces)} for k, d in self.dice.items()
        }
        self._kind_order = {k: i for i, k in enumerate(self.dice)}
        self._options: dict[tuple[tuple[str, ...], Hashable], tuple[tuple[dict, ...], tuple[float, ...]]] = {}
        self._registered = False

    def __repr__(self) -> str:
        return f"Roll({self.name!r}, {'+'.join(f'{n}{d.kind}' for d, n in pool_kinds(self.pool))})"

    def _check_attempts(self, attempts: int) -> None:
        if attempts < 1:
            raise RuleError(f"roll {quote(self.name)}: attempts={attempts}; a roll is thrown at least once")
        if attempts > 1 and self.group is not None:
            raise RuleError(
                f"roll {quote(self.name)} groups its outcomes, so its dice cannot be thrown again: attempts must be 1"
            )

    # ------------------------------------------------------------ tasks
    def tasks(self, table: TaskTable) -> TaskTable:
        """Register the roll's steps on ``table`` (``<name>.land``, ``<name>.keep``, ``<name>.done``: the names
        saved games hold); returns ``table``."""

        def land(game: Table, *, then: list, choice: dict) -> None:
            self._landed(game, then, choice)

        def keep(game: Table, *, then: list, choice: dict) -> None:
            self._kept(game, then, choice)

        def done(game: Table) -> None:
            if self.clear:
                game.state.vars.pop(self.var, None)
            elif self.var in game.state.vars:
                game.state.vars[self.var] = {**game.state.vars[self.var], "used": True}

        for step, fn in (("land", land), ("keep", keep), ("done", done)):
            fn.__doc__ = f"{self.rule}: roll {self.name}, {step}."
            table(f"{self.name}.{step}")(fn)
        self._registered = True
        return table

    # ------------------------------------------------------------ throwing
    def throw(
        self,
        game: Table,
        resume: Task,
        *,
        player: int | None = None,
        args: dict | None = None,
        dice: Sequence[Die] | None = None,
        attempts: int | None = None,
        context: Hashable = None,
    ) -> None:
        """Throw the pool (``dice``, default the roll's) for ``player`` (None: nobody rerolls); ``attempts``:
        throws in all (default the roll's); ``context``: what the classifier is told besides the faces (a
        target number, a bonus: hashable plain data). Task ``resume`` runs with ``args`` once the roll is
        ready to use (after rerolls and the window)."""
        if not self._registered:
            raise RuleError(f"roll {quote(self.name)}: register its tasks first (roll.tasks(the rulebook's TaskTable))")
        attempts = self.attempts if attempts is None else attempts
        self._check_attempts(attempts)
        if attempts > 1 and player is None:
            raise RuleError(f"roll {quote(self.name)}: {attempts} attempts need a player to decide on rerolls")
        st = game.state
        if self.var in st.vars and not st.vars[self.var].get("used"):
            raise RuleError(f"roll {quote(self.name)} is thrown again before its last throw was used")
        pool = self.pool if dice is None else tuple(dice)
        self.options(pool, context)  # (checks the pool before anything changes)
        # (no None in the variable: a position file, TOML, has no spelling for it; "by" and "group" are
        # absent while nobody rerolls or no group has come up)
        st.vars[self.var] = {
            **({} if player is None else {"by": player}),
            "dice": [],
            "throws": 0,
            "attempts": attempts,
            "mods": [],
            "ways": 1,
            "of": 1,
        }
        self._ask(game, pool, [task_name(resume), dict(args or {})], context)

    def _ask(self, game: Table, pool: Sequence[Die], then: list, context: Hashable) -> None:
        options, probs = self.options(pool, context)
        game.ask(
            CHANCE,
            "roll",
            list(options),
            f"{self.name}.land",
            prompt=self.prompt,
            rule=self.rule,
            args={"then": then},
            probs=list(probs),
            stream=self.stream,
        )

    def options(self, pool: Sequence[Die], context: Hashable = None) -> tuple[tuple[dict, ...], tuple[float, ...]]:
        """The options of a throw of ``pool`` (with the classifier's ``context``) and their probabilities, made
        once per pool and context (shared: never change them)."""
        for die in pool:
            if self.dice.get(die.kind) != die:
                raise RuleError(f"roll {quote(self.name)} does not throw dice of kind {quote(die.kind)} like this one")
        pool = sorted(pool, key=lambda d: self._kind_order[d.kind])
        key = (tuple(d.kind for d in pool), context if self.group is not None else None)
        made = self._options.get(key)
        if made is not None:
            return made
        outcomes = throws(pool)
        of = sum(w for _, w in outcomes)
        options: list[dict] = []
        if self.group is None:
            for faces, ways in outcomes:
                options.append({**self._words(faces), "faces": _pairs(faces), "ways": ways, "of": of})
        else:
            classify = self.group
            for k, ways, members in grouped(outcomes, lambda faces: classify(faces, context)):
                option = {"id": k, "label": self.labels.get(k, k), "group": k, "ways": ways, "of": of}
                if len(members) == 1:
                    option["faces"] = _pairs(members[0])
                options.append(option)
        if len(self._options) > 10_000:
            self._options.clear()
        made = self._options[key] = (tuple(options), tuple(o["ways"] / of for o in options))
        return made

    def _words(self, faces: Sequence[Face]) -> dict:
        """An id and a label for dice showing ``faces`` (kinds named when the roll has several)."""
        if len(self.dice) == 1:
            return {"id": ",".join(f.name for f in faces), "label": " ".join(f.name for f in faces)}
        by_kind: dict[str, list[str]] = {}
        for f in faces:
            by_kind.setdefault(f.die, []).append(f.name)
        return {
            "id": ",".join(f"{f.die}:{f.name}" for f in faces),
            "label": ", ".join(f"{k} {' '.join(names)}" for k, names in by_kind.items()),
        }

    def _landed(self, game: Table, then: list, choice: dict) -> None:
        st = game.state
        roll = dict(st.vars[self.var])  # (copy on write)
        landed = choice.get("faces")
        if landed is not None:
            roll["dice"] = sorted([*roll["dice"], *([k, f, f] for k, f in landed)], key=self._sort_key)
        roll.pop("group", None)
        if choice.get("group") is not None:
            roll["group"] = choice["group"]
        roll["throws"] += 1
        roll["ways"], roll["of"] = choice["ways"], choice["of"]
        st.vars[self.var] = roll
        p = Fraction(choice["ways"], choice["of"])
        kept = len(roll["dice"]) - len(landed or ())
        game.record(
            "chance",
            lambda: (
                f"{self.name}: rolled {choice['label']} (probability {p})"
                + (f"; the dice show {' '.join(d[2] for d in roll['dice'])}" if kept else "")
            ),
            self.rule,
            roll=self.name,
            faces=landed,
            showing=[[k, f] for k, _, f in roll["dice"]],
            group=roll.get("group"),
            ways=choice["ways"],
            of=choice["of"],
            probability=str(p),
        )
        if roll.get("by") is not None and roll["throws"] < roll["attempts"]:
            game.ask(
                roll["by"],
                "reroll",
                self.reroll_options(roll["dice"]),
                f"{self.name}.keep",
                prompt=f"{self.name}: throw {roll['throws']} of {roll['attempts']}; keep the dice or throw some again",
                rule=self.rule,
                args={"then": then},
            )
            return
        self._use(game, roll, then)

    def reroll_options(self, dice: Sequence[Sequence[str]]) -> list[dict]:
        """The reroll decision's options for ``dice`` on the table: ``stop``, then each distinct non-empty
        sub-multiset of the faces to throw again (fewest dice first)."""
        showing = Counter((k, f) for k, _, f in dice)
        distinct = list(showing)
        options: list[dict] = [{"id": "stop", "label": "keep the dice as they are"}]
        picks = [p for p in product(*(range(showing[d] + 1) for d in distinct)) if any(p)]
        picks.sort(key=lambda p: (sum(p), [-n for n in p]))
        for pick in picks:
            again = [self.dice[k].face(f) for (k, f), n in zip(distinct, pick, strict=True) for _ in range(n)]
            words = self._words(again)
            options.append(
                {"id": f"reroll:{words['id']}", "label": f"throw {words['label']} again", "again": _pairs(again)}
            )
        return options

    def _kept(self, game: Table, then: list, choice: dict) -> None:
        st = game.state
        roll = dict(st.vars[self.var])
        if choice["id"] == "stop":
            self._use(game, roll, then)
            return
        dice = list(roll["dice"])
        for k, f in choice["again"]:  # (the dice picked up to throw again)
            dice.remove(next(d for d in dice if d[0] == k and d[2] == f))
        roll["dice"] = dice
        st.vars[self.var] = roll
        self._ask(game, [self.dice[k] for k, _ in choice["again"]], then, None)

    def _use(self, game: Table, roll: dict, then: list) -> None:
        if self.window is not None:
            game.emit(self.window, rule=self.rule, roll=self.name, player=roll.get("by"))
        game.push(then[0], **then[1])
        game.push(f"{self.name}.done")

    def _sort_key(self, die: Sequence[str]) -> tuple[int, int, int]:
        order = self._order[die[0]]
        return (self._kind_order[die[0]], order[die[1]], order[die[2]])

    # ------------------------------------------------------------ reading the roll
    def state(self, game: Table) -> dict:
        """The roll's variable: the dice (``[kind, natural, face]`` each), its group, throws, modifiers."""
        roll: dict | None = game.state.vars.get(self.var)
        if roll is None:
            raise RuleError(f"roll {quote(self.name)} is not on the table (not thrown, or used and cleared)")
        return roll

    def faces(self, game: Table) -> Throw:
        """The faces the dice show now (after any change)."""
        return tuple(self.dice[k].face(f) for k, _, f in self.state(game)["dice"])

    def natural(self, game: Table) -> Throw:
        """The faces the dice came up with, whatever changed them since (a natural 1 stays a natural 1)."""
        return tuple(self.dice[k].face(n) for k, n, _ in self.state(game)["dice"])

    def outcome(self, game: Table) -> str | None:
        """The group the throw fell in (None: the roll does not group)."""
        group: str | None = self.state(game).get("group")
        return group

    def total(self, game: Table) -> int:
        """The modified total: the numbers the dice show now plus every :meth:`modify`."""
        roll = self.state(game)
        mods: int = sum(amount for amount, _ in roll["mods"])
        return _total(self.faces(game)) + mods

    def probability(self, game: Table) -> Fraction:
        """The exact probability of the last throw's outcome."""
        roll = self.state(game)
        return Fraction(roll["ways"], roll["of"])

    # ------------------------------------------------------------ changing it (in the window)
    def modify(self, game: Table, amount: int, why: str) -> None:
        """Add ``amount`` to the total (the dice and their natural faces stay as they are)."""
        roll = self.state(game)
        game.state.vars[self.var] = {**roll, "mods": [*roll["mods"], [amount, why]]}
        game.record("modifier", lambda: f"{self.name}: {amount:+d} to the total ({why})", self.rule, roll=self.name)

    def change(self, game: Table, face: str, to: str, *, why: str, kind: str | None = None) -> None:
        """Turn one die showing ``face`` (of ``kind``, if given) to face ``to`` (:data:`BLANK`: a blank face);
        its natural face stays as it came up."""
        roll = self.state(game)
        dice = roll["dice"]
        at = next((i for i, d in enumerate(dice) if d[2] == face and kind in (None, d[0])), None)
        if at is None:
            showing = " ".join(d[2] for d in dice) or "no dice"
            raise RuleError(f"roll {quote(self.name)}: no die shows {quote(face)} to change (they show {showing})")
        die = dice[at]
        self.dice[die[0]].face(to)  # (it must be a face of that die)
        changed = [*dice[:at], [die[0], die[1], to], *dice[at + 1 :]]
        game.state.vars[self.var] = {**roll, "dice": sorted(changed, key=self._sort_key)}
        game.record(
            "modifier",
            lambda: f"{self.name}: a {face} turned to {to} ({why})",
            self.rule,
            roll=self.name,
            face=face,
            to=to,
        )


def _pairs(faces: Sequence[Face]) -> list[list[str]]:
    return [[f.die, f.name] for f in faces]
