"""One visit of a committed notebook in JupyterLab, as a student makes it: opened unrun, then run.

Opened unrun (issue 16), a committed notebook is untrusted: JupyterLab's sanitizer strips inline ``<svg>``
and ``<style>`` (a board became run-on text) and no widget view is drawn (no kernel has the model yet), so each
board, figure and widget output carries a picture (an ``<img>`` data URI; see ``tabletop/render/pictures.py``).
Every output that holds a picture, a widget or a plotly figure must show it drawn at a real size; nothing may
show a board's text run together or a broken image. Then the notebook is run in the same tab (issue 4): no
cell may raise, and every widget view must be drawn. One visit checks both, so the Lab opens each notebook
once. The notebook opened is a copy under another name (``unrun_…``), so no other test's kernel or outputs
are involved and a later test may open the original afresh.
"""

from __future__ import annotations

import json
import re
import shutil

from .harness import NOTEBOOKS

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


def open_unrun(lab, notebook: str) -> None:
    """Open a fresh copy of ``notebook`` unrun and check that every picture, widget and figure is drawn."""
    want = expected(notebook)
    assert want, f"{notebook} has no board, widget or figure output: execute the notebooks (notebooks/execute.py)"
    copy = f"unrun_{notebook}"
    shutil.copy(NOTEBOOKS / notebook, lab.server.root / copy)
    lab.open(copy)  # opened, not yet run: what a student sees first
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


def run_notebook(lab, notebook: str, step: str, timeout: float = 90.0) -> None:
    """Open ``notebook`` unrun (checked as :func:`open_unrun` says), run it in the same tab; fail on error outputs
    or widget views that did not render."""
    open_unrun(lab, notebook)
    errors = lab.run_all(timeout=timeout)
    assert not errors, f"{notebook}: cells raised:\n" + "\n\n".join(e["traceback"] or e["evalue"] for e in errors)
    assert_widgets_rendered(lab, notebook)
    lab.shot(f"{step}-{notebook.removesuffix('.ipynb')}-ran")


def assert_widgets_rendered(lab, notebook: str, timeout: float = 20.0) -> int:
    """Every cell with a widget-view output shows it: a drawn element, no ipywidgets error text."""
    cells = sorted({v["cell"] for v in lab.widget_model_ids()})
    problems = lab.evaluate_panel(
        """const t0 = Date.now();
        const check = () => arg.cells.flatMap((i) => {
          const outputs = [...panel.content.widgets[i].node.querySelectorAll('.jp-OutputArea-output')];
          const text = outputs.map((o) => o.innerText).join(' ');
          if (/Error displaying widget|Error rendering|model not found/.test(text)) return [`cell ${i}: ${text}`];
          const drawn = outputs.some((o) => [...o.querySelectorAll('.lm-Widget')].some(
            (w) => w.getBoundingClientRect().height > 10 && w.getBoundingClientRect().width > 10));
          return drawn ? [] : [`cell ${i}: widget not drawn`];
        });
        let problems = check();
        while (problems.length && Date.now() - t0 < arg.timeout) {
          await new Promise((r) => setTimeout(r, 50));
          problems = check();
        }
        return problems;""",
        {"cells": cells, "timeout": timeout * 1000},
    )
    assert not problems, f"{notebook}: widgets did not render: {problems}"
    # plotly draws its traces asynchronously: wait for them in every figure there is, whatever the
    # trace type (scatter and bar traces are both drawn as `g.trace`, each in its own layer)
    plots = lab.panel.locator(".js-plotly-plot")
    for i in range(plots.count()):
        plots.nth(i).locator("g.trace").first.wait_for(state="attached", timeout=timeout * 1000)
    return len(cells)
