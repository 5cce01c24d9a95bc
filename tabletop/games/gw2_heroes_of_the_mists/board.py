"""The board of Heroes of the Mists: the kernel's "zones" board view (``tabletop.core.board_view``), each card
in play with its health, damage tokens and damage, and its boons and conditions drawn as status tokens on the
card (gw2.tokens, L136, L142): one token a status, with its stacks (``tokens`` in
:mod:`tabletop.render.board`), a boon blue and a condition red.

>>> from tabletop.games.gw2_heroes_of_the_mists import RULEBOOK
>>> game = RULEBOOK.scenario("damage-order")
>>> view = board(game.table)
>>> [(c["name"], [(t["name"], t["stacks"]) for t in c["tokens"]]) for c in view["cards"] if c.get("tokens")][0]
('Centaur Spearman', [('Might', 2), ('Weakness', 1)])
"""

from __future__ import annotations

from tabletop.core import Table, board_view

from . import engine as E
from .statuses import STATUSES


def board(game: Table, player: int | None = None) -> dict:
    """A plain JSON board ("zones" layout): every zone and card, health, damage, status tokens and stamina."""
    return board_view(game, player, E.ZONES, describe=describe, players=players, turn=("number", "player"))


def tokens(game: Table, oid: str) -> list[dict]:
    """The status tokens on a card: ``{"name", "stacks", "kind"}`` (kind ``boon`` or ``condition``), in the
    order they were gained."""
    return [{"name": name, "stacks": n, "kind": STATUSES[name].kind} for name, n in STATUSES.of(game, oid).items() if n]


def describe(game: Table, entry: dict, obj: dict) -> None:
    """What a face-up card shows: its name, type and text; in play, its health left of its full health
    (``health 78/80``), its damage tokens (значки урона) as ``wounds 2`` where it has any, a minion's cost, damage and
    whether it is active, and its status tokens; in a hand, its cost."""
    data = game.rulebook.cards[obj["card"]]
    entry.update(kind="card", name=data["name"], type=data["type"], text=data.get("text", ""))
    if data["type"] in ("minion", "profession") and E.in_play(game, entry["id"]):
        full = E.health(game, entry["id"]) + int(obj.get("wounds", 0))
        stats: dict[str, object] = {"health": f"{E.health(game, entry['id'])}/{full}"}
        if data["type"] == "minion":
            stats |= {"cost": data["cost"], "damage": game.value(entry["id"], "damage")}
            entry["active"] = bool(obj.get("active"))
        entry["stats"] = stats
        if obj.get("wounds"):  # gw2.tokens (L126, L130): the damage tokens lying on the card
            entry["counters"] = {"wounds": int(obj["wounds"])}
        entry["tokens"] = tokens(game, entry["id"])
    elif "cost" in data:
        entry["stats"] = {"cost": data["cost"]}


def players(game: Table) -> list[dict]:
    st = game.state
    return [
        {
            "id": p,
            "stamina": E.stamina(game, p),
            "hand": len(st.zone(E.z("hand", p))),
            "deck": len(st.zone(E.z("deck", p))),
        }
        for p in E.PLAYERS
    ]
