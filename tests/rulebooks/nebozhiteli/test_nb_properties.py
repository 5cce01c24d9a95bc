"""Property tests over a fixed list of seeded random Nebozhiteli games (tabletop.testing's invariants and the
rulebook's own): every game ends with a result, zones and trace hold, JSON and replay reproduce the position,
clones are independent, tracing changes nothing, hidden cards stay hidden, objects are conserved, a creature in
play has a life at every decision (003 L76), and every card in hand is offered or excluded by a rule."""

import random

import pytest
from nb import RB

from tabletop.games.nebozhiteli import engine as E
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
    {"death_check": "as_soon_as"},
    {"deck_out": "refill_incomplete", "mana_from": "player", "healing_cap": "cost"},
    {"loss_summed": False, "first_strike_check": False, "armour_vs_other": True, "amulet_armour": False},
    {"split_zero": False, "actions_carry": True, "readiness_abilities": True, "thrown_weapon": "graveyard"},
    {"mana_loss_loses": False, "first_player": 1, "deck0": "crypt", "deck1": "forest", "starting_mana": 5},
]
ENDS = {"nb.deck_out", "nb.assume.win"}


class Watch:
    """At every step: the zones are declared and within their limits, no object appears or vanishes (the game
    creates none after its set-up), and under L76 (the default) each creature in play has at least one life."""

    def __init__(self, game):
        self.ids = set(game.state.objects)
        self.l76 = game.options["death_check"] == "end_of_phase" and game.options["loss_summed"]

    def __call__(self, game):
        E.ZONES.check(game.table)
        assert set(game.state.objects) == self.ids, "an object appeared or vanished"
        if self.l76 and game.decision is not None:
            for p in E.PLAYERS:
                for oid in game.state.zone(f"field:{p}"):
                    assert game.state.objects[oid]["lives"] >= 1, (oid, game.state.objects[oid])


# every seed with the default options, three seeds with each other reading
GAMES = [(seed, 0) for seed in SEEDS] + [(seed, v) for v in range(1, len(VARIANTS)) for seed in SEEDS[:3]]


@pytest.mark.parametrize("seed, variant", GAMES)
def test_random_games_play_to_the_end_keeping_the_invariants(seed, variant):
    spec = {"seed": seed, **VARIANTS[variant]}
    game = RB.new_game(**spec)
    random_playout(game, random.Random(seed), max_steps=5_000, on_step=Watch(game))
    assert game.over, "a random game did not end in 5000 choices"
    assert game.result["rule"] in ENDS and set(game.result["winners"]) <= {0, 1}
    check_invariants(game)


@pytest.mark.parametrize("seed", SEEDS[:2])
def test_invariants_at_each_decision_of_the_first_ones(seed):
    """check_invariants (zones, trace, round trips, replay, clones) at each of the first 40 decisions."""
    checked_playout(RB.new_game(seed=seed), random.Random(seed), every_decision=40)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_tracing_off_plays_the_same_game(seed):
    check_tracing_off_matches(RB, {"seed": seed}, random.Random(seed))


def _hidden(viewer, zone):
    """nb.assume.shuffle: the decks are seen by nobody; the hand and the summoning field by their owner only."""
    other = 1 - viewer
    return zone.startswith(("creatures:", "main:")) or zone in (f"hand:{other}", f"summoning:{other}")


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_hidden_cards_stay_hidden_in_views_and_boards(seed):
    game = RB.new_game(seed=seed)
    rng = random.Random(seed)
    for stop in (0, 30, 60, 90):
        random_playout(game, rng, max_steps=30 if stop else 0)
        check_views_hide(game, _hidden)


def _acting(option_id):
    """The card of the hand an option uses (equip one, use a magic card), if any."""
    verb, _, rest = option_id.partition(":")
    return rest.split(">")[0] if verb in ("equip", "cast") else None


@pytest.mark.parametrize("seed", SEEDS[:3])
def test_every_card_in_hand_is_offered_or_excluded_by_a_rule(seed):
    """Items only in the equipment phase (L47), legal ones only (L44-L46), magic only at the end of the turn
    (L78, nb.assume.magic) and with a target: each card in hand is offered, or "why not?" names the rule."""
    check_offered_or_excluded(RB, seed, lambda g, p: list(g.state.zone(f"hand:{p}")), _acting, decisions=80)


def test_the_games_differ_between_seeds():
    """(The seeds are not all one game.)"""
    lengths = set()
    for seed in SEEDS[:4]:
        game = random_playout(RB.new_game(seed=seed), random.Random(seed))
        lengths.add(len(game.history))
    assert len(lengths) > 1
