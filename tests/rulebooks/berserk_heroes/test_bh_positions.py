"""Berserk: Heroes' position files (docs/positions.md, section Berserk): ``Game.to_position`` round trips
over random games and every built-in scenario, and what a broken file is told."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop as tt
from tabletop.testing import check_position_error, check_position_round_trip

RB = tt.rulebook("berserk_heroes")
HEAD = 'format = "tabletop.position/1"\nrulebook = "berserk_heroes"\n'
BOARD = (
    '[zones]\n"hero:0" = [{id = "c1", card = "hero_warrior"}]\n'
    '"hero:1" = [{id = "c2", card = "hero_mage", counters = {wounds = 17}}]\n'
)


def reloaded(game):
    return tt.load_position(game.to_position())


@pytest.mark.parametrize("name", sorted(RB.scenarios))
def test_every_scenario_written_as_a_position_loads_back(name):
    """Every built-in scenario (coins by m-id, temporary coins and their bh.520.4 effects, decks hidden by
    bh.assume.draw) loads back to the same fingerprint, the same options (the set-up's ``scenario`` aside)
    and the same moves."""
    game = RB.scenario(name)
    loaded = reloaded(game)
    assert loaded.fingerprint() == game.fingerprint()
    assert loaded.options == {**game.options, "scenario": ""}
    rng = random.Random(name)
    for _ in range(12):
        if game.over:
            break
        i = rng.randrange(len(game.legal()))
        game, loaded = game.play(i), loaded.play(i)
        assert loaded.fingerprint() == game.fingerprint()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 150), traced=st.booleans())
def test_to_position_round_trip_over_random_games(seed, steps, traced):
    """A random duel stopped at any decision (a main-phase action, a target or a chain's part inside an
    action, a chance draw) is written and read back to the same fingerprint, and plays on the same."""
    check_position_round_trip(RB.new_game(seed=seed, tracing=traced), random.Random(seed), steps)


def test_a_hand_written_position_keeps_coins_and_wounds():
    """bh.520.2: the coins in the play zone are the coins a player has, a closed one (tapped) buys nothing;
    a temporary coin (bh.520.4) keeps its tag; the wounds are the card's ``counters``."""
    text = (
        HEAD
        + BOARD
        + (
            '"play:0" = [{id = "c3", card = "pikeman"}]\n'
            '"hand:0" = [{id = "c5", card = "firebolt"}]\n'
            '"coins:0" = [{id = "m6"}, {id = "m7", tapped = true}, {id = "m8", temp = "windfall"}]\n'
        )
    )
    game = tt.load_position(text)
    st_ = game.table.state
    assert st_.zones["coins:0"] == ("m6", "m7", "m8")
    assert st_.objects["m7"]["tapped"] and st_.objects["m8"]["temp"] == "windfall"
    assert st_.objects["c2"]["counters"] == {"wounds": 17}
    assert "play:c5" in [o.id for o in game.decision.options]  # Firebolt costs 2: the two open coins
    assert reloaded(game).fingerprint() == game.fingerprint()


BAD = [
    (
        "misspelled field",
        "[turn]\nplayr = 1\n",
        "line 4, field turn.playr: unknown field 'playr' (did you mean 'player'?)",
    ),
    (
        "misspelled card field",
        BOARD + '"play:0" = [{id = "c3", card = "pikeman", taped = true}]\n',
        "field zones.\"play:0\"[0].taped: unknown field 'taped' (did you mean 'tapped'?)",
    ),
    ("wrong type", BOARD + '"play:0" = [{id = "c3", card = "pikeman", tapped = 1}]\n', 'zones."play:0"[0].tapped'),
    ("unknown card", BOARD + '"play:0" = [{id = "c3", card = "pikemann"}]\n', "no card 'pikemann' in berserk_heroes"),
    ("a coin with a card's id", BOARD + '"coins:0" = [{id = "c3"}]\n', "'c3' is not a coin's id ('m3')"),
    ("an id twice", BOARD + '"play:0" = [{id = "c1", card = "pikeman"}]\n', "'c1' is given twice"),
    (
        "negative wounds",
        BOARD + '"play:0" = [{id = "c3", card = "pikeman", counters = {wounds = -1}}]\n',
        "-1 is below 0",
    ),
    ("a hero in the squad", BOARD + '"play:0" = [{id = "c3", card = "hero_mage"}]\n', "a hero stands only in its hero"),
    ("unknown zone", '[zones]\n"squad:0" = []\n', "berserk_heroes has no zone 'squad:0'"),
    ("unknown step", '[turn]\nstep = "combat"\n', "line 4, field turn.step: 'combat' is not a step of the turn"),
    ("a deck's ids", BOARD + '"deck:0" = {cards = {pikeman = 2}, ids = ["c9"]}\n', "1 ids for the deck's 2 cards"),
    ("unknown option", "[options]\nhero_lif = 20\n", "line 4, field options.hero_lif"),
]


@pytest.mark.parametrize(("what", "tail", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_names_file_line_and_field(what, tail, message):
    """Each problem raises PositionError naming the file, the line and the field, and saying what is wrong."""
    check_position_error(HEAD + tail, message)
