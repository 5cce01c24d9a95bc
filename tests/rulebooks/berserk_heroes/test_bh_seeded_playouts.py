"""The playout invariants over a fixed list of seeds: 200 random Berserk: Heroes games, every time the same.

Game ``seed`` is set up with that seed and played by a random agent seeded with it. Every game is checked
at its end (untraced, as the checks at the end need no trace); every 10th game is traced and checked at
each of its first decisions too, the trace with it. Hypothesis explores the rulebook's options in
test_bh_properties.py; these seeds are the default game's.
"""

import random

import pytest
from test_bh_properties import RB, Conservation

from tabletop.testing import check_tracing_off_matches, checked_playout

SEEDS = range(200)
DEEP = 10  # every DEEP-th game is checked at every decision ...
DEEP_DECISIONS = 20  # ... of its first DEEP_DECISIONS (a Berserk game's replay is the slowest of all)


@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_random_games_keep_the_invariants_and_end_with_a_result(seed):
    """Zones, trace, JSON round trip, replay, clones, conservation after every step; bh.assume.win names the winner."""
    deep = seed % DEEP == 0
    game = RB.new_game(seed=seed, tracing=deep)
    checked_playout(
        game,
        random.Random(seed),
        every_decision=DEEP_DECISIONS if deep else 0,
        max_steps=3000,
        on_step=Conservation(game),
    )
    assert game.over, f"random game {seed} did not end in 3000 decisions"
    assert game.result["rule"] == "bh.assume.win"
    dead = [p for p in (0, 1) if game.state.objects[game.state.zone(f"hero:{p}")[0]]["statuses"].get("dead")]
    assert dead and sorted({0, 1} - set(dead)) == game.result["winners"]


@pytest.mark.parametrize("seed", SEEDS[5::DEEP])
def test_seeded_games_play_alike_traced_and_untraced(seed):
    check_tracing_off_matches(RB, {"seed": seed}, random.Random(seed))
