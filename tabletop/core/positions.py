"""Reading position files: the pieces a rulebook's PositionSpec reads its tables with (docs/positions.md).

:class:`Doc` is a parsed file that knows the line of every field; :class:`Node` is one of its tables,
each value taken once and checked as it is taken (its type, its range, one of its choices), so that
what is never taken is a misspelled field, named with the one meant (:meth:`Node.done`). The rest
are what every rulebook's positions need alike: whose turn and which step (:func:`at_step`,
:func:`take_turn`), the ``[[players]]`` tables (:func:`build_players`), zones of card entries and
hidden decks (:func:`build_zones` and :func:`dump_zones`, an entry by :func:`take_card` and
:func:`card_entry`), object ids and timestamps (:func:`take_ids`), the counters after a build
(:func:`settle`).

Why here: every problem of a hand-written file is a :class:`PositionError` naming the file, the line
and the field, whichever rulebook reads it. Loading and writing whole files is
:mod:`tabletop.core.position_files`.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from . import toml_text
from .errors import TabletopError, quote
from .state import State
from .toml_text import Path

if TYPE_CHECKING:
    from .deck import Deck
    from .rulebook import Rulebook
    from .table import Table

_ID = re.compile(r"[a-z]+(\d+)")  # an object id: its prefix (c for a card, ...) and the counter's number


class PositionError(TabletopError, ValueError):
    """A position file that cannot be read: names the file, the line and the field, and says what is wrong."""

    def __init__(self, file: str, line: int | None, field: str, problem: str):
        self.file, self.line, self.field, self.problem = file, line, field, problem
        where = file if line is None else f"{file}, line {line}"
        super().__init__(f"{where}, field {field}: {problem}" if field else f"{where}: {problem}")


# ------------------------------------------------------------------ reading
_TYPES: dict[type, str] = {int: "an integer", bool: "true or false", str: "a string", list: "an array", dict: "a table"}
_REQUIRED = object()


def field_name(path: Path) -> str:
    """A path as the file spells it: ``zones."board:0"[2].damage``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            name = toml_text.key(part)
            out += name if not out else f".{name}"
    return out


class Doc:
    """A parsed position file: its data, where each field is, and errors that say so."""

    def __init__(self, text: str, file: str) -> None:
        self.text, self.file = text, file
        try:
            self.data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            m = re.search(r"\(at line (\d+), column \d+\)", str(e))
            line = int(m.group(1)) if m else None
            raise PositionError(file, line, "", f"not valid TOML: {e}") from None
        self.lines = toml_text.lines_of(text)

    def line(self, path: Path) -> int | None:
        """The line of ``path``, or of the nearest field around it that the file spells out."""
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path)

    def error(self, path: Path, problem: str) -> PositionError:
        return PositionError(self.file, self.line(path), field_name(path), problem)

    def root(self) -> Node:
        return Node(self, (), self.data)


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(_TYPES.get(k, k.__name__) for k in kinds)


def _type_name(value: Any) -> str:
    return _TYPES.get(type(value), type(value).__name__)


