"""The playout invariants over a fixed list of seeds: 200 random One Night Ultimate Werewolf games.

Game ``seed`` has 3-10 players (by the seed) and is played by a random agent seeded with it. Every game
is checked at its end (untraced, as the checks at the end need no trace); every 10th game is traced and
checked at each of its decisions too, the trace with it. Hypothesis explores role sets and the options
in test_onw_properties.py.
"""

import random
from collections import Counter

import pytest
from test_onw_properties import RB, oracle

from tabletop.games.one_night_werewolf.game import role_of, seat
from tabletop.testing import check_tracing_off_matches, checked_playout

SEEDS = range(200)
DEEP = 10  # every DEEP-th game is checked at every decision


def spec(seed: int) -> dict:
    return {"seed": seed, "players": 3 + seed % 8}


@pytest.mark.parametrize("seed", SEEDS)
def test_seeded_random_games_keep_the_invariants_and_the_texts_win_conditions(seed):
    """Zones, trace, JSON round trip, replay, clones; cards conserved; the winners by L229-233."""
    deep = seed % DEEP == 0
    game = RB.new_game(tracing=deep, **spec(seed))
    checked_playout(game, random.Random(seed), every_decision=1_000 if deep else 0)
    assert game.over
    n = spec(seed)["players"]
    where = [seat(p) for p in range(n)] + ["c0", "c1", "c2"]
    assert Counter(game.state.objects[s]["role"] for s in where) == Counter(game.state.vars["roles"])
    roles = {int(p): r for p, r in game.result["roles"].items()}
    assert roles == {p: role_of(game, seat(p)) for p in range(n)}
    assert set(game.result["winners"]) == oracle(roles, set(game.result["dead"]))


@pytest.mark.parametrize("seed", SEEDS[5::DEEP])
def test_seeded_games_play_alike_traced_and_untraced(seed):
    check_tracing_off_matches(RB, spec(seed), random.Random(seed))
