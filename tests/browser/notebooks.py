"""Kernel probes of the browser tests, and the small notebooks they add to the served copy (never to notebooks/)."""

from __future__ import annotations

# Every BoardWidget in the kernel as JSON: [model_id, moves, fingerprint, game fingerprint, options].
BOARDS_PROBE = """\
import json as _tt_json
from ipywidgets.widgets.widget import _instances as _tt_instances
from tabletop.widgets import BoardWidget as _TtBoard
print(_tt_json.dumps([
    {"model_id": w.model_id, "moves": w.moves, "fingerprint": w.fingerprint,
     "game_fingerprint": w.game.fingerprint(), "legal": list(w.game.decision.ids) if w.game.decision else []}
    for w in list(_tt_instances.values()) if isinstance(w, _TtBoard)
]))
"""

# A widget that throws in render and in a click handler, with messages that do not name us: the
# console filter must still attribute both to our widgets (anywidget loads ESM from blob: URLs).
BROKEN_WIDGET = [
    '''import anywidget


class Broken(anywidget.AnyWidget):
    _esm = """
    export default { render({ el }) {
      const button = document.createElement("button");
      button.className = "selftest-broken";
      button.textContent = "broken";
      button.addEventListener("click", () => { null.boom; });
      el.append(button);
      throw new Error("boom in render");
    } }"""


Broken()''',
]

# Every TriggerChainWidget's selected step and every StateGraphWidget's selected state and board.
FIGURES_PROBE = """\
import json as _tt_json
from ipywidgets.widgets.widget import _instances as _tt_instances
from tabletop.widgets import StateGraphWidget as _TtStates, TriggerChainWidget as _TtChain
_tt_ws = list(_tt_instances.values())
print(_tt_json.dumps({
    "chains": [None if w.selected is None else str(w.selected) for w in _tt_ws if isinstance(w, _TtChain)],
    "states": [[w.selected, w.board.fingerprint] for w in _tt_ws if isinstance(w, _TtStates)],
}))
"""

EXTRA_NOTEBOOKS: dict[str, list[str]] = {
    "tt_broken_widget.ipynb": BROKEN_WIDGET,
}
