"""The event pipeline: replacement/prevention -> interrupt window ("when") -> the event happens
(or is replaced, prevented, cancelled) -> response window ("after")."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, cast

from .abilities import Activation, Modify, Prevent, Replace
from .errors import RuleError
from .trace import named_objects
from .triggers import Triggers, _delayed_for, _schedule

if TYPE_CHECKING:
    from .table import Table


class Pipeline(Triggers):
    """Sending events through the pipeline."""

    def emit(self, type_: str, *, rule: str, **fields: Any) -> str:
        """Send one event through the pipeline; returns its id."""
        st = self.state
        if self.tracing or self._fp is not None:
            return self.emit_batch([{"type": type_, **fields}], rule=rule)[0]  # (which refuses a field rec)
        if "rec" in fields:
            raise _kernel_field(type_)
        # (fast path, untraced) what emit_batch does for one event: no batch list and event dict to copy
        n = st.counters["event"] = st.counters["event"] + 1
        eid = f"e{n}"
        if self.rulebook.has_abilities or st.delayed:  # (something could react: _reactive, inline)
            st.events[eid] = {"rule": rule, "type": type_, **fields, "id": eid, "status": "pending", "applied": []}
            st.work.append(("k.replace", {"batch": [eid], "i": 0}, None))
        else:
            st.events[eid] = {"id": eid, "status": "pending", "rule": rule, "type": type_, **fields}
            st.work.append(("k.happen", {"batch": [eid]}, None))
        return eid

    def emit_batch(self, events: list[dict], *, rule: str) -> list[str]:
        """Send simultaneous events through the pipeline together (one batch)."""
        st = self.state
        ids = []
        if not self.tracing:
            reactive = self._reactive()
            table = st.events
            n = st.counters["event"]
            for ev in events:
                if "rec" in ev:
                    raise _kernel_field(ev.get("type"))
                n += 1
                eid = f"e{n}"
                if reactive:  # (what _new_event does, untraced)
                    table[eid] = {"rule": rule, **ev, "id": eid, "status": "pending", "applied": []}
                else:
                    table[eid] = {"id": eid, "status": "pending", "rule": rule, **ev}
                ids.append(eid)
            st.counters["event"] = n
            if not reactive:
                st.work.append(("k.happen", {"batch": ids}, None))
            elif self._fp is None:
                st.work.append(("k.replace", {"batch": ids, "i": 0}, None))
            else:
                self.push("k.replace", batch=ids, i=0)
            return ids
        for ev in events:
            if "rec" in ev:
                raise _kernel_field(ev.get("type"))
            ids.append(self._new_event({"rule": rule, **ev}, applied=[], cause="current"))
        if self._reactive():
            self.push("k.replace", batch=ids, i=0)
        else:
            self.push("k.happen", batch=ids)
        return ids

    def emit_each(self, type_: str, key: str, values: Iterable[Any], *, rule: str, **fields: Any) -> list[str]:
        """Send one event of ``type_`` for each of ``values`` (the event's ``key`` field), with ``fields`` in
        common, all at once (one batch, :meth:`emit_batch`). Why: the same thing happening to several
        objects at once (both cards turned back, every minion at 0 health dying) is a batch of one type."""
        return self.emit_batch([{"type": type_, **fields, key: value} for value in values], rule=rule)

    def _new_event(self, ev: dict, *, applied: list, cause: int | str | None) -> str:
        """Give ``ev`` an id, trace it (as pending) and put it into the pipeline's table."""
        st = self.state
        n = st.counters["event"] = st.counters["event"] + 1
        eid = f"e{n}"
        ev = {**ev, "id": eid, "status": "pending", "applied": applied}
        if self.tracing:
            about = named_objects(ev, st.objects)
            ev["rec"] = self.record(
                "event",
                self.rulebook.describe_event(cast("Table", self), ev),
                ev["rule"],
                cause=cause,
                player=ev.get("player"),
                event=eid,
                type=ev["type"],
                status="pending",
                **({"about": about} if about else {}),
            )
        st.events[eid] = ev
        return eid

    def event(self, eid: str) -> dict:
        return self.state.events[eid]

    def cancel(self, eid: str, *, rule: str) -> None:
        """Cancel an event that has not happened yet (an interrupt's effect)."""
        ev = self.state.events.get(eid)
        if ev is None or ev["status"] != "pending":
            return
        self._set_status(ev, "cancelled")
        self.record(
            "event",
            f"cancelled: {self.rulebook.describe_event(cast('Table', self), ev)}",
            rule,
            event=eid,
            status="cancelled",
        )

    def _set_status(self, ev: dict, status: str) -> dict:
        ev = {**ev, "status": status}
        self.state.events[ev["id"]] = ev
        rec = ev.get("rec")
        if rec is not None and self.tracing:
            records = self.trace.records
            r = records[rec]
            records[rec] = {**r, "data": {**r["data"], "status": status}}
        return ev


def _k_replace(g: Table, args: dict) -> None:
    st = g.state
    batch: list[str] = args["batch"]
    if g._quiet(batch, before=True):
        _k_happen(g, args)  # (fast path) no replacement and no interrupt could apply
        return
    i = args["i"]
    prof = g.profile
    heard = None
    if prof.replacement_timing == "after_interrupts":
        # replacements wait for the interrupt window of each event (the events a replacement sent too)
        heard = args.get("heard", [])
        fresh = [eid for eid in batch if eid not in heard and st.events[eid]["status"] == "pending"]
        if fresh:
            g.push("k.interrupt", batch=batch, only=fresh, i=i, heard=[*heard, *fresh])
            return
    while i < len(batch):
        ev = st.events[batch[i]]
        if ev["status"] != "pending":
            i += 1
            continue
        cands = g._candidates(ev, ("replacement",), None)
        if not cands:
            i += 1
            continue
        if len(cands) > 1:
            cands = _first_by_priority(g, cands)
        if len(cands) == 1 or prof.replacements in ("most_recent", "order_of_play"):
            if prof.replacements == "most_recent":
                chosen = max(cands, key=lambda c: c["ts"])
            else:
                chosen = min(cands, key=lambda c: c["ts"])
            _apply_replacement(g, batch, i, chosen, heard)
            return
        if prof.replacements == "first_player":
            chooser = st.turn.get("first", 0)
        else:
            aim = ev.get("target")
            target = st.objects.get(aim) if isinstance(aim, str) else None
            chooser = g.controller_of(target) if target else ev.get("player", st.turn.get("player", 0))
        options = [{"id": c["ability"], "label": f"{c['name']} ({c['source']})"} for c in cands]
        g.caused_by(ev.get("rec"))
        g.ask(
            chooser,
            "replacement_order",
            options,
            "k.replace_chosen",
            prompt=f"which effect applies first to: {g.rulebook.describe_event(g, ev)}",
            rule=prof.rule("replacement"),
            args={"batch": batch, "i": i} if heard is None else {"batch": batch, "i": i, "heard": heard},
        )
        return
    if heard is None:
        g.push("k.interrupt", batch=batch)
    else:
        g.push("k.happen", batch=batch)  # the interrupt windows are over: the batch happens


def _first_by_priority(g: Table, cands: list[dict]) -> list[dict]:
    """The competing replacements of the highest priority (``Ability.priority``; all of them when they tie)."""
    ranks = []
    st = g.state
    for c in cands:
        ab, src = g.ability(c["ability"], c.get("lki"))
        prio = ab.priority
        if callable(prio):
            obj = None if src is None else st.objects.get(src, c.get("lki"))
            prio = prio(g, Activation(ab, c["ability"], src, obj, c["controller"], c["event"]))
        ranks.append(prio)
    top = max(ranks)
    if top == min(ranks):
        return cands
    return [c for c, r in zip(cands, ranks, strict=True) if r == top]


def _k_replace_chosen(g: Table, args: dict) -> None:
    ev = g.state.events[args["batch"][args["i"]]]
    cands = g._candidates(ev, ("replacement",), None)
    chosen = next(c for c in cands if c["ability"] == args["choice"]["id"])
    _apply_replacement(g, args["batch"], args["i"], chosen, args.get("heard"))


def _apply_replacement(g: Table, batch: list[str], i: int, cand: dict, heard: list[str] | None = None) -> None:
    st = g.state
    eid = batch[i]
    ev = st.events[eid]
    ab, _ = g.ability(cand["ability"]) if cand["source"] is None or cand["source"] in st.objects else (None, None)
    if ab is None:
        raise RuleError(f"replacement {cand['ability']!r} lost its source")
    act = Activation(ab, cand["ability"], cand["source"], st.objects.get(cand["source"]), cand["controller"], ev)
    g._count_use(cand["ability"], ab)
    applied = [*ev["applied"], cand["ability"]]
    outcome = ab.effect(g, act) if ab.effect else None
    rec = g.record(
        "replacement",
        f"{ab.name} ({cand['source'] or 'game rule'}) applies to {g.rulebook.describe_event(g, ev)}",
        ab.rule,
        cause=ev.get("rec"),
        player=cand["controller"],
        ability=cand["ability"],
        event=eid,
    )
    if isinstance(outcome, Prevent):
        ev = g._set_status({**ev, "applied": applied}, "prevented")
        g.record(
            "event", f"prevented: {g.rulebook.describe_event(g, ev)}", ab.rule, cause=rec, event=eid, status="prevented"
        )
        new_batch = batch
    elif isinstance(outcome, Replace):
        g._set_status({**ev, "applied": applied}, "replaced")
        g.caused_by(rec)
        new_ids = [g._new_event({"rule": ab.rule, **new}, applied=applied, cause=rec) for new in outcome.events]
        new_batch = [*batch[: i + 1], *new_ids, *batch[i + 1 :]]
    else:
        changes = outcome.changes if isinstance(outcome, Modify) else {}
        st.events[eid] = {**ev, **changes, "applied": applied}
        new_batch = batch
    if heard is None:
        g._push("k.replace", {"batch": new_batch, "i": i}, None)
    else:
        g._push("k.replace", {"batch": new_batch, "i": i, "heard": heard}, None)


def _window(g: Table, ev: dict, timing: str, n: int) -> int | None:
    """Record the window an event opens, where ``n`` abilities trigger; returns its trace index."""
    if not g.tracing:
        return ev.get("rec")
    what = "interrupt window before" if timing == "when" else "response window after"
    return g.record(
        "window",
        f"{what} {g.rulebook.describe_event(g, ev)}: {n} abilit{'y' if n == 1 else 'ies'} trigger",
        g.profile.rule("interrupt" if timing == "when" else "response"),
        cause=ev.get("rec"),
        event=ev["id"],
        timing=timing,
    )


def _k_interrupt(g: Table, args: dict) -> None:
    """The interrupt window of a batch (of its events in ``only``, with replacements after interrupts)."""
    batch = args["batch"]
    st = g.state
    trigs = []
    acting = None
    for eid in args.get("only", batch):
        ev = st.events[eid]
        if ev["status"] == "pending":
            if acting is None and isinstance(ev.get("player"), int):
                acting = ev["player"]
            found = g._candidates(ev, ("triggered",), "when")
            if found:
                trigs += g._record_triggers(found, _window(g, ev, "when", len(found)))
    if trigs:
        _schedule(g, trigs, batch, nested=True, timing="when", acting=acting)
    if "only" in args:  # (replacement_timing after_interrupts) then the replacements apply
        g.push("k.replace", batch=batch, i=args["i"], heard=args["heard"])
    else:
        g.push("k.happen", batch=batch)


def _k_happen(g: Table, args: dict) -> None:
    st = g.state
    batch = args["batch"]
    reactive = g._reactive()
    rb = g.rulebook
    handlers = rb.event_handlers
    tracing = g.tracing
    events = st.events
    for eid in batch:
        ev = events[eid]
        if ev["status"] != "pending":
            continue
        g._left = []
        g._cause = ev.get("rec")
        handler = handlers.get(ev["type"])
        if handler is not None:
            handler(g, ev)
        left = g._left
        if tracing:
            ev = g._set_status(events[eid], "happened")
            if ev.get("rec") is not None:
                r = g.trace.records[ev["rec"]]
                g.trace.records[ev["rec"]] = {**r, "summary": rb.describe_event(g, ev)}
            if left:
                events[eid] = {**ev, "left": left}
        elif left:  # (untraced: one copy of the event, no trace record to update)
            events[eid] = {**events[eid], "status": "happened", "left": left}
        else:
            events[eid] = {**events[eid], "status": "happened"}
        g._left = None
    if g.profile.checks == "each_event" and st.result is None:
        g._push("k.checks", {}, None)  # the checkpoint: before the response window (pushed next)
    if st.result is not None:  # the game ended here: no response window will open, traced or not
        for eid in batch:
            del st.events[eid]
    elif reactive:
        if len(st.work) == g._mark and g._quiet(batch, before=False):
            for eid in batch:  # (fast path) nothing was scheduled and nothing could respond
                del st.events[eid]
        else:
            g._push("k.respond", {"batch": batch}, None)
    else:
        for eid in batch:
            del st.events[eid]


def _k_respond(g: Table, args: dict) -> None:
    st = g.state
    batch = args["batch"]
    if g._quiet(batch, before=False):
        for eid in batch:  # (fast path) no response, delayed effect or look-back ability could trigger
            del st.events[eid]
        return
    prof = g.profile
    lki = g._lki_of(batch) if prof.lookback else []
    delayed_trigs, trigs = [], []
    acting = None
    for eid in batch:
        ev = st.events[eid]
        if ev["status"] != "happened":
            continue
        if acting is None and isinstance(ev.get("player"), int):
            acting = ev["player"]
        if st.delayed:
            delayed_trigs += _delayed_for(g, ev)
        found = g._candidates(ev, ("triggered",), "after", lki)
        if found:
            trigs += g._record_triggers(found, _window(g, ev, "after", len(found)))
    for eid in batch:
        del st.events[eid]
    if delayed_trigs and prof.delayed_before_responses:
        g._place(delayed_trigs, nested=True)
    if trigs:
        _schedule(g, trigs, batch, nested=prof.container == "nested", timing="after", acting=acting)
    if delayed_trigs and not prof.delayed_before_responses:
        g._place(delayed_trigs, nested=True)


PIPELINE_TASKS: dict[str, Callable[[Table, dict], None]] = {
    "k.replace": _k_replace,
    "k.replace_chosen": _k_replace_chosen,
    "k.interrupt": _k_interrupt,
    "k.happen": _k_happen,
    "k.respond": _k_respond,
}


def _kernel_field(type_: object) -> RuleError:
    """An event may not carry a field ``rec``: it is the kernel's reference into the trace (left out of the
    fingerprint and of position files, overwritten when tracing), so the rulebook's value would be lost."""
    return RuleError(f"event {type_!r}: a field named 'rec' is the kernel's (its trace record); name it otherwise")
