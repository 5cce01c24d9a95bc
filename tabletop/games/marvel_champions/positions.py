"""Marvel Champions' position files (docs/positions.md): the ``[turn]``, ``[[players]]``, ``[vars]`` and
``[zones]`` tables of a position, read into a game and written back.

Every card is an entry of its zone, in the zone's order: its card id and what differs from a card that
just entered the zone (mc.ready: ready, undamaged, owned by the zone's player). A hero's identity card
lies in ``play:P``, its form is the player's ``form``; the villain in ``play:villain``, schemes with their
``threat``; a status card (stunned, confused, tough) in ``play:status`` names its ``host``. A deck (the
player decks and the encounter deck) is its composition: its order is nobody's to know (mc.assume.setup).
"""

from __future__ import annotations

import json
from typing import Any

from tabletop.core import RuleError, Table
from tabletop.core.position_files import PositionSpec
from tabletop.core.positions import Node, at_step, dump_turn, id_number, settle, step_of, suggest

from . import engine as E

# an entry's fields beyond ``card``/``id``/``ts``: name -> (types, at least)
FIELDS: dict[str, tuple[type | tuple[type, ...], int | None]] = {
    "exhausted": (bool, None),
    "damage": (int, 0),
    "threat": (int, 0),
    "uses": (int, 0),
    "host": (str, None),
    "status": (str, None),
    "obligation_of": ((int, str), None),
    "spent": (dict, None),
    "owner": ((int, str), None),
    "controller": ((int, str), None),
    "face_up": (bool, None),
    "vis": (str, None),
    "kind": (str, None),
}
NOBODY = "scenario"  # how a file spells "no player's" (owner, controller, obligation_of): TOML has no null
STATUSES = ("stunned", "confused", "tough")
STATUS_CARDS = tuple(f"status_{s}" for s in STATUSES)  # (mc.status: the status cards are no catalogue's)
FORMS = ("hero", "alter_ego")
JSON_VARS = ("attacks", "overkill")  # the engine's record of an attack or an overkill under way
VAR_DEFAULTS: dict[str, Any] = {"accel_tokens": 0, "peril": None, "attacks": []}
DECK_ZONES = {"enc:deck": "enc", **{f"deck:{p}": str(p) for p in range(4)}}


def _zone_player(zone: str) -> int | None:
    tail = zone.rsplit(":", 1)[-1]
    return int(tail) if tail.isdigit() else None


def _defaults(game: Table, zone: str) -> dict[str, Any]:
    p = _zone_player(zone)
    if zone == "play:status":  # (a status card is no card of the catalogue: its kind, no damage, no exhaustion)
        return {"kind": "status", "owner": p, "controller": p, "vis": E.ZONES.vis(zone)}
    return {"kind": "card", "owner": p, "controller": p, "vis": E.ZONES.vis(zone), **E.ZONES.card_fields}


# ------------------------------------------------------------------ reading
def build(game: Table, root: Node) -> None:
    """The position of ``root`` in a new game's state (see the module docstring)."""
    st = game.state
    n = len(st.players)
    zones = root.table("zones")
    known = tuple(E.ZONES.ids(n))
    for name, value in zones.items():
        if name not in known:
            raise zones.error(name, f"marvel_champions has no zone {name!r}{suggest(name, known)}")
        st.zones[name] = ()
        if name in DECK_ZONES:
            _deck(game, zones, name, value)
        else:
            _zone(game, zones, name, value)
    for name in known:
        st.zones.setdefault(name, ())
    for name, oids in st.zones.items():  # a status card or an attachment names a card of the position
        for i, oid in enumerate(oids):
            host = st.objects[oid].get("host")
            if host is not None and host not in st.objects:
                raise zones.doc.error(("zones", name, i, "host"), f"{host!r} is the id of no card of the position")
    for key in ("enc", *map(str, range(n))):  # (the set-up makes the decks of the players there are)
        st.vars.setdefault(E.DECKS[key].var, {})
    outs = _players(game, root, n)
    _vars(game, root)
    turn = root.table("turn")
    order = list(range(n))
    first = turn.take("first", int, 0, choices=tuple(order))
    st.set_turn(first=first)
    player = turn.take("player", int, first, choices=tuple(order))
    step = turn.take("step", str, "turn_start")
    at_step(game, turn, player=player, step=step, number=turn.take("number", int, 1, at_least=1))
    st.set_turn(round=turn.take("round", int, 1, at_least=1))
    turn.done()
    for p, out in enumerate(outs):
        st.players[p] = {**st.players[p], "out": out}
    settle(st, None)


