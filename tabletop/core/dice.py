"""Dice as data: die specs with faces and symbols, the exact distribution of a throw, and predicates.

A :class:`Die` is a kind of die (``"d6"``, ``"red"``, ``"black"``) and its sides, each a :class:`Face`
with a name, a number (``value``, None for a blank or a symbol-only face) and a ``symbol``. The same
face on several sides is one face with a weight (a die with three strike sides rolls strike 3 times in 6).

A throw of several dice is one chance outcome: the **multiset** of faces that landed, since dice of
one kind are interchangeable. :func:`throws` lists every multiset of a pool with its exact weight (the
number of the pool's equally likely side combinations that show it; the weights sum to the number of
combinations), so a probability is ``Fraction(ways, sum of ways)``, never a rounded float. Outcomes
with the same effect may be grouped (:func:`grouped`, by a classifier the rulebook gives) so that a
state graph branches once per effect: hit, miss, natural 1, natural 20.

Predicates read a throw's faces: :func:`total`, :func:`of_a_kind`, :func:`straight`, :func:`full_house`,
:func:`symbols`. :mod:`tabletop.core.rolls` puts a throw into a game (a chance decision, rerolls, the
window before its use).

>>> D6 = Die.numbered("d6", 6)
>>> outcomes = throws((D6, D6, D6))
>>> len(outcomes), sum(ways for _, ways in outcomes)
(56, 216)
>>> ENEMY = Die.numbered("red", 6, symbols={"strike": (1, 2, 3), "whirlwind": (4, 5), "hedron": (6,)})
>>> ENEMY.face("4")
Face(die='red', name='4', value=4, symbol='whirlwind')
>>> [(f.name, n) for f, n in ENEMY.by_symbol().weights()]
[('strike', 3), ('whirlwind', 2), ('hedron', 1)]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import factorial, prod

from .errors import RuleError, quote

BLANK = "blank"  # the name of the face a die turned blank shows ("it becomes a blank face with no value")

Throw = tuple["Face", ...]  # the faces of a throw, in canonical order (by die kind as the pool lists them, then face)


@dataclass(frozen=True)
class Face:
    """One face of a die of kind ``die``: ``name`` (unique on its die), ``value`` (None: no number), ``symbol``."""

    die: str
    name: str
    value: int | None = None
    symbol: str | None = None

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class Die:
    """A kind of die: its ``kind`` and its sides (a face may stand on several sides).

    >>> coin = Die("coin", (Face("coin", "heads"), Face("coin", "tails")))
    >>> [f.name for f in coin.faces], coin.face("tails").value
    (['heads', 'tails'], None)
    """

    kind: str
    sides: tuple[Face, ...]

    def __post_init__(self) -> None:
        if not self.sides:
            raise RuleError(f"die {quote(self.kind)} has no sides")
        for f in self.sides:
            if f.die != self.kind:
                raise RuleError(f"die {quote(self.kind)}: face {quote(f.name)} belongs to die {quote(f.die)}")
            if f.name == BLANK:
                raise RuleError(f"die {quote(self.kind)}: the face name {BLANK!r} is kept for a blanked die")
        seen: dict[str, Face] = {}
        for f in self.sides:
            if seen.setdefault(f.name, f) != f:
                raise RuleError(f"die {quote(self.kind)}: two different faces are named {quote(f.name)}")

    @classmethod
    def numbered(cls, kind: str, sides: int, *, symbols: Mapping[str, Iterable[int]] | None = None) -> Die:
        """A die numbered 1 to ``sides``; ``symbols`` names the symbol printed beside which numbers (Dice Throne
        Missions' enemy dice, 002 L363-366: strike on 1-3, whirlwind on 4-5, hedron on 6).

        >>> Die.numbered("d20", 20).face("20")
        Face(die='d20', name='20', value=20, symbol=None)
        """
        if sides < 1:
            raise RuleError(f"die {quote(kind)} needs at least one side, not {sides}")
        symbol_of: dict[int, str] = {}
        for symbol, values in (symbols or {}).items():
            for v in values:
                if not 1 <= v <= sides or v in symbol_of:
                    raise RuleError(f"die {quote(kind)}: symbol {quote(symbol)} on side {v} (1-{sides}, once each)")
                symbol_of[v] = symbol
        return cls(kind, tuple(Face(kind, str(v), v, symbol_of.get(v)) for v in range(1, sides + 1)))

    @classmethod
    def of_faces(cls, kind: str, faces: Mapping[str, int], values: Mapping[str, int] | None = None) -> Die:
        """A die whose faces (by name, each a symbol) stand on how many sides ``faces`` says; ``values`` gives
        a face its number.

        >>> [(f.name, n) for f, n in Die.of_faces("hit", {"hit": 2, "miss": 4}).weights()]
        [('hit', 2), ('miss', 4)]
        """
        values = values or {}
        return cls(kind, tuple(Face(kind, name, values.get(name), name) for name, n in faces.items() for _ in range(n)))

    @property
    def faces(self) -> tuple[Face, ...]:
        """Its distinct faces, in the order of their first side."""
        return tuple(f for f, _ in self.weights())

    def weights(self) -> tuple[tuple[Face, int], ...]:
        """Each distinct face and how many sides show it."""
        return _weights(self)

    def face(self, name: str) -> Face:
        """The face called ``name`` (:data:`BLANK`: a blank face, no value, no symbol)."""
        if name == BLANK:
            return Face(self.kind, BLANK)
        for f in self.sides:
            if f.name == name:
                return f
        names = ", ".join(f.name for f in self.faces)
        raise RuleError(f"die {quote(self.kind)} has no face {quote(name)} (its faces: {names})")

    def by_symbol(self, kind: str | None = None) -> Die:
        """The same die read by its symbols alone: faces with the same symbol become one face, named after the
        symbol, with no value (a throw of several then has far fewer outcomes). A face with no symbol keeps
        its name and value."""
        kind = self.kind if kind is None else kind
        return Die(
            kind,
            tuple(
                Face(kind, f.symbol, None, f.symbol) if f.symbol else Face(kind, f.name, f.value, None)
                for f in self.sides
            ),
        )


@lru_cache(maxsize=1024)
def _weights(die: Die) -> tuple[tuple[Face, int], ...]:
    counts: dict[Face, int] = {}
    for f in die.sides:
        counts[f] = counts.get(f, 0) + 1
    return tuple(counts.items())


def pool_kinds(pool: Sequence[Die]) -> tuple[tuple[Die, int], ...]:
    """The kinds of die in ``pool`` (in the order they first appear) and how many of each.

    >>> D6 = Die.numbered("d6", 6)
    >>> [(d.kind, n) for d, n in pool_kinds((D6, Die.numbered("d4", 4), D6))]
    [('d6', 2), ('d4', 1)]
    """
    found: dict[str, tuple[Die, int]] = {}
    for die in pool:
        known = found.get(die.kind)
        if known is not None and known[0] != die:
            raise RuleError(f"two different dice of kind {quote(die.kind)} in one pool: give each spec its own kind")
        found[die.kind] = (die, (known[1] if known else 0) + 1)
    return tuple(found.values())


def throws(pool: Sequence[Die]) -> tuple[tuple[Throw, int], ...]:
    """Every outcome of throwing ``pool`` once, as (faces, ways): the faces in canonical order (by kind as the
    pool first lists them, then by face) and the number of equally likely side combinations showing them.
    The ways sum to the number of combinations (6**n for n six-sided dice).

    >>> D6 = Die.numbered("d6", 6)
    >>> [([f.value for f in faces], ways) for faces, ways in throws((D6, D6))][:3]
    [([1, 1], 1), ([1, 2], 2), ([1, 3], 2)]
    """
    return _throws(tuple(pool))


@lru_cache(maxsize=256)
def _throws(pool: tuple[Die, ...]) -> tuple[tuple[Throw, int], ...]:
    parts: list[list[tuple[Throw, int]]] = []
    for die, n in pool_kinds(pool):
        sides = die.weights()
        mine: list[tuple[Throw, int]] = []
        for combo in combinations_with_replacement(range(len(sides)), n):
            counts = Counter(combo)
            ways = factorial(n) // prod(factorial(c) for c in counts.values())  # the orders of this multiset
            ways *= prod(sides[i][1] ** c for i, c in counts.items())  # the sides showing each face
            mine.append((tuple(sides[i][0] for i in combo), ways))
        parts.append(mine)
    return tuple((sum((faces for faces, _ in pick), ()), prod(w for _, w in pick)) for pick in product(*parts))


def grouped(
    outcomes: Iterable[tuple[Throw, int]], key: Callable[[Throw], str]
) -> tuple[tuple[str, int, tuple[Throw, ...]], ...]:
    """Outcomes with the same ``key`` (the rulebook's classifier: what the throw does) as one: (key, summed
    ways, the throws it stands for), in the order each key first appears.

    >>> D20 = Die.numbered("d20", 20)
    >>> def attack(faces):  # +4 against 15; a natural 1 misses and a natural 20 hits whatever the total
    ...     v = faces[0].value
    ...     return "natural 1" if v == 1 else "natural 20" if v == 20 else "hit" if v + 4 >= 15 else "miss"
    >>> [(k, w) for k, w, _ in grouped(throws((D20,)), attack)]
    [('natural 1', 1), ('miss', 9), ('hit', 9), ('natural 20', 1)]
    """
    groups: dict[str, tuple[int, list[Throw]]] = {}
    for faces, ways in outcomes:
        k = key(faces)
        had = groups.get(k)
        if had is None:
            groups[k] = (ways, [faces])
        else:
            groups[k] = (had[0] + ways, [*had[1], faces])
    return tuple((k, w, tuple(members)) for k, (w, members) in groups.items())


def probability(ways: int, of: int) -> Fraction:
    """The exact probability of an outcome of ``ways`` in ``of``.

    >>> probability(6, 36)
    Fraction(1, 6)
    """
    return Fraction(ways, of)


def distribution(pool: Sequence[Die], key: Callable[[Throw], Hashable]) -> dict[Hashable, Fraction]:
    """The exact distribution of ``key(faces)`` over a throw of ``pool`` (say, of the total of 2d6), in the order
    each value first appears.

    >>> D6 = Die.numbered("d6", 6)
    >>> dist = distribution((D6, D6), total)
    >>> dist[7], dist[2], sum(dist.values())
    (Fraction(1, 6), Fraction(1, 36), Fraction(1, 1))
    """
    outcomes = throws(pool)
    of = sum(w for _, w in outcomes)
    dist: dict[Hashable, Fraction] = {}
    for faces, ways in outcomes:
        k = key(faces)
        dist[k] = dist.get(k, Fraction(0)) + Fraction(ways, of)
    return dist


# ------------------------------------------------------------------ predicates over a throw's faces
def values(faces: Iterable[Face]) -> list[int]:
    """The numbers the faces show (blanks and symbol-only faces have none)."""
    return [f.value for f in faces if f.value is not None]


def total(faces: Iterable[Face]) -> int:
    """The sum of the faces' numbers (the natural total: no modifier).

    >>> D6 = Die.numbered("d6", 6)
    >>> total((D6.face("3"), D6.face("5"), D6.face(BLANK)))
    8
    """
    return sum(values(faces))


def of_a_kind(faces: Iterable[Face], n: int) -> bool:
    """At least ``n`` faces show the same number (3 of a kind, 5 of a kind)."""
    counts = Counter(values(faces))
    return n <= 0 or (bool(counts) and max(counts.values()) >= n)


def full_house(faces: Iterable[Face]) -> bool:
    """Three faces show one number and two others another (among five or more dice)."""
    counts = sorted(Counter(values(faces)).values(), reverse=True)
    return len(counts) >= 2 and counts[0] >= 3 and counts[1] >= 2


def straight(faces: Iterable[Face], length: int) -> bool:
    """``length`` consecutive numbers among the faces: a small straight is 4, a large one 5 (Dice Throne
    Missions' Silence names both, 002 L344).

    >>> D6 = Die.numbered("d6", 6)
    >>> roll = [D6.face(v) for v in "23645"]
    >>> straight(roll, 4), straight(roll, 5), straight(roll[:4], 5)
    (True, True, False)
    """
    have = set(values(faces))
    return any(all(v + k in have for k in range(length)) for v in have)


def symbols(faces: Iterable[Face], symbol: str) -> int:
    """How many faces show ``symbol``.

    >>> RED = Die.numbered("red", 6, symbols={"strike": (1, 2, 3), "whirlwind": (4, 5), "hedron": (6,)})
    >>> symbols([RED.face("1"), RED.face("3"), RED.face("6")], "strike")
    2
    """
    return sum(1 for f in faces if f.symbol == symbol)
