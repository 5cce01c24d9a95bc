"""State graphs: breadth-first exploration of every position reachable from a game.

Positions are keyed by fingerprint, so each appears once however many paths reach it. Like a
chess perft, :attr:`StateGraph.perft` counts the move sequences of each length and
:attr:`StateGraph.distinct` the distinct positions at each depth; these pin a rulebook's
behaviour down as regression numbers.

>>> import tabletop as tt
>>> from tabletop.games.memory.game import dealt
>>> sg = tt.explore(dealt([0, 1, 0, 1]), depth=2)
>>> sg.perft, sg.distinct  # 12 two-flip sequences reach 3 positions (pair 0 or 1 taken, or none)
([1, 4, 12], [1, 4, 3])
"""

from __future__ import annotations

import functools
import hashlib
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING, Any

import orjson

from ..core.decision import CHANCE
from ..core.errors import ArgumentTypeError, ArgumentValueError, quote
from ..core.game import Game
from .expansion import Row, describe, expanded
from .explore_workers import Chunks, Workers

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["StateGraph", "exact_probability", "explore"]


def exact_probability(decision: dict, index: int) -> Fraction:
    """The probability of outcome ``index`` of an open chance decision (the game's plain data), as a
    fraction: ``ways/of`` where the option gives them (a roll of dice), else its probability made a
    fraction with a denominator of at most a million (a deck's ``count/total``, a uniform ``1/n``)."""
    opt = decision["options"][index]
    if "ways" in opt and "of" in opt:
        return Fraction(opt["ways"], opt["of"])
    return Fraction(decision["probs"][index]).limit_denominator(1_000_000)


