"""The playout invariants over a fixed list of seeds: 200 random memory games, every time the same.

Game ``seed`` has 2-4 players and 1-6 pairs (by the seed: random play on the default 28 pairs takes
some 1500 flips) and is played by a random agent seeded with it. Every game is checked at its end
(untraced, as the checks at the end need no trace); every 10th game is traced and checked at each of
its first decisions too, the trace with it. Hypothesis explores the options in test_properties.py.
"""

import random

import pytest

import tabletop as tt
from tabletop.testing import check_tracing_off_matches, checked_playout

RB = tt.rulebook("memory")
SEEDS = range(200)
DEEP = 10  # every DEEP-th game is checked at every decision ...
DEEP_DECISIONS = 60  # ... of its first DEEP_DECISIONS


def spec(seed: int) -> dict:
    return {"seed": seed, "players": 2 + seed % 3, "pairs": 1 + seed % 6}


@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_random_games_keep_the_invariants_and_score_every_pair(seed):
    """Zones, trace, JSON round trip, replay, clones; every pair is scored and the best score wins."""
    deep = seed % DEEP == 0
    game = RB.new_game(tracing=deep, **spec(seed))
    checked_playout(game, random.Random(seed), every_decision=DEEP_DECISIONS if deep else 0)
    assert game.over
    scores = game.result["scores"]
    assert sum(scores.values()) == spec(seed)["pairs"]
    best = max(scores.values())
    assert game.result["winners"] == [int(p) for p, s in scores.items() if s == best]


@pytest.mark.parametrize("seed", SEEDS[5::DEEP])
def test_seeded_games_play_alike_traced_and_untraced(seed):
    check_tracing_off_matches(RB, spec(seed), random.Random(seed))
