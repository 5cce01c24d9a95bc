"""One Night Ultimate Werewolf's position files: round trips over random playouts (night and day) and every
scenario, and what a broken file is told."""

import random

import pytest

import tabletop as tt
from tabletop.games.one_night_werewolf.game import SCENARIOS
from tabletop.testing import check_position_error

RB = tt.rulebook("one_night_werewolf")
HEAD = 'format = "tabletop.position/1"\nrulebook = "one_night_werewolf"\n'
CARDS = (
    '[[players]]\ncard = "robber"\n[[players]]\ncard = "werewolf"\n[[players]]\ncard = "villager"\n'
    '[[centre]]\ncard = "seer"\n[[centre]]\ncard = "werewolf"\n[[centre]]\ncard = "troublemaker"\n'
)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_every_scenario_round_trips(name):
    game = SCENARIOS[name].build()
    loaded = tt.load_position(game.to_position())
    assert loaded.fingerprint() == game.fingerprint()
    assert loaded.legal() == game.legal()


@pytest.mark.parametrize("seed", range(40))
def test_round_trip_at_every_decision_of_random_playouts(seed):
    """At every decision of a playout (each night call, each vote) the written position loads back alike."""
    rng = random.Random(seed)
    game = RB.new_game(seed=seed, players=3 + seed % 8)
    while not game.over:
        loaded = tt.load_position(game.to_position())
        assert loaded.fingerprint() == game.fingerprint()
        assert loaded.legal() == game.legal()
        game.play(rng.randrange(len(game.legal())))


BAD = [
    ("unknown role", CARDS.replace('"robber"', '"rober"'), "no role 'rober' in the box (did you mean 'robber'?)"),
    ("too many", CARDS.replace('"seer"', '"werewolf"'), "3 werewolf cards, but the box has 2 (onw.components)"),
    ("wrong seat", CARDS + "[night]\n" + 'copied = {player = 7, role = "seer"}\n', "night.copied.player"),
    ("unknown field", CARDS.replace('card = "robber"', 'card = "robber"\nsen_by = [0]'), "unknown field 'sen_by'"),
]


@pytest.mark.parametrize(("what", "tail", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_names_file_line_and_field(what, tail, message):
    check_position_error(HEAD + tail, message)
