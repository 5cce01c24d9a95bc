"""Heroes of the Mists' position files (docs/positions.md): the ``[turn]``, ``[[players]]``, ``[zones]`` and
``[vars]`` tables of a position, read into a game and written back.

Every card is listed in its zone by its id (``c12``) with its card id and what it carries: ``wounds`` (damage
tokens, L126, L130), ``active`` (turned and activated, L119), ``attacks`` (made this turn), ``taunt`` (L144),
``statuses`` (boons and conditions as the kernel keeps them, L136, L142); a hero has ``kind = "hero"``. A deck
is its composition, its order being nobody's to know; its face-down objects are named by ``ids``. A player is
his ``stamina``, the stamina he ``start``ed with (L118, L124) and the ``turns`` he has had. The ends of statuses
(the kernel's lasting and delayed effects) are the engine's: a position holding them has the engine's
``pending`` besides, as the kernel writes it.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Table
from tabletop.core.position_files import PositionSpec
from tabletop.core.positions import (
    Node,
    build_players,
    build_vars,
    build_zones,
    card_entry,
    dump_turn,
    dump_vars,
    dump_zones,
    step_of,
    take_card,
    take_turn,
    zones_table,
)

from . import engine as E

FIELDS: dict[str, type | tuple[type, ...]] = {
    "wounds": int,
    "active": bool,
    "attacks": int,
    "taunt": bool,
    "statuses": dict,
    "kind": str,
    "owner": int,
    "controller": int,
    "vis": str,
    "ts": int,
}
DECKS = {d.zone: d for d in E.DECKS}  # each player's deck by its zone


# ------------------------------------------------------------------ reading
def build(game: Table, root: Node) -> None:
    """The position of ``root`` in a new game's empty state (see the module docstring)."""
    E.ZONES.setup(game)
    known = tuple(E.ZONES.ids(len(E.PLAYERS)))
    build_zones(game, zones_table(root, known, game.rulebook.id), known, DECKS, _card)
    build_players(game, root, _player, lambda p: {"stamina": 0, "start": 1 + p, "turns": 0})
    build_vars(game, root)
    turn = take_turn(game, root, step="main", first=game.options["first_player"], players=E.PLAYERS)
    turn.done()


def _card(game: Table, entry: Node, zone: str, made: list[dict[str, Any]]) -> dict[str, Any]:
    return take_card(game, entry, zone, made, _base(zone), FIELDS)


def _base(zone: str) -> dict[str, Any]:
    """What every card of ``zone`` has unless its entry says otherwise."""
    p = int(zone.split(":")[1])
    return {"owner": p, "controller": p, "vis": E.ZONES.vis(zone), "wounds": 0}


def _player(node: Node, p: int) -> dict[str, Any]:
    return {
        "stamina": node.take("stamina", int, 0, at_least=0),
        "start": node.take("start", int, 1 + p, at_least=1),
        "turns": node.take("turns", int, 0, at_least=0),
    }


def players_of(data: dict) -> int:
    return len(E.PLAYERS)


# ------------------------------------------------------------------ writing
def dump(game: Table) -> dict[str, Any]:
    """The tables of ``game`` (the inverse of :func:`build`)."""
    st = game.state
    turn = dump_turn(game, step_of(game))
    zones = dump_zones(game, tuple(E.ZONES.ids(len(E.PLAYERS))), DECKS, _entry)
    players = [{"stamina": pl["stamina"], "start": pl["start"], "turns": pl.get("turns", 0)} for pl in st.players]
    return {"turn": turn, "players": players, "zones": zones, **dump_vars(game, DECKS)}


def _entry(game: Table, oid: str, zone: str) -> dict[str, Any]:
    return card_entry(game.state.objects[oid], FIELDS, _base(zone))


SPEC = PositionSpec(build=build, dump=dump, rule="gw2.assume.cards", players=players_of, set_up_options=("layout",))
