"""Marvel Champions' position files (docs/positions.md): the round trip of ``Game.to_position`` over random
games and over every built-in scenario, a hand-written position, and what a broken file is told."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop as tt
from tabletop.testing import check_position_round_trip

RB = tt.rulebook("marvel_champions")


def labels(game):
    return [(o.id, o.label) for o in game.decision.options]


@pytest.mark.parametrize("name", sorted(RB.scenarios))
def test_every_scenario_written_as_a_position_loads_back(name):
    """mc.assume.setup: each built-in scenario's game, written and loaded, has the same fingerprint, the same
    decision and the same options; played on, both stay one."""
    game = RB.scenario(name)
    loaded = tt.load_position(game.to_position())
    assert loaded.fingerprint() == game.fingerprint()
    assert labels(loaded) == labels(game)
    assert {k: v for k, v in loaded.options.items() if k != "scenario"} == {
        k: v for k, v in game.options.items() if k != "scenario"
    }
    rng = random.Random(name)
    for _ in range(20):
        if game.over:
            break
        i = rng.randrange(len(game.legal()))
        assert loaded.play(i).fingerprint() == game.play(i).fingerprint()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 250), players=st.integers(1, 3))
def test_to_position_round_trip_over_random_games(seed, steps, players):
    """A random game stopped anywhere (between actions, in an interrupt window, while a defender is chosen)
    loads to the same fingerprint and options; the next choice leads both to the same position."""
    check_position_round_trip(RB.new_game(seed=seed, players=players), random.Random(seed), steps)


HEAD = 'format = "tabletop.position/1"\nrulebook = "marvel_champions"\n'
GOOD = """
[turn]
step = "turn"

[[players]]
identity = "c1"
form = "hero"

[zones]
"play:villain" = [{card = "marauder_1", damage = 3}]
"play:scheme" = [{card = "siege_1", threat = 2}]
"play:0" = [{card = "aegis", id = "c1"}]
"play:status" = [{status = "stunned", host = "c2", owner = "scenario"}]
"hand:0" = ["haymaker"]
"enc:deck" = {cards = {marauder_thug = 2}, ids = ["c10..c11"]}
"""


def test_a_hand_written_position():
    """mc.ready, mc.status: cards enter the position ready and undamaged unless the entry says otherwise; the
    villain's stunned status card names it as its host."""
    game = tt.load_position(HEAD + GOOD, name="mine.toml")
    st_ = game.table.state
    villain = st_.zones["play:villain"][0]
    assert st_.objects[villain]["damage"] == 3
    assert st_.objects[st_.zones["play:scheme"][0]]["threat"] == 2
    (status,) = st_.zones["play:status"]
    assert st_.objects[status]["host"] == villain and st_.objects[status]["status"] == "stunned"
    assert st_.players[0]["form"] == "hero"
    assert not st_.objects["c1"]["exhausted"]
    assert st_.vars["_deck:enc"] == {"marauder_thug": 2}
    assert game.decision is not None


BAD = [
    ("misspelled field", GOOD.replace("damage = 3", "damge = 12"), "unknown field 'damge' (did you mean 'damage'?)"),
    ("wrong type", GOOD.replace("threat = 2", 'threat = "two"'), "threat: must be an integer"),
    ("unknown card", GOOD.replace('"haymaker"', '"haymakr"'), "no card 'haymakr' in marvel_champions' catalogue"),
    ("impossible damage", GOOD.replace("damage = 3", "damage = -1"), "damage: -1 is less than 0"),
    ("impossible status", GOOD.replace('"stunned"', '"asleep"'), "'asleep' is not one of 'stunned'"),
    ("unknown form", GOOD.replace('form = "hero"', 'form = "villain"'), "players[0].form: 'villain' is not one of"),
    ("an identity elsewhere", GOOD.replace('identity = "c1"', 'identity = "c9"'), "is no card id of zone play:0"),
    ("deck ids", GOOD.replace('"c10..c11"', '"c10"'), "1 ids for the deck's 2 cards"),
    ("unknown zone", GOOD.replace('"hand:0"', '"hand:7"'), "has no zone 'hand:7'"),
    ("unknown step", GOOD.replace('step = "turn"', 'step = "combat"'), "'combat' is not a step of the turn"),
]


@pytest.mark.parametrize(("what", "text", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_names_file_line_and_field(what, text, message):
    """Each problem raises PositionError naming the file, the line and the field, and saying what is wrong."""
    with pytest.raises(tt.PositionError) as caught:
        tt.load_position(HEAD + text, name="teacher.toml")
    error = caught.value
    assert error.file == "teacher.toml"
    assert error.line is not None
    assert error.field
    assert message in str(error)
