"""Warlord's position files (docs/positions.md), for the puzzles of notebook 08: the ``[turn]``, ``[[players]]``,
``[zones]`` and ``[vars]`` tables of a position, read into a game and written back.

Every card is listed in its zone by its id (``c12``) with its card id and what it carries: ``rank`` (wl.ranks),
``state`` (ready, spent, stunned: wl.states), ``wounds`` (wl.melee), ``mods`` (the bonuses and penalties of the
turn, wl.duration), ``on`` (the character an item is given to, wl.equip); a card out of play has ``rank = 0`` and
``state = "none"``. A deck is its composition, its order being nobody's to know; its face-down objects are named by
``ids``. A player is his ``warlord`` (an object id), his ``faction`` and whether he is ``out`` (wl.victory). A
position inside an attack or a React poll has the engine's ``pending`` besides, as the kernel writes it.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Table
from tabletop.core.position_files import PositionSpec
from tabletop.core.positions import Node, at_step, hidden_deck, id_number, step_of, suggest, zones_table

from . import army as A

FIELDS: dict[str, type | tuple[type, ...]] = {
    "rank": int,
    "state": str,
    "wounds": int,
    "mods": list,
    "on": str,
    "kind": str,
    "owner": int,
    "controller": int,
    "vis": str,
    "ts": int,
}

NONE: dict[str, Any] = {"rank": 0, "state": "none", "on": ""}  # how a None is written (TOML has no None)


def players_of(data: dict) -> int:
    return max(2, len(data.get("players", ())))


# ------------------------------------------------------------------ reading
def build(game: Table, root: Node) -> None:
    """The position of ``root`` in a new game's empty state (see the module docstring)."""
    st = game.state
    n = len(st.players)
    A.ZONES.setup(game)
    known = tuple(A.ZONES.ids(n))
    zones = zones_table(root, known, game.rulebook.id)
    made: list[dict[str, Any]] = []
    for name in known:
        kind, p = name.split(":")[0], int(name.split(":")[1])
        if kind == "deck":
            listed = name in zones
            hidden_deck(game, zones, name, A.DECKS[p])
            if listed:  # (a deck drawn empty is written, its composition kept as {}: wl.deck_out, L109/L279)
                st.vars.setdefault(A.DECKS[p].var, {})
            continue
        for i, item in enumerate(zones.take(name, list, [])):
            entry = Node(zones.doc, (*zones.at(name), i), zones.check((*zones.at(name), i), item, dict))
            made.append(_card(game, entry, name, p, made))
    for obj in sorted(made, key=lambda o: o["ts"]):
        st.objects[obj["id"]] = obj
    for name in known:
        if not name.startswith("deck:"):
            st.zones[name] = tuple(o["id"] for o in made if o["zone"] == name)
    for p, node in enumerate(root.tables("players", at_most=n)):
        info: dict[str, Any] = {"warlord": node.take("warlord", str), "faction": node.take("faction", str, "")}
        if node.take("out", bool, False):
            info["out"] = True
        st.update_player(p, **info)
        node.done()
    for key, value in root.table("vars").items():
        st.vars[key] = value
    turn = root.table("turn")
    step = turn.take("step", str, "ready")
    at_step(game, turn, player=turn.take("player", int, 0), step=step, number=turn.take("number", int, 1, at_least=0))
    st.set_turn(round=turn.take("round", int, st.turn["round"], at_least=1))
    # ``turns``: Warlord's own count of turns (wl.ready adds one, wl.draw_phase skips the first turn's draw);
    # absent, a position before its Ready Phase has had none, any other is in the first turn
    turns = turn.take("turns", int, None, at_least=0)
    st.set_turn(turns=(0 if step == "ready" else 1) if turns is None else turns)
    turn.done()


def _card(game: Table, entry: Node, zone: str, p: int, made: list[dict[str, Any]]) -> dict[str, Any]:
    cards = game.rulebook.cards
    oid = entry.take("id", str)
    if id_number(oid) is None or any(o["id"] == oid for o in made):
        raise entry.error("id", f"{oid!r} is not a new card id ('c12')")
    cid = entry.take("card", str)
    if cid not in cards:
        raise entry.error("card", f"no card {cid!r} in warlord's catalogue{suggest(cid, cards)}")
    obj: dict[str, Any] = {"id": oid, "zone": zone, "ts": id_number(oid), "kind": "card", "card": cid}
    obj |= {"owner": p, "controller": p, "vis": A.ZONES.vis(zone)}
    for name, kind in FIELDS.items():
        if name in entry:
            obj[name] = entry.take(name, kind)
    for name, empty in NONE.items():  # (a card out of play keeps its rank and state as None)
        if obj.get(name) == empty:
            obj[name] = None
    if obj.get("state") is not None and obj["state"] not in A.STATES:
        raise entry.error("state", f"{obj['state']!r} is not one of {', '.join(A.STATES)}")
    entry.done()
    return obj


# ------------------------------------------------------------------ writing
def dump(game: Table) -> dict[str, Any]:
    """The tables of ``game`` (the inverse of :func:`build`)."""
    st = game.state
    t = st.turn
    turn = {"player": t["player"], "step": step_of(game), "number": t["number"], "round": t["round"]}
    if "turns" in t:
        turn["turns"] = t["turns"]
    zones: dict[str, Any] = {}
    decks = {d.var for d in A.DECKS}
    n = len(st.players)
    for name in A.ZONES.ids(n):
        oids = st.zones.get(name, ())
        p = int(name.split(":")[1])
        if name.startswith("deck:"):
            comp = A.DECKS[p].left(game)
            if oids or comp or A.DECKS[p].var in st.vars:  # (a deck drawn empty too)
                zones[name] = {"cards": dict(comp), "ids": list(oids)}
            continue
        entries = [_entry(game, oid, name, p) for oid in oids]
        if entries:
            zones[name] = entries
    players = []
    for pl in st.players:
        row: dict[str, Any] = {"warlord": pl.get("warlord", ""), "faction": pl.get("faction", "")}
        if pl.get("out"):
            row["out"] = True
        players.append(row)
    out: dict[str, Any] = {"turn": turn, "players": players, "zones": zones}
    others = {k: v for k, v in sorted(st.vars.items()) if k not in decks}
    if others:
        out["vars"] = others
    return out


def _entry(game: Table, oid: str, zone: str, p: int) -> dict[str, Any]:
    obj = game.state.objects[oid]
    entry: dict[str, Any] = {"id": oid, "card": obj["card"]}
    defaults = {"ts": id_number(oid), "kind": "card", "owner": p, "controller": p, "vis": A.ZONES.vis(zone)}
    for name in FIELDS:
        if name in obj and (name not in defaults or obj[name] != defaults[name]):
            entry[name] = NONE[name] if obj[name] is None else obj[name]
    return entry


SPEC = PositionSpec(build=build, dump=dump, rule="wl.assume.cards", players=players_of, set_up_options=("layout",))
