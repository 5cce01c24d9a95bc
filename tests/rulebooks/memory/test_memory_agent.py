"""The memory computer opponent (games/memory/agent.py): it remembers what was shown, and nothing else.

000_7fc8e0fd1bcbc422.txt L1524 (mem.turn, mem.assume.public_flip): a flipped card is shown to everyone, so
a player may remember it; a face-down card nobody has seen is unknown to every player."""

from __future__ import annotations

import random

import pytest

import tabletop as tt
from tabletop.analysis import RandomAgent, simulate
from tabletop.games.memory import RememberingAgent
from tabletop.games.memory.game import dealt


def _after_a_mismatch(pictures):
    """Player 0 flips s00 and s01 (pictures 0 and 1: no match) and turns them back; player 1 to flip."""
    game = dealt(pictures, turn_back="player")
    game.apply("s00").apply("s01").apply("turn_back")
    assert game.decision.player == 1
    return game


def test_its_choice_does_not_depend_on_cards_nobody_has_seen():
    # the two deals agree on s00 and s01 (shown) and differ in every card still unseen
    a = _after_a_mismatch([0, 1, 2, 2, 0, 1])
    b = _after_a_mismatch([0, 1, 2, 0, 2, 1])
    for seed in range(30):
        assert RememberingAgent(recall=0.7).choose(a, 1, random.Random(seed)) == RememberingAgent(recall=0.7).choose(
            b, 1, random.Random(seed)
        )


def test_with_perfect_recall_it_takes_the_pair_it_has_seen():
    # seen so far: s00 and s04 show picture 0 (a pair), s01 picture 1 and s02 picture 2 (one card each)
    game = dealt([0, 1, 2, 2, 0, 1], turn_back="player")
    game.apply("s00").apply("s01").apply("turn_back")  # player 0: 0 and 1
    game.apply("s02").apply("s04").apply("turn_back")  # player 1: 2 and 0
    assert game.decision.player == 0
    agent = RememberingAgent(recall=1.0, seed=0)
    first = agent.choose(game, 0)
    assert first in ("s00", "s04")
    game.apply(first)
    assert agent.choose(game, 0) == ({"s00", "s04"} - {first}).pop()


def test_a_second_flip_goes_to_a_card_never_seen_when_the_twin_is_unknown():
    game = dealt([0, 1, 2, 2, 0, 1], turn_back="player")
    game.apply("s00").apply("s01").apply("turn_back")  # player 0: 0 and 1
    game.apply("s02")  # player 1 shows picture 2, whose twin nobody has seen
    for seed in range(10):
        assert RememberingAgent(recall=1.0).choose(game, 1, random.Random(seed)) in ("s03", "s04", "s05")


def test_a_good_memory_beats_a_random_player_and_a_poor_one_less_often():
    rb = tt.rulebook("memory")

    def wins(recall):
        res = simulate(rb, [RememberingAgent(recall=recall), RandomAgent()], games=100, seed=1, options={"pairs": 6})
        return res.summary()["win_rates"][0]

    strong, weak = wins(1.0), wins(0.3)
    assert strong >= 0.9 and weak < strong


def test_recall_is_a_chance():
    with pytest.raises(ValueError, match="recall is a chance"):
        RememberingAgent(recall=1.5)
