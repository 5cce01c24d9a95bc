"""A trigger chain (the trace's graph of causes) as a plotly figure, layered left to right.

x is the depth in the cause tree (a root cause at 0, what it caused at 1, ...); within a layer
the nodes are spread like a tidy tree, so each cause sits level with the middle of what it
caused and no two subtrees interleave. One scatter trace per node kind, coloured from a fixed
table; edges are lines, one trace per edge kind. Every trace has an explicit, deterministic
``uid`` and coordinates are rounded, so the same graph always gives the same figure.
"""

from __future__ import annotations

from html import escape
from textwrap import wrap
from typing import TYPE_CHECKING, Any

from ..core.trace import EDGE_KINDS, NODE_KINDS

if TYPE_CHECKING:
    import networkx as nx
    import plotly.graph_objects as go

__all__ = ["EDGE_STYLE", "KIND_COLOURS", "chain_figure", "chain_layout"]

KIND_COLOURS = {
    "action": "#1f77b4",
    "event": "#2ca02c",
    "trigger": "#d62728",
    "window": "#9467bd",
    "resolution": "#ff7f0e",
    "replacement": "#8c564b",
    "check": "#e377c2",
    "decision": "#17becf",
    "chance": "#bcbd22",
}
OTHER_COLOUR = "#7f7f7f"
KIND_SYMBOLS = {
    "action": "square",
    "event": "circle",
    "trigger": "diamond",
    "window": "hourglass",
    "resolution": "star",
    "replacement": "cross",
    "check": "triangle-up",
    "decision": "pentagon",
    "chance": "hexagram",
}
EDGE_STYLE = {
    "caused": {"color": "#9a9a9a", "dash": "solid", "width": 1.2},
    "triggered": {"color": "#d62728", "dash": "solid", "width": 1.6},
    "replaced": {"color": "#8c564b", "dash": "dash", "width": 1.6},
    "prevented": {"color": "#8c564b", "dash": "dot", "width": 1.6},
    "cancelled": {"color": "#000000", "dash": "dot", "width": 1.6},
    "chose": {"color": "#17becf", "dash": "dashdot", "width": 1.4},
    "because": {"color": "#ff7f0e", "dash": "longdash", "width": 1.4},  # what made a state check true
}
DIGITS = 3


def _key(node: Any) -> tuple:
    return (0, node, "") if isinstance(node, int | float) else (1, 0, str(node))


def chain_layout(graph: nx.DiGraph) -> dict[Any, tuple[float, float]]:
    """(x, y) of every node: x the depth in the cause tree, y a tidy-tree spread (rounded).

    A node's tree parent is its earliest cause; children are ordered by their ``step`` (the
    trace index) and leaves take consecutive rows from the top, so y runs 0, -1, -2, ...
    """
    nodes = sorted(graph.nodes, key=lambda n: (graph.nodes[n].get("step", 0) or 0, _key(n)))
    parent: dict[Any, Any] = {}
    for n in nodes:
        preds = sorted(graph.predecessors(n), key=_key)
        if preds:
            parent[n] = preds[0]
    children: dict[Any, list] = {n: [] for n in nodes}
    for n in nodes:  # in step order, so each child list is too
        if n in parent:
            children[parent[n]].append(n)
    roots = [n for n in nodes if n not in parent]
    placed: dict[Any, tuple[float, float]] = {}
    leaf = 0
    # iterative post-order: a node is placed once all its children are
    for root in roots:
        stack: list[tuple[Any, int, bool]] = [(root, 0, False)]
        while stack:
            n, depth, done = stack.pop()
            if n in placed:
                continue
            kids = [k for k in children[n] if k not in placed]
            if done or not kids:
                ys = [placed[k][1] for k in children[n] if k in placed and placed[k][0] == depth + 1]
                if ys:
                    y = (max(ys) + min(ys)) / 2
                else:
                    y = float(-leaf)
                    leaf += 1
                placed[n] = (float(depth), round(y, DIGITS) + 0.0)
                continue
            stack.append((n, depth, True))
            stack.extend((k, depth + 1, False) for k in reversed(kids))
    for n in nodes:  # nodes on a cycle (none in a trace) get a row of their own
        if n not in placed:
            placed[n] = (0.0, float(-leaf))
            leaf += 1
    return placed


