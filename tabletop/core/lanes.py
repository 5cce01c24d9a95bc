"""Lanes: named rows of positions that pieces move along, and bridges that join two lanes' positions.

Pure functions and one frozen value; no game knowledge. A position is ``(lane, index)``: ``index``
counts from 0 at the lane's start (one side's end of the field) to ``length - 1`` at its other end.
A piece moves along its lane a number of steps (positive: towards the end, negative: towards the
start), stopping at the lane's end or before a blocked position; a bridge is a step from a position
of one lane to a position of another.

Why: Minion Masters' field has the Masters "on podiums at opposite ends of the playing field" (seed
000 L5) and bridges that give XP while held (L7); Paragon's map has "three lanes with towers" that
minions run along (000 L81) and a player pushes "your lane (left, right or mid)" (L94). Lanes make
a discrete-tick model of either a board of positions: minions advance, meet, cross bridges.

>>> from tabletop.core.lanes import Lanes
>>> field = Lanes({"left": 5, "right": 5}, bridges=[(("left", 2), ("right", 2))])
>>> field.move(("left", 0), 3)
('left', 3)
>>> field.move(("left", 0), 3, blocked={("left", 2)})
('left', 1)
>>> field.distance(("left", 0), ("right", 4))
5
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import networkx as nx

Position = tuple[str, int]
"""A place on a lane: ``(lane, index)``, the index counted from 0 at the lane's start."""

Bridge = tuple[Position, Position]
"""Two positions on different lanes (or far apart on one) joined by a single step."""