def _players(game: Table, root: Node, n: int) -> list[bool]:
    """The players' identities and forms; which of them are out (eliminated) is returned."""
    st = game.state
    outs: list[bool] = []
    tables = root.tables("players", at_most=4)
    if len(tables) < n:
        raise root.error("players", f"{len(tables)} [[players]] tables for {n} players")
    for p in range(n):
        node = tables[p]
        identity = node.take("identity", str)
        out = node.take("out", bool, False)  # (mc.elimination: an eliminated player's cards leave play)
        where = st.objects.get(identity, {}).get("zone")
        if where is None or (where != f"play:{p}" and not out):
            raise node.error("identity", f"{identity!r} is no card id of zone play:{p} (give the identity an id)")
        pl = {**st.players[p], "identity": identity, "form": node.take("form", str, "hero", choices=FORMS)}
        pl["out"] = False  # (set after the turn's step: an eliminated player's turn may still be under way)
        outs.append(out)
        pl["form_round"] = node.take("form_round", int, None, at_least=0)
        node.done()
        st.players[p] = pl
    return outs


def players_of(data: dict) -> int:
    players = data.get("players")
    return len(players) if isinstance(players, list) else 1


def _vars(game: Table, root: Node) -> None:
    st = game.state
    node = root.table("vars")
    st.vars.update(VAR_DEFAULTS)
    st.vars["accel_tokens"] = node.take("accel_tokens", int, 0, at_least=0)
    st.vars["peril"] = node.take("peril", int, None, choices=tuple(range(len(st.players))))
    for name in JSON_VARS:
        text = node.take(name, str, None)
        if text is None:
            continue
        try:
            st.vars[name] = json.loads(text)
        except ValueError as e:
            raise node.error(name, f"not the JSON Game.to_position writes: {e}") from None
    node.done()


def _player_value(node: Node, key: str, default: Any) -> Any:
    value = node.take(key, FIELDS[key][0], default)
    if value == NOBODY:
        return None
    if isinstance(value, str) or (isinstance(value, int) and not 0 <= value <= 3):
        raise node.error(key, f"{value!r} is neither a player (0 to 3) nor {NOBODY!r}")
    return value


def _zone(game: Table, zones: Node, name: str, value: Any) -> None:
    """The cards of one zone, in the file's order: a card id, or a table of its fields."""
    st = game.state
    items = zones.check(zones.at(name), value, list)
    base = _defaults(game, name)
    for i, item in enumerate(items):
        path = (*zones.at(name), i)
        entry = Node(zones.doc, path, zones.check(path, {"card": item} if isinstance(item, str) else item, dict))
        if name == "play:status":
            status = entry.take("status", str, choices=STATUSES)
            cid = entry.take("card", str, f"status_{status}", choices=(f"status_{status}",))
        else:
            cid = entry.take("card", str, None)
        if cid is not None and cid not in game.rulebook.cards and cid not in STATUS_CARDS:
            raise entry.error(
                "card", f"no card {cid!r} in marvel_champions' catalogue{suggest(cid, game.rulebook.cards)}"
            )
        oid = entry.take("id", str, None) or _free_id(game, zones)
        if id_number(oid) is None or oid in st.objects:
            raise entry.error("id", f"{oid!r} is not a new object id (a prefix and a number: 'c12')")
        ts = entry.take("ts", int, id_number(oid), at_least=1)
        obj = {"id": oid, "zone": name, "ts": ts, "card": cid, **base}
        _read_fields(entry, obj, base)
        if name == "play:status":
            obj["status"] = status
        if "status" in obj and obj["status"] not in STATUSES:
            raise entry.error("status", f"{obj['status']!r} is not one of {', '.join(STATUSES)}")
        entry.done(tuple(FIELDS))
        st.objects[oid] = obj
        st.zones[name] = (*st.zones[name], oid)


