"""Hearthstone's position files (docs/positions.md): what the ``[turn]``, ``[[players]]`` and ``[zones]``
tables of a position mean, read into a game and written back.

A position is built as the set-up builds a game (hs.deck): the heroes and their powers, then the
decks, then the other zones' cards in the order the file lists them; a card entered later is later
in the order of play (hs.order_of_play, L68), unless its ``ts`` says otherwise. A minion on the
board has been there since an earlier turn (``sick = false``) unless the entry says ``sick = true``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from tabletop.core import Table
from tabletop.core.position_files import PositionSpec
from tabletop.core.positions import Doc, Node, at_step, drop_default_ids, stamp, step_of, suggest, take_ids, zones_table

from . import engine as E

# a field of an entry -> the object field it sets, per kind of zone (the engine's names: engine.py's docstring)
HERO_FIELDS = {"health": "hp", "damage": "dmg", "attacks": "attacks"}
MINION_FIELDS = {
    "attack": "atk",
    "health": "hp",
    "damage": "dmg",
    "sick": "sick",
    "attacks": "attacks",
    "taunt": "taunt",
    "charge": "charge",
    "divine_shield": "shield",
    "doomed": "doomed",
}
WEAPON_FIELDS = {"attack": "atk", "durability": "dur"}
FLAGS = frozenset(("sick", "taunt", "charge", "divine_shield", "doomed"))
PLAYER_FIELDS = {"crystals": (0, E.MANA_LIMIT), "mana": (0, E.MANA_LIMIT), "fatigue": (0, None)}
SETUP_ZONES = ("hero", "power", "deck")  # made first, in this order, as the set-up makes them
STEPS = ("start", "main")


def use_effects_option(game: Table) -> None:
    """hs.assume.queue: option ``effects`` says where triggered effects wait (the profile's container)."""
    if game.options["effects"] != game.profile.container:
        game.profile = game.profile.replace(container=game.options["effects"])


# ------------------------------------------------------------------ reading
def build(game: Table, root: Node) -> None:
    """The position of ``root`` in a new game's state (see the module docstring)."""
    use_effects_option(game)
    E.ZONES.setup(game)
    zones = _zones(game, root)
    for p in E.PLAYERS:
        _hero(game, zones, p)
    for p in E.PLAYERS:
        _deck(game, zones, p)
    play(game, root)


def play(game: Table, root: Node) -> None:
    """What a position adds to a set-up game (heroes and decks dealt): the players' crystals, mana and
    fatigue, the cards of the boards, hands, weapon slots and graveyards, and the turn's step. A code
    scenario's set-up runs this on its file (:func:`scenario`)."""
    st = game.state
    _players(game, root)
    zones = _zones(game, root)
    for name, value in zones.data.items():
        if name.split(":")[0] not in SETUP_ZONES:
            _zone(game, zones, name, value)
    E.refresh_auras(game)
    turn = root.table("turn")
    player = turn.take("player", int, 0, choices=E.PLAYERS)
    st.set_turn(first=turn.take("first", int, 0, choices=E.PLAYERS))
    step = turn.take("step", str, "start")
    at_step(game, turn, player=player, step=step, number=turn.take("number", int, 1, at_least=1))
    turn.done()


def _zones(game: Table, root: Node) -> Node:
    """The ``[zones]`` table, every zone named one of the game's."""
    return zones_table(root, tuple(E.ZONES.ids(len(E.PLAYERS))), game.rulebook.id)


def _players(game: Table, root: Node) -> None:
    st = game.state
    tables = root.tables("players", at_most=len(E.PLAYERS))
    for p in E.PLAYERS:
        pl = {**st.players[p], "crystals": 0, "mana": 0, "fatigue": 0, "power_used": False}
        if p < len(tables):
            node = tables[p]
            for name, (low, high) in PLAYER_FIELDS.items():
                pl[name] = node.take(name, int, 0, at_least=low, at_most=high)
            pl["power_used"] = node.take("power_used", bool, False)
            node.done()
        st.players[p] = {**pl, "deck": game.options[f"deck{p}"]}


def _entries(zones: Node, name: str, limit: int | None) -> list[Node]:
    """The entries of zone ``name``, each a card id or a table, as nodes (a card id is ``{card = id}``)."""
    items = zones.take(name, list, [])
    if limit is not None and len(items) > limit:
        raise zones.error(name, f"{len(items)} cards in {name}; it holds at most {limit}")
    out = []
    for i, item in enumerate(items):
        path = (*zones.at(name), i)
        if isinstance(item, str):
            item = {"card": item}
        out.append(Node(zones.doc, path, zones.check(path, item, dict)))
    return out


def _card(game: Table, entry: Node, types: tuple[str, ...], default: str | None = None) -> str:
    cards = game.rulebook.cards
    cid = entry.take("card", str, default) if default is not None else entry.take("card", str)
    card = cards.get(cid)
    if card is None:
        raise entry.error("card", f"no card {cid!r} in {game.rulebook.id}'s catalogue{suggest(cid, cards)}")
    if card["type"] not in types:
        raise entry.error("card", f"{card['name']} ({cid}) is a {card['type']}; here goes a {' or a '.join(types)}")
    return cid


def _hero(game: Table, zones: Node, p: int) -> None:
    """hs.deck, hs.win: the hero (default: the deck's, at the health option ``hero_health``) and its power."""
    decks = cast(Any, game.rulebook.cards).decks
    default = decks[game.options[f"deck{p}"]]["hero"]
    heroes = _entries(zones, f"hero:{p}", 1) or [Node(zones.doc, zones.at(f"hero:{p}"), {})]
    entry = heroes[0]
    hero = _card(game, entry, ("hero",), default)
    oid, ts = take_ids(game, entry)
    fields: dict[str, Any] = {"hp": game.options["hero_health"], "dmg": 0, "attacks": 0}
    for name, field in HERO_FIELDS.items():
        fields[field] = entry.take(name, int, fields[field], at_least=1 if name == "health" else 0)
    entry.done()
    if oid is not None:
        fields["id"] = oid
    made = E.new_card(game, p, hero, E.z("hero", p), kind="hero", **fields)
    stamp(game, made, ts)
    powers = _entries(zones, f"power:{p}", 1) or [Node(zones.doc, zones.at(f"power:{p}"), {})]
    entry = powers[0]
    power = _card(game, entry, ("hero",), hero)
    if power != hero:
        raise entry.error("card", f"the hero power is the hero's ({hero!r}), not {power!r}")
    oid, ts = take_ids(game, entry)
    entry.done()
    named: dict[str, Any] = {} if oid is None else {"id": oid}
    made = E.new_card(game, p, hero, E.z("power", p), kind="power", **named)
    stamp(game, made, ts)


def _deck(game: Table, zones: Node, p: int) -> None:
    """hs.assume.draw: a deck's cards (its composition; their order is nobody's to know), by default the
    deck of option ``deck<p>``; ``ids`` name its face-down objects, top first."""
    name = f"deck:{p}"
    cards = game.rulebook.cards
    decks = cast(Any, cards).decks
    value = zones.take(name, (str, list, dict), decks[game.options[f"deck{p}"]]["cards"])
    path = zones.at(name)
    ids: list[str] | None = None
    listed: Any = value
    where = path
    if isinstance(value, str):
        if value not in decks:
            raise zones.error(name, f"no deck {value!r}{suggest(value, decks)}; the decks: {', '.join(decks)}")
        listed = decks[value]["cards"]
    elif isinstance(value, dict):
        node = Node(zones.doc, path, value)
        listed = node.take("cards", (list, dict))
        where = node.at("cards")
        raw = node.take("ids", list, None)
        node.done()
        if raw is not None:
            ids = _id_ranges(node, raw)
    keys: list[str] = []
    if isinstance(listed, dict):
        for cid, count in listed.items():
            Node(zones.doc, where, {}).check((*where, cid), count, int)
            _deck_card(game, zones, (*where, cid), cid)
            keys += [cid] * count
    else:
        for i, cid in enumerate(listed):
            Node(zones.doc, where, {}).check((*where, i), cid, str)
            _deck_card(game, zones, (*where, i), cid)
            keys.append(cid)
    deck = E.DECKS[p]
    if ids is None:
        deck.fill(game, keys)
        return
    if len(ids) != len(keys):
        raise zones.doc.error((*path, "ids"), f"{len(ids)} ids for the deck's {len(keys)} cards")
    st = game.state
    for oid in ids:
        if oid in st.objects:
            raise zones.doc.error((*path, "ids"), f"id {oid!r} is given twice")
        st.objects[oid] = {"id": oid, "zone": name, "ts": int(oid[1:]), **deck.fields}
    st.zones[name] = tuple(ids)
    counts: dict[str, int] = {}
    for key in keys:
        counts[key] = counts.get(key, 0) + 1
    st.vars[deck.var] = dict(sorted(counts.items()))


def _deck_card(game: Table, zones: Node, path: tuple, cid: str) -> None:
    card = game.rulebook.cards.get(cid)
    if card is None:
        raise zones.doc.error(
            path, f"no card {cid!r} in {game.rulebook.id}'s catalogue{suggest(cid, game.rulebook.cards)}"
        )
    if card["type"] == "hero":
        raise zones.doc.error(path, f"{card['name']} ({cid}) is a hero: a deck holds no hero (hs.deck)")


def _id_ranges(node: Node, raw: list) -> list[str]:
    """``["c6..c9", "c12"]`` as ``["c6", "c7", "c8", "c9", "c12"]``."""
    out = []
    for i, item in enumerate(raw):
        text = node.check((*node.at("ids"), i), item, str)
        first, _, last = text.partition("..")
        if not (first[:1] == "c" and first[1:].isdigit() and (not last or (last[:1] == "c" and last[1:].isdigit()))):
            raise node.doc.error((*node.at("ids"), i), f"{text!r} is not an id ('c6') or a run of ids ('c6..c34')")
        lo, hi = int(first[1:]), int((last or first)[1:])
        out += [f"c{n}" for n in range(lo, hi + 1)]
    return out


def _zone(game: Table, zones: Node, name: str, value: Any) -> None:
    """The cards of a board, hand, weapon slot or graveyard, in the file's order."""
    kind, p = name.split(":")[0], int(name.split(":")[1])
    limit = {"board": E.BOARD_LIMIT, "weapon": 1, "hand": game.options["hand_limit"]}.get(kind)
    for entry in _entries(zones, name, limit):
        oid, ts = take_ids(game, entry)
        extra: dict[str, Any] = {"id": oid} if oid else {}
        if entry.take("created", bool, False):
            extra["created"] = True
        if kind == "board":
            cid = _card(game, entry, ("minion",))
            fields = _minion(game, entry, cid)
        elif kind == "weapon":
            cid = _card(game, entry, ("weapon",))
            fields = _weapon(game, entry, cid)
        elif kind == "hand":
            cid = _card(game, entry, ("minion", "spell", "weapon"))
            fields = {}
        else:  # the graveyard: a card keeps what it had where it was last (``was``)
            cid = _card(game, entry, ("minion", "spell", "weapon"))
            was = entry.take("was", str, "", choices=("", "board", "weapon"))
            fields = _minion(game, entry, cid, aura=True) if was == "board" else {}
            fields = _weapon(game, entry, cid, spent=True) if was == "weapon" else fields
        entry.done()
        made = E.new_card(game, p, cid, name, **fields, **extra)
        stamp(game, made, ts)


def _minion(game: Table, entry: Node, cid: str, aura: bool = False) -> dict[str, Any]:
    """A minion's fields: its printed stats and keywords (L27 and the keywords), changed by the entry;
    ``attack`` and ``health`` default to the printed values plus the buffs."""
    fields = {**E.minion_fields(game.rulebook.cards[cid]), "sick": False}
    buffs = _buffs(game, entry)
    fields["buffs"] = buffs
    fields["atk"] += sum(b[1] for b in buffs)
    fields["hp"] += sum(b[2] for b in buffs)
    for name, field in MINION_FIELDS.items():
        kind = bool if name in FLAGS else int
        fields[field] = entry.take(name, kind, fields[field], at_least=None if kind is bool else 0)
    if aura:  # (on the board the aura is the auras': hs.assume.aura recomputes it)
        fields["aura"] = entry.take("aura", int, 0, at_least=0)
    return fields


def _buffs(game: Table, entry: Node) -> tuple:
    """``buffs = [{source = "c12", attack = 1, health = 1, rule = "hs.x"}]``: what changed the minion (explain)."""
    out = []
    for node in entry.tables("buffs"):
        source = node.take("source", str, None)
        rule = node.take("rule", str)
        if rule not in game.rulebook.rules:
            raise node.error("rule", f"{game.rulebook.id} has no rule {rule!r}")
        out.append((source, node.take("attack", int, 0), node.take("health", int, 0), rule))
        node.done()
    return tuple(out)


def _weapon(game: Table, entry: Node, cid: str, spent: bool = False) -> dict[str, Any]:
    """A weapon's attack and durability (default: printed). ``spent``: a destroyed weapon in the graveyard,
    whose durability may be below 0 (an attack and a Sword of Justice trigger in one action each take 1,
    hs.durability, hs.sword_of_justice, before the weapon is destroyed)."""
    card = game.rulebook.cards[cid]
    fields = {"atk": card["attack"], "dur": card["durability"]}
    for name, field in WEAPON_FIELDS.items():
        low = None if spent and field == "dur" else 0
        fields[field] = entry.take(name, int, fields[field], at_least=low)
    return fields


def players_of(data: dict) -> int:
    return len(E.PLAYERS)


# ------------------------------------------------------------------ the scenarios' files
FILES = Path(__file__).parent / "data" / "positions"


@dataclass(frozen=True)
class ScenarioFile:
    """A code scenario kept as a position file: its text, what it is about, and the options it is meant for.

    The set-up deals the heroes and the decks as usual and then puts the file's position on the table
    (:func:`play`), so that a scenario stays an option of the set-up (``replay``, ``to_json`` and clones
    work from it as from a normal start); the file names no hero, power or deck of its own."""

    name: str
    doc: Doc
    description: str
    rules: tuple[str, ...]
    options: dict[str, Any]

    def build(self, game: Table) -> None:
        root = Node(self.doc, (), self.doc.data)
        play(game, root)
        root.done(("format", "rulebook", "seed", "description", "rules", "options"))


def scenario(name: str) -> ScenarioFile:
    """Scenario ``name`` as read from ``data/positions/<name>.toml`` (checked: none of the set-up's zones)."""
    path = FILES / f"{name}.toml"
    doc = Doc(path.read_text(encoding="utf-8"), str(path.relative_to(FILES.parents[3])))
    data = doc.data
    for zone in data.get("zones", {}):
        if zone.split(":")[0] in SETUP_ZONES:
            raise doc.error(("zones", zone), "a scenario's set-up deals the heroes and the decks: its file names none")
    for key in ("seed", "engine"):
        if key in data:
            raise doc.error((key,), f"a scenario's file has no {key}: the scenario's game has its own")
    return ScenarioFile(name, doc, data["description"], tuple(data.get("rules", ())), dict(data.get("options", {})))


# ------------------------------------------------------------------ writing
def dump(game: Table) -> dict[str, Any]:
    """The ``[turn]``, ``[[players]]`` and ``[zones]`` tables of ``game`` (the inverse of :func:`build`)."""
    st = game.state
    t = st.turn
    turn = {"player": t["player"], "first": t["first"], "step": step_of(game), "number": max(t["number"], 1)}
    players = []
    for p in E.PLAYERS:
        pl = st.players[p]
        row = {name: pl[name] for name in PLAYER_FIELDS if pl[name]}
        if pl["power_used"]:
            row["power_used"] = True
        players.append(row)
    made: list[dict[str, Any]] = []  # every entry with its id and ts, in the order build makes them
    zones: dict[str, Any] = {}
    for p in E.PLAYERS:
        for kind in ("hero", "power"):
            zones[f"hero:{p}" if kind == "hero" else f"power:{p}"] = [
                _entry(game, oid, kind, made) for oid in st.zones[E.z(kind, p)]
            ]
    decks: dict[int, list[dict[str, Any]]] = {}
    for p in E.PLAYERS:
        decks[p] = [{"id": oid, "ts": st.objects[oid]["ts"]} for oid in st.zones[E.z("deck", p)]]
        made += decks[p]
    for p in E.PLAYERS:
        for kind in ("board", "weapon", "hand", "grave"):
            entries = [_entry(game, oid, kind, made) for oid in st.zones[E.z(kind, p)]]
            if entries:
                zones[E.z(kind, p)] = entries
    drop_default_ids(made)
    for p in E.PLAYERS:
        zones[E.z("deck", p)] = _deck_entry(game, p, decks[p])
    for name in list(zones):
        zones[name] = (
            [e["card"] if list(e) == ["card"] else e for e in zones[name]]
            if isinstance(zones[name], list)
            else zones[name]
        )
    order = [*(n for n in zones if n.split(":")[0] in ("hero", "power")), *(f"deck:{p}" for p in E.PLAYERS)]
    ordered = {n: zones[n] for n in order}
    ordered.update((n, v) for n, v in zones.items() if n not in ordered)
    return {"turn": turn, "players": players, "zones": ordered}


def _deck_entry(game: Table, p: int, objects: list[dict[str, Any]]) -> Any:
    comp = E.DECKS[p].left(game)
    if objects and "id" in objects[0]:
        return {"cards": dict(comp), "ids": _runs([o["id"] for o in objects])}
    return {"cards": dict(comp)}


def _runs(ids: list[str]) -> list[str]:
    """Ids as runs (``["c6..c34"]``) where they follow one another."""
    out: list[list[int]] = []
    for oid in ids:
        n = int(oid[1:])
        if out and out[-1][1] == n - 1:
            out[-1][1] = n
        else:
            out.append([n, n])
    return [f"c{a}" if a == b else f"c{a}..c{b}" for a, b in out]


def _entry(game: Table, oid: str, kind: str, made: list[dict[str, Any]]) -> dict[str, Any]:
    """One card's entry: its card and what differs from what :func:`build` would give it."""
    obj = game.state.objects[oid]
    cards = game.rulebook.cards
    card = cards[obj["card"]]
    entry: dict[str, Any] = {"card": obj["card"]}
    if obj.get("created"):
        entry["created"] = True
    if kind == "hero":
        defaults = {"hp": game.options["hero_health"], "dmg": 0, "attacks": 0}
        _differ(entry, obj, HERO_FIELDS, defaults)
    elif kind == "board" or (kind == "grave" and "hp" in obj):
        if kind == "grave":
            entry["was"] = "board"
        _minion_entry(entry, obj, card, aura=kind == "grave")
    elif kind == "weapon" or (kind == "grave" and "dur" in obj):
        if kind == "grave":
            entry["was"] = "weapon"
        _differ(entry, obj, WEAPON_FIELDS, {"atk": card["attack"], "dur": card["durability"]})
    entry["id"], entry["ts"] = oid, obj["ts"]
    made.append(entry)
    return entry


def _minion_entry(entry: dict[str, Any], obj: dict, card: dict, aura: bool) -> None:
    defaults = {**E.minion_fields(card), "sick": False}
    buffs = obj.get("buffs", ())
    if buffs:
        entry["buffs"] = [
            {**({"source": s} if s is not None else {}), "attack": a, "health": h, "rule": r} for s, a, h, r in buffs
        ]
    defaults["atk"] += sum(b[1] for b in buffs)
    defaults["hp"] += sum(b[2] for b in buffs)
    _differ(entry, obj, MINION_FIELDS, defaults)
    if aura and obj.get("aura"):
        entry["aura"] = obj["aura"]


def _differ(entry: dict[str, Any], obj: dict, names: dict[str, str], defaults: dict[str, Any]) -> None:
    for name, field in names.items():
        if obj.get(field) != defaults[field]:
            entry[name] = obj[field]


SPEC = PositionSpec(build=build, dump=dump, rule="hs.assume.cards", players=players_of, set_up_options=("scenario",))
