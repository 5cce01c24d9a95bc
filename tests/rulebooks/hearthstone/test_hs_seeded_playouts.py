"""The playout invariants over a fixed list of seeds: 200 random Hearthstone games, every time the same.

Game ``seed`` is set up with that seed and played by a random agent seeded with it. Every game is checked
at its end (untraced, as the checks at the end need no trace); every 10th game is traced and checked at
each of its first decisions too, the trace with it. Hypothesis explores the rulebook's options in
test_hs_properties.py; these seeds are the default game's.
"""

import random

import pytest
from test_hs_properties import RB, Bounds

from tabletop.games.hearthstone import engine as E
from tabletop.testing import check_tracing_off_matches, checked_playout

SEEDS = range(200)
DEEP = 10  # every DEEP-th game is checked at every decision ...
DEEP_DECISIONS = 40  # ... of its first DEEP_DECISIONS


@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_random_games_keep_the_invariants_and_end_with_a_result(seed):
    """Zones, trace, JSON round trip, replay, clones, Bounds after every step; hs.win: a hero at 0 loses."""
    deep = seed % DEEP == 0
    game = RB.new_game(seed=seed, tracing=deep)
    checked_playout(
        game, random.Random(seed), every_decision=DEEP_DECISIONS if deep else 0, max_steps=3000, on_step=Bounds(game)
    )
    assert game.over  # random play always ends (fatigue at the latest)
    assert game.result["rule"] in ("hs.win", "hs.assume.draw_game")
    losers = [p for p in (0, 1) if E.health_of(game.table, E.hero(game.table, p)) <= 0]
    assert losers and sorted(set((0, 1)) - set(losers)) == game.result["winners"]


@pytest.mark.parametrize("seed", SEEDS[5::DEEP])
def test_seeded_games_play_alike_traced_and_untraced(seed):
    check_tracing_off_matches(RB, {"seed": seed}, random.Random(seed))