def _free_id(game: Table, zones: Node) -> str:
    """The first card id neither made yet nor named by an entry of the file (an entry without an id gets it)."""
    named = {str(e.get("id")) for v in zones.data.values() if isinstance(v, list) for e in v if isinstance(e, dict)}
    for v in zones.data.values():
        if isinstance(v, dict) and isinstance(v.get("ids"), list):
            for run in v["ids"]:
                first, _, last = str(run).partition("..")
                lo, hi = id_number(first) or 0, id_number(last or first) or 0
                named.update(f"c{n}" for n in range(lo, hi + 1))
    n = 1
    while f"c{n}" in game.state.objects or f"c{n}" in named:
        n += 1
    return f"c{n}"


def _read_fields(entry: Node, obj: dict[str, Any], base: dict[str, Any]) -> None:
    """The fields of ``FIELDS`` an entry gives, over ``base`` (a player is a number or ``"scenario"``)."""
    for key, (kind, low) in FIELDS.items():
        if key not in entry:
            continue
        if key in ("owner", "controller", "obligation_of"):
            obj[key] = _player_value(entry, key, None)
        else:
            obj[key] = entry.take(key, kind, at_least=low)


def _deck(game: Table, zones: Node, name: str, value: Any) -> None:
    """A deck: ``{cards = {id = count, ...}, ids = ["c6..c34"]}`` (its order is hidden: mc.assume.setup)."""
    st = game.state
    deck = E.DECKS[DECK_ZONES[name]]
    node = Node(zones.doc, zones.at(name), zones.check(zones.at(name), value, dict))
    cards = node.table("cards")
    comp: dict[str, int] = {}
    for key, count in cards.items():
        cards.check(cards.at(key), count, int)
        if key.split("@")[0] not in game.rulebook.cards:
            raise cards.error(key, f"no card {key!r} in marvel_champions' catalogue{suggest(key, game.rulebook.cards)}")
        if count < 1:
            raise cards.error(key, f"{count} copies: a deck holds at least one of each card it names")
        comp[key] = count
    ids = _id_ranges(node, node.take("ids", list, []))
    changed = node.tables("changed")
    if len(ids) != sum(comp.values()):
        raise node.error("ids", f"{len(ids)} ids for the deck's {sum(comp.values())} cards")
    for oid in ids:
        if oid in st.objects:
            raise node.error("ids", f"id {oid!r} is given twice")
        st.objects[oid] = {"id": oid, "zone": name, "ts": id_number(oid), **deck.fields}
    for entry in changed:  # a face-down card that came back into the deck keeps what the engine left on it
        oid = entry.take("id", str)
        if oid not in ids:
            raise entry.error("id", f"{oid!r} is not one of the deck's ids")
        obj = st.objects[oid]
        obj["ts"] = entry.take("ts", int, obj["ts"], at_least=1)
        _read_fields(entry, obj, deck.fields)
        entry.done(tuple(FIELDS))
    node.done()
    st.zones[name] = tuple(ids)
    st.vars[deck.var] = dict(sorted(comp.items()))


