"""Trigger chains and state graphs over the memory rulebook (analysis through the public API)."""

import json

import networkx as nx
import pytest

import tabletop as tt
from tabletop.analysis import consequences, explore, to_graphml, to_node_link, trigger_chain, why
from tabletop.core.trace import EDGE_KINDS, NODE_KINDS
from tabletop.games.memory.game import dealt

RB = tt.rulebook("memory")


def test_trigger_chain_nodes_and_edges_carry_kinds_summaries_and_rules():
    game = RB.scenario("match-official").apply("s03")
    chain = trigger_chain(game)
    assert isinstance(chain, nx.DiGraph) and chain.number_of_nodes() == len(game.trace)
    for _, d in chain.nodes(data=True):
        assert d["kind"] in NODE_KINDS
        assert d["summary"] and d["rule"] in RB.rules
        assert d["rule_text"] == RB.rules[d["rule"]].text
    assert {d["kind"] for *_, d in chain.edges(data=True)} <= set(EDGE_KINDS)
    assert {"decision", "chance", "event", "action"} <= {d["kind"] for _, d in chain.nodes(data=True)}


def test_why_and_consequences():
    game = dealt([0, 1, 0, 1]).apply("s00").apply("s01")  # a mismatch
    chain = trigger_chain(game)
    downs = [n for n, d in chain.nodes(data=True) if d["rule"] == "mem.mismatch"]
    assert len(downs) == 2
    cause = why(chain, downs[0])
    assert [chain.nodes[n]["kind"] for n in cause] == ["decision", "event", "decision", "event", "event"]
    assert chain.nodes[cause.nodes[0]]["summary"].startswith("player 0 chose flip the card in row 1, column 1")
    first_flip = cause.nodes[1]
    after = consequences(chain, first_flip)
    assert after.nodes[0] == first_flip and set(downs) <= set(after.nodes)
    assert "is turned face down again  [mem.mismatch]" in after.text()
    with pytest.raises(KeyError, match="no step 999"):
        why(chain, 999)


def test_chain_filtered_to_kinds_links_nearest_kept_causes():
    game = dealt([0, 1, 0, 1]).apply("s00").apply("s01")
    chain = trigger_chain(game, kinds=("decision", "event"))
    assert {d["kind"] for _, d in chain.nodes(data=True)} == {"decision", "event"}
    downs = [n for n, d in chain.nodes(data=True) if d["rule"] == "mem.mismatch"]
    assert all(chain.in_degree(n) == 1 for n in downs)
    with pytest.raises(ValueError, match="unknown node kinds"):
        trigger_chain(game, kinds=("nonsense",))


def test_exports_round_trip(tmp_path):
    game = RB.scenario("match-official").apply("s03")
    chain = trigger_chain(game)
    back = nx.read_graphml(to_graphml(chain, tmp_path / "chain.graphml"))
    assert back.number_of_nodes() == chain.number_of_nodes()
    assert back.number_of_edges() == chain.number_of_edges()
    data = json.loads(json.dumps(to_node_link(chain)))
    assert len(data["nodes"]) == chain.number_of_nodes() and len(data["edges"]) == chain.number_of_edges()


def test_explore_counts_paths_and_distinct_states():
    game = dealt([0, 1, 0, 1])
    sg = explore(game, depth=2)
    # 4 first flips, then 3 second flips each: 12 sequences. They reach 3 positions: pair 0 taken
    # (player 0 to move again), pair 1 taken, or all face down with player 1 to move.
    assert sg.perft == [1, 4, 12] and sg.distinct == [1, 4, 3]
    assert game.fingerprint() == sg.root and len(game.history) == 4  # the game itself is untouched
    edge = next(iter(sg.graph.out_edges(sg.root, data=True)))[2]
    assert edge["player"] == 0 and edge["option"].startswith("s")


