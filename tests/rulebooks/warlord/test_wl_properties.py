"""Property tests over a fixed list of seeded random Warlord games of 2, 3 and 4 players (tabletop.testing's
invariants and the rulebook's own): every game ends with a result, zones and trace hold, JSON and replay
reproduce the position, clones are independent, tracing changes nothing, hidden hands and decks stay hidden,
objects are conserved, and at every decision each formation is legal (L46-L47/L210-L211) unless the open
decision is that player's own reform (L48/L212: nothing else happens before it), and no dead character is
left in play (L68/L238)."""

import random

import pytest
from wl import RB, A

from tabletop.testing import (
    check_invariants,
    check_tracing_off_matches,
    check_views_hide,
    checked_playout,
    random_playout,
)

SEEDS = [0, 1, 2, 3, 5, 8]
VARIANTS = [
    {},
    {"reform_jump": "one", "reform_order": "back_first", "reform_cost": "once", "reform_players": "seat"},
    {"later_strikes": "any_rank", "ranged_reach": "up_to_2", "hit_spends": True, "initiative_ties": "all"},
    {
        "react_rounds": "once",
        "last_two": "initiative",
        "becomes_strikes": "all",
        "enter": "spent",
        "draw_discard": "none",
    },
]
ENDS = {"wl.victory", "wl.assume.simultaneous", "wl.assume.turn_limit"}


class Watch:
    """At every step: the zones are declared, no object appears or vanishes, every formation is legal unless its
    player is reforming it at the open decision, and no dead character stands in an army."""

    def __init__(self, game):
        self.ids = set(game.state.objects)

    def __call__(self, game):
        t = game.table
        A.ZONES.check(t)
        assert set(game.state.objects) == self.ids, "an object appeared or vanished"
        dec = game.state.decision
        if dec is None:
            return
        for p in A.players_in(t):
            assert not any(A.dead(t, o) for o in A.army(t, p)), "a dead character stands in an army"
            if A.illegal(t, p):
                resume = dec["resume"]
                reforming = resume[0] == "wl.reformed" or (
                    resume[0] == "wl.reacted" and resume[1]["event"] == {"type": "reform", "player": p}
                )
                assert dec["player"] == p and reforming, f"player {p}'s illegal formation waits at {dec['kind']}"


GAMES = [(n, seed, 0) for n in (2, 3, 4) for seed in SEEDS] + [
    (n, s, v) for v in range(1, len(VARIANTS)) for n, s in ((2, 0), (3, 1), (4, 2))
]


@pytest.mark.parametrize("players, seed, variant", GAMES)
def test_random_games_play_to_the_end_keeping_the_invariants(players, seed, variant):
    game = RB.new_game(seed=seed, players=players, **VARIANTS[variant])
    random_playout(game, random.Random(seed), max_steps=20_000, on_step=Watch(game))
    assert game.over, "a random game did not end in 20000 choices"
    assert game.result["rule"] in ENDS and set(game.result["winners"]) <= set(range(players))
    check_invariants(game)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_invariants_at_each_decision_of_the_first_ones(players):
    """check_invariants (zones, trace, round trips, replay, clones) at each of the first 30 decisions."""
    checked_playout(RB.new_game(seed=players, players=players), random.Random(players), every_decision=30)


@pytest.mark.parametrize("players, seed", [(2, 0), (3, 1), (4, 2)])
def test_tracing_off_plays_the_same_game(players, seed):
    check_tracing_off_matches(RB, {"seed": seed, "players": players}, random.Random(seed))


def _hidden(viewer, zone):
    """The decks are seen by nobody (wl.assume.setup: shuffled), a hand by its owner only."""
    return zone.startswith("deck:") or (zone.startswith("hand:") and zone != f"hand:{viewer}")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_hands_and_decks_stay_hidden_in_views_and_boards(players):
    game = RB.new_game(seed=players, players=players)
    rng = random.Random(players)
    for stop in (0, 40, 80, 120):
        random_playout(game, rng, max_steps=40 if stop else 0)
        if game.over:
            break
        check_views_hide(game, _hidden)


def test_the_games_differ_between_seeds():
    """(The seeds are not all one game.)"""
    lengths = {len(random_playout(RB.new_game(seed=s), random.Random(s)).history) for s in SEEDS[:4]}
    assert len(lengths) > 1
