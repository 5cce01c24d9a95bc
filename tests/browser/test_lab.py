"""Issue 4 in a real browser: the notebooks run in JupyterLab and their widgets answer clicks.

JupyterLab + headless Debian chromium through Playwright (see ``harness.py``). Each test opens a
notebook unrun (checking its pictures, ``visits.py``), runs every cell, waits until the kernel is idle
and the widgets are drawn, clicks, and checks both the page and, with a probe cell, the kernel.
Screenshots of every step are written to pytest's temp dir (the path is printed when the browser tests end).
"""

from __future__ import annotations

import json

import pytest

from .notebooks import BOARDS_PROBE, FIGURES_PROBE, LAB_NOTEBOOKS, NEW_RULEBOOK_LABS, PUZZLE_NOTEBOOK
from .visits import run_notebook

pytestmark = pytest.mark.slow

# The notebooks whose widgets are clicked: a memory board, a trigger chain and a state graph.
MEMORY_NOTEBOOK = "01_memory.ipynb"
FIGURES_NOTEBOOK = "00_tour.ipynb"
# Every notebook of LAB_NOTEBOOKS is opened unrun and run once (visits.py): those clicked in here and in
# test_lab_new_rulebooks.py and test_lab_puzzle.py there, the others by test_notebook_runs_in_lab.
RUN_HERE = [
    n for n in LAB_NOTEBOOKS if n not in (MEMORY_NOTEBOOK, FIGURES_NOTEBOOK, PUZZLE_NOTEBOOK, *NEW_RULEBOOK_LABS)
]


def boards(lab) -> list[dict]:
    return json.loads(lab.run_code(BOARDS_PROBE))


def click_face_down_card(lab, board, step: str) -> str:
    """Click the first face-down card of ``board`` (a ``.tt-board-widget``); wait for the redraw."""
    moves = int(board.get_attribute("data-moves"))
    fingerprint = board.get_attribute("data-fingerprint")
    card = board.locator(".tt-card.tt-face-down[data-option]").first
    option = card.get_attribute("data-option")
    lab.shot(f"{step}-before-click", board)
    card.click()
    # the board re-rendered from the kernel's new svg: the card is face up and no longer an option
    board.locator(f'.tt-card[data-id="{option}"]:not(.tt-face-down)').wait_for(timeout=10_000)
    assert board.locator(f'[data-option="{option}"]').count() == 0
    lab.page.wait_for_function(
        "([el, n]) => el.dataset.moves === String(n)", arg=[board.element_handle(), moves + 1], timeout=10_000
    )
    assert board.get_attribute("data-fingerprint") != fingerprint
    lab.shot(f"{step}-after-click", board)
    return option


def test_memory_board_click_reaches_the_kernel(lab):
    run_notebook(lab, MEMORY_NOTEBOOK, "memory")
    # the Lab's buttons show their whole labels (issue 16: twelve read "flip the card in row 1, colum…")
    buttons = lab.panel.locator(".tt-lab-option")
    labels = [b.inner_text() for b in buttons.all()]
    assert len(labels) == 12 and len(set(labels)) == 12 and not any("…" in t for t in labels), labels
    cut = buttons.evaluate_all("(bs) => bs.filter((b) => b.scrollWidth > b.clientWidth + 1).length")
    assert cut == 0, f"{cut} option buttons overflow their box"
    lab.shot("memory-lab-buttons", lab.panel.locator(".tt-lab-panel").first)
    # the first board with a face-down card to flip (a notebook may show finished games too)
    board = lab.panel.locator(".tt-board-widget", has=lab.page.locator(".tt-card.tt-face-down[data-option]")).first
    before = boards(lab)
    option = click_face_down_card(lab, board, "memory")
    after = {b["model_id"]: b for b in boards(lab)}
    shown = board.get_attribute("data-fingerprint")
    moved = [b for b in after.values() if b["fingerprint"] == shown]
    assert len(moved) == 1, f"no BoardWidget in the kernel shows the page's position {shown}: {after}"
    (kernel,) = moved
    old = next(b for b in before if b["model_id"] == kernel["model_id"])
    assert kernel["moves"] == old["moves"] + 1
    assert kernel["game_fingerprint"] == kernel["fingerprint"] != old["fingerprint"]
    assert option in old["legal"] and option not in kernel["legal"]


@pytest.mark.parametrize("notebook", RUN_HERE)
def test_notebook_runs_in_lab(lab, notebook):
    run_notebook(lab, notebook, "run")


def test_console_errors_of_widgets_are_caught(lab):
    """The console filter attributes errors thrown in a widget's ESM to our widgets (no false pass)."""
    lab.open("tt_broken_widget.ipynb")
    assert not lab.run_all()
    button = lab.panel.locator(".selftest-broken")
    button.click()

    def caught() -> bool:
        texts = " ".join(e.text for e in lab.our_errors(lab.checked_from))
        return "boom in render" in texts and "(reading 'boom')" in texts

    for _ in range(100):  # the click's uncaught error reaches the console asynchronously
        if caught():
            break
        lab.page.wait_for_timeout(50)
    assert caught(), "\n".join(map(str, lab.console))
    lab.checked_from = lab.mark()  # provoked on purpose: the fixture must not fail the test on them


def test_trigger_chain_and_state_graph_clicks(lab):
    run_notebook(lab, FIGURES_NOTEBOOK, "figures")

    # trigger chain: click a late step; the linked why-panel explains that very step
    chain = lab.panel.locator(".tt-chain-widget").first
    why = chain.locator(".tt-why-panel")
    hint = why.inner_text()
    plot = chain.locator(".js-plotly-plot")
    nodes = lab.plotly_nodes(plot)
    assert nodes, "the trigger chain figure has no clickable nodes"
    step = max(nodes, key=lambda n: n["id"])
    lab.shot("chain-before-click", chain)
    lab.plotly_click(lab.plotly_point(plot, step))
    why.get_by_text(f"Why step {step['id']}?").wait_for(timeout=10_000)
    assert why.inner_text() != hint
    lab.shot("chain-after-click", chain)

    # state graph: click a state other than the one shown; the linked board shows it
    states = lab.panel.locator(".tt-states-widget").first
    board = states.locator(".tt-board-widget")
    shown = board.get_attribute("data-fingerprint")
    plot = states.locator(".js-plotly-plot")
    nodes = [n for n in lab.plotly_nodes(plot) if n["id"] != shown]
    assert nodes, "the state graph figure has no other state to click"
    target = nodes[len(nodes) // 2]
    lab.shot("states-before-click", states)
    lab.plotly_click(lab.plotly_point(plot, target))
    lab.page.wait_for_function(
        "([el, fp]) => el.dataset.fingerprint === fp", arg=[board.element_handle(), target["id"]], timeout=10_000
    )
    lab.shot("states-after-click", states)

    # the kernel saw both clicks
    kernel = json.loads(lab.run_code(FIGURES_PROBE))
    assert str(step["id"]) in kernel["chains"], kernel
    assert [target["id"], target["id"]] in kernel["states"], kernel
