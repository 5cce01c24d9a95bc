"""Where on the board an option puts a card: the drop slots a hand card that needs a position offers.

An option id of the form ``verb:card@k`` (Hearthstone's ``play:c67@1``: play minion ``c67`` at position
``k`` of its owner's board) says where the card goes. The board view names the zones and the cards in
them, in order, so the slot is found from the view alone: the one zone of kind ``board`` owned by the
owner of the card's zone, between its cards ``k - 1`` and ``k``. ``widgets/board.js`` draws a thin
marker there when the card is selected, and a click on the marker chooses the option, instead of a
menu of "at position 0 / 1 / 2". An option whose slot cannot be found (no such zone, two of them, ``k``
past the end) gets none and stays in the menu.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["slots"]

# verb ":" actor "@" position, then maybe more (a target: ">c9")
POSITIONED = re.compile(r"^[^:>#@+]+:(?P<actor>[^:>#@+]+)@(?P<index>\d{1,3})(?:[>#+].*)?$")


def slots(view: dict, option_ids: Iterable[str]) -> list[dict]:
    """The drop slot of each option of ``option_ids`` that places a card: ``{"option", "actor", "zone",
    "index", "after", "before"}`` (``after``/``before``: the ids of the cards either side, or None)."""
    zones = {z.get("id"): z for z in view.get("zones") or () if isinstance(z, dict)}
    where: dict[str, str] = {}
    in_zone: dict[str, list[str]] = {}
    for card in view.get("cards") or ():
        if isinstance(card, dict) and isinstance(card.get("id"), str):
            where[card["id"]] = card.get("zone")
            in_zone.setdefault(card.get("zone"), []).append(card["id"])
    out = []
    for oid in option_ids:
        m = POSITIONED.match(str(oid))
        if not m or m["actor"] not in where:
            continue
        home = zones.get(where[m["actor"]])
        if home is None or home.get("owner") is None:
            continue
        boards = [z for z in zones.values() if z.get("kind") == "board" and z.get("owner") == home.get("owner")]
        if len(boards) != 1 or boards[0]["id"] == home["id"]:
            continue
        zone = boards[0]["id"]
        row = in_zone.get(zone, [])
        k = int(m["index"])
        if k > len(row):
            continue
        out.append(
            {
                "option": str(oid),
                "actor": m["actor"],
                "zone": zone,
                "index": k,
                "after": row[k - 1] if k > 0 else None,
                "before": row[k] if k < len(row) else None,
            }
        )
    return out
