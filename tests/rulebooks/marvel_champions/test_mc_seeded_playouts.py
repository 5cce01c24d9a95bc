"""The playout invariants over a fixed list of seeds: 200 random Marvel Champions games, every time the same.

Game ``seed`` is set up with that seed, for 1 or 2 players (alternately: the slowest rulebook's games are
kept small), and played by a random agent seeded with it. Every game is checked at its end (untraced, as
the checks at the end need no trace); every 10th game is traced and checked at each of its first
decisions too, the trace with it. Hypothesis explores 1-4 players and the rulebook's options in
test_mc_properties.py.
"""

import random

import pytest
from mc import RB
from test_mc_properties import END_RULES, Conservation

from tabletop.testing import check_tracing_off_matches, checked_playout

SEEDS = range(200)
DEEP = 10  # every DEEP-th game is checked at every decision ...
DEEP_DECISIONS = 25  # ... of its first DEEP_DECISIONS


def players(seed: int) -> int:
    return 1 + seed % 2


@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_random_games_keep_the_invariants_and_end_in_a_win_or_a_loss(seed):
    """Zones, trace, JSON round trip, replay, clones, conservation after every step; mc.win / mc.elimination."""
    deep = seed % DEEP == 0
    game = RB.new_game(seed=seed, players=players(seed), tracing=deep)
    checked_playout(
        game,
        random.Random(seed),
        every_decision=DEEP_DECISIONS if deep else 0,
        max_steps=6000,
        on_step=Conservation(game),
    )
    assert game.over, f"random game {seed} did not end"
    assert game.result["rule"] in END_RULES
    assert game.result["winners"] in ([], list(range(players(seed))))
    if deep:
        kernel = {r["rule"] for r in game.trace.records if r["rule"].startswith("core.")}
        assert not kernel, f"steps cite the kernel's generic rules instead of the glossary: {kernel}"


@pytest.mark.parametrize("seed", SEEDS[5::DEEP])
def test_seeded_games_play_alike_traced_and_untraced(seed):
    check_tracing_off_matches(RB, {"seed": seed, "players": players(seed)}, random.Random(seed))
