"""Nebozhiteli's position files (docs/positions.md): the ``[turn]``, ``[[players]]``, ``[zones]`` and ``[vars]``
tables of a position, read into a game and written back.

Every card is listed in its zone by its id (``c12``) with its card id and what it carries: ``tapped`` (turned,
L36), ``lives`` (the mana on a creature in play, L40), ``mana`` (on the summoning field, L39), ``sick`` (just
summoned, L41), ``on`` (the creature an item lies on, L47); ``nulls`` names the fields that are empty
(``on`` of an item taken back). A deck (nb.assume.shuffle) is its composition, its order being nobody's to
know; its face-down objects are named by ``ids``. A player is his ``mana`` and ``actions``. ``[vars]`` holds
what a turn in progress keeps: the declared combat, the shots of the ranged phase, the phase's ledger of
damage and healing (``ledger:life``, nb.L76) and the like. A position inside a decision's work (the goes
of the end of the turn, a block asked) has the engine's ``pending`` besides, as the kernel writes it.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Table
from tabletop.core.position_files import PositionSpec
from tabletop.core.positions import Node, at_step, hidden_deck, id_number, step_of, suggest, zones_table

from . import engine as E

DECK_KINDS = ("creatures", "main")
FIELDS: dict[str, type | tuple[type, ...]] = {
    "tapped": bool,
    "lives": int,
    "mana": int,
    "sick": bool,
    "on": str,
    "face_up": bool,
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
        if kind in DECK_KINDS:
            hidden_deck(game, zones, name, E.DECKS[name])
            continue
        for i, item in enumerate(zones.take(name, list, [])):
            entry = Node(zones.doc, (*zones.at(name), i), zones.check((*zones.at(name), i), item, dict))
            made.append(_card(game, entry, name, p, made))
    for obj in sorted(made, key=lambda o: o["ts"]):
        st.objects[obj["id"]] = obj
    for name in known:
        if name.split(":")[0] not in DECK_KINDS:
            st.zones[name] = tuple(o["id"] for o in made if o["zone"] == name)
    for p, node in enumerate(root.tables("players", at_most=len(E.PLAYERS))):
        st.update_player(p, mana=node.take("mana", int), actions=node.take("actions", int, 0, at_least=0))
        node.done()
    for p in E.PLAYERS:
        if "mana" not in st.players[p]:
            st.update_player(p, mana=game.options["starting_mana"], actions=0)
    for key, value in root.table("vars").items():
        st.vars[key] = value
    turn = root.table("turn")
    player = turn.take("player", int, 0, choices=E.PLAYERS)
    st.set_turn(first=turn.take("first", int, game.options["first_player"], choices=E.PLAYERS))
    step = turn.take("step", str, "summon")
    at_step(game, turn, player=player, step=step, number=turn.take("number", int, 1, at_least=1))
    st.set_turn(round=turn.take("round", int, st.turn["round"], at_least=1), sub=_sub_of(game))
    turn.done()


def _sub_of(game: Table) -> str | None:
    """The sub-phase the cursor's step is in: the last ``@name`` before it."""
    pi, _k, si = game.state.turn["cursor"]
    steps = game.rulebook.flow[pi].steps
    marks = [s[1:] for s in steps[:si] if s.startswith("@")]
    return marks[-1] if marks else None


def _card(game: Table, entry: Node, zone: str, p: int, made: list[dict[str, Any]]) -> dict[str, Any]:
    cards = game.rulebook.cards
    oid = entry.take("id", str)
    if id_number(oid) is None or any(o["id"] == oid for o in made):
        raise entry.error("id", f"{oid!r} is not a new card id ('c12')")
    cid = entry.take("card", str)
    if cid not in cards:
        raise entry.error("card", f"no card {cid!r} in nebozhiteli's catalogue{suggest(cid, cards)}")
    obj: dict[str, Any] = {"id": oid, "zone": zone, "ts": id_number(oid), "kind": "card", "card": cid}
    obj |= {"owner": p, "controller": p, "vis": E.ZONES.vis(zone), "tapped": False}
    for name, kind in FIELDS.items():
        if name in entry:
            obj[name] = entry.take(name, kind)
    for name in entry.take("nulls", list, []):
        if name not in FIELDS:
            raise entry.error("nulls", f"{name!r} is not a field of a card ({', '.join(FIELDS)})")
        obj[name] = None
    entry.done()
    return obj


def players_of(data: dict) -> int:
    return len(E.PLAYERS)


# ------------------------------------------------------------------ writing
def dump(game: Table) -> dict[str, Any]:
    """The tables of ``game`` (the inverse of :func:`build`)."""
    st = game.state
    t = st.turn
    step = step_of(game)
    if step.startswith("@"):  # (a sub-phase's start: written as its first step)
        steps = game.rulebook.flow[t["cursor"][0]].steps
        step = steps[steps.index(step) + 1].rsplit(".", 1)[-1]
    turn = {
        "player": t["player"],
        "first": t["first"],
        "step": step,
        "number": max(t["number"], 1),
        "round": t["round"],
    }
    zones: dict[str, Any] = {}
    decks = {d.var for d in E.DECKS.values()}
    for name in E.ZONES.ids(len(E.PLAYERS)):
        oids = st.zones.get(name, ())
        kind, p = name.split(":")[0], int(name.split(":")[1])
        if kind in DECK_KINDS:
            comp = E.DECKS[name].left(game)
            if oids or comp:
                zones[name] = {"cards": dict(comp), "ids": list(oids)}
            continue
        entries = [_entry(game, oid, name, p) for oid in oids]
        if entries:
            zones[name] = entries
    players = [{"mana": pl["mana"], "actions": pl.get("actions", 0)} for pl in st.players]
    out: dict[str, Any] = {"turn": turn, "players": players, "zones": zones}
    others = {k: v for k, v in sorted(st.vars.items()) if k not in decks}
    if others:
        out["vars"] = others
    return out


def _entry(game: Table, oid: str, zone: str, p: int) -> dict[str, Any]:
    obj = game.state.objects[oid]
    entry: dict[str, Any] = {"id": oid, "card": obj["card"]}
    defaults = {"ts": id_number(oid), "kind": "card", "owner": p, "controller": p, "vis": E.ZONES.vis(zone)}
    defaults["tapped"] = False
    nulls = []
    for name in FIELDS:
        if name not in obj:
            continue
        if obj[name] is None:
            nulls.append(name)
        elif name not in defaults or obj[name] != defaults[name]:
            entry[name] = obj[name]
    if nulls:
        entry["nulls"] = nulls
    return entry


SPEC = PositionSpec(build=build, dump=dump, rule="nb.assume.cards", players=players_of, set_up_options=("layout",))
