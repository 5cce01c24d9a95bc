"""A state graph (:class:`tabletop.analysis.explore.StateGraph`) as a plotly figure.

States are layered by depth (the number of decisions from the root) left to right; within a
layer they are ordered by the mean row of their parents (then by fingerprint), which keeps
most edges short and is fully deterministic. States are coloured by who moves there; terminal
states are drawn as diamonds with their result. Hovering a state shows its summary; hovering
the middle of an edge shows the option taken (and its probability for chance). Every trace has
an explicit ``uid`` and coordinates are rounded.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from ..analysis.explore import StateGraph

__all__ = ["PLAYER_COLOURS", "state_graph_figure", "state_layout"]

PLAYER_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
CHANCE_COLOUR = "#bcbd22"
TERMINAL_COLOUR = "#222222"
UNKNOWN_COLOUR = "#7f7f7f"
DIGITS = 3


def state_layout(sg: StateGraph) -> dict[str, tuple[float, float]]:
    """(x, y) of every state: x its depth, y its row in the layer (centred on 0, rounded)."""
    graph = sg.graph
    layers: dict[int, list[str]] = {}
    for n, d in graph.nodes(data=True):
        layers.setdefault(int(d.get("depth", 0)), []).append(n)
    row: dict[str, float] = {}
    pos: dict[str, tuple[float, float]] = {}
    for depth in sorted(layers):

        def key(n: str, depth: int = depth) -> tuple[float, str]:
            parents = [row[p] for p in graph.predecessors(n) if p in row and graph.nodes[p].get("depth") == depth - 1]
            return (sum(parents) / len(parents) if parents else 0.0, str(n))

        ordered = sorted(layers[depth], key=key)
        mid = (len(ordered) - 1) / 2
        for i, n in enumerate(ordered):
            row[n] = float(i)
            pos[n] = (float(depth), round(mid - i, DIGITS) + 0.0)
    return pos


def _group(data: dict) -> str:
    if data.get("over"):
        return "over"
    who = data.get("to_move")
    if who is None:
        return "none"
    return "chance" if who == "chance" else f"player {who}"


def _colour(group: str) -> str:
    if group == "over":
        return TERMINAL_COLOUR
    if group == "chance":
        return CHANCE_COLOUR
    if group.startswith("player "):
        try:
            return PLAYER_COLOURS[int(group.split()[1]) % len(PLAYER_COLOURS)]
        except ValueError:
            return UNKNOWN_COLOUR
    return UNKNOWN_COLOUR


def _group_key(group: str) -> tuple:
    if group.startswith("player "):
        tail = group.split()[1]
        return (0, int(tail) if tail.isdigit() else 0, group)
    return ({"chance": 1, "none": 2, "over": 3}.get(group, 4), 0, group)


def _hover(node: str, data: dict, root: str) -> str:
    lines = [f"<b>{escape(str(data.get('summary', '')))}</b>"]
    meta = f"depth {data.get('depth', '?')}"
    if data.get("over"):
        result = data.get("result") or ""
        meta += " · game over: " + ("draw" if result == "draw" else f"winner(s) {escape(str(result))}")
    elif data.get("to_move") is not None:
        meta += f" · {escape(str(data['to_move']))} to move"
        if data.get("kind"):
            meta += f" ({escape(str(data['kind']))})"
    if node == root:
        meta += " · the starting position"
    lines.append(meta)
    lines.append(f"<span style='font-size:10px'>{escape(str(node)[:16])}</span>")
    return "<br>".join(lines)


def _edge_hover(data: dict) -> str:
    text = escape(str(data.get("label", data.get("option", ""))))
    if data.get("probability") is not None:
        text += f" (p={float(data['probability']):.3g})"
    if data.get("multiplicity", 1) > 1:
        text += f" ×{data['multiplicity']} options"
    who = data.get("player")
    return (f"{escape(str(who))}: " if who is not None else "") + text


def state_graph_figure(sg: StateGraph, *, title: str | None = None) -> go.Figure:
    """The state graph as a ``plotly.graph_objects.Figure`` (deterministic; never a widget)."""
    import plotly.graph_objects as go

    graph = sg.graph
    pos = state_layout(sg)
    edges = sorted(graph.edges(data=True), key=lambda e: (pos[e[0]][0], -pos[e[0]][1], -pos[e[1]][1], e[0], e[1]))
    ex: list[float | None] = []
    ey: list[float | None] = []
    chance_x: list[float | None] = []
    chance_y: list[float | None] = []
    mids_x, mids_y, mids_text = [], [], []
    for u, v, d in edges:
        (x0, y0), (x1, y1) = pos[u], pos[v]
        if d.get("probability") is not None:
            chance_x += [x0, x1, None]
            chance_y += [y0, y1, None]
        else:
            ex += [x0, x1, None]
            ey += [y0, y1, None]
        mids_x.append(round((x0 + x1) / 2, DIGITS))
        mids_y.append(round((y0 + y1) / 2, DIGITS))
        mids_text.append(_edge_hover(d))
    traces = [
        go.Scatter(
            x=ex,
            y=ey,
            mode="lines",
            name="move",
            line={"color": "#a0a0a0", "width": 1},
            hoverinfo="skip",
            uid="states-edges",
        ),
        go.Scatter(
            x=chance_x,
            y=chance_y,
            mode="lines",
            name="chance outcome",
            line={"color": CHANCE_COLOUR, "width": 1, "dash": "dot"},
            hoverinfo="skip",
            uid="states-chance-edges",
        ),
        go.Scatter(
            x=mids_x,
            y=mids_y,
            mode="markers",
            name="options",
            marker={"size": 6, "color": "rgba(0,0,0,0)"},
            text=mids_text,
            hovertemplate="%{text}<extra></extra>",
            showlegend=False,
            uid="states-options",
        ),
    ]
    groups: dict[str, list[str]] = {}
    for n, d in graph.nodes(data=True):
        groups.setdefault(_group(d), []).append(n)
    for group in sorted(groups, key=_group_key):
        nodes = sorted(groups[group], key=lambda n: (pos[n][0], -pos[n][1], str(n)))
        terminal = group == "over"
        traces.append(
            go.Scatter(
                x=[pos[n][0] for n in nodes],
                y=[pos[n][1] for n in nodes],
                mode="markers",
                name="game over" if terminal else ("depth limit" if group == "none" else f"{group} to move"),
                marker={
                    "color": _colour(group),
                    "symbol": "diamond" if terminal else "circle",
                    "size": [16 if n == sg.root else 11 for n in nodes],
                    "line": {
                        "color": ["#000000" if n == sg.root else "#ffffff" for n in nodes],
                        "width": [2 if n == sg.root else 1 for n in nodes],
                    },
                },
                text=[_hover(n, graph.nodes[n], sg.root) for n in nodes],
                hovertemplate="%{text}<extra></extra>",
                customdata=[str(n) for n in nodes],
                uid=f"states-nodes-{group.replace(' ', '-')}",
            )
        )
    layers = max((p[0] for p in pos.values()), default=0)
    widest = max((sum(1 for p in pos.values() if p[0] == x) for x in {p[0] for p in pos.values()}), default=1)
    head = title or (
        f"State graph: {len(sg)} states, {len(sg.terminal())} terminal" + (" (truncated)" if sg.truncated else "")
    )
    layout = go.Layout(
        title={"text": escape(head)},
        showlegend=True,
        hovermode="closest",
        xaxis={"title": {"text": "decisions from the start"}, "dtick": 1, "zeroline": False},
        yaxis={"visible": False},
        height=int(min(2000, max(320, 80 + 24 * widest))),
        width=int(min(1800, max(600, 200 + 120 * layers))),
        template="plotly_white",
        margin={"l": 20, "r": 20, "t": 50, "b": 40},
    )
    return go.Figure(data=traces, layout=layout)
