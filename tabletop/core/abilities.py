"""Abilities: static, triggered, activated and replacement, as the kernel understands them.

An ability is code or data attached to a card (or granted to an object, or belonging to the
game's own rules). The state only ever holds *references* to abilities (the object id and the
ability's index or name), so states stay plain data; the :class:`Ability` objects live in the
rulebook.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .table import Table

KINDS = ("static", "triggered", "activated", "replacement")
TIMINGS = ("when", "after")
PERIODS = ("turn", "phase", "round", "game")  # the kernel's periods (a rulebook adds its own: Rulebook.periods)


@dataclass(frozen=True)
class Ability:
    """One ability.

    ``effect`` is called as ``effect(game, act)`` with an :class:`Activation`. For a replacement
    ability it returns :class:`Replace`, :class:`Modify` or :class:`Prevent`, or ``None`` to
    leave the event alone. ``condition(game, act)`` must hold for the ability to trigger (or to
    apply); ``match`` compares event fields, where ``"$self"`` stands for the ability's source
    and ``"$controller"`` for its controller. ``modifiers(game, source)`` gives a static
    ability's modifiers as dicts with target, stat, op and value.

    ``forced_priority(game)``, for a forced (mandatory) ability: does it count as forced for the
    forced-before-optional priority (``Profile.forced_before_optional``) in this game? ``None``
    (the default): it does. When it says no, the ability is mandatory but no "Forced" ability (a
    keyword, read so by a rulebook option): it goes after the forced abilities of its batch, in a
    group of its own, before the optional ones.

    ``priority``, for a replacement (or prevention) ability: where it stands among the replacements that
    compete for one event. The highest priority applies first, without asking anybody; only those that
    tie at the highest priority are chosen among as ``Profile.replacements`` says. A number, or
    ``priority(game, act)`` giving one (so that a rulebook option may turn it on or off). Default 0:
    every replacement ties, as before (``docs/orderings.md``).
    """

    name: str
    kind: str
    rule: str = "core.resolve"
    text: str = ""
    event: str | tuple[str, ...] | None = None
    timing: str = "after"
    match: dict[str, Any] = field(default_factory=dict)
    condition: Callable[[Table, Activation], bool] | None = None
    effect: Callable[[Table, Activation], Any] | None = None
    forced: bool = True
    limit: tuple[str, int] | None = None  # e.g. ("turn", 1): once per turn
    cost: Callable[[Table, Activation], None] | None = None
    can_pay: Callable[[Table, Activation], bool] | None = None
    window: Callable[[Table, Activation], bool] | None = None  # activated: when it may be used
    modifiers: Callable[[Table, dict], list[dict]] | None = None
    zones: tuple[str, ...] | None = None  # zone prefixes where it works (default: in play)
    forced_priority: Callable[[Table], bool] | None = None  # (see above; None: a forced ability ranks as forced)
    priority: int | Callable[[Table, Activation], int] = 0  # (a replacement's: see above; highest applies first)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"ability {self.name!r}: kind {self.kind!r} is not one of {KINDS}")
        if self.timing not in TIMINGS:
            raise ValueError(f"ability {self.name!r}: timing {self.timing!r} is not one of {TIMINGS}")
        if self.priority != 0 and self.kind != "replacement":
            raise ValueError(f"ability {self.name!r}: only a replacement takes a priority (this one is {self.kind})")
        # (a rulebook may name periods of its own, Rulebook.periods: it checks the name against them)
        if self.limit is not None and (not isinstance(self.limit[0], str) or not self.limit[0]):
            raise ValueError(f"ability {self.name!r}: limit period {self.limit[0]!r} is not a period's name")

    @cached_property  # (read for every event an index or window looks at; the ability never changes)
    def events(self) -> tuple[str, ...]:
        if self.event is None:
            return ()
        return (self.event,) if isinstance(self.event, str) else tuple(self.event)

    def matches(self, game: Table, act: Activation) -> bool:
        """Does the event in ``act`` fit this ability's pattern and condition?"""
        return self.fits(act.event, act.source, act.controller) and (
            self.condition is None or bool(self.condition(game, act))
        )

    def fits(self, event: dict | None, source: str | None, controller: int | None) -> bool:
        """Does ``event`` fit this ability's pattern (``match``; the condition aside)?"""
        ev = event or {}
        for key, want in self.match.items():
            have = ev.get(key)
            if want == "$self":
                want = source
            elif want == "$controller":
                want = controller
            if isinstance(want, list | tuple | set | frozenset):
                if have not in want:
                    return False
            elif have != want:
                return False
        return True


class Activation:
    """An ability at work: its source, controller, the event that triggered it, extra data."""

    __slots__ = ("ability", "controller", "data", "event", "key", "obj", "source")

    def __init__(
        self,
        ability: Ability,
        key: str,
        source: str | None,
        obj: dict | None,
        controller: int | None,
        event: dict | None = None,
        data: dict | None = None,
    ):
        self.ability = ability
        self.key = key  # the ability reference held in the state
        self.source = source  # id of the object the ability is on (None for a game rule)
        self.obj = obj  # that object (as last known, if it left play)
        self.controller = controller
        self.event = event
        self.data = data or {}

    def __repr__(self) -> str:
        return f"Activation({self.ability.name!r} of {self.source!r})"


@dataclass(frozen=True)
class Replace:
    """A replacement effect's answer: the event does not happen; these events happen instead."""

    events: tuple[dict, ...] | list[dict]


@dataclass(frozen=True)
class Modify:
    """A replacement or prevention effect's answer: the event happens with these changes."""

    changes: dict[str, Any]


@dataclass(frozen=True)
class Prevent:
    """A prevention effect's answer: the event does not happen at all."""

    reason: str = ""
