"""Playing a puzzle against the computer (tabletop.analysis.puzzle_play, docs/puzzles.md "Playing a puzzle"):
the verdict of a line, the student's first mistake, and an opponent that keeps the puzzle's promise."""

from __future__ import annotations

import pytest

import tabletop as tt
from tabletop.analysis.puzzle_play import PuzzleOpponent, first_mistake, refutation_text, student_line, verdict

HS = tt.rulebook("hearthstone")
BH = tt.rulebook("berserk_heroes")


def play(puzzle: tt.Puzzle, moves: list[str], opponent: PuzzleOpponent | None = None) -> tt.Game:
    """The student's ``moves`` (forced decisions played for them), the others and chance by ``opponent``."""
    opponent = opponent or PuzzleOpponent(puzzle)
    game = puzzle.game()
    moves = list(moves)
    while game.decision is not None and not verdict(puzzle, game).over:
        dec = game.decision
        if dec.player != puzzle.player:
            game.apply(opponent.choose(game, dec.player))
        elif len(dec.options) == 1 and (not moves or moves[0] != dec.ids[0]):
            game.apply(dec.ids[0])
        elif moves:
            game.apply(moves.pop(0))
        else:
            break
    return game


def test_a_verdict_counts_the_choices_and_says_when_the_goal_is_met():
    """juggler-first (hs.order_of_play): the Juggler, then the Charger, then the Charger's attack wins in 3."""
    p = HS.puzzle("juggler-first")
    game = p.game()
    assert verdict(p, game).status is None and verdict(p, game).used == 0
    game.apply("play:c66@0")
    v = verdict(p, game)
    assert (v.status, v.used, v.message) == (None, 1, "3 choices left")
    game = play(p, ["play:c66@0", "play:c65@1", "attack:c65>c3"])  # (the knife's one target, c3, is forced)
    v = verdict(p, game)
    assert v.solved and v.over and v.used == 3 and v.message == "solved in 3 choices"


def test_a_verdict_fails_when_the_horizon_comes_or_the_choices_run_out():
    p = HS.puzzle("juggler-first")
    ended = p.game().apply("end")
    v = verdict(p, ended)
    assert v.status == "fail" and v.message == "the turn ends, and the goal is not met"
    short = tt.load_puzzle(p.text.replace("within = 4", "within = 1"), name="short.toml")
    game = short.game().apply("play:c66@0")  # the one choice made; the next decision has more than one option
    v = verdict(short, game)
    assert v.status == "fail" and "after your 1 choice the goal is not met" in v.message


def test_student_line_refuses_a_game_not_played_from_the_puzzle():
    p = HS.puzzle("juggler-first")
    other = HS.puzzle("knife-odds").game().apply("attack:c65>c66")
    with pytest.raises(ValueError, match="not played from puzzle 'juggler-first'"):
        student_line(p, other)


def test_the_first_mistake_is_the_move_after_which_the_goal_cannot_be_forced():
    """juggler-first: the Charger played first means no knife ever flies (hs.order_of_play), so that very move
    (the student's choice 0) loses the puzzle; the winning line has no mistake."""
    p = HS.puzzle("juggler-first")
    lost = p.game().apply("play:c65@0").apply("play:c66@0")
    assert first_mistake(p, lost) == (0, "play:c65@0")
    assert first_mistake(p, p.game().apply("play:c66@0").apply("play:c65@1")) is None
    # the mistake may come later: the Juggler first (still winnable), then the attack before the Charger is played
    late = p.game().apply("play:c66@0")
    assert first_mistake(p, late) is None
    late.apply("end")
    assert first_mistake(p, late) == (1, "end")


def test_chance_against_the_student_throws_the_knife_that_refutes():
    """knife-odds (hs.assume.random, chance = "all"): a Novice played while the Footman Sentry lives throws a
    knife at a random enemy; the computer plays the outcome that refutes the line, the Sentry, and says so."""
    p = HS.puzzle("knife-odds")
    game = play(p, ["play:c67@0", "play:c68@0", "attack:c65>c66", "end"])
    v = verdict(p, game)
    assert v.status == "fail"
    assert "chance chose 'Footman Sentry (c66)'" in refutation_text(p, game)
    assert first_mistake(p, game) == (0, "play:c67@0")


def test_the_right_line_wins_against_the_opponent_and_chance():
    p = HS.puzzle("knife-odds")
    game = play(p, ["attack:c65>c66", "play:c67@0", "play:c68@0"])
    assert verdict(p, game).solved


def test_the_other_player_replies_with_the_attack_that_refutes():
    """last-guard (bh.protection.spell, replies = "all"): Border Guard attacking the Warded Monk leaves the
    Pikeman alive; in player 1's turn the computer attacks the wounded hero with it, and the hero dies."""
    p = BH.puzzle("last-guard")
    game = play(p, ["attack:c3>c6", "pass"])
    v = verdict(p, game)
    assert v.status == "fail" and "the hero of player 0 died" in v.message
    assert "player 1 chose 'Pikeman (c5) attacks Hero-Warrior Brand (c1)'" in refutation_text(p, game)
    solution = tt.solve(p)
    line = [s.option for s in solution.lines[0] if s.player == p.player]
    assert verdict(p, play(p, line)).solved


def test_replies_that_play_along_help_the_student():
    """The same puzzle with replies = "any": the others cooperate, so the opponent picks a reply after which the
    goal can be met (a reply that kills the hero is never chosen)."""
    base = BH.puzzle("last-guard")
    p = tt.load_puzzle(base.text.replace('replies = "all"', 'replies = "any"'), name="along.toml")
    game = play(p, ["attack:c3>c6", "pass"])
    assert verdict(p, game).solved
    assert "Pikeman (c5) attacks Hero-Warrior Brand" not in refutation_text(p, game)


def test_the_opponent_refuses_what_is_not_a_puzzle():
    with pytest.raises(tt.ArgumentTypeError, match="give a Puzzle"):
        PuzzleOpponent("juggler-first")  # type: ignore[arg-type]
