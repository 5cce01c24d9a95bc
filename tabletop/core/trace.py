"""The trace: every step the engine takes, with its cause and the rule that made it happen.

The trace is the single source for trigger-chain graphs, replay, the timeline and the narrated
log. Records are plain dicts (so a saved game keeps them): ``i`` (index), ``kind``,
``summary``, ``rule``, ``cause`` (index of the record that caused it, or ``None``), ``player``,
``step`` (number of decisions made before it) and kind-specific ``data``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from html import escape
from itertools import chain
from operator import index as _index
from typing import TYPE_CHECKING, Any, SupportsIndex, TypeVar, overload

if TYPE_CHECKING:
    import networkx as nx

    from .rules import RuleTable

RECORD_KINDS = (
    "action",
    "event",
    "trigger",
    "window",
    "resolution",
    "replacement",
    "check",
    "decision",
    "chance",
    "modifier",
    "flow",
    "expire",
    "end",
    "excluded",  # options a decision does not offer, with the rule that excludes each (choices.ask)
)
# records that note something about a step rather than being one (the options a decision leaves out): the
# graph of causes and the log leave them out (a log asked for their kind shows them)
_NOTES = frozenset(("excluded",))
# the node kind of each record kind in the graph of causes
NODE_KINDS = ("action", "event", "trigger", "window", "resolution", "replacement", "check", "decision", "chance")
NODE_KIND = {"flow": "action", "modifier": "event", "expire": "event", "end": "event"}
# "because": from an event whose effects made a state check's condition true to the check (because_of)
EDGE_KINDS = ("caused", "triggered", "replaced", "prevented", "cancelled", "chose", "because")
# the edge a cause draws to a record of this kind in the graph of causes
EDGE_KIND = {
    "trigger": "triggered",
    "replacement": "replaced",
    "decision": "chose",
    "chance": "chose",
}


T = TypeVar("T")

# the fields of an event that are its own bookkeeping, never the objects it is about
_OWN_FIELDS = frozenset(("id", "type", "rule", "status", "rec", "applied", "left"))


def named_objects(ev: dict, objects: dict) -> dict[str, str]:
    """The objects event ``ev`` is about: each field whose value is an object's id, by field name (an
    event record keeps them as ``about``, so a later state check can find what made it true)."""
    return {k: v for k, v in ev.items() if type(v) is str and k not in _OWN_FIELDS and v in objects}


def because_of(
    trace: Trace, objects: dict, events: list[dict], declared: Mapping[str, Mapping[str, str]]
) -> dict[str, Any]:
    """What made a state check's events true: ``{"because": [record indices]}`` (``{}``: nothing found),
    the happened events, earlier in ``trace``, about the objects the check's events are about.

    ``declared`` (``Rulebook.check_causes``) narrows it by the check event's type: ``{"die": {"damage":
    "target"}}`` says a ``die`` comes of ``damage`` events whose ``target`` is the dying object (not the
    damage it dealt as a ``source``). An undeclared type takes every event about its objects. The search
    runs only when a traced check finds something, over the event records that name objects (_about_events).
    """
    wanted: list[tuple[str, Mapping[str, str] | None]] = []  # (object id, {event type: field} or None)
    for ev in events:
        rule = declared.get(ev.get("type", ""))
        wanted.extend((oid, rule) for oid in named_objects(ev, objects).values())
    if not wanted:
        return {}
    by_object = _about_events(trace)
    if len(wanted) == 1:
        candidates: Iterable[int] = by_object.get(wanted[0][0], ())
    else:
        candidates = sorted({i for oid, _rule in wanted for i in by_object.get(oid, ())})
    records = trace.records
    found = []
    for i in candidates:
        data = records[i]["data"]
        if data.get("status") != "happened":
            continue
        about = data["about"]
        for oid, rule in wanted:
            if (oid in about.values()) if rule is None else (about.get(rule.get(data["type"], "")) == oid):
                found.append(i)
                break
    return {"because": found} if found else {}


def _about_events(trace: Trace) -> dict[str, tuple[int, ...]]:
    """For each object, the indices of ``trace``'s event records that name it (``about``), in order: where
    :func:`because_of` looks. Kept on the trace with how many records it has read and the last of them, so
    each state check reads only the records added since the last (a traced game checks after every step;
    reading the whole trace each time grew with the game's length), and looks only at the records about its
    own objects. A record replaced later keeps its kind and objects (an event's status changes; an undone
    apply puts the old one back), but an undo that cut the trace back leaves another record, or none, where
    the last one read was: the index is then made again from the first record. The index is never changed
    in place (a new dict, new tuples), so a copy of the trace shares it and reads on from there."""
    records = trace.records
    n, last, by_object = trace._about
    size = len(records)
    if n > size or (n and records[n - 1] is not last):
        n, by_object = 0, {}
    if n < size:
        new = records[n:size]
        grown: dict[str, tuple[int, ...]] | None = None
        for i, rec in enumerate(new, n):
            if rec["kind"] != "event":
                continue
            about = rec["data"].get("about")
            if not about:
                continue
            if grown is None:
                grown = dict(by_object)
            for oid in dict.fromkeys(about.values()):  # (an object named twice is one entry)
                grown[oid] = (*grown.get(oid, ()), i)
        if grown is not None:
            by_object = grown
        trace._about = (size, new[-1], by_object)
    return by_object


_SHIFT = 6
_CHUNK = 1 << _SHIFT  # items in a frozen chunk (a power of two: an index splits by shift and mask)
_MASK = _CHUNK - 1


class SharedList(Sequence[T]):
    """An append-mostly list whose copies share storage: the trace's records and the history.

    A game is cloned at every branch an explorer takes, and its trace and history grow with every
    step, so copying them made a clone's cost grow with the game's length. Here the items are kept
    in full chunks of 64, frozen as tuples that every copy shares, and a tail list of the last ones,
    each copy its own. An append goes to the tail (``append`` is the tail's own ``list.append``, so
    the hot path makes no Python call); :meth:`copy` first freezes the tail's full chunks, so a copy
    costs at most 63 pointers whatever the length (O(1), each item frozen once: amortised); setting
    an item in a frozen chunk replaces that chunk and the tuple of chunks (copy-on-write), so no
    copy sees another's change. Reads are those of a list: ``x[i]``, slices (lists), iteration,
    ``len``, and equality with a list or another SharedList.
    """

    __slots__ = ("_chunks", "_frozen", "_tail", "append")
    append: Callable[[T], None]  # (the tail's list.append, bound: see _set_tail)

    def __init__(self, items: Iterable[T] = ()):
        items = list(items)
        full = len(items) & ~_MASK
        self._chunks: tuple[tuple[T, ...], ...] = tuple(tuple(items[k : k + _CHUNK]) for k in range(0, full, _CHUNK))
        self._frozen = full  # how many items the frozen chunks hold
        self._set_tail(items[full:])

    def _set_tail(self, tail: list[T]) -> None:
        self._tail = tail
        self.append = tail.append

    @property
    def size(self) -> int:
        """``len(x)``."""
        return self._frozen + len(self._tail)

    def _freeze(self) -> None:
        """Move the tail's full chunks into the frozen ones (in place: ``append`` stays bound to the tail)."""
        tail = self._tail
        full = len(tail) & ~_MASK
        if full:
            self._chunks += tuple(tuple(tail[k : k + _CHUNK]) for k in range(0, full, _CHUNK))
            self._frozen += full
            del tail[:full]

    def copy(self) -> SharedList[T]:
        """An independent copy that shares this one's frozen chunks (see the class docstring)."""
        if len(self._tail) >= _CHUNK:
            self._freeze()
        new: SharedList[T] = SharedList.__new__(SharedList)
        new._chunks = self._chunks
        new._frozen = self._frozen
        new._set_tail(self._tail.copy())
        return new

    def add(self, item: T) -> int:
        """Append ``item`` and return its index (one call instead of ``len`` and ``append``: a traced
        game records every step)."""
        tail = self._tail
        tail.append(item)
        return self._frozen + len(tail) - 1

    def truncate(self, n: int) -> None:
        """Keep the first ``n`` items (an apply's rollback)."""
        frozen = self._frozen
        if n >= frozen:
            del self._tail[n - frozen :]
        else:
            j = n >> _SHIFT
            self._set_tail(list(self._chunks[j][: n & _MASK]))
            self._chunks = self._chunks[:j]
            self._frozen = j << _SHIFT

    def shared_with(self, other: SharedList[T]) -> int:
        """How many leading items this list and ``other`` keep in the same frozen chunks (not copied)."""
        n = 0
        for a, b in zip(self._chunks, other._chunks):
            if a is not b:
                break
            n += _CHUNK
        return n

    def tolist(self) -> list[T]:
        out: list[T] = []
        for c in self._chunks:
            out += c
        out += self._tail
        return out

    def __len__(self) -> int:
        return self._frozen + len(self._tail)

    def __iter__(self) -> Iterator[T]:
        return chain(chain.from_iterable(self._chunks), self._tail)

    @overload
    def __getitem__(self, i: SupportsIndex) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> list[T]: ...
    def __getitem__(self, i: SupportsIndex | slice) -> T | list[T]:
        if type(i) is int and i >= 0:  # (the common case first: the kernel reads records by index)
            frozen = self._frozen
            return self._chunks[i >> _SHIFT][i & _MASK] if i < frozen else self._tail[i - frozen]
        if isinstance(i, slice):
            start, stop, step = i.indices(len(self))
            if step != 1:
                return self.tolist()[i]
            if start >= stop:
                return []
            out: list[T] = []
            for c in self._chunks[start >> _SHIFT : ((stop - 1) >> _SHIFT) + 1]:
                out += c
            if stop > self._frozen:
                out += self._tail
            first = min(start & ~_MASK, self._frozen)  # (where out begins: a chunk's start, or the tail's)
            return out[start - first : stop - first]
        k = _index(i)
        frozen = self._frozen
        if k < 0:
            k += frozen + len(self._tail)
            if k < 0:
                raise IndexError(f"index {_index(i)} out of range (length {len(self)})")
        if k < frozen:
            return self._chunks[k >> _SHIFT][k & _MASK]
        return self._tail[k - frozen]

    def __setitem__(self, i: int, item: T) -> None:
        """Replace item ``i`` (a pending event's record): in the tail in place, in a frozen chunk by
        copying that chunk (the other copies keep theirs)."""
        k = _index(i)
        frozen = self._frozen
        if k >= frozen:  # (a pending event's record is most often still in the tail)
            self._tail[k - frozen] = item
            return
        n = len(self)
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError(f"index {_index(i)} out of range (length {n})")
        if k >= frozen:
            self._tail[k - frozen] = item
            return
        j = k >> _SHIFT
        chunk = list(self._chunks[j])
        chunk[k & _MASK] = item
        self._chunks = (*self._chunks[:j], tuple(chunk), *self._chunks[j + 1 :])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SharedList):
            if other._chunks is self._chunks:
                return other._tail == self._tail
            return self.tolist() == other.tolist()
        if isinstance(other, list):
            return len(other) == len(self) and self.tolist() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (mutable, as a list)

    def __reduce__(self) -> tuple[type[SharedList[T]], tuple[list[T]]]:
        return SharedList, (self.tolist(),)

    def __repr__(self) -> str:
        return repr(self.tolist())


