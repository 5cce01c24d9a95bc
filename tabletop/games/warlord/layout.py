"""Ready positions for Warlord (option ``layout``): each player's army rank by rank, items, hand and deck, and
who holds the initiative, so a test or a notebook starts where a rule shows.

A layout maps a player (``"0"``, ``"1"`` ...) to ``{"army": [[rank 1], [rank 2], ...], "hand": [card ids],
"deck": {card id: copies}}``; a character of a rank is a card id or ``{"card", "state", "wounds", "items"}``.
The army needs a Warlord (wl.victory). ``"initiative"`` names the holder before the first roll.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tabletop.core import Table

from . import army as A

STATES = A.STATES


def check(layout: Any, cards: Mapping[str, dict]) -> bool:
    """Refuse a layout that names an unknown card, a bad state or an army without a Warlord, saying where."""
    if layout is None:
        return True
    if not isinstance(layout, Mapping):
        raise ValueError(f"layout: a table of players, not {layout!r}")
    for key, side in layout.items():
        if key == "initiative":
            continue
        where = f"layout[{key!r}]"
        if not isinstance(side, Mapping) or not isinstance(side.get("army"), list):
            raise ValueError(f"{where}: needs an 'army', a list of ranks")
        warlords = 0
        for r, rank in enumerate(side["army"], 1):
            for c in rank:
                entry = {"card": c} if isinstance(c, str) else dict(c)
                cid = str(entry.get("card"))
                if cid not in cards or cards[cid]["type"] != "character":
                    raise ValueError(f"{where}.army rank {r}: {cid!r} is not a character card")
                if entry.get("state", "ready") not in STATES:
                    raise ValueError(f"{where}.army rank {r}: state {entry['state']!r} is not one of {STATES}")
                for i in entry.get("items", ()):
                    if i not in cards or cards[i]["type"] != "item":
                        raise ValueError(f"{where}.army rank {r}: {i!r} is not an item card")
                warlords += "Warlord" in cards[cid]["traits"]
        if warlords != 1:
            raise ValueError(f"{where}.army: one Warlord needed (wl.victory), not {warlords}")
        for cid in [*side.get("hand", ()), *side.get("deck", {})]:
            if cid not in cards:
                raise ValueError(f"{where}: no card {cid!r}")
    return True


def build(game: Table, layout: Mapping[str, Any]) -> None:
    st = game.state
    cards = game.rulebook.cards
    st.vars["initiative"] = int(layout.get("initiative", 0))
    for p in range(len(st.players)):
        side = layout[str(p)]
        for r, rank in enumerate(side["army"], 1):
            for c in rank:
                entry = {"card": c} if isinstance(c, str) else dict(c)
                cid = entry["card"]
                oid = A.ZONES.new_card(
                    game,
                    cid,
                    A.z("army", p),
                    p,
                    rank=r,
                    state=entry.get("state", "ready"),
                    wounds=entry.get("wounds", 0),
                    mods=[],
                )
                if "Warlord" in cards[cid]["traits"]:
                    st.update_player(p, warlord=oid, faction=cards[cid]["traits"][0])
                for i in entry.get("items", ()):
                    A.ZONES.new_card(game, i, A.z("gear", p), p, on=oid)
        for cid in side.get("hand", ()):
            A.ZONES.new_card(game, cid, A.z("hand", p), p)
        A.DECKS[p].fill(game, [k for k, n in side.get("deck", {}).items() for _ in range(n)])