@dataclass
class StateGraph:
    """A state graph: ``graph`` (a ``networkx.DiGraph`` keyed by fingerprint) and its counts.

    ``distinct[d]`` counts the states first reached after ``d`` decisions (their distance from
    the root); ``perft[d]`` counts the sequences of exactly ``d`` decisions, like a chess perft
    (transpositions and cycles counted once per path).
    """

    graph: nx.DiGraph
    root: str
    depth: int
    distinct: list[int]
    truncated: bool = False
    reason: str = ""
    games: Mapping[str, Game] = field(default_factory=dict, repr=False)

    @functools.cached_property
    def perft(self) -> list[int]:
        """Paths of each length 0..depth (exact while the graph is complete to that depth)."""
        graph = self.graph
        counts = {self.root: 1}
        out = [1]
        for _ in range(self.depth):
            nxt: dict[str, int] = {}
            for node, paths in counts.items():
                for child in graph.successors(node):
                    nxt[child] = nxt.get(child, 0) + paths * graph.edges[node, child]["multiplicity"]
            if not nxt:
                break
            out.append(sum(nxt.values()))
            counts = nxt
        return out

    def __len__(self) -> int:
        return self.graph.number_of_nodes()

    def game(self, node: str) -> Game:
        """The game at a state (a clone: playing on it leaves the graph alone)."""
        return self.games[node].clone()

    def terminal(self) -> list[str]:
        """States where the game is over."""
        return [n for n, d in self.graph.nodes(data=True) if d["over"]]

    def outcomes(self) -> dict[str, int]:
        """How many terminal states end in each result (winners as text)."""
        out: dict[str, int] = {}
        for n in self.terminal():
            key = self.graph.nodes[n]["result"]
            out[key] = out.get(key, 0) + 1
        return dict(sorted(out.items()))

    def outcome_table(
        self, outcome: Callable[[Game], Any] | None = None, max_paths: int = 100_000
    ) -> list[dict[str, Any]]:
        """Each plan of choices with each outcome it may end in, weighted by chance.

        A plan is the choices made by the players on a path from the root (the options' labels; a group of
        commits is one joint choice); chance outcomes are left out of it and weigh the path instead, by the
        edges' probabilities as fractions (exact for denominators up to a million: a die's 1/6, a deck's
        count/total; sampled chance weighs 1). A path ends at the end of the game, or after ``depth``
        decisions, or where the graph was not explored further. ``outcome(game)`` names what a path ends in
        (it needs the graph's games); the default is the result (winners as text), or ``"unfinished"``.
        Rows: ``{"plan", "outcome", "probability"}``; each plan's probabilities sum to 1 when every chance
        outcome on its paths was explored.
        """
        graph = self.graph
        plans: dict[tuple[str, ...], dict[str, Fraction]] = {}
        stack: list[tuple[str, tuple[str, ...], Fraction, int]] = [(self.root, (), Fraction(1), 0)]
        paths = 0
        while stack:
            node, plan, p, d = stack.pop()
            data = graph.nodes[node]
            edges = list(graph.out_edges(node, data=True)) if d < self.depth and not data["over"] else []
            if not edges:
                paths += 1
                if paths > max_paths:
                    raise ArgumentValueError(f"outcome_table(): more than {max_paths} paths; raise max_paths")
                if outcome is not None:
                    key = str(outcome(self.games[node]))
                else:
                    key = data["result"] if data["over"] else "unfinished"
                dist = plans.setdefault(plan, {})
                dist[key] = dist.get(key, Fraction(0)) + p
                continue
            for _, child, edge in reversed(edges):
                if edge["player"] == CHANCE:  # weighs the path; not a choice of the plan
                    weight = Fraction(edge.get("probability", 1)).limit_denominator(1_000_000)
                    stack.append((child, plan, p * weight, d + 1))
                else:
                    stack.append((child, (*plan, edge["label"]), p, d + 1))
        return [
            {"plan": " -> ".join(plan) or "(no choice)", "outcome": key, "probability": prob}
            for plan, dist in plans.items()
            for key, prob in dist.items()
        ]

    def information_sets(self, player: int) -> dict[str, list[str]]:
        """States ``player`` cannot tell apart (same view), among those where ``player`` decides."""
        sets: dict[str, list[str]] = {}
        for n, d in self.graph.nodes(data=True):
            if d["to_move"] != player and player not in d.get("committers", ()):
                continue
            view = self.games[n].view(player)
            view.pop("decision", None)
            key = hashlib.sha1(orjson.dumps(view, option=orjson.OPT_SORT_KEYS), usedforsecurity=False).hexdigest()
            sets.setdefault(key, []).append(n)
        return sets

    def summary(self) -> str:
        lines = [
            f"{len(self)} distinct states, {len(self.terminal())} terminal" + (" (truncated)" if self.truncated else "")
        ]
        lines += [f"  depth {d}: {p} paths, {c} distinct" for d, (p, c) in enumerate(zip(self.perft, self.distinct))]
        if self.truncated:
            lines.append(f"  stopped: {self.reason}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<StateGraph {len(self)} states, depth {len(self.perft) - 1}{', truncated' if self.truncated else ''}>"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{d}</td><td>{p}</td><td>{c}</td></tr>" for d, (p, c) in enumerate(zip(self.perft, self.distinct))
        )
        note = f"<p><b>Stopped early:</b> {escape(self.reason)}</p>" if self.truncated else ""
        return (
            f"<div><b>State graph</b>: {len(self)} distinct states, {len(self.terminal())} terminal{note}"
            f"<table><thead><tr><th>depth</th><th>paths (perft)</th><th>distinct</th></tr></thead>"
            f"<tbody>{rows}</tbody></table></div>"
        )


