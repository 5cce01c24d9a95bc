"""The board of Warlord, drawn in the renderer's ``ranks`` layout: each army in its ranks (ряды), front rank first
and nearest the middle, every front rank facing every other (wl.ranks, L46/L210, L106/L276), each character in its
place with its state, wounds, ATK per strike and AC. A rank's label gives its distance to every enemy front rank
(r + s - 1 with s = 1: its own number) and says when it is illegal (wl.legal, L46-L47/L210-L211: more characters
than the rank in front). Each item is drawn on the character holding it (wl.item, L81-L82/L251-L252); decks,
hands and discard piles in each player's panel. ``ranks`` keeps the formation as data.

>>> from tabletop.games.warlord import RULEBOOK
>>> view = board(RULEBOOK.scenario("reform-before-react").table, 1)
>>> view["layout"]
'ranks'
>>> for z in view["zones"][2:5]:
...     print(z["label"])
player 1 · rank 1 (front) · 1 to enemy fronts
player 1 · rank 2 · 2 to enemy fronts · illegal: reform
player 1 · rank 3 · 3 to enemy fronts
"""

from __future__ import annotations

from tabletop.core import Table, board_view

from . import army as A


def board(game: Table, player: int | None = None) -> dict:
    view = board_view(game, player, A.ZONES, describe=describe, players=players, turn=("number", "player"))
    view["ranks"] = ranks(game)
    view["turn"] = {"number": game.rulebook.turn_number(game.state)}  # wl.phases (L53/L217): its round
    _draw_ranks(view)
    view["viewer"] = 0 if player is None else player
    return view


def _draw_ranks(view: dict) -> None:
    """The armies as rank zones (``rank:<player>:<n>``) in the ``ranks`` layout, each card in its slot."""
    place: dict[str, tuple[str, int]] = {}
    rank_zones = []
    for p, army in view["ranks"].items():
        widest = max((len(r["cards"]) for r in army), default=1)  # (each rank of an army as wide as its widest)
        for r in army:
            zid = f"rank:{p}:{r['rank']}"
            label = f"player {p} · rank {r['rank']}" + (" (front)" if r["rank"] == 1 else "")
            label += f" · {r['distance_to_enemy_front']} to enemy fronts" + ("" if r["legal"] else " · illegal: reform")
            rank_zones.append(
                {"id": zid, "label": label, "owner": int(p), "kind": "rank", "rank": r["rank"], "slots": widest}
            )
            place.update({oid: (zid, slot) for slot, oid in enumerate(r["cards"], 1)})
    for card in view["cards"]:
        if card["id"] in place:
            card["zone"], card["pos"] = place[card["id"]]
    view["zones"] = [*rank_zones, *(z for z in view["zones"] if z.get("kind") != "army")]
    view["layout"] = "ranks"


def ranks(game: Table) -> dict[str, list[dict]]:
    """Each army's ranks: front rank first, its characters left to right, and whether it is legal (wl.legal)."""
    out: dict[str, list[dict]] = {}
    for p in range(len(game.state.players)):
        bad = set(A.illegal(game, p))
        out[str(p)] = [
            {"rank": i + 1, "cards": list(r), "legal": i + 1 not in bad, "distance_to_enemy_front": i + 1}
            for i, r in enumerate(A.formation(game, p))
        ]
    return out


def describe(game: Table, entry: dict, obj: dict) -> None:
    data = game.rulebook.cards[obj["card"]]
    entry.update(kind="card", name=data["name"], type=data["type"], text=data.get("text", ""))
    if data["type"] == "character" and A.alive(game, entry["id"]):
        oid = entry["id"]
        strikes = [A.atk(game, oid, i) for i in range(max(A.strikes(game, oid), 1))]
        entry["stats"] = {
            "ATK": "/".join(map(str, strikes)),
            "AC": A.ac(game, oid),
            "HP": data["hp"],
            "wounds": obj.get("wounds", 0),
        }
        entry["rank"], entry["state"] = obj.get("rank"), A.state_of(game, oid)
    if obj.get("on") and A.alive(game, obj["on"]):
        entry["attached_to"] = obj["on"]  # wl.item (L81-L82/L251-L252): the item is drawn on its holder


def players(game: Table) -> list[dict]:
    st = game.state
    return [
        {
            "id": p,
            "out": bool(st.players[p].get("out")),
            "hand": len(st.zone(A.z("hand", p))),
            "deck": len(st.zone(A.z("deck", p))),
            "initiative": st.vars.get("initiative") == p,
        }
        for p in range(len(st.players))
    ]
