"""The listener index: which abilities could react to what, and which fit an event now."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .abilities import Ability, Activation
from .moves import Moves


class Listeners(Moves):
    """The cached index of abilities by event type, the fast-path questions it answers, and the
    candidates for a window."""

    def uses(self, key: str, period: str) -> int:
        """How often the ability ``key`` has been used this ``period`` (its limit counts these)."""
        return self.state.uses.get(f"{period}:{key}", 0)

    def _count_use(self, key: str, ab: Ability) -> None:
        """Count a use of ``key`` against its limit (per turn, round, ...)."""
        if ab.limit:
            k = f"{ab.limit[0]}:{key}"
            self.state.uses[k] = self.state.uses.get(k, 0) + 1

    def _reactive(self) -> bool:
        return self.rulebook.has_abilities or bool(self.state.delayed)

    def _index(self) -> dict[str, list]:
        if self._fp is not None:
            self._fp.read("listeners")
        if self._index_cache is not None:
            return self._index_cache
        rb = self.rulebook
        index: dict[str, list] = {}
        st = self.state
        table = rb.card_ability_table
        objects = st.objects
        before: set[str] = set()  # which event types anything could react to before / after they happen
        after: set[str] = set()  # (for _quiet)
        for zone, active in self._scanned_zones():
            for oid in st.zones[zone]:
                obj = objects[oid]
                if not obj.get("grants") and not table.get(obj.get("card"), ()):  # type: ignore[arg-type]
                    continue  # (most objects have no abilities: skip building their list)
                for key, ab in self.abilities_of(obj):
                    if ab.zones is None and not active:
                        continue
                    if ab.zones is not None and not any(zone.startswith(z) for z in ab.zones):
                        continue
                    entry = (oid, key, ab)
                    if ab.kind == "static":
                        index.setdefault("$static", []).append(entry)
                    elif ab.kind == "activated":
                        index.setdefault("$activated", []).append(entry)
                    else:
                        _index_events(index, before, after, ab, entry)
        for name in rb.rule_abilities:
            ab = rb.named_ability(name)
            _index_events(index, before, after, ab, (None, f"rule:{name}", ab))
        index["$before"] = before  # type: ignore[assignment]
        index["$after"] = after  # type: ignore[assignment]
        self._listeners = index
        return index

    def _unheard_end(self, period: str) -> bool:
        """(Fast path, tracing off) Would the end-of-``period`` event find no handler and no listener?
        Then only its id is used up, so that later events get the same ids as in a traced game."""
        etype = f"end_of_{period}"
        return etype not in self.rulebook.event_handlers and self._quiet_type(etype)

    def _scanned_zones(self) -> list[tuple[str, bool]]:
        """The zones the listener index looks into, each with whether it is an active zone: every
        zone if an ability names zones of its own, else the active ones only (kept while the set
        of zones stays the same)."""
        names = tuple(self.state.zones)
        cached = self._zones_scanned
        if cached is not None and cached[0] == names:
            return cached[1]
        rb = self.rulebook
        scanned = [(z, z.startswith(rb.active_zones)) for z in names]  # (what rb.is_active_zone says)
        if not rb.has_zoned_abilities:
            scanned = [(z, True) for z, active in scanned if active]
        self._zones_scanned = (names, scanned)
        return scanned

    def _quiet_type(self, etype: str) -> bool:
        """(Fast path, tracing off) Could nothing react to an event of type ``etype``, before or after it?"""
        if self.tracing or self._fp is not None or self.state.delayed:
            return False
        index = self._index()
        return "*" not in index and etype not in index["$before"] and etype not in index["$after"]

    def _quiet(self, batch: list[str], before: bool) -> bool:
        """(Fast path, tracing off) Could nothing react to the events of ``batch`` in the windows
        about to open: replacements and interrupts (``before``), or responses, delayed effects and
        look-back abilities of objects that left play (after)? Then those windows would find no
        candidates and change nothing, so the pipeline skips them. Traced games never skip."""
        if self.tracing or self._fp is not None:
            return False
        st = self.state
        index = self._index_cache
        if index is None:
            index = self._index()
        if "*" in index:
            return False
        listening = index["$before"] if before else index["$after"]
        if not before and st.delayed:
            return False
        events = st.events
        if len(batch) == 1:  # (the common case: one event)
            ev = events[batch[0]]
            if ev["type"] in listening:
                return False
            if before or not self.profile.lookback:
                return True
            left = ev.get("left")
            return not left or self._lookback_quiet(left, {ev["type"]})
        types = {events[eid]["type"] for eid in batch}
        if not types.isdisjoint(listening):
            return False
        if before or not self.profile.lookback:
            return True
        # an object that left in any event of the batch still sees every event of it (_k_respond's lki)
        return self._lookback_quiet(self._lki_of(batch), types)

    def _lookback_quiet(self, left: Iterable[dict], types: set[str]) -> bool:
        """Could none of the objects that ``left`` play react to any of ``types`` by look-back?"""
        for obj in left:
            for _key, ab in self.abilities_of(obj):
                if not types.isdisjoint(ab.events):
                    return False
        return True

    def _candidates(self, ev: dict, kinds: tuple[str, ...], timing: str | None, lki: Sequence[dict] = ()) -> list[dict]:
        """Abilities of the given kinds whose pattern and condition fit event ``ev``."""
        found = []
        index = self._index()
        etype = ev["type"]
        entries = [*index.get(etype, ()), *index.get("*", ())]
        lki_by_id: dict[str, dict] = {}
        if lki:  # look-back: objects that left play in this batch
            seen = {e[1] for e in entries}
            for gone in lki:
                for key, ab in self.abilities_of(gone):
                    if key not in seen and ab.kind in kinds and etype in ab.events:
                        entries.append((gone["id"], key, ab))
            lki_by_id = {o["id"]: o for o in lki}
        objects = self.state.objects
        applied = ev.get("applied", ())
        for src, key, ab in entries:
            if ab.kind not in kinds or (timing is not None and ab.timing != timing):
                continue
            obj: dict | None
            if src is None:
                obj = None
            else:
                obj = objects.get(src)
                if obj is None or (src in lki_by_id and not self.rulebook.is_active_zone(obj.get("zone"))):
                    obj = lki_by_id.get(src, obj)
                if obj is None:
                    continue
            if ab.limit and self.uses(key, ab.limit[0]) >= ab.limit[1]:
                continue
            if key in applied:
                continue
            ctrl = None if obj is None else obj.get("controller", obj.get("owner"))  # (controller_of, inline)
            # (the pattern first: an Activation is made only for a condition to look at)
            if ab.fits(ev, src, ctrl) and (
                ab.condition is None or ab.condition(self, Activation(ab, key, src, obj, ctrl, ev))
            ):
                cand = {
                    "ability": key,
                    "source": src,
                    "controller": ctrl,
                    "event": ev,
                    "ts": obj.get("ts", 0) if obj else 0,
                    "name": ab.name,
                    "forced": ab.forced,
                }
                if src in lki_by_id and obj is lki_by_id[src]:
                    cand["lki"] = obj  # it resolves as last known, even if it left the game
                found.append(cand)
        return found

    def _lki_of(self, batch: list[str]) -> list[dict]:
        out = []
        for eid in batch:
            out.extend(self.state.events[eid].get("left", ()))
        return out


def _index_events(index: dict[str, list], before: set[str], after: set[str], ab: Ability, entry: tuple) -> None:
    """File a triggered or replacement ability under each event type it reacts to, and note those
    types as heard before (replacements, interrupts) or after (responses) they happen."""
    events = ab.events
    for et in events:
        index.setdefault(et, []).append(entry)
    if ab.kind == "replacement" or ab.timing == "when":
        before.update(events)
    if ab.kind == "triggered" and ab.timing == "after":
        after.update(events)
