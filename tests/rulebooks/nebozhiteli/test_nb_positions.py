"""Nebozhiteli's position files: a random game written at any decision reads back to the same position
(tabletop.testing.check_position_round_trip), a hand-written one plays by the rules, and bad input is named."""

import random

import pytest
from nb import RB

import tabletop as tt
from tabletop.testing import check_position_error, check_position_round_trip

HEAD = 'format = "tabletop.position/1"\nrulebook = "nebozhiteli"\n'
BOARD = """
[turn]
player = 0
step = "attackers"

[zones]
"field:0" = [{id = "c1", card = "vale_knight", lives = 4}]
"field:1" = [{id = "c3", card = "skeleton", lives = 1}]
"creatures:0" = {cards = {ghoul = 3}, ids = ["c4", "c5", "c6"]}
"main:0" = {cards = {blessing = 3}, ids = ["c7", "c8", "c9"]}
"creatures:1" = {cards = {ghoul = 3}, ids = ["c10", "c11", "c12"]}
"main:1" = {cards = {blessing = 3}, ids = ["c13", "c14", "c15"]}
"""


@pytest.mark.parametrize("seed, steps", [(s, n) for s in (0, 1, 2, 3) for n in (0, 7, 25, 60, 120)])
def test_to_position_round_trip_over_random_games(seed, steps):
    """Any decision of a random game (an action, a block, a split, the goes of the end of the turn) is
    written and read back to the same fingerprint, options and decision, and plays on the same."""
    check_position_round_trip(RB.new_game(seed=seed, tracing=bool(seed % 2)), random.Random(seed), steps)


def test_a_hand_written_position_is_played_by_the_rules():
    """L58-L60: the Knight (4 lives) may attack; L74: unblocked, the player loses 1 mana (unarmed: L42)."""
    game = tt.load_position(HEAD + BOARD, name="attack.toml")
    assert game.decision.kind == "attack" and sorted(game.legal()) == ["pick:c1", "pick:none"]
    game.apply("pick:c1")
    game.apply("none:c3")
    assert game.state.players[1]["mana"] == 19
    # L35: player 1's turn begins, his hand of 0 cannot be refilled to 7 from 3 cards: he has run out
    assert game.result["winners"] == [0] and game.result["rule"] == "nb.deck_out"


def test_bad_positions_are_named():
    check_position_error(HEAD + '[zones]\n"feild:0" = []\n', "no zone 'feild:0' (did you mean 'field:0'?)")
    check_position_error(HEAD + '[zones]\n"field:0" = [{id = "c1", card = "dragon"}]\n', "no card 'dragon'")
    check_position_error(
        HEAD + '[zones]\n"field:0" = [{id = "c1", card = "ghoul", livs = 2}]\n', "unknown field 'livs'"
    )
    check_position_error(HEAD + '[turn]\nstep = "sumon"\n', "'sumon' is not a step of the turn")
