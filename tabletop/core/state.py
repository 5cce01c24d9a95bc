"""The game state: plain data with cheap copies and a canonical fingerprint.

Everything in a :class:`State` is JSON data: dicts with string keys, lists or tuples, strings,
numbers, booleans and ``None``. Objects and the small dicts inside the state are never changed
in place once stored; rule code replaces them (copy on write) through :meth:`State.update` and
friends. That is what makes :meth:`State.clone` a handful of shallow dict copies, so explorers
and playouts can branch a game hundreds of thousands of times a second.
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson

# Parts of the state that describe the position; ``rng`` and ``counters`` are bookkeeping and
# stay out of the fingerprint (two paths to the same position are the same position).
POSITION_KEYS = (
    "objects",
    "zones",
    "players",
    "turn",
    "vars",
    "work",
    "queue",
    "decision",
    "modifiers",
    "effects",
    "delayed",
    "events",
    "uses",
    "result",
)


# How many turns and rounds were played is history, not position: a rule that depends on it
# keeps its own count in ``vars`` (or on a player), where it is part of the position.
TURN_COUNTERS = frozenset(("number", "round"))
_TRACE_KEYS = frozenset(("cause", "rec"))


# Where the references into the trace are (they depend on the path that led to a position and on whether
# tracing is on, so a fingerprint and a position file leave them out). Only the kernel's own data holds them:
# the third item of a work entry, a decision's ``cause``, an event's ``rec`` and, at any depth, the kernel's
# tasks' arguments and the queue of triggers. A rulebook's own task arguments and an event's fields are its
# data, whatever their names (a Warlord death's cause is a fact of the position).


def _strip(value: Any) -> Any:
    """``value`` without the trace-reference keys, at any depth (the kernel's own data only)."""
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k not in _TRACE_KEYS}
    if isinstance(value, list | tuple):
        return [_strip(v) for v in value]
    return value


def _strip_task(name: str, args: dict) -> list:
    # kernel tasks carry triggers and events (which hold trace references) in their arguments;
    # a rulebook's own task arguments hold only its data (the cause a task cites is the work entry's
    # third item, left out here)
    if name.startswith("k."):
        return [name, _strip(args)]
    return [name, args]


def _strip_events(events: dict[str, dict]) -> dict[str, dict]:
    # an event's trace reference is its own ``rec``; its other fields are the rulebook's
    return {eid: {k: v for k, v in ev.items() if k != "rec"} for eid, ev in events.items()}


def _strip_decision(dec: dict | None) -> dict | None:
    if dec is None:
        return None
    out = dict(dec)
    out.pop("cause", None)
    out["resume"] = _strip_task(*dec["resume"])
    return out


