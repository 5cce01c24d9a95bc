"""Values of objects' stats, with every contribution explained, and lasting effects that end."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, cast

from .errors import RuleError, quote
from .modifiers import Explanation, compute
from .pipeline import Pipeline

if TYPE_CHECKING:
    from .table import Table


class Values(Pipeline):
    """Stats and their explanations; lasting modifiers and effects, and their expiry."""

    def obj(self, obj_id: str) -> dict:
        try:
            return self.state.objects[obj_id]
        except KeyError:
            raise KeyError(f"no object {quote(obj_id)} in this game") from None

    def value(self, obj_id: str, stat: str, against: str | None = None) -> Any:
        """The current value of ``stat`` on an object, after every modifier (``against``: see :meth:`explain`)."""
        return self.explain(obj_id, stat, against).value

    def explain(self, obj_id: str, stat: str, against: str | None = None) -> Explanation:
        """The base value and every contribution to it, in order, each with its source and rule.

        ``against``: a value of the object against another, such as the damage an attacker deals a target
        after the statuses of both; the rulebook's ``explain_against`` hook gives it whole.

        An explicit base (``obj["base"]``) comes first; otherwise a rulebook that keeps a value itself (buffs,
        auras, damage taken, a printed side that depends on a form) breaks it down with its ``explain`` hook.
        The kernel's lasting and static modifiers then apply after it, in the profile's order, so the last
        step always ends at ``game.value(obj, stat)``."""
        obj = self.obj(obj_id)
        if against is not None:
            return self._explain_against(obj, stat, self.obj(against))
        mods = self.modifiers_for(obj_id, stat)
        base = obj.get("base", {}).get(stat)
        if base is None:
            hook = self.rulebook.explain
            start = None if hook is None else hook(cast("Table", self), obj, stat)
            if start is not None:
                _check_explanation(self.rulebook.id, obj_id, stat, start)
                if not mods:
                    return start
                rest = compute(start.value, mods, self.profile.modifiers, obj_id, stat)
                return Explanation(obj_id, stat, rest.value, start.steps + rest.steps[1:])
            base = self.rulebook.base_value(cast("Table", self), obj, stat)
        return compute(base, mods, self.profile.modifiers, obj_id, stat)

    def _explain_against(self, obj: dict, stat: str, other: dict) -> Explanation:
        rb = self.rulebook
        hook = rb.explain_against
        found = None if hook is None else hook(cast("Table", self), obj, stat, other)
        if found is None:
            raise RuleError(
                f"{rb.id} has no value {stat!r} of one object against another "
                f"(asked for {stat!r} of {obj['id']!r} against {other['id']!r})"
            )
        _check_explanation(rb.id, obj["id"], stat, found)
        return replace(found, against=other["id"])

    def modifiers_for(self, obj_id: str, stat: str) -> list[dict]:
        """Lasting modifiers and static abilities that apply to ``stat`` of ``obj_id``."""
        mods = [m for m in self.state.modifiers if m["target"] == obj_id and m["stat"] == stat]
        if self.rulebook.has_statics:
            for src, _key, ab in self._index().get("$static", ()):
                source = self.state.objects[src]
                for m in ab.modifiers(self, source):
                    if m["target"] == obj_id and m["stat"] == stat:
                        mods.append({"ts": source.get("ts", 0), "source": src, "rule": ab.rule, **m})
        return mods

    def add_modifier(
        self,
        target: str,
        stat: str,
        op: str,
        value: Any,
        *,
        source: str | None = None,
        until: str | None = None,
        rule: str = "core.modifier",
        stage: str | None = None,
    ) -> None:
        """A lasting modifier, until the end of ``turn``/``phase``/``round`` or for good.

        ``stage`` names the :class:`~tabletop.core.modifiers.Stage` of the profile's modifier order it
        applies in (needed when its operation is in several stages; see docs/modifiers.md)."""
        st = self.state
        staged = {} if stage is None else {"stage": stage}  # (absent unless given: states stay as they were)
        if stage is not None:  # a stage the order does not have, or without this operation: a RuleError now
            self.profile.modifiers.stage_of({"op": op, "value": value, "source": source, **staged})
        mod = {
            "target": target,
            "stat": stat,
            "op": op,
            "value": value,
            "source": source,
            "until": until,
            "rule": rule,
            "ts": st.next_ts(),
            **staged,
        }
        st.modifiers.append(mod)
        self.record(
            "modifier",
            f"{stat} of {target}: {op} {value}"
            + (f" until end of {until}" if until else "")
            + (f" ({stage} stage)" if stage else ""),
            rule,
            target=target,
            stat=stat,
            op=op,
            value=value,
            **staged,
        )

    def add_effect(self, kind: str, *, until: str | None, rule: str, **data: Any) -> None:
        """A lasting effect other than a modifier; the rulebook's ``on_expire[kind]`` ends it."""
        self.state.effects.append({"kind": kind, "until": until, "rule": rule, "ts": self.state.next_ts(), **data})

    def expire(
        self, period: str, rule: str | None = None, summary: str | None = None, *, owner: int | str | None = None
    ) -> None:
        """End now every lasting modifier, effect and use limit that lasts ``until`` ``period``.

        The kernel calls it at the end of each turn, phase and round; a rulebook calls it for
        periods of its own (Marvel Champions' boosts last "for this activation", L320). The trace
        cites ``rule`` (default: the profile's rule for expiry), with ``summary`` for the modifiers.

        One player's or one hero's own period: ``owner`` is whose period ends (a rulebook's own period,
        "the roll phase of this hero": its id; the kernel's turn and phase: the player whose turn it is;
        a round: nobody). An effect with ``of`` ends only at the end of a period of its owner, and one
        with ``times`` only at the last of that many such ends ("until the end of your *next* turn");
        with an ``owner`` given, only the use limits of abilities on the owner (or on what it controls)
        start again. An effect that names a task as its ``end`` has that task run (with ``effect``)
        instead of the rulebook's ``on_expire`` hook.
        """
        st = self.state
        rule = rule or self.profile.rule("expire")
        gone = [m for m in st.modifiers if m.get("until") == period]
        if gone:
            st.modifiers = [m for m in st.modifiers if m.get("until") != period]
            self.record("expire", summary or f"{len(gone)} modifier(s) until end of {period} end", rule)
        ending = [e for e in st.effects if e.get("until") == period]
        if ending:
            if any("of" in e or "times" in e for e in ending):
                whose = owner if owner is not None else st.turn.get("player") if period in ("turn", "phase") else None
                st.effects, ending = _due(st.effects, period, whose)
            else:
                st.effects = [e for e in st.effects if e.get("until") != period]
            for eff in ending:
                rec = self.record("expire", f"{eff['kind']} ends (end of {period})", eff.get("rule", rule))
                if "end" in eff:
                    self._push(eff["end"], {"effect": eff}, rec)
                    continue
                hook = self.rulebook.on_expire.get(eff["kind"])
                if hook is not None:
                    hook(cast("Table", self), eff)
        prefix = f"{period}:"
        if any(k.startswith(prefix) for k in st.uses):
            if owner is None:
                st.uses = {k: v for k, v in st.uses.items() if not k.startswith(prefix)}
            else:
                st.uses = {
                    k: v
                    for k, v in st.uses.items()
                    if not (k.startswith(prefix) and self._owns(owner, k[len(prefix) :]))
                }
        if gone or ending:
            self._listeners = None

    def _owns(self, owner: int | str, key: str) -> bool:
        """Is the ability behind use key ``key`` on ``owner`` (an object id), or on an object ``owner`` controls?"""
        if key.startswith("rule:"):
            return False
        src = key.split("@", 1)[0] if "@" in key else key.rsplit("#", 1)[0]
        obj = self.state.objects.get(src)
        return src == owner or (obj is not None and self.controller_of(obj) == owner)


