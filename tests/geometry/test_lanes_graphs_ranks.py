"""Lanes (tabletop.core.lanes), graph boards (tabletop.core.graphs) and ranks (tabletop.core.ranks): properties,
and the rules they serve (Minion Masters and Paragon, seed 000; Warlord, seed 004)."""

from __future__ import annotations

import itertools

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core import graphs, hexes, ranks
from tabletop.core.lanes import Lanes

FIELD = Lanes({"left": 7, "mid": 9, "right": 7}, bridges=[(("left", 3), ("mid", 4)), (("mid", 4), ("right", 3))])
positions = st.sampled_from(FIELD.positions())


# ---------------------------------------------------------------- lanes
@given(a=positions, b=positions, c=positions)
def test_lane_distance_is_a_metric(a, b, c):
    d = FIELD.distance
    assert d(a, b) == d(b, a) and (d(a, b) == 0) == (a == b)
    assert d(a, c) <= d(a, b) + d(b, c)


@given(a=positions)
def test_neighbours_are_one_step_and_the_lane_graph_agrees(a):
    assert all(FIELD.distance(a, n) == 1 for n in FIELD.neighbours(a))
    g = FIELD.graph()
    assert set(g.neighbors(a)) == set(FIELD.neighbours(a))
    lengths = nx.single_source_shortest_path_length(g, a)
    assert lengths == FIELD.steps_from(a)


@given(a=positions, steps=st.integers(-12, 12))
def test_moving_along_stays_on_the_lane_and_never_passes_a_blocker(a, steps):
    end = FIELD.move(a, steps)
    lane, i = a
    assert end[0] == lane and end[1] == max(0, min(FIELD.lengths[lane] - 1, i + steps))
    blockers = {(lane, j) for j in range(FIELD.lengths[lane]) if j % 3 == 0} - {a}
    stopped = FIELD.move(a, steps, blocked=blockers)
    hit = FIELD.first_blocked(a, steps, blockers)
    assert stopped not in blockers
    if hit is None:
        assert stopped == end
    else:
        assert abs(hit[1] - stopped[1]) == 1 and FIELD.distance(a, stopped) < FIELD.distance(a, hit)


def test_a_bridge_is_one_step_between_lanes():
    """Seed 000 L7: bridges; L5: the Masters on podiums at the two ends of the field."""
    assert FIELD.distance(("left", 3), ("mid", 4)) == 1
    assert FIELD.distance(("left", 0), ("right", 0)) == 3 + 1 + 1 + 3
    assert FIELD.distance(("left", 0), ("right", 0), blocked={("mid", 4)}) is None
    start, end = FIELD.ends("mid")
    assert FIELD.distance(start, end) == 8
    with pytest.raises(ValueError, match="not a position"):
        Lanes({"a": 2}, bridges=[(("a", 0), ("b", 0))])
    with pytest.raises(ValueError, match="not a position"):
        FIELD.move(("top", 0), 1)


def test_lanes_are_values():
    same = Lanes({"left": 7, "mid": 9, "right": 7}, [(("left", 3), ("mid", 4)), (("mid", 4), ("right", 3))])
    assert same == FIELD and hash(same) == hash(FIELD) and list(FIELD) == ["left", "mid", "right"]
    assert Lanes({"left": 7}) != Lanes({"left": 8})


def test_the_pieces_ahead_are_nearest_first():
    pieces = {"orc": ("mid", 6), "elf": ("mid", 2), "imp": ("left", 5), "ogre": ("mid", 3)}
    assert FIELD.ahead(("mid", 1), 5, pieces) == ["elf", "ogre", "orc"]
    assert FIELD.ahead(("mid", 7), -5, pieces) == ["orc", "ogre", "elf"]


# ---------------------------------------------------------------- graph boards
def agora() -> nx.Graph:
    """A toy of Paragon's map (seed 000 L81, L85-L92): three lanes from each Well to the other Core."""
    g = nx.Graph()
    for lane in ("left", "mid", "right"):
        g.add_edge("well:0", f"{lane}:tower:0", length=2)
        g.add_edge(f"{lane}:tower:0", f"{lane}:tower:1", length=3 if lane == "mid" else 4)
        g.add_edge(f"{lane}:tower:1", "core:1", length=2)
    g.add_edge("left:tower:0", "jungle", length=1)
    g.add_edge("jungle", "mid:tower:1", length=1)
    return g


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(2, 12), k=st.integers(0, 5))
def test_reach_within_k_agrees_with_distances(seed, n, k):
    g = nx.gnm_random_graph(n, 2 * n, seed=seed)
    for start in g.nodes:
        near = graphs.within(g, start, k)
        lengths = nx.single_source_shortest_path_length(g, start)
        assert near == {v: d for v, d in sorted(lengths.items(), key=lambda x: (x[1], x[0])) if d <= k}
        for v in g.nodes:
            walk = graphs.shortest_path(g, start, v)
            assert (walk is None) == (v not in lengths)
            if walk is not None:
                assert len(walk) - 1 == lengths[v] == graphs.distance(g, start, v)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(3, 12), blocked=st.sets(st.integers(0, 11), max_size=4))
