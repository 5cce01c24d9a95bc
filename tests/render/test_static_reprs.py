"""Static renderings (DESIGN.md: every object has a `_repr_html_`): sensible, escaped, deterministic."""

import dataclasses
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import tabletop as tt
from tabletop.analysis.orderings import OrderingReport, Outcome
from tabletop.core.decision import Decision, Option
from tabletop.core.trace import Log, Trace
from tabletop.games.memory.game import dealt
from tabletop.render.pictures import inline_pictures

MEMORY = tt.rulebook("memory")
BERSERK = tt.rulebook("berserk_heroes")
NASTY = "<script>alert('x')</script> & co"


def well_formed(html: str) -> ET.Element:
    return ET.fromstring(f"<root>{html}</root>")


def test_memory_game_html_shows_the_board_and_the_open_decision():
    game = MEMORY.scenario("match-official")
    picture = game._repr_html_()
    assert "<svg" not in picture and picture.count('<img class="tt-picture tt-board-picture"') == 1
    well_formed(picture)
    html = inline_pictures(picture)  # the board is an <img> of its SVG: look inside
    root = well_formed(html)
    assert html.count("<svg") == 1 and "tt-decision" in html
    assert "flip a second card" in html and "row 2, column 1" in html  # the decision, with labels
    assert MEMORY.title in html and "player 0 to act" in html
    # the one flipped card shows its picture, the rest are face down
    assert len(re.findall(r"<text[^>]*>picture ", html)) == 1
    options = {el.get("data-option") for el in root.iter() if el.get("data-option")}
    assert options == set(game.decision.ids)
    assert tt.load_game(game.to_json())._repr_html_() == picture


def test_berserk_game_html_shows_the_board_without_any_hand():
    game = BERSERK.scenario("vanguard")
    html = inline_pictures(game._repr_html_())
    well_formed(html)
    assert "<svg" in html and "Scout Captain" not in html.split("tt-decision")[0]  # a spectator sees no hand
    assert "main phase: act or pass" in html and "<code>pass</code>" in html
    assert html == inline_pictures(BERSERK.scenario("vanguard")._repr_html_())


def test_a_finished_game_says_who_won():
    game = dealt([0, 0]).apply("s00").apply("s01")
    assert game.decision is None
    html = game._repr_html_()
    well_formed(html)
    assert "game over" in html and "winners [0]" in html and "tt-decision" not in html


def test_game_html_escapes_the_title_and_works_without_a_board():
    game = MEMORY.scenario("small-board")
    odd = dataclasses.replace(MEMORY, title=NASTY, board=None)
    html = odd.render_html(game)
    well_formed(html)
    assert "<script" not in html and "&lt;script&gt;" in html and "<svg" not in html


def test_decision_html_is_escaped():
    dec = Decision(0, "action", NASTY, "r<1>", (Option("a<b", NASTY), Option("c", "d", 0.25)))
    html = dec._repr_html_()
    well_formed(html)
    assert "<script" not in html and "a&lt;b" in html and "r&lt;1&gt;" in html and "p=0.25" in html


def test_trace_and_log_html_are_escaped_and_indented():
    records = [
        {"i": 0, "kind": "action", "summary": NASTY, "rule": "mem.turn", "cause": None},
        {"i": 1, "kind": "event", "summary": "then <b>this</b>", "rule": "no<such>rule", "cause": 0},
    ]
    trace = Trace(MEMORY.rules, records)
    for html in (trace._repr_html_(), Log(trace)._repr_html_()):
        root = well_formed(html)
        assert "<script" not in html and "&lt;b&gt;this" in html and "no&lt;such&gt;rule" in html
        assert "mem.turn: 000_7fc8e0fd1bcbc422.txt L1524" in html
        rows = root.findall(".//div[@style]")
        assert [r.get("style") for r in rows] == ["margin-left:0.0em", "margin-left:1.2em"]
    real = MEMORY.scenario("match-official").trace
    well_formed(real._repr_html_())
    assert len(well_formed(real._repr_html_()).findall(".//div[@style]")) == len(real)


def test_state_graph_html_has_the_perft_table():
    sg = tt.explore(dealt([0, 1, 0, 1]), depth=2)
    html = sg._repr_html_()
    root = well_formed(html)
    cells = [[td.text for td in tr.findall("td")] for tr in root.iter("tr") if tr.findall("td")]
    assert cells == [["0", "1", "1"], ["1", "4", "4"], ["2", "12", "3"]]
    small = tt.explore(dealt([0, 1, 0, 1]), depth=3, limit=5)
    assert small.truncated and "Stopped early" in small._repr_html_()
    well_formed(small._repr_html_())


def test_ordering_report_html_is_escaped():
    games = [MEMORY.scenario("small-board"), MEMORY.scenario("match-official")]
    report = OrderingReport(
        [Outcome(g.fingerprint(), (NASTY, "b"), ("x", "y"), g) for g in games], "por", runs=2, nodes=3, seconds=0.0
    )
    html = report._repr_html_()
    root = well_formed(html)
    assert "<script" not in html and "&lt;script&gt;" in html and "order dependent" in html
    assert len([tr for tr in root.iter("tr") if tr.findall("td")]) == 2
    assert "What differs" in html


def test_explanation_html_lists_every_step():
    game = BERSERK.scenario("modifier-order")
    cards = BERSERK.board(game.table, 0)["cards"]
    pikeman = next(c["id"] for c in cards if c.get("name") == "Pikeman" and c["zone"] == "play:0")
    hero = next(c["id"] for c in BERSERK.board(game, 0)["cards"] if c["zone"] == "hero:0")
    game.apply(f"use:{hero}#0").apply(pikeman)  # Battle Cry: +1 strike
    exp = game.explain(pikeman, "strike")
    html = exp._repr_html_()
    root = well_formed(html)
    assert f"<code>Pikeman ({pikeman})</code>" in html and "<b>strike</b>" in html  # named: the card is public
    rows = [[td.text for td in tr.findall("td")] for tr in root.iter("tr") if tr.findall("td")]
    assert len(rows) == len(exp.steps) and rows[0][1] == "base" and "None" not in html
    assert len(rows) == 2 and rows[1][3] == "2 → 3" and rows[1][5] is None


def test_showing_a_game_loads_no_plotly_numpy_or_jupyter():
    code = (
        "import sys, tabletop as tt; g = tt.rulebook('berserk_heroes').scenario('create'); g._repr_html_(); "
        "tt.rulebook('memory').scenario('small-board')._repr_html_(); "
        "bad = [m for m in ('numpy', 'plotly', 'ipywidgets', 'anywidget', 'IPython') if m in sys.modules]; "
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
    code = "import sys, tabletop; print('tabletop.render' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
