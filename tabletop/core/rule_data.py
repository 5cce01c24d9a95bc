"""Rule tables as data files: ``[[rule]]`` tables in TOML, multi-range citations included.

A rulebook may keep its rule references as data instead of Python, in ``data/rules.toml`` (the wheel
ships a rulebook's ``data/*.toml``): ``RULES = load_rules(HERE / "data" / "rules.toml")``, where::

    source = "000_7fc8e0fd1bcbc422.txt"   # the seed file every rule cites unless it names its own

    [[rule]]
    id = "mc.surge"
    text = "Surge: after this card is revealed, reveal another encounter card."
    term = "Наплыв"
    lines = [[779, 780], [1203, 1203]]     # one range [a, b], or several
    assumption = false

The fields are those of :class:`~tabletop.core.rules.Rule`. Broken data fails at load with a
:class:`RuleDataError` naming the file, the rule and the field. :func:`dump_rules` writes a table
in this format, so a rulebook's table moves to a data file without retyping it (tests/test_citations.py's
``_code`` must then leave that file out, as it leaves out ``rules.py``: a table does not cite its own rules).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .cards import read_toml
from .errors import CardDataError, RuleError, TabletopError, quote
from .rules import Rule, RuleTable

# a rule's fields in a data file, with their types (``lines`` is checked on its own)
FIELDS: dict[str, type] = {
    "id": str,
    "text": str,
    "term": str,
    "source": str,
    "lines": list,
    "assumption": bool,
    "outside_text": bool,
    "option": str,
    "kind": str,
    "gloss": bool,
    "fixed": str,
}


class RuleDataError(TabletopError, ValueError):
    """Malformed rule data: names the file, the rule and the field."""

    def __init__(self, file: str, rule: str | None, field: str | None, problem: str):
        self.file, self.rule, self.field, self.problem = file, rule, field, problem
        where = file + (f", rule {quote(rule)}" if rule is not None else "")
        where += f", field {quote(field)}" if field is not None else ""
        super().__init__(f"{where}: {problem}")


def load_rules(path: Path | str, source: str = "") -> RuleTable:
    """The rule table of a TOML file of ``[[rule]]`` tables; ``source`` (or the file's top-level
    ``source``) is the seed file of every rule that names none."""
    path = Path(path)
    name = path.name
    try:
        data = read_toml(path)
    except CardDataError as exc:  # (a file that cannot be read, decoded or parsed)
        raise RuleDataError(name, exc.card, exc.field, exc.problem) from None
    unknown = sorted(set(data) - {"source", "rule"})
    if unknown:
        raise RuleDataError(name, None, unknown[0], "unknown top-level key (a rule file holds source and [[rule]])")
    default = data.get("source", source)
    if not isinstance(default, str):
        raise RuleDataError(name, None, "source", f"the seed file is a string, not {quote(default)}")
    entries = data.get("rule")
    if not isinstance(entries, list):
        raise RuleDataError(name, None, "rule", "the file must hold [[rule]] tables")
    rules: list[Rule] = []
    seen: set[str] = set()
    for n, entry in enumerate(entries, 1):
        rules.append(_rule(name, n, entry, default, seen))
    try:
        return RuleTable(rules)
    except RuleError as exc:  # (a kernel rule id, core.*)
        raise RuleDataError(name, None, "id", str(exc)) from None


def _rule(name: str, n: int, entry: Any, default: str, seen: set[str]) -> Rule:
    if not isinstance(entry, dict):
        raise RuleDataError(name, f"#{n}", None, f"entry {n} is {quote(entry)}, not a [[rule]] table")
    rule_id = entry.get("id")
    label = rule_id if isinstance(rule_id, str) else f"#{n}"
    for key in ("id", "text"):
        if key not in entry:
            raise RuleDataError(name, label, key, "a rule needs an id and a text")
    for key, value in entry.items():
        kind = FIELDS.get(key)
        if kind is None:
            raise RuleDataError(name, label, key, f"unknown field (a rule has: {', '.join(FIELDS)})")
        if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
            raise RuleDataError(name, label, key, f"must be a {kind.__name__}, not {quote(value)}")
    if rule_id in seen:
        raise RuleDataError(name, label, "id", "the rule id is defined twice")
    seen.add(str(rule_id))
    fields = {k: v for k, v in entry.items() if k != "lines"}
    fields.setdefault("source", default)
    lines = entry.get("lines")
    try:
        return Rule(**fields, lines=None if lines is None else _lines(lines))
    except (RuleError, TypeError, ValueError) as exc:
        field = "lines" if "line" in str(exc) else None
        raise RuleDataError(name, label, field, str(exc)) from None


def _lines(value: list) -> tuple:
    """``[a, b]`` or ``[[a, b], [c, d]]`` as the tuples :class:`Rule` takes (Rule checks the numbers)."""
    if value and all(isinstance(x, list) for x in value):
        return tuple(tuple(pair) for pair in value)
    return tuple(value)


def dump_rules(rules: Iterable[Rule], source: str = "") -> str:
    """A rule table as a data file :func:`load_rules` reads back to the same rules (``source``: the seed
    file most rules cite, written once at the top)."""
    out = []
    if source:
        out.append(f"source = {_string(source)}\n")
    for rule in rules:
        out.append("\n[[rule]]\n")
        for key in FIELDS:
            value = getattr(rule, key)
            if key == "source":
                if value != source:  # (a rule that cites another seed, or none)
                    out.append(f"source = {_string(value)}\n")
                continue
            default = Rule.__dataclass_fields__[key].default
            if key not in ("id", "text") and value == default:
                continue
            out.append(f"{key} = {_value(value)}\n")
    return "".join(out)


def _string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)  # a JSON string is a TOML basic string


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return _string(value)
    ranges = list(value)  # lines: a tuple of (first, last)
    if len(ranges) == 1:
        return f"[{ranges[0][0]}, {ranges[0][1]}]"
    return "[" + ", ".join(f"[{a}, {b}]" for a, b in ranges) + "]"
