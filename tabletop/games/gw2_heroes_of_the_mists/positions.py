"""Heroes of the Mists' position files (docs/positions.md): the ``[turn]``, ``[[players]]``, ``[zones]`` and
``[vars]`` tables of a position, read into a game and written back.

Every card is listed in its zone by its id (``c12``) with its card id and what it carries: ``wounds`` (damage
tokens, L126, L130), ``active`` (turned and activated, L119), ``attacks`` (made this turn), ``taunt`` (L144),
``statuses`` (boons and conditions as the kernel keeps them, L136, L142); a hero has ``kind = "hero"``. A deck
is its composition, its order being nobody's to know; its face-down objects are named by ``ids``. A player is
his ``stamina``, the stamina he ``start``ed with (L118, L124) and the ``turns`` he has had. The ends of statuses
(the kernel's lasting and delayed effects) are the engine's: a position holding them has the engine's
``pending`` besides, as the kernel writes it.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Table
from tabletop.core.position_files import PositionSpec
from tabletop.core.positions import Node, at_step, hidden_deck, id_number, step_of, suggest, zones_table

from . import engine as E

FIELDS: dict[str, type | tuple[type, ...]] = {
    "wounds": int,
    "active": bool,
    "attacks": int,
    "taunt": bool,
    "statuses": dict,
    "kind": str,
    "owner": int,
    "controller": int,
    "vis": str,
    "ts": int,
}


# ------------------------------------------------------------------ reading
def build(game: Table, root: Node) -> None:
    """The position of ``root`` in a new game's empty state (see the module docstring)."""
    st = game.state
    E.ZONES.setup(game)
    known = tuple(E.ZONES.ids(len(E.PLAYERS)))
    zones = zones_table(root, known, game.rulebook.id)
    made: list[dict[str, Any]] = []
    for name in known:
        kind, p = name.split(":")[0], int(name.split(":")[1])
        if kind == "deck":
            hidden_deck(game, zones, name, E.DECKS[p])
            continue
        for i, item in enumerate(zones.take(name, list, [])):
            entry = Node(zones.doc, (*zones.at(name), i), zones.check((*zones.at(name), i), item, dict))
            made.append(_card(game, entry, name, p, made))
    for obj in sorted(made, key=lambda o: o["ts"]):
        st.objects[obj["id"]] = obj
    for name in known:
        if not name.startswith("deck:"):
            st.zones[name] = tuple(o["id"] for o in made if o["zone"] == name)
    for p, node in enumerate(root.tables("players", at_most=len(E.PLAYERS))):
        st.update_player(
            p,
            stamina=node.take("stamina", int, 0, at_least=0),
            start=node.take("start", int, 1 + p, at_least=1),
            turns=node.take("turns", int, 0, at_least=0),
        )
        node.done()
    for p in E.PLAYERS:
        if "stamina" not in st.players[p]:
            st.update_player(p, stamina=0, start=1 + p, turns=0)
    for key, value in root.table("vars").items():
        st.vars[key] = value
    turn = root.table("turn")
    player = turn.take("player", int, 0, choices=E.PLAYERS)
    st.set_turn(first=turn.take("first", int, game.options["first_player"], choices=E.PLAYERS))
    step = turn.take("step", str, "main")
    at_step(game, turn, player=player, step=step, number=turn.take("number", int, 1, at_least=1))
    st.set_turn(round=turn.take("round", int, st.turn["round"], at_least=1))
    turn.done()


def _card(game: Table, entry: Node, zone: str, p: int, made: list[dict[str, Any]]) -> dict[str, Any]:
    cards = game.rulebook.cards
    oid = entry.take("id", str)
    if id_number(oid) is None or any(o["id"] == oid for o in made):
        raise entry.error("id", f"{oid!r} is not a new card id ('c12')")
    cid = entry.take("card", str)
    if cid not in cards:
        raise entry.error("card", f"no card {cid!r} in gw2_heroes_of_the_mists's catalogue{suggest(cid, cards)}")
    obj: dict[str, Any] = {"id": oid, "zone": zone, "ts": id_number(oid), "kind": "card", "card": cid}
    obj |= {"owner": p, "controller": p, "vis": E.ZONES.vis(zone), "wounds": 0}
    for name, kind in FIELDS.items():
        if name in entry:
            obj[name] = entry.take(name, kind)
    entry.done()
    return obj


def players_of(data: dict) -> int:
    return len(E.PLAYERS)


# ------------------------------------------------------------------ writing
def dump(game: Table) -> dict[str, Any]:
    """The tables of ``game`` (the inverse of :func:`build`)."""
    st = game.state
    t = st.turn
    turn = {
        "player": t["player"],
        "first": t["first"],
        "step": step_of(game),
        "number": max(t["number"], 1),
        "round": t["round"],
    }
    zones: dict[str, Any] = {}
    decks = {d.var for d in E.DECKS}
    for name in E.ZONES.ids(len(E.PLAYERS)):
        oids = st.zones.get(name, ())
        p = int(name.split(":")[1])
        if name.startswith("deck:"):
            comp = E.DECKS[p].left(game)
            if oids or comp:
                zones[name] = {"cards": dict(comp), "ids": list(oids)}
            continue
        entries = [_entry(game, oid, name, p) for oid in oids]
        if entries:
            zones[name] = entries
    players = [{"stamina": pl["stamina"], "start": pl["start"], "turns": pl.get("turns", 0)} for pl in st.players]
    out: dict[str, Any] = {"turn": turn, "players": players, "zones": zones}
    others = {k: v for k, v in sorted(st.vars.items()) if k not in decks}
    if others:
        out["vars"] = others
    return out


def _entry(game: Table, oid: str, zone: str, p: int) -> dict[str, Any]:
    obj = game.state.objects[oid]
    entry: dict[str, Any] = {"id": oid, "card": obj["card"]}
    defaults = {"ts": id_number(oid), "kind": "card", "owner": p, "controller": p, "vis": E.ZONES.vis(zone)}
    defaults["wounds"] = 0
    for name in FIELDS:
        if name in obj and (name not in defaults or obj[name] != defaults[name]):
            entry[name] = obj[name]
    return entry


SPEC = PositionSpec(build=build, dump=dump, rule="gw2.assume.cards", players=players_of, set_up_options=("layout",))
