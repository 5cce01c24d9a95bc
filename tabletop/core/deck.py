"""A hidden deck: anonymous face-down objects, a private composition, draws as chance decisions.

A shuffled deck's order is unknown to everybody, the rules included: so no order is stored. The
deck's zone holds anonymous objects (``card: None``, face down), and a private state variable (a
``_`` var, which :meth:`Table.view` leaves out) holds its **composition**: how many of each card are
left. Drawing is a chance decision whose options are the kinds of card left, each weighted by how
many are left; only the card that leaves the deck gets an identity. So a test (``chance="manual"``)
picks the card drawn, an explorer branches on each kind once (not on each of 30! orders), and no
view can leak what is coming.

A :class:`Deck` describes one such deck of a rulebook (its zone, its composition's variable, the
decision it opens); the game's state holds the rest. Moves in and out of the deck:

- :meth:`Deck.fill` makes its anonymous objects and composition (set-up);
- :meth:`Deck.draw` opens the chance decision (the outcome reaches task ``resume`` as ``choice``);
  :meth:`Deck.draw_if_any` the same, or tells of an empty deck;
- :meth:`Deck.take` takes the drawn card out of the composition and gives the top object;
- :meth:`Deck.shuffle_in` shuffles cards back (a mulligan, a discard pile reshuffled into an empty
  deck): they become anonymous again and join the composition;
- :meth:`Deck.left`, :meth:`Deck.size`: look at what the deck holds (the rules' look, not a player's).

:func:`player_decks` makes one deck of each player.

A :class:`Shuffle` is the other way to shuffle, when the places exist and are known (slots on a
table, seats): the value under each place in turn is a chance decision, weighted by what is left.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from .decision import CHANCE
from .errors import quote
from .zones import ZoneError

if TYPE_CHECKING:
    from .scheduling import Task
    from .table import Table
    from .tasks import TaskTable
    from .zones import Zones

_COMPOSITIONS: dict[tuple, dict[str, int]] = {}  # a deck list -> its composition (sorted by card id)
_NOTHING: dict[str, int] = {}  # (an empty composition, read only)
# (cache_options) a card set, its draw options by the kinds left, and each key's option
_Options = tuple[object, dict[tuple[str, ...], tuple[dict, ...]], dict[str, dict]]


class Deck:
    """One hidden deck of a rulebook (see the module docstring).

    ``zone``: where its objects lie; ``var``: the state variable of its composition (keep it private:
    a name starting with ``_``); ``fields``: the fields of its anonymous objects (after ``id``,
    ``zone`` and ``ts``; e.g. :meth:`Zones.card_fields_for`). The draw decision: ``kind``, ``prompt``,
    ``rule``, random ``stream``; ``label(game, key)`` words an option (a card's name).
    ``cache_options``: the options of a draw are made once per set of kinds left and shared (for a hot
    draw; the labels must then depend on the key alone). Call :meth:`forget` when the cards change.
    """

    def __init__(
        self,
        zone: str,
        *,
        var: str,
        fields: Mapping[str, Any],
        prompt: str,
        rule: str,
        label: Callable[[Table, str], str],
        kind: str = "draw",
        stream: str | None = None,
        cache_options: bool = False,
    ) -> None:
        if not var.startswith("_"):
            raise ZoneError(
                f"deck {quote(zone)}: its composition's variable {quote(var)} must be private (start with _)"
            )
        self.zone, self.var = zone, var
        self.fields = dict(fields)
        self.kind, self.prompt, self.rule = kind, prompt, rule
        self.stream = stream if stream is not None else zone
        self.label = label
        self.cache_options = cache_options
        # (cache_options) id of a card set -> (that card set, kinds left -> options, key -> option): the labels
        # name cards, so each card set has its own (two rulebooks with other cards under the same ids may
        # play side by side, rb.with_cards); the entry holds the card set, so its id cannot be reused
        self._by_cards: dict[int, _Options] = {}
        self._last: _Options = (None, {}, {})  # (the entry of the card set drawn with last: checked first)
        # (last object id number, last timestamp, cards) -> the anonymous objects by id: every game sets its
        # decks up with the same ids and timestamps, and objects are never changed in place (the kernel copies
        # an object to change it, as a game's clones share them), so one set of objects serves every game
        self._made: dict[tuple[int, int, int], dict[str, dict]] = {}

    def __repr__(self) -> str:
        return f"Deck({self.zone!r}, var={self.var!r})"

    def forget(self) -> None:
        """Drop the cached options (their labels name cards: after the cards changed)."""
        self._by_cards.clear()
        self._last = (None, {}, {})

    # ------------------------------------------------------------ looking
    def left(self, game: Table) -> dict[str, int]:
        """The composition: how many of each card are left (do not change it: it is the state's)."""
        return game.state.vars.get(self.var) or {}

    def size(self, game: Table) -> int:
        """How many objects lie in the deck's zone."""
        return len(game.state.zones.get(self.zone, ()))

    def empty(self, game: Table) -> bool:
        """No card to draw (no object, or nothing left in the composition)."""
        st = game.state
        return not st.zones.get(self.zone) or not st.vars.get(self.var)

    # ------------------------------------------------------------ set-up
    def fill(self, game: Table, keys: Iterable[str]) -> None:
        """Make the deck: one anonymous object per key (appended to the zone, as :meth:`Table.create` would make
        them: the same ids and timestamps) and the composition of ``keys``. The zone must be empty."""
        st = game.state
        zone = self.zone
        held = st.zones.get(zone, ())
        if held:
            raise ZoneError(f"deck {quote(zone)} already holds {len(held)} card(s): fill a deck only while it is empty")
        keys = tuple(keys)
        counters = st.counters
        n_id, ts, n = counters["id"], counters["ts"], len(keys)
        made = self._made.get((n_id, ts, n))
        if made is None:
            template = {"id": None, "zone": zone, "ts": None, **self.fields}
            made = {f"c{n_id + k}": {**template, "id": f"c{n_id + k}", "ts": ts + k} for k in range(1, n + 1)}
            if len(self._made) > 1000:
                self._made.clear()
            self._made[(n_id, ts, n)] = made
        st.objects.update(made)
        counters["id"], counters["ts"] = n_id + n, ts + n
        st.zones[zone] = tuple(made)
        comp = _COMPOSITIONS.get(keys)
        if comp is None:
            counts: dict[str, int] = {}
            for key in keys:
                counts[key] = counts.get(key, 0) + 1
            if len(_COMPOSITIONS) > 1000:
                _COMPOSITIONS.clear()
            comp = _COMPOSITIONS[keys] = dict(sorted(counts.items()))
        st.vars[self.var] = dict(comp)

    # ------------------------------------------------------------ drawing
    def draw(self, game: Table, resume: Task, args: dict | None = None) -> None:
        """Open the chance decision of the top card: one option per kind of card left, weighted by how many
        are left. The chosen key reaches task ``resume`` as ``choice``; it calls :meth:`take`."""
        if not self.draw_if_any(game, resume, args):
            raise ZoneError(
                f"deck {quote(self.zone)} is empty: there is no card to draw (ask Deck.empty first, or draw_if_any)"
            )

    def draw_if_any(self, game: Table, resume: Task, args: dict | None = None) -> bool:
        """:meth:`draw`, and True; False, opening nothing, when the deck is :meth:`empty`. Why: a rule that draws
        or else does something else (fatigue) looks at the deck once, not twice (a draw each turn is hot)."""
        st = game.state
        comp = st.vars.get(self.var)
        if not comp or not st.zones.get(self.zone):
            return False
        if self.cache_options:
            mine = self._last
            cards = game.rulebook.cards
            if mine[0] is not cards:
                mine = self._options_of(cards)
            options = mine[1].get(tuple(comp))
            if options is None:
                options = self._cache_options(game, mine, comp)
            listed = list(options)
        else:
            listed = [{"id": k, "label": self.label(game, k)} for k in comp]
        counts = comp.values()
        total = sum(counts)
        game.ask(
            CHANCE,
            self.kind,
            listed,
            resume,
            prompt=self.prompt,
            rule=self.rule,
            args=args,
            probs=[c / total for c in counts],  # (a comprehension: fewer instructions than map(total.__rtruediv__))
            stream=self.stream,
        )
        return True

    def _options_of(self, cards: object) -> _Options:
        """The cached draw options of card set ``cards`` (see ``_by_cards``), now the last drawn with."""
        mine = self._by_cards.get(id(cards))
        if mine is None or mine[0] is not cards:
            mine = self._by_cards[id(cards)] = (cards, {}, {})
        self._last = mine
        return mine

    def _cache_options(self, game: Table, mine: _Options, comp: dict[str, int]) -> tuple[dict, ...]:
        sets, cache = mine[1], mine[2]
        if len(sets) > 100_000:
            sets.clear()
        options = sets[tuple(comp)] = tuple(
            cache.get(k) or cache.setdefault(k, {"id": k, "label": self.label(game, k)}) for k in comp
        )
        return options

    def take(self, game: Table, key: str) -> str:
        """The top card is ``key``: it leaves the composition; returns the top object's id (still in the zone,
        still anonymous: the caller moves it and gives it its card)."""
        st = game.state
        var = self.var
        comp: dict[str, int] = st.vars.get(var) or _NOTHING
        objects = st.zones.get(self.zone)
        left = comp.get(key, 0)
        if left <= 0 or not objects:
            raise self._cannot_take(key, comp, objects)
        comp = dict(comp)  # (copy on write: a snapshot of the state may share the old dict)
        if left > 1:
            comp[key] = left - 1
        else:
            del comp[key]
        st.vars[var] = comp
        oid: str = objects[0]
        return oid

    def _cannot_take(self, key: str, comp: dict[str, int], objects: tuple | None) -> ZoneError:
        if not comp.get(key):
            what = ", ".join(f"{k} x{n}" for k, n in comp.items()) or "nothing"
            return ZoneError(f"deck {quote(self.zone)} holds no {quote(key)} to take (it holds {what})")
        return ZoneError(f"deck {quote(self.zone)} has no object left to take {quote(key)} as")

    def shuffle_in(
        self,
        game: Table,
        oids: Iterable[str],
        key_of: Callable[[dict], str] | None = None,
        **clear: Any,
    ) -> None:
        """Shuffle cards into the deck (a mulligan's swapped cards, a discard pile into an empty deck): each
        joins the composition (as ``key_of(obj)``, default its card id), then goes to the bottom of the zone
        anonymous and face down, with the fields ``clear`` gives it (e.g. ``obligation_of=None``)."""
        st = game.state
        comp = dict(st.vars.get(self.var) or {})
        vis = self.fields.get("vis", "none")
        for oid in oids:
            obj = st.objects[oid]
            key = key_of(obj) if key_of is not None else obj.get("card")
            if key is None:
                raise ZoneError(f"deck {quote(self.zone)}: {quote(oid)} has no card to shuffle in (it is anonymous)")
            comp[key] = comp.get(key, 0) + 1
            game.move(oid, self.zone, vis=vis, card=None, **clear)
        st.vars[self.var] = dict(sorted(comp.items()))


def card_name(game: Table, key: str) -> str:
    """A draw option's label: the name of the card ``key`` in the game's catalogue."""
    name: str = game.rulebook.cards[key]["name"]
    return name


def player_decks(
    zones: Zones,
    zone: str,
    players: Iterable[int],
    *,
    rule: str,
    var: str = "_deck:{p}",
    prompt: str = "the top card of player {p}'s deck",
    label: Callable[[Table, str], str] = card_name,
    kind: str = "draw",
    stream: str | None = None,
    cache_options: bool = False,
) -> tuple[Deck, ...]:
    """A deck of each of ``players``: in ``zone``, ``var``, ``prompt`` and ``stream`` ``{p}`` stands for the player
    (``stream`` None: each deck draws from a random stream named after its zone). By default each
    draw's options are labelled with the cards' names (:func:`card_name`)."""

    def of(text: str, p: int) -> str:
        return text.replace("{p}", str(p))

    return tuple(
        Deck(
            of(zone, p),
            var=of(var, p),
            fields=zones.anonymous(of(zone, p), p),
            prompt=of(prompt, p),
            rule=rule,
            label=label,
            kind=kind,
            stream=None if stream is None else of(stream, p),
            cache_options=cache_options,
        )
        for p in players
    )


class Shuffle:
    """Known cards shuffled into places already on the table, as chance: one decision per place, in order.

    Why: shuffling a known multiset into known places (the pictures under a memory game's slots, roles
    dealt to seats) is, as chance, the value under each place in turn, weighted by how many of each kind
    are left; a test picks each one (``chance="manual"``) and an explorer branches on each kind once.
    Nothing more is stored: what is left is the multiset less what the places dealt so far hold.

    ``field``: the field of a place's object that gets the value; ``kinds(game)``: the multiset, each
    kind (an option id) and how many there are, in the options' order; ``slots(game)``: the places'
    object ids, in dealing order. The decision (:meth:`Table.ask_draw`'s): ``prompt`` (``{k}``: the
    place's number, from 0; ``{slot}``: its id), ``rule``, option labels ``label`` (``{key}``: the kind);
    ``value(key)`` is what the field holds (by default the kind itself).
    """

    def __init__(
        self,
        field: str,
        *,
        kinds: Callable[[Table], Mapping[str, int]],
        slots: Callable[[Table], Sequence[str]],
        prompt: str,
        rule: str,
        label: str = "{key}",
        value: Callable[[str], Any] = str,
    ) -> None:
        self.field, self.kinds, self.slots = field, kinds, slots
        self.prompt, self.rule, self.label, self.value = prompt, rule, label, value
        self._labels: dict[str, str] = {}  # kind -> its option's label (made once: it depends on the kind alone)

    def __repr__(self) -> str:
        return f"Shuffle({self.field!r}, rule={self.rule!r})"

    def deal(self, game: Table, resume: Task, k: int, choice: dict | None = None) -> bool:
        """Deal ``choice`` (the outcome of place ``k``'s decision, if any) to place ``k``, then open the decision of
        the next place, which reaches task ``resume`` as ``choice`` with ``k`` in its arguments. False: every
        place is dealt (no decision opened)."""
        st, slots = game.state, self.slots(game)
        if choice is not None:
            st.update(slots[k], **{self.field: self.value(choice["id"])})
            k += 1
        if k >= len(slots):
            return False
        left = dict(self.kinds(game))
        for oid in slots[:k]:
            left[str(st.objects[oid][self.field])] -= 1
        if not game.tracing and game.chance == "sample" and game._fp is None and len(st.work) == game._mark:
            _deal_now(game, self, slots, k, left)
            return False
        labels = self._labels
        for key in left:
            if key not in labels:
                labels[key] = self.label.format(key=key)
        prompt = self.prompt.format(k=k, slot=slots[k])
        game.ask_draw(left, resume, prompt=prompt, rule=self.rule, args={"k": k}, labels=labels)
        return True

    def task(self, tasks: TaskTable, name: str) -> Callable[..., None]:
        """The task that deals every place and then nothing more, registered on ``tasks`` under ``name`` (the
        name saved games hold); set-up pushes it with ``k=0``. (A rulebook that goes on once all is dealt
        writes its own task around :meth:`deal`.)"""

        def deal(game: Table, *, k: int, choice: dict | None = None) -> None:
            self.deal(game, deal, k, choice)

        deal.__doc__ = f"{self.rule}: the shuffle, as chance: the {self.field} of each place in turn, by what is left."
        return tasks(name)(deal)


def _deal_now(game: Table, shuffle: Shuffle, slots: Sequence[str], k: int, left: dict[str, int]) -> None:
    """(Fast path of :meth:`Shuffle.deal`: tracing off, chance sampled, nothing else scheduled in this step)
    Deal places ``k`` on at once. Each place's decision would be drawn at once and resume the deal as the
    next step, with nothing between: the same draws from the same stream, with the same odds, make the
    same state and history here, in one step instead of one a place (no decision data or options made)."""
    st, history, field, value = game.state, game.history, shuffle.field, shuffle.value
    for oid in slots[k:]:
        kinds = [key for key, n in left.items() if n > 0]  # (what ask_draw offers, with its odds)
        total = sum(left[key] for key in kinds)
        key = kinds[game._draw_from("shuffle", [left[key] / total for key in kinds])]
        history.append({"player": CHANCE, "kind": "shuffle", "option": key, "auto": True})
        st.update(oid, **{field: value(key)})
        left[key] -= 1