def test_walks_never_enter_a_blocked_place(seed, n, blocked):
    g = nx.gnm_random_graph(n, 2 * n, seed=seed)
    blocked &= set(g.nodes) - {0}
    for v in g.nodes:
        walk = graphs.shortest_path(g, 0, v, blocked=blocked)
        if walk is not None:
            assert not set(walk) & blocked
            assert all(g.has_edge(a, b) for a, b in itertools.pairwise(walk))
        assert (walk is not None) == (v in graphs.within(g, 0, n, blocked=blocked))
    assert all(not set(c) & blocked for c in graphs.components(g, blocked))


def test_towers_block_a_lane_and_weights_count():
    """Seed 000 L95: towers destroy whoever comes under them, a walk goes round them."""
    g = agora()
    assert graphs.shortest_path(g, "well:0", "core:1") == ["well:0", "left:tower:0", "left:tower:1", "core:1"]
    assert graphs.distance(g, "well:0", "core:1", weight="length") == 2 + 1 + 1 + 2
    towers = {"left:tower:1", "mid:tower:1"}
    assert graphs.shortest_path(g, "well:0", "core:1", blocked=towers) == [
        "well:0",
        "right:tower:0",
        "right:tower:1",
        "core:1",
    ]
    assert set(graphs.within(g, "well:0", 3, weight="length")) == {
        "well:0",
        "left:tower:0",
        "mid:tower:0",
        "right:tower:0",
        "jungle",
    }
    assert graphs.neighbours(g, "jungle", blocked={"mid:tower:1"}) == ["left:tower:0"]
    with pytest.raises(ValueError, match="not a place"):
        graphs.within(g, "nowhere", 1)


def test_a_hex_map_is_a_graph_board_too():
    board = hexes.hexagon(3)
    g = nx.Graph((c, n) for c in board for n in hexes.neighbours(c) if n in board)
    for c in board:
        assert graphs.within(g, (0, 0), 3)[c] == hexes.distance((0, 0), c)
    assert graphs.within(g, (0, 0), 2, blocked={(1, 0)}) == {
        c: n for c, n in sorted(hexes.reachable((0, 0), 2, cells=board, blocked={(1, 0)}).items(), key=lambda x: x[1])
    }


# ---------------------------------------------------------------- ranks
armies = st.sampled_from("ABCD")
rank_of = st.tuples(armies, st.integers(1, 5))


@given(a=rank_of, b=rank_of, c=rank_of)
def test_rank_distance_is_a_metric_for_up_to_four_armies(a, b, c):
    assert ranks.distance(a, b) == ranks.distance(b, a) >= 0
    assert (ranks.distance(a, b) == 0) == (a == b)
    assert ranks.distance(a, c) <= ranks.distance(a, b) + ranks.distance(b, c)


@given(a=rank_of, b=rank_of)
def test_rank_distance_is_the_walk_through_the_front_ranks(a, b):
    """Seed 004 L46/L210 and L106/L276: every front rank is one from every other, ranks one behind another."""
    g = nx.Graph()
    for army in "ABCD":
        g.add_edges_from(((army, n), (army, n + 1)) for n in range(1, 5))
    g.add_edges_from(((x, 1), (y, 1)) for x in "ABCD" for y in "ABCD" if x < y)
    assert ranks.distance(a, b) == nx.shortest_path_length(g, a, b)
    assert ranks.adjacent(a, b) == g.has_edge(a, b)


def test_melee_and_ranged_reach_in_a_four_player_game():
    """Seed 004 L68/L238: melee from the front rank at an enemy's front rank; L93/L263: a ranged strike only
    across one rank, from rank 2 at rank 1 or from rank 1 at rank 2."""
    depth = {"A": 3, "B": 2, "C": 3, "D": 1}
    assert ranks.at_distance(("A", 1), 1, depth) == [("B", 1), ("C", 1), ("D", 1)]
    assert ranks.at_distance(("A", 1), 2, depth) == [("B", 2), ("C", 2)]
    assert ranks.at_distance(("A", 2), 2, depth) == [("B", 1), ("C", 1), ("D", 1)]
    assert ranks.at_distance(("A", 3), 2, depth) == []
    assert ranks.places_adjacent(("A", 2, 1), ("A", 2, 2)) and not ranks.places_adjacent(("A", 1, 1), ("B", 1, 2))
    with pytest.raises(ValueError, match="from 1"):
        ranks.distance(("A", 0), ("B", 1))


@given(sizes=st.lists(st.integers(0, 5), max_size=6))
def test_illegal_ranks_are_those_larger_than_the_rank_in_front(sizes):
    """Seed 004 L46-L47/L210-L211."""
    bad = ranks.illegal_ranks(sizes)
    assert bad == [k for k in range(2, len(sizes) + 1) if sizes[k - 1] > sizes[k - 2]]
    assert (bad == []) == all(a >= b for a, b in itertools.pairwise(sizes))
