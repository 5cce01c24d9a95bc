"""The memory game's position files (docs/positions.md, section Memory): the round trip of
``Game.to_position`` over random games and every scenario, a hand-written position with cards nobody
has seen (mem.assume.unseen), and what a broken file is told. Rules cite 000_7fc8e0fd1bcbc422.txt."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop as tt
from tabletop.testing import check_position_round_trip

RB = tt.rulebook("memory")


def labels(game):
    return [(o.id, o.label) for o in game.decision.options]


@pytest.mark.parametrize("name", sorted(RB.scenarios))
def test_every_scenario_written_as_a_position_loads_back(name):
    """mem.setup: each scenario's game (a first flip made, in two of them) loads to the same fingerprint,
    decision and options; played on, both stay one."""
    game = RB.scenario(name)
    loaded = tt.load_position(game.to_position())
    assert loaded.fingerprint() == game.fingerprint()
    assert labels(loaded) == labels(game) and loaded.options == game.options
    rng = random.Random(name)
    while not game.over:
        i = rng.randrange(len(game.legal()))
        assert loaded.play(i).fingerprint() == game.play(i).fingerprint()


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 60),
    players=st.integers(2, 4),
    pairs=st.integers(2, 8),
    extra=st.booleans(),
    turn_back=st.sampled_from(["at once", "player"]),
)
def test_to_position_round_trip_over_random_games(seed, steps, players, pairs, extra, turn_back):
    """A random game of any variant stopped anywhere (before a turn, after a first flip, two cards face up
    waiting to be turned back, an extra turn due: mem.extra_turn) loads to the same fingerprint and
    options; the next choice leads both to the same position."""
    game = RB.new_game(
        seed=seed, players=players, pairs=pairs, extra_turn_on_match=extra, turn_back=turn_back, first_player=0
    )
    check_position_round_trip(game, random.Random(seed), steps)


GOOD = """format = "tabletop.position/1"
rulebook = "memory"

[options]
pairs = 4

[turn]
player = 1
number = 5

[grid]
s00 = 0
s01 = "?"
s02 = 1
s03 = "?"

[pairs]
0 = [2]
1 = [{picture = 3, cards = ["s04", "s07"]}]
"""


def test_a_hand_written_position_deals_an_unseen_card_when_it_is_flipped():
    """mem.assume.unseen: the two '?' cards are the pictures left (a 0 and a 1), each a chance outcome when
    first flipped, weighted by what is left; the kept pairs are face up in their piles (mem.match)."""
    game = tt.load_position(GOOD, name="mine.toml", chance="manual")
    st_ = game.table.state
    assert st_.zones["grid"] == ("s00", "s01", "s02", "s03")
    assert st_.zones["pairs:0"] == ("s05", "s06") and st_.zones["pairs:1"] == ("s04", "s07")
    assert st_.objects["s01"]["picture"] is None and st_.turn["player"] == 1
    game.apply("s01")
    assert game.decision.player == "chance"
    assert [(o.id, o.label) for o in game.decision.options] == [("0", "picture 0"), ("1", "picture 1")]
    game.apply("1")  # the unseen card is a 1: the other '?' must be the 0 now
    assert st_.objects["s01"]["picture"] == 1 and st_.objects["s01"]["face_up"]
    game.apply("s03")
    assert [o.id for o in game.decision.options] == ["0"]
    game.apply("0")
    assert game.table.state.objects["s03"]["picture"] == 0


def test_a_new_game_has_no_unseen_card():
    """mem.setup: a new game deals every picture at set-up, so a flip is never a chance outcome."""
    game = RB.new_game(seed=4, pairs=3, chance="manual")
    while game.decision.player == "chance":
        game.apply(game.decision.options[0].id)
    assert all(o["picture"] is not None for o in game.table.state.objects.values())


BAD = [
    ("misspelled table", GOOD.replace("[grid]", "[gird]"), "unknown field 'gird' (did you mean 'grid'?)"),
    ("slot outside the grid", GOOD.replace("s03 = ", "s09 = "), "'s09' is not a slot of 8 cards"),
    ("picture out of range", GOOD.replace("s00 = 0", "s00 = 7"), "picture 7 is not one of 0 to 3"),
    ("not a picture", GOOD.replace("s00 = 0", 's00 = "zero"'), "'zero' is neither a picture"),
    ("a picture three times", GOOD.replace('s01 = "?"', "s01 = 0").replace("s02 = 1", "s02 = 0"), "picture 0 is on 3"),
    ("a card missing", GOOD.replace('s03 = "?"\n', ""), "1 unseen card(s) ('?') for the 2 card(s)"),
    ("too many of a picture", GOOD.replace("0 = [2]", "0 = [0]"), "picture 0 is on 3 cards"),
    ("a pair on the grid", GOOD.replace('"s04", "s07"', '"s00", "s07"'), "a pair is two slot ids not on the grid"),
    ("no such player", GOOD.replace("1 = [{", "5 = [{"), "'5' is not a player (0 to 1)"),
    ("whose turn", GOOD.replace("player = 1", "player = 2"), "2 is not one of 0, 1"),
    ("a slot twice", GOOD.replace('s03 = "?"', 's03 = "?"\ns03 = 1'), "line 16: not valid TOML"),
    ("a pair of three cards", GOOD.replace('"s04", "s07"', '"s04", "s07", "s06"'), "a pair is two slot ids"),
    ("a pair too many", GOOD.replace("0 = [2]", "0 = [2, 2]"), "no slot is left for this pair: 8 cards"),
    ("face up unseen", GOOD.replace('s01 = "?"', 's01 = {picture = "?", face_up = true}'), "shows its picture"),
]


@pytest.mark.parametrize(("what", "text", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_names_file_line_and_field(what, text, message):
    """Each problem raises PositionError naming the file, the line and the field, and saying what is wrong."""
    with pytest.raises(tt.PositionError) as caught:
        tt.load_position(text, name="teacher.toml")
    error = caught.value
    assert error.file == "teacher.toml" and error.line is not None
    assert message in str(error), str(error)
