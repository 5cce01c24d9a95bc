"""Zones: a rulebook declares where objects lie, who sees them there and how many fit.

A card rulebook used to spell out, each in its own words, which zones it has, what a card shows in
each (a hand to its owner, a deck to nobody), how a card is created and moved so that it shows it,
and how a card is named in the log. :class:`Zones` is that declaration, made once of
:class:`ZoneSpec` entries, and the helpers built on it:

- :meth:`Zones.setup` makes every zone (empty) for the players, in the declared order;
- :meth:`Zones.vis` is what an object shows in a zone (``"all"``, ``"owner"`` or ``"none"``, the
  ``vis`` field :meth:`Rulebook.visible` reads);
- :meth:`Zones.put` moves an object and gives it its new zone's visibility (in the move's one copy
  of the object), refusing a zone that is full; :meth:`Zones.new_card` creates a card the same way;
- :meth:`Zones.turn` turns an object face up (every player sees it) or face down again;
- :meth:`Zones.turning` and :meth:`Zones.putting_into` are those moves as the handlers of a rulebook's
  events (a card flipped, cards kept), which a rulebook names instead of writing;
- :meth:`Zones.name_of` names an object for the log ("Fireball (c12)").

Beside them, the words every card rulebook's rules code speaks: :func:`player_zone`, :func:`other_player`,
:func:`active_player`, :func:`card_of` and :func:`controller`.

A zone spec's id is the zone's name, with ``{p}`` standing for a player's number in the zones every
player has (``"hand:{p}"`` is ``hand:0``, ``hand:1``, ...). The board view built from the specs is in
:mod:`tabletop.core.boardview`, hidden decks are :class:`tabletop.core.deck.Deck`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .errors import RuleError, quote

if TYPE_CHECKING:
    from .table import Table

EventHandler = Callable[["Table", dict], None]  # what an event does: the table, and the event

# what a spec says -> what an object stores in its ``vis`` field (the state's spelling)
VISIBILITY = {"public": "all", "owner": "owner", "none": "none"}


class ZoneError(RuleError):
    """A zone refused a move: it is not declared, it is full, or a deck in it has no card to give."""


@dataclass(frozen=True)
class ZoneSpec:
    """One zone (or one zone of each player, when ``id`` holds ``{p}``) of a rulebook.

    ``visibility``: who sees an object in it (``"public"``, its ``"owner"``, or ``"none"``: face down).
    ``ordered``: whether its order means something (a row of minions, the top of a pile); in an
    unordered zone (a hand, a deck whose order is hidden) no object is put at a position.
    ``limit``: the most objects it holds (None: no limit); :meth:`Zones.put` refuses one more.
    ``label``: its name on the board; a player's zone reads "``label`` of player 0".
    ``board``: whether the board view shows it; ``stack``: drawn as a pile; ``hidden``: the board
    shows it as hidden (None: hidden when nobody may see into it, or only its owner and the viewer
    is another player). ``keep_sorted``: an unordered zone whose objects are kept in id order, so
    that two positions that differ only in the order things arrived there look equal (fingerprints).
    """

    id: str
    label: str = ""
    visibility: str = "public"
    ordered: bool = True
    limit: int | None = None
    board: bool = True
    stack: bool = False
    hidden: bool | None = None
    keep_sorted: bool = False

    def __post_init__(self) -> None:
        if self.keep_sorted and self.ordered:
            raise RuleError(f"zone {quote(self.id)}: only an unordered zone (ordered=False) is kept sorted")
        if self.visibility not in VISIBILITY:
            raise RuleError(
                f"zone {quote(self.id)}: visibility {quote(self.visibility)} is not one of {', '.join(VISIBILITY)}"
            )
        if self.limit is not None and (type(self.limit) is not int or self.limit < 0):
            raise RuleError(f"zone {quote(self.id)}: limit {quote(self.limit)} is not a whole number >= 0 (or None)")
        if self.id.count("{p}") > 1:
            raise RuleError(f"zone {quote(self.id)}: a zone id names the player ({{p}}) at most once")

    @property
    def per_player(self) -> bool:
        """One zone of each player (the id holds ``{p}``)."""
        return "{p}" in self.id

    @property
    def vis(self) -> str:
        """The ``vis`` an object gets here (the state's spelling of the visibility)."""
        return VISIBILITY[self.visibility]

    def zone(self, player: int | None = None) -> str:
        """The zone's name (of ``player``, for a zone every player has)."""
        if not self.per_player:
            return self.id
        if player is None:
            raise RuleError(f"zone {quote(self.id)} is one of each player: name the player")
        return self.id.replace("{p}", str(player))

    def player_of(self, zone: str) -> int | None:
        """The player whose zone ``zone`` is, if it is one of this spec's zones of each player (else None)."""
        if not self.per_player:
            return None
        head, tail = self.id.split("{p}")
        if len(zone) <= len(head) + len(tail) or not (zone.startswith(head) and zone.endswith(tail)):
            return None
        middle = zone[len(head) : len(zone) - len(tail)]
        return int(middle) if middle.isdigit() else None

    def holds(self, zone: str) -> bool:
        """Whether ``zone`` is this spec's zone (one of them, for a zone of each player)."""
        return self.player_of(zone) is not None if self.per_player else zone == self.id

    def board_label(self, player: int | None) -> str:
        label = self.label or self.id.split(":", 1)[0]
        return label if player is None else f"{label} of player {player}"


class Zones:
    """A rulebook's zones, in the order they are made, and the helpers that place cards in them.

    ``card_fields``: the fields every card created by :meth:`new_card` gets after the standard ones
    (``kind``, ``card``, ``owner``, ``controller``, ``vis``), in this order (a rulebook's defaults:
    ``exhausted``, ``damage``...). ``nobody``, ``unknown`` and ``named`` word :meth:`name_of`.
    ``board``: the ids of the specs the board view shows, in its order (default: every spec with
    ``board=True``, in declared order); shared zones come first, then each player's.
    """

    def __init__(
        self,
        specs: tuple[ZoneSpec, ...] | list[ZoneSpec],
        *,
        card_fields: Mapping[str, Any] | None = None,
        nobody: str = "nothing",
        unknown: str = "{id}",
        named: str = "{name} ({id})",
        board: tuple[str, ...] | None = None,
    ) -> None:
        self.specs = tuple(specs)
        by_id = {s.id: s for s in self.specs}
        if len(by_id) != len(self.specs):
            twice = sorted({s.id for s in self.specs if sum(t.id == s.id for t in self.specs) > 1})
            raise RuleError(f"zones declared twice: {', '.join(twice)}")
        self.by_id = by_id
        self.card_fields = dict(card_fields or {})
        self.nobody, self.unknown, self.named = nobody, unknown, named
        order = board if board is not None else tuple(s.id for s in self.specs if s.board)
        missing = [z for z in order if z not in by_id]
        if missing:
            raise RuleError(f"board view names zones that are not declared: {', '.join(missing)}")
        self.board_order = tuple(by_id[z] for z in order)
        # zone name -> (spec, vis, limit): looked up for every move, so resolved once per zone name
        self._resolved: dict[str, tuple[ZoneSpec, str, int | None]] = {}
        self._ids_of: dict[int, tuple[str, ...]] = {}  # (number of players -> every zone's name: see _ids)

    # ------------------------------------------------------------ lookups
    def spec(self, zone: str) -> ZoneSpec:
        """The spec of zone ``zone`` (``hand:1`` is of spec ``hand:{p}``); an undeclared zone is an error."""
        found = self._resolved.get(zone)
        if found is None:
            found = self._resolve(zone)
        return found[0]

    def _resolve(self, zone: str) -> tuple[ZoneSpec, str, int | None]:
        spec = self.by_id.get(zone)
        if spec is None:
            spec = next((s for s in self.specs if s.per_player and s.holds(zone)), None)
        if spec is None:
            known = ", ".join(s.id for s in self.specs)
            raise ZoneError(f"zone {quote(zone)} is not declared (the zones are: {known})")
        found = self._resolved[zone] = (spec, spec.vis, spec.limit)
        return found

    def vis(self, zone: str) -> str:
        """What an object shows in ``zone``: ``"all"``, ``"owner"`` or ``"none"``."""
        found = self._resolved.get(zone)
        if found is None:
            found = self._resolve(zone)
        return found[1]

    def owner(self, zone: str) -> int | None:
        """The player whose zone it is (None: a shared zone)."""
        return self.spec(zone).player_of(zone)

    def ids(self, players: int) -> Iterator[str]:
        """Every zone's name for a game of ``players``: the shared ones, then each player's, in declared order."""
        return iter(self._ids(players))

    def _ids(self, players: int) -> tuple[str, ...]:
        # (made once per number of players: every game's set-up names them)
        ids = self._ids_of.get(players)
        if ids is None:
            shared = [s.id for s in self.specs if not s.per_player]
            ids = self._ids_of[players] = (
                *shared,
                *(s.zone(p) for p in range(players) for s in self.specs if s.per_player),
            )
        return ids

    def room(self, game: Table, zone: str) -> int | None:
        """How many more objects ``zone`` takes (None: no limit)."""
        found = self._resolved.get(zone) or self._resolve(zone)
        limit = found[2]
        return None if limit is None else max(limit - len(game.state.zones.get(zone, ())), 0)

    def check(self, game: Table) -> None:
        """Every declared zone within its limit (a test's or a scenario builder's check)."""
        for zone, content in game.state.zones.items():
            found = self._resolved.get(zone) or self._resolve(zone)
            if found[2] is not None and len(content) > found[2]:
                raise ZoneError(self._over(zone, found[0], len(content)))

    def _over(self, zone: str, spec: ZoneSpec, n: int) -> str:
        what = f" ({spec.board_label(None)})" if spec.label else ""
        return f"zone {quote(zone)}{what} holds at most {spec.limit} object(s); it would hold {n}"

    # ------------------------------------------------------------ set-up and moves
    def setup(self, game: Table) -> None:
        """Make every zone of the game, empty, in declared order (shared zones first, then each player's)."""
        game.state.zones.update(dict.fromkeys(self._ids(len(game.state.players)), ()))

    def put(self, game: Table, oid: str, zone: str, index: int | None = None, **changes: Any) -> None:
        """Move ``oid`` to ``zone`` (at ``index``), showing what that zone shows; ``changes``: more fields it
        gets as it arrives (one copy of the object). A full zone refuses it, naming the zone."""
        found = self._resolved.get(zone)
        if found is None:
            found = self._resolve(zone)
        spec, vis, limit = found
        st = game.state
        if index is not None and not spec.ordered:
            raise ZoneError(f"zone {quote(zone)} is unordered: {quote(oid)} cannot go to a position ({index}) in it")
        if limit is not None:
            content = st.zones.get(zone, ())
            if len(content) >= limit and oid not in content:
                raise ZoneError(self._over(zone, spec, len(content) + 1) + f": {quote(oid)} cannot go there")
        if changes:
            if "vis" not in changes and st.objects[oid].get("vis") != vis:
                changes["vis"] = vis
            game.move(oid, zone, index, **changes)
        elif st.objects[oid].get("vis") != vis:
            game.move(oid, zone, index, vis=vis)  # (no ** dict to copy and unpack: the commonest put)
        else:
            game.move(oid, zone, index)
        if spec.keep_sorted:
            st.zones[zone] = tuple(sorted(st.zones[zone]))

    def new_card(
        self, game: Table, card_id: str | None, zone: str, owner: int | None, index: int | None = None, **fields: Any
    ) -> str:
        """Create a card object in ``zone`` (``card_id=None``: an anonymous, face-down deck card), owned and
        controlled by ``owner``, showing what the zone shows, with the rulebook's card fields and ``fields``."""
        found = self._resolved.get(zone)
        if found is None:
            found = self._resolve(zone)
        if index is not None and not found[0].ordered:
            raise ZoneError(f"zone {quote(zone)} is unordered: a new card cannot go to a position ({index}) in it")
        if found[2] is not None and len(game.state.zones.get(zone, ())) >= found[2]:
            n = len(game.state.zones.get(zone, ())) + 1
            raise ZoneError(self._over(zone, found[0], n) + f": no new card {quote(card_id)} can go there")
        data = {"kind": "card", "card": card_id, "owner": owner, "controller": owner, "vis": found[1]}
        data.update(self.card_fields)
        data.update(fields)
        oid: str = game.create("c", zone, index=index, **data)
        if found[0].keep_sorted:
            game.state.zones[zone] = tuple(sorted(game.state.zones[zone]))
        return oid

    def turn(self, game: Table, oid: str, up: bool) -> None:
        """Turn ``oid`` face up (``face_up`` True, and every player sees it) or face down (it shows again what
        its zone shows). Why: a card turned over where it lies is seen by all, and turned back it hides as
        its zone hides; the board views read ``face_up`` (:func:`~tabletop.core.boardview.grid_view`)."""
        vis = "all" if up else self.vis(game.state.objects[oid]["zone"])
        game.state.update(oid, face_up=up, vis=vis)

    def turning(self, up: bool, card: str = "card") -> EventHandler:
        """The handler of an event that turns its ``card`` field's object face up (``up``) or face down where it
        lies (:meth:`turn`). Why: a card turned over is an event of many games (a memory game's flip, a
        face-down card revealed), the same move in each; a rulebook names the handler instead of writing it."""

        def handler(game: Table, ev: dict) -> None:
            self.turn(game, ev[card], up)

        handler.__qualname__ = handler.__name__ = f"turning(up={up})"
        return handler

    def putting_into(self, spec: ZoneSpec, cards: str = "cards", player: str = "player") -> EventHandler:
        """The handler of an event that puts the objects its ``cards`` field lists, in order, into ``spec``'s zone
        (for a zone of each player, the event's ``player``'s), each as :meth:`put` does (it shows what that
        zone shows; a zone kept sorted stays sorted). Why: cards kept, won or discarded together are an
        event of many games, the same moves in each; a rulebook names the handler instead of writing it."""

        def handler(game: Table, ev: dict) -> None:
            zone = spec.zone(ev[player]) if spec.per_player else spec.id
            for oid in ev[cards]:
                self.put(game, oid, zone)

        handler.__qualname__ = handler.__name__ = f"putting_into({spec.id!r})"
        return handler

    def anonymous(self, zone: str, owner: int | None) -> dict[str, Any]:
        """The fields of an anonymous card (``card: None``) of ``owner`` in ``zone``, as :meth:`new_card` gives
        them: what a :class:`~tabletop.core.deck.Deck` makes its objects of."""
        found = self._resolved.get(zone) or self._resolve(zone)
        return {"kind": "card", "card": None, "owner": owner, "controller": owner, "vis": found[1], **self.card_fields}

    def name_of(self, game: Table, oid: str | None) -> str:
        """An object's name for the log: its card's name (``named``), ``unknown`` for a card not yet known,
        ``nobody`` for None, the id itself for an object no longer in the game."""
        if oid is None:
            return self.nobody
        obj = game.state.objects.get(oid)
        if obj is None:
            return oid
        card_id = obj.get("card")
        card = game.rulebook.cards.get(card_id) if card_id is not None else None
        if card is None:
            return oid if self.unknown == "{id}" else self.unknown.format(id=oid)
        if self.named == "{name} ({id})":  # (the usual wording, as an f-string: the log names objects often)
            return f"{card['name']} ({oid})"
        return self.named.format(name=card["name"], id=oid)


# ------------------------------------------------------------------ the words of card rules
# Why here: every card rulebook's rules code spoke of its zones, players and cards with these same words,
# each copy of its own; one copy serves them all (a rulebook's engine imports them under its own names).
def player_zone(kind: str, player: int) -> str:
    """The zone ``kind`` of ``player``, as a zone spec ``kind:{p}`` names it (``hand:0``)."""
    return f"{kind}:{player}"


def other_player(player: int) -> int:
    """The opponent of ``player`` in a game of two (players 0 and 1)."""
    return 1 - player


def active_player(game: Table) -> int:
    """The player whose turn it is."""
    return int(game.state.turn["player"])


def card_of(game: Table, oid: str) -> dict:
    """The catalogue entry of object ``oid`` ({} for an object that is no known card: a face-down one)."""
    return game.rulebook.cards.get(game.state.objects[oid].get("card") or "", {})


def controller(game: Table, oid: str) -> int:
    """Who controls object ``oid``: its ``controller``, else its owner."""
    obj = game.state.objects[oid]
    return int(obj.get("controller", obj["owner"]))