class Trace:
    """The records of a game, in order (a :class:`SharedList`, so a clone of the game shares them)."""

    def __init__(self, rules: RuleTable, records: Iterable[dict] | None = None):
        self.rules = rules
        self.records: SharedList[dict] = (
            records if isinstance(records, SharedList) else SharedList(records if records is not None else ())
        )
        # (_about_events) how many records the search for a state check's causes has read, the last of them,
        # and, for each object, the indices of the event records among them that name it
        self._about: tuple[int, dict | None, dict[str, tuple[int, ...]]] = (0, None, {})

    def __len__(self) -> int:
        return len(self.records)

    def __iter__(self) -> Iterator[dict]:
        return iter(self.records)

    @overload
    def __getitem__(self, i: SupportsIndex) -> dict: ...
    @overload
    def __getitem__(self, i: slice) -> list[dict]: ...
    def __getitem__(self, i: SupportsIndex | slice) -> dict | list[dict]:
        return self.records[i]

    def copy(self) -> Trace:
        trace = Trace(self.rules, self.records.copy())
        trace._about = self._about  # (never changed in place: the copy reads on from there)
        return trace

    def of_kind(self, *kinds: str) -> list[dict]:
        return [r for r in self.records if r["kind"] in kinds]

    def causes(self, i: int) -> list[dict]:
        """The chain of causes of record ``i``, from the root down to it."""
        chain = []
        cur: int | None = i
        while cur is not None:
            rec = self.records[cur]
            chain.append(rec)
            cur = rec["cause"]
            if cur is None and rec["kind"] == "check":  # a state check goes on from the last event that made it true
                cur = max(rec["data"].get("because", ()), default=None)
        return chain[::-1]

    def why(self, i: int) -> str:
        """Record ``i``'s chain of causes as readable lines, each with its rule."""
        return "\n".join(
            f"{'  ' * depth}{rec['summary']}  [{self.cite(rec['rule'])}]" for depth, rec in enumerate(self.causes(i))
        )

    def cite(self, rule_id: str) -> str:
        if rule_id in self.rules:
            rule = self.rules[rule_id]
            return f"{rule_id}: {rule.citation}" if rule.citation else rule_id
        return rule_id

    def graph(self, since: int = 0) -> nx.DiGraph[int]:
        """The trace as a ``networkx.DiGraph`` of causes: one node per record (from record ``since`` on,
        with the edges among those: the graph of the whole trace cut down to them, made without the rest).

        Nodes carry ``kind`` (one of :data:`NODE_KINDS`; ``record`` keeps the record's own
        kind), ``summary``, ``player``, ``source``, ``step`` (the record index), ``turn`` (the
        number of decisions made before it), ``rule``, ``rule_text``, ``citation`` and
        ``status`` (for events). Edges carry ``kind``: caused, triggered, replaced, prevented,
        cancelled, chose or because (from the events that made a state check's condition true).
        """
        import networkx as nx

        g: nx.DiGraph[int] = nx.DiGraph()
        records = self.records
        for i in range(max(since, 0), len(records)):
            rec = records[i]
            if rec["kind"] in _NOTES:
                continue
            rule = self.rules.get(rec["rule"], None)
            data = rec.get("data", {})
            g.add_node(
                rec["i"],
                kind=NODE_KIND.get(rec["kind"], rec["kind"]),
                record=rec["kind"],
                summary=rec["summary"],
                player=rec.get("player"),
                source=data.get("ability", "").split("#")[0].split("@")[0] or None,
                step=rec["i"],
                turn=rec.get("step"),
                rule=rec["rule"],
                rule_text=rule.text if rule else "",
                citation=rule.citation if rule else "",
                status=data.get("status"),
            )
            if rec["cause"] is not None and rec["cause"] >= since:
                edge = EDGE_KIND.get(rec["kind"], "caused")
                status = data.get("status")
                # the record of a cancel or prevention (not the event's own record) draws that edge
                if rec["kind"] == "event" and status in ("cancelled", "prevented") and "type" not in data:
                    edge = status
                g.add_edge(rec["cause"], rec["i"], kind=edge)
            for before in data.get("because", ()):  # (a state check: what made its condition true)
                if before >= since:
                    g.add_edge(before, rec["i"], kind="because")
        return g

    def __repr__(self) -> str:
        return f"<Trace: {len(self.records)} records>"

    def _repr_html_(self) -> str:
        return Log(self)._repr_html_()


