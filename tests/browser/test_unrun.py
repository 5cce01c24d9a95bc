"""Issue 16: an unrun notebook shows every board and figure as a picture, in JupyterLab and in nbconvert's HTML.

A committed notebook opened in JupyterLab is untrusted: its sanitizer strips inline ``<svg>`` and
``<style>`` (a board became run-on text) and it draws no widget view (no kernel has the model), so
each board, figure and widget output carries a picture (an ``<img>`` data URI; see
``tabletop/render/pictures.py``). Each committed notebook is opened *without running it* (a copy
under another name, so that no other test's kernel or outputs are involved), and every output that
holds a picture, a widget or a plotly figure must show it drawn at a real size; nothing may show a
board's text run together or a broken image. The same is checked on ``jupyter nbconvert --to html``
of the committed notebook, loaded in Chromium. Screenshots of every notebook are written (look at
them: a test that passes on a blank page proves nothing).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys

import pytest

from .harness import NOTEBOOKS

pytestmark = pytest.mark.slow

COMMITTED = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
WIDGET = "application/vnd.jupyter.widget-view+json"
PLOTLY = "application/vnd.plotly.v1+json"
PICTURE = re.compile(r'<img class="tt-picture[^"]*"')
PICTURE_ANYWHERE = re.compile(r'<img [^>]*class="tt-picture')  # nbconvert reorders the attributes
# what a board drawn as inline SVG turns into when a sanitizer strips the tags: its status line
# ("turn 5 · player 0 to move · play, attack or end the turn") run into the panel titles
# (a seated Lab's own header, "turn 1, player 0 to act · you are player 0", is text by design, not a board)
RUN_ON = re.compile(r"to (?:move|act|resolve) · (?!you are player \d)[^\n]*(?:player \d|score|hero)")


def expected(notebook: str) -> dict[int, dict]:
    """Per code cell of the committed notebook: how many pictures and plotly figures its outputs hold."""
    nb = json.loads((NOTEBOOKS / notebook).read_text())
    out = {}
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        pictures = figures = widgets = 0
        for o in cell.get("outputs", []):
            data = o.get("data") or {}
            html = data.get("text/html", "")
            html = "".join(html) if isinstance(html, list) else html
            if PLOTLY in data:
                figures += 1  # JupyterLab draws the live figure (its plotly renderer is safe and ranks first)
            else:
                pictures += len(PICTURE.findall(html))
            widgets += WIDGET in data
        if pictures or figures or widgets:
            out[i] = {"pictures": pictures, "figures": figures, "widgets": widgets}
    return out


# In the page: per cell, the drawn pictures (loaded, nonzero size), plotly figures, and the text shown.
_CELLS_JS = """
const t0 = Date.now();
const look = () => panel.content.widgets.map((c, i) => {
  const outs = [...c.node.querySelectorAll('.jp-OutputArea-output')];
  const imgs = outs.flatMap((o) => [...o.querySelectorAll('img.tt-picture')]);
  const drawn = imgs.filter((e) => e.complete && e.naturalWidth > 0 && e.getBoundingClientRect().width > 20
    && e.getBoundingClientRect().height > 20);
  // JupyterLab's plotly renderer puts .js-plotly-plot on the output node itself
  const plots = outs.flatMap((o) => [...(o.matches('.js-plotly-plot') ? [o] : []),
    ...o.querySelectorAll('.js-plotly-plot')]).filter((p) => {
    const svg = p.querySelector('svg.main-svg'); const r = svg && svg.getBoundingClientRect();
    return r && r.width > 50 && r.height > 50 && p.querySelector('g.trace');
  });
  return {cell: i, trusted: c.model.trusted, images: imgs.length, drawn: drawn.length, plots: plots.length,
          text: outs.map((o) => o.innerText).join('\\n'), inlineSvg: outs.some((o) => o.querySelector('svg.tt-svg'))};
});
let cells = look();
const waiting = (c) => c.images !== c.drawn || c.plots < (arg.figures[c.cell] || 0);
while (Date.now() - t0 < arg.timeout && cells.some(waiting)) {
  await new Promise((r) => setTimeout(r, 100));
  cells = look();
}
return cells;
"""


def check_cells(cells: list[dict], want: dict[int, dict], where: str) -> None:
    problems = []
    for cell in cells:
        i = cell["cell"]
        if RUN_ON.search(cell["text"]):
            problems.append(f"cell {i}: run-on board text: {RUN_ON.search(cell['text']).group(0)!r}")
        if "Error displaying widget" in cell["text"] or "Cannot display" in cell["text"]:
            problems.append(f"cell {i}: {cell['text'][:120]!r}")
        if cell["images"] != cell["drawn"]:
            problems.append(f"cell {i}: {cell['images'] - cell['drawn']} picture(s) not drawn")
        w = want.get(i)
        if w is None:
            continue
        if cell["drawn"] < w["pictures"]:
            problems.append(f"cell {i}: {cell['drawn']} of {w['pictures']} pictures drawn")
        if cell["plots"] < w["figures"]:
            problems.append(f"cell {i}: {cell['plots']} of {w['figures']} plotly figures drawn")
    assert not problems, f"{where}:\n" + "\n".join(problems)


@pytest.mark.parametrize("notebook", COMMITTED)
def test_unrun_notebook_shows_pictures_in_lab(lab, notebook):
    want = expected(notebook)
    assert want, f"{notebook} has no board, widget or figure output: execute the notebooks (notebooks/execute.py)"
    copy = f"unrun_{notebook}"
    shutil.copy(NOTEBOOKS / notebook, lab.server.root / copy)
    lab.open(copy)  # opened, never run: what a student sees first
    figures = {str(i): w["figures"] for i, w in want.items()}
    cells = lab.evaluate_panel(_CELLS_JS, {"timeout": 30_000, "figures": figures})
    code = [c for c in cells if c["cell"] in want]
    assert code and not any(c["trusted"] for c in code), "the committed outputs should be untrusted here"
    lab.shot(f"unrun-{notebook.removesuffix('.ipynb')}")
    for kind in ("widgets", "pictures", "figures"):  # a close look at the first cell of each kind
        first = next((i for i, w in want.items() if w[kind]), None)
        if first is not None:
            lab.shot(f"unrun-{notebook.removesuffix('.ipynb')}-{kind}-cell{first}", lab.cell(first))
    check_cells(cells, want, f"{notebook} opened unrun in JupyterLab")
    assert sum(c["drawn"] + c["plots"] for c in cells) >= sum(w["pictures"] + w["figures"] for w in want.values())


@pytest.mark.parametrize("notebook", COMMITTED)
def test_nbconvert_html_shows_pictures(browser, shots, tmp_path, notebook):
    """``jupyter nbconvert --to html`` of the committed notebook: every board, widget and figure a picture."""
    html = tmp_path / notebook.replace(".ipynb", ".html")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "nbconvert",
            "--to",
            "html",
            str(NOTEBOOKS / notebook),
            "--output-dir",
            tmp_path,
        ],
        check=True,
        capture_output=True,
    )
    want = expected(notebook)
    text = html.read_text()
    # nbconvert draws no widget without its state and no plotly mimetype: the pictures stand in
    total = sum(w["pictures"] for w in want.values()) + sum(w["figures"] for w in want.values())
    assert len(PICTURE_ANYWHERE.findall(text)) >= total
    assert 'class="tt-svg' not in text  # no board as inline SVG (GitHub and untrusted viewers strip it)
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    try:
        page.goto(html.as_uri())
        counts = page.evaluate(
            """() => { const imgs = [...document.querySelectorAll('img.tt-picture')];
              return [imgs.length, imgs.filter((e) => e.complete && e.naturalWidth > 0
                && e.getBoundingClientRect().width > 20).length, document.body.innerText]; }"""
        )
        page.screenshot(path=str(shots / f"nbconvert-{notebook.removesuffix('.ipynb')}.png"), full_page=True)
    finally:
        page.close()
    images, drawn, body = counts
    assert images == drawn >= total, f"{notebook}: {drawn} of {images} pictures drawn, {total} expected"
    assert not RUN_ON.search(body), RUN_ON.search(body).group(0)
