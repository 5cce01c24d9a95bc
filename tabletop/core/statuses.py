"""Statuses and tokens: boons and conditions on objects, with stacks, a stacking rule and their ends.

A :class:`Status` is a rulebook's spec of one status (Guild Wars 2's Might, Aegis, Blind; Dice Throne
Missions' Bleed, Evasive, Knockdown): a boon or a condition, a stack limit, what gaining it again does
(``stacking``), when it ends (at the end of a period, of its holder's own period, at the next matching
event, or when spent), the statuses it makes its holder immune to, and the stats it changes. A
:class:`Statuses` holds a rulebook's specs and does the work; its steps are a task, two event handlers
and two named abilities the rulebook is given (:meth:`Statuses.tasks`, :meth:`Statuses.handlers`,
:meth:`Statuses.abilities`, :attr:`Statuses.rule_abilities`).

In play, everything is plain data:

- an object's statuses are ``obj["statuses"]``: ``{name: {"stacks": n, "ts": t, "data": {...}, "end": ...}}``;
- gaining one is an event (``gain_status``: target, name, stacks) and losing one too (``lose_status``:
  target, name, stacks, ``why``: ``expired``, ``spent``, ``event`` or ``removed``), so they go through the
  event pipeline: reactions and the trace see them, and an immunity is a prevention of the gain (the
  rule ability ``<name>.immunity``: the event is ``prevented``);
- a status that ends at a period is a lasting effect (``state.effects``, kind ``status:<name>``) whose end
  runs the task ``<name>.ends`` (:meth:`Table.expire`: ``of`` its holder's controller for the holder's own
  turn, ``times`` for "your next turn");
- a status that ends at the next matching event ("the next attack that gets through") is a delayed
  effect (``state.delayed``) of the named ability ``<name>.next_event``;
- a status that changes a stat is a lasting modifier (``state.modifiers``, ``source`` the status), so
  ``game.explain(obj, stat)`` shows it.

>>> might = Status("Might", "boon", rule="gw2.might", modifiers=(("power", "add", 1),), limit=25)
>>> blind = Status("Blind", "condition", rule="gw2.blind", until="turn", own=True, decay="one")
>>> aegis = Status("Aegis", "boon", rule="gw2.aegis")
>>> resolve = Status("Resolve", "boon", rule="demo.resolve", prevents=("condition",))
>>> book = Statuses(might, blind, aegis, resolve)
>>> book["Might"].adds_per_stack, book["Blind"].ends_at_period, resolve.makes_immune(blind), resolve.makes_immune(aegis)
(True, True, True, False)
>>> sorted(book.abilities()), book.rule_abilities
(['status.immunity', 'status.next_event'], ('status.immunity',))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .abilities import Ability, Activation, Prevent
from .errors import RuleError, quote

if TYPE_CHECKING:
    from .table import Table
    from .tasks import TaskTable

KINDS = ("boon", "condition", "unique", "neither")
STACKINGS = ("intensity", "none", "duration", "replace")
DECAYS = ("all", "one")
WHYS = ("expired", "spent", "event", "removed")


@dataclass(frozen=True)
class Status:
    """One status a rulebook knows.

    ``kind``: ``boon`` or ``condition`` (positive or negative), ``unique`` or ``neither`` (Dice Throne's
    unique statuses, GW2's Taunt). ``limit``: the most stacks an object may have (None: no limit).
    ``stacking``, what gaining it again does: ``intensity`` adds the stacks (up to the limit: the rest is
    lost), ``none`` does not stack (nothing happens), ``duration`` refreshes when it ends, ``replace``: the new
    one (its stacks, its data, its end) replaces the old.

    Its end (each may be overridden by :meth:`Statuses.gain`): ``until`` a period (``turn``, ``phase``,
    ``round`` or a rulebook's own, ended by ``Table.expire``); ``own``: the holder's own one (the end of its
    controller's turn; of the holder itself for a rulebook's own periods); ``times``: the number of such
    ends it lasts, and ``next_turn``: gained during the turn it would end at, that turn's end does not count
    ("until the end of your *next* turn"). ``ends_on``: the type of the next event that ends it, and
    ``ends_match``: the fields that event must have (``"$holder"``: the object with the status), as for
    the kernel's delayed effects. ``decay``: whether an end takes ``all`` stacks or ``one`` (GW2's Blind,
    one turn per stack). A status may always be spent (:meth:`Statuses.spend`) or removed.

    ``prevents``: the statuses its holder cannot gain while it has this one (names, kinds, or ``"*"``:
    all). ``modifiers``: ``(stat, op, amount)`` on its holder; ``add`` and ``sub`` count once per stack.
    """

    name: str
    kind: str
    rule: str
    text: str = ""
    limit: int | None = None
    stacking: str = "intensity"
    until: str | None = None
    own: bool = False
    times: int = 1
    next_turn: bool = False
    ends_on: str | None = None
    ends_match: Mapping[str, Any] = field(default_factory=dict)
    decay: str = "all"
    prevents: tuple[str, ...] = ()
    modifiers: tuple[tuple[str, str, Any], ...] = ()

    def __post_init__(self) -> None:
        where = f"status {quote(self.name)}"
        for what, value, allowed in (
            ("kind", self.kind, KINDS),
            ("stacking", self.stacking, STACKINGS),
            ("decay", self.decay, DECAYS),
        ):
            if value not in allowed:
                raise RuleError(f"{where}: {what} {quote(value)} is not one of {allowed}")
        if self.limit is not None and (type(self.limit) is not int or self.limit < 1):
            raise RuleError(f"{where}: limit {quote(self.limit)} must be a positive int or None")
        if type(self.times) is not int or self.times < 1:
            raise RuleError(f"{where}: times {quote(self.times)} must be a positive int")
        for mod in self.modifiers:
            if len(mod) != 3 or mod[1] not in ("add", "sub", "mul", "div", "set"):
                raise RuleError(f"{where}: modifier {mod!r} is not (stat, add|sub|mul|div|set, amount)")

    @property
    def adds_per_stack(self) -> bool:
        """Do its modifiers count once per stack (it has ``add``/``sub`` ones and stacks in intensity)?"""
        return any(op in ("add", "sub") for _, op, _ in self.modifiers)

    @property
    def ends_at_period(self) -> bool:
        return self.until is not None

    def makes_immune(self, other: Status) -> bool:
        """Does having this status prevent gaining ``other``?"""
        return bool({"*", other.name, other.kind} & set(self.prevents))


class Statuses:
    """A rulebook's statuses and the work of gaining, stacking, ending and losing them.

    ``name`` prefixes its task and abilities; ``gain_event`` and ``lose_event`` are the types of its
    events; ``rule``: the rule its own steps cite (a status's own rule is cited where it can be).
    """

    def __init__(
        self,
        *statuses: Status,
        name: str = "status",
        gain_event: str = "gain_status",
        lose_event: str = "lose_status",
        rule: str = "core.status",
    ) -> None:
        self.specs: dict[str, Status] = {}
        for spec in statuses:
            if spec.name in self.specs:
                raise RuleError(f"status {quote(spec.name)} is declared twice")
            self.specs[spec.name] = spec
        self.name, self.rule = name, rule
        self.gain_event, self.lose_event = gain_event, lose_event
        self.ends_task = f"{name}.ends"
        self.rule_abilities: tuple[str, ...] = (f"{name}.immunity",)

    def __getitem__(self, name: str) -> Status:
        try:
            return self.specs[name]
        except KeyError:
            raise RuleError(f"no status {quote(name)}; known: {', '.join(self.specs) or 'none'}") from None

    def __repr__(self) -> str:
        return f"Statuses({', '.join(self.specs)})"

    # ------------------------------------------------------------ what a rulebook is given
    def tasks(self, table: TaskTable) -> TaskTable:
        """Register the task a status's period end runs (``<name>.ends``) on ``table``; returns ``table``."""

        def ends(game: Table, *, effect: dict) -> None:
            spec = self[effect["status"]]
            if self.stacks(game, effect["target"], spec.name):
                self._lose(game, effect["target"], spec, spec.decay, "expired", spec.rule)

        ends.__doc__ = f"{self.rule}: a status ends at the end of its period."
        table(self.ends_task)(ends)
        return table

    def handlers(self) -> dict[str, Callable[[Table, dict], None]]:
        """The event handlers of gaining and losing (for ``Rulebook.event_handlers``)."""
        return {self.gain_event: self._on_gain, self.lose_event: self._on_lose}

    def abilities(self) -> dict[str, Ability]:
        """The named abilities (for ``Rulebook.named_abilities``; ``rule_abilities`` lists the immunity)."""
        return {
            f"{self.name}.immunity": Ability(
                f"{self.name}.immunity",
                "replacement",
                rule=self.rule,
                event=self.gain_event,
                condition=lambda game, act: (
                    self.immune(game, (act.event or {})["target"], (act.event or {})["name"]) is not None
                ),
                effect=self._prevent,
            ),
            f"{self.name}.next_event": Ability(
                f"{self.name}.next_event", "triggered", rule=self.rule, effect=self._event_ends
            ),
        }

    def event_text(self) -> dict[str, Callable[[Table, dict], str]]:
        """Readable words for its events (for ``Rulebook.event_text``)."""

        def gain(game: Table, ev: dict) -> str:
            return f"{ev['target']} gains {ev['name']}" + (f" x{ev['stacks']}" if ev.get("stacks", 1) != 1 else "")

        def lose(game: Table, ev: dict) -> str:
            n = ev.get("stacks")
            return (
                f"{ev['target']} loses {ev['name']}"
                + (f" x{n}" if n not in (None, "all") else "")
                + (f" ({ev['why']})" if ev.get("why") else "")
            )

        return {self.gain_event: gain, self.lose_event: lose}

    # ------------------------------------------------------------ reading
    def of(self, game: Table, target: str) -> dict[str, int]:
        """The statuses ``target`` has, with their stacks."""
        held: dict[str, dict] = game.state.objects[target].get("statuses", {})
        return {name: entry["stacks"] for name, entry in held.items()}

    def stacks(self, game: Table, target: str, name: str) -> int:
        """How many stacks of ``name`` the object ``target`` has (0: none; a gone object has none)."""
        obj = game.state.objects.get(target)
        entry = None if obj is None else obj.get("statuses", {}).get(name)
        return 0 if entry is None else int(entry["stacks"])

    def has(self, game: Table, target: str, name: str) -> bool:
        return self.stacks(game, target, name) > 0

    def data(self, game: Table, target: str, name: str) -> dict:
        """The data the status was gained with (a Bonus Damage token's amount, say)."""
        entry: dict = game.state.objects[target].get("statuses", {}).get(name, {})
        return dict(entry.get("data", {}))

    def immune(self, game: Table, target: str, name: str) -> str | None:
        """The status of ``target`` that makes it immune to ``name`` (None: it is not immune)."""
        spec = self[name]
        for held in self.of(game, target):
            if self[held].makes_immune(spec):
                return held
        return None

    # ------------------------------------------------------------ verbs
    def gain(
        self,
        game: Table,
        target: str,
        name: str,
        stacks: int = 1,
        *,
        by: int | None = None,
        data: dict | None = None,
        rule: str | None = None,
        **end: Any,
    ) -> str:
        """Send the event of ``target`` gaining ``stacks`` of ``name`` (by player ``by``); ``data``: kept with
        it; ``end``: ``until``, ``of``, ``times``, ``ends_on``, ``ends_match`` in place of the spec's. Returns
        the event's id."""
        spec = self[name]
        if game.state.objects.get(target) is None:
            raise RuleError(f"status {quote(name)}: no object {quote(target)} to gain it")
        if type(stacks) is not int or stacks < 1:
            raise RuleError(f"status {quote(name)}: {quote(stacks)} stacks; gain at least 1")
        unknown = set(end) - {"until", "of", "times", "ends_on", "ends_match"}
        if unknown:
            raise RuleError(f"status {quote(name)}: unknown end setting(s) {sorted(unknown)}")
        fields: dict[str, Any] = {"target": target, "name": name, "stacks": stacks, "player": by}
        if data:
            fields["data"] = dict(data)
        if end:
            fields["end"] = end
        return game.emit(self.gain_event, rule=rule or spec.rule, **fields)

    def lose(
        self, game: Table, target: str, name: str, stacks: int | None = None, *, why: str = "removed", rule: str = ""
    ) -> str:
        """Send the event of ``target`` losing ``stacks`` of ``name`` (None: all of them)."""
        spec = self[name]
        if why not in WHYS:
            raise RuleError(f"status {quote(name)}: why {quote(why)} is not one of {WHYS}")
        return game.emit(
            self.lose_event, rule=rule or spec.rule, target=target, name=name, stacks=stacks or "all", why=why
        )

    def spend(self, game: Table, target: str, name: str, stacks: int = 1, *, rule: str = "") -> str:
        """Spend ``stacks`` of ``name`` (Aegis blocks an attack, L133): a loss ``why="spent"``; refused when
        ``target`` has fewer."""
        have = self.stacks(game, target, name)
        if have < stacks:
            raise RuleError(f"{quote(target)} has {have} stack(s) of {quote(name)}, cannot spend {stacks}")
        return self.lose(game, target, name, stacks, why="spent", rule=rule)

    # ------------------------------------------------------------ the work
    def _prevent(self, game: Table, act: Activation) -> Prevent:
        ev = act.event or {}
        return Prevent(f"{ev['target']} is immune to {ev['name']} ({self.immune(game, ev['target'], ev['name'])})")

    def _on_gain(self, game: Table, ev: dict) -> None:
        st = game.state
        target = ev["target"]
        if target not in st.objects:
            return
        spec = self[ev["name"]]
        have = self.stacks(game, target, spec.name)
        limit = spec.limit if spec.limit is not None else ev["stacks"] + have
        end = self._end(game, target, spec, ev.get("end", {}))
        data = ev.get("data", {})
        if have and spec.stacking == "none":
            gained = 0
        elif have and spec.stacking == "duration":
            gained = 0
            self._unschedule(game, target, spec.name)
            self._set(game, target, spec, have, end=end)
        elif have and spec.stacking == "replace":
            self._unschedule(game, target, spec.name)
            gained = min(ev["stacks"], limit)
            self._set(game, target, spec, gained, end=end, data=data)
        else:
            gained = max(0, min(ev["stacks"], limit - have))
            if gained:
                self._set(game, target, spec, have + gained, end=None if have else end, data=None if have else data)
        st.events[ev["id"]] = {**st.events[ev["id"]], "gained": gained}
        game.record(
            "modifier",
            lambda: f"{target}: {spec.name} {have} -> {self.stacks(game, target, spec.name)} ({spec.stacking})",
            spec.rule,
            target=target,
            status=spec.name,
            stacks=self.stacks(game, target, spec.name),
        )

    def _end(self, game: Table, target: str, spec: Status, given: dict) -> dict:
        """When this gain of ``spec`` ends, as plain data kept with the status."""
        end: dict[str, Any] = {}
        until = given.get("until", spec.until)
        if until is not None:
            end["until"] = until
            of = given.get("of")
            if of is None and spec.own:
                obj = game.state.objects[target]
                of = game.controller_of(obj) if until in ("turn", "phase") else target
            times = given.get("times", spec.times)
            if spec.next_turn and until == "turn" and of is not None and game.state.turn.get("player") == of:
                times += 1  # gained during the turn it would end at: "your next turn"
            if of is not None:
                end["of"] = of
            if times > 1:
                end["times"] = times
        ends_on = given.get("ends_on", spec.ends_on)
        if ends_on is not None:
            match = {k: target if v == "$holder" else v for k, v in given.get("ends_match", spec.ends_match).items()}
            end["ends_on"] = [ends_on, match]
        return end

    def _set(
        self, game: Table, target: str, spec: Status, stacks: int, *, end: dict | None, data: dict | None = None
    ) -> None:
        """Give ``target`` ``stacks`` of ``spec`` (0: none) and its modifiers; schedule ``end`` (None: the
        status keeps the end it has)."""
        st = game.state
        old = st.objects[target].get("statuses", {}).get(spec.name)
        st.modifiers = [m for m in st.modifiers if m.get("status") != [target, spec.name]]
        if not stacks:
            st.set_in(target, "statuses", spec.name, None)
            self._unschedule(game, target, spec.name)
            return
        entry = {"stacks": stacks, "ts": old["ts"] if old else st.next_ts(), "data": dict(old["data"]) if old else {}}
        if data is not None:
            entry["data"] = dict(data)
        entry["end"] = end if end is not None else (old or {}).get("end", {})
        st.set_in(target, "statuses", spec.name, entry)
        for stat, op, amount in spec.modifiers:
            value = amount * stacks if op in ("add", "sub") else amount
            st.modifiers.append(
                {"target": target, "stat": stat, "op": op, "value": value, "source": f"{spec.name} x{stacks}"}
                | {"until": None, "rule": spec.rule, "ts": entry["ts"], "status": [target, spec.name]}
            )
        if end is not None:
            self._schedule(game, target, spec, end)

    def _schedule(self, game: Table, target: str, spec: Status, end: dict) -> None:
        st = game.state
        if "until" in end:
            extra = {k: end[k] for k in ("of", "times") if k in end}
            st.effects.append(
                {"kind": f"status:{spec.name}", "until": end["until"], "rule": spec.rule, "ts": st.next_ts()}
                | {"target": target, "status": spec.name, "end": self.ends_task, **extra}
            )
        if "ends_on" in end:
            etype, match = end["ends_on"]
            since = st.counters["event"]
            data = {"target": target, "status": spec.name, "since": since, "match": match}
            game.delay(f"{self.name}.next_event", event=etype, match=match, source=None, controller=None, data=data)

    def _unschedule(self, game: Table, target: str, name: str) -> None:
        st = game.state
        mine = {"target": target, "status": name}
        if any(e.get("status") == name and e.get("target") == target for e in st.effects):
            st.effects = [e for e in st.effects if not (e.get("status") == name and e.get("target") == target)]
        if st.delayed:
            st.delayed = [d for d in st.delayed if {k: d["data"].get(k) for k in mine} != mine]

    def _event_ends(self, game: Table, act: Activation) -> None:
        """The delayed effect of a status that ends at the next matching event (sent after it was gained)."""
        target, name, since = act.data["target"], act.data["status"], act.data["since"]
        ev = act.event or {}
        if not self.has(game, target, name):
            return
        if int(str(ev.get("id", "e0"))[1:]) <= since:  # the event it was gained in: wait for the next one
            self._schedule(game, target, self[name], {"ends_on": [ev["type"], act.data["match"]]})
            return
        self._lose(game, target, self[name], self[name].decay, "event", self[name].rule)

    def _lose(self, game: Table, target: str, spec: Status, decay: str, why: str, rule: str) -> None:
        n = self.stacks(game, target, spec.name)
        self.lose(game, target, spec.name, None if decay == "all" else min(1, n), why=why, rule=rule)

    def _on_lose(self, game: Table, ev: dict) -> None:
        target = ev["target"]
        have = self.stacks(game, target, ev["name"])
        if not have:
            return
        spec = self[ev["name"]]
        left = 0 if ev["stacks"] == "all" else max(0, have - ev["stacks"])
        end = game.state.objects[target]["statuses"][spec.name].get("end", {})
        self._set(game, target, spec, left, end=None)
        if left and ev["why"] == "expired" and "until" in end:  # the stacks left end at the next such period
            self._schedule(game, target, spec, {k: v for k, v in end.items() if k in ("until", "of")})
        elif left and ev["why"] == "event" and "ends_on" in end:  # ... or at the next such event
            self._schedule(game, target, spec, {"ends_on": end["ends_on"]})
        game.record(
            "modifier",
            lambda: f"{target}: {spec.name} {have} -> {left} ({ev['why']})",
            spec.rule,
            target=target,
            status=spec.name,
            stacks=left,
        )
