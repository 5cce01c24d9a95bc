"""Property tests over random memory playouts (tabletop.testing invariants)."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop as tt
from tabletop.testing import check_invariants, check_tracing_off_matches, random_playout

RB = tt.rulebook("memory")

games = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 10_000),
        "players": st.integers(2, 4),
        "pairs": st.integers(1, 5),
        "extra_turn_on_match": st.booleans(),
    }
)


@settings(max_examples=40, deadline=None)
@given(spec=games, agent_seed=st.integers(0, 1000), stop=st.integers(0, 40))
def test_invariants_mid_game_and_at_the_end(spec, agent_seed, stop):
    game = RB.new_game(**spec)
    rng = random.Random(agent_seed)
    random_playout(game, rng, max_steps=stop)
    check_invariants(game)
    random_playout(game, rng)
    check_invariants(game)
    assert game.over
    scores = game.result["scores"]
    assert sum(scores.values()) == spec["pairs"]
    best = max(scores.values())
    assert game.result["winners"] == [int(p) for p, s in scores.items() if s == best]


@settings(max_examples=25, deadline=None)
@given(spec=games, agent_seed=st.integers(0, 1000))
def test_tracing_off_reaches_the_same_positions(spec, agent_seed):
    check_tracing_off_matches(RB, spec, random.Random(agent_seed))


@settings(max_examples=25, deadline=None)
@given(spec=games, agent_seed=st.integers(0, 1000))
def test_hidden_pictures_never_leak_into_views(spec, agent_seed):
    game = RB.new_game(**spec)
    rng = random.Random(agent_seed)
    while game.decision is not None:
        for player in range(spec["players"]):
            for oid, obj in game.view(player)["objects"].items():
                real = game.state.objects[oid]
                assert ("picture" in obj) == (real["face_up"] or not real["zone"].startswith("grid"))
        game.apply(rng.choice(game.legal()))
