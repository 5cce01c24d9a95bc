"""Decisions and options: every source of nondeterminism is a decision somebody makes.

A decision is stored in the state as plain data; :class:`Decision` and :class:`Option` are the
read-only views of it that users see.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Container
from html import escape
from typing import Any

CHANCE = "chance"  # the "player" of a random outcome
OPTION_ID_PARTS = re.compile(r"[:>#@+]")  # how option ids join parts: play:c5@2, attack:c5>c9, use:c3#0, swap:p1+p2


def options_by_object(
    decision: dict | None, objects: Container[str], player: int | None = None
) -> dict[str, list[str]]:
    """The open decision's option ids under each object id they name, for board views.

    A board lets a player click a card to choose an option about it, so each card needs the
    options that name it. Option ids name objects as parts joined by ``: > # @ +``; parts that
    are not in ``objects`` (verbs, indices) are ignored. Empty when there is no decision or it is
    not ``player``'s (``player=None`` sees every decision).

    >>> dec = {"player": 0, "options": [{"id": "attack:c5>c9"}, {"id": "play:c5@2"}, {"id": "end"}]}
    >>> options_by_object(dec, {"c5", "c9"})
    {'c5': ['attack:c5>c9', 'play:c5@2'], 'c9': ['attack:c5>c9']}
    >>> options_by_object(dec, {"c5"}, player=1)
    {}
    """
    offers: dict[str, list[str]] = {}
    if decision is None or (player is not None and decision.get("player") != player):
        return offers
    for option in decision["options"]:
        for part in OPTION_ID_PARTS.split(option["id"]):
            if part in objects and option["id"] not in offers.get(part, ()):
                offers.setdefault(part, []).append(option["id"])
    return offers


_get = operator.itemgetter


class Option(tuple):  # (a tuple: made in C, immutable; see the docstring)
    """One choice: a stable id, a readable label, and (for chance) its probability.

    ``step`` is the decision it was offered for: how many choices the game had made when that
    decision was open (``None`` for an Option built by hand). ``Game.apply`` refuses an Option of
    another decision even when its id is legal again, since it was offered for another choice
    (player 0's ``end`` must not end player 1's turn). ``data`` holds the option's other fields.

    Two Options are equal when their id, label and probability are. An Option is a tuple
    underneath, so that ``game.decision`` makes its options in C: a user's loop over
    ``game.decision.options`` and ``game.apply(option)`` costs what the kernel's own step does
    (issue 21). Read it by its names; its items are not part of the API.

    >>> o = Option("end", "end the turn")
    >>> o.id, o.label, o.probability, o.data
    ('end', 'end the turn', None, {})
    >>> o == Option("end", "end the turn", data={"x": 1})
    True
    """

    __slots__ = ()

    # (id, label, probability, the option's fields as the decision holds them, step, its index there)
    def __new__(
        cls,
        id: str,
        label: str,
        probability: float | None = None,
        data: dict[str, Any] | None = None,
        step: int | None = None,
    ) -> Option:
        return tuple.__new__(cls, (id, label, probability, {"id": id, "label": label, **(data or {})}, step, None))

    id: str = property(_get(0))  # type: ignore[assignment]
    label: str = property(_get(1))  # type: ignore[assignment]
    probability: float | None = property(_get(2))  # type: ignore[assignment]
    step: int | None = property(_get(4))  # type: ignore[assignment]

    @property
    def data(self) -> dict[str, Any]:
        """The option's fields other than its id and label (what the rule that offered it put there)."""
        return {k: v for k, v in self[3].items() if k not in ("id", "label")}

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Option):
            return self[:3] == other[:3]
        return NotImplemented if not isinstance(other, tuple) else False

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self[:3])

    def __getnewargs__(self) -> tuple:  # (pickling: what __new__ takes)
        return (self[0], self[1], self[2], self.data, self[4])

    def __repr__(self) -> str:
        return f"Option(id={self[0]!r}, label={self[1]!r}, probability={self[2]!r}, data={self.data!r})"

    def __str__(self) -> str:
        p = f" (p={self.probability:.3g})" if self.probability is not None else ""
        return f"{self.id}: {self.label}{p}"


_new = tuple.__new__  # (an Option, or a Decision, made in C from its fields)


class Decision(tuple):  # (a tuple, as Option is: made in C, immutable, equal when its fields are)
    """The choice a game is waiting for: who decides, what kind of choice, the prompt, the rule that
    asks, the options, and the trace record that caused it with its explanation (``why``).

    >>> d = Decision(0, "action", "pick", "core.decision", (Option("a", "A"),))
    >>> d.player, d.kind, d.ids, d.cause, d.why
    (0, 'action', ['a'], None, '')
    """

    __slots__ = ()

    def __new__(
        cls,
        player: int | str,
        kind: str,
        prompt: str,
        rule: str,
        options: tuple[Option, ...],
        cause: int | None = None,
        why: str = "",
    ) -> Decision:
        return tuple.__new__(cls, (player, kind, prompt, rule, tuple(options), cause, why))

    player: int | str = property(_get(0))  # type: ignore[assignment]
    kind: str = property(_get(1))  # type: ignore[assignment]
    prompt: str = property(_get(2))  # type: ignore[assignment]
    rule: str = property(_get(3))  # type: ignore[assignment]
    options: tuple[Option, ...] = property(_get(4))  # type: ignore[assignment]
    cause: int | None = property(_get(5))  # type: ignore[assignment]
    why: str = property(_get(6))  # type: ignore[assignment]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Decision):
            return tuple.__eq__(self, other)
        return NotImplemented if not isinstance(other, tuple) else False

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = tuple.__hash__

    def __getnewargs__(self) -> tuple:  # (pickling: what __new__ takes)
        return tuple(self)

    @classmethod
    def from_data(cls, data: dict, why: str = "", step: int | None = None) -> Decision:
        """The view of decision ``data``; ``step`` (choices made so far) goes on its Options."""
        probs = data.get("probs")
        if probs:  # (a list made whole, then one tuple: quicker than a tuple of a generator)
            options = tuple(
                [
                    _new(Option, (o["id"], o.get("label", o["id"]), probs[i], o, step, i))
                    for i, o in enumerate(data["options"])
                ]
            )
        else:
            options = tuple(
                [
                    _new(Option, (o["id"], o.get("label", o["id"]), None, o, step, i))
                    for i, o in enumerate(data["options"])
                ]
            )
        return _new(
            cls,
            (
                data["player"],
                data["kind"],
                data.get("prompt", ""),
                data.get("rule", "core.decision"),
                options,
                data.get("cause"),
                why,
            ),
        )

    @property
    def is_chance(self) -> bool:
        return self.player == CHANCE

    @property
    def ids(self) -> list[str]:
        return [o.id for o in self.options]

    def __str__(self) -> str:
        who = "chance" if self.is_chance else f"player {self.player}"
        head = f"{who} decides ({self.kind}): {self.prompt} [{self.rule}]"
        return "\n".join([head, *(f"  {o}" for o in self.options)])

    __repr__ = __str__

    def _repr_html_(self) -> str:
        who = "chance" if self.is_chance else f"player {self.player}"
        items = "".join(
            f"<li><code>{escape(o.id)}</code> {escape(o.label)}"
            + (f" <i>p={o.probability:.3g}</i>" if o.probability is not None else "")
            + "</li>"
            for o in self.options
        )
        return (
            f"<div class='tt-decision'><b>{escape(who)}</b> decides "
            f"(<code>{escape(self.kind)}</code>): {escape(self.prompt)} "
            f"<small>[{escape(self.rule)}]</small><ul>{items}</ul></div>"
        )
