"""Notebooks 06, 07 and 08 as a student meets them: opened unrun in JupyterLab (their pictures drawn), then run, and
the Lab at their top played against the computer by clicks only until the game is over (06, 07), or for Warlord's
3-player game, whose end can take a thousand moves of the two computer players, through a whole turn (its four
phases, every player's, to the start of turn 2: the Ready Phase that begins it is played too).

Each click is on one of the Lab's option buttons for the position the board shows; the computer's moves
arrive by themselves, at a quicker pace than the notebook's (``QUICK_COMPUTER``: the same moves, a shorter
pause between them). Screenshots land in pytest's temp dir: the unrun notebook, the Lab at the start, after a
few clicks and at the end.
"""

from __future__ import annotations

import pytest

from .notebooks import NEW_RULEBOOK_LABS, QUICK_COMPUTER
from .visits import run_notebook

pytestmark = pytest.mark.slow

MAX_CLICKS = 400

# How many choices the computer seats have made in the game of the Lab whose board shows the position
# FINGERPRINT (the one played: a notebook may hold other Labs), run in the notebook's kernel.
COMPUTER_MOVES = """\
import gc as _tt_gc
from tabletop.widgets import Lab as _TtLab
_tt_lab = next(o for o in _tt_gc.get_objects() if isinstance(o, _TtLab) and o.game.fingerprint() == "FINGERPRINT")
print(sum(1 for h in _tt_lab.game.history if h["player"] in _tt_lab.opponents and not h.get("auto")))
"""


def pick(labels: list[str], clicks: int) -> int:
    """A simple student: anything but ending or passing when there is something else, in turn."""
    acting = [i for i, t in enumerate(labels) if not t.startswith(("end", "pass", "done"))]
    if acting and clicks % 3:
        return acting[clicks % len(acting)]
    return next((i for i, t in enumerate(labels) if t.startswith(("end", "pass", "done"))), 0)


# how far a notebook's Lab is played: to the game's end, or to the board's status reading "turn N"
UNTIL = {"08_warlord.ipynb": "turn 2"}


@pytest.mark.parametrize("notebook", NEW_RULEBOOK_LABS)
def test_a_student_plays_the_first_lab_by_clicks_only(lab, notebook):
    step = notebook.split("_")[0]
    run_notebook(lab, notebook, step, timeout=120)  # opened unrun (its pictures checked), then run
    assert int(lab.run_code(QUICK_COMPUTER)) >= 1
    page = lab.page
    root = lab.panel.locator(".tt-lab").first
    root.wait_for(timeout=20_000)
    board = root.locator(".tt-board-widget").first
    board.locator(".tt-card").first.wait_for(timeout=20_000)
    lab.shot(f"{step}-lab-start", root)
    clicks = 0
    while clicks < MAX_CLICKS:
        fp = page.wait_for_function(
            """([root, until]) => {
              const head = root.querySelector('.tt-lab-head');
              if (head && head.textContent.includes('game over')) return 'over';
              const status = root.querySelector('.tt-board-widget .tt-status')?.textContent || '';
              if (until && status.startsWith(until + ' ')) return 'far';
              const fp = root.querySelector('.tt-board-widget')?.dataset.fingerprint;
              const ok = fp && root.querySelectorAll('.tt-lab-option.tt-at-' + fp.slice(0, 16)).length > 0;
              return ok ? fp : false;
            }""",
            arg=[root.element_handle(), UNTIL.get(notebook, "")],
            timeout=120_000,
            polling=100,
        ).json_value()
        if fp in ("over", "far"):
            break
        buttons = root.locator(f".tt-lab-option.tt-at-{fp[:16]}")
        labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
        buttons.nth(pick(labels, clicks)).click()
        clicks += 1
        page.wait_for_function(
            "([b, fp]) => b.dataset.fingerprint !== fp", arg=[board.element_handle(), fp], timeout=60_000
        )
        if clicks in (5, 40):
            lab.shot(f"{step}-lab-click-{clicks}", root)
    lab.shot(f"{step}-lab-end", root)
    if notebook in UNTIL:
        status = root.locator(".tt-board-widget .tt-status").first.text_content() or ""  # (an SVG text)
        assert status.startswith(UNTIL[notebook] + " "), status
    else:
        assert "game over" in root.locator(".tt-lab-head").inner_text(), f"not over after {clicks} clicks"
    # the computer played its seats' turns between the clicks (its moves, counted in the game: the panel says
    # "computer (player 1) moves in a moment" only for QUICK_COMPUTER's 0.05 s, too short to be sure of seeing
    # it; test_lab_seat.py waits for that text at the teacher's pace)
    shown = board.get_attribute("data-fingerprint") or ""
    assert clicks > 5 and int(lab.run_code(COMPUTER_MOVES.replace("FINGERPRINT", shown))) >= 1, clicks
    print(f"\n{notebook}: {clicks} clicks to the end")