class Log:
    """The trace narrated: one line per step, each with its rule reference."""

    def __init__(self, trace: Trace, kinds: tuple[str, ...] | None = None):
        self.trace = trace
        self.kinds = kinds

    def lines(self) -> list[str]:
        out = []
        for rec in self.trace.records:
            if (rec["kind"] not in self.kinds) if self.kinds else (rec["kind"] in _NOTES):
                continue
            depth = _depth(self.trace.records, rec)
            out.append(f"{'  ' * depth}{rec['summary']}  [{self.trace.cite(rec['rule'])}]")
        return out

    def __iter__(self) -> Iterator[str]:
        return iter(self.lines())

    def __len__(self) -> int:
        return len(self.lines())

    @overload
    def __getitem__(self, i: SupportsIndex) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: SupportsIndex | slice) -> str | list[str]:
        return self.lines()[i]

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __repr__(self) -> str:
        return str(self)

    def tail(self, n: int = 10) -> str:
        return "\n".join(self.lines()[-n:])

    def _repr_html_(self) -> str:
        rows = []
        for rec in self.trace.records:
            if (rec["kind"] not in self.kinds) if self.kinds else (rec["kind"] in _NOTES):
                continue
            pad = _depth(self.trace.records, rec) * 1.2
            rows.append(
                f"<div style='margin-left:{pad:.1f}em'><span class='tt-kind'>{escape(rec['kind'])}"
                f"</span> {escape(rec['summary'])} <small><code>"
                f"{escape(self.trace.cite(rec['rule']))}</code></small></div>"
            )
        return "<div class='tt-log'>" + "".join(rows) + "</div>"


def _depth(records: Sequence[dict], rec: dict[str, Any]) -> int:
    depth, cur = 0, rec["cause"]
    while cur is not None and depth < 40:
        depth += 1
        cur = records[cur]["cause"]
    return depth
