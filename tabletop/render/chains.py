"""A trigger chain (the trace's graph of causes) as a plotly figure, layered left to right.

x is the depth in the cause tree (a root cause at 0, what it caused at 1, ...); within a layer
the nodes are spread like a tidy tree, so each cause sits level with the middle of what it
caused and no two subtrees interleave. One scatter trace per node kind, coloured from a fixed
table; edges are lines, one trace per edge kind. Every trace has an explicit, deterministic
``uid`` and coordinates are rounded, so the same graph always gives the same figure.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from textwrap import wrap
from typing import TYPE_CHECKING, Any

from ..core.errors import ArgumentValueError, quote
from ..core.trace import EDGE_KINDS, NODE_KINDS

if TYPE_CHECKING:
    import networkx as nx
    import plotly.graph_objects as go

__all__ = [
    "EDGE_MEANING",
    "EDGE_STYLE",
    "KIND_COLOURS",
    "KIND_MEANING",
    "chain_figure",
    "chain_layers",
    "chain_layout",
    "chain_svg",
    "fold_chain",
]

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
    "folded": "#3b5b92",
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
    "folded": "square-cross",
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
INDENT_PX = 22  # one layer across
ROW_PX = 26  # one row down
CHAR_PX = 7.0  # a character of a 13 px label, about
LEGEND_CHAR_PX = 6.6  # and of the 12 px legend
SVG_DASH = {"dash": "7,4", "dot": "2,3", "dashdot": "7,3,2,3", "longdash": "11,4"}
LABEL_CHARS = 90  # a label wraps at this many characters
EXTRA_LINE = 0.7  # the room (in rows) a label's second line takes


def _key(node: Any) -> tuple:
    return (0, node, "") if isinstance(node, int | float) else (1, 0, str(node))


def _step(graph: nx.DiGraph, node: Any) -> tuple:
    return (graph.nodes[node].get("step", 0) or 0, _key(node))


# What each kind of edge means, for the legend (a student reads the picture without hover).
EDGE_MEANING = {
    "caused": "led to",
    "triggered": "a window triggered an ability",
    "replaced": "replaced by",
    "prevented": "prevented by",
    "cancelled": "cancelled by",
    "chose": "a choice (a player's or chance's) was asked",
    "because": "made the state check true (e.g. the damage that brought health to 0)",
}
KIND_MEANING = {
    "action": "an action or game step",
    "event": "an event: something happened",
    "trigger": "an ability triggers",
    "window": "a window where abilities may trigger",
    "resolution": "an ability resolves",
    "replacement": "a replacement effect",
    "check": "a state check (looks at the position)",
    "decision": "a player chose",
    "chance": "chance chose (a draw, a shuffle, a die)",
    "folded": "a folded action: it and its consequences in one box",
}


def _parent_of(graph: nx.DiGraph, node: Any, layer: dict) -> Any:
    """The predecessor a node hangs from in the drawing: the one in the latest layer (so the node's
    layer is one more than its parent's), a cause before a 'because', then the latest step."""
    preds = list(graph.predecessors(node))
    if not preds:
        return None
    return max(
        preds,
        key=lambda p: (layer[p], graph.edges[p, node].get("kind") != "because", _step(graph, p)),
    )


def _order(graph: nx.DiGraph) -> list:
    """Nodes in time order (by step), causes always before what they caused."""
    import networkx as nx

    try:
        return list(nx.lexicographical_topological_sort(graph, key=lambda n: _step(graph, n)))
    except (nx.NetworkXUnfeasible, TypeError):  # a cycle (never in a trace): step order alone
        return sorted(graph.nodes, key=lambda n: _step(graph, n))


def chain_layers(graph: nx.DiGraph) -> dict[Any, int]:
    """The layer of every node: 0 for a root cause (an action, a rule's own step), else one more
    than the latest layer among its causes (``because`` edges included), so every cause of a node
    lies in an earlier layer."""
    layer: dict[Any, int] = {}
    for n in _order(graph):
        layer[n] = 1 + max((layer[p] for p in graph.predecessors(n) if p in layer), default=-1)
    return layer


def _tree(graph: nx.DiGraph) -> tuple[dict[Any, int], dict[Any, Any], list]:
    """(layers, the parent each node hangs from, the nodes in drawing order: depth-first from each
    root in time order, each node's children in time order)."""
    layer = chain_layers(graph)
    nodes = _order(graph)
    parent = {n: _parent_of(graph, n, layer) for n in nodes}
    children: dict[Any, list] = {n: [] for n in nodes}
    for n in nodes:  # in time order, so each child list is too
        if parent[n] is not None:
            children[parent[n]].append(n)
    rows: list = []
    for root in (n for n in nodes if parent[n] is None):
        stack = [root]
        while stack:
            n = stack.pop()
            rows.append(n)
            stack.extend(reversed(children[n]))
    return layer, parent, rows


def chain_layout(graph: nx.DiGraph) -> dict[Any, tuple[float, float]]:
    """(x, y) of every node: x its layer (:func:`chain_layers`), y its row (0, -1, -2, ...; a
    label that wraps onto a second line takes a little more room), rounded.

    The chain reads as an outline: each node hangs from one parent, its cause in the layer before
    it, and comes below it; the consequences of a step follow it in the order they happened, so
    every row lies below its causes and each layer runs down in time.
    """
    layer, _parent, rows = _tree(graph)
    placed: dict[Any, tuple[float, float]] = {}
    y = 0.0
    for n in rows:
        placed[n] = (float(layer[n]), round(-y, DIGITS) + 0.0)
        y += 1 + EXTRA_LINE * (len(_lines(graph.nodes[n], n)) - 1)
    return placed


def fold_chain(graph: nx.DiGraph, fold: str | None = "action", expand: Iterable[Any] = ()) -> nx.DiGraph:
    """The chain with each root cause (an action, or a step the rules took of themselves) and all
    that followed from it folded into one node, unless it is in ``expand``.

    A folded node keeps its root's data, with ``kind`` "folded", ``folded`` the number of
    consequences hidden in it, ``members`` the steps it stands for and ``root_kind`` the root's own
    kind. A step belongs to the root its *why* reaches (its cause, or for a state check the latest
    event that made it true). Edges between groups (a 'because' from one action's damage to another's
    check) are kept between the folded nodes. ``fold=None`` returns the graph unchanged.
    """
    import networkx as nx

    if fold is None:
        return graph
    if fold != "action":
        raise ArgumentValueError(f"fold={quote(fold)}: use fold='action' (each action as one box) or None")
    expanded = set(expand)
    owner: dict[Any, Any] = {}
    for n in _order(graph):
        preds = list(graph.predecessors(n))
        caused = [p for p in preds if graph.edges[p, n].get("kind") != "because"]
        cause = (
            min(caused, key=lambda p: _step(graph, p))
            if caused
            else (max(preds, key=lambda p: _step(graph, p)) if preds else None)
        )
        owner[n] = n if cause is None else owner.get(cause, cause)
    members: dict[Any, list] = {}
    for n in _order(graph):
        members.setdefault(owner[n], []).append(n)
    out = nx.DiGraph(**graph.graph)

    def rep(n: Any) -> Any:
        return n if owner[n] in expanded or len(members[owner[n]]) == 1 else owner[n]

    for root, group in members.items():
        if root in expanded or len(group) == 1:
            out.add_nodes_from((n, graph.nodes[n]) for n in group)
        else:
            data = dict(graph.nodes[root])
            data.update(kind="folded", root_kind=data.get("kind"), folded=len(group) - 1, members=group)
            out.add_node(root, **data)
    for u, v, d in graph.edges(data=True):
        a, b = rep(u), rep(v)
        if a != b and not out.has_edge(a, b):
            out.add_edge(a, b, **d)
    return out


def _question(summary: str) -> int:
    """Where a closing parenthesised group at the end of ``summary`` opens (-1: none)."""
    if not summary.endswith(")"):
        return -1
    depth = 0
    for i in range(len(summary) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(summary[i], 0)
        if depth == 0:
            return i
    return -1


def _lines(data: dict, node: Any, width: int = LABEL_CHARS) -> list[str]:
    """The node's label in words: its summary whole (never cut, so never ambiguous), wrapped at
    word breaks; a long decision puts its question ("(play, attack or end the turn)") on a line of
    its own. A folded node says how many consequences it holds."""
    summary = " ".join(str(data.get("summary", node)).split())
    at = _question(summary) if len(summary) > width and data.get("record", data.get("kind")) == "decision" else -1
    lines = wrap(summary[:at].rstrip(), width) + wrap(summary[at:], width) if at > 0 else wrap(summary, width)
    lines = lines or [""]
    if data.get("folded"):
        count = data["folded"]
        lines.append(f"+ {count} consequence{'s' if count != 1 else ''} (folded)")
    return lines


def _caption(data: dict, node: Any) -> str:
    """The small grey words after a label: the rule id and the step."""
    rule = str(data.get("rule") or "")
    step = f"step {data.get('step', node)}"
    return f"{rule} · {step}" if rule else step


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


def _edge_kinds(graph: nx.DiGraph) -> list[str]:
    present = {str(d.get("kind", "caused")) for *_, d in graph.edges(data=True)}
    return [k for k in EDGE_KINDS if k in present] + sorted(present - set(EDGE_KINDS))


def _node_kinds(graph: nx.DiGraph) -> list[str]:
    present = {str(d.get("kind")) for _, d in graph.nodes(data=True)}
    order = (*NODE_KINDS, "folded")
    return [k for k in order if k in present] + sorted(present - set(order))


def _edge_path(u: tuple[float, float], v: tuple[float, float], tree: bool) -> list[tuple[float, float]]:
    """An edge as corners, in layout units: a tree edge goes down the parent's column then right to
    the child; any other (a 'because' from another branch) runs down just left of its source's column."""
    (xu, yu), (xv, yv) = u, v
    if tree:
        return [(xu, yu), (xu, yv), (xv, yv)]
    side = round(xu - 0.4, DIGITS)
    return [(xu, yu), (side, yu), (side, yv), (xv, yv)]


def _prepare(graph: nx.DiGraph, fold: str | None, expand: Iterable[Any]) -> tuple[nx.DiGraph, dict, dict]:
    shown = fold_chain(graph, fold, expand)
    _layer, parent, _rows = _tree(shown)
    return shown, chain_layout(shown), parent


def chain_figure(
    graph: nx.DiGraph, *, title: str | None = None, fold: str | None = None, expand: Iterable[Any] = ()
) -> go.Figure:
    """The trigger chain as a ``plotly.graph_objects.Figure`` (deterministic; never a widget).

    Every node is labelled in words (its summary, then its rule id and step in grey); the chain
    reads as an outline, causes above and to the left of what they caused (:func:`chain_layout`).
    ``fold="action"`` shows each action with all its consequences as one node (:func:`fold_chain`),
    but those in ``expand``. The legend says what each kind of node and edge means.
    """
    import plotly.graph_objects as go

    graph, pos, parent = _prepare(graph, fold, expand)
    traces = []
    for ek in _edge_kinds(graph):
        xs: list[float | None] = []
        ys: list[float | None] = []
        for u, v, d in sorted(graph.edges(data=True), key=lambda e: (_key(e[0]), _key(e[1]))):
            if str(d.get("kind", "caused")) != ek:
                continue
            for x, y in _edge_path(pos[u], pos[v], parent.get(v) == u):
                xs.append(x)
                ys.append(y)
            xs.append(None)
            ys.append(None)
        style = EDGE_STYLE.get(ek, EDGE_STYLE["caused"])
        traces.append(
            go.Scatter(
                x=xs,
                y=ys,
                mode="lines",
                name=f"{ek} (edge): {EDGE_MEANING.get(ek, ek)}",
                legendgroup="edges",
                line={"color": style["color"], "dash": style["dash"], "width": style["width"]},
                hoverinfo="skip",
                uid=f"chain-edges-{ek}",
            )
        )
    for kind in _node_kinds(graph):
        nodes = sorted((n for n, d in graph.nodes(data=True) if str(d.get("kind")) == kind), key=_key)
        traces.append(
            go.Scatter(
                x=[pos[n][0] for n in nodes],
                y=[pos[n][1] for n in nodes],
                mode="markers+text",
                name=f"{kind}: {KIND_MEANING.get(kind, kind)}",
                legendgroup="nodes",
                marker={
                    "color": KIND_COLOURS.get(kind, OTHER_COLOUR),
                    "symbol": KIND_SYMBOLS.get(kind, "circle"),
                    "size": 11,
                    "line": {"color": "#ffffff", "width": 1},
                },
                text=[_figure_label(graph.nodes[n], n) for n in nodes],
                textposition="middle right",
                textfont={"size": 12, "color": "#222222"},
                hovertext=[_hover(graph.nodes[n], n) for n in nodes],
                hovertemplate="%{hovertext}<extra></extra>",
                customdata=[[n if isinstance(n, int | str) else str(n), graph.nodes[n].get("rule", "")] for n in nodes],
                uid=f"chain-nodes-{kind}",
            )
        )
    size = _size(graph, pos)
    layout = go.Layout(
        title={"text": escape(title) if title else _title(graph)},
        showlegend=True,
        legend={"orientation": "h", "x": 0, "y": 0, "yanchor": "top", "font": {"size": 11}},
        hovermode="closest",
        xaxis={"visible": False, "range": [-0.8, round(size["units"], DIGITS)], "fixedrange": False},
        yaxis={"visible": False, "range": [round(size["bottom"] - 0.8, DIGITS), 0.8]},
        height=int(min(4000, 240 + size["rows"] * ROW_PX)),
        width=int(min(2400, max(600, 40 + size["units"] * INDENT_PX))),
        template="plotly_white",
        margin={"l": 10, "r": 10, "t": 50, "b": 180},  # the legend goes below the chain
    )
    if not graph.number_of_nodes():
        layout.annotations = [
            {"text": "no steps traced", "showarrow": False, "x": 0.5, "y": 0.5, "xref": "paper", "yref": "paper"}
        ]
    return go.Figure(data=traces, layout=layout)


def _title(graph: nx.DiGraph) -> str:
    folded = sum(1 for _, d in graph.nodes(data=True) if d.get("kind") == "folded")
    steps = graph.number_of_nodes() + sum(d.get("folded", 0) for _, d in graph.nodes(data=True))
    return f"Trigger chain: {steps} steps" + (f" ({folded} actions folded)" if folded else "")


def _figure_label(data: dict, node: Any) -> str:
    lines = [escape(t) for t in _lines(data, node)]
    if data.get("folded"):
        lines[-1] = f"<i>{lines[-1]}</i>"
    lines[-1] += f"   <span style='color:#888888;font-size:10px'>{escape(_caption(data, node))}</span>"
    return "<br>".join(lines)


def _size(graph: nx.DiGraph, pos: dict) -> dict:
    """How far the drawing reaches: in layout units across (a label's words included) and down."""
    units = 4.0
    for n, (x, _y) in pos.items():
        lines = _lines(graph.nodes[n], n)
        chars = max(len(t) for t in lines) + len(_caption(graph.nodes[n], n)) * 0.8 + 4
        units = max(units, x + 0.8 + chars * CHAR_PX / INDENT_PX)
    bottom = min((y for _x, y in pos.values()), default=0.0)
    return {"units": units, "bottom": bottom, "rows": 1 - bottom}


# ------------------------------------------------------------------ the chain as a static SVG
def chain_svg(
    graph: nx.DiGraph, *, title: str | None = None, fold: str | None = None, expand: Iterable[Any] = ()
) -> str:
    """The trigger chain as a standalone SVG document (pure Python; no plotly, no browser script).

    The same labelled outline as :func:`chain_figure`, with a legend of the node and edge kinds,
    so it reads as a picture anywhere (GitHub, print, an ``<img>``): show it in a notebook with
    ``IPython.display.SVG(chain_svg(chain))``. Deterministic: equal graphs give equal bytes.
    """
    graph, pos, parent = _prepare(graph, fold, expand)
    kinds, edge_kinds = _node_kinds(graph), _edge_kinds(graph)
    legend_rows = max(len(kinds), len(edge_kinds), 1)
    top = 44 + 18 * legend_rows + 16
    size = _size(graph, pos)

    def px(p: tuple[float, float]) -> tuple[float, float]:
        return (round(24 + p[0] * INDENT_PX, 1), round(top + 12 - p[1] * ROW_PX, 1))

    ex = 24 + max((len(f"{k}: {KIND_MEANING.get(k, k)}") * LEGEND_CHAR_PX for k in kinds), default=0) + 40
    ex = round(max(360, ex))
    legend = max((len(f"{k}: {EDGE_MEANING.get(k, k)}") * LEGEND_CHAR_PX for k in edge_kinds), default=0)
    width = int(max(640, 48 + size["units"] * INDENT_PX, ex + 42 + legend + 16))
    height = int(top + 24 + size["rows"] * ROW_PX)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="Helvetica, Arial, sans-serif" class="tt-chain-svg">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        "<defs>"
        + "".join(
            f'<marker id="tt-arrow-{_id(ek)}" viewBox="0 0 8 8" refX="8" refY="4" markerWidth="7" markerHeight="7" '
            f'orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="{_style(ek)["color"]}"/></marker>'
            for ek in edge_kinds
        )
        + "</defs>",
        f'<text x="16" y="26" font-size="17" font-weight="bold" fill="#222222">{escape(title or _title(graph))}</text>',
    ]
    # the legend: node kinds on the left, edge kinds on the right, each with what it means
    for i, kind in enumerate(kinds):
        y = 50 + 18 * i
        out.append(_marker_svg(kind, 22, y - 4))
        out.append(
            f'<text x="34" y="{y}" font-size="12" fill="#333333"><tspan font-weight="bold">{escape(kind)}</tspan>: '
            f"{escape(KIND_MEANING.get(kind, kind))}</text>"
        )
    for i, ek in enumerate(edge_kinds):
        y = 50 + 18 * i
        out.append(_line_svg(ek, f"M{ex},{y - 4} H{ex + 34}"))
        out.append(
            f'<text x="{ex + 42}" y="{y}" font-size="12" fill="#333333">'
            f'<tspan font-weight="bold">{escape(ek)}</tspan>: '
            f"{escape(EDGE_MEANING.get(ek, ek))}</text>"
        )
    if not graph.number_of_nodes():
        out.append(f'<text x="24" y="{top + 16}" font-size="13" fill="#666666">no steps traced</text>')
    # edges first (under the nodes), the longest first so each child's own stub shows its kind
    edges = sorted(graph.edges(data=True), key=lambda e: (-abs(pos[e[1]][1] - pos[e[0]][1]), _key(e[0]), _key(e[1])))
    for u, v, d in edges:
        ek = str(d.get("kind", "caused"))
        pts = [px(p) for p in _edge_path(pos[u], pos[v], parent.get(v) == u)]
        pts[0] = (pts[0][0], pts[0][1] + (6 if pts[1][0] == pts[0][0] else 0))  # leave the marker's centre
        pts[-1] = (round(pts[-1][0] - 8, 1), pts[-1][1])  # stop short of the marker, where the arrow points
        path = "M" + " L".join(f"{x},{y}" for x, y in pts)
        out.append(_line_svg(ek, path, arrow=True))
    for n in sorted(graph.nodes, key=lambda n: (-pos[n][1], pos[n][0])):
        data = graph.nodes[n]
        x, y = px(pos[n])
        kind = str(data.get("kind"))
        out.append(f'<g class="tt-step" data-node="{escape(str(n))}"><title>{escape(_plain_hover(data, n))}</title>')
        out.append(_marker_svg(kind, x, y))
        lines = _lines(data, n)
        for i, line in enumerate(lines):
            weight = ' font-weight="bold"' if kind in ("action", "decision", "folded") and i == 0 else ""
            style = (
                ' font-style="italic" fill="#555555"'
                if data.get("folded") and i == len(lines) - 1
                else ' fill="#222222"'
            )
            tail = (
                f'<tspan font-size="10.5" fill="#888888" font-weight="normal" font-style="normal">'
                f"   {escape(_caption(data, n))}</tspan>"
                if i == len(lines) - 1
                else ""
            )
            out.append(
                f'<text x="{x + 10}" y="{round(y + 4.5 + i * ROW_PX * EXTRA_LINE, 1)}" font-size="13"{weight}{style}>'
                f"{escape(line)}{tail}</text>"
            )
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def _id(kind: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in kind)


def _style(kind: str) -> dict:
    return EDGE_STYLE.get(kind, EDGE_STYLE["caused"])


def _line_svg(kind: str, path: str, arrow: bool = False) -> str:
    style = EDGE_STYLE.get(kind, EDGE_STYLE["caused"])
    dash = SVG_DASH.get(str(style["dash"]), "")
    return (
        f'<path d="{path}" fill="none" stroke="{style["color"]}" stroke-width="{style["width"]}"'
        + (f' stroke-dasharray="{dash}"' if dash else "")
        + (f' marker-end="url(#tt-arrow-{_id(kind)})"' if arrow else "")
        + "/>"
    )


def _marker_svg(kind: str, x: float, y: float) -> str:
    """A node's glyph, its kind's colour and shape (as in the plotly figure), centred on (x, y)."""
    colour = KIND_COLOURS.get(kind, OTHER_COLOUR)
    shape = KIND_SYMBOLS.get(kind, "circle")
    r = 5.5
    attrs = f'fill="{colour}" stroke="#ffffff" stroke-width="1"'
    if shape == "circle":
        return f'<circle cx="{x}" cy="{y}" r="{r}" {attrs}/>'
    if shape == "square":
        return f'<rect x="{round(x - r, 1)}" y="{round(y - r, 1)}" width="{2 * r}" height="{2 * r}" {attrs}/>'
    if shape == "square-cross":  # a folded action: a square with a plus, "there is more inside"
        return (
            f'<rect x="{round(x - r, 1)}" y="{round(y - r, 1)}" width="{2 * r}" height="{2 * r}" {attrs}/>'
            f'<path d="M{round(x - 3, 1)},{y} H{round(x + 3, 1)} M{x},{round(y - 3, 1)} V{round(y + 3, 1)}" '
            f'stroke="#ffffff" stroke-width="1.6"/>'
        )
    points = {
        "diamond": [(0, -1.25), (1.1, 0), (0, 1.25), (-1.1, 0)],
        "triangle-up": [(0, -1.2), (1.1, 0.9), (-1.1, 0.9)],
        "hourglass": [(-1, -1), (1, -1), (-1, 1), (1, 1)],
        "cross": [
            (-0.4, -1),
            (0.4, -1),
            (0.4, -0.4),
            (1, -0.4),
            (1, 0.4),
            (0.4, 0.4),
            (0.4, 1),
            (-0.4, 1),
            (-0.4, 0.4),
            (-1, 0.4),
            (-1, -0.4),
            (-0.4, -0.4),
        ],
        "pentagon": [(0, -1.1), (1.05, -0.34), (0.65, 0.9), (-0.65, 0.9), (-1.05, -0.34)],
        "star": [
            (0, -1.3),
            (0.3, -0.4),
            (1.25, -0.4),
            (0.5, 0.15),
            (0.78, 1.05),
            (0, 0.5),
            (-0.78, 1.05),
            (-0.5, 0.15),
            (-1.25, -0.4),
            (-0.3, -0.4),
        ],
        "hexagram": [
            (0, -1.2),
            (0.35, -0.6),
            (1.05, -0.6),
            (0.7, 0),
            (1.05, 0.6),
            (0.35, 0.6),
            (0, 1.2),
            (-0.35, 0.6),
            (-1.05, 0.6),
            (-0.7, 0),
            (-1.05, -0.6),
            (-0.35, -0.6),
        ],
    }.get(shape)
    if points is None:
        return f'<circle cx="{x}" cy="{y}" r="{r}" {attrs}/>'
    pts = " ".join(f"{round(x + a * r, 1)},{round(y + b * r, 1)}" for a, b in points)
    return f'<polygon points="{pts}" {attrs}/>'


def _plain_hover(data: dict, node: Any) -> str:
    """The hover as plain text (an SVG ``<title>``: a tooltip where there is a mouse)."""
    text = _hover(data, node)
    for tag in ("<b>", "</b>", "<i>", "</i>", "</span>"):
        text = text.replace(tag, "")
    text = text.replace("<span style='font-size:10px'>", "").replace("<br>", "\n")
    return (
        text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", '"')
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
    )
