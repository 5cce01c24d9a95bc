"""Make the README's screenshots: real boards and a trigger chain, drawn by JupyterLab in headless Chromium.

    .venv/bin/python docs/img/screenshots.py        # writes docs/img/board.png, docs/img/chain.png

It serves a copy of the notebooks with one more small notebook (the cells below, the same calls as
``notebooks/03_hearthstone.ipynb``), runs it in JupyterLab exactly as a student would (Run All), and
screenshots two outputs: a Hearthstone board seen from player 0's seat (their hand face up) with the
options of the decision, and the trigger chain of one attack that sets off two death phases. It
uses the browser-test harness (``tests/browser/harness.py``): Debian's ``/usr/bin/chromium`` and
Playwright's Python package; never ``playwright install``. Look at the pictures before committing.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))

from tests.browser.harness import LabPage, LabServer, launch_browser  # noqa: E402

NOTEBOOK = "tt_readme_screenshots.ipynb"
CELLS = [
    """import plotly.io as pio
import tabletop as tt
from tabletop.analysis import GreedyAgent, RandomAgent
from tabletop.render.chains import chain_figure
from tabletop.render.pictures import plotly_renderer
from tabletop.widgets import BoardWidget

pio.renderers.default = plotly_renderer()
rb = tt.rulebook("hearthstone")""",
    # a duel: greedy (player 0) against random, played to turn 5, on player 0's board
    """duel = rb.new_game(seed=11)
agents = [GreedyAgent(seed=1), RandomAgent(seed=2)]
while duel.decision is not None and duel.state.turn["number"] < 5:
    duel.apply(agents[duel.decision.player].choose(duel, duel.decision.player))
BoardWidget(duel, player=0)""",
    # one attack, two death phases (03_hearthstone, section on the death phase)
    """chain_game = rb.scenario("death-chain")


def card(game, name, zone):
    return next(o for o in game.state.zones[zone] if rb.cards[game.state.objects[o]["card"]]["name"] == name)


start = len(chain_game.trace)
chain_game.apply(f"attack:{card(chain_game, 'Bog Crawler', 'board:0')}>{card(chain_game, 'Abomination', 'board:1')}")
chain_figure(tt.trigger_chain(chain_game, since=start), title="One attack, two death phases").show()""",
]
# The box of what an element draws: its svg, img, canvas and buttons and its text, not the boxes
# around them (those may be as wide as the page), in page coordinates, for a clipped screenshot.
DRAWN_BOX_JS = """(el) => {
  const r0 = el.getBoundingClientRect();
  let right = r0.left, bottom = r0.top;
  const grow = (r) => {
    if (r.width && r.height) { right = Math.max(right, r.right); bottom = Math.max(bottom, r.bottom); }
  };
  for (const c of el.querySelectorAll('svg, img, canvas, button')) grow(c.getBoundingClientRect());
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (!n.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    grow(range.getBoundingClientRect());
  }
  return {x: r0.left + window.scrollX, y: r0.top + window.scrollY,
          width: Math.min(right, r0.right) - r0.left + 8, height: Math.min(bottom, r0.bottom) - r0.top + 4};
}"""
SHOTS = {"board.png": (1, ".tt-board-widget"), "chain.png": (2, ".js-plotly-plot")}  # cell, element


def main() -> None:
    from playwright.sync_api import sync_playwright

    with LabServer(extra={NOTEBOOK: CELLS}) as server, sync_playwright() as p:
        browser = launch_browser(p)
        try:
            context = browser.new_context(viewport={"width": 2000, "height": 3000}, device_scale_factor=1.25)
            page = context.new_page()
            page.set_default_timeout(60_000)
            lab = LabPage(page, server)
            lab.open(NOTEBOOK)
            errors = lab.run_all(timeout=120)
            if errors:
                raise SystemExit(f"cells raised: {errors}")
            page.locator(".js-plotly-plot g.trace").first.wait_for(state="attached")
            page.wait_for_timeout(1500)  # plotly's last layout pass
            for name, (index, selector) in SHOTS.items():
                output = lab.cell(index).locator(selector).first
                output.scroll_into_view_if_needed()
                # the element may be as wide as the page: clip to what its descendants draw
                box = output.evaluate(DRAWN_BOX_JS)
                page.screenshot(path=str(OUT / name), clip=box, full_page=True)
                print(OUT / name)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
