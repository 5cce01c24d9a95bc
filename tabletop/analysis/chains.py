"""Trigger chains: the trace as a graph of causes, and questions asked of it.

Functions over a plain ``networkx.DiGraph`` (networkx style): :func:`trigger_chain` builds it,
:func:`why` walks back to the root causes, :func:`consequences` walks forward, and
:func:`to_graphml` / :func:`to_node_link` export it for Gephi or Cytoscape.

>>> import tabletop as tt
>>> game = tt.rulebook("memory").scenario("match-official").apply("s03")
>>> chain = tt.trigger_chain(game)
>>> take = next(n for n, d in chain.nodes(data=True) if d["rule"] == "mem.match")
>>> print(why(chain, take).text())  # doctest: +NORMALIZE_WHITESPACE
player 0 chose flip the card in row 1, column 1 (flip a first card)  [mem.turn]
  player 0 flips the card in row 1, column 1: picture 0  [mem.turn]
    player 0 chose flip the card in row 2, column 1 (flip a second card)  [mem.turn]
      player 0 flips the card in row 2, column 1: picture 0  [mem.turn]
        player 0 keeps the pair of picture 0  [mem.match]
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import ArgumentTypeError, ArgumentValueError, quote
from ..core.game import Game
from ..core.trace import EDGE_KINDS, NODE_KINDS, Trace

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "EDGE_KINDS",
    "NODE_KINDS",
    "Chain",
    "consequences",
    "to_graphml",
    "to_node_link",
    "trigger_chain",
    "why",
]


def trigger_chain(source: Game | Trace, *, since: int = 0, kinds: tuple[str, ...] | None = None) -> nx.DiGraph:
    """The graph of causes of a game (or a trace): one node per traced step.

    ``since`` keeps only records from that index on (e.g. one turn); ``kinds`` keeps only
    nodes of those kinds, linking each kept node to its nearest kept cause.
    """
    if not isinstance(source, Game | Trace):
        raise ArgumentTypeError(
            f"trigger_chain(source={quote(source)}): source must be a Game or a Trace, not {type(source).__name__}"
        )
    if type(since) is not int:
        raise ArgumentTypeError(f"trigger_chain(since={quote(since)}): since must be a record index (an int)")
    if since < 0:
        raise ArgumentValueError(f"trigger_chain(since={since}): since must be 0 or more")
    if kinds is not None and (isinstance(kinds, str) or not all(isinstance(k, str) for k in kinds)):
        raise ArgumentTypeError(
            f"trigger_chain(kinds={quote(kinds)}): kinds must be a tuple of node kinds (str), e.g. ('event',)"
        )
    trace = source.trace if isinstance(source, Game) else source
    graph = trace.graph()
    if since:
        graph = graph.subgraph(n for n in graph if n >= since).copy()
    if kinds is not None:
        unknown = set(kinds) - set(NODE_KINDS)
        if unknown:
            raise ArgumentValueError(
                f"trigger_chain(kinds=...): unknown node kinds {quote(sorted(unknown))}; use some of {NODE_KINDS}"
            )
        graph = _contract(graph, set(kinds))
    graph.graph["rulebook"] = source.rulebook.id if isinstance(source, Game) else None
    return graph


def _contract(graph: nx.DiGraph, keep: set[str]) -> nx.DiGraph:
    import networkx as nx

    out = nx.DiGraph()
    out.add_nodes_from((n, d) for n, d in graph.nodes(data=True) if d["kind"] in keep)
    for n in out:
        # nearest kept ancestor along the cause chain (each record has at most one cause)
        cur, kind = n, None
        while True:
            preds = list(graph.predecessors(cur))
            if not preds:
                break
            kind = kind or graph.edges[preds[0], cur]["kind"]
            cur = preds[0]
            if cur in out:
                out.add_edge(cur, n, kind=kind)
                break
    return out


@dataclass(frozen=True)
class Chain:
    """An ordered list of steps (trace nodes) with their data; reads as indented text."""

    graph: Any
    nodes: tuple[int, ...]
    direction: str  # "why" (root first) or "consequences" (the node first)

    def __iter__(self):
        return iter(self.nodes)

    def __len__(self) -> int:
        return len(self.nodes)

    def steps(self) -> list[dict]:
        return [{"node": n, **self.graph.nodes[n]} for n in self.nodes]

    def text(self) -> str:
        lines = []
        depths = self._depths()
        for n in self.nodes:
            d = self.graph.nodes[n]
            lines.append(f"{'  ' * depths[n]}{d['summary']}  [{d['rule']}]")
        return "\n".join(lines)

    def _depths(self) -> dict[int, int]:
        if self.direction == "why":
            return {n: i for i, n in enumerate(self.nodes)}
        root = self.nodes[0] if self.nodes else None
        depths = {root: 0}
        for n in self.nodes[1:]:
            preds = [p for p in self.graph.predecessors(n) if p in depths]
            depths[n] = depths[preds[0]] + 1 if preds else 1
        return depths

    def __str__(self) -> str:
        return self.text()

    __repr__ = __str__

    def _repr_html_(self) -> str:
        depths = self._depths()
        rows = "".join(
            f"<div style='margin-left:{1.2 * depths[n]:.1f}em'><span class='tt-kind'>"
            f"{escape(self.graph.nodes[n]['kind'])}</span> {escape(self.graph.nodes[n]['summary'])} "
            f"<small title='{escape(self.graph.nodes[n].get('rule_text', ''))}'><code>"
            f"{escape(self.graph.nodes[n]['rule'])}</code></small></div>"
            for n in self.nodes
        )
        return f"<div class='tt-chain'>{rows}</div>"


def why(graph: nx.DiGraph, node: int) -> Chain:
    """The causes of ``node``, from the root cause down to the node itself."""
    if node not in graph:
        raise KeyError(f"no step {node} in this trigger chain")
    chain = [node]
    while True:
        node = chain[-1]
        preds = list(graph.predecessors(node))
        if not preds:
            break
        # the cause; a state check has none but the events that made it true: the last of them
        caused = [p for p in preds if graph.edges[p, node].get("kind") != "because"]
        chain.append(min(caused) if caused else max(preds))
    return Chain(graph, tuple(reversed(chain)), "why")


def consequences(graph: nx.DiGraph, node: int) -> Chain:
    """``node`` and everything that followed from it, in the order it happened."""
    import networkx as nx

    if node not in graph:
        raise KeyError(f"no step {node} in this trigger chain")
    return Chain(graph, (node, *sorted(nx.descendants(graph, node))), "consequences")


def _plain(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool | int | float | str):
        return value
    return json.dumps(value, ensure_ascii=False)


def to_graphml(graph: nx.DiGraph, path: str | Path) -> Path:
    """Write the chain as GraphML (for Gephi, Cytoscape, yEd); returns the path."""
    import networkx as nx

    plain = nx.DiGraph()
    plain.add_nodes_from((n, {k: _plain(v) for k, v in d.items()}) for n, d in graph.nodes(data=True))
    plain.add_edges_from((u, v, {k: _plain(x) for k, x in d.items()}) for u, v, d in graph.edges(data=True))
    path = Path(path)
    nx.write_graphml(plain, path)
    return path


def to_node_link(graph: nx.DiGraph) -> dict:
    """The chain as networkx node-link data (JSON-ready), with ``edges`` as the link key."""
    import networkx as nx

    return nx.node_link_data(graph, edges="edges")