class State:
    """All the data of one position, including the pending work of the engine."""

    __slots__ = (
        "counters",
        "decision",
        "delayed",
        "effects",
        "events",
        "modifiers",
        "objects",
        "players",
        "queue",
        "result",
        "rng",
        "turn",
        "uses",
        "vars",
        "work",
        "zones",
    )

    def __init__(self) -> None:
        self.objects: dict[str, dict] = {}
        self.zones: dict[str, tuple] = {}
        self.players: list[dict] = []
        self.turn: dict[str, Any] = {}
        self.vars: dict[str, Any] = {}
        self.work: list = []  # the engine's pending tasks (name, args, cause), last one runs next
        self.queue: list = []  # pending triggered abilities (stack or queue container)
        self.decision: dict | None = None
        self.modifiers: list[dict] = []
        self.effects: list[dict] = []  # lasting effects that are not modifiers
        self.delayed: list[dict] = []  # delayed effects waiting for their moment
        self.events: dict[str, dict] = {}  # events inside the pipeline, by id
        self.uses: dict[str, int] = {}  # ability uses, for limits such as once per turn
        self.result: dict | None = None
        self.rng: dict[str, int] = {}
        self.counters: dict[str, int] = {"id": 0, "ts": 0, "event": 0}

    # ----------------------------------------------------------------- copying
    def clone(self) -> State:
        """An independent copy, sharing the immutable objects."""
        new = State.__new__(State)
        new.objects = self.objects.copy()
        new.zones = self.zones.copy()
        new.players = self.players.copy()
        new.turn = self.turn.copy()
        new.vars = self.vars.copy()
        new.work = self.work.copy()
        new.queue = self.queue.copy()
        new.decision = self.decision
        new.modifiers = self.modifiers.copy()
        new.effects = self.effects.copy()
        new.delayed = self.delayed.copy()
        new.events = self.events.copy()
        new.uses = self.uses.copy()
        new.result = self.result
        new.rng = self.rng.copy()
        new.counters = self.counters.copy()
        return new

    def snapshot(self) -> tuple:
        """What :meth:`restore_snapshot` puts back: each part's contents now, in ``__slots__`` order
        (``None`` for an empty list or dict: most are empty between decisions, and a test is no call).

        Cheaper than :meth:`clone` (no State is made): ``Game.apply`` takes one before every
        choice, to undo a step that fails."""
        return (
            self.counters.copy(),
            self.decision,
            self.delayed.copy() if self.delayed else None,
            self.effects.copy() if self.effects else None,
            self.events.copy() if self.events else None,
            self.modifiers.copy() if self.modifiers else None,
            self.objects.copy(),
            self.players.copy(),
            self.queue.copy() if self.queue else None,
            self.result,
            self.rng.copy(),
            self.turn.copy(),
            self.uses.copy() if self.uses else None,
            self.vars.copy(),
            self.work.copy() if self.work else None,
            self.zones.copy(),
        )

    def restore_snapshot(self, parts: tuple) -> None:
        """Make this state what it was when :meth:`snapshot` returned ``parts`` (which it takes over)."""
        (
            self.counters,
            self.decision,
            delayed,
            effects,
            events,
            modifiers,
            self.objects,
            self.players,
            queue,
            self.result,
            self.rng,
            self.turn,
            uses,
            self.vars,
            work,
            self.zones,
        ) = parts
        self.delayed = [] if delayed is None else delayed
        self.effects = [] if effects is None else effects
        self.events = {} if events is None else events
        self.modifiers = [] if modifiers is None else modifiers
        self.queue = [] if queue is None else queue
        self.uses = {} if uses is None else uses
        self.work = [] if work is None else work

    def restore(self, other: State) -> None:
        """Make this state equal to ``other`` (used to undo a failed step)."""
        for name in State.__slots__:
            setattr(self, name, getattr(other, name))

    # ------------------------------------------------------------ plain data
    def to_data(self) -> dict:
        return {name: getattr(self, name) for name in sorted(State.__slots__)}

    @classmethod
    def from_data(cls, data: dict) -> State:
        new = cls()
        for name in State.__slots__:
            if name in data:
                setattr(new, name, data[name])
        new.zones = {k: tuple(v) for k, v in new.zones.items()}
        new.work = [tuple(t) for t in new.work]
        return new

    def canonical(self, with_bookkeeping: bool = False) -> str:
        """Canonical JSON text of the position (sorted keys, tuples as lists).

        References into the trace (a task's cause, ``cause``, ``rec``) depend on the path that led to
        a position and on whether tracing is on, so they are left out.
        """
        return self._canonical_bytes(with_bookkeeping).decode()

    def _canonical_bytes(self, with_bookkeeping: bool = False) -> bytes:
        if not with_bookkeeping:  # (a fingerprint: the position's parts in one literal, empty ones as they are)
            turn = dict(self.turn)
            turn.pop("number", None)  # (TURN_COUNTERS)
            turn.pop("round", None)
            work, queue, events = self.work, self.queue, self.events
            data = {
                "objects": self.objects,
                "zones": self.zones,
                "players": self.players,
                "turn": turn,
                "vars": self.vars,
                "work": [_strip_task(name, args) for name, args, _cause in work] if work else work,
                "queue": _strip(queue) if queue else queue,
                "decision": _strip_decision(self.decision),
                "modifiers": self.modifiers,
                "effects": self.effects,
                "delayed": self.delayed,
                "events": _strip_events(events) if events else events,
                "uses": self.uses,
                "result": self.result,
            }
            return orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
        keys = State.__slots__
        data = {k: getattr(self, k) for k in keys}
        data["work"] = [_strip_task(name, args) for name, args, _cause in self.work]
        data["decision"] = _strip_decision(self.decision)
        data["queue"] = _strip(self.queue)
        data["events"] = _strip_events(self.events)
        return orjson.dumps(data, option=orjson.OPT_SORT_KEYS)

    def untraced_engine(self) -> dict[str, Any]:
        """The engine's parts of the position (its pending work, and what the work reads) as the fingerprint
        sees them: without references into the trace, each work entry's cause None. A position file writes
        this (``Game.to_position``): the loaded game's trace starts empty, and its fingerprint is the same."""
        return {
            "work": [[*_strip_task(name, args), None] for name, args, _cause in self.work],
            "queue": _strip(self.queue),
            "decision": _strip_decision(self.decision),
            "events": _strip_events(self.events),
            "effects": self.effects,
            "delayed": self.delayed,
            "modifiers": self.modifiers,
            "uses": self.uses,
            "turn": self.turn,
        }

    def fingerprint(self) -> str:
        """A hash of the position: equal positions give equal fingerprints."""
        # SHA-1 is the fastest stable hash here (hardware-assisted); 128 bits of it are plenty
        # to tell positions apart, and nothing depends on it being collision-proof against attack
        return hashlib.sha1(self._canonical_bytes(), usedforsecurity=False).hexdigest()[:32]

    # --------------------------------------------------------------- objects
    def new_id(self, prefix: str) -> str:
        n = self.counters["id"] = self.counters["id"] + 1
        return f"{prefix}{n}"

    def next_ts(self) -> int:
        """A new timestamp, for "order of appearance in the game"."""
        n = self.counters["ts"] = self.counters["ts"] + 1
        return n

    def update(self, obj_id: str, **changes: Any) -> dict:
        """Replace object ``obj_id`` with a copy that has ``changes``; returns the new object."""
        new = {**self.objects[obj_id], **changes}
        self.objects[obj_id] = new
        return new

    def set_in(self, obj_id: str, field: str, key: str, value: Any) -> dict:
        """Set ``obj[field][key] = value`` (e.g. a counter or status) by copy on write."""
        obj = self.objects[obj_id]
        inner = {**obj.get(field, {}), key: value}
        if value is None:
            del inner[key]
        return self.update(obj_id, **{field: inner})

    def update_player(self, index: int, **changes: Any) -> dict:
        new = {**self.players[index], **changes}
        self.players[index] = new
        return new

    def set_var(self, name: str, value: Any) -> None:
        self.vars[name] = value

    def set_turn(self, **changes: Any) -> None:
        self.turn.update(changes)

    def seat_order(self) -> list[int]:
        """The players still in the game (not ``out``), in seat order from the first player."""
        n = len(self.players)
        first = self.turn.get("first", 0)
        seats = _SEATS.get((n, first))
        if seats is None:
            seats = _SEATS[(n, first)] = tuple((first + i) % n for i in range(n))
        players = self.players
        return [p for p in seats if not players[p].get("out")]

    # ----------------------------------------------------------------- zones
    def zone(self, name: str) -> tuple:
        return self.zones.get(name, ())

    def put(self, obj_id: str, zone: str, index: int | None = None, changes: dict | None = None) -> None:
        """Move ``obj_id`` to ``zone`` (at ``index``, default the end), with ``changes`` to its fields."""
        obj = self.objects[obj_id]
        old = obj.get("zone")
        zones = self.zones
        if old is not None:
            zones[old] = _without(zones[old], obj_id)
        content = zones.get(zone, ())
        if index is None:
            zones[zone] = (*content, obj_id)
        else:
            ordered = list(content)
            ordered.insert(index, obj_id)
            zones[zone] = tuple(ordered)
        self.objects[obj_id] = {**obj, "zone": zone, **changes} if changes else {**obj, "zone": zone}


_SEATS: dict[tuple[int, int], tuple[int, ...]] = {}  # (players, first player) -> seats from the first


def _without(content: tuple, obj_id: str) -> tuple:
    """``content`` without ``obj_id`` (a zone lists each object once: one slice, not a scan in Python)."""
    if type(content) is not tuple:
        content = tuple(content)
    try:
        i = content.index(obj_id)
    except ValueError:
        return content
    out = content[:i] + content[i + 1 :]
    if obj_id in out:  # (not a well-formed zone; drop every copy, as a filter would)
        out = tuple(x for x in out if x != obj_id)
    return out
