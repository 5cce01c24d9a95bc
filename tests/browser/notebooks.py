"""Small notebooks the browser tests add to the served copy (never to the repository's notebooks/)."""

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

MEMORY_BOARD = [
    "import tabletop as tt\nfrom tabletop.widgets import BoardWidget",
    'board = BoardWidget(tt.rulebook("memory").new_game(seed=3, pairs=6))\nboard',
]

EXTRA_NOTEBOOKS: dict[str, list[str]] = {
    "tt_memory_board.ipynb": MEMORY_BOARD,
}
