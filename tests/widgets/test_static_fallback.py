"""Every widget's output carries a picture of what it shows, for viewers where it is not live.

JupyterLab draws a widget view only for trusted output with a live kernel; an unrun notebook,
GitHub and nbconvert's HTML fall back to ``text/html`` (see tabletop/widgets/_static.py). The
browser test tests/browser (visits.py, test_unrun.py) checks the pictures in a real JupyterLab.
"""

import re
import xml.etree.ElementTree as ET

import pytest

import tabletop as tt
from tabletop.render.board import board_svg
from tabletop.render.pictures import inline_pictures
from tabletop.widgets import BoardWidget, Lab, StateGraphWidget, Timeline, TriggerChainWidget

VIEW = "application/vnd.jupyter.widget-view+json"
MEMORY = tt.rulebook("memory")


def bundle(widget):
    data, _meta = widget._repr_mimebundle_()
    return data


def pictures(html):
    return re.findall(r'<img class="([^"]*)" src="data:image/svg\+xml;base64,', html)


@pytest.fixture
def matched():
    return MEMORY.scenario("match-official").apply("s03")


def check(widget, kinds):
    data = bundle(widget)
    assert VIEW in data and data["text/plain"] == repr(widget)
    html = data["text/html"]
    assert "<svg" not in html and "<style" not in html.split("tt-board-html")[0]  # nothing a sanitizer strips first
    assert "run the cell" in html
    assert [k.split()[-1] for k in pictures(html)] == kinds
    ET.fromstring(f"<root>{inline_pictures(html)}</root>")  # every picture is a well-formed SVG
    assert bundle(widget)["text/html"] == html  # deterministic
    return html


def test_board(matched):
    w = BoardWidget(matched)
    html = check(w, ["tt-board-picture"])
    assert w.svg in inline_pictures(html) and "memory game — turn 2" in html


def test_trigger_chain(matched):
    w = TriggerChainWidget(matched)
    html = check(w, ["tt-figure-picture"])
    assert "Trigger chain" in html and "Click a step" in html


def test_state_graph_with_its_own_board():
    sg = tt.explore(MEMORY.new_game(seed=0, pairs=2), depth=3)
    w = StateGraphWidget(sg)
    check(w, ["tt-figure-picture", "tt-board-picture"])
    linked = StateGraphWidget(sg, board=BoardWidget(sg.game(sg.root)))
    check(linked, ["tt-figure-picture"])  # a linked board is shown (and pictured) where it is displayed


def test_timeline_and_lab(matched):
    check(Timeline(matched), ["tt-board-picture"])
    lab = Lab(MEMORY.new_game(seed=3, pairs=2))
    html = check(lab, ["tt-board-picture", "tt-chain-picture"])  # the lab's chain: this turn's, as chain_svg
    # the options in full (the buttons are cut at 40 characters), then the log
    for opt in lab.board.options:
        assert f"<li>{opt['label']}</li>" in html
    assert html.index("<li>") < html.index("tt-log")
    assert board_svg(lab.board.view) in inline_pictures(html)
