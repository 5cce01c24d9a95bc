"""The memory notebook's exercises (tabletop/games/memory/exercises.py): what their judges read off the
game, pinned against the rules they teach (000_7fc8e0fd1bcbc422.txt L1524)."""

from fractions import Fraction

import pytest

import tabletop as tt
from tabletop.games.memory.exercises import SURE_FLIPS, sure_pair_position

RB = tt.rulebook("memory")


def test_the_sure_pair_is_the_twin_every_player_saw():
    """mem.assume.public_flip and mem.match, L1524: the card to flip is the twin shown on an earlier turn."""
    game = sure_pair_position()
    first = game.state.objects[SURE_FLIPS[-1]]["picture"]
    twins = [oid for oid, o in game.state.objects.items() if o["picture"] == first and oid != SURE_FLIPS[-1]]
    assert twins == ["s00"] and "s00" in SURE_FLIPS[:-1]  # shown face up on the first turn, now face down
    assert not game.state.objects["s00"]["face_up"] and game.decision.player == 0
    assert RB.exercise("sure-pair").check((1, 1)).ok


def test_the_sure_pair_judge_tells_a_guess_from_a_misremembered_card():
    ex = RB.exercise("sure-pair")
    unseen = ex.check((2, 1)).text  # never turned over
    remembered_wrong = ex.check((1, 2)).text  # seen, but another picture
    assert "flipping it was a guess" in unseen and "the turn passes to player 1" in unseen
    assert "guess" not in remembered_wrong and "sky square" in remembered_wrong
    assert "face up already" in ex.check((2, 2)).text
    assert "no card at row 3, column 1" in ex.check((3, 1)).text


@pytest.mark.parametrize("answer", [Fraction(1, 5), "1/5", 0.2])
def test_first_match_takes_the_probability_in_any_exact_form(answer):
    """mem.setup, L1524: the shuffle's 90 deals, 18 with a pair in the first two slots."""
    assert RB.exercise("first-match").check(answer).ok
    assert "18 of the 90 deals" in RB.exercise("first-match").check(0.25).text


def test_the_house_rule_answer_flips_with_the_option():
    """mem.extra_turn and mem.house_rule, L1524: the judge plays the house rule, where player 1 moves next;
    under the official rule the same match gives player 0 another turn."""
    from tabletop.games.memory.game import dealt

    official = dealt([0, 1, 0, 1]).apply("s00").apply("s02")
    assert official.decision.player == 0
    assert RB.exercise("house-rule").check(1).ok and not RB.exercise("house-rule").check(0).ok