def test_full_enumeration_of_two_pairs_is_pinned():
    """Regression numbers (like chess perft) for memory with 2 pairs dealt [0, 1, 0, 1]."""
    sg = explore(dealt([0, 1, 0, 1]), depth=50)
    assert not sg.truncated
    # depth 4: player 0 took both pairs (game over), or player 1 took pair 0 or pair 1;
    # a mismatch by player 1 returns to the start, which is not counted again
    assert sg.distinct == [1, 4, 3, 8, 3, 4, 1]
    assert len(sg) == 24
    assert sg.perft[:8] == [1, 4, 12, 40, 104, 320, 832, 2560]
    assert sg.outcomes() == {"0": 1, "1": 1}  # the player who takes the first pair takes both
    for node in sg.terminal():
        assert sg.game(node).over


def test_chance_is_enumerated_with_probabilities():
    game = RB.new_game(seed=0, pairs=2, chance="manual")
    sg = explore(game, depth=4)
    # the deal of 2 pairs: 4!/(2!2!) = 6 layouts after 4 chance steps
    assert sg.distinct[4] == 6
    probs = [d["probability"] for *_, d in sg.graph.out_edges(sg.root, data=True)]
    assert probs == pytest.approx([0.5, 0.5])
    sampled = explore(RB.new_game(seed=0, pairs=2, chance="manual"), depth=4, chance="sample")
    # the pending draw is sampled (one edge), the rest of the shuffle with it: then 4 first flips
    assert sampled.distinct[:3] == [1, 1, 4]
    assert sampled.graph.nodes[next(iter(sampled.graph.successors(sampled.root)))]["to_move"] == 0


def test_limit_stops_cleanly():
    sg = explore(RB.new_game(seed=1, pairs=4), depth=100, limit=50)
    assert sg.truncated and len(sg) == 50 and "limit of 50" in sg.reason
    assert "Stopped early" in sg._repr_html_()


def test_information_sets_group_states_a_player_cannot_tell_apart():
    # two different deals look the same to the player before any card is flipped
    game = RB.new_game(seed=0, pairs=2, chance="manual")
    sg = explore(game, depth=4)
    fresh = [n for n, d in sg.graph.nodes(data=True) if d["depth"] == 4]
    sets = sg.information_sets(0)
    assert any(set(fresh) <= set(members) for members in sets.values())


@pytest.mark.parametrize(
    ("pictures", "perft", "distinct", "states", "outcomes"),
    [
        (
            [0, 1, 2, 0, 1, 2],
            [1, 6, 30, 168, 792, 4272, 19632],
            [1, 6, 4, 18, 9, 30, 13, 30, 10, 12, 3],
            136,
            {"0": 4, "1": 4},
        ),
        (
            [0, 1, 2, 3, 0, 1, 2, 3],
            [1, 8, 56, 432, 2928, 22080, 146880],
            [1, 8, 5, 32, 14, 72, 32, 128, 47, 128, 35, 48, 10],
            560,
            {"0": 5, "0,1": 12, "1": 5},
        ),
    ],
)
def test_memory_perft_regression_numbers(pictures, perft, distinct, states, outcomes):
    """Pinned like chess perft: any change to the memory rules or the kernel that changes play shows here.

    Depth 3 of three pairs, by hand: 6 matching sequences leave 4 cards for the same player
    (6 x 4), 24 mismatches leave 6 cards for the other player (24 x 6): 24 + 144 = 168.
    """
    game = dealt(pictures)
    assert explore(game, depth=6).perft == perft
    full = explore(game, depth=10_000)
    assert full.distinct == distinct and len(full) == states and full.outcomes() == outcomes


def test_information_sets_deeper_split_by_what_the_player_saw():
    """Before any flip the 6 deals look the same (one set of 6). After player 0's first flip
    (depth 5) the player has seen one card: 4 slots x 2 pictures = 8 sets, each holding the 3
    deals that put that picture in that slot."""
    sg = explore(RB.new_game(seed=0, pairs=2, chance="manual"), depth=5)
    sizes = sorted(len(v) for v in sg.information_sets(0).values())
    assert sizes == [3] * 8 + [6]
