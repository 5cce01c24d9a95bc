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
import pickle
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape
from typing import TYPE_CHECKING, Any

import orjson

from ..core.decision import CHANCE
from ..core.errors import ArgumentTypeError, ArgumentValueError, quote
from ..core.game import Game

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


def _describe(game: Game) -> dict[str, Any]:
    st = game.state
    dec = st.decision
    result = st.result
    described = {
        "to_move": None if dec is None else dec["player"],
        "kind": None if dec is None else dec["kind"],
        "summary": (dec.get("prompt") or dec["kind"]) if dec else f"over: {result.get('reason', '')}",
        "over": result is not None,
        "result": ""
        if result is None
        else ("draw" if not result["winners"] else ",".join(map(str, result["winners"]))),
    }
    if dec is not None and "commit" in dec:  # (a group of commits: each of its players decides here)
        described["committers"] = dec["commit"]["players"]
    return described


def _joint(game: Game) -> list[dict]:
    """Every combination of the commits of the group open at ``game`` (``choices.Commit``), each as the option
    of one joint step: ``{"id": "0=a+1=b", "label", "game"}`` (the game once all have committed). The positions
    between one player's commit and the next are not states of the graph: the group is one simultaneous step."""
    name = game.state.decision["commit"]["name"]
    out: list[dict] = []
    stack: list[tuple[Game, list[tuple[Any, dict]]]] = [(game, [])]
    while stack:
        at, made = stack.pop()
        dec = at.state.decision
        group = None if dec is None else dec.get("commit")
        if group is None or group["name"] != name or len(group["done"]) != len(made):
            ids = "+".join(f"{p}={o['id']}" for p, o in made)
            labels = "; ".join(f"player {p}: {o.get('label', o['id'])}" for p, o in made)
            out.append({"id": ids, "label": labels, "game": at})
            continue
        for i in reversed(range(len(dec["options"]))):
            child = at.clone()
            child.play(i)
            stack.append((child, [*made, (dec["player"], dec["options"][i])]))
    return out


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

    ``workers`` > 1 expands each depth's positions in that many local processes, and ``client`` (a
    ``dask.distributed.Client``) on that cluster; the graph is the same as with ``workers=1`` (the
    default, this process), node for node and edge for edge in the same order, because the children
    found elsewhere are merged here in the order one process would have found them. Games travel by
    pickle (a rulebook not installed must pickle); a depth with few positions is expanded here.

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
    graph = nx.DiGraph()
    root = start.fingerprint()
    graph.add_node(root, depth=0, **_describe(start))
    distinct = [1]
    if client is None and workers == 1:
        games: dict[str, Any] = {root: start}
        merge = _Merge(graph, games, distinct, limit)
        frontier = deque([root])
        while frontier and not merge.truncated:
            node = frontier.popleft()
            parent = games[node]
            if graph.nodes[node]["depth"] < depth and parent.state.decision is not None:
                frontier.extend(merge.node(node, _expanded(parent, sampled)))
        kept: Mapping[str, Game] = games
    else:  # (the games travel and wait as pickles: this process unpickles one only when it is asked for)
        with _Pool(workers, client, start) as pool:
            games = {root: pool.payload}
            merge = _Merge(graph, games, distinct, limit)
            level = [root]
            while level and not merge.truncated:
                nodes = [n for n in level if graph.nodes[n]["depth"] < depth and graph.nodes[n]["kind"] is not None]
                rows = pool.expand([games[n] for n in nodes], sampled)
                level = []
                for node, row in zip(nodes, rows):
                    level += merge.node(node, row)
                    if merge.truncated:
                        break
        kept = _Pickled(games, {root: start})
    return StateGraph(graph, root, depth, distinct, merge.truncated, merge.reason, kept if keep_games else {})


def _children(parent: Game, sampled: bool) -> list[tuple[int, dict, Game]]:
    """The options tried at ``parent`` (its number, the option, the game after it): one game each (a clone
    with the option played), one joint step each for a group of commits, one drawn outcome when sampled."""
    dec = parent.state.decision
    if "commit" in dec:  # a group of simultaneous commits: one joint step (see _joint)
        return [(i, opt, opt.pop("game")) for i, opt in enumerate(_joint(parent))]
    sampled = sampled and dec["player"] == CHANCE
    out = []
    for i, opt in enumerate(dec["options"]):
        child = parent.clone()
        if sampled:  # one outcome, drawn from the game's own stream as play would draw it
            i = child.draw()
            opt = dec["options"][i]
        child.play(i)
        out.append((i, opt, child))
        if sampled:
            break
    return out


