"""One Night Ultimate Werewolf's position files: round trips over random playouts (night and day) and every
scenario, and what a broken file is told."""

import random

import pytest

import tabletop as tt
from tabletop.core import RuleError
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


def test_a_hand_written_night_is_the_dealt_game():
    """onw.deal, onw.look_own: a file that gives only the cards is the night about to begin, each player
    knowing their own card: the same position as a game whose shuffle dealt those cards."""
    from tabletop.games.one_night_werewolf.game import dealt

    game = dealt(["robber", "werewolf", "villager", "seer", "werewolf", "troublemaker"])
    loaded = tt.load_position(HEAD + CARDS)
    assert loaded.fingerprint() == game.fingerprint()
    assert loaded.legal() == game.legal() == ["view:c0", "view:c1", "view:c2", "pass"]  # onw.lone_wolf


def test_the_day_resumes_at_the_next_voter():
    """onw.vote: votes = [2] is player 0's vote for player 2; player 1 votes next, for anyone but himself."""
    game = tt.load_position(HEAD + CARDS + "[day]\nvotes = [2]\n")
    assert game.decision.player == 1
    assert game.legal() == ["vote:0", "vote:2"]
    assert game.table.state.vars["_votes"] == {"0": 2}
    begins = tt.load_position(HEAD + CARDS + "[day]\n")
    assert begins.decision.player == 0 and begins.legal() == ["vote:1", "vote:2"]


def test_a_game_still_being_dealt_has_no_position():
    """onw.deal: while the shuffle's chance decisions are open (chance="manual") no card is dealt yet."""
    game = RB.new_game(seed=1, players=3, chance="manual")
    assert game.decision.kind == "shuffle"
    with pytest.raises(RuleError, match="still being dealt"):
        game.to_position()


BAD = [
    (
        "unknown role",
        CARDS.replace('"robber"', '"rober"'),
        "line 4, field players[0].card: no role 'rober' in the box (did you mean 'robber'?)",
    ),
    (
        "too many",
        CARDS.replace('"seer"', '"werewolf"'),
        "line 12, field centre[1].card: 3 werewolf cards, but the box has 2 (onw.components)",
    ),
    ("wrong seat", CARDS + "[night]\n" + 'copied = {player = 7, role = "seer"}\n', "night.copied.player"),
    ("a vote for oneself", CARDS + "[day]\nvotes = [0]\n", "player 0 cannot vote for player 0 (onw.vote)"),
    ("all votes in", CARDS + "[day]\nvotes = [1, 0, 0]\n", "3 votes: once all 3 are in they are counted"),
    ("unknown call", CARDS + '[night]\ncall = "sear"\n', "field night.call: 'sear' is not one of"),
    ("night and day", CARDS + '[night]\ncall = "seer"\n[day]\nvotes = []\n', "give [night] call or [day] votes"),
    ("two centre cards", CARDS.rsplit("[[centre]]", 1)[0], "2 centre cards; there are 3"),
    ("no doppelganger", CARDS + '[night]\ncopied = {player = 0, role = "seer"}\n', "no Doppelganger card"),
    ("no players", '[[centre]]\ncard = "seer"\n' * 3, "field players: no [[players]]"),
    ("unknown field", CARDS.replace('card = "robber"', 'card = "robber"\nsen_by = [0]'), "unknown field 'sen_by'"),
]


@pytest.mark.parametrize(("what", "tail", "message"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_names_file_line_and_field(what, tail, message):
    check_position_error(HEAD + tail, message)
