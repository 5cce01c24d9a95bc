"""The computer opponent's yardstick (game.evaluate): a position's worth by the hero's life left, the squad,
and the hand (bh.assume.win: a player whose hero dies loses)."""

from __future__ import annotations

import random

from bh import RB

from tabletop.analysis import GreedyAgent, RandomAgent, simulate
from tabletop.games.berserk_heroes import engine as E
from tabletop.games.berserk_heroes.game import evaluate


def test_a_won_game_is_worth_most_and_the_loser_least():
    decided = 0
    for seed in range(4):
        game = RB.new_game(seed=seed)
        rng = random.Random(seed)
        while not game.over:
            game.apply(rng.choice(game.legal()))
        winners = game.state.result["winners"]
        if len(winners) == 1:  # (a draw is worth 0 to both)
            assert evaluate(game.table, winners[0]) == 1000.0 and evaluate(game.table, 1 - winners[0]) == -1000.0
            decided += 1
    assert decided


def test_a_wound_to_the_enemy_hero_is_worth_a_point_and_the_score_is_zero_sum():
    game = RB.new_game(seed=1)
    before = evaluate(game.table, 0)
    assert evaluate(game.table, 1) == -before
    h = E.hero(game.table, 1)
    game.state.set_in(h, "counters", "wounds", E.wounds(game.table, h) + 3)
    assert evaluate(game.table, 0) == before + 3


def test_the_greedy_agent_with_this_yardstick_beats_a_random_player_from_either_seat():
    for seats in ((GreedyAgent(), RandomAgent()), (RandomAgent(), GreedyAgent())):
        rates = simulate(RB, list(seats), games=40, seed=1).summary()["win_rates"]
        greedy = 0 if isinstance(seats[0], GreedyAgent) else 1
        assert rates[greedy] > 0.8, rates
