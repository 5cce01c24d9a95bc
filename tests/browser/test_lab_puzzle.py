"""Issue 17 in a real browser: a puzzle played in the Lab of notebook 21 by clicks only, against the computer.

A wrong line is clicked (the Imp first): chance, played against the student, throws the knife that refutes
it, and the Lab says "Not solved" with that outcome and the choice that let the win slip, and takes no more
clicks. "Try again" starts over; "Save position" writes the position, which loads back in the kernel; a
right line is clicked (the move a solver would make at each point, asked of the kernel as a student would
read the solution) and the Lab says "Solved". "Show a solution" lists a line. Screenshots of each step land in
pytest's temp dir (printed at the end).
"""

from __future__ import annotations

import json

import pytest

from .notebooks import PUZZLE_NOTEBOOK
from .visits import run_notebook

pytestmark = pytest.mark.slow

NOTEBOOK = PUZZLE_NOTEBOOK  # (opened unrun and run here, not by test_lab.py: one visit)
WRONG = ["play:c67@0", "c3", "attack:c65>c66", "play:c68@0"]  # the Imp first, as cell 15 checks
NEXT_GOOD_MOVE = """
import json
from tabletop.analysis.puzzle_play import PuzzleOpponent
print(json.dumps(PuzzleOpponent(puzzle).choose(lab.game, puzzle.player)))
"""
SAVED = """
import json
print(json.dumps(tt.load_position("position.toml", rulebook=mine).fingerprint() == puzzle.game().fingerprint()))
"""


def wait_for_button(lab, root, option: str):
    """The panel's button for ``option``, drawn for the position the board shows now."""
    lab.page.wait_for_function(
        """([root, option]) => {
          const fp = root.querySelector('.tt-board-widget')?.dataset.fingerprint;
          return !!fp && !!root.querySelector(`.tt-lab-option.tt-at-${fp.slice(0, 16)}[data-choice="${option}"]`);
        }""",
        arg=[root.element_handle(), option],
        timeout=30_000,
        polling=100,
    )
    fp = root.locator(".tt-board-widget").first.get_attribute("data-fingerprint")
    return root.locator(f'.tt-lab-option.tt-at-{fp[:16]}[data-choice="{option}"]')


def click(lab, root, option: str) -> None:
    """Click ``option``'s button and wait until the board shows the position the kernel made of it."""
    board = root.locator(".tt-board-widget").first
    button = wait_for_button(lab, root, option)
    before = board.get_attribute("data-fingerprint")
    button.click()
    lab.page.wait_for_function(
        "([b, fp]) => b.dataset.fingerprint !== fp", arg=[board.element_handle(), before], timeout=30_000
    )


def status(root) -> str:
    return root.locator(".tt-puzzle-status").inner_text()


def test_a_puzzle_is_played_in_the_lab_by_clicks(lab):
    run_notebook(lab, NOTEBOOK, "puzzle", timeout=90)  # opened unrun (its pictures checked), then run
    root = lab.panel.locator(".tt-lab").first
    root.locator(".tt-puzzle-status").wait_for(timeout=20_000)
    root.scroll_into_view_if_needed()
    assert "Puzzle: Sure knives" in root.locator(".tt-puzzle-head").inner_text()
    assert "Choices made: 0 of 4" in status(root)
    lab.shot("puzzle-0-start", root)

    for move in WRONG:  # the computer throws the knives in between
        click(lab, root, move)
    root.locator(".tt-puzzle-status", has_text="Not solved").wait_for(timeout=30_000)
    said = status(root)
    assert "chance chose" in said and "Your choice 1 (play Ember Imp" in said, said
    assert root.locator(".tt-lab-option").count() == 0  # the board takes no more moves
    lab.shot("puzzle-1-not-solved", root)

    root.locator(".tt-puzzle-retry").click()
    root.locator(".tt-puzzle-status", has_text="Choices made: 0 of 4").wait_for(timeout=20_000)
    root.locator(".tt-lab-save").click()
    root.locator(".tt-lab-save-text", has_text="Saved to position.toml").wait_for(timeout=20_000)
    assert json.loads(lab.run_code(SAVED)) is True

    for _ in range(8):
        if "Solved" in status(root):
            break
        move = json.loads(lab.run_code(NEXT_GOOD_MOVE))
        click(lab, root, move)
    root.locator(".tt-puzzle-status", has_text="Solved in").wait_for(timeout=30_000)
    # the Sentry cleared first, each knife has one enemy left (the hero): no outcome was chance's to choose
    assert status(root).strip() == "Solved in 4 choices.", status(root)
    lab.shot("puzzle-2-solved", root)

    root.locator(".tt-puzzle-solution-button").click()
    root.locator(".tt-puzzle-solution", has_text="A solution").wait_for(timeout=30_000)
    assert root.locator(".tt-puzzle-solution li").count() >= 3
    lab.shot("puzzle-3-solution", root)
