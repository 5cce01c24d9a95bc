"""Read/write footprints: which parts of the state each pending ability touches when it resolves.

The ordering explorer needs to know which simultaneous abilities are *independent* (resolving
them in either order gives the same position) without trusting flags set by hand. While a
:class:`Footprints` recorder is attached to a game, the state's containers are swapped for
tracking ones that note every read and write, and each note is charged to the pending ability
whose resolution (directly or through what it caused) is running. Two abilities conflict when
one writes what the other reads or writes.

Locations are strings such as ``objects:c3``, ``zones:play``, ``vars:log``, ``players:1`` or
``rng:shuffle``; ``name:*`` stands for a whole container (iterating over it, or replacing it).
Player records are keyed by player (``players:0``, ``players:1``; ``players:#`` is how many there
are), so two effects on different players' records stay independent (``docs/orderings.md``).
Ending the game or stopping for a decision is a write to ``*``: it conflicts with everything,
since whatever would have resolved afterwards no longer does.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, SupportsIndex

from .state import State

if TYPE_CHECKING:
    from _collections_abc import dict_items, dict_keys, dict_values

    from .table import Table

# containers tracked key by key; the rest are tracked as wholes
_KEYED_DICTS = ("objects", "zones", "vars", "turn", "uses", "rng", "counters")
_KEYED_LISTS = ("players",)  # lists tracked item by item (by index): one record per player
_WHOLE_LISTS = ("modifiers", "effects", "delayed", "queue")
_TRACKED = (*_KEYED_DICTS, *_KEYED_LISTS, *_WHOLE_LISTS)
_UNTRACKED_COUNTERS = frozenset(("event",))  # event ids are transient, never part of a position


class Footprints:
    """Collects reads and writes per owner (the trace index of a pending ability's trigger)."""

    def __init__(self, owners: set[int]):
        self.owners = owners
        self.reads: dict[int, set[str]] = {o: set() for o in owners}
        self.writes: dict[int, set[str]] = {o: set() for o in owners}
        self.current: int | None = None
        self.memo: dict[int, int | None] = {}  # trace index -> owner, filled by owner()
        self.pushed: dict[int, int] = {}  # id(task args) -> owner of the task that scheduled it

    def read(self, loc: str) -> None:
        if self.current is not None:
            self.reads[self.current].add(loc)

    def write(self, loc: str) -> None:
        if self.current is not None:
            self.writes[self.current].add(loc)

    def conflict(self, a: int, b: int) -> bool:
        """Do the footprints of ``a`` and ``b`` overlap so that their order can matter?

        Player records are keyed by player, so effects on two players stay independent (issue 15, piece 7):

        >>> fp = Footprints({1, 2, 3})
        >>> for owner, loc in ((1, "players:0"), (2, "players:1"), (3, "players:0")):
        ...     fp.current = owner
        ...     fp.write(loc)
        >>> fp.conflict(1, 2), fp.conflict(1, 3)
        (False, True)
        >>> fp.current = 2
        >>> fp.write("players:*")  # the whole list (a loop over every player) meets every player's record
        >>> fp.conflict(2, 3)
        True
        """
        wa, wb = self.writes[a], self.writes[b]
        if "*" in wa or "*" in wb:
            return True  # stopping the run conflicts with everything, even with what never got to run
        return _overlap(wa, wb | self.reads[b]) or _overlap(wb, self.reads[a])

    # ---- the observer of a run: the table calls these while this recorder is attached
    def run(self, table: Table, handler: Callable[[Table, dict], None], args: dict, cause: int | None) -> None:
        """Run one task of ``table`` with its reads and writes charged to its owner.

        A task runs on behalf of the ability its cause leads to or, for a task that cites no cause
        (a response window, a repeated state check), of the one that scheduled it.
        """
        st = table.state
        table._cause = cause
        inherited = self.pushed.pop(id(args), None)
        owner = self.owner(table, cause)
        self.current = inherited if owner is None else owner
        handler(table, args)
        if st.decision is None and st.result is None:
            self.current = None  # (when the run stops here, stopped() charges the owner)

    def stopped(self, table: Table) -> None:
        """The run stops (a decision or the end): a write to ``*`` by the ability that stopped it and
        by every ability with something still pending (its order is now part of the position)."""
        fp = self
        st = table.state
        dec = st.decision
        if dec is not None and dec["resume"][0] == "k.order":
            args = dec["resume"][1]
            ordered = [t for grp in args["groups"] for t in grp[1]] + list(args["done"])
            if any(t.get("rec") in fp.owners for t in ordered):
                return  # the abilities being measured are still being ordered: none of them has run
        owners = {fp.current}
        refs: list[int] = []

        def walk(x: Any) -> None:
            if isinstance(x, dict):
                for k, v in dict.items(x):
                    if k in ("rec", "cause") and isinstance(v, int):
                        refs.append(v)
                    elif isinstance(v, dict | list | tuple):
                        walk(v)
            elif isinstance(x, list | tuple):
                for v in list.__iter__(x) if isinstance(x, list) else x:
                    walk(v)

        for _name, args, cause in st.work:
            owners.add(fp.pushed.get(id(args)))
            if isinstance(cause, int):
                refs.append(cause)
            walk(args)
        walk(list(list.__iter__(st.queue)))
        walk(st.decision)
        walk(list(dict.values(st.events)))
        owners.update(self.owner(table, r) for r in refs)
        for o in owners:
            if o is not None:
                fp.writes[o].add("*")

    def owner(self, table: Table, cause: int | None) -> int | None:
        """The pending ability (its trigger's trace index) on whose behalf the step with ``cause`` runs."""
        fp = self
        memo = fp.memo
        chain = []
        found = None
        records = table.trace.records
        while cause is not None:
            if cause in memo:
                found = memo[cause]
                break
            if cause in fp.owners:
                found = cause
                break
            chain.append(cause)
            cause = records[cause]["cause"]
        for c in chain:
            memo[c] = found
        return found


def _overlap(writes: set[str], other: set[str]) -> bool:
    if not writes or not other:
        return False
    if "*" in writes or "*" in other:
        return True
    if writes & other:
        return True
    wild_w = {w[:-1] for w in writes if w.endswith(":*")}
    wild_o = {o[:-1] for o in other if o.endswith(":*")}
    return any(o.startswith(w) for w in wild_w for o in other) or any(w.startswith(o) for o in wild_o for w in writes)


class _TrackedDict(dict[Any, Any]):
    __slots__ = ("_fp", "_name")
    _fp: Footprints
    _name: str

    def __getitem__(self, key: Any) -> Any:
        self._fp.read(f"{self._name}:{key}")
        return dict.__getitem__(self, key)

    def get(self, key: Any, default: Any = None) -> Any:
        self._fp.read(f"{self._name}:{key}")
        return dict.get(self, key, default)

    def __contains__(self, key: object) -> bool:
        self._fp.read(f"{self._name}:{key}")
        return dict.__contains__(self, key)

    def __setitem__(self, key: Any, value: Any) -> None:
        if not (self._name == "counters" and key in _UNTRACKED_COUNTERS):
            self._fp.write(f"{self._name}:{key}")
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: Any) -> None:
        self._fp.write(f"{self._name}:{key}")
        dict.__delitem__(self, key)

    def pop(self, key: Any, *default: Any) -> Any:
        self._fp.write(f"{self._name}:{key}")
        return dict.pop(self, key, *default)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        self._fp.write(f"{self._name}:{key}")
        return dict.setdefault(self, key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key in dict(*args, **kwargs):
            self._fp.write(f"{self._name}:{key}")
        dict.update(self, *args, **kwargs)

    def _all(self) -> None:
        self._fp.read(f"{self._name}:*")

    def __iter__(self) -> Iterator[Any]:
        self._all()
        return dict.__iter__(self)

    def keys(self) -> dict_keys[Any, Any]:
        self._all()
        return dict.keys(self)

    def values(self) -> dict_values[Any, Any]:
        self._all()
        return dict.values(self)

    def items(self) -> dict_items[Any, Any]:
        self._all()
        return dict.items(self)

    def __len__(self) -> int:
        self._all()
        return dict.__len__(self)

    def copy(self) -> dict[Any, Any]:
        self._all()
        return dict(dict.items(self))


class _TrackedList(list[Any]):
    __slots__ = ("_fp", "_name")
    _fp: Footprints
    _name: str

    def _r(self) -> None:
        self._fp.read(f"{self._name}:*")

    def _w(self) -> None:
        self._fp.write(f"{self._name}:*")

    def __getitem__(self, i: Any) -> Any:
        self._r()
        return list.__getitem__(self, i)

    def __iter__(self) -> Iterator[Any]:
        self._r()
        return list.__iter__(self)

    def __len__(self) -> int:
        self._r()
        return list.__len__(self)

    def __bool__(self) -> bool:
        self._r()
        return list.__len__(self) > 0

    def copy(self) -> list[Any]:
        self._r()
        return list(list.__iter__(self))

    def __setitem__(self, i: Any, v: Any) -> None:
        self._w()
        list.__setitem__(self, i, v)

    def append(self, v: Any) -> None:
        self._w()
        list.append(self, v)

    def extend(self, vs: Iterable[Any]) -> None:
        self._w()
        list.extend(self, vs)

    def pop(self, *i: SupportsIndex) -> Any:
        self._w()
        return list.pop(self, *i)

    def insert(self, i: SupportsIndex, v: Any) -> None:
        self._w()
        list.insert(self, i, v)

    def remove(self, v: Any) -> None:
        self._w()
        list.remove(self, v)


class _TrackedRecords(_TrackedList):
    """A list of records tracked item by item: ``players[1]`` reads ``players:1``, ``players[1] = p``
    writes it; how many there are is ``players:#``; iterating, slicing or changing the length is the whole."""

    __slots__ = ()

    def _key(self, i: Any) -> str:
        if isinstance(i, int):
            n = list.__len__(self)
            return f"{self._name}:{i + n if i < 0 else i}"
        return f"{self._name}:*"  # (a slice)

    def __getitem__(self, i: Any) -> Any:
        self._fp.read(self._key(i))
        return list.__getitem__(self, i)

    def __setitem__(self, i: Any, v: Any) -> None:
        self._fp.write(self._key(i))
        list.__setitem__(self, i, v)

    def __len__(self) -> int:
        self._fp.read(f"{self._name}:#")
        return list.__len__(self)

    def __bool__(self) -> bool:
        self._fp.read(f"{self._name}:#")
        return list.__len__(self) > 0


def _wrap(value: Any, name: str, fp: Footprints) -> Any:
    new: _TrackedDict | _TrackedList
    if name in _KEYED_DICTS and type(value) is dict:
        new = _TrackedDict(value)
    elif name in _KEYED_LISTS and type(value) is list:
        new = _TrackedRecords(value)
    elif name in _WHOLE_LISTS and type(value) is list:
        new = _TrackedList(value)
    else:
        return value
    new._fp, new._name = fp, name
    return new


class _TrackedState(State):
    """A state whose containers note reads and writes; replacing a container is a write."""

    __slots__ = ()

    def __setattr__(self, name: str, value: Any) -> None:
        fp = _RECORDERS.get(id(self))
        if fp is not None:
            if name == "result":
                fp.write("*")
            elif name in _TRACKED:
                fp.write(f"{name}:*")
                value = _wrap(value, name, fp)
        object.__setattr__(self, name, value)


_RECORDERS: dict[int, Footprints] = {}


def attach(state: State, fp: Footprints) -> None:
    """Start recording on ``state`` (in place)."""
    _RECORDERS[id(state)] = fp
    state.__class__ = _TrackedState
    for name in _TRACKED:
        object.__setattr__(state, name, _wrap(getattr(state, name), name, fp))


def detach(state: State) -> None:
    """Stop recording: plain containers again, with the same contents."""
    _RECORDERS.pop(id(state), None)
    for name in _TRACKED:
        value = object.__getattribute__(state, name)
        if isinstance(value, _TrackedDict):
            object.__setattr__(state, name, dict(dict.items(value)))
        elif isinstance(value, _TrackedList):
            object.__setattr__(state, name, list(list.__iter__(value)))
    state.__class__ = State
