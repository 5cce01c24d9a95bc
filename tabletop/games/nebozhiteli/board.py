"""Nebozhiteli's board view: the kernel's "zones" board (:func:`~tabletop.core.boardview.board_view`) with what
this game shows on its cards, and its combat drawn as lanes.

- A creature on the summoning field (поле вызова) shows the mana put on it as a counter, ``mana 2/3``
  (nb.summon_mana, L39), to whoever sees the card (its owner: nb.assume.shuffle); to everyone else the card
  is face down with ``mana 2`` on its back, since the counters lie on the table.
- A creature in play shows its attack strength (nb.strength, L42), its lives (nb.lives, L40) and its armour
  against physical damage (nb.assume.armour); while a phase runs, its ledger (nb.L76, L76) as counters
  (``damage 3``, ``healing 1``, ``loss 2``), and ``dies at end of phase`` when the sum leaves it fewer than one
  life; statuses ``just summoned`` (nb.sickness, L41), ``first strike``, ``readiness``, ``vampire``, and in the
  ranged phase ``aims at ...`` (nb.ranged, L53).
- An item lies on its creature (``attached_to``: nb.equip_phase, L47, "put on top of the creature card").
- From the declaring of attackers to the damage (L57-L76), the view's layout is ``lanes``: one lane for each
  attacker (``combat:<id>``), the attacker on its side and its blockers (nb.block_one, L65) facing it, each
  blocker with the damage its attacker's owner gave it (``takes 2``, nb.redistribute, L72). The view's
  ``combat`` has the attackers, the blocks and the splits as data.

The board names no card its viewer may not see: it reads the kernel's view (``game.view(player)``).
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Table, board_view

from . import engine as E

COMBAT_SUBS = ("attackers", "blockers", "damage")  # nb.attackers .. nb.damage (L57-L76): drawn as lanes
STATUS_FLAGS = (("first_strike", "first strike"), ("readiness", "readiness"), ("vampire", "vampire"))


def board(game: Table, player: int | None = None) -> dict:
    """The board as ``player`` sees it (None: a spectator), plain JSON (see the module's text)."""
    view = board_view(game, player, E.ZONES, describe=_describe, players=_players, turn=("number", "player", "sub"))
    _counters_on_backs(game, view, player)
    combat = game.state.vars.get("combat")
    if combat and game.state.turn.get("sub") in COMBAT_SUBS:
        _lanes(game, view, combat)
    _recount(view)
    return view


def _counters_on_backs(game: Table, view: dict, player: int | None) -> None:
    """nb.summon_mana (L39): a face-down summoning-field creature shows the mana lying on it (a public field)."""
    seen = game.view(player)["objects"]
    for card in view["cards"]:
        if card["face_down"] and str(card["zone"]).startswith("summoning:"):
            card["counters"] = {"mana": seen[card["id"]].get("mana", 0)}


def _recount(view: dict) -> None:
    """A zone seen into counts the cards drawn in it: not the items lying on their creatures, nor the creatures
    drawn in a combat lane (the renderer draws a zone's missing cards as a face-down pile)."""
    drawn: dict[str, int] = {}
    for card in view["cards"]:
        if "attached_to" not in card:
            drawn[card["zone"]] = drawn.get(card["zone"], 0) + 1
    for zone in view["zones"]:
        if not zone.get("hidden") and zone.get("kind") != "lane":
            zone["count"] = drawn.get(zone["id"], 0)


def _describe(game: Table, entry: dict, obj: dict) -> None:
    data = game.rulebook.cards[obj["card"]]
    entry.update(kind="card", name=data["name"], type=data["type"], text=data.get("text", ""))
    entry["tapped"] = bool(obj.get("tapped"))
    oid = entry["id"]
    if data["type"] == "creature":
        entry["cost"] = data["cost"]
        zone = str(obj["zone"])
        if zone.startswith("summoning:"):
            entry["counters"] = {"mana": f"{obj.get('mana', 0)}/{data['cost']}"}  # nb.summon_mana (L39)
        elif zone.startswith("field:"):
            _in_play(game, entry, obj, data)
    if obj.get("on"):
        entry["on"] = obj["on"]
        if E.on_field(game, obj["on"]):
            entry["attached_to"] = obj["on"]  # nb.equip_phase (L47): the item lies on its creature
    if oid in _aims(game):
        entry.setdefault("statuses", []).append(f"aims at {E.name_of(game, _aims(game)[oid])}")


def _in_play(game: Table, entry: dict, obj: dict, data: dict) -> None:
    """A creature on the playing field: attack, lives, armour; the phase's ledger; its statuses."""
    oid = entry["id"]
    stats: dict[str, Any] = {"attack": E.strength(game, oid), "lives": obj.get("lives", 0)}
    armour = E.armour_against(game, oid, "physical")
    if armour:
        stats["armour"] = armour
    entry["stats"] = stats
    totals = {k: v for k, v in E.LIFE.totals(game, oid).items() if v}
    entry["ledger"] = dict(totals)
    entry["counters"] = totals
    statuses = [word for flag, word in STATUS_FLAGS if data.get(flag)]
    if obj.get("sick"):
        statuses.insert(0, "just summoned")
    if totals and int(obj.get("lives", 0)) + E.LIFE.net(game, oid) < 1:
        statuses.insert(0, "dies at end of phase")  # nb.L76: fewer than one life when the phase ends
    entry["statuses"] = statuses
    entry["sick"] = bool(obj.get("sick"))


def _aims(game: Table) -> dict[str, str]:
    """Shooter -> its target, in the ranged phase (nb.ranged)."""
    return {s: t for s, t in game.state.vars.get("shots", ())}


def _lanes(game: Table, view: dict, combat: dict) -> None:
    """The combat as lanes: each attacker in play with its blockers (nb.block_one), in the order declared."""
    attackers = [a for a in combat["attackers"] if E.on_field(game, a)]
    if not attackers:
        return
    blocks = combat.get("blocks", {})
    splits = combat.get("splits", {})
    lane_of: dict[str, str] = {}
    lanes = []
    for k, a in enumerate(attackers, 1):
        lane = f"combat:{a}"
        blockers = [b for b, att in blocks.items() if att == a and E.on_field(game, b)]
        what = f"{len(blockers)} blocking" if blockers else "unblocked"
        lanes.append({"id": lane, "label": f"attack {k}: {what}", "owner": None, "kind": "lane", "attacker": a})
        lane_of[a] = lane
        for b in blockers:
            lane_of[b] = lane
    for card in view["cards"]:
        if card["id"] not in lane_of:
            continue
        lane = lane_of[card["id"]]
        card["in_zone"] = card["zone"]  # where the card really is (the playing field)
        card["zone"] = lane
        for split in splits.values():
            if card["id"] in split:
                card.setdefault("counters", {})["takes"] = split[card["id"]]
    view["layout"] = "lanes"
    view["zones"] = [*lanes, *view["zones"]]
    view["combat"] = {
        "attackers": list(combat["attackers"]),
        "blocks": dict(blocks),
        "splits": {a: dict(s) for a, s in splits.items()},
    }


def _players(game: Table) -> list[dict]:
    st = game.state
    return [
        {
            "id": p,
            "mana": E.mana(game, p),
            "actions": E.actions(game, p),
            "hand": len(st.zone(E.z("hand", p))),
            "creature deck": len(st.zone(E.z("creatures", p))),
            "main deck": len(st.zone(E.z("main", p))),
        }
        for p in E.PLAYERS
    ]
