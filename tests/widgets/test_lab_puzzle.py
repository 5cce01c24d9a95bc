"""A puzzle played in the Lab (``Lab(puzzle)``): the solver's seat, the computer refuting, "Solved" and
"Not solved" with the refutation, closed boards, "Try again", "Show a solution", and "Save position"."""

from __future__ import annotations

import pytest

import tabletop as tt
from tabletop.analysis.puzzle_play import PuzzleOpponent
from tabletop.widgets import Lab

HS = tt.rulebook("hearthstone")
BH = tt.rulebook("berserk_heroes")


def click(lab: Lab, option: str) -> bool:
    """Click the panel's button of ``option`` (what a student does)."""
    button = next(b for b in lab.buttons if b.option == option)
    return button.click()


def test_the_student_sits_at_the_solvers_seat_and_the_computer_plays_the_rest():
    p = BH.puzzle("last-guard")
    lab = Lab(p)
    assert lab.seat == p.player == 0 and lab.puzzle is p
    assert isinstance(lab.opponents[1], PuzzleOpponent) and lab.chance_agent is lab.opponents[1]
    assert lab.game.fingerprint() == p.game().fingerprint()
    assert "Puzzle: The last guard" in lab.puzzle_view.head.value and p.goal_text in lab.puzzle_view.head.value
    assert lab.puzzle_view.status_text == "Choices made: 0 of 3 (3 choices left)."
    with pytest.raises(ValueError, match="solved by player 0"):
        Lab(p, seat=1)


def test_a_wrong_line_is_refuted_on_the_board_and_the_board_closes():
    """last-guard: Border Guard attacking the Warded Monk leaves the Pikeman, which kills the hero in player
    1's turn (the computer plays that reply); the student is told the reply and the move that lost it: not the
    attack (Firebolt could still kill the Pikeman, bh.protection.spell), but passing with Firebolt in hand."""
    lab = Lab(BH.puzzle("last-guard"), delay=0)
    assert click(lab, "attack:c3>c6") and click(lab, "pass")
    said = lab.puzzle_view.status_text
    assert said.startswith("Not solved: the game ended: the hero of player 0 died, and the goal is not met.")
    assert "The computer's replies: player 1 chose 'Pikeman (c5) attacks Hero-Warrior Brand (c1)'" in said
    assert "Your choice 2 (pass (end the turn)) let the goal slip" in said
    assert lab.board.frozen and lab.buttons == []
    fp = lab.game.fingerprint()
    assert not lab.choose("pass") and lab.game.fingerprint() == fp and "the puzzle is not solved" in lab.board.message


def test_try_again_starts_over_and_the_right_line_is_solved():
    p = BH.puzzle("last-guard")
    lab = Lab(p, delay=0)
    click(lab, "attack:c3>c6")
    click(lab, "pass")
    lab.puzzle_view.retry.click()
    assert lab.game.fingerprint() == p.game().fingerprint() and not lab.board.frozen
    assert len(lab.timeline.lines) == 2  # the failed attempt stays an earlier line of the timeline
    for move in ["attack:c3>c5", "play:c4", "c5", "pass"]:  # the Guard kills the Pikeman; Firebolt is spare
        assert click(lab, move), (move, [b.option for b in lab.buttons])
    said = lab.puzzle_view.status_text
    assert said == "Solved in 2 choices, against the hardest replies the computer could find.", said
    assert lab.board.frozen.startswith("the puzzle is solved")


def test_chance_is_played_against_the_student():
    """knife-odds (hs.assume.random, chance = "all"): a Novice played while the Sentry lives: the knife the
    computer throws is the one that refutes, at the Sentry."""
    lab = Lab(HS.puzzle("knife-odds"), delay=0)
    click(lab, "play:c67@0")
    assert "chance: Footman Sentry (c66)" in lab.computer_view.value
    assert lab.game.state.objects["c66"]["dmg"] == 1 and lab.game.decision.player == 0


def test_show_a_solution_lists_a_shortest_line():
    lab = Lab(HS.puzzle("juggler-first"))
    assert lab.puzzle_view.reveal().shortest == 3
    html = lab.puzzle_view.solution.value
    assert "A solution</b> in 3 choices (2 solutions within 4 choices" in html
    assert "play Knife Juggler" in html.split("<ol>")[1].split("</li>")[0]
    lab.puzzle_view.retry.click()
    assert lab.puzzle_view.solution.value == ""


def test_scrubbing_back_reopens_the_board_and_judges_the_position_shown():
    lab = Lab(BH.puzzle("last-guard"), delay=0)
    click(lab, "attack:c3>c6")
    click(lab, "pass")
    assert lab.board.frozen
    lab.timeline.step = 0
    assert not lab.board.frozen and lab.puzzle_view.status_text == "Choices made: 0 of 3 (3 choices left)."


def test_save_position_writes_the_position_shown(tmp_path):
    lab = Lab(BH.puzzle("last-guard"), delay=0)
    click(lab, "attack:c3>c5")
    path = tmp_path / "mine.toml"
    assert lab.save_position(str(path)) == str(path)
    assert "Saved to" in lab.save_note.value and "tt.load_position" in lab.save_note.value
    again = tt.load_position(path)
    assert again.fingerprint() == lab.game.fingerprint() and again.legal() == lab.game.legal()
    lab.save_name.value = str(tmp_path / "no" / "such" / "folder.toml")
    assert lab.save_button.click() is None and lab.save_position() is None
    assert "Not saved:" in lab.save_note.value and "No such file or directory" in lab.save_note.value


def test_a_game_from_a_position_file_starts_again_at_that_position():
    """Game.start: a loaded position's start is the position, not a new game (the timeline and replay use it)."""
    game = BH.puzzle("last-guard").game()
    start = game.fingerprint()
    game.apply("attack:c3>c5")
    assert game.start().fingerprint() == start
    assert game.replay().fingerprint() == game.fingerprint()
    fresh = HS.new_game(seed=3)
    assert fresh.clone().apply(fresh.legal()[0]).start().fingerprint() == fresh.fingerprint()
    lab = Lab(game, seat=0, opponents={1: PuzzleOpponent(BH.puzzle("last-guard"))})
    lab.timeline.step = 0
    assert lab.board.game.fingerprint() == start