def explore(
    game: Game,
    depth: int = 4,
    limit: int = 100_000,
    chance: str = "enumerate",
    keep_games: bool = True,
    workers: int = 1,
    client: Any = None,
) -> StateGraph:
    """Every position reachable from ``game`` in at most ``depth`` decisions.

    ``chance="enumerate"`` branches on every random outcome (an edge carries the probability of
    reaching its state: the sum over the outcomes that lead there, so a chance state's edges sum to 1);
    ``"sample"`` lets the game draw outcomes from its seeded streams. Exploration stops cleanly
    at ``limit`` distinct states, with ``truncated`` set and the reason given. The original
    game is not changed.

    ``workers`` > 1 expands each depth's positions in that many local processes (each keeps the games
    of the states it found), and ``client`` (a ``dask.distributed.Client``) on that cluster; the graph
    is the same as with ``workers=1`` (the default, this process), node for node and edge for edge in
    the same order, because the children found elsewhere are merged here in the order one process
    would have found them. Games travel by pickle (a rulebook not installed must pickle).

    >>> from tabletop.games.memory.game import dealt
    >>> game = dealt([0, 1, 2, 0, 1, 2])
    >>> one, two = explore(game, depth=6), explore(game, depth=6, workers=2)
    >>> len(one), list(one.graph.edges(data=True)) == list(two.graph.edges(data=True))
    (81, True)
    """
    import networkx as nx

    if not isinstance(game, Game):
        raise ArgumentTypeError(f"explore(game={quote(game)}): game must be a Game, not {type(game).__name__}")
    for name, value, least in (("depth", depth, 0), ("limit", limit, 1), ("workers", workers, 1)):
        if type(value) is not int:
            raise ArgumentTypeError(
                f"explore({name}={quote(value)}): {name} must be an int, not {type(value).__name__}"
            )
        if value < least:
            raise ArgumentValueError(f"explore({name}={value}): {name} must be {least} or more")
    if chance not in ("enumerate", "sample"):
        raise ArgumentValueError(f"explore(chance={quote(chance)}): chance must be 'enumerate' or 'sample'")
    if not isinstance(keep_games, bool):
        raise ArgumentTypeError(f"explore(keep_games={quote(keep_games)}): keep_games must be True or False")
    if client is not None and not (
        callable(getattr(client, "map", None)) and callable(getattr(client, "gather", None))
    ):
        raise ArgumentTypeError(
            f"explore(client={quote(client)}): client must be a dask.distributed.Client (with map and gather), "
            f"not {type(client).__name__}"
        )
    start = game.clone(tracing=False)
    start.chance = "manual" if chance == "enumerate" else "sample"
    sampled = chance == "sample"
    graph: nx.DiGraph = nx.DiGraph()
    root = start.fingerprint()
    graph.add_node(root, depth=0, **describe(start))
    distinct = [1]
    if client is None and workers == 1:
        games: dict[str, Any] = {root: start}
        merge = _Merge(graph, games, distinct, limit)
        frontier = deque([root])
        while frontier and not merge.truncated:
            node = frontier.popleft()
            parent = games[node] if keep_games else games.pop(node)  # (a game expanded is needed no more)
            if graph.nodes[node]["depth"] < depth and parent.state.decision is not None:
                frontier.extend(merge.node(node, expanded(parent, sampled)))
        kept: Mapping[str, Game] = games if keep_games else {}
    else:  # (elsewhere: explore_workers.py; the games wait there, or here as pickles)
        pool = (
            Workers(workers, start, sampled, keep_games)
            if client is None
            else Chunks(client, start, sampled, keep_games)
        )
        with pool:
            merge = _Merge(graph, pool.store, distinct, limit)
            level = [root]
            while level and not merge.truncated:
                nodes = [n for n in level if graph.nodes[n]["depth"] < depth and graph.nodes[n]["kind"] is not None]
                rows = pool.expand(nodes)
                level = []
                for node, row in zip(nodes, rows):
                    new = merge.node(node, row)
                    pool.adopt(node, new)
                    level += new
                    if merge.truncated:
                        break
            kept = pool.games() if keep_games else {}
    return StateGraph(graph, root, depth, distinct, merge.truncated, merge.reason, kept)


class _Merge:
    """Adds each expanded node's children to the graph, in the order one process finds them."""

    def __init__(self, graph: nx.DiGraph, games: dict[str, Any], distinct: list[int], limit: int):
        self.graph, self.games, self.distinct, self.limit = graph, games, distinct, limit
        self.truncated, self.reason = False, ""

    def node(self, node: str, row: Row) -> list[str]:
        """The children of ``node`` (``row``: ``expansion.expanded``'s) into the graph; returns the new states."""
        graph, games, distinct = self.graph, self.games, self.distinct
        d = graph.nodes[node]["depth"]
        new = []
        for fp, edge, child, described in row:
            if fp not in graph:
                if graph.number_of_nodes() >= self.limit:
                    self.truncated, self.reason = (
                        True,
                        f"limit of {self.limit} distinct states reached at depth {d + 1}",
                    )
                    break
                assert child is not None  # (a state new here is its first appearance: the worker sent it)
                graph.add_node(fp, depth=d + 1, **(described if described is not None else describe(child)))
                games[fp] = child
                if len(distinct) <= d + 1:
                    distinct.append(0)
                distinct[d + 1] += 1
                new.append(fp)
            if graph.has_edge(node, fp):  # two options reach the same state
                merged = graph.edges[node, fp]
                merged["multiplicity"] += 1
                if "probability" in merged:  # two outcomes of a chance decision: either one leads here
                    merged["probability"] += edge["probability"]
                continue
            graph.add_edge(node, fp, **edge)
        return new
