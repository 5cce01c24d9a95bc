"""Numeric modifiers: values are recomputed from base in the order a profile gives.

Rulebooks differ in the order modifiers apply. Berserk (rule 521.1) adds, multiplies,
subtracts, divides, then sets in order of appearance and clamps at 0; Marvel Champions adds and
subtracts, then doubles and halves, lets the most recent "set" win and rounds up. A
:class:`ModifierOrder` describes such an order as data, and :func:`compute` returns the value
with every step that made it, which is what ``game.explain(obj, stat)`` shows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

OPS = ("add", "sub", "mul", "div", "set")


@dataclass(frozen=True)
class ModifierOrder:
    """How modifiers combine: stages of operations, a floor, and rounding after division."""

    stages: tuple[tuple[str, ...], ...] = (("add", "sub"), ("mul", "div"), ("set",))
    floor: int | None = 0
    rounding: str = "down"  # "down", "up", "nearest" (half up) or "none" (keep fractions)
    rule: str = "core.modifier"  # the rule that fixes this order

    def __post_init__(self) -> None:
        seen = [op for stage in self.stages for op in stage]
        for op in seen:
            if op not in OPS:
                raise ValueError(f"unknown modifier operation {op!r}; use one of {OPS}")
        if sorted(seen) != sorted(set(seen)):
            raise ValueError(f"an operation appears in two stages: {self.stages}")
        if self.rounding not in ("down", "up", "nearest", "none"):
            raise ValueError(f"unknown rounding {self.rounding!r}")


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

    def __str__(self) -> str:
        src = f" from {self.source}" if self.source else ""
        rule = f" [{self.rule}]" if self.rule else ""
        if self.op == "base":
            return f"base {self.after}{src}{rule}{self.note}"
        if self.op in ("round", "floor"):
            return f"{self.op} ({self.amount}): {self.before} -> {self.after}{rule}"
        sym = {"add": "+", "sub": "-", "mul": "x", "div": "/", "set": "="}.get(self.op, self.op)
        return f"{sym}{self.amount}{src}: {self.before} -> {self.after}{rule}{self.note}"


@dataclass(frozen=True)
class Explanation:
    """Why a value is what it is: the base and every modifier in the order applied."""

    obj: str
    stat: str
    value: Any
    steps: tuple[Step, ...] = field(default_factory=tuple)

    def __str__(self) -> str:
        lines = [f"{self.stat} of {self.obj} = {self.value}"]
        lines += [f"  {i}. {s}" for i, s in enumerate(self.steps, 1)]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from html import escape

        rows = "".join(
            f"<tr><td>{i}</td><td>{escape(s.op)}</td><td>{escape(str(s.amount))}</td>"
            f"<td>{escape(str(s.after) if s.before is None else f'{s.before} → {s.after}')}</td>"
            f"<td>{escape(s.source or '')}</td><td><code>{escape(s.rule or '')}</code></td></tr>"
            for i, s in enumerate(self.steps, 1)
        )
        return (
            f"<div><b>{escape(self.stat)}</b> of <code>{escape(self.obj)}</code> = "
            f"<b>{escape(str(self.value))}</b><table><thead><tr><th>#</th><th>step</th>"
            "<th>amount</th><th>value</th><th>source</th><th>rule</th></tr></thead>"
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
    """Apply ``modifiers`` (dicts with op, value, ts and optional source, rule) to ``base``.

    Within a stage modifiers apply in order of appearance (``ts``), so among "set" modifiers the
    most recent one decides. Division rounds as ``order.rounding`` says at the end of its stage;
    the floor applies once, after everything.

    >>> order = ModifierOrder(stages=(("add",), ("mul",), ("sub",), ("div",), ("set",)))
    >>> compute(2, [{"op": "sub", "value": 1, "ts": 1}, {"op": "mul", "value": 3, "ts": 2}], order).value
    5
    """
    value: Any = Fraction(base) if isinstance(base, int | float) else base
    steps = [Step("base", base, None, base, obj or None)]
    by_op: dict[str, list[dict]] = {}
    for mod in modifiers:
        by_op.setdefault(mod["op"], []).append(mod)
    for stage in order.stages:
        mods = sorted((m for op in stage for m in by_op.get(op, ())), key=lambda m: m.get("ts", 0))
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
            steps.append(Step(op, amount, _show(before), _show(value), mod.get("source"), mod.get("rule")))
        if divided or any(m["op"] == "mul" for m in mods):
            rounded = _round(Fraction(value), order.rounding)
            if rounded != value or not isinstance(rounded, int):
                steps.append(Step("round", order.rounding, _show(value), _show(rounded), rule=order.rule))
            value = Fraction(rounded)
    if order.floor is not None and value < order.floor:
        steps.append(Step("floor", order.floor, _show(value), order.floor, rule=order.rule))
        value = Fraction(order.floor)
    return Explanation(obj, stat, _show(value), tuple(steps))


def _show(value: Any) -> Any:
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value
