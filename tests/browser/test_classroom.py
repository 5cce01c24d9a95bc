"""Classroom mode (``make classroom``) in a real browser: a lesson notebook served by Voila.

Voila runs the notebook in its own kernel and shows outputs only. The test opens the lesson as a
student would (from the classroom's list), waits for the widgets, and checks that the board is drawn
(an SVG of nonzero size), that no code is shown, and that a click on an option button of the Lab
reaches the kernel and redraws the board. Screenshots land in pytest's temp dir (``shots``).
"""

from __future__ import annotations

import json

import pytest

from .harness import NOTEBOOKS, ConsoleEntry
from .voila import VoilaServer

pytestmark = pytest.mark.slow

LESSON = "01_memory.ipynb"
JUDGES = "15_marvel_champions_judges.ipynb"  # the reference beside the Marvel Champions lesson
# Voila executes the whole notebook before its last outputs appear (about 15 s on 2 cores).
RENDER_TIMEOUT_MS = 120_000


@pytest.fixture(scope="module")
def voila_server():
    with VoilaServer() as server:
        yield server


@pytest.fixture
def classroom(browser, voila_server):
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    page = context.new_page()
    page.set_default_timeout(20_000)
    console: list[ConsoleEntry] = []
    page.on("console", lambda m: console.append(ConsoleEntry(m.type, m.text, (m.location or {}).get("url", ""))))
    page.on("pageerror", lambda e: console.append(ConsoleEntry("pageerror", str(e), "")))
    try:
        yield page, console
    finally:
        context.close()


def code_lines(notebook: str) -> list[str]:
    """One telltale line of each code cell: the longest that no markdown cell or output contains."""
    nb = json.loads((NOTEBOOKS / notebook).read_text(encoding="utf-8"))
    shown = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            shown.append("".join(cell["source"]))
        for out in cell.get("outputs", []):
            shown.append(json.dumps(out))
    shown_text = "\n".join(shown)
    lines = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        src = [line.strip() for line in "".join(cell["source"]).splitlines()]
        own = [s for s in src if len(s) >= 16 and s not in shown_text and json.dumps(s)[1:-1] not in shown_text]
        if own:
            lines.append(max(own, key=len))
    return lines


def test_the_classroom_lists_the_lessons(classroom, voila_server, shots):
    page, _ = classroom
    page.goto(f"{voila_server.base_url}/", wait_until="commit")
    items = page.locator(".jp-DirListing-item")
    items.filter(has_text=LESSON).first.wait_for()
    page.screenshot(path=str(shots / "classroom-tree.png"))
    listed = items.all_inner_texts()
    # the judge's reference is a notebook of the folder too: a teacher opens it from the same list
    for name in ("00_tour.ipynb", LESSON, "03_hearthstone.ipynb", "05_marvel_champions.ipynb", JUDGES):
        assert any(name in text for text in listed), f"{name} is not listed: {listed}"


def test_a_lesson_in_voila_shows_a_live_board_and_no_code(classroom, voila_server, shots):
    page, console = classroom
    # Voila streams the cells as they run; the page's load event comes only after the last one
    page.goto(voila_server.url(LESSON), wait_until="commit")

    # the Lab's option buttons appear once its cell has run: the widgets are live
    lab = page.locator(".tt-lab").first
    option = lab.locator(".tt-lab-option").first
    option.wait_for(timeout=RENDER_TIMEOUT_MS)
    board = lab.locator(".tt-board-widget").first
    svg = board.locator("svg").first
    svg.wait_for()
    box = svg.bounding_box()
    assert box and box["width"] > 50 and box["height"] > 50, f"the board's SVG is not drawn: {box}"
    # every board widget of the page is drawn, not only the Lab's
    for i in range(page.locator(".tt-board-widget svg").count()):
        b = page.locator(".tt-board-widget svg").nth(i).bounding_box()
        assert b and b["width"] > 0 and b["height"] > 0, f"board {i} is not drawn: {b}"

    # no code: no editors, no prompts, and no line of the notebook's code cells in the page's text
    page.wait_for_load_state("load", timeout=RENDER_TIMEOUT_MS)  # every cell has run
    assert page.locator(".jp-CodeMirrorEditor, .cm-editor, .jp-InputArea-editor, .jp-InputPrompt").count() == 0
    text = page.locator("body").inner_text()
    lines = code_lines(LESSON)
    assert len(lines) >= 5, f"too few telltale code lines to check: {lines}"
    leaked = [line for line in lines if line in text]
    assert not leaked, f"code is shown: {leaked}"
    assert "Traceback" not in text, "a cell raised in Voila"
    page.screenshot(path=str(shots / "classroom-lesson.png"), full_page=True)
    lab.screenshot(path=str(shots / "classroom-lab-before.png"))

    # a click on an option button: the kernel plays it and the board is redrawn
    before = board.get_attribute("data-fingerprint")
    moves = board.get_attribute("data-moves")
    label = option.inner_text()
    option.click()
    page.wait_for_function(
        "([el, fp]) => el.dataset.fingerprint && el.dataset.fingerprint !== fp",
        arg=[board.element_handle(), before],
        timeout=20_000,
    )
    assert board.get_attribute("data-moves") != moves
    # and the option panel follows: the card just flipped is no longer offered
    page.wait_for_function(
        "([lab, label]) => { const labels = [...lab.querySelectorAll('.tt-lab-option')].map((b) => b.innerText);"
        " return labels.length > 0 && !labels.includes(label); }",
        arg=[lab.element_handle(), label],
        timeout=30_000,
    )
    assert lab.locator(".tt-board-widget svg").first.bounding_box()["width"] > 50
    lab.screenshot(path=str(shots / "classroom-lab-after.png"))
    print(f"clicked {label!r}: board {before} -> {board.get_attribute('data-fingerprint')}")

    ours = [e for e in console if e.type in ("error", "pageerror") and e.ours()]
    assert not ours, "console errors from our widgets:\n" + "\n".join(map(str, ours))
