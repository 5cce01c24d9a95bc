"""Ranks: armies drawn up in ranks (rows) facing each other, for two or more players, and the distance between ranks.

Pure functions; no game knowledge. A rank is ``(army, number)``: ``army`` is any id (a player),
``number`` counts from 1 at the front rank, the one nearest the other armies. A place in a rank is
``(army, number, slot)``, ``slot`` counting from the left.

Every army's front rank faces every other army's front rank, however many armies there are, so for
three or four players as for two:

* within one army, ranks in front of and behind each other are adjacent, and the distance between
  ranks ``r`` and ``s`` is ``|r - s|``;
* between two armies, the front ranks are one apart, and the distance from rank ``r`` of one to
  rank ``s`` of another is ``r + s - 1``.

Why: Warlord: "when you count the distance between characters, it is one rank from your first rank
to the first rank of any other player's army" (seed 004 L46/L210); "a rank is adjacent to the ranks
in front of and behind it; every player's front rank is adjacent to the front ranks of every other
player" and characters side by side in a rank are adjacent (L106/L276); a ranged strike hits
"across one rank" and nothing else (L93/L263, distance exactly 2); a rank may not hold more
characters than the rank in front of it (L46-L47/L210-L211).

>>> from tabletop.core import ranks
>>> ranks.distance(("A", 1), ("B", 1)), ranks.distance(("A", 2), ("C", 1)), ranks.distance(("A", 3), ("A", 1))
(1, 2, 2)
>>> ranks.at_distance(("A", 2), 2, {"A": 3, "B": 2, "C": 1, "D": 2})
[('B', 1), ('C', 1), ('D', 1)]
>>> ranks.illegal_ranks([3, 2, 3])
[3]
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence

Rank = tuple[Hashable, int]
"""A rank: ``(army, number)``, number 1 the front rank."""

Place = tuple[Hashable, int, int]
"""A character's place: ``(army, rank number, slot)``, slots counted from the left."""


def _check(rank: Rank) -> None:
    if type(rank[1]) is not int or rank[1] < 1:
        raise ValueError(f"ranks are numbered from 1 (the front rank), not {rank[1]!r} in {rank!r}")


def distance(a: Rank, b: Rank) -> int:
    """The distance in ranks between two ranks, of one army or of two (L46/L210).

    >>> distance(("A", 1), ("A", 1)), distance(("A", 1), ("B", 2)), distance(("A", 3), ("B", 3))
    (0, 2, 5)
    """
    _check(a)
    _check(b)
    if a[0] == b[0]:
        return abs(a[1] - b[1])
    return a[1] + b[1] - 1


def adjacent(a: Rank, b: Rank) -> bool:
    """Whether two ranks are adjacent: one behind the other in an army, or two armies' front ranks (L106/L276).

    >>> adjacent(("A", 1), ("A", 2)), adjacent(("A", 1), ("C", 1)), adjacent(("A", 2), ("B", 1))
    (True, True, False)
    """
    return distance(a, b) == 1 and (a[0] == b[0] or a[1] == b[1] == 1)


def places_adjacent(a: Place, b: Place) -> bool:
    """Whether two characters are adjacent: side by side in the same rank of one army (L106/L276).

    >>> places_adjacent(("A", 1, 2), ("A", 1, 3)), places_adjacent(("A", 1, 2), ("A", 2, 2))
    (True, False)
    """
    return a[0] == b[0] and a[1] == b[1] and abs(a[2] - b[2]) == 1


def at_distance(origin: Rank, d: int, armies: Mapping[Hashable, int], *, others: bool = True) -> list[Rank]:
    """The ranks exactly ``d`` from ``origin``, among ``armies`` (army -> how many ranks it has), army by army in
    the mapping's order; ``others``: only other armies' ranks (the ones a strike may target).

    Melee reaches distance 1 (a front rank to any other front rank, L68/L238), a ranged strike exactly 2
    (L93/L263: from rank 2 to an enemy's rank 1, or from rank 1 to an enemy's rank 2).

    >>> at_distance(("A", 1), 2, {"A": 3, "B": 3})
    [('B', 2)]
    >>> at_distance(("A", 1), 2, {"A": 3, "B": 3}, others=False)
    [('A', 3), ('B', 2)]
    """
    _check(origin)
    out: list[Rank] = []
    for army, depth in armies.items():
        if others and army == origin[0]:
            continue
        out += [(army, n) for n in range(1, depth + 1) if distance(origin, (army, n)) == d]
    return out


def illegal_ranks(sizes: Sequence[int]) -> list[int]:
    """The numbers of the ranks that hold more characters than the rank in front of them (``sizes``: how many
    each rank holds, front rank first). The front rank may hold any number (L46/L210); a rank with more than
    the one before it is illegal and must be reformed at once (L47-L48/L211-L212).

    >>> illegal_ranks([3, 2, 1]), illegal_ranks([1, 2, 2]), illegal_ranks([0, 1])
    ([], [2], [2])
    """
    return [k + 1 for k in range(1, len(sizes)) if sizes[k] > sizes[k - 1]]
