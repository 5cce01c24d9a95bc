"""State graphs keep probability: the edges out of an enumerated chance state sum to 1.

Two outcomes of one chance decision that reach the same position become one edge; its
probability is the sum of theirs (0.45 + 0.45 + 0.10 stays 1, not 0.55).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop as tt
from tabletop.core import CHANCE, Profile
from tests.kernel.toybook import game_of, log

# depth explored from a game whose setup shuffles are chance decisions (chance="manual"), and from a
# position some random choices into a game (chance decisions met in play: draws, random targets)
DEPTHS = {"berserk_heroes": 2, "hearthstone": 3, "marvel_champions": 2, "memory": 2, "one_night_werewolf": 5}
LIMIT = 4_000


def chance_sums(sg: tt.analysis.StateGraph) -> dict[str, float]:
    """The summed edge probabilities of every chance state whose outcomes were all explored.

    A state short of the depth is always fully explored unless the graph was cut at its limit
    (then the one being expanded and those still waiting are left out, by their edge count).
    """
    out = {}
    for node, data in sg.graph.nodes(data=True):
        if data["to_move"] != CHANCE or data["depth"] >= sg.depth:
            continue
        edges = list(sg.graph.out_edges(node, data=True))
        explored = sum(d["multiplicity"] for *_, d in edges)
        options = len(sg.games[node].state.decision["options"])
        if explored != options:
            assert sg.truncated, f"chance state at depth {data['depth']} explored {explored} of {options} outcomes"
            continue
        out[node] = sum(d["probability"] for *_, d in edges)
    return out


@pytest.mark.parametrize("rid", sorted(DEPTHS))
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30), agent_seed=st.integers(0, 1000))
def test_every_chance_state_of_an_explored_graph_sums_to_one(rid, seed, steps, agent_seed):
    rb = tt.rulebook(rid)
    if steps == 0:  # the setup's own chance decisions (shuffles, deals)
        game = rb.new_game(seed=seed, chance="manual", tracing=False)
    else:  # some way into a game, where play meets chance
        game = rb.new_game(seed=seed, tracing=False)
        rng = random.Random(agent_seed)
        for _ in range(steps):
            if game.decision is None:
                break
            game.apply(rng.choice(game.legal()))
    sg = tt.explore(game, depth=DEPTHS[rid], limit=LIMIT)
    sums = chance_sums(sg)
    for node, total in sums.items():
        assert total == pytest.approx(1.0, abs=1e-9), f"{rid}: a chance state's edges sum to {total} ({node[:12]})"
    if steps == 0:
        assert sums, f"{rid}: the setup's chance decisions were not reached"


# ------------------------------------------------------------------ a toy coin that lands on its edge
def toss(game) -> None:
    """Heads and tails both leave the game as it was; an edge (10%) is noted."""
    game.ask(
        CHANCE,
        "toss",
        [{"id": "heads", "label": "heads"}, {"id": "tails", "label": "tails"}, {"id": "edge", "label": "edge"}],
        "toy.tossed",
        prompt="toss a coin",
        probs=[0.45, 0.45, 0.10],
    )


def tossed(game, args) -> None:
    if args["choice"]["id"] == "edge":
        log(game, "edge")


def test_two_outcomes_reaching_one_position_add_their_probabilities():
    game = game_of(Profile(), [], chance="manual", scripts={"toss": toss}, tasks={"toy.tossed": tossed})
    game.apply("go:toss")
    assert game.decision.is_chance
    sg = tt.explore(game, depth=1)
    edges = {d["option"]: d for *_, d in sg.graph.out_edges(sg.root, data=True)}
    assert set(edges) == {"heads", "edge"}  # tails reaches the position heads does: merged into its edge
    assert edges["heads"]["multiplicity"] == 2
    assert edges["heads"]["probability"] == pytest.approx(0.9)
    assert edges["edge"]["probability"] == pytest.approx(0.1)
    assert sum(d["probability"] for d in edges.values()) == pytest.approx(1.0, abs=1e-9)
    assert sg.perft == [1, 3] and sg.distinct == [1, 2]
