"""Berserk: Heroes' position files (docs/positions.md, section Berserk): the ``[turn]`` and ``[zones]``
tables of a position, read into a game and written back.

Every object of the duel is listed in its zone by its id (``c12`` a card, ``m3`` a coin, bh.520.2), so
that coins keep their ids exactly (a temporary coin is named by its ``temp`` tag, and the lasting effect
that returns it, bh.520.4, by that tag). A card entry gives its card id and only what differs from a card
just put there: ``tapped``, ``counters`` (wounds), ``statuses`` (fresh, acted, ...), ``controller``,
``vanguard``, ``created``, ``base``, ``grants``. A deck (bh.assume.draw) is its composition, its order being nobody's
to know; its face-down objects are named by ``ids``. The effects in play (temporary modifiers, coins
until the end of a period) are the engine's and are written in ``[engine]`` (``pending``) when there are any.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Table
from tabletop.core.position_files import PositionSpec
from tabletop.core.positions import Node, dump_turn, dump_zones, id_number, step_of, suggest, take_turn, zones_table

from . import engine as E

CARD_ZONES = ("hand", "play", "grave", "hero")
COIN_ZONES = ("supply", "coins")
# a field of a card entry -> its type and the value a card put in its zone has
CARD_FIELDS: dict[str, tuple[type, Any]] = {
    "tapped": (bool, False),
    "counters": (dict, {}),
    "statuses": (dict, {}),
    "created": (bool, False),
    "base": (dict, None),
    "grants": (list, None),  # abilities granted by an effect (Vanguard, L33): the kernel's game.grant
}
# a sub-phase's start ("@main") is written as its first step, which the loaded game runs next (bh.assume.turn)
MARKERS = {"@accumulation": "open", "@main": "main"}
COIN_FIELDS: dict[str, tuple[type, Any]] = {"tapped": (bool, False), "temp": (str, None)}


# ------------------------------------------------------------------ reading
def build(game: Table, root: Node) -> None:
    """The position of ``root`` in a new game's empty state (see the module docstring)."""
    st = game.state
    E.ZONES.setup(game)
    known = tuple(E.ZONES.ids(len(E.PLAYERS)))
    zones = zones_table(root, known, game.rulebook.id)
    made: list[tuple[str, str, dict[str, Any]]] = []
    for name in known:
        kind, p = name.split(":")[0], int(name.split(":")[1])
        if kind == "deck":
            _deck(game, zones, name, p)
            continue
        for entry in zones.tables(name):
            oid = entry.take("id", str)
            if id_number(oid) is None or oid[0] != ("m" if kind in COIN_ZONES else "c"):
                want = "a coin's id ('m3')" if kind in COIN_ZONES else "a card's id ('c12')"
                raise entry.error("id", f"{oid!r} is not {want}")
            if oid in st.objects or any(oid == m[0] for m in made):
                raise entry.error("id", f"{oid!r} is given twice")
            ts = entry.take("ts", int, id_number(oid), at_least=1)
            obj = _coin(entry, p) if kind in COIN_ZONES else _card(game, entry, kind, p)
            entry.done()
            made.append((oid, name, {"id": oid, "zone": name, "ts": ts, **obj}))
    for oid, _zone, obj in sorted(made, key=lambda m: m[2]["ts"]):
        st.objects[oid] = obj
    for name in known:
        if not name.startswith("deck:"):
            st.zones[name] = tuple(m[0] for m in made if m[1] == name)
    turn = take_turn(game, root, step="main", first=0, players=E.PLAYERS)
    si = st.turn["cursor"][2]
    if si:  # (the sub-phase the step is in: its "@" marker has run)
        st.set_turn(sub="main" if si > E.MAIN_SUBPHASE else "accumulation")
    _stalemate(turn, st)
    turn.done()
    if game.profile.modifiers.rounding != game.options["division_rounding"]:  # bh.assume.rounding, as the set-up
        import dataclasses

        mods = dataclasses.replace(game.profile.modifiers, rounding=game.options["division_rounding"])
        game.profile = game.profile.replace(modifiers=mods)


def _stalemate(turn: Node, st: Any) -> None:
    """bh.assume.stalemate: ``acted_in`` (the last turn, [number, player], in which a player did more than
    pass) and ``quiet_passes`` (the quiet turns in a row with both decks empty)."""
    acted = turn.take("acted_in", list, None)
    if acted is not None:
        if len(acted) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in acted):
            raise turn.error("acted_in", f"{acted!r} is not a turn: [number, player], two whole numbers")
        st.vars["acted_in"] = list(acted)
    quiet = turn.take("quiet_passes", int, None, at_least=0)
    if quiet is not None:
        st.vars["quiet_passes"] = quiet


def _coin(entry: Node, p: int) -> dict[str, Any]:
    """bh.520.2: a coin, open unless ``tapped``; ``temp`` the tag of a temporary coin (bh.520.4)."""
    owner = entry.take("owner", int, p, choices=E.PLAYERS)
    return {
        "kind": "coin",
        "owner": owner,
        "controller": entry.take("controller", int, owner, choices=E.PLAYERS),
        "tapped": entry.take("tapped", bool, False),
        "temp": entry.take("temp", str, None),
        "vis": "all",
    }