def _id_ranges(node: Node, raw: list) -> list[str]:
    """``["c6..c9", "c12"]`` as ``["c6", "c7", "c8", "c9", "c12"]``."""
    out = []
    for i, item in enumerate(raw):
        text = node.check((*node.at("ids"), i), item, str)
        first, _, last = text.partition("..")
        lo, hi = id_number(first), id_number(last or first)
        if lo is None or hi is None:
            raise node.doc.error((*node.at("ids"), i), f"{text!r} is not an id ('c6') or a run of ids ('c6..c34')")
        out += [f"c{n}" for n in range(lo, hi + 1)]
    return out


# ------------------------------------------------------------------ writing
def dump(game: Table) -> dict[str, Any]:
    """The ``[turn]``, ``[[players]]``, ``[vars]`` and ``[zones]`` tables of ``game`` (the inverse of build)."""
    st = game.state
    turn = dump_turn(game, step_of(game))
    players = []
    for pl in st.players:
        row: dict[str, Any] = {"identity": pl["identity"], "form": pl["form"]}
        if pl.get("out"):
            row["out"] = True
        if pl.get("form_round") is not None:
            row["form_round"] = pl["form_round"]
        players.append(row)
    vars_: dict[str, Any] = {}
    for key, value in st.vars.items():
        if key.startswith("_deck:"):
            continue
        if key in JSON_VARS:
            if value != VAR_DEFAULTS.get(key):
                vars_[key] = json.dumps(value, sort_keys=True)
        elif key in ("accel_tokens", "peril"):
            if value != VAR_DEFAULTS[key]:
                vars_[key] = value
        else:
            raise RuleError(f"marvel_champions: position files hold no variable {key!r}")
    zones: dict[str, Any] = {}
    for name, oids in st.zones.items():
        if not oids:
            continue
        if name in DECK_ZONES:
            deck = E.DECKS[DECK_ZONES[name]]
            zones[name] = {"cards": dict(deck.left(game)), "ids": _runs(list(oids))}
            changed = [e for e in (_changed(game, oid, deck.fields) for oid in oids) if len(e) > 1]
            if changed:
                zones[name]["changed"] = changed
        else:
            zones[name] = [_entry(game, oid, name) for oid in oids]
    return {"turn": turn, "players": players, **({"vars": vars_} if vars_ else {}), "zones": zones}


def _entry(game: Table, oid: str, zone: str) -> Any:
    obj = game.state.objects[oid]
    base = _defaults(game, zone)
    entry: dict[str, Any] = {}
    if obj["card"] is not None and not (zone == "play:status" and obj["card"] == f"status_{obj.get('status')}"):
        entry["card"] = obj["card"]
    entry["id"] = oid
    if obj["ts"] != id_number(oid):
        entry["ts"] = obj["ts"]
    for key in FIELDS:
        if key not in obj:
            continue
        value = obj[key]
        if key in base and value == base[key]:
            continue
        entry[key] = NOBODY if value is None else value
    return entry


def _changed(game: Table, oid: str, fields: dict[str, Any]) -> dict[str, Any]:
    """What a deck's face-down object carries beyond a fresh one's fields (``{"id": oid}`` if nothing)."""
    obj = game.state.objects[oid]
    entry: dict[str, Any] = {"id": oid}
    if obj["ts"] != id_number(oid):
        entry["ts"] = obj["ts"]
    for key in FIELDS:
        if key in obj and (key not in fields or obj[key] != fields[key]):
            entry[key] = NOBODY if obj[key] is None else obj[key]
    return entry


def _runs(ids: list[str]) -> list[str]:
    """Ids as runs (``["c6..c34"]``) where they follow one another."""
    out: list[list[int]] = []
    for oid in ids:
        n = id_number(oid) or 0
        if out and out[-1][1] == n - 1:
            out[-1][1] = n
        else:
            out.append([n, n])
    return [f"c{a}" if a == b else f"c{a}..c{b}" for a, b in out]


SPEC = PositionSpec(build=build, dump=dump, rule="mc.assume.setup", players=players_of, set_up_options=("scenario",))
