"""Deck and build validation: declarative constraints, and every violation named.

A :class:`DeckRules` is a list of constraints on a deck (card ids, looked up in a catalogue):
:class:`Size` (exactly, at least, at most so many cards), :class:`Copies` (of one card, grouped by any
attribute: the id, the name), :class:`Count` (cards that match), :class:`Share` (no value of an
attribute, a type, over a fraction of the deck), :class:`Budget` (the sum of a field, points),
:class:`Allowed` (every card matches) and :class:`Attached` (cards attached to an entry, upgrades).
A deck may have parts (sub-decks), each with rules of its own. :meth:`DeckRules.check` returns every
:class:`Violation`, each naming the deck, the card and the constraint (with its rule), the deck's own
first and then in deck order; :meth:`DeckRules.validate` raises them together as a :class:`DeckError`.
The rule texts it serves and a toy example are in ``docs/decks.md``.

A constraint matches cards with ``where`` (and leaves out those that match ``unless``): a mapping of
field to wanted value (a tuple, list or set: any of them; a card's list field matches if any of its
items does) or a function of the card. ``says`` words a violation in a rulebook's own terms: a
template given ``card``, ``count``, ``limit``, ``deck``, ``value`` and the card's data as ``c``.

>>> cards = {"orc": {"name": "Orc", "type": "character"}, "axe": {"name": "Axe", "type": "item"}}
>>> rules = DeckRules(Size(at_least=4), Copies(at_most=2, by="name"), Share(by="type", at_most=Fraction(1, 2)))
>>> for v in rules.check(["orc", "orc", "orc", "axe"], cards, name="mine"):
...     print(v)
mine, card 'orc': 3 copies of name 'Orc'; at most 2 (at most 2 copies of a card, by name)
mine, card 'orc': 3 of the 4 cards have type 'character'; at most 2 (no type more than 1/2 of the deck)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from .errors import TabletopError, quote

Where = Mapping[str, Any] | Callable[[Mapping[str, Any]], bool] | None
_MANY = (tuple, list, set, frozenset)
Bound = int | None
KEYS = {"card", "attached"}  # the keys of a deck entry that is not a bare card id


def matches(card: Mapping[str, Any], where: Where) -> bool:
    """Whether ``card`` matches ``where`` (None: every card; see the module's doc).

    >>> matches({"traits": ["Warlord", "Orc"], "level": 3}, {"traits": "Warlord", "level": (2, 3)})
    True
    """
    if where is None:
        return True
    if callable(where):
        return bool(where(card))
    for key, want in where.items():
        wants = want if isinstance(want, _MANY) else (want,)
        have = card.get(key)
        if not any(h in wants for h in (have if isinstance(have, list | tuple) else (have,))):
            return False
    return True


def _left_out(card: Mapping[str, Any], unless: Where) -> bool:
    return unless is not None and matches(card, unless)


def _about(where: Where, unless: Where, about: str | None) -> str:
    """The cards a constraint is about, in words."""
    if about is not None:
        return about
    parts = []
    for word, cond in (("with", where), ("except", unless)):
        if isinstance(cond, Mapping):
            parts.append(word + " " + ", ".join(f"{k} {_wanted(v)}" for k, v in cond.items()))
        elif cond is not None:
            parts.append(f"{word} {getattr(cond, '__name__', 'a condition')}")
    return "a card" + "".join(" " + p for p in parts)


def _wanted(value: Any) -> str:
    if isinstance(value, _MANY):
        return "in " + "/".join(map(str, sorted(value, key=str) if isinstance(value, set | frozenset) else value))
    return f"= {value}"


class Entry(NamedTuple):
    """One card of a deck: its position, its id, its data, and the cards attached to it (id, data)."""

    at: int
    id: str
    card: Mapping[str, Any]
    attached: tuple[tuple[str, Mapping[str, Any]], ...] = ()


class Found(NamedTuple):
    """What a constraint found wrong: the entry it starts at (-1: the deck as a whole), the card, the text."""

    at: int
    card: str | None
    problem: str
    fields: dict[str, Any]


@dataclass(frozen=True)
class Violation:
    """One broken constraint: the deck (``deck/part`` for a part), the card (None: the deck as a whole),
    the constraint in words, its rule, what is wrong, and the first deck entry it concerns."""

    deck: str
    card: str | None
    constraint: str
    rule: str | None
    problem: str
    at: int = -1

    def __str__(self) -> str:
        card = "" if self.card is None else f", card {quote(self.card)}"
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{self.deck}{card}: {self.problem} ({self.constraint}{rule})"


class DeckError(TabletopError, ValueError):
    """A deck that breaks its rules; ``violations`` lists every broken constraint, in deck order."""

    def __init__(self, violations: Sequence[Violation]):
        self.violations = tuple(violations)
        lines = "\n".join(f"  - {v}" for v in self.violations)
        decks = ", ".join(dict.fromkeys(quote(v.deck) for v in self.violations))
        super().__init__(f"deck {decks} breaks {len(self.violations)} rule(s):\n{lines}")


def _bounds(owner: str, exactly: Bound, at_least: Bound, at_most: Bound) -> tuple[Bound, Bound]:
    """The (low, high) bounds of exactly / at_least / at_most (each a whole number >= 0)."""
    for name, n in (("exactly", exactly), ("at_least", at_least), ("at_most", at_most)):
        if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 0):
            raise ValueError(f"{owner}({name}={n!r}): a bound is a whole number >= 0")
    if exactly is not None:
        if at_least is not None or at_most is not None:
            raise ValueError(f"{owner}: exactly, or at_least and at_most, not both")
        return exactly, exactly
    if at_least is not None and at_most is not None and at_least > at_most:
        raise ValueError(f"{owner}: at_least={at_least} is more than at_most={at_most}")
    return at_least, at_most


def _range(low: int | None, high: int | None) -> str:
    if low == high and low is not None:
        return f"exactly {low}"
    if low is not None and high is not None:
        return f"{low} to {high}"
    return f"at least {low}" if low is not None else f"at most {high}"


def _outside(n: int, low: int | None, high: int | None) -> int | None:
    """The bound ``n`` breaks, or None."""
    if low is not None and n < low:
        return low
    if high is not None and n > high:
        return high
    return None


@dataclass(frozen=True, kw_only=True)
class Constraint:
    """What every constraint has: the ``rule`` it cites, and ``says``, its own wording of a violation."""

    rule: str | None = None
    says: str | None = None

    def describe(self) -> str:
        """The constraint in words, as a violation names it."""
        raise NotImplementedError

    def find(self, entries: Sequence[Entry], size: int) -> Iterator[Found]:
        """Every violation in ``entries`` (the known cards of the deck, in order; ``size`` counts unknown ones too)."""
        raise NotImplementedError

    def _found(self, at: int, card: str | None, problem: str, **fields: Any) -> Found:
        return Found(at, card, problem, {"card": card, **fields})


@dataclass(frozen=True)
class Size(Constraint):
    """The number of cards in the deck: ``exactly``, ``at_least``, ``at_most`` (attached cards not counted)."""

    exactly: int | None = None
    at_least: int | None = None
    at_most: int | None = None

    def __post_init__(self) -> None:
        if (self.exactly, self.at_least, self.at_most) == (None, None, None):
            raise ValueError("Size() needs exactly, at_least or at_most")
        _bounds("Size", self.exactly, self.at_least, self.at_most)

    def describe(self) -> str:
        return f"a deck of {_range(*_bounds('Size', self.exactly, self.at_least, self.at_most))} cards"

    def find(self, entries: Sequence[Entry], size: int) -> Iterator[Found]:
        low, high = _bounds("Size", self.exactly, self.at_least, self.at_most)
        if (limit := _outside(size, low, high)) is not None:
            cards = "1 card" if size == 1 else f"{size} cards"
            yield self._found(-1, None, f"{cards}; {_range(low, high)}", count=size, limit=limit)


@dataclass(frozen=True)
class Copies(Constraint):
    """The copies of each card, cards counted together when ``by`` (default the id) is equal; only the
    cards that match ``where`` and not ``unless``. ``limit_field``: the card's own field gives its
    ``at_most`` (Marvel Champions' "Max X per deck"); a card without it is not limited."""

    at_most: int | None = None
    at_least: int | None = None
    exactly: int | None = None
    by: str = "id"
    where: Where = None
    unless: Where = None
    about: str | None = None
    limit_field: str | None = None

    def __post_init__(self) -> None:
        if (self.exactly, self.at_least, self.at_most, self.limit_field) == (None, None, None, None):
            raise ValueError("Copies() needs exactly, at_least, at_most or limit_field")
        _bounds("Copies", self.exactly, self.at_least, self.at_most)

    def describe(self) -> str:
        low, high = _bounds("Copies", self.exactly, self.at_least, self.at_most)
        many = f"its own {self.limit_field}" if low is None and high is None else _range(low, high)
        what = _about(self.where, self.unless, self.about)
        return f"{many} copies of {what}" + ("" if self.by == "id" else f", by {self.by}")

    def find(self, entries: Sequence[Entry], size: int) -> Iterator[Found]:
        low, high = _bounds("Copies", self.exactly, self.at_least, self.at_most)
        groups: dict[Any, list[Entry]] = {}
        for e in entries:
            if matches(e.card, self.where) and not _left_out(e.card, self.unless):
                groups.setdefault(e.id if self.by == "id" else e.card.get(self.by), []).append(e)
        for value, group in groups.items():
            first = group[0]
            top = high
            if self.limit_field is not None and isinstance(own := first.card.get(self.limit_field), int):
                top = own if top is None else min(top, own)
            limit = _outside(len(group), low, top)
            if limit is not None:
                what = quote(first.id) if self.by == "id" else f"{self.by} {quote(value)}"
                word = "at least" if low is not None and len(group) < low else "at most"
                problem = f"{len(group)} copies of {what}; {word} {limit}"
                yield self._found(first.at, first.id, problem, count=len(group), limit=limit, value=value, c=first.card)


@dataclass(frozen=True)
class Count(Constraint):
    """How many cards of the deck match ``where`` (and not ``unless``): a sub-deck's share of one list,
    a starting army's characters. A count over its ``at_most`` names the first card too many."""

    where: Where = None
    exactly: int | None = None
    at_least: int | None = None
    at_most: int | None = None
    unless: Where = None
    about: str | None = None

    def __post_init__(self) -> None:
        if (self.exactly, self.at_least, self.at_most) == (None, None, None):
            raise ValueError("Count() needs exactly, at_least or at_most")
        _bounds("Count", self.exactly, self.at_least, self.at_most)

    def describe(self) -> str:
        low, high = _bounds("Count", self.exactly, self.at_least, self.at_most)
        return f"{_range(low, high)} of {_about(self.where, self.unless, self.about)}"

    def find(self, entries: Sequence[Entry], size: int) -> Iterator[Found]:
        low, high = _bounds("Count", self.exactly, self.at_least, self.at_most)
        hits = [e for e in entries if matches(e.card, self.where) and not _left_out(e.card, self.unless)]
        limit = _outside(len(hits), low, high)
        if limit is None:
            return
        what = _about(self.where, self.unless, self.about)
        if high is not None and len(hits) > high:
            extra = hits[high]
            problem = f"{len(hits)} cards are {what}; at most {high}"
            yield self._found(extra.at, extra.id, problem, count=len(hits), limit=limit, c=extra.card)
        else:
            are = "card is" if len(hits) == 1 else "cards are"
            yield self._found(-1, None, f"{len(hits)} {are} {what}; at least {low}", count=len(hits), limit=limit)


@dataclass(frozen=True)
class Share(Constraint):
    """No value of ``by`` (of ``values``, default every value a card has) on more than ``at_most`` of the deck
    (a fraction: ``Fraction(1, 2)`` for half). Names the first card past the share."""

    by: str = "type"
    at_most: Fraction = Fraction(1, 2)
    values: tuple[Any, ...] | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.at_most, Fraction | int) or not 0 <= self.at_most <= 1:
            raise ValueError(f"Share(at_most={self.at_most!r}): a fraction from 0 to 1, as Fraction(1, 2)")

    def describe(self) -> str:
        return f"no {self.by} more than {self.at_most} of the deck"

    def find(self, entries: Sequence[Entry], size: int) -> Iterator[Found]:
        limit = math.floor(self.at_most * size)
        holders: dict[Any, list[Entry]] = {}
        for e in entries:
            have = e.card.get(self.by)
            for value in dict.fromkeys(have if isinstance(have, list | tuple) else (have,)):
                counted = value is not None if self.values is None else value in self.values
                if counted:
                    holders.setdefault(value, []).append(e)
        for value, held in holders.items():
            if len(held) > limit:
                extra = held[limit]
                problem = f"{len(held)} of the {size} cards have {self.by} {quote(value)}; at most {limit}"
                yield self._found(extra.at, extra.id, problem, count=len(held), limit=limit, value=value, c=extra.card)


@dataclass(frozen=True)
class Budget(Constraint):
    """The sum of ``field`` (points, a cost) over the deck's cards and, unless ``attached`` is False, the
    cards attached to them: at most ``at_most``. Names the card that takes the sum past it."""

    at_most: int = 0
    field: str = "cost"
    attached: bool = True

    def describe(self) -> str:
        return f"at most {self.at_most} {self.field} in all"

    def find(self, entries: Sequence[Entry], size: int) -> Iterator[Found]:
        total, first = 0, None
        for e in entries:
            for cid, card in ((e.id, e.card), *(e.attached if self.attached else ())):
                value = card.get(self.field, 0)
                total += value if isinstance(value, int) and not isinstance(value, bool) else 0
                if first is None and total > self.at_most:
                    first = (e.at, cid)
        if first is not None:
            problem = f"{total} {self.field} in all; at most {self.at_most}"
            yield self._found(first[0], first[1], problem, count=total, limit=self.at_most)


@dataclass(frozen=True)
class Allowed(Constraint):
    """Every card of the deck matches ``where`` and not ``unless`` (a class, a faction, no token);
    each card that does not is named once."""

    where: Where = None
    unless: Where = None
    about: str | None = None

    def describe(self) -> str:
        return f"only {_about(self.where, self.unless, self.about)}"

    def find(self, entries: Sequence[Entry], size: int) -> Iterator[Found]:
        seen: set[str] = set()
        for e in entries:
            if e.id in seen:
                continue
            if not matches(e.card, self.where) or _left_out(e.card, self.unless):
                seen.add(e.id)
                yield self._found(e.at, e.id, f"{quote(e.id)} is not allowed", c=e.card)


@dataclass(frozen=True)
class Attached(Constraint):
    """The cards attached to each entry of the deck (``{"card": id, "attached": [ids]}``): upgrades."""

    at_most: int | None = None
    at_least: int | None = None

    def describe(self) -> str:
        return f"{_range(*_bounds('Attached', None, self.at_least, self.at_most))} cards attached to a card"

    def find(self, entries: Sequence[Entry], size: int) -> Iterator[Found]:
        low, high = _bounds("Attached", None, self.at_least, self.at_most)
        for e in entries:
            if (limit := _outside(len(e.attached), low, high)) is not None:
                problem = f"{len(e.attached)} cards attached to {quote(e.id)}; {_range(low, high)}"
                yield self._found(e.at, e.id, problem, count=len(e.attached), limit=limit, c=e.card)


class DeckRules:
    """The rules of one deck: ``constraints`` on all its cards, and ``parts`` (sub-decks: a name and its
    own rules) when the deck is given as a mapping of part name to card list. A part whose rules are
    ``optional`` may be absent. ``rule`` is what the deck's shape and unknown cards cite."""

    def __init__(
        self,
        *constraints: Constraint,
        parts: Mapping[str, DeckRules] | None = None,
        optional: bool = False,
        rule: str | None = None,
    ) -> None:
        for c in constraints:
            if not isinstance(c, Constraint):
                raise TypeError(f"DeckRules takes constraints (Size, Copies, ...), not {quote(c)}")
        self.constraints = constraints
        self.parts = dict(parts or {})
        self.optional = optional
        self.rule = rule

    def __repr__(self) -> str:
        parts = f", parts={sorted(self.parts)}" if self.parts else ""
        return f"DeckRules({', '.join(c.describe() for c in self.constraints)}{parts})"

    def check(self, deck: Any, cards: Mapping[str, Mapping[str, Any]], *, name: str = "deck") -> list[Violation]:
        """Every violation of these rules by ``deck`` (card ids, or entries ``{"card": id, "attached":
        [ids]}``; a mapping of part to such a list when the rules have parts), cards looked up in
        ``cards``. The deck's own violations come first, then in deck order (the order constraints
        were given within one entry); an unknown card is one, and no constraint counts it."""
        found: list[tuple[int, int, Violation]] = []
        lists: list[tuple[str, DeckRules | None, Any]] = []
        if self.parts:
            if not isinstance(deck, Mapping):
                return [self._shape(name, f"the deck has parts {', '.join(map(quote, self.parts))}")]
            for part, rules in self.parts.items():
                if part in deck:
                    lists.append((part, rules, deck[part]))
                elif not rules.optional:
                    found.append((-1, -1, self._shape(name, f"no part {quote(part)}")))
            for part in deck:
                if part not in self.parts:
                    found.append((-1, -1, self._shape(name, f"unknown part {quote(part)}")))
        else:
            lists.append(("", None, deck))
        everything: list[Entry] = []
        size = 0
        for part, own, content in lists:
            label = f"{name}/{part}" if part else name
            entries = _entries(self._shape, label, content, cards, size, found)
            n = len(content) if isinstance(content, Sequence) and not isinstance(content, str | bytes) else 0
            everything, size = everything + entries, size + n
            if own is not None:
                found += own._apply(label, entries, n)
        found += self._apply(name, everything, size)
        return [v for _at, _i, v in sorted(found, key=lambda f: (f[0], f[1]))]

    def validate(self, deck: Any, cards: Mapping[str, Mapping[str, Any]], *, name: str = "deck") -> None:
        """:meth:`check`, raising a :class:`DeckError` with every violation if there is any."""
        if violations := self.check(deck, cards, name=name):
            raise DeckError(violations)

    # ------------------------------------------------------------------ inside
    def _shape(self, deck: str, problem: str, card: str | None = None, at: int = -1) -> Violation:
        return Violation(deck, card, "a deck of known cards, in its parts", self.rule, problem, at)

    def _apply(self, name: str, entries: list[Entry], size: int) -> list[tuple[int, int, Violation]]:
        out = []
        for i, c in enumerate(self.constraints):
            for f in c.find(entries, size):
                problem = f.problem if c.says is None else c.says.format(deck=name, **f.fields)
                out.append((f.at, i, Violation(name, f.card, c.describe(), c.rule, problem, f.at)))
        return out


def _entries(
    shape: Callable[..., Violation],
    name: str,
    content: Any,
    cards: Mapping[str, Mapping[str, Any]],
    start: int,
    found: list[tuple[int, int, Violation]],
) -> list[Entry]:
    """The known cards of one list, numbered from ``start`` (unknown and malformed entries go to ``found``)."""
    if isinstance(content, str | bytes) or not isinstance(content, Sequence):
        found.append((-1, -1, shape(name, f"a deck is a list of card ids, not {quote(content)}")))
        return []
    entries: list[Entry] = []
    for i, item in enumerate(content, start):
        cid, more = (item, ()) if isinstance(item, str) else _entry(item)
        if cid is None:
            found.append((i, -1, shape(name, f"entry {i - start + 1} is not a card: {quote(item)}", at=i)))
            continue
        attached = []
        for j, ref in enumerate((cid, *more)):
            if ref not in cards:
                found.append((i, -1, shape(name, f"no card {quote(ref)}", ref, i)))
            elif j:
                attached.append((ref, cards[ref]))
        if cid in cards:
            entries.append(Entry(i, cid, cards[cid], tuple(attached)))
    return entries


def _entry(item: Any) -> tuple[str | None, tuple[str, ...]]:
    """An entry ``{"card": id, "attached": [ids]}`` as (id, attached ids); (None, ()) if it is not one."""
    if isinstance(item, Mapping) and isinstance(item.get("card"), str):
        more = item.get("attached", ())
        if (
            isinstance(more, list | tuple)
            and all(isinstance(m, str) for m in more)
            and set(item) <= {"card", "attached"}
        ):
            return item["card"], tuple(more)
    return None, ()