class Node:
    """A table of a position file being read. Each value is taken once, checked as it is taken; what is
    never taken is a misspelled or unknown field, which :meth:`done` names with the fields meant."""

    def __init__(self, doc: Doc, path: Path, data: dict[str, Any]) -> None:
        self.doc, self.path, self.data = doc, path, data
        self.read: set[str] = set()

    def __contains__(self, key: str) -> bool:
        return key in self.data

    def at(self, key: str | int) -> Path:
        return (*self.path, key)

    def error(self, key: str | int | None, problem: str) -> PositionError:
        return self.doc.error(self.path if key is None else self.at(key), problem)

    def check(self, path: Path, value: Any, kind: type | tuple[type, ...]) -> Any:
        """``value`` (at ``path``) if it is of ``kind`` (an int is no bool here, nor a bool an int)."""
        kinds = kind if isinstance(kind, tuple) else (kind,)
        ok = any(type(value) is k or (k is dict and isinstance(value, dict)) for k in kinds)
        if not ok:
            raise self.doc.error(path, f"must be {_kind_name(kind)}, not {_type_name(value)} {quote(value)}")
        return value

    def take(
        self,
        key: str,
        kind: type | tuple[type, ...],
        default: Any = _REQUIRED,
        *,
        choices: tuple | None = None,
        at_least: int | None = None,
        at_most: int | None = None,
    ) -> Any:
        """The value of ``key``, checked (its type, one of ``choices``, within bounds); ``default`` if absent."""
        self.read.add(key)
        if key not in self.data:
            if default is _REQUIRED:
                raise self.error(None, f"{quote(key)} is missing")
            return default
        value = self.check(self.at(key), self.data[key], kind)
        if choices is not None and value not in choices:
            raise self.error(key, f"{quote(value)} is not one of {', '.join(map(quote, choices))}")
        if at_least is not None and value < at_least:
            raise self.error(key, f"{value} is less than {at_least}")
        if at_most is not None and value > at_most:
            raise self.error(key, f"{value} is more than {at_most}")
        return value

    def table(self, key: str) -> Node:
        """Table ``key`` as a node (an empty one when absent)."""
        data = self.take(key, dict, {})
        return Node(self.doc, self.at(key), data)

    def tables(self, key: str, at_most: int | None = None) -> list[Node]:
        """Array of tables ``key`` (``[[key]]``, or an array of inline tables) as nodes."""
        items = self.take(key, list, [])
        if at_most is not None and len(items) > at_most:
            raise self.error(key, f"{len(items)} tables; there are at most {at_most}")
        return [
            Node(self.doc, (*self.at(key), i), self.check((*self.at(key), i), v, dict)) for i, v in enumerate(items)
        ]

    def items(self) -> Iterator[tuple[str, Any]]:
        """Every key and value, in the file's order (each counts as read)."""
        for key, value in self.data.items():
            self.read.add(key)
            yield key, value

    def done(self, known: tuple[str, ...] = ()) -> None:
        """Every key was read: one that was not is unknown here, named with the keys that are."""
        allowed = sorted(self.read | set(known))
        for key in self.data:
            if key not in self.read and key not in known:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = f" (did you mean {quote(close[0])}?)" if close else ""
                raise self.error(key, f"unknown field {quote(key)}{hint}; the fields here are: {', '.join(allowed)}")


def zones_table(root: Node, known: tuple[str, ...], rulebook_id: str) -> Node:
    """The ``[zones]`` table of ``root``, every zone it names one of ``known`` (the rulebook's zones)."""
    zones = root.table("zones")
    for name, _value in zones.items():
        if name not in known:
            raise zones.error(
                name, f"{rulebook_id} has no zone {name!r}{suggest(name, known)}; the zones: {', '.join(known)}"
            )
    return zones


def suggest(name: str, known: Any) -> str:
    """`` (did you mean 'x'?)`` for the known name closest to a misspelled ``name``, or nothing."""
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean {quote(close[0])}?)" if close else ""


# ------------------------------------------------------------------ the turn
def step_names(rulebook: Rulebook) -> dict[str, tuple[int, int]]:
    """The steps of the turn structure a position may stand at: each task name and its short name
    (``hs.main`` and ``main``) -> (phase index, step index)."""
    names: dict[str, tuple[int, int]] = {}
    for pi, phase in enumerate(rulebook.flow):
        for si, step in enumerate(phase.steps):
            if isinstance(step, str) and not step.startswith("@"):
                names.setdefault(step, (pi, si))
                names.setdefault(step.rsplit(".", 1)[-1], (pi, si))
    return names