def _card(game: Table, entry: Node, kind: str, p: int) -> dict[str, Any]:
    cards = game.rulebook.cards
    cid = entry.take("card", str)
    card = cards.get(cid)
    if card is None:
        raise entry.error("card", f"no card {cid!r} in berserk_heroes' catalogue{suggest(cid, cards)}")
    is_hero = card.get("type") == "hero"
    if (kind == "hero") != is_hero:
        where = "a hero's zone holds a hero" if kind == "hero" else "a hero stands only in its hero zone"
        raise entry.error("card", f"{card.get('name', cid)} ({cid}) is a {card.get('type')}: {where}")
    owner = entry.take("owner", int, p, choices=E.PLAYERS)
    obj: dict[str, Any] = {"kind": "card", "card": cid, "owner": owner}
    obj["controller"] = entry.take("controller", int, owner, choices=E.PLAYERS)
    obj["vis"] = "owner" if kind == "hand" else "all"
    for name, (typ, default) in CARD_FIELDS.items():
        if name == "base" and kind == "hero":  # bh.assume.setup: a hero's life is option hero_life
            default = {"life": game.options["hero_life"]}
        value = entry.take(name, typ, default)
        if name in ("counters", "statuses"):
            for key, n in value.items():
                entry.check((*entry.at(name), key), n, (int, bool))
                if isinstance(n, int) and not isinstance(n, bool) and n < 0:
                    raise entry.doc.error((*entry.at(name), key), f"{n} is below 0")
        if value is not None:
            obj[name] = value
    obj["vanguard"] = entry.take("vanguard", int, card.get("vanguard", 0), at_least=0)
    return obj


def _deck(game: Table, zones: Node, name: str, p: int) -> None:
    """bh.assume.draw: ``{cards = {pikeman = 2}, ids = ["c8", "c9"]}``, the composition and the face-down ids."""
    value = zones.take(name, dict, {})
    node = Node(zones.doc, zones.at(name), value)
    comp = node.take("cards", dict, {})
    ids = node.take("ids", list, [])
    node.done()
    keys: list[str] = []
    for cid, count in comp.items():
        node.check((*node.at("cards"), cid), count, int)
        if cid not in game.rulebook.cards:
            raise node.error(
                "cards", f"no card {cid!r} in berserk_heroes' catalogue{suggest(cid, game.rulebook.cards)}"
            )
        if count < 0:
            raise node.doc.error((*node.at("cards"), cid), f"{count} copies: a count is 0 or more")
        keys += [cid] * count
    if len(ids) != len(keys):
        raise node.error("ids", f"{len(ids)} ids for the deck's {len(keys)} cards")
    st = game.state
    deck = E.DECKS[p]
    for i, oid in enumerate(ids):
        node.check((*node.at("ids"), i), oid, str)
        if id_number(oid) is None or oid in st.objects:
            raise node.doc.error((*node.at("ids"), i), f"{oid!r} is not a new card id ('c12')")
        st.objects[oid] = {"id": oid, "zone": name, "ts": id_number(oid), **deck.fields}
    st.zones[name] = tuple(ids)
    counts: dict[str, int] = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    if counts or deck.var in st.vars:
        st.vars[deck.var] = dict(sorted(counts.items()))


def players_of(data: dict) -> int:
    return len(E.PLAYERS)


# ------------------------------------------------------------------ writing
def dump(game: Table) -> dict[str, Any]:
    """The ``[turn]`` and ``[zones]`` tables of ``game`` (the inverse of :func:`build`)."""
    st = game.state
    turn = dump_turn(game, MARKERS.get(step_of(game), step_of(game)))
    for name in ("acted_in", "quiet_passes"):
        if name in st.vars:
            turn[name] = st.vars[name]
    zones = dump_zones(game, tuple(E.ZONES.ids(len(E.PLAYERS))), {d.zone: d for d in E.DECKS}, _entry)
    return {"turn": turn, "zones": zones}


def _entry(game: Table, oid: str, zone: str) -> dict[str, Any]:
    kind, p = zone.split(":")[0], int(zone.split(":")[1])
    obj = game.state.objects[oid]
    entry: dict[str, Any] = {"id": oid}
    if obj["ts"] != id_number(oid):
        entry["ts"] = obj["ts"]
    if kind in COIN_ZONES:
        _differ(entry, obj, p, {"tapped": False, "temp": None})
        return entry
    entry["card"] = obj["card"]
    card = game.rulebook.cards[obj["card"]]
    defaults = {name: default for name, (_t, default) in CARD_FIELDS.items()}
    defaults["vanguard"] = card.get("vanguard", 0)
    if kind == "hero":
        defaults["base"] = {"life": game.options["hero_life"]}
    _differ(entry, obj, p, defaults)
    return entry


def _differ(entry: dict[str, Any], obj: dict, p: int, defaults: dict[str, Any]) -> None:
    if obj["owner"] != p:
        entry["owner"] = obj["owner"]
    if obj.get("controller", obj["owner"]) != obj["owner"]:
        entry["controller"] = obj["controller"]
    for name, default in defaults.items():
        if obj.get(name) != default:
            entry[name] = obj[name]


SPEC = PositionSpec(build=build, dump=dump, rule="bh.assume.setup", players=players_of, set_up_options=("scenario",))
