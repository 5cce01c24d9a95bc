"""Issue 16: an unrun notebook shows every board and figure as a picture, in JupyterLab and in nbconvert's HTML.

In JupyterLab, each committed notebook the Lab tests run is opened unrun first and checked in that same visit
(``visits.py``: tests/browser/test_lab.py and test_lab_new_rulebooks.py); the committed notebooks no Lab test runs
are opened unrun here. Every committed notebook's ``jupyter nbconvert --to html`` is loaded in Chromium and checked
the same way. Screenshots of every notebook are written (look at them: a test that passes on a blank page proves
nothing).
"""

from __future__ import annotations

import pytest
from nbconvert import HTMLExporter

from .harness import NOTEBOOKS
from .notebooks import LAB_NOTEBOOKS
from .visits import COMMITTED, PICTURE_ANYWHERE, RUN_ON, expected, open_unrun

pytestmark = pytest.mark.slow


# The committed notebooks no Lab test runs: opened unrun here (so every committed notebook is, one way or the other).
UNRUN_ONLY = [n for n in COMMITTED if n not in LAB_NOTEBOOKS]


def test_the_lab_notebooks_are_committed_notebooks():
    """A name in LAB_NOTEBOOKS that is no committed notebook (one renamed) would leave the notebook under its new
    name to this file's unrun check alone, never run in the Lab: this names the stale entries."""
    assert set(LAB_NOTEBOOKS) <= set(COMMITTED), sorted(set(LAB_NOTEBOOKS) - set(COMMITTED))


@pytest.mark.parametrize("notebook", UNRUN_ONLY)
def test_unrun_notebook_shows_pictures_in_lab(lab, notebook):
    open_unrun(lab, notebook)


@pytest.mark.parametrize("notebook", COMMITTED)
def test_nbconvert_html_shows_pictures(browser, shots, tmp_path, notebook):
    """``jupyter nbconvert --to html`` of the committed notebook: every board, widget and figure a picture."""
    html = tmp_path / notebook.replace(".ipynb", ".html")
    converted, _ = HTMLExporter().from_filename(str(NOTEBOOKS / notebook))  # what `jupyter nbconvert --to html` writes
    html.write_text(converted, encoding="utf-8")
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
