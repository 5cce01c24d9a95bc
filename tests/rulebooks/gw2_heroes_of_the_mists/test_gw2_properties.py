"""Property tests over a fixed list of seeded random Heroes of the Mists games (tabletop.testing's invariants and
the rulebook's own): every game ends with a result by L126 (or the empty-deck reading), zones and trace hold,
JSON and replay reproduce the position, clones are independent, tracing changes nothing, hidden hands stay
hidden, no status is ever over its limit, no dead minion stays on the table, and every card in hand is offered
or excluded by a rule."""

import random

import pytest
from gw2 import RB

from tabletop.games.gw2_heroes_of_the_mists import engine as E
from tabletop.games.gw2_heroes_of_the_mists.statuses import STATUSES
from tabletop.testing import (
    check_invariants,
    check_offered_or_excluded,
    check_tracing_off_matches,
    check_views_hide,
    checked_playout,
    random_playout,
)

SEEDS = [0, 1, 2, 3, 5, 8, 13, 21]
VARIANTS = [
    {},
    {"stamina": "pool", "counter": "printed", "might": "last"},
    {"rounding": "end", "blocked_gets_through": True, "weakness_ends": "own_attack", "zero_removes_protection": True},
    {"blind_countdown": "every_turn", "taunts": "oldest", "attacks_per_turn": 2, "counter": "none"},
    {"first_player": 1, "deck0": "necromancer", "deck1": "guardian", "empty_deck": "lose", "might_lasts": "turn"},
]
ENDS = {"gw2.win", "gw2.assume.empty_deck", "gw2.assume.stalemate"}


class Watch:
    """At every step: the zones are declared and within their limits, no object appears or vanishes, no status
    is over its limit (a non-stacking one never over 1, L135, L139, L140), and at a decision no minion on a
    table has 0 health (L127)."""

    def __init__(self, game):
        self.ids = set(game.state.objects)

    def __call__(self, game):
        E.ZONES.check(game.table)
        assert set(game.state.objects) == self.ids, "an object appeared or vanished"
        for oid, obj in game.state.objects.items():
            for name, entry in obj.get("statuses", {}).items():
                spec = STATUSES[name]
                assert entry["stacks"] >= 1 and (spec.limit is None or entry["stacks"] <= spec.limit), (oid, name)
            if obj.get("statuses"):
                assert E.in_play(game.table, oid), (oid, "a status off the table")
        if game.decision is not None and game.state.result is None:
            for p in E.PLAYERS:
                for m in E.minions(game.table, p):
                    assert E.health(game.table, m) > 0, m


GAMES = [(seed, 0) for seed in SEEDS] + [(seed, v) for v in range(1, len(VARIANTS)) for seed in SEEDS[:3]]


@pytest.mark.parametrize("seed, variant", GAMES)
def test_random_games_play_to_the_end_keeping_the_invariants(seed, variant):
    game = RB.new_game(seed=seed, **VARIANTS[variant])
    random_playout(game, random.Random(seed), max_steps=5_000, on_step=Watch(game))
    assert game.over, "a random game did not end in 5000 choices"
    assert game.result["rule"] in ENDS and set(game.result["winners"]) <= {0, 1}
    if game.result["rule"] == "gw2.assume.stalemate":
        assert game.result["winners"] == [] and not any(game.state.zone(f"deck:{p}") for p in (0, 1))
    check_invariants(game)


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_invariants_at_each_decision_of_the_first_ones(seed):
    checked_playout(RB.new_game(seed=seed), random.Random(seed), every_decision=40)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_tracing_off_plays_the_same_game(seed):
    check_tracing_off_matches(RB, {"seed": seed}, random.Random(seed))


def _hidden(viewer, zone):
    """The decks are seen by nobody, a hand by its owner only (gw2.components)."""
    return zone.startswith("deck:") or zone == f"hand:{1 - viewer}"


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_hidden_hands_stay_hidden_in_views_and_boards(seed):
    game = RB.new_game(seed=seed)
    rng = random.Random(seed)
    for stop in (0, 30, 60, 90):
        random_playout(game, rng, max_steps=30 if stop else 0)
        if game.over:
            break
        check_views_hide(game, _hidden)


def _acting(option_id):
    """The card of the hand an option plays, if any."""
    verb, _, rest = option_id.partition(":")
    return rest.split(">")[0] if verb == "play" else None


@pytest.mark.parametrize("seed", SEEDS[:3])
def test_every_card_in_hand_is_offered_or_excluded_by_a_rule(seed):
    """L108, L115: a card is played for its stamina cost; one too dear is excluded by gw2.play."""
    check_offered_or_excluded(RB, seed, lambda g, p: list(g.state.zone(f"hand:{p}")), _acting, decisions=80)


def test_the_games_differ_between_seeds():
    lengths = set()
    for seed in SEEDS[:4]:
        game = random_playout(RB.new_game(seed=seed), random.Random(seed))
        lengths.add(len(game.history))
    assert len(lengths) > 1
