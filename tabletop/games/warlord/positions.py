"""Warlord's position files (docs/positions.md), for the puzzles of notebook 08: the ``[turn]``, ``[[players]]``,
``[zones]`` and ``[vars]`` tables of a position, read into a game and written back.

Every card is listed in its zone by its id (``c12``) with its card id and what it carries: ``rank`` (wl.ranks),
``state`` (ready, spent, stunned: wl.states), ``wounds`` (wl.melee), ``mods`` (the bonuses and penalties of the
turn, wl.duration), ``on`` (the character an item is given to, wl.equip); a card out of play has ``rank = 0`` and
``state = "none"``. A deck is its composition, its order being nobody's to know; its face-down objects are named by
``ids``. A player is his ``warlord`` (an object id), his ``faction`` and whether he is ``out`` (wl.victory). A
position inside an attack or a React poll has the engine's ``pending`` besides, as the kernel writes it.
"""

from __future__ import annotations

from typing import Any

from tabletop.core import Table
from tabletop.core.position_files import PositionSpec
from tabletop.core.positions import (
    Node,
    at_step,
    build_players,
    build_vars,
    build_zones,
    card_entry,
    dump_vars,
    dump_zones,
    step_of,
    take_card,
    zones_table,
)

from . import army as A

FIELDS: dict[str, type | tuple[type, ...]] = {
    "rank": int,
    "state": str,
    "wounds": int,
    "mods": list,
    "on": str,
    "kind": str,
    "owner": int,
    "controller": int,
    "vis": str,
    "ts": int,
}

NONE: dict[str, Any] = {"rank": 0, "state": "none", "on": ""}  # how a None is written (TOML has no None)


DECKS = {d.zone: d for d in A.DECKS}  # each seat's deck by its zone


def players_of(data: dict) -> int:
    return max(2, len(data.get("players", ())))


# ------------------------------------------------------------------ reading
def build(game: Table, root: Node) -> None:
    """The position of ``root`` in a new game's empty state (see the module docstring)."""
    st = game.state
    A.ZONES.setup(game)
    known = tuple(A.ZONES.ids(len(st.players)))
    zones = zones_table(root, known, game.rulebook.id)
    # (a deck drawn empty is written, its composition kept as {}: wl.deck_out, L109/L279)
    build_zones(game, zones, known, DECKS, _card, listed_decks_kept=True)
    build_players(game, root, _player)
    build_vars(game, root)
    turn = root.table("turn")
    step = turn.take("step", str, "ready")
    at_step(game, turn, player=turn.take("player", int, 0), step=step, number=turn.take("number", int, 1, at_least=0))
    st.set_turn(round=turn.take("round", int, st.turn["round"], at_least=1))
    # ``turns``: Warlord's own count of turns (wl.ready adds one, wl.draw_phase skips the first turn's draw);
    # absent, a position before its Ready Phase has had none, any other is in the first turn
    turns = turn.take("turns", int, None, at_least=0)
    st.set_turn(turns=(0 if step == "ready" else 1) if turns is None else turns)
    turn.done()


def _player(node: Node, p: int) -> dict[str, Any]:
    info: dict[str, Any] = {"warlord": node.take("warlord", str), "faction": node.take("faction", str, "")}
    if node.take("out", bool, False):
        info["out"] = True
    return info


def _card(game: Table, entry: Node, zone: str, made: list[dict[str, Any]]) -> dict[str, Any]:
    obj = take_card(game, entry, zone, made, _base(zone), FIELDS)
    for name, empty in NONE.items():  # (a card out of play keeps its rank and state as None)
        if obj.get(name) == empty:
            obj[name] = None
    if obj.get("state") is not None and obj["state"] not in A.STATES:
        raise entry.error("state", f"{obj['state']!r} is not one of {', '.join(A.STATES)}")
    return obj


def _base(zone: str) -> dict[str, Any]:
    """What every card of ``zone`` has unless its entry says otherwise."""
    p = int(zone.split(":")[1])
    return {"owner": p, "controller": p, "vis": A.ZONES.vis(zone)}


# ------------------------------------------------------------------ writing
def dump(game: Table) -> dict[str, Any]:
    """The tables of ``game`` (the inverse of :func:`build`)."""
    st = game.state
    t = st.turn
    turn = {"player": t["player"], "step": step_of(game), "number": t["number"], "round": t["round"]}
    if "turns" in t:
        turn["turns"] = t["turns"]
    zones = dump_zones(game, tuple(A.ZONES.ids(len(st.players))), DECKS, _entry, listed_decks_kept=True)
    players = []
    for pl in st.players:
        row: dict[str, Any] = {"warlord": pl.get("warlord", ""), "faction": pl.get("faction", "")}
        if pl.get("out"):
            row["out"] = True
        players.append(row)
    return {"turn": turn, "players": players, "zones": zones, **dump_vars(game, DECKS)}


def _entry(game: Table, oid: str, zone: str) -> dict[str, Any]:
    entry = card_entry(game.state.objects[oid], FIELDS, _base(zone))
    return {name: NONE[name] if value is None and name in FIELDS else value for name, value in entry.items()}


SPEC = PositionSpec(build=build, dump=dump, rule="wl.assume.cards", players=players_of, set_up_options=("layout",))