def at_step(table: Table, node: Node, *, player: int, step: str, number: int, key: str = "step") -> None:
    """Put the turn structure at ``step`` of ``player``'s turn number ``number``: at a phase's first step the
    turn is about to begin (the flow begins it, as in play); at a later one the turn is under way and the
    step runs next. Why: "whose turn and which step" is the same in every rulebook with a turn structure."""
    steps = step_names(table.rulebook)
    if step not in steps:
        raise node.error(
            key, f"{quote(step)} is not a step of the turn{suggest(step, steps)}; the steps: {', '.join(steps)}"
        )
    pi, si = steps[step]
    phase = table.rulebook.flow[pi]
    st = table.state
    order = st.seat_order() if phase.each_player else []
    if phase.each_player and player not in order:
        raise node.error("player", f"player {player} takes no turn here (the seat order is {order})")
    k = order.index(player) if phase.each_player else 0
    if si == 0:
        st.set_turn(player=player, number=number - 1, cursor=[pi, k, 0])
    else:
        st.set_turn(player=player, number=number, phase=phase.name, cursor=[pi, k, si])


def step_of(table: Table) -> str:
    """The short name of the step a game's turn stands at (the one running, or about to begin)."""
    t = table.state.turn
    pi, _k, si = t.get("cursor", (0, 0, 0))
    flow = table.rulebook.flow
    if pi >= len(flow):
        pi, si = 0, 0
    steps = flow[pi].steps
    name = steps[max(si - 1, 0)] if si else steps[0]
    return str(name).rsplit(".", 1)[-1]


# ------------------------------------------------------------------ object ids
def id_number(oid: str) -> int | None:
    m = _ID.fullmatch(oid)
    return int(m.group(1)) if m else None


def hidden_deck(table: Table, zones: Node, name: str, deck: Deck) -> None:
    """A hidden deck of a position file, ``{cards = {moa = 2}, ids = ["c8", "c9"]}``: its composition (cards of
    the game's catalogue) and the ids of its face-down objects (new ones, as many as the cards), put into the
    deck's zone ``name`` and its variable as :meth:`Deck.fill` would make them. Bad input names the field."""
    value = zones.take(name, dict, {})
    node = Node(zones.doc, zones.at(name), value)
    comp = node.take("cards", dict, {})
    ids = node.take("ids", list, [])
    node.done()
    cards = table.rulebook.cards
    for cid, count in comp.items():
        node.check((*node.at("cards"), cid), count, int)
        if cid not in cards:
            raise node.error("cards", f"no card {cid!r} in {table.rulebook.id}'s catalogue{suggest(cid, cards)}")
    if len(ids) != sum(comp.values()):
        raise node.error("ids", f"{len(ids)} ids for the deck's {sum(comp.values())} cards")
    st = table.state
    for i, oid in enumerate(ids):
        node.check((*node.at("ids"), i), oid, str)
        if id_number(oid) is None or oid in st.objects:
            raise node.doc.error((*node.at("ids"), i), f"{oid!r} is not a new card id ('c12')")
        st.objects[oid] = {"id": oid, "zone": name, "ts": id_number(oid), **deck.fields}
    st.zones[name] = tuple(ids)
    if comp or deck.var in st.vars:
        st.vars[deck.var] = dict(sorted(comp.items()))


def build_zones(
    table: Table,
    zones: Node,
    known: tuple[str, ...],
    decks: Mapping[str, Deck],
    card: Callable[[Table, Node, str, list[dict[str, Any]]], dict[str, Any]],
    *,
    listed_decks_kept: bool = False,
) -> None:
    """Every zone of ``known`` from the ``[zones]`` table: a deck of ``decks`` (zone -> deck) by
    :func:`hidden_deck`, any other an array of card entries, each an object ``card(table, entry, zone, made)``
    (``made``: the objects read before it) that takes all its fields; the objects are made in the order of
    their timestamps. ``listed_decks_kept``: a deck the file lists keeps its composition even when empty (a
    deck drawn empty, where the rulebook tells it from a deck never given). Why: the zones of a card game's
    position are read alike, and so each bad entry is named alike."""
    st = table.state
    made: list[dict[str, Any]] = []
    for name in known:
        deck = decks.get(name)
        if deck is not None:
            listed = name in zones
            hidden_deck(table, zones, name, deck)
            if listed and listed_decks_kept:
                st.vars.setdefault(deck.var, {})
            continue
        for entry in zones.tables(name):
            made.append(card(table, entry, name, made))
            entry.done()
    for obj in sorted(made, key=lambda o: o["ts"]):
        st.objects[obj["id"]] = obj
    for name in known:
        if name not in decks:
            st.zones[name] = tuple(o["id"] for o in made if o["zone"] == name)


