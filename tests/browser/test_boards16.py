"""Issue 16's memory board in a real browser: a mismatch stays face up, then the Lab turns it back."""

from __future__ import annotations

import time

import pytest

from .harness import write_notebook

pytestmark = pytest.mark.slow

MISMATCH = [
    "from tabletop.games.memory.game import dealt\n"
    "from tabletop.widgets import Lab\n"
    "lab = Lab(dealt([0, 1, 0, 1], turn_back='player'), pause=None)\n"
    "lab"
]


def test_memory_mismatch_stays_face_up_then_the_lab_turns_it_back(lab):
    """mem.assume.turn_back (L1524): after two clicks that do not match, both pictures are on the page (the Lab
    made with no pause keeps them there); given a pause, the kernel's event loop applies the lone option: both
    face down, player 1 to move."""
    write_notebook(lab.server.root / "tt_memory_mismatch.ipynb", MISMATCH)
    lab.open("tt_memory_mismatch.ipynb")
    assert not lab.run_all()
    board = lab.panel.locator(".tt-board-widget").first
    for oid in ("s00", "s01"):
        board.locator(f'.tt-card[data-option="{oid}"]').click()
        clicked = time.monotonic()
        board.locator(f'.tt-card[data-id="{oid}"]:not(.tt-face-down)').wait_for(timeout=10_000)
    assert board.locator(".tt-card:not(.tt-face-down) .tt-symbol").count() == 2
    assert "orange" in board.inner_text() or board.locator("text.tt-symbol-word").count() == 4
    lab.shot("memory-mismatch-face-up", board)
    print("face-up shot taken", time.monotonic() - clicked, "s after the second click")
    # (the pause starts once the shot is taken: a screenshot takes seconds on a loaded machine)
    lab.run_code("lab.pause = 1.0\nlab._update_panel()  # the panel as redrawn: its pause starts now")
    board.locator(".tt-card.tt-face-down").nth(3).wait_for(timeout=10_000)  # all four face down again
    lab.page.wait_for_function(
        "(el) => el.querySelectorAll('.tt-card.tt-face-down').length === 4", arg=board.element_handle(), timeout=10_000
    )
    lab.shot("memory-mismatch-turned-back", board)
    assert "player 1" in board.locator(".tt-prompt").inner_text()
