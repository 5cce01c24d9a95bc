"""Heroes of the Mists' position files: a random game written at any decision reads back to the same position
(tabletop.testing.check_position_round_trip), a hand-written one plays by the rules, and bad input is named."""

import random

import pytest
from gw2 import RB

import tabletop as tt
from tabletop.testing import check_position_error, check_position_round_trip

HEAD = 'format = "tabletop.position/1"\nrulebook = "gw2_heroes_of_the_mists"\n'
BOARD = """
[turn]
player = 0
step = "main"

[[players]]
stamina = 3
start = 1
turns = 3

[[players]]
stamina = 3
start = 2
turns = 2

[zones]
"hero:0" = [{id = "c1", card = "guardian", kind = "hero"}]
"hero:1" = [{id = "c2", card = "necromancer", kind = "hero", wounds = 78}]
"table:0" = [{id = "c3", card = "bandit_thug", active = true, attacks = 0, taunt = false}]
"deck:0" = {cards = {moa = 2}, ids = ["c4", "c5"]}
"deck:1" = {cards = {moa = 2}, ids = ["c6", "c7"]}
"""


@pytest.mark.parametrize("seed, steps", [(s, n) for s in (0, 1, 2, 3) for n in (0, 7, 25, 60, 120)])
def test_to_position_round_trip_over_random_games(seed, steps):
    """Any decision of a random game (the opening's replacement, an action) is written and read back to the same
    fingerprint, options and decision, and plays on the same."""
    check_position_round_trip(RB.new_game(seed=seed, tracing=bool(seed % 2)), random.Random(seed), steps)


def test_a_hand_written_position_is_played_by_the_rules():
    """L129: an active minion attacks the opponent's hero; L126: at 80 damage that hero loses."""
    game = tt.load_position(HEAD + BOARD, name="attack.toml")
    assert game.decision.kind == "action" and "attack:c3>c2" in game.legal()
    game.apply("attack:c3>c2")
    assert game.over and game.result["winners"] == [0]


def test_bad_input_is_named():
    check_position_error(HEAD + BOARD.replace('"deck:0" = {cards = {moa', '"deck:0" = {cards = {mao'), "no card 'mao'")
    check_position_error(HEAD + BOARD.replace('card = "bandit_thug"', 'card = "bandit"'), "no card 'bandit'")
    check_position_error(HEAD + BOARD.replace('"c4", "c5"', '"c4"'), "1 ids for the deck's 2 cards")
