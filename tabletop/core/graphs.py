"""Graph boards: thin helpers over a networkx graph whose nodes are places (a map's areas, a lane's positions).

Pure functions; no game knowledge. A board is an undirected ``networkx.Graph``: nodes are places,
an edge a step between two places, with an optional numeric edge attribute as its length
(``weight``; without one every step counts 1). Blocked places cannot be entered; the place a walk
starts from is never blocked for it. Results come in the graph's own node order, so they are the
same on every run for a graph built the same way. networkx is imported when a helper first runs,
not with :mod:`tabletop`.

Why: Paragon's single map, Agora, is places joined by lanes and jungle paths: a Well, the Core,
inhibitors, harvesters, camps, Orb Prime, drop zones (seed 000 L81, L85-L91); towers "destroy
anyone who comes under them" (L95), which a walk treats as a blocked place. Lanes
(:meth:`tabletop.core.lanes.Lanes.graph`) give such a graph too.

>>> import networkx as nx
>>> from tabletop.core import graphs
>>> agora = nx.Graph([("well", "tower"), ("tower", "core"), ("well", "jungle"), ("jungle", "core")])
>>> graphs.shortest_path(agora, "well", "core")
['well', 'tower', 'core']
>>> graphs.shortest_path(agora, "well", "core", blocked={"tower"})
['well', 'jungle', 'core']
>>> graphs.within(agora, "well", 1)
{'well': 0, 'tower': 1, 'jungle': 1}
"""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import networkx as nx

N = TypeVar("N", bound=Hashable)


def open_places(graph: nx.Graph[N], start: N, blocked: Collection[N] = ()) -> nx.Graph[N]:
    """A read-only view of ``graph`` without the ``blocked`` places (``start`` kept even if blocked).

    >>> import networkx as nx
    >>> sorted(open_places(nx.path_graph(4), 0, {2, 0}).nodes)
    [0, 1, 3]
    """
    import networkx as nx

    if start not in graph:
        raise ValueError(f"{start!r} is not a place on this board")
    if not blocked:
        return graph
    stop = set(blocked) - {start}
    return nx.subgraph_view(graph, filter_node=lambda n: n not in stop)


def neighbours(graph: nx.Graph[N], place: N, blocked: Collection[N] = ()) -> list[N]:
    """The places one step from ``place`` that are not ``blocked``, in the graph's order.

    >>> import networkx as nx
    >>> neighbours(nx.cycle_graph(5), 0), neighbours(nx.cycle_graph(5), 0, blocked={4})
    ([1, 4], [1])
    """
    stop = set(blocked)
    if place not in graph:
        raise ValueError(f"{place!r} is not a place on this board")
    return [n for n in graph.neighbors(place) if n not in stop]


def shortest_path(
    graph: nx.Graph[N], start: N, goal: N, *, blocked: Collection[N] = (), weight: str | None = None
) -> list[N] | None:
    """A shortest walk from ``start`` to ``goal`` (both included) entering no ``blocked`` place, or None.

    ``weight``: the edge attribute that is a step's length (missing on an edge: 1).

    >>> import networkx as nx
    >>> g = nx.Graph()
    >>> g.add_edge("a", "b", length=5); g.add_edge("a", "c", length=1); g.add_edge("c", "b", length=1)
    >>> shortest_path(g, "a", "b"), shortest_path(g, "a", "b", weight="length")
    (['a', 'b'], ['a', 'c', 'b'])
    >>> shortest_path(g, "a", "b", blocked={"b"}) is None
    True
    """
    import networkx as nx

    view = open_places(graph, start, blocked)
    if goal not in view:
        return None
    try:
        found: list[N] = nx.shortest_path(view, start, goal, weight=weight)
    except nx.NetworkXNoPath:
        return None
    return found


def distance(
    graph: nx.Graph[N], start: N, goal: N, *, blocked: Collection[N] = (), weight: str | None = None
) -> float | None:
    """The length of a shortest walk from ``start`` to ``goal`` (steps, or summed ``weight``), or None.

    >>> import networkx as nx
    >>> distance(nx.path_graph(5), 0, 4), distance(nx.path_graph(5), 0, 4, blocked={2})
    (4, None)
    """
    import networkx as nx

    view = open_places(graph, start, blocked)
    if goal not in view:
        return None
    try:
        length: float = nx.shortest_path_length(view, start, goal, weight=weight)
    except nx.NetworkXNoPath:
        return None
    return length


def within(
    graph: nx.Graph[N], start: N, k: float, *, blocked: Collection[N] = (), weight: str | None = None
) -> dict[N, float]:
    """Every place at most ``k`` from ``start`` (steps, or summed ``weight``) entering no ``blocked`` place, with
    its distance; ``start`` first, then by distance, ties in the graph's order.

    >>> import networkx as nx
    >>> within(nx.path_graph(6), 2, 2)
    {2: 0, 1: 1, 3: 1, 0: 2, 4: 2}
    >>> within(nx.path_graph(6), 2, 2, blocked={1})
    {2: 0, 3: 1, 4: 2}
    """
    import networkx as nx

    if k < 0:
        raise ValueError(f"a reach is at least 0, not {k}")
    view = open_places(graph, start, blocked)
    if weight is None:
        found: dict[N, float] = dict(nx.single_source_shortest_path_length(view, start, cutoff=int(k)))
    else:
        found = dict(nx.single_source_dijkstra_path_length(view, start, cutoff=k, weight=weight))
    order = {n: i for i, n in enumerate(graph.nodes)}
    return dict(sorted(found.items(), key=lambda item: (item[1], order[item[0]])))


def components(graph: nx.Graph[N], blocked: Collection[N] = ()) -> list[list[N]]:
    """The groups of places joined to each other once ``blocked`` places are removed, each in the graph's order,
    the groups in the order of their first place (which places a blocker cuts off from which).

    >>> import networkx as nx
    >>> components(nx.path_graph(5), blocked={2})
    [[0, 1], [3, 4]]
    """
    import networkx as nx

    stop = set(blocked)
    view = nx.subgraph_view(graph, filter_node=lambda n: n not in stop)
    order = {n: i for i, n in enumerate(graph.nodes)}
    groups = [sorted(c, key=order.__getitem__) for c in nx.connected_components(view)]
    return sorted(groups, key=lambda c: order[c[0]])


def board_entries(graph: nx.Graph[N], options: Mapping[N, str] | None = None) -> dict[str, list[Any]]:
    """The ``places`` and ``edges`` of a ``graph`` board view (drawn by :func:`tabletop.render.board.board_svg`):
    every node as ``{"id", ...}`` with its ``label``, ``kind`` and ``pos`` attributes if it has them, and the
    option ``options[node]`` offered there; every edge as ``[a, b]`` (node ids as strings, in the graph's order).

    >>> import networkx as nx
    >>> g = nx.Graph([("well", "core")]); g.nodes["well"]["kind"] = "spawn"
    >>> board_entries(g, {"core": "move:core"})
    {'places': [{'id': 'well', 'kind': 'spawn'}, {'id': 'core', 'option': 'move:core'}], 'edges': [['well', 'core']]}
    """
    places: list[dict[str, Any]] = []
    for node, data in graph.nodes(data=True):
        entry: dict[str, Any] = {"id": str(node)}
        for key in ("label", "kind", "pos"):
            if key in data:
                entry[key] = list(data[key]) if key == "pos" else data[key]
        if options and node in options:
            entry["option"] = options[node]
        places.append(entry)
    return {"places": places, "edges": [[str(a), str(b)] for a, b in graph.edges]}