def _due(effects: list[dict], period: str, whose: int | str | None) -> tuple[list[dict], list[dict]]:
    """Split lasting ``effects`` at the end of ``period`` (of ``whose``) into those that stay (a ``times``
    counted down) and those that end now."""
    kept, ending = [], []
    for e in effects:
        if e.get("until") != period or ("of" in e and e["of"] != whose):
            kept.append(e)
        elif e.get("times", 1) > 1:
            kept.append({**e, "times": e["times"] - 1})
        else:
            ending.append(e)
    return kept, ending


def _check_explanation(rulebook: str, obj_id: str, stat: str, ex: Explanation) -> None:
    """A rulebook's explain hook must give a chain of steps from a base to its value (or the table lies)."""
    where = f"{rulebook}: the explain hook for {stat!r} of {obj_id!r}"
    if not isinstance(ex, Explanation):
        raise RuleError(f"{where} returned {type(ex).__name__}, not an Explanation (or None)")
    if (ex.obj, ex.stat) != (obj_id, stat):
        raise RuleError(f"{where} explained {ex.stat!r} of {ex.obj!r} instead")
    if not ex.steps or ex.steps[0].op != "base":
        raise RuleError(f"{where} gave no base step first: {list(ex.steps)}")
    for prev, step in zip(ex.steps, ex.steps[1:]):
        if step.before != prev.after:
            raise RuleError(f"{where}: step {step} starts at {step.before!r}, the step before ends at {prev.after!r}")
    if ex.steps[-1].after != ex.value:
        raise RuleError(f"{where}: its steps end at {ex.steps[-1].after!r}, its value is {ex.value!r}")
