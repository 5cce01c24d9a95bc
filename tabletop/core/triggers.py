"""Triggered abilities: ordering simultaneous ones, where they wait, windows, and resolving them."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from .abilities import Activation
from .errors import RuleError
from .listeners import Listeners

if TYPE_CHECKING:
    from .table import Table


class Triggers(Listeners):
    """Ordering, placing and resolving abilities; activated abilities; delayed effects."""

    def delay(
        self,
        ability: str,
        *,
        event: str,
        source: str | None,
        controller: int | None,
        match: dict | None = None,
        data: dict | None = None,
    ) -> None:
        """A delayed effect: named ability ``ability`` resolves once, at the next ``event``."""
        self.rulebook.named_ability(ability)
        self.state.delayed.append(
            {
                "ability": ability,
                "event": event,
                "match": match or {},
                "source": source,
                "controller": controller,
                "data": data or {},
                "ts": self.state.next_ts(),
            }
        )

    def enqueue(
        self,
        ability: str,
        *,
        source: str | None,
        controller: int | None,
        summary: str | Callable[[], str],
        rule: str,
        data: dict | None = None,
    ) -> None:
        """Put named ability ``ability`` where triggered abilities wait (the profile's container).

        For effects the rules put into the queue themselves, such as a chain of abilities a
        player composed (Berserk 522.1). Under the ``nested`` container it resolves at once.
        """
        self.rulebook.named_ability(ability)
        rec = self.record("trigger", summary, rule, player=controller, ability=f"rule:{ability}")
        trig = {
            "ability": f"rule:{ability}",
            "source": source,
            "controller": controller,
            "event": None,
            "data": data or {},
            "rec": rec,
            "ts": self.state.next_ts(),
            "name": ability,
            "forced": True,
        }
        self._place([trig], nested=self.profile.container == "nested")

    def activatable(self, player: int) -> list[Activation]:
        """Activated abilities ``player`` may use now (timing, limit and cost allow it)."""
        out = []
        for src, key, ab in self._index().get("$activated", ()):
            obj = self.state.objects[src]
            if self.controller_of(obj) != player:
                continue
            act = Activation(ab, key, src, obj, player)
            if ab.limit and self.uses(key, ab.limit[0]) >= ab.limit[1]:
                continue
            if ab.window and not ab.window(self, act):
                continue
            if ab.can_pay and not ab.can_pay(self, act):
                continue
            if ab.condition and not ab.condition(self, act):
                continue
            out.append(act)
        return out

    def activate(self, key: str, player: int, data: dict | None = None) -> None:
        """Schedule the activation of an ability: pay its cost, then resolve it."""
        ab, src = self.ability(key)
        rec = self.record("action", f"player {player} uses {ab.name}", ab.rule, player=player, ability=key)
        trig = {
            "ability": key,
            "source": src,
            "controller": player,
            "event": None,
            "data": data or {},
            "rec": rec,
            "activated": True,
        }
        if ab.cost is not None:
            act = Activation(ab, key, src, None if src is None else self.state.objects.get(src), player, None, data)
            self._count_use(key, ab)
            ab.cost(cast("Table", self), act)
            trig["counted"] = True
        self._place([trig], nested=self.profile.container == "nested")

    def _order_groups(self, trigs: list[dict], acting: int | None) -> list[tuple[int | None, list[dict]]]:
        """Split a batch into (chooser, triggers) groups as the profile's ordering says."""
        policy = self.profile.ordering
        n = len(self.state.players)
        if policy == "order_of_play" or len(trigs) <= 1:
            return [(None, sorted(trigs, key=lambda t: t["ts"]))]
        if policy == "first_player_orders_all":
            return [(self.state.turn.get("first", 0), trigs)]
        start = self.state.turn.get("player", 0) if policy == "active_player_first" else acting
        if start is None:
            start = self.state.turn.get("player", 0)
        groups = []
        for k in range(n):
            p = (start + k) % n
            mine = [t for t in trigs if t["controller"] == p]
            if mine:
                groups.append((p, mine))
        rest = [t for t in trigs if t["controller"] not in range(n)]
        if rest:
            groups.append((None, sorted(rest, key=lambda t: t["ts"])))
        return groups

    def _place(self, trigs: list[dict], nested: bool) -> None:
        """Put ordered triggers where they wait: resolve now (nested) or into the container."""
        if nested:
            for t in trigs:
                self._push("k.resolve", {"trig": t}, t.get("rec"))
        else:
            self.state.queue.extend(trigs)

    def _drain(self) -> None:
        st = self.state
        trig = st.queue.pop(0) if self.profile.container == "queue" else st.queue.pop()
        self._push("k.resolve", {"trig": trig}, trig.get("rec"))

    def _record_triggers(self, trigs: list[dict], ev_rec: int | None) -> list[dict]:
        if not self.tracing:
            return trigs
        out = []
        for t in trigs:
            ab, _ = (
                self.ability(t["ability"]) if t["source"] is None or t["source"] in self.state.objects else (None, None)
            )
            name = ab.name if ab else t.get("name", t["ability"])
            rule = ab.rule if ab else self.profile.rule("resolve")
            rec = self.record(
                "trigger",
                f"{name} ({t['source'] or 'game rule'}) triggers",
                rule,
                cause=ev_rec,
                player=t["controller"],
                ability=t["ability"],
            )
            out.append({**t, "rec": rec})
        return out


def _delayed_for(g: Table, ev: dict) -> list[dict]:
    st = g.state
    out, keep = [], []
    for d in st.delayed:
        ab = g.rulebook.named_ability(d["ability"])
        ok = d["event"] == ev["type"] and all(ev.get(k) == v for k, v in d["match"].items())
        if ok:
            rec = g.record(
                "trigger",
                f"delayed effect {ab.name} is due",
                ab.rule,
                cause=ev.get("rec"),
                player=d["controller"],
                ability=d["ability"],
            )
            out.append(
                {
                    "ability": f"rule:{d['ability']}",
                    "source": d["source"],
                    "controller": d["controller"],
                    "event": ev,
                    "ts": d["ts"],
                    "name": ab.name,
                    "forced": True,
                    "data": d["data"],
                    "rec": rec,
                }
            )
        else:
            keep.append(d)
    if out:
        st.delayed = keep
    return out


def _schedule(
    g: Table, trigs: list[dict], batch: list[str], *, nested: bool, timing: str, acting: int | None = None
) -> None:
    """Order a batch of triggers and place them: forced ones first, then the optional ones."""
    prof = g.profile
    forced = [t for t in trigs if t["forced"]]
    optional = [t for t in trigs if not t["forced"]]
    window = prof.optional == "priority_window"
    mandatory: list[dict] = []  # forced abilities that do not rank as forced (Ability.forced_priority)
    if len(forced) > 1 and (window or prof.forced_before_optional):
        ranks = [_ranks_as_forced(g, t) for t in forced]
        if not all(ranks):
            forced, mandatory = (
                [t for t, r in zip(forced, ranks, strict=True) if r],
                [t for t, r in zip(forced, ranks, strict=True) if not r],
            )
    if window:
        groups = [x for x in (forced, mandatory) if x]
    elif prof.forced_before_optional:
        groups = [x for x in (forced, mandatory, optional) if x]
    else:
        groups = [trigs]
    for group in groups:
        g.push("k.order", groups=_groups(g, group, acting), done=[], nested=nested)
    if window and optional:
        g._push(
            "k.window",
            {"cands": optional, "order": g.state.seat_order(), "k": 0, "passes": 0, "timing": timing},
            _batch_cause(optional),
        )


def _ranks_as_forced(g: Table, trig: dict) -> bool:
    """Does a forced trigger count as forced for the forced-first priority (Ability.forced_priority)?"""
    src = trig["source"]
    if src is not None and src not in g.state.objects and "lki" not in trig:
        return True  # (its source has gone and no last-known copy says what it was: it stays forced)
    ab, _ = g.ability(trig["ability"], trig.get("lki"))
    return ab.forced_priority is None or bool(ab.forced_priority(g))


def _batch_cause(trigs: list[dict]) -> int | None:
    """What a decision about a batch of triggers is caused by: the event that set them off.

    (Not one of the triggers: the decision is about all of them, and the ordering explorer
    charges what a trigger's resolution causes to that trigger.)
    """
    first = trigs[0]
    ev = first.get("event")
    rec: int | None = ev.get("rec") if ev is not None else None
    if rec is not None:
        return rec
    cause: int | None = first.get("rec")
    return cause


def _groups(g: Table, trigs: list[dict], acting: int | None) -> list[list]:
    return [[chooser, ts] for chooser, ts in g._order_groups(trigs, acting)]


def _k_order(g: Table, args: dict) -> None:
    """Order triggers group by group; each chooser picks which of its triggers goes next."""
    groups = [list(x) for x in args["groups"]]
    done = list(args["done"])
    choice = args.get("choice")
    if choice is not None:
        chooser, trigs = groups[0]
        idx = int(choice["id"].split(":", 1)[0])
        done.append(trigs[idx])
        groups[0] = [chooser, trigs[:idx] + trigs[idx + 1 :]]
    while groups:
        chooser, trigs = groups[0]
        if len(trigs) <= 1 or chooser is None:
            done.extend(trigs)
            groups.pop(0)
            continue
        options = [
            {"id": f"{i}:{t['ability']}", "label": f"{t['name']} ({t['source'] or 'game rule'})"}
            for i, t in enumerate(trigs)
        ]
        g.caused_by(_batch_cause(trigs))
        g.ask(
            chooser,
            "order_triggers",
            options,
            "k.order",
            prompt=f"choose which of {len(trigs)} simultaneous abilities goes first",
            rule=g.profile.rule("order"),
            args={"groups": groups, "done": done, "nested": args["nested"]},
        )
        return
    g._place(done, nested=args["nested"])


def _k_window(g: Table, args: dict) -> None:
    """A priority window: players in order may use one eligible optional ability or pass (or several
    before passing, ``Profile.window_uses``).

    An interrupt window only offers abilities whose event is still imminent: once one of them
    cancels or replaces the event, the others to it can no longer be used.
    """
    cands, order = list(args["cands"]), args["order"]
    k, passes = args["k"], args["passes"]
    choice = args.get("choice")
    if choice is None and args["timing"] == "when":
        cands = _still_imminent(g, cands)
    if choice is None:
        cands = _still_usable(g, cands)
    if choice is not None:
        player = order[k % len(order)]
        if choice["id"] == "pass":
            passes += 1
        else:
            idx = int(choice["id"].split(":", 1)[0])
            used = cands.pop(idx)
            passes = 0
            g._push("k.resolve", {"trig": {**used, "accepted": True}}, used.get("rec"))
            # the window moves on to the next player, or (window_uses="until_pass") the same player may use another
            nxt = k if g.profile.window_uses == "until_pass" else k + 1
            g.push("k.window", cands=cands, order=order, k=nxt, passes=passes, timing=args["timing"])
            return
        k += 1
    players = g.state.players
    while passes < len(order) and cands:
        player = order[k % len(order)]
        # a player eliminated since the window opened takes no part in it (as if passing)
        mine = [] if players[player].get("out") else [(i, t) for i, t in enumerate(cands) if t["controller"] == player]
        if not mine:
            passes += 1
            k += 1
            continue
        options = [{"id": f"{i}:{t['ability']}", "label": f"use {t['name']} ({t['source']})"} for i, t in mine]
        options.append({"id": "pass", "label": "pass"})
        g.ask(
            player,
            "window",
            options,
            "k.window",
            prompt=f"{'interrupt' if args['timing'] == 'when' else 'response'} window: use an ability or pass",
            rule=g.profile.rule("interrupt" if args["timing"] == "when" else "response"),
            args={"cands": cands, "order": order, "k": k, "passes": passes, "timing": args["timing"]},
        )
        return


def _still_imminent(g: Table, cands: list[dict]) -> list[dict]:
    """The interrupt candidates whose triggering event has not been cancelled or replaced meanwhile."""
    events = g.state.events
    return [t for t in cands if t.get("event") is None or events.get(t["event"]["id"], {}).get("status") == "pending"]


def _still_usable(g: Table, cands: list[dict]) -> list[dict]:
    """The window candidates whose ability's condition still holds (an ability used meanwhile may have used up
    a limit the others share, such as Marvel Champions' Max X per [period] counted by card title)."""
    st = g.state
    out = []
    for t in cands:
        src, lki = t["source"], t.get("lki")
        if src is not None and src not in st.objects and lki is None:
            continue
        ab, _ = g.ability(t["ability"], lki)
        if ab.condition is not None:
            ev = t.get("event")
            if ev is not None:
                ev = st.events.get(ev["id"], ev)
            obj = st.objects.get(src, lki) if src is not None else None
            if not ab.condition(g, Activation(ab, t["ability"], src, obj, t["controller"], ev, t.get("data"))):
                continue
        out.append(t)
    return out


def _k_resolve(g: Table, args: dict) -> None:
    st = g.state
    trig = args["trig"]
    key = trig["ability"]
    src = trig["source"]
    ev = trig.get("event")
    lki = trig.get("lki")  # look-back: the source as it was when it left play in the triggering batch
    if key.startswith("rule:") or src is None or src in st.objects or lki is not None:
        ab, _ = g.ability(key, lki)
    else:
        raise RuleError(f"ability {key!r} lost its source object")
    obj = st.objects.get(src) if src is not None else None
    if lki is not None and (obj is None or not g.rulebook.is_active_zone(obj.get("zone"))):
        obj = lki
    act = Activation(ab, key, src, obj, trig["controller"], ev, trig.get("data"))
    if not ab.forced and not trig.get("accepted") and g.profile.optional == "ask":
        choice = args.get("choice")
        if choice is None:
            g.ask(
                trig["controller"],
                "optional_trigger",
                [{"id": "use", "label": f"use {ab.name}"}, {"id": "decline", "label": f"decline {ab.name}"}],
                "k.resolve",
                prompt=f"use {ab.name}?",
                rule=g.profile.rule("optional"),
                args={"trig": trig},
            )
            return
        if choice["id"] == "decline":
            return
    if ab.limit and not trig.get("counted"):
        if g.uses(key, ab.limit[0]) >= ab.limit[1]:
            g.record("resolution", f"{ab.name} is already used up ({ab.limit[1]} per {ab.limit[0]})", ab.rule)
            return
        g._count_use(key, ab)
    if g.tracing:  # (the kernel's hot paths spare an untraced game the call)
        rec = g.record(
            "resolution", f"{ab.name} ({src or 'game rule'}) resolves", ab.rule, player=trig["controller"], ability=key
        )
        g.caused_by(rec)
    else:
        g._cause = None
    if ab.effect is not None:
        ab.effect(g, act)
    if g.profile.checks == "each_resolution":
        g.push("k.checks")


def _k_drain(g: Table, args: dict) -> None:
    """Resolve everything waiting in the container, including what that adds, then go on.

    Rule code pushes ``k.drain`` where its rules say pending abilities resolve before the next
    thing it schedules (otherwise they resolve when nothing else is pending).
    """
    if g.state.queue:
        g._drain()
        g.push("k.drain")


TRIGGER_TASKS: dict[str, Callable[[Table, dict], None]] = {
    "k.drain": _k_drain,
    "k.order": _k_order,
    "k.window": _k_window,
    "k.resolve": _k_resolve,
}
