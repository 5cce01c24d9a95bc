"""Hex grids: axial coordinates, neighbours, distance, reachability, reading order and multi-cell footprints.

Pure functions over cells; no game knowledge. A cell is an axial pair ``(q, r)`` of a grid of
*pointy-top* hexagons laid out in horizontal rows: ``r`` is the row (growing downwards, as on the
page and in :func:`tabletop.render.board.board_svg`'s ``hex`` layout), ``q`` the diagonal column,
and the cell's centre lies at ``x = q + r / 2`` column widths from the origin. Two cells are
neighbours when they share a border.

A map is any collection of cells (:func:`hexagon` and :func:`rectangle` make the usual shapes); a
function that needs to know where the map ends takes it as ``cells``.

Why: Dice Throne Missions' map is hexagonal ("end movement on a hexagonal cell", seed 002 L68);
adjacency is a shared border (L7, L81); heroes move any number of cells (L68) but not onto or
through dark cells (L70), may pass through other heroes but not end on their cell (L71), reach an
EXIT "by a connected path" (L191); minions activate "left to right, then top to bottom, as when
reading a book" (L113); large enemies cover two or more cells (L209). ``docs/geometry.md`` has
the whole list.

>>> from tabletop.core import hexes
>>> hexes.distance((0, 0), (2, -1))
2
>>> board = hexes.hexagon(2)
>>> sorted(hexes.reachable((0, 0), 1, cells=board, blocked={(1, 0)}))
[(-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1), (1, -1)]
>>> hexes.reading_order([(0, 1), (1, 0), (0, 0)])
[(0, 0), (1, 0), (0, 1)]
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable
from typing import Literal

Hex = tuple[int, int]
"""A cell in axial coordinates ``(q, r)``; ``r`` is its row."""

Offset = Literal["odd-r", "even-r"]
"""Which rows of an offset map are shoved half a cell to the right: the odd ones or the even ones."""

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
"""The six steps to a neighbour, clockwise on the page from east: E, SE, SW, W, NW, NE."""


def add(a: Hex, b: Hex) -> Hex:
    """The cell ``b`` steps from ``a`` (vector sum).

    >>> add((1, 2), (0, -1))
    (1, 1)
    """
    return a[0] + b[0], a[1] + b[1]


def neighbours(cell: Hex) -> list[Hex]:
    """The six cells that share a border with ``cell``, in :data:`DIRECTIONS` order.

    >>> neighbours((0, 0))
    [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
    """
    q, r = cell
    return [(q + dq, r + dr) for dq, dr in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    """The number of steps between two cells on an open grid.

    >>> distance((0, 0), (3, -3)), distance((0, 0), (2, 1)), distance((1, 1), (1, 1))
    (3, 3, 0)
    """
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def adjacent(a: Hex, b: Hex) -> bool:
    """Whether two cells share a border (seed 002 L7: "a cell that has a common border with your cell").

    >>> adjacent((0, 0), (1, -1)), adjacent((0, 0), (1, 1))
    (True, False)
    """
    return distance(a, b) == 1


def ring(center: Hex, radius: int) -> list[Hex]:
    """The cells at exactly ``radius`` steps from ``center``, clockwise on the page from its north-west corner.

    >>> len(ring((0, 0), 2)), ring((5, 5), 0)
    (12, [(5, 5)])
    """
    if radius < 0:
        raise ValueError(f"a ring's radius is at least 0, not {radius}")
    if radius == 0:
        return [center]
    out = []
    q, r = add(center, (DIRECTIONS[4][0] * radius, DIRECTIONS[4][1] * radius))  # start north-west
    for side in range(6):
        dq, dr = DIRECTIONS[side]
        for _ in range(radius):
            out.append((q, r))
            q, r = q + dq, r + dr
    return out


def within(center: Hex, radius: int) -> list[Hex]:
    """The cells at most ``radius`` steps from ``center``, in reading order.

    >>> within((0, 0), 1)
    [(0, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (0, 1)]
    """
    q0, r0 = center
    cells = [
        (q0 + dq, r0 + dr)
        for dr in range(-radius, radius + 1)
        for dq in range(max(-radius, -dr - radius), min(radius, -dr + radius) + 1)
    ]
    return reading_order(cells)


def hexagon(radius: int, center: Hex = (0, 0)) -> frozenset[Hex]:
    """A hexagon-shaped map: every cell at most ``radius`` steps from ``center``.

    >>> len(hexagon(0)), len(hexagon(1)), len(hexagon(3))
    (1, 7, 37)
    """
    return frozenset(within(center, radius))


def rectangle(rows: int, columns: int, offset: Offset = "odd-r") -> frozenset[Hex]:
    """A rectangular map of ``rows`` rows of ``columns`` cells, as printed: offset rows (see :func:`from_offset`).

    >>> sorted(rectangle(2, 2))
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    >>> sorted(rectangle(3, 1))
    [(-1, 2), (0, 0), (0, 1)]
    """
    return frozenset(from_offset(row, col, offset) for row in range(rows) for col in range(columns))


def line(a: Hex, b: Hex) -> list[Hex]:
    """The cells a straight line from ``a``'s centre to ``b``'s passes through, ``a`` and ``b`` included.

    A line along a border between two cells takes the one nearer the first step's direction (a
    fixed nudge), so the result is the same on every run.

    >>> line((0, 0), (3, 0))
    [(0, 0), (1, 0), (2, 0), (3, 0)]
    >>> line((0, 0), (2, -1))  # along the border of (1, 0) and (1, -1): the nudge takes (1, 0)
    [(0, 0), (1, 0), (2, -1)]
    >>> len(line((0, 0), (-4, 2))) == distance((0, 0), (-4, 2)) + 1
    True
    """
    n = distance(a, b)
    if n == 0:
        return [a]
    # cube coordinates, nudged off the borders between cells
    ax, az = a[0] + 1e-6, a[1] + 2e-6
    bx, bz = b[0] + 1e-6, b[1] + 2e-6
    out = []
    for i in range(n + 1):
        t = i / n
        x, z = ax + (bx - ax) * t, az + (bz - az) * t
        out.append(_round(x, z))
    return out


def _round(x: float, z: float) -> Hex:
    """The cell whose centre is nearest the fractional axial point ``(x, z)`` (cube rounding)."""
    y = -x - z
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz:
        rx = -ry - rz
    elif dy <= dz:
        rz = -rx - ry
    return int(rx), int(rz)


# ------------------------------------------------------------------ reachability
def reachable(
    start: Hex,
    allowance: int | None = None,
    *,
    cells: Collection[Hex] | None = None,
    blocked: Collection[Hex] = (),
    pass_only: Collection[Hex] = (),
) -> dict[Hex, int]:
    """The cells a piece at ``start`` can end a move on, each with the fewest steps it takes.

    A move is a walk of at most ``allowance`` steps between neighbouring cells (``None``: any
    number, seed 002 L68 "any number of cells, including zero") over the map ``cells`` (``None``:
    an open grid, then ``allowance`` is needed). ``blocked`` cells cannot be entered or crossed
    (L70, dark cells); ``pass_only`` cells can be crossed but not ended on (L71, other heroes).
    ``start`` is always in the result with 0 steps (moving zero cells, L68).

    >>> board = {(q, 0) for q in range(5)}
    >>> reachable((0, 0), cells=board, pass_only={(1, 0)})
    {(0, 0): 0, (2, 0): 2, (3, 0): 3, (4, 0): 4}
    >>> reachable((0, 0), cells=board, blocked={(2, 0)})
    {(0, 0): 0, (1, 0): 1}
    """
    steps = _walk(start, allowance, cells, blocked)[0]
    passing = set(pass_only)
    return {c: n for c, n in steps.items() if c == start or c not in passing}


def path(
    start: Hex,
    goal: Hex,
    allowance: int | None = None,
    *,
    cells: Collection[Hex] | None = None,
    blocked: Collection[Hex] = (),
) -> list[Hex] | None:
    """A shortest walk from ``start`` to ``goal`` avoiding ``blocked`` cells (both ends included), or
    ``None`` when there is none within ``allowance`` steps (seed 002 L191: an EXIT must be reached "by a
    connected path"). Among walks of equal length the one first in :data:`DIRECTIONS` order is taken.

    >>> path((0, 0), (2, 0), blocked={(1, 0)}, cells=hexagon(2))
    [(0, 0), (0, 1), (1, 1), (2, 0)]
    >>> path((0, 0), (2, 0), 1) is None
    True
    """
    steps, parent = _walk(start, allowance, cells, blocked, goal=goal)
    if goal not in steps:
        return None
    out = [goal]
    while out[-1] != start:
        out.append(parent[out[-1]])
    return out[::-1]


def _walk(
    start: Hex,
    allowance: int | None,
    cells: Collection[Hex] | None,
    blocked: Collection[Hex],
    goal: Hex | None = None,
) -> tuple[dict[Hex, int], dict[Hex, Hex]]:
    """Breadth-first steps from ``start`` (and each cell's parent), stopping at ``goal`` if given."""
    if allowance is None and cells is None:
        raise ValueError("an open grid needs a movement allowance: give allowance=, cells= or both")
    if allowance is not None and allowance < 0:
        raise ValueError(f"a movement allowance is at least 0, not {allowance}")
    on_map = None if cells is None else (cells if isinstance(cells, set | frozenset) else set(cells))
    if on_map is not None and start not in on_map:
        raise ValueError(f"{start} is not a cell of the map: a piece off the map enters from a cell of it")
    stop = set(blocked)
    steps = {start: 0}
    parent: dict[Hex, Hex] = {}
    todo = deque([start])
    while todo and goal not in steps:
        cell = todo.popleft()
        n = steps[cell]
        if allowance is not None and n >= allowance:
            continue
        for nxt in neighbours(cell):
            if nxt in steps or nxt in stop or (on_map is not None and nxt not in on_map):
                continue
            steps[nxt] = n + 1
            parent[nxt] = cell
            todo.append(nxt)
    return steps, parent


# -------------------------------------------------------------- offset rows
def from_offset(row: int, col: int, offset: Offset = "odd-r") -> Hex:
    """The axial cell of a printed map's ``row`` and ``col`` (both from 0, row 0 at the top).

    In an offset map every row has its cells side by side; ``"odd-r"``: odd rows are shoved half a
    cell to the right, ``"even-r"``: even rows are.

    >>> from_offset(0, 0), from_offset(1, 0), from_offset(2, 0), from_offset(1, 0, "even-r")
    ((0, 0), (0, 1), (-1, 2), (-1, 1))
    """
    shove = row & 1 if offset == "odd-r" else -(row & 1)
    return col - (row - shove) // 2, row


def to_offset(cell: Hex, offset: Offset = "odd-r") -> tuple[int, int]:
    """``(row, col)`` of an axial cell on an offset map: the inverse of :func:`from_offset`.

    >>> to_offset((-1, 2)), to_offset(from_offset(5, 3, "even-r"), "even-r")
    ((2, 0), (5, 3))
    """
    q, r = cell
    shove = r & 1 if offset == "odd-r" else -(r & 1)
    return r, q + (r - shove) // 2


def reading_key(cell: Hex) -> tuple[int, int]:
    """Sorts cells "left to right, then top to bottom, as when reading a book" (seed 002 L113): by row, then by
    how far right the cell's centre is (in half cells), the same on an offset map whatever its shove.

    >>> sorted([(0, 1), (-1, 1), (1, 0)], key=reading_key)
    [(1, 0), (-1, 1), (0, 1)]
    """
    q, r = cell
    return r, 2 * q + r


def reading_order(cells: Iterable[Hex]) -> list[Hex]:
    """The cells in reading order (:func:`reading_key`): top row first, each row left to right.

    >>> reading_order([from_offset(1, 0), from_offset(0, 1), from_offset(0, 0)]) == [
    ...     from_offset(0, 0), from_offset(0, 1), from_offset(1, 0)]
    True
    """
    return sorted(cells, key=reading_key)


def footprint_reading_key(cells: Iterable[Hex]) -> tuple[int, int]:
    """Where a piece covering ``cells`` comes in reading order: at its top-left-most cell (its first in
    reading order), so pieces of several cells sort among single cells.

    >>> pieces = {"big": [(2, 0), (1, 1)], "small": [(0, 1)]}
    >>> sorted(pieces, key=lambda p: footprint_reading_key(pieces[p]))
    ['big', 'small']
    """
    return min(reading_key(c) for c in cells)


# -------------------------------------------------------------- footprints
def rotate(cell: Hex, turns: int) -> Hex:
    """``cell`` turned about the origin ``turns`` sixths of a turn clockwise on the page (negative: anticlockwise).

    >>> rotate((1, 0), 1), rotate((1, 0), 2), rotate((1, 0), -1), rotate((2, -1), 6)
    ((0, 1), (-1, 1), (1, -1), (2, -1))
    """
    q, r = cell
    for _ in range(turns % 6):
        q, r = -r, q + r
    return q, r


def footprint(shape: Iterable[Hex], anchor: Hex, orientation: int = 0) -> tuple[Hex, ...]:
    """The cells a piece of ``shape`` covers with its anchor on ``anchor``, turned ``orientation`` sixths
    clockwise; in reading order. ``shape`` lists the piece's cells relative to its anchor, which is ``(0, 0)``
    (seed 002 L209: "most minions cover one cell, others cover two or more").

    >>> footprint([(0, 0), (1, 0)], (3, 3)), footprint([(0, 0), (1, 0)], (3, 3), 1)
    (((3, 3), (4, 3)), ((3, 3), (3, 4)))
    """
    return tuple(reading_order(add(anchor, rotate(c, orientation)) for c in shape))


def fits(cells: Iterable[Hex], board: Collection[Hex], occupied: Collection[Hex] = ()) -> bool:
    """Whether a piece covering ``cells`` lies wholly on ``board`` and on no ``occupied`` cell.

    >>> board = hexagon(1)
    >>> fits(footprint([(0, 0), (1, 0)], (0, 0)), board), fits(footprint([(0, 0), (1, 0)], (1, 0)), board)
    (True, False)
    >>> fits([(0, 0)], board, occupied={(0, 0)})
    False
    """
    taken = set(occupied)
    return all(c in board and c not in taken for c in cells)


def placements(
    shape: Iterable[Hex], board: Collection[Hex], occupied: Collection[Hex] = ()
) -> dict[tuple[Hex, ...], tuple[Hex, int]]:
    """Every distinct set of cells a piece of ``shape`` can cover on ``board`` (not on ``occupied``), each with
    the first ``(anchor, orientation)`` that gives it, anchors in reading order; in that order.

    >>> len(placements([(0, 0), (1, 0)], hexagon(1)))  # the 12 inner edges of a 7-cell hexagon
    12
    >>> placements([(0, 0)], {(0, 0), (1, 0)}, occupied={(1, 0)})
    {((0, 0),): ((0, 0), 0)}
    """
    cells = tuple(shape)
    out: dict[tuple[Hex, ...], tuple[Hex, int]] = {}
    for anchor in reading_order(board):
        for turn in range(6):
            covered = footprint(cells, anchor, turn)
            if covered not in out and fits(covered, board, occupied):
                out[covered] = (anchor, turn)
    return out


def border(cells: Iterable[Hex]) -> list[Hex]:
    """The cells outside a footprint that share a border with it, in reading order: where a piece stands
    to be adjacent to it (seed 002 L81: a melee target is an enemy "whose area has a common border with
    your cell").

    >>> len(border([(0, 0)])), len(border([(0, 0), (1, 0)]))
    (6, 8)
    """
    inside = set(cells)
    return reading_order({n for c in inside for n in neighbours(c)} - inside)


def footprints_adjacent(a: Iterable[Hex], b: Iterable[Hex]) -> bool:
    """Whether two pieces touch: they cover no cell in common and some cell of one shares a border with one
    of the other.

    >>> footprints_adjacent([(0, 0), (1, 0)], [(2, 0)]), footprints_adjacent([(0, 0)], [(2, 0)])
    (True, False)
    >>> footprints_adjacent([(0, 0), (1, 0)], [(1, 0)])  # they overlap
    False
    """
    first, second = set(a), set(b)
    if first & second:
        return False
    return any(n in second for c in first for n in neighbours(c))


def footprint_distance(a: Iterable[Hex], b: Iterable[Hex]) -> int:
    """The fewest steps between a cell of one piece and a cell of the other on an open grid (0: they overlap,
    1: they are adjacent).

    >>> footprint_distance([(0, 0), (1, 0)], [(4, 0)]), footprint_distance([(0, 0)], [(0, 0), (5, 5)])
    (3, 0)
    """
    second = list(b)
    return min(distance(x, y) for x in a for y in second)