Row = list[tuple[str, dict, Any, "dict | None"]]
"""A parent's children as :class:`_Merge` takes them: ``(fingerprint, edge, game, description)``, the edge's
data as the graph keeps it, the game (or its pickle, or None where the merge cannot need it) and the state's
description (None: the merge makes it from the game)."""


def _expanded(parent: Game, sampled: bool) -> Row:
    """:func:`_children` of ``parent``, each with its fingerprint and the data of the edge to it."""
    dec = parent.state.decision
    player = dec["player"]
    probs = dec.get("probs") if player == CHANCE else None
    joint = dec["commit"]["players"] if "commit" in dec else None
    row: Row = []
    for i, opt, child in _children(parent, sampled):
        edge = {"option": opt["id"], "label": opt.get("label", opt["id"]), "player": player, "multiplicity": 1}
        if joint is not None:
            edge["player"] = "joint"
            edge["players"] = joint
        if probs:
            edge["probability"] = probs[i]
        row.append((child.fingerprint(), edge, child, None))
    return row


def _expand_chunk(parents: list[bytes], sampled: bool) -> list[Row]:
    """A worker's part of a depth: each parent (a pickled game) expanded, each child's game pickled and
    described the first time its state appears in the chunk, and left out after (the merge needs a
    state's game only where the state is new, and a later copy in this chunk never is)."""
    seen: set[str] = set()
    rows = []
    for parent in parents:
        row: Row = []
        for fp, edge, child, _ in _expanded(pickle.loads(parent), sampled):
            if fp in seen:
                row.append((fp, edge, None, None))
            else:
                seen.add(fp)
                row.append((fp, edge, pickle.dumps(child, pickle.HIGHEST_PROTOCOL), _describe(child)))
        rows.append(row)
    return rows


class _Merge:
    """Adds each expanded node's children to the graph, in the order one process finds them."""

    def __init__(self, graph: nx.DiGraph, games: dict[str, Any], distinct: list[int], limit: int):
        self.graph, self.games, self.distinct, self.limit = graph, games, distinct, limit
        self.truncated, self.reason = False, ""

    def node(self, node: str, row: Row) -> list[str]:
        """The children of ``node`` (``row``: :func:`_expanded`'s) into the graph; returns the new states."""
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
                graph.add_node(fp, depth=d + 1, **(described if described is not None else _describe(child)))
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


class _Pickled(Mapping[str, Game]):
    """The games of a graph explored in several processes: kept as pickles, each unpickled when first read."""

    def __init__(self, pickles: dict[str, bytes], games: dict[str, Game]):
        self._pickles, self._games = pickles, games

    def __getitem__(self, node: str) -> Game:
        game = self._games.get(node)
        if game is None:
            game = self._games[node] = pickle.loads(self._pickles[node])
        return game

    def __contains__(self, node: object) -> bool:
        return node in self._pickles

    def __iter__(self) -> Iterator[str]:
        return iter(self._pickles)

    def __len__(self) -> int:
        return len(self._pickles)


class _Pool:
    """Where a depth's positions are expanded: ``workers`` local processes, or a Dask ``client``'s cluster."""

    SMALL = 16  # a depth with fewer positions to expand is expanded here (sending it costs more)

    def __init__(self, workers: int, client: Any, start: Game):
        try:
            self.payload = pickle.dumps(start, pickle.HIGHEST_PROTOCOL)
        except Exception as exc:
            where = "the Dask cluster" if client is not None else f"{workers} processes"
            raise ArgumentTypeError(
                f"explore(workers={workers}) sends games to {where} by pickle, but this game cannot be pickled "
                f"({type(exc).__name__}: {exc}); a rulebook built here must pickle, or use workers=1"
            ) from exc
        self.workers = max(1, sum(client.nthreads().values())) if client is not None else workers
        self.client = client
        self.executor: Any = None

    def __enter__(self) -> _Pool:
        if self.client is None:
            from concurrent.futures import ProcessPoolExecutor

            self.executor = ProcessPoolExecutor(max_workers=self.workers)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.executor is not None:
            self.executor.shutdown(cancel_futures=True)

    def expand(self, parents: list[bytes], sampled: bool) -> list[Row]:
        """:func:`_expand_chunk` of the parents, in order: in chunks elsewhere when there are enough."""
        if len(parents) < self.SMALL:
            return _expand_chunk(parents, sampled)
        size = max(self.SMALL // 2, -(-len(parents) // (self.workers * 4)))
        chunks = [parents[k : k + size] for k in range(0, len(parents), size)]
        if self.client is not None:
            futures = self.client.map(_expand_chunk, chunks, [sampled] * len(chunks), pure=False)
            parts = self.client.gather(futures)
        else:
            parts = list(self.executor.map(_expand_chunk, chunks, [sampled] * len(chunks)))
        return [row for part in parts for row in part]
