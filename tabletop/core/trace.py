"""The trace: every step the engine takes, with its cause and the rule that made it happen.

The trace is the single source for trigger-chain graphs, replay, the timeline and the narrated
log. Records are plain dicts (so a saved game keeps them): ``i`` (index), ``kind``,
``summary``, ``rule``, ``cause`` (index of the record that caused it, or ``None``), ``player``,
``step`` (number of decisions made before it) and kind-specific ``data``.
"""

from __future__ import annotations

from collections.abc import Iterator
from html import escape
from typing import TYPE_CHECKING, Any, SupportsIndex, overload

if TYPE_CHECKING:
    import networkx as nx

    from .rules import RuleTable

RECORD_KINDS = (
    "action",
    "event",
    "trigger",
    "window",
    "resolution",
    "replacement",
    "check",
    "decision",
    "chance",
    "modifier",
    "flow",
    "expire",
    "end",
)
# the node kind of each record kind in the graph of causes
NODE_KINDS = ("action", "event", "trigger", "window", "resolution", "replacement", "check", "decision", "chance")
NODE_KIND = {"flow": "action", "modifier": "event", "expire": "event", "end": "event"}
EDGE_KINDS = ("caused", "triggered", "replaced", "prevented", "cancelled", "chose")
# the edge a cause draws to a record of this kind in the graph of causes
EDGE_KIND = {
    "trigger": "triggered",
    "replacement": "replaced",
    "decision": "chose",
    "chance": "chose",
}


class Trace:
    """The records of a game, in order."""

    def __init__(self, rules: RuleTable, records: list[dict] | None = None):
        self.rules = rules
        self.records: list[dict] = records if records is not None else []

    def __len__(self) -> int:
        return len(self.records)

    def __iter__(self) -> Iterator[dict]:
        return iter(self.records)

    @overload
    def __getitem__(self, i: SupportsIndex) -> dict: ...
    @overload
    def __getitem__(self, i: slice) -> list[dict]: ...
    def __getitem__(self, i: SupportsIndex | slice) -> dict | list[dict]:
        return self.records[i]

    def copy(self) -> Trace:
        return Trace(self.rules, self.records.copy())

    def of_kind(self, *kinds: str) -> list[dict]:
        return [r for r in self.records if r["kind"] in kinds]

    def causes(self, i: int) -> list[dict]:
        """The chain of causes of record ``i``, from the root down to it."""
        chain = []
        cur: int | None = i
        while cur is not None:
            rec = self.records[cur]
            chain.append(rec)
            cur = rec["cause"]
        return chain[::-1]

    def why(self, i: int) -> str:
        """Record ``i``'s chain of causes as readable lines, each with its rule."""
        return "\n".join(
            f"{'  ' * depth}{rec['summary']}  [{self.cite(rec['rule'])}]" for depth, rec in enumerate(self.causes(i))
        )

    def cite(self, rule_id: str) -> str:
        if rule_id in self.rules:
            rule = self.rules[rule_id]
            return f"{rule_id}: {rule.citation}" if rule.citation else rule_id
        return rule_id

    def graph(self) -> nx.DiGraph[int]:
        """The trace as a ``networkx.DiGraph`` of causes: one node per record.

        Nodes carry ``kind`` (one of :data:`NODE_KINDS`; ``record`` keeps the record's own
        kind), ``summary``, ``player``, ``source``, ``step`` (the record index), ``turn`` (the
        number of decisions made before it), ``rule``, ``rule_text``, ``citation`` and
        ``status`` (for events). Edges carry ``kind``: caused, triggered, replaced, prevented,
        cancelled or chose.
        """
        import networkx as nx

        g: nx.DiGraph[int] = nx.DiGraph()
        for rec in self.records:
            rule = self.rules.get(rec["rule"], None)
            data = rec.get("data", {})
            g.add_node(
                rec["i"],
                kind=NODE_KIND.get(rec["kind"], rec["kind"]),
                record=rec["kind"],
                summary=rec["summary"],
                player=rec.get("player"),
                source=data.get("ability", "").split("#")[0].split("@")[0] or None,
                step=rec["i"],
                turn=rec.get("step"),
                rule=rec["rule"],
                rule_text=rule.text if rule else "",
                citation=rule.citation if rule else "",
                status=data.get("status"),
            )
            if rec["cause"] is not None:
                edge = EDGE_KIND.get(rec["kind"], "caused")
                status = data.get("status")
                # the record of a cancel or prevention (not the event's own record) draws that edge
                if rec["kind"] == "event" and status in ("cancelled", "prevented") and "type" not in data:
                    edge = status
                g.add_edge(rec["cause"], rec["i"], kind=edge)
        return g

    def __repr__(self) -> str:
        return f"<Trace: {len(self.records)} records>"

    def _repr_html_(self) -> str:
        return Log(self)._repr_html_()


class Log:
    """The trace narrated: one line per step, each with its rule reference."""

    def __init__(self, trace: Trace, kinds: tuple[str, ...] | None = None):
        self.trace = trace
        self.kinds = kinds

    def lines(self) -> list[str]:
        out = []
        for rec in self.trace.records:
            if self.kinds and rec["kind"] not in self.kinds:
                continue
            depth = _depth(self.trace.records, rec)
            out.append(f"{'  ' * depth}{rec['summary']}  [{self.trace.cite(rec['rule'])}]")
        return out

    def __iter__(self) -> Iterator[str]:
        return iter(self.lines())

    def __len__(self) -> int:
        return len(self.lines())

    @overload
    def __getitem__(self, i: SupportsIndex) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: SupportsIndex | slice) -> str | list[str]:
        return self.lines()[i]

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        return str(self)

    def tail(self, n: int = 10) -> str:
        return "\n".join(self.lines()[-n:])

    def _repr_html_(self) -> str:
        rows = []
        for rec in self.trace.records:
            if self.kinds and rec["kind"] not in self.kinds:
                continue
            pad = _depth(self.trace.records, rec) * 1.2
            rows.append(
                f"<div style='margin-left:{pad:.1f}em'><span class='tt-kind'>{escape(rec['kind'])}"
                f"</span> {escape(rec['summary'])} <small><code>"
                f"{escape(self.trace.cite(rec['rule']))}</code></small></div>"
            )
        return "<div class='tt-log'>" + "".join(rows) + "</div>"


def _depth(records: list[dict], rec: dict[str, Any]) -> int:
    depth, cur = 0, rec["cause"]
    while cur is not None and depth < 40:
        depth += 1
        cur = records[cur]["cause"]
    return depth
