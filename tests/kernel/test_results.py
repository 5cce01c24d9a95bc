"""Game results: who won, and whether the game was a draw (no winner) or a shared win."""

from __future__ import annotations

from .toybook import game_of


def test_a_shared_win_is_not_a_draw():
    """Several players winning together (a cooperative win, a winning team) is a win for each of them."""
    game = game_of()
    game.table.end_game([1, 0], reason="the players beat the game together", rule="toy.turn")
    assert game.result["winners"] == [0, 1]
    assert game.result["draw"] is False


def test_no_winner_is_a_draw_and_one_winner_is_not():
    game = game_of()
    game.table.end_game([], reason="nobody won", rule="toy.turn")
    assert game.result["winners"] == [] and game.result["draw"] is True
    game = game_of()
    game.table.end_game([1], reason="player 1 won", rule="toy.turn")
    assert game.result["winners"] == [1] and game.result["draw"] is False


def test_a_rulebook_may_say_draw_explicitly():
    """A tie for first place that the rules call a draw, or a loss for everyone that is no draw."""
    game = game_of()
    game.table.end_game([0, 1], reason="tied", rule="toy.turn", draw=True)
    assert game.result["draw"] is True and game.result["winners"] == [0, 1]
    game = game_of()
    game.table.end_game([], reason="everyone lost", rule="toy.turn", draw=False)
    assert game.result["draw"] is False and game.result["winners"] == []
