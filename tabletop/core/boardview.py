"""Board views derived from a rulebook's zones: the plain JSON the one board renderer draws.

A card rulebook's board view is mostly the same walk: every zone it shows (with its count, and
whether the viewer may look into it), every object in each (face down unless the viewer sees its
card), the options of the open decision on each object, then the players, the turn and the
decision. :func:`board_view` is that walk over a :class:`~tabletop.core.zones.Zones` declaration;
a rulebook passes ``describe`` to fill in what a face-up card shows (its stats, statuses...) and
``players`` for its panel headers, or nothing at all for the generic view. The pieces
(:func:`zone_entry`, :func:`card_entry`, :func:`decision_entry`, :func:`face_down`) serve a
rulebook that needs a board of another shape.

Cards that lie in rows (a memory game's table) are a :class:`Grid` of slots: it places and words each
slot, and :func:`grid_view` is the "grid" board of such a game, from its zones and one function that
names a face-up card; :class:`GridBoard` declares that board for a rulebook (``Rulebook.board``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from .decision import options_by_object
from .errors import RuleError, quote

if TYPE_CHECKING:
    from .table import Table
    from .zones import Zones, ZoneSpec

Describe = Callable[["Table", dict, dict], None]


def zone_hidden(spec: ZoneSpec, owner: int | None, player: int | None) -> bool:
    """Whether the board shows the zone as hidden to ``player``: nobody sees into it, or only its owner."""
    if spec.hidden is not None:
        return spec.hidden
    return spec.visibility == "none" or (spec.visibility == "owner" and player != owner)


def zone_entry(game: Table, spec: ZoneSpec, owner: int | None, player: int | None, *, stack: bool = True) -> dict:
    """A zone as the board lists it: id, label, owner, kind (its name's first part), count, hidden (and stack)."""
    zid = spec.zone(owner)
    entry = {
        "id": zid,
        "label": spec.board_label(owner),
        "owner": owner,
        "kind": zid.split(":", 1)[0],
        "count": len(game.state.zones.get(zid, ())),
        "hidden": zone_hidden(spec, owner, player),
    }
    if stack:
        entry["stack"] = spec.stack
    return entry


def shown_zones(zones: Zones, players: int) -> Iterator[tuple[ZoneSpec, int | None]]:
    """The zones the board shows, in its order: the shared ones, then each player's (spec, owner)."""
    for spec in zones.board_order:
        if not spec.per_player:
            yield spec, None
    for p in range(players):
        for spec in zones.board_order:
            if spec.per_player:
                yield spec, p


def face_down(obj: dict) -> bool:
    """An object as a viewer sees it is face down: hidden from them, or a card not yet known (a deck's)."""
    return bool(obj.get("hidden")) or (obj.get("kind") == "card" and obj.get("card") is None)


def card_entry(oid: str, zone: str, owner: int | None, obj: dict, offers: dict, *, controller: bool = False) -> dict:
    """The first fields of an object on the board: id, zone, owner (and controller), face_down, option."""
    entry: dict[str, Any] = {"id": oid, "zone": zone, "owner": owner}
    if controller:
        entry["controller"] = obj.get("controller")
    entry["face_down"] = face_down(obj)
    entry["option"] = offers.get(oid, [])
    return entry


def decision_entry(dec: dict | None, player: int | None) -> dict | None:
    """The open decision as the board shows it to ``player`` (None: none open, or another player's)."""
    if dec is None or (player is not None and dec["player"] != player):
        return None
    return {"kind": dec["kind"], "prompt": dec.get("prompt", ""), "options": [o["id"] for o in dec["options"]]}


def describe_card(game: Table, entry: dict, obj: dict) -> None:
    """What the generic view shows of a face-up object: its kind, and its card's name, type, text and cost."""
    card_id = obj.get("card")
    card = game.rulebook.cards.get(card_id, {}) if card_id is not None else {}
    entry.update(
        kind=obj.get("kind", "card"),
        name=card.get("name", obj.get("card")),
        type=card.get("type"),
        text=card.get("text", ""),
        cost=card.get("cost"),
    )


def board_view(
    game: Table,
    player: int | None,
    zones: Zones,
    *,
    describe: Describe = describe_card,
    players: Callable[[Table], list[dict]] | None = None,
    turn: tuple[str, ...] = ("number", "player"),
    offers: dict[str, list[str]] | None = None,
    owner_from_zone: bool = False,
    controller: bool = False,
    stack: bool = True,
) -> dict:
    """A "zones" board view of ``game`` as ``player`` sees it (None: a spectator), from the declared zones.

    ``describe(game, entry, obj)`` fills in a face-up object's entry (``obj``: the object as the state
    holds it); a face-down one shows no name. ``players``: the panel headers (default: each player's
    id); ``turn``: the turn fields shown; ``offers``: options by object id (default: the open decision's,
    :func:`options_by_object`). ``owner_from_zone``: a card's owner is its zone's (else the object's);
    ``controller``: cards show their controller; ``stack``: zones say whether they are drawn as a pile.
    """
    st = game.state
    objects = game.view(player)["objects"]
    dec = st.decision
    if offers is None:
        offers = options_by_object(dec, st.objects, player)
    zone_list, cards = [], []
    for spec, owner in shown_zones(zones, len(st.players)):
        entry = zone_entry(game, spec, owner, player, stack=stack)
        zone_list.append(entry)
        zid = entry["id"]
        for oid in st.zones.get(zid, ()):
            obj = objects[oid]
            card = card_entry(
                oid, zid, owner if owner_from_zone else obj.get("owner"), obj, offers, controller=controller
            )
            if card["face_down"]:
                card.update(kind="card", name=None)
            else:
                describe(game, card, st.objects[oid])
            cards.append(card)
    return {
        "layout": "zones",
        "zones": zone_list,
        "cards": cards,
        "players": players(game) if players is not None else [{"id": p} for p in range(len(st.players))],
        "turn": {k: st.turn.get(k) for k in turn},
        "to_move": None if dec is None else dec["player"],
        "decision": decision_entry(dec, player),
        "result": st.result,
    }


@dataclass(frozen=True)
class Grid:
    """``size`` slots laid out in rows of ``columns``, counted from 1 (slot 0 is row 1, column 1).

    Why: a game whose cards lie in rows places each slot on the board, words it in prompts and the
    log, and draws the rows; the arithmetic and the words are the same in every such game.
    """

    size: int
    columns: int
    # label -> (the ids, their options), made by options(): asked at every decision, so looked up by the
    # label and the ids' identity, not by hashing the ids
    _options: dict[str, tuple[tuple[str, ...], dict[str, dict]]] = field(
        default_factory=dict, init=False, repr=False, compare=False, hash=False
    )

    def __post_init__(self) -> None:
        if type(self.columns) is not int or self.columns < 1:
            raise RuleError(
                f"a grid of {self.size} slots needs a whole number of columns >= 1, not {quote(self.columns)}"
            )

    @staticmethod
    @lru_cache(maxsize=1024)
    def of(size: int, columns: int = 0, widest: int = 8) -> Grid:
        """``size`` slots in rows of ``columns``, or (``columns`` 0) the squarest rows at most ``widest`` wide
        (made once per shape: a grid is never changed)."""
        return Grid(size, columns or min(widest, math.ceil(math.sqrt(size))))

    @property
    def rows(self) -> int:
        """How many rows the slots fill (the last may be short)."""
        return math.ceil(self.size / self.columns)

    def position(self, slot: int) -> tuple[int, int]:
        """(row, column) of a slot, counted from 1."""
        row, col = divmod(slot, self.columns)
        return row + 1, col + 1

    def where(self, slot: int) -> str:
        """A slot in words: "row 2, column 1"."""
        row, col = self.position(slot)
        return f"row {row}, column {col}"

    def options(self, ids: tuple[str, ...], label: str) -> dict[str, dict]:
        """The option of choosing each slot, by id: ``ids[slot]`` and ``label`` (``{where}``: the slot in words).
        Made once per grid and wording, and shared (options are never changed): a decision offers some."""
        made = self._options.get(label)
        if made is None or (made[0] is not ids and made[0] != ids):
            options = {
                oid: {"id": oid, "label": label.format(where=self.where(s))} for s, oid in enumerate(ids[: self.size])
            }
            made = self._options[label] = (ids, options)
        return made[1]


def grid_view(
    game: Table,
    player: int | None,
    zones: Zones,
    grid: Grid,
    *,
    name: Callable[[dict], str],
    scores: Callable[[Table, int], Any] | None = None,
    face: Callable[[dict], dict] | None = None,
) -> dict:
    """A "grid" board view of ``game`` as ``player`` sees it (None: a spectator): the grid's shape, the zones
    shown (id, label, owner), every object of the view (by id) at the position of its ``slot`` field, each
    player's score (``scores(game, p)``, if given), the player to move, the decision and the result.

    Why: the grid board of a game of cards in rows is this same walk; the game says only what a face-up
    card is called (``name(obj)``, ``obj`` as the state holds it). A card hidden from the viewer is face
    down and nameless; one lying face down (``face_up`` False) is drawn face down, named for a viewer
    who may see it. A card's option is the open decision's option of the same id, if it is the viewer's.
    ``face(obj)``: more fields of a card the viewer may see (a picture's ``symbol``, its ``type``).
    """
    st, dec = game.state, game.state.decision
    legal = {o["id"] for o in dec["options"]} if dec and (player is None or dec["player"] == player) else set()
    cards = []
    for oid, obj in sorted(game.view(player)["objects"].items()):
        hidden = obj.get("hidden")
        entry = {
            "id": oid,
            "zone": obj["zone"],
            "pos": list(grid.position(obj["slot"])),
            "face": "down" if hidden or not obj.get("face_up", True) else "up",
            "name": None if hidden else name(st.objects[oid]),
            "option": oid if oid in legal else None,
        }
        if face is not None and not hidden:
            entry.update(face(st.objects[oid]))
        cards.append(entry)
    view = {
        "layout": "grid",
        "rows": grid.rows,
        "columns": grid.columns,
        "zones": [
            {"id": spec.zone(p), "label": spec.board_label(p), **({} if p is None else {"owner": p})}
            for spec, p in shown_zones(zones, len(st.players))
        ],
        "cards": cards,
    }
    if scores is not None:
        view["scores"] = {str(p): scores(game, p) for p in range(len(st.players))}
    view.update(to_move=None if dec is None else dec["player"], decision=decision_entry(dec, player), result=st.result)
    return view


@dataclass(frozen=True)
class GridBoard:
    """A rulebook's "grid" board view, declared: give it to :class:`~tabletop.core.rulebook.Rulebook` as
    ``board``, and ``board(game, player)`` is :func:`grid_view` of ``zones``, the game's ``grid(game)``
    (its size may follow the options), ``name`` and ``scores``.

    Why: a game of cards in rows wrote a board function only to pass its declarations to :func:`grid_view`.
    """

    zones: Zones
    grid: Callable[[Table], Grid]
    name: Callable[[dict], str]
    scores: Callable[[Table, int], Any] | None = None
    face: Callable[[dict], dict] | None = None  # more fields of a card the viewer sees (grid_view's ``face``)

    def __call__(self, game: Table, player: int | None = None) -> dict:
        return grid_view(game, player, self.zones, self.grid(game), name=self.name, scores=self.scores, face=self.face)
