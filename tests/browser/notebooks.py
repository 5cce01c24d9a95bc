"""Kernel probes of the browser tests, and the small notebooks they add to the served copy (never to notebooks/)."""

from __future__ import annotations

# Every committed notebook the Lab tests open and run (each once: opened unrun, checked, run; visits.py); the
# committed notebooks left out are opened unrun by test_unrun.py.
LAB_NOTEBOOKS = [
    "00_tour.ipynb",
    "01_memory.ipynb",
    "03_hearthstone.ipynb",
    "04_berserk_heroes.ipynb",
    "05_marvel_champions.ipynb",
    "06_nebozhiteli.ipynb",
    "07_gw2_heroes_of_the_mists.ipynb",
    "08_warlord.ipynb",
    "15_marvel_champions_judges.ipynb",
    "20_timing_compared.ipynb",
    "21_write_your_own.ipynb",
]
# The notebooks whose first Lab test_lab_new_rulebooks.py plays by clicks (after running them).
NEW_RULEBOOK_LABS = ["06_nebozhiteli.ipynb", "07_gw2_heroes_of_the_mists.ipynb", "08_warlord.ipynb"]
# The notebook whose puzzle test_lab_puzzle.py plays (after running it).
PUZZLE_NOTEBOOK = "21_write_your_own.ipynb"

# The Lab's computer seats, quicker: the moves are the same, only the pause between them shrinks (Lab.delay and
# Lab.pause are the teacher's pace; the browser tests need not watch it).
QUICK_COMPUTER = """\
import gc as _tt_gc
from tabletop.widgets import Lab as _TtLab
for _tt_lab in [o for o in _tt_gc.get_objects() if isinstance(o, _TtLab)]:
    _tt_lab.delay = 0.05
    if _tt_lab.pause is not None:
        _tt_lab.pause = 0.2
print(sum(1 for o in _tt_gc.get_objects() if isinstance(o, _TtLab)))
"""

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

# A student's Lab: seat 0 of a Hearthstone game against the greedy agent (issue 16), and a hot-seat Lab.
SEAT_LAB = [
    """import tabletop as tt
from tabletop.analysis.agents import GreedyAgent
from tabletop.widgets import Lab

lab = Lab(tt.rulebook("hearthstone").new_game(seed=1), seat=0, opponents={1: GreedyAgent(seed=0)}, delay=0.25)
lab""",
]
HOT_SEAT_LAB = [
    """import tabletop as tt
from tabletop.widgets import Lab

hot = Lab(tt.rulebook("hearthstone").new_game(seed=2))
hot""",
]

# What the student's seat may not see, and what it must: the hands' ids and the names only the other seat knows.
SEAT_PROBE = """\
import json as _tt_json
_tt_g = lab.game
_tt_rb = _tt_g.rulebook
_tt_seen = {_tt_rb.cards[o["card"]]["name"] for o in _tt_g.state.objects.values()
            if o.get("card") in _tt_rb.cards and _tt_rb.visible(_tt_g.table, o, 0)}
print(_tt_json.dumps({
    "mine": list(_tt_g.state.zones["hand:0"]),
    "theirs": list(_tt_g.state.zones["hand:1"]),
    "secret": sorted({_tt_rb.cards[_tt_g.state.objects[o]["card"]]["name"] for o in _tt_g.state.zones["hand:1"]}
                     - _tt_seen - {"The Coin"}),
    "over": _tt_g.over, "result": _tt_g.result, "decision": None if _tt_g.decision is None else _tt_g.decision.player,
    "moves": lab.moves, "computer": sum(1 for h in _tt_g.history if h["player"] == 1 and not h.get("auto")),
}))
"""

# Why and why not in the Lab, and a timeline branch (issue 16): a death chain to ask about, a summoning-sick
# minion to click, a memory game to scrub back and branch.
WHY_LAB = [
    """import json
import tabletop as tt
from tabletop.analysis.agents import GreedyAgent
from tabletop.widgets import Lab""",
    """death = Lab(tt.rulebook("hearthstone").scenario("death-chain"), seat=0, opponents={1: GreedyAgent(seed=0)})
death""",
    """sick = Lab(tt.rulebook("hearthstone").scenario("sword-and-juggler"), seat=0, opponents={1: GreedyAgent(seed=0)})
sick""",
    """branch = Lab(tt.rulebook("memory").new_game(seed=3, pairs=6), pause=None)
branch""",
]

EXTRA_NOTEBOOKS: dict[str, list[str]] = {
    "tt_broken_widget.ipynb": BROKEN_WIDGET,
    "tt_seat_lab.ipynb": SEAT_LAB,
    "tt_hot_seat_lab.ipynb": HOT_SEAT_LAB,
    "tt_why_lab.ipynb": WHY_LAB,
}
