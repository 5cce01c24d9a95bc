"""Hex grids (tabletop.core.hexes): properties of distance, neighbours, reachability, offset rows and
footprints, and the Dice Throne Missions rules they serve (seed 002)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import hexes

coord = st.integers(-30, 30)
cells = st.tuples(coord, coord)
small = st.tuples(st.integers(-4, 4), st.integers(-4, 4))
offsets = st.sampled_from(["odd-r", "even-r"])


# ---------------------------------------------------------------- distance
@given(a=cells, b=cells)
def test_distance_is_symmetric_and_zero_only_on_itself(a, b):
    assert hexes.distance(a, b) == hexes.distance(b, a) >= 0
    assert (hexes.distance(a, b) == 0) == (a == b)


@given(a=cells, b=cells, c=cells)
def test_distance_obeys_the_triangle_inequality(a, b, c):
    assert hexes.distance(a, c) <= hexes.distance(a, b) + hexes.distance(b, c)


@given(a=cells)
def test_the_six_neighbours_are_distinct_and_one_step_away(a):
    around = hexes.neighbours(a)
    assert len(set(around)) == 6
    assert all(hexes.distance(a, n) == 1 and hexes.adjacent(a, n) for n in around)
    assert all(a in hexes.neighbours(n) for n in around)  # adjacency is symmetric


@given(a=cells, n=st.integers(0, 5))
def test_rings_and_discs_hold_the_cells_at_and_within_a_distance(a, n):
    ring = hexes.ring(a, n)
    assert len(set(ring)) == len(ring) == max(1, 6 * n)
    assert all(hexes.distance(a, c) == n for c in ring)
    disc = hexes.within(a, n)
    assert len(disc) == 3 * n * (n + 1) + 1
    assert set(disc) == {c for k in range(n + 1) for c in hexes.ring(a, k)}


@given(a=cells, b=cells, turns=st.integers(-12, 12))
def test_turning_keeps_distances(a, b, turns):
    assert hexes.distance(hexes.rotate(a, turns), hexes.rotate(b, turns)) == hexes.distance(a, b)
    assert hexes.rotate(hexes.rotate(a, turns), -turns) == a


@given(a=cells, b=cells)
def test_a_line_is_a_walk_of_neighbours_as_long_as_the_distance(a, b):
    walk = hexes.line(a, b)
    assert walk[0] == a and walk[-1] == b and len(walk) == hexes.distance(a, b) + 1
    assert all(hexes.adjacent(x, y) for x, y in itertools.pairwise(walk))


# ---------------------------------------------------------------- reachability
@settings(max_examples=60, deadline=None)
@given(start=small, allowance=st.integers(0, 6))
def test_reachability_on_an_empty_board_agrees_with_distance(start, allowance):
    board = hexes.hexagon(6)
    if start not in board:
        start = (0, 0)
    got = hexes.reachable(start, allowance, cells=board)
    assert got == {c: hexes.distance(start, c) for c in board if hexes.distance(start, c) <= allowance}
    open_grid = hexes.reachable(start, allowance)  # no map: the open grid
    assert open_grid == {c: hexes.distance(start, c) for c in hexes.within(start, allowance)}


@settings(max_examples=60, deadline=None)
@given(blocked=st.sets(small, max_size=25), passing=st.sets(small, max_size=10), allowance=st.integers(0, 8))
def test_blocked_cells_are_never_reached_and_steps_are_never_shorter_than_distance(blocked, passing, allowance):
    board = hexes.hexagon(4)
    blocked -= {(0, 0)}
    got = hexes.reachable((0, 0), allowance, cells=board, blocked=blocked, pass_only=passing)
    assert (0, 0) in got
    for cell, n in got.items():
        assert cell in board and cell not in blocked
        assert cell == (0, 0) or cell not in passing
        assert hexes.distance((0, 0), cell) <= n <= allowance
        walk = hexes.path((0, 0), cell, allowance, cells=board, blocked=blocked)
        assert walk is not None and len(walk) == n + 1
        assert all(c not in blocked and c in board for c in walk)
        assert all(hexes.adjacent(x, y) for x, y in itertools.pairwise(walk))
    # passing cells only take away end points, never ways through
    through = hexes.reachable((0, 0), allowance, cells=board, blocked=blocked)
    assert {c: n for c, n in through.items() if c == (0, 0) or c not in passing} == got


def test_dark_cells_cannot_be_entered_or_crossed_unless_covered():
    """Seed 002 L70: no moving onto or through a dark cell unless a defeat tile covers it; L68: any number of
    cells, zero included; L71: through other heroes, not ending on them."""
    board = hexes.rectangle(3, 5)
    row = [hexes.from_offset(1, c) for c in range(5)]
    wall = {hexes.from_offset(r, 2) for r in range(3)}  # a dark column cuts the map in two
    start = row[0]
    got = hexes.reachable(start, cells=board, blocked=wall)
    assert row[4] not in got and row[1] in got and got[start] == 0
    covered = wall - {hexes.from_offset(1, 2)}  # a defeat tile covers one dark cell: now a way through
    assert row[4] in hexes.reachable(start, cells=board, blocked=covered)
    hero = row[1]
    assert hero not in hexes.reachable(start, cells=board, pass_only={hero})
    assert row[3] in hexes.reachable(start, cells=board, blocked=covered, pass_only={hero})


def test_an_exit_needs_a_connected_path():
    """Seed 002 L191: the EXIT cell must be reached "by a connected path"."""
    board = hexes.hexagon(2)
    exit_cell = (2, 0)
    assert hexes.path((-2, 0), exit_cell, cells=board) is not None
    ring = set(hexes.ring(exit_cell, 1)) & board
    assert hexes.path((-2, 0), exit_cell, cells=board, blocked=ring) is None


def test_an_open_grid_needs_an_allowance():
    with pytest.raises(ValueError, match="allowance"):
        hexes.reachable((0, 0))
    with pytest.raises(ValueError, match="at least 0"):
        hexes.reachable((0, 0), -1)
    with pytest.raises(ValueError, match="not a cell of the map"):
        hexes.reachable((9, 9), cells=hexes.hexagon(1))


# ---------------------------------------------------------------- offset rows and reading order
@given(row=coord, col=coord, offset=offsets)
def test_offset_and_axial_round_trip(row, col, offset):
    cell = hexes.from_offset(row, col, offset)
    assert cell[1] == row
    assert hexes.to_offset(cell, offset) == (row, col)
    assert hexes.from_offset(*hexes.to_offset(cell, offset), offset) == cell


@given(row=st.integers(-10, 10), col=st.integers(-10, 10), offset=offsets)
def test_offset_neighbours_in_a_row_are_axial_neighbours(row, col, offset):
    here = hexes.from_offset(row, col, offset)
    assert hexes.adjacent(here, hexes.from_offset(row, col + 1, offset))
    below = [hexes.from_offset(row + 1, c, offset) for c in range(col - 1, col + 2)]
    assert sum(hexes.adjacent(here, b) for b in below) == 2  # two cells of the next row touch each cell


@given(rows=st.integers(1, 6), cols=st.integers(1, 6), offset=offsets)
def test_reading_order_of_a_printed_map_is_row_by_row_left_to_right(rows, cols, offset):
    """Seed 002 L113: "left to right, then top to bottom (as when reading a book)"."""
    board = hexes.rectangle(rows, cols, offset)
    order = [hexes.to_offset(c, offset) for c in hexes.reading_order(board)]
    assert order == [(r, c) for r in range(rows) for c in range(cols)]


def test_the_topmost_comes_first_whatever_its_column():
    """Seed 002 L224: "the topmost Scientist attacks first"."""
    top_right, lower_left = hexes.from_offset(0, 4), hexes.from_offset(1, 0)
    assert hexes.reading_order([lower_left, top_right]) == [top_right, lower_left]


# ---------------------------------------------------------------- footprints
shapes = st.lists(small, min_size=1, max_size=4, unique=True).map(lambda s: [(0, 0), *[c for c in s if c != (0, 0)]])


@given(shape=shapes, anchor=cells, turns=st.integers(0, 5))
def test_a_footprint_is_its_shape_moved_and_turned(shape, anchor, turns):
    covered = hexes.footprint(shape, anchor, turns)
    assert len(covered) == len(shape) and anchor in covered
    assert list(covered) == hexes.reading_order(covered)
    assert hexes.footprint(shape, anchor, turns + 6) == covered
    # distances inside the piece do not change when it moves or turns
    assert sorted(hexes.distance(a, b) for a in covered for b in covered) == sorted(
        hexes.distance(a, b) for a in shape for b in shape
    )


@given(a=shapes, b=shapes, at=small, turns=st.integers(0, 5))
def test_footprints_touch_exactly_when_they_are_one_apart(a, b, at, turns):
    first, second = hexes.footprint(a, (0, 0)), hexes.footprint(b, at, turns)
    assert hexes.footprints_adjacent(first, second) == (hexes.footprint_distance(first, second) == 1)
    assert hexes.footprints_adjacent(first, second) == hexes.footprints_adjacent(second, first)
    assert hexes.footprints_adjacent(first, second) == (
        not set(first) & set(second) and bool(set(hexes.border(first)) & set(second))
    )


def test_a_large_enemy_fits_where_its_cells_are_free_and_is_attacked_from_its_border():
    """Seed 002 L209: large enemies cover two or more cells; L81: a melee target's area shares a border."""
    board = hexes.hexagon(2)
    boss = [(0, 0), (1, 0), (0, 1)]
    assert hexes.fits(hexes.footprint(boss, (0, 0)), board)
    assert not hexes.fits(hexes.footprint(boss, (2, 0)), board)  # off the map
    assert not hexes.fits(hexes.footprint(boss, (0, 0)), board, occupied={(1, 0)})
    spots = hexes.placements(boss, board)
    assert all(hexes.fits(c, board) for c in spots) and len(set(spots)) == len(spots)
    assert all(hexes.footprint(boss, *where) == c for c, where in spots.items())
    covered = hexes.footprint(boss, (0, 0))
    for cell in hexes.border(covered):
        assert hexes.footprints_adjacent([cell], covered)
    # a boss placed top-left-most cell first comes in reading order at that cell (assumption A6)
    assert hexes.footprint_reading_key(covered) == hexes.reading_key((0, 0))
