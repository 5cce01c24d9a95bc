"""Objects in zones: creating, moving and removing them, and the abilities they carry.

A move that could change which abilities listen resets the listener index (see listeners.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .abilities import Ability
from .asking import Asking
from .errors import RuleError

_ABILITY_REFS: dict[tuple[str, Any], tuple[tuple[Ability, ...], tuple[tuple[str, Ability], ...]]] = {}


class Moves(Asking):
    """Objects, zones, and the abilities objects have."""

    def create(self, prefix: str, zone: str, *, index: int | None = None, **fields: Any) -> str:
        """Create an object in ``zone`` and return its id."""
        st = self.state
        oid = fields.pop("id", None) or st.new_id(prefix)
        if oid in st.objects:
            raise RuleError(f"object id {oid!r} already exists")
        st.objects[oid] = {"id": oid, "zone": None, "ts": st.next_ts(), **fields}
        st.put(oid, zone, index)
        if self._may_listen(st.objects[oid]):
            self._listeners = None
        return oid

    def _may_listen(self, obj: dict) -> bool:
        """Could ``obj`` entering or leaving a zone change the listener index? An object with no
        abilities adds nothing to it (fast path; while footprints are recorded every change counts)."""
        return self._fp is not None or bool(self.rulebook.card_abilities(obj)) or bool(obj.get("grants"))

    def _works_in(self, obj: dict, zone: str | None, active: bool) -> bool:
        """Could one of ``obj``'s abilities work in ``zone`` (an active zone, or one an ability names
        as where it works, such as an event card's response from the hand)?"""
        if active:
            return True
        if zone is None or not self.rulebook.has_zoned_abilities:
            return False
        return any(ab.zones is not None and zone.startswith(tuple(ab.zones)) for _key, ab in self.abilities_of(obj))

    def move(self, obj_id: str, zone: str, index: int | None = None, **changes: Any) -> None:
        """Move an object between zones (keeping last known information if it leaves play).

        ``changes``: fields the object gets as it arrives (what it shows in its new zone, say), in
        the same copy of it.
        """
        st = self.state
        rb = self.rulebook
        obj = st.objects[obj_id]
        old = obj.get("zone")
        active_zones = rb.active_zones  # (what rb.is_active_zone says, inline: this runs for every move)
        was_active = old is not None and old.startswith(active_zones)
        now_active = zone.startswith(active_zones)
        given = bool(changes)
        if now_active and not was_active:
            changes["ts"] = st.next_ts()
        st.put(obj_id, zone, index, changes)
        if was_active and not now_active and self._left is not None:
            self._left.append(obj)
        if not (was_active or now_active or rb.has_zoned_abilities):
            return  # (fast path) neither zone is one where an ability could work: the index stays
        # (an active zone is one where abilities work: _works_in need not be asked about it; the
        # object is asked about as it was where it was, and as it is where it arrives)
        new = st.objects[obj_id] if given else obj
        if (was_active or now_active or self._works_in(obj, old, False) or self._works_in(new, zone, False)) and (
            self._may_listen(obj) or (given and self._may_listen(new))
        ):
            self._listeners = None

    def destroy(self, obj_id: str) -> None:
        """Remove an object from the game altogether (tokens, created cards)."""
        st = self.state
        obj = st.objects.pop(obj_id)
        zone = obj.get("zone")
        if zone is not None:
            st.zones[zone] = tuple(x for x in st.zones[zone] if x != obj_id)
        active = self.rulebook.is_active_zone(zone)
        if active and self._left is not None:
            self._left.append(obj)
        if self._works_in(obj, zone, active) and self._may_listen(obj):
            self._listeners = None

    def grant(self, obj_id: str, ability: str) -> None:
        """Give an object a named ability of the rulebook (a keyword)."""
        self.rulebook.named_ability(ability)
        grants = list(self.state.objects[obj_id].get("grants", ()))
        grants.append(ability)
        self.state.update(obj_id, grants=grants)
        self._listeners = None

    def revoke(self, obj_id: str, ability: str) -> None:
        grants = [g for g in self.state.objects[obj_id].get("grants", ()) if g != ability]
        self.state.update(obj_id, grants=grants)
        self._listeners = None

    def abilities_of(self, obj: dict) -> Sequence[tuple[str, Ability]]:
        """An object's abilities with their references: printed ones, then granted ones."""
        rb = self.rulebook
        printed = rb.card_abilities(obj)
        grants = obj.get("grants")
        if grants:
            out = [(f"{obj['id']}#{i}", ab) for i, ab in enumerate(printed)]
            out += [(f"{obj['id']}@{name}", rb.named_ability(name)) for name in grants]
            return out
        if not printed:
            return ()
        # (printed abilities only: the references depend on the object id and the card's abilities
        # alone, so they are made once per rulebook; the index and every window ask for them)
        key = (obj["id"], obj.get("card"))
        refs = _ABILITY_REFS.get(key)
        if refs is None or refs[0] is not printed:
            if len(_ABILITY_REFS) > 100_000:
                _ABILITY_REFS.clear()
            refs = _ABILITY_REFS[key] = (printed, tuple((f"{key[0]}#{i}", ab) for i, ab in enumerate(printed)))
        return refs[1]

    def ability(self, key: str, obj: dict | None = None) -> tuple[Ability, str | None]:
        """The ability behind reference ``key`` and its source object id.

        ``obj``: the source as last known, for a source that has left the game altogether.
        """
        rb = self.rulebook
        if key.startswith("rule:"):
            return rb.named_ability(key[5:]), None
        if "@" in key:
            src, name = key.split("@", 1)
            return rb.named_ability(name), src
        src, idx = key.rsplit("#", 1)
        obj = self.state.objects.get(src, obj)
        if obj is None:
            raise RuleError(f"ability {key!r}: object {src!r} no longer exists")
        return rb.card_abilities(obj)[int(idx)], src

    def controller_of(self, obj: dict | None) -> int | None:
        if obj is None:
            return None
        return obj.get("controller", obj.get("owner"))

    # The listener index is cached; a change that may alter it resets ``_listeners``. While footprints
    # are recorded, that reset is a write of ``listeners`` and every use of the index a read of it:
    # which abilities see an event depends on every change of zones before it, cached or not.
    @property
    def _listeners(self) -> dict[str, list] | None:
        return self._index_cache

    @_listeners.setter
    def _listeners(self, value: dict[str, list] | None) -> None:
        fp = getattr(self, "_fp", None)
        if value is None and fp is not None:
            fp.write("listeners")
        self._index_cache = value
