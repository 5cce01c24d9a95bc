"""The board of Warlord: the kernel's "zones" board view, each character with its rank, state, wounds, ATK per
strike and AC, and each army's ranks front rank first with the distance from every other army's front rank
(wl.ranks, L46/L210: r + s - 1)."""

from __future__ import annotations

from tabletop.core import Table, board_view

from . import army as A


def board(game: Table, player: int | None = None) -> dict:
    view = board_view(game, player, A.ZONES, describe=describe, players=players, turn=("number", "player"))
    view["ranks"] = ranks(game)
    return view


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
