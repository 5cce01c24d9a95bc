"""The committed notebooks read unrun: every board, widget and figure output carries a picture.

Fast, without a browser (tests/browser/visits.py and test_unrun.py check the same in JupyterLab and in
nbconvert's HTML, drawn by Chromium): a plotly figure or a widget view alone shows nothing on GitHub
or in nbconvert's HTML, and a board as inline SVG turns into run-on text in untrusted JupyterLab.
After changing how something is drawn, execute the notebooks again (notebooks/execute.py).
"""

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))
LIVE = ("application/vnd.plotly.v1+json", "application/vnd.jupyter.widget-view+json")


def outputs(path):
    for i, cell in enumerate(json.loads(path.read_text())["cells"]):
        for out in cell.get("outputs", []):
            data = out.get("data") or {}
            html = data.get("text/html", "")
            yield i, data, "".join(html) if isinstance(html, list) else html


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_every_live_output_has_a_picture_and_no_board_is_inline_svg(path):
    problems = []
    for i, data, html in outputs(path):
        live = [m for m in LIVE if m in data]
        if live and 'class="tt-picture' not in html:
            problems.append(f"cell {i}: {live[0]} without a picture in text/html")
        if "<svg" in html:
            problems.append(f"cell {i}: inline <svg> in text/html (stripped when untrusted)")
    assert not problems, f"{path.name} (execute it again: notebooks/execute.py):\n" + "\n".join(problems)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_widget_metadata(path):
    """GitHub's preview fails on a whole notebook whose ``metadata.widgets`` lacks its ``state`` (a
    known GitHub bug), and a FigureWidget's state is megabytes: notebooks/execute.py strips it."""
    assert "widgets" not in json.loads(path.read_text())["metadata"]