def take_card(
    table: Table,
    entry: Node,
    zone: str,
    made: list[dict[str, Any]],
    base: dict[str, Any],
    fields: Mapping[str, type | tuple[type, ...]],
) -> dict[str, Any]:
    """A card entry of ``zone`` as an object: its ``id`` (a new card id, none of ``made``'s), its ``card`` (of
    the catalogue), the fields ``base`` gives every card there, and each of ``fields`` the entry gives (of
    its type). The rulebook checks and takes the rest (:func:`build_zones` calls ``entry.done()``)."""
    cards = table.rulebook.cards
    oid = entry.take("id", str)
    if id_number(oid) is None or any(o["id"] == oid for o in made):
        raise entry.error("id", f"{oid!r} is not a new card id ('c12')")
    cid = entry.take("card", str)
    if cid not in cards:
        raise entry.error("card", f"no card {cid!r} in {table.rulebook.id}'s catalogue{suggest(cid, cards)}")
    obj: dict[str, Any] = {"id": oid, "zone": zone, "ts": id_number(oid), "kind": "card", "card": cid, **base}
    for name, kind in fields.items():
        if name in entry:
            obj[name] = entry.take(name, kind)
    return obj


def card_entry(obj: dict[str, Any], fields: Mapping[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    """The entry of card ``obj`` (the inverse of :func:`take_card`): its id and card, and each of ``fields``
    it has that is not what :func:`take_card` would give it anyway (``base``, the timestamp of its id, kind
    ``card``). A None is written as it is: TOML has none, so the rulebook spells it its way."""
    oid = obj["id"]
    entry: dict[str, Any] = {"id": oid, "card": obj["card"]}
    defaults = {"ts": id_number(oid), "kind": "card", **base}
    for name in fields:
        if name in obj and (name not in defaults or obj[name] != defaults[name]):
            entry[name] = obj[name]
    return entry


def dump_zones(
    table: Table,
    names: tuple[str, ...],
    decks: Mapping[str, Deck],
    entry: Callable[[Table, str, str], Any],
    *,
    listed_decks_kept: bool = False,
) -> dict[str, Any]:
    """The ``[zones]`` table of ``table`` (the inverse of :func:`build_zones`): each zone of ``names`` that
    holds anything, a deck of ``decks`` as its composition and ids, any other as ``entry(table, oid, zone)`` of each
    object. ``listed_decks_kept``: a deck drawn empty is written too (its composition kept as ``{}``)."""
    st = table.state
    zones: dict[str, Any] = {}
    for name in names:
        oids = st.zones.get(name, ())
        deck = decks.get(name)
        if deck is not None:
            comp = deck.left(table)
            if oids or comp or (listed_decks_kept and deck.var in st.vars):
                zones[name] = {"cards": dict(comp), "ids": list(oids)}
            continue
        entries = [entry(table, oid, name) for oid in oids]
        if entries:
            zones[name] = entries
    return zones


def build_vars(table: Table, root: Node) -> None:
    """The ``[vars]`` table: each variable as the file gives it (the rulebook's own, a turn in progress's)."""
    for key, value in root.table("vars").items():
        table.state.vars[key] = value


def dump_vars(table: Table, decks: Mapping[str, Deck]) -> dict[str, Any]:
    """``{"vars": ...}``, the ``[vars]`` table :func:`build_vars` reads: every variable but the compositions of
    ``decks`` (the ``[zones]`` table holds them), by name; ``{}`` when there is none."""
    hidden = {d.var for d in decks.values()}
    others = {k: v for k, v in sorted(table.state.vars.items()) if k not in hidden}
    return {"vars": others} if others else {}


def build_players(
    table: Table,
    root: Node,
    read: Callable[[Node, int], dict[str, Any]],
    absent: Callable[[int], dict[str, Any]] | None = None,
) -> None:
    """The ``[[players]]`` tables, at most one a player in seat order: player ``p`` gets the fields
    ``read(node, p)`` takes of his table (each table must be read whole); with ``absent``, a player the
    file leaves out gets ``absent(p)``."""
    st = table.state
    nodes = root.tables("players", at_most=len(st.players))
    for p, node in enumerate(nodes):
        st.update_player(p, **read(node, p))
        node.done()
    if absent is not None:
        for p in range(len(nodes), len(st.players)):
            st.update_player(p, **absent(p))


def take_turn(table: Table, root: Node, *, step: str, first: int, players: tuple[int, ...]) -> Node:
    """The ``[turn]`` table of a rulebook that keeps who began: ``player`` and ``first`` (each one of
    ``players``; ``first`` defaults to ``first``), ``step`` (default ``step``), the turn ``number`` (from 1) and
    the ``round``, the turn put there (:func:`at_step`). Returns the table, for the rulebook's own fields: the
    caller calls its ``done()``."""
    st = table.state
    turn = root.table("turn")
    player = turn.take("player", int, 0, choices=players)
    st.set_turn(first=turn.take("first", int, first, choices=players))
    name = turn.take("step", str, step)
    at_step(table, turn, player=player, step=name, number=turn.take("number", int, 1, at_least=1))
    st.set_turn(round=turn.take("round", int, st.turn["round"], at_least=1))
    return turn


def dump_turn(table: Table, step: str) -> dict[str, Any]:
    """The ``[turn]`` table :func:`take_turn` reads, the turn standing at ``step``."""
    t = table.state.turn
    return {
        "player": t["player"],
        "first": t["first"],
        "step": step,
        "number": max(t["number"], 1),
        "round": t["round"],
    }


def take_ids(table: Table, entry: Node) -> tuple[str | None, int | None]:
    """An entry's ``id`` and ``ts``, checked: an id of the kernel's form (``c12``) not yet taken; the
    timestamp (the order of appearance, which decides the order of play) defaults to the id's number,
    and without an id to the order the file lists the objects in."""
    oid = entry.take("id", str, None)
    ts = entry.take("ts", int, None, at_least=1)
    if oid is not None:
        if id_number(oid) is None:
            raise entry.error("id", f"{quote(oid)} is not an object id (a prefix and a number: 'c12')")
        if oid in table.state.objects:
            raise entry.error("id", f"{quote(oid)} is given twice")
        if ts is None:
            ts = id_number(oid)
    return oid, ts


def stamp(table: Table, oid: str, ts: int | None) -> None:
    """Give object ``oid`` the timestamp ``ts`` (None: keep the one it was made with)."""
    if ts is not None:
        table.state.objects[oid] = {**table.state.objects[oid], "ts": ts}


def settle(state: State, given: Node | None, *, counted_ids: bool = True) -> None:
    """The id and timestamp counters after a build: past every object's (or as the file's engine table gives).
    ``counted_ids=False``: the rulebook names its objects itself (``p0``, ``c2``), not by the id counter, so
    the counter need not be past them."""
    ids = [id_number(oid) or 0 for oid in state.objects] if counted_ids else []
    stamps = [obj.get("ts", 0) for obj in state.objects.values()]
    state.counters["id"] = max([state.counters["id"], *ids])
    state.counters["ts"] = max([state.counters["ts"], *stamps])
    if given is None:
        return
    for name in ("id", "ts", "event"):
        if name in given:
            floor = {"id": state.counters["id"], "ts": state.counters["ts"], "event": 0}[name]
            state.counters[name] = given.take(name, int, at_least=floor)
    given.done()


def drop_default_ids(entries: list[dict[str, Any]]) -> None:
    """Leave out what a loader would give anyway: every ``id`` when the entries (in the order they are
    made) are ``c1``, ``c2``, ... with timestamps 1, 2, ...; otherwise each ``ts`` equal to its id's number."""
    default = all(e["id"] == f"c{i}" and e["ts"] == i for i, e in enumerate(entries, 1))
    for e in entries:
        if default:
            del e["id"], e["ts"]
        elif e["ts"] == id_number(e["id"]):
            del e["ts"]
