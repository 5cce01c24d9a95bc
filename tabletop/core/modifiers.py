"""Numeric modifiers: values are recomputed from base in the order a profile gives.

Rulebooks differ in the order modifiers apply. Berserk (rule 521.1) adds, multiplies,
subtracts, divides, then sets in order of appearance and clamps at 0; Marvel Champions adds and
subtracts, then doubles and halves, lets the most recent "set" win and rounds up. A
:class:`ModifierOrder` describes such an order as data, and :func:`compute` returns the value
with every step that made it, which is what ``game.explain(obj, stat)`` shows.

An operation appears in one stage, unless the stages that share it are named (:class:`Stage`):
Guild Wars 2 halves damage on the attacker's side (Weakness) and then doubles or halves it on the
target's side (Vulnerability, Protection), rounding in between (seed 000 L134-L140). A modifier
of an operation that is in several stages says which one with its ``stage`` (its name), and each
named stage may round its own way. ``docs/modifiers.md`` has the whole story.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .errors import RuleError

OPS = ("add", "sub", "mul", "div", "set")
ROUNDINGS = ("down", "up", "nearest", "none")


@dataclass(frozen=True)
class Stage:
    """A named stage of a :class:`ModifierOrder`: its operations, and how its result is rounded.

    ``rounding`` is one of ``ROUNDINGS`` or None for the order's own; ``rule`` is what its rounding
    step cites (None: the order's rule). Naming stages is what lets one operation be in several:

    >>> Stage("target", ("mul", "div"), rounding="down")
    Stage(name='target', ops=('mul', 'div'), rounding='down', rule=None)
    """

    name: str
    ops: tuple[str, ...]
    rounding: str | None = None
    rule: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"a stage's name is a non-empty string, not {self.name!r}")
        if not isinstance(self.ops, tuple):
            raise ValueError(f"stage {self.name!r}: its ops are a tuple of operations, not {self.ops!r}")
        if self.rounding is not None and self.rounding not in ROUNDINGS:
            raise ValueError(f"stage {self.name!r}: unknown rounding {self.rounding!r}; use one of {ROUNDINGS}")

    def describe(self) -> dict[str, Any]:
        """The stage as plain data (as a profile is saved): name, ops, rounding, rule."""
        return {"name": self.name, "ops": list(self.ops), "rounding": self.rounding, "rule": self.rule}


@dataclass(frozen=True)
class ModifierOrder:
    """How modifiers combine: stages of operations, a floor, and rounding after division.

    A stage is a tuple of operations or a named :class:`Stage`. An operation may be in several
    stages only if each of them is a :class:`Stage`; a modifier of such an operation names its stage
    (``"stage": name``), and one that does not is an error when the value is computed.
    """

    stages: tuple[tuple[str, ...] | Stage, ...] = (("add", "sub"), ("mul", "div"), ("set",))
    floor: int | None = 0
    rounding: str = "down"  # "down", "up", "nearest" (half up) or "none" (keep fractions)
    rule: str = "core.modifier"  # the rule that fixes this order

    def __post_init__(self) -> None:
        seen = [op for stage in self.stages for op in _ops(stage)]
        for op in seen:
            if op not in OPS:
                raise ValueError(f"unknown modifier operation {op!r}; use one of {OPS}")
        names = [s.name for s in self.stages if isinstance(s, Stage)]
        if len(names) != len(set(names)):
            raise ValueError(f"two stages have the same name: {names}")
        for stage in self.stages:
            if len(set(_ops(stage))) != len(_ops(stage)):
                raise ValueError(f"an operation appears in two stages: {self.stages} (twice in {stage})")
        for op in sorted(set(seen)):
            holding = [s for s in self.stages if op in _ops(s)]
            if len(holding) > 1 and not all(isinstance(s, Stage) for s in holding):
                raise ValueError(
                    f"an operation appears in two stages: {self.stages} ({op!r}; name each stage that "
                    "shares an operation with Stage, and give its modifiers that stage)"
                )
        if self.rounding not in ROUNDINGS:
            raise ValueError(f"unknown rounding {self.rounding!r}")

    @functools.cached_property
    def staged(self) -> bool:
        """Whether any stage is a named :class:`Stage` (otherwise each operation has one stage)."""
        return any(isinstance(s, Stage) for s in self.stages)

    @functools.cached_property
    def plan(self) -> tuple[tuple[tuple[str, ...], str | None, str, str], ...]:
        """Each stage as (its operations, its name or None, its rounding, the rule its rounding cites)."""
        return tuple(
            (s.ops, s.name, s.rounding or self.rounding, s.rule or self.rule)
            if isinstance(s, Stage)
            else (s, None, self.rounding, self.rule)
            for s in self.stages
        )

    def stage_of(self, mod: dict) -> int | None:
        """The index of the stage ``mod`` applies in (None: no stage has its operation, so it is ignored).

        Raises RuleError for a stage that is not one of this order's or lacks the operation, and for
        a modifier without a stage whose operation is in several."""
        op, name = mod["op"], mod.get("stage")
        if name is None:
            holding = [i for i, s in enumerate(self.stages) if op in _ops(s)]
            if len(holding) > 1:
                where = ", ".join(repr(_name(self.stages[i])) for i in holding)
                raise RuleError(f"modifier {_described(mod)} names no stage, and {op!r} is in the stages {where}")
            return holding[0] if holding else None
        for i, s in enumerate(self.stages):
            if isinstance(s, Stage) and s.name == name:
                if op not in s.ops:
                    raise RuleError(f"modifier {_described(mod)} names stage {name!r}, which has no {op!r}: {s.ops}")
                return i
        known = ", ".join(repr(s.name) for s in self.stages if isinstance(s, Stage)) or "none"
        raise RuleError(f"modifier {_described(mod)} names stage {name!r}; the named stages are {known}")


def _ops(stage: tuple[str, ...] | Stage) -> tuple[str, ...]:
    return stage.ops if isinstance(stage, Stage) else stage


def _name(stage: tuple[str, ...] | Stage) -> str | None:
    return stage.name if isinstance(stage, Stage) else None


def _described(mod: dict) -> str:
    source = mod.get("source")
    return f"{mod['op']} {mod.get('value')!r}" + (f" from {source}" if source else "")


@dataclass(frozen=True)
class Step:
    """One contribution to a value, in the order it was applied."""

    op: str  # "base", one of OPS, "round" or "floor"
    amount: Any
    before: Any
    after: Any
    source: str | None = None
    rule: str | None = None
    note: str = ""
    stage: str | None = None  # the named Stage it was applied in (None: an unnamed stage)
    # how the source reads to a person ("Battle Fury (c48)"), where Game.explain could name it; else the id
    source_name: str | None = None

    def __str__(self) -> str:
        src = f" from {self.source_name or self.source}" if self.source else ""
        rule = f" [{self.rule}]" if self.rule else ""
        stage = f" (stage {self.stage})" if self.stage else ""
        if self.op == "base":
            return f"base {self.after}{src}{rule}{self.note}"
        if self.op in ("round", "floor"):
            return f"{self.op} ({self.amount}): {self.before} -> {self.after}{rule}{stage}"
        sym = {"add": "+", "sub": "-", "mul": "x", "div": "/", "set": "="}.get(self.op, self.op)
        return f"{sym}{self.amount}{src}: {self.before} -> {self.after}{rule}{self.note}{stage}"


@dataclass(frozen=True)
class Explanation:
    """Why a value is what it is: the base and every modifier in the order applied."""

    obj: str
    stat: str
    value: Any
    steps: tuple[Step, ...] = field(default_factory=tuple)
    obj_name: str | None = None  # how the object reads to a person, where Game.explain could name it
    against: str | None = None  # the other object of a value against one (the target of a damage)
    against_name: str | None = None

    def _what(self) -> str:
        other = "" if self.against is None else f" against {self.against_name or self.against}"
        return f"{self.stat} of {self.obj_name or self.obj}{other}"

    def __str__(self) -> str:
        lines = [f"{self._what()} = {self.value}"]
        lines += [f"  {i}. {s}" for i, s in enumerate(self.steps, 1)]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from html import escape

        staged = any(s.stage for s in self.steps)  # (a stage column only where a stage is named)
        rows = "".join(
            f"<tr><td>{i}</td>"
            + (f"<td>{escape(s.stage or '')}</td>" if staged else "")
            + f"<td>{escape(s.op)}</td><td>{escape(str(s.amount))}</td>"
            f"<td>{escape(str(s.after) if s.before is None else f'{s.before} → {s.after}')}</td>"
            f"<td>{escape(s.source_name or s.source or '')}</td><td><code>{escape(s.rule or '')}</code></td></tr>"
            for i, s in enumerate(self.steps, 1)
        )
        return (
            f"<div><b>{escape(self.stat)}</b> of <code>{escape(self.obj_name or self.obj)}</code>"
            + ("" if self.against is None else f" against <code>{escape(self.against_name or self.against)}</code>")
            + " = "
            f"<b>{escape(str(self.value))}</b><table><thead><tr><th>#</th>"
            + ("<th>stage</th>" if staged else "")
            + "<th>step</th><th>amount</th><th>value</th><th>source</th><th>rule</th></tr></thead>"
            f"<tbody>{rows}</tbody></table></div>"
        )


def _round(value: Fraction, how: str) -> Fraction | int:
    if value.denominator == 1:
        return int(value)
    if how == "down":
        return math.floor(value)
    if how == "up":
        return math.ceil(value)
    if how == "nearest":
        return math.floor(value + Fraction(1, 2))
    return value


def compute(base: Any, modifiers: list[dict], order: ModifierOrder, obj: str = "", stat: str = "") -> Explanation:
    """Apply ``modifiers`` (dicts with op, value, ts and optional source, rule, stage) to ``base``.

    Within a stage modifiers apply in order of appearance (``ts``), so among "set" modifiers the
    most recent one decides. A stage that multiplied or divided rounds at its end (as its
    :class:`Stage` says, else as ``order.rounding`` says); the floor applies once, after everything.

    >>> order = ModifierOrder(stages=(("add",), ("mul",), ("sub",), ("div",), ("set",)))
    >>> compute(2, [{"op": "sub", "value": 1, "ts": 1}, {"op": "mul", "value": 3, "ts": 2}], order).value
    5

    Halving on one side and then doubling on the other, rounding down in between (3 / 2 -> 1, x 2):

    >>> sides = ModifierOrder(stages=(Stage("attacker", ("div",)), Stage("target", ("mul", "div"))))
    >>> mods = [{"op": "mul", "value": 2, "stage": "target"}, {"op": "div", "value": 2, "stage": "attacker"}]
    >>> print(compute(3, mods, sides, "strike", "damage"))
    damage of strike = 2
      1. base 3 from strike
      2. /2: 3 -> 3/2 (stage attacker)
      3. round (down): 3/2 -> 1 [core.modifier] (stage attacker)
      4. x2: 1 -> 2 (stage target)
    """
    value: Any = Fraction(base) if isinstance(base, int | float) else base
    steps = [Step("base", base, None, base, obj or None)]
    staged = order.staged
    by_op: dict[str, list[dict]] = {}
    by_stage: dict[int, list[dict]] = {}
    for mod in modifiers:
        if staged:
            at = order.stage_of(mod)
            if at is not None:
                by_stage.setdefault(at, []).append(mod)
        else:
            by_op.setdefault(mod["op"], []).append(mod)
    for at, (ops, name, how, rule) in enumerate(order.plan):
        if staged:
            mods = sorted(by_stage.get(at, ()), key=lambda m: m.get("ts", 0))
        else:
            mods = sorted((m for op in ops for m in by_op.get(op, ())), key=lambda m: m.get("ts", 0))
        divided = False
        for mod in mods:
            before = value
            amount = mod["value"]
            op = mod["op"]
            if op == "add":
                value = value + amount
            elif op == "sub":
                value = value - amount
            elif op == "mul":
                value = value * amount
            elif op == "div":
                value = Fraction(value) / amount
                divided = True
            else:
                value = Fraction(amount)
            steps.append(Step(op, amount, _show(before), _show(value), mod.get("source"), mod.get("rule"), stage=name))
        if divided or any(m["op"] == "mul" for m in mods):
            rounded = _round(Fraction(value), how)
            if rounded != value or not isinstance(rounded, int):
                steps.append(Step("round", how, _show(value), _show(rounded), rule=rule, stage=name))
            value = Fraction(rounded)
    if order.floor is not None and value < order.floor:
        steps.append(Step("floor", order.floor, _show(value), order.floor, rule=order.rule))
        value = Fraction(order.floor)
    return Explanation(obj, stat, _show(value), tuple(steps))


def _show(value: Any) -> Any:
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value