@dataclass(frozen=True)
class Lanes:
    """Lanes of given lengths (by name, in the order given) and the bridges between their positions.

    >>> Lanes({"mid": 3}).positions()
    [('mid', 0), ('mid', 1), ('mid', 2)]
    >>> Lanes({"mid": 0})
    Traceback (most recent call last):
    ...
    ValueError: lane 'mid' needs a length of at least 1, not 0
    """

    lengths: Mapping[str, int] = field(hash=False)  # a dict: equal fields, equal hashes all the same
    bridges: tuple[Bridge, ...] = ()
    _joined: dict[Position, tuple[Position, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __init__(self, lengths: Mapping[str, int], bridges: Iterable[Bridge] = ()) -> None:
        object.__setattr__(self, "lengths", dict(lengths))
        object.__setattr__(self, "bridges", tuple((tuple(a), tuple(b)) for a, b in bridges))
        for name, n in self.lengths.items():
            if type(n) is not int or n < 1:
                raise ValueError(f"lane {name!r} needs a length of at least 1, not {n!r}")
        joined: dict[Position, list[Position]] = {}
        for a, b in self.bridges:
            for p in (a, b):
                if not self.on_field(p):
                    raise ValueError(f"bridge {a} - {b}: {p} is not a position of these lanes")
            if a == b:
                raise ValueError(f"a bridge joins two different positions, not {a} to itself")
            joined.setdefault(a, []).append(b)
            joined.setdefault(b, []).append(a)
        object.__setattr__(self, "_joined", {p: tuple(q) for p, q in joined.items()})

    # ---------------------------------------------------------- positions
    def on_field(self, position: Position) -> bool:
        """Whether ``position`` lies on one of the lanes.

        >>> Lanes({"a": 2}).on_field(("a", 1)), Lanes({"a": 2}).on_field(("a", 2))
        (True, False)
        """
        lane, index = position
        return lane in self.lengths and type(index) is int and 0 <= index < self.lengths[lane]

    def positions(self, lane: str | None = None) -> list[Position]:
        """Every position of ``lane`` (or of every lane, lane by lane), from each lane's start."""
        names = self.lengths if lane is None else [lane]
        return [(name, i) for name in names for i in range(self.lengths[name])]

    def ends(self, lane: str) -> tuple[Position, Position]:
        """A lane's start and end: where each side enters it (seed 000 L5: the two ends of the field).

        >>> Lanes({"a": 4}).ends("a")
        (('a', 0), ('a', 3))
        """
        return (lane, 0), (lane, self.lengths[lane] - 1)

    def bridged(self, position: Position) -> tuple[Position, ...]:
        """The positions a bridge at ``position`` leads to (none if no bridge is there).

        >>> Lanes({"a": 3, "b": 3}, [(("a", 1), ("b", 1))]).bridged(("b", 1))
        (('a', 1),)
        """
        return self._joined.get(position, ())

    def neighbours(self, position: Position) -> list[Position]:
        """The positions one step away: back and forward along the lane, then across its bridges.

        >>> Lanes({"a": 3, "b": 3}, [(("a", 1), ("b", 1))]).neighbours(("a", 1))
        [('a', 0), ('a', 2), ('b', 1)]
        """
        self._check(position)
        lane, i = position
        out = [(lane, j) for j in (i - 1, i + 1) if 0 <= j < self.lengths[lane]]
        return out + [p for p in self.bridged(position) if p not in out]

    # ---------------------------------------------------------- moving
    def path_along(self, position: Position, steps: int) -> list[Position]:
        """The positions a piece passes moving ``steps`` along its lane (negative: towards the start), without
        ``position`` itself; cut short at the lane's end.

        >>> Lanes({"a": 4}).path_along(("a", 1), 5), Lanes({"a": 4}).path_along(("a", 1), -1)
        ([('a', 2), ('a', 3)], [('a', 0)])
        """
        self._check(position)
        lane, i = position
        last = max(0, min(self.lengths[lane] - 1, i + steps))
        step = 1 if last >= i else -1
        return [(lane, j) for j in range(i + step, last + step, step)] if last != i else []

    def move(self, position: Position, steps: int, *, blocked: Collection[Position] = ()) -> Position:
        """Where a piece ends moving ``steps`` along its lane: at the lane's end, or on the last position before the
        first ``blocked`` one on its way (a piece stops when it meets another).

        >>> lanes = Lanes({"a": 6})
        >>> lanes.move(("a", 4), 3), lanes.move(("a", 4), -2), lanes.move(("a", 0), 5, blocked={("a", 1)})
        (('a', 5), ('a', 2), ('a', 0))
        """
        stop = set(blocked)
        at = position
        for p in self.path_along(position, steps):
            if p in stop:
                break
            at = p
        return at

    def first_blocked(self, position: Position, steps: int, blocked: Collection[Position]) -> Position | None:
        """The first ``blocked`` position a piece would meet moving ``steps`` along its lane, or None (what it
        runs into: an enemy minion, a tower).

        >>> Lanes({"a": 6}).first_blocked(("a", 0), 4, {("a", 3), ("a", 2)})
        ('a', 2)
        """
        stop = set(blocked)
        return next((p for p in self.path_along(position, steps) if p in stop), None)

    def ahead(self, position: Position, steps: int, pieces: Mapping[str, Position]) -> list[str]:
        """The pieces within ``steps`` along the lane in the direction of ``steps``' sign (its own position
        excluded), nearest first, ties by name.

        >>> Lanes({"a": 6}).ahead(("a", 1), 3, {"x": ("a", 4), "y": ("a", 2), "z": ("a", 5)})
        ['y', 'x']
        """
        order = {p: k for k, p in enumerate(self.path_along(position, steps))}
        return sorted((n for n, p in pieces.items() if p in order), key=lambda n: (order[pieces[n]], n))

    # ---------------------------------------------------------- distances
    def steps_from(self, start: Position, *, blocked: Collection[Position] = ()) -> dict[Position, int]:
        """The fewest steps from ``start`` to every position it can reach, along lanes and across bridges, not
        entering ``blocked`` positions.

        >>> Lanes({"a": 3, "b": 2}, [(("a", 2), ("b", 0))]).steps_from(("a", 0))
        {('a', 0): 0, ('a', 1): 1, ('a', 2): 2, ('b', 0): 3, ('b', 1): 4}
        """
        self._check(start)
        stop = set(blocked)
        seen = {start: 0}
        todo = deque([start])
        while todo:
            p = todo.popleft()
            for q in self.neighbours(p):
                if q not in seen and q not in stop:
                    seen[q] = seen[p] + 1
                    todo.append(q)
        return seen

    def distance(self, a: Position, b: Position, *, blocked: Collection[Position] = ()) -> int | None:
        """The fewest steps between two positions along lanes and across bridges (None: unreachable).

        >>> lanes = Lanes({"a": 5, "b": 5})
        >>> lanes.distance(("a", 1), ("a", 4)), lanes.distance(("a", 1), ("b", 1))
        (3, None)
        """
        return self.steps_from(a, blocked=blocked).get(b)

    def graph(self) -> nx.Graph:
        """The lanes as an undirected networkx graph of positions (edge ``kind``: ``"lane"`` or ``"bridge"``), for
        :mod:`tabletop.core.graphs`.

        >>> sorted(Lanes({"a": 2, "b": 1}, [(("a", 1), ("b", 0))]).graph().edges(data="kind"))
        [(('a', 0), ('a', 1), 'lane'), (('a', 1), ('b', 0), 'bridge')]
        """
        import networkx as nx

        g: nx.Graph[Position] = nx.Graph()
        g.add_nodes_from(self.positions())
        for lane, n in self.lengths.items():
            g.add_edges_from((((lane, i), (lane, i + 1)) for i in range(n - 1)), kind="lane")
        g.add_edges_from(self.bridges, kind="bridge")
        return g

    def __iter__(self) -> Iterator[str]:
        return iter(self.lengths)

    def _check(self, position: Position) -> None:
        if not self.on_field(position):
            raise ValueError(f"{position!r} is not a position of lanes {dict(self.lengths)}")
