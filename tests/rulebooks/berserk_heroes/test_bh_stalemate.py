"""bh.assume.stalemate: the end of a game in which nothing is left to draw and both players stop acting.

The fragment (001_240eaaff2b2d73c1.txt L1-L51) gives no end of the game; the assumed one (bh.assume.win)
needs a hero's death, so without this assumption a game whose decks ran out could only pass for ever.
"""

import random

import pytest
from bh import RB, oid

from tabletop.testing import random_playout

SCENARIOS = [s for s in RB.options["scenario"].choices if s]


def quiet_turn(game):
    """The active player passes at once (his main phase offers pass; nothing else is done)."""
    assert game.decision.kind == "action" and "pass" in game.legal()
    game.apply("pass")


def test_two_quiet_turns_with_empty_decks_end_in_a_draw():
    """bh.assume.stalemate (option stalemate=draw): the vanguard scenario has no decks; player 0 passes,
    player 1 (who has nothing) passes: the game ends, nobody wins, and the first pass warned of it."""
    game = RB.scenario("vanguard")
    assert not game.state.zone("deck:0") and not game.state.zone("deck:1")
    quiet_turn(game)
    assert not game.over and game.state.turn["player"] == 1
    warned = [r for r in game.trace.records if r["rule"] == "bh.assume.stalemate"]
    assert len(warned) == 1 and "player 1 does the same" in warned[0]["summary"]
    quiet_turn(game)
    assert game.over and game.decision is None
    assert game.result["rule"] == "bh.assume.stalemate"
    assert game.result["winners"] == [] and game.result["draw"]
    assert "both decks are empty" in game.result["reason"]


def test_a_turn_with_an_action_is_not_quiet():
    """bh.assume.stalemate: only a turn that ends in a pass and nothing else counts; player 0 plays a
    Pikeman before passing, so player 1's quiet pass is the first of the two, and player 0's next one ends it."""
    game = RB.scenario("vanguard")
    game.apply("play:" + oid(game, "Pikeman", "hand:0"))
    game.apply("pass")
    quiet_turn(game)  # player 1
    assert not game.over and game.state.turn["player"] == 0
    assert game.state.vars["quiet_passes"] == 1
    quiet_turn(game)  # player 0 could attack with the Pikeman, but passes
    assert game.over and game.result["rule"] == "bh.assume.stalemate"


def test_no_end_while_a_deck_has_cards():
    """bh.assume.stalemate needs both decks empty: in a normal deal, six turns of passing change nothing."""
    game = RB.new_game(seed=0)
    for _ in range(6):
        quiet_turn(game)
    assert not game.over and game.state.vars.get("quiet_passes", 0) == 0


def test_one_deck_with_cards_is_enough_to_go_on():
    """bh.assume.stalemate: in the constructor-chain scenario only player 0 has a deck (3 cards), so quiet
    turns do not end the game until he has drawn them all; then two quiet turns do."""
    game = RB.scenario("constructor-chain")
    turns = 0
    while game.state.zone("deck:0"):
        quiet_turn(game)
        turns += 1
        assert not game.over
    assert turns == 6  # he starts in his main phase, then draws one card in each of his next three turns
    quiet_turn(game)  # player 0's fourth turn (his last card was drawn before its main phase): the first one
    assert not game.over
    quiet_turn(game)
    assert game.over and game.result["rule"] == "bh.assume.stalemate" and game.result["draw"]


def test_most_life_option_gives_the_win_to_the_hero_with_more_life_left():
    """bh.assume.stalemate, option stalemate=most_life: player 1's hero has 3 wounds, so player 0 wins."""
    game = RB.new_game(seed=0, scenario="vanguard", stalemate="most_life")
    h1 = game.state.zone("hero:1")[0]
    game.state.set_in(h1, "counters", "wounds", 3)
    quiet_turn(game)
    quiet_turn(game)
    assert game.over and game.result["winners"] == [0] and not game.result["draw"]
    assert "(20 against 17)" in game.result["reason"]


def test_most_life_option_names_the_winner_s_life_first():
    """bh.assume.stalemate, option stalemate=most_life: player 0's hero has 2 wounds, so player 1 wins 20 to 18."""
    game = RB.new_game(seed=0, scenario="vanguard", stalemate="most_life")
    game.state.set_in(game.state.zone("hero:0")[0], "counters", "wounds", 2)
    quiet_turn(game)
    quiet_turn(game)
    assert game.result["winners"] == [1]
    assert game.result["reason"].endswith("the hero of player 1 has more life left (20 against 18)")


def test_most_life_option_with_equal_life_is_a_draw():
    """bh.assume.stalemate, option stalemate=most_life: equal life left is a draw."""
    game = RB.new_game(seed=0, scenario="vanguard", stalemate="most_life")
    quiet_turn(game)
    quiet_turn(game)
    assert game.over and game.result["winners"] == [] and game.result["draw"]


def test_off_option_keeps_the_game_going():
    """bh.assume.stalemate, option stalemate=off: quiet turns with empty decks never end the game."""
    game = RB.new_game(seed=0, scenario="vanguard", stalemate="off")
    for _ in range(6):
        quiet_turn(game)
    assert not game.over and "quiet_passes" not in game.state.vars


@pytest.mark.parametrize("scenario", ["", *SCENARIOS])
def test_random_games_with_99_life_heroes_all_end(scenario):
    """bh.assume.stalemate + bh.assume.win: with 99-life heroes random play used to pass for ever once the
    decks and hands ran dry (37 of 60 deals); now every game ends, by a death or by the stalemate rule,
    well before the step cap."""
    seeds = range(20) if not scenario else range(5)
    for seed in seeds:
        game = RB.new_game(seed=seed, hero_life=99, **({"scenario": scenario} if scenario else {}))
        random_playout(game, random.Random(seed), max_steps=5_000)
        assert game.over, f"seed {seed} scenario {scenario!r} did not end"
        assert game.result["rule"] in ("bh.assume.win", "bh.assume.stalemate")