def _hover(data: dict, node: Any) -> str:
    kind = data.get("kind", "?")
    record = data.get("record")
    head = f"<b>{escape(str(data.get('summary', node)))}</b>"
    meta = f"{escape(str(kind))}" + (f" ({escape(str(record))})" if record and record != kind else "")
    meta += f" · step {escape(str(data.get('step', node)))}"
    if data.get("player") is not None:
        meta += f" · player {escape(str(data['player']))}"
    if data.get("status"):
        meta += f" · {escape(str(data['status']))}"
    lines = [head, meta]
    rule = data.get("rule")
    if rule:
        text = str(data.get("rule_text") or "")
        wrapped = wrap(text, 80) or [""]
        lines.append(f"<i>{escape(str(rule))}</i>: " + "<br>".join(escape(t) for t in wrapped))
        if data.get("citation"):
            lines.append(f"<span style='font-size:10px'>{escape(str(data['citation']))}</span>")
    return "<br>".join(lines)


def chain_figure(graph: nx.DiGraph, *, title: str | None = None) -> go.Figure:
    """The trigger chain as a ``plotly.graph_objects.Figure`` (deterministic; never a widget)."""
    import plotly.graph_objects as go

    pos = chain_layout(graph)
    kinds_present = {d.get("kind") for _, d in graph.nodes(data=True)}
    kinds = [k for k in NODE_KINDS if k in kinds_present] + sorted(str(k) for k in kinds_present - set(NODE_KINDS))
    edge_kinds_present = {d.get("kind", "caused") for *_, d in graph.edges(data=True)}
    edge_kinds = [k for k in EDGE_KINDS if k in edge_kinds_present] + sorted(
        str(k) for k in edge_kinds_present - set(EDGE_KINDS)
    )
    traces = []
    for ek in edge_kinds:
        xs: list[float | None] = []
        ys: list[float | None] = []
        for u, v, d in sorted(graph.edges(data=True), key=lambda e: (_key(e[0]), _key(e[1]))):
            if d.get("kind", "caused") != ek:
                continue
            xs += [pos[u][0], pos[v][0], None]
            ys += [pos[u][1], pos[v][1], None]
        style = EDGE_STYLE.get(ek, EDGE_STYLE["caused"])
        traces.append(
            go.Scatter(
                x=xs,
                y=ys,
                mode="lines",
                name=f"{ek} (edge)",
                legendgroup="edges",
                line={"color": style["color"], "dash": style["dash"], "width": style["width"]},
                hoverinfo="skip",
                uid=f"chain-edges-{ek}",
            )
        )
    for kind in kinds:
        nodes = sorted((n for n, d in graph.nodes(data=True) if str(d.get("kind")) == kind), key=_key)
        traces.append(
            go.Scatter(
                x=[pos[n][0] for n in nodes],
                y=[pos[n][1] for n in nodes],
                mode="markers",
                name=kind,
                legendgroup="nodes",
                marker={
                    "color": KIND_COLOURS.get(kind, OTHER_COLOUR),
                    "symbol": KIND_SYMBOLS.get(kind, "circle"),
                    "size": 13,
                    "line": {"color": "#ffffff", "width": 1},
                },
                text=[_hover(graph.nodes[n], n) for n in nodes],
                hovertemplate="%{text}<extra></extra>",
                customdata=[[n if isinstance(n, int | str) else str(n), graph.nodes[n].get("rule", "")] for n in nodes],
                uid=f"chain-nodes-{kind}",
            )
        )
    rows = -min((p[1] for p in pos.values()), default=0) + 1
    depth = max((p[0] for p in pos.values()), default=0)
    layout = go.Layout(
        title={"text": escape(title) if title else f"Trigger chain: {graph.number_of_nodes()} steps"},
        showlegend=True,
        hovermode="closest",
        xaxis={"title": {"text": "depth in the chain of causes"}, "dtick": 1, "zeroline": False, "range": None},
        yaxis={"visible": False},
        height=int(min(2000, max(320, 60 + 28 * rows))),
        width=int(min(1800, max(600, 200 + 110 * depth))),
        template="plotly_white",
        margin={"l": 20, "r": 20, "t": 50, "b": 40},
    )
    if not graph.number_of_nodes():
        layout.annotations = [
            {"text": "no steps traced", "showarrow": False, "x": 0.5, "y": 0.5, "xref": "paper", "yref": "paper"}
        ]
    return go.Figure(data=traces, layout=layout)
