"""Nebozhiteli's position files (docs/positions.md): the ``[turn]``, ``[[players]]``, ``[zones]`` and ``[vars]``
tables of a position, read into a game and written back.

Every card is listed in its zone by its id (``c12``) with its card id and what it carries: ``tapped`` (turned,
L36), ``lives`` (the mana on a creature in play, L40), ``mana`` (on the summoning field, L39), ``sick`` (just
summoned, L41), ``on`` (the creature an item lies on, L47); ``nulls`` names the fields that are empty
(``on`` of an item taken back). A deck (nb.assume.shuffle) is its composition, its order being nobody's to
know; its face-down objects are named by ``ids``. A player is his ``mana`` and ``actions``. ``[vars]`` holds
what a turn in progress keeps: the declared combat, the shots of the ranged phase, the phase's ledger of
damage and healing (``ledger:life``, nb.L76) and the like. A position inside a decision's work (the goes
of the end of the turn, a block asked) has the engine's ``pending`` besides, as the kernel writes it.
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
    "tapped": bool,
    "lives": int,
    "mana": int,
    "sick": bool,
    "on": str,
    "face_up": bool,
    "kind": str,
    "owner": int,
    "controller": int,
    "vis": str,
    "ts": int,
}


# ------------------------------------------------------------------ reading
def build(game: Table, root: Node) -> None:
    """The position of ``root`` in a new game's empty state (see the module docstring)."""
    st = game.state
    E.ZONES.setup(game)
    known = tuple(E.ZONES.ids(len(E.PLAYERS)))
    build_zones(game, zones_table(root, known, game.rulebook.id), known, E.DECKS, _card)
    build_players(game, root, _player, lambda p: {"mana": game.options["starting_mana"], "actions": 0})
    build_vars(game, root)
    turn = take_turn(game, root, step="summon", first=game.options["first_player"], players=E.PLAYERS)
    st.set_turn(sub=_sub_of(game))
    turn.done()


def _sub_of(game: Table) -> str | None:
    """The sub-phase the cursor's step is in: the last ``@name`` before it."""
    pi, _k, si = game.state.turn["cursor"]
    steps = game.rulebook.flow[pi].steps
    marks = [s[1:] for s in steps[:si] if s.startswith("@")]
    return marks[-1] if marks else None


def _card(game: Table, entry: Node, zone: str, made: list[dict[str, Any]]) -> dict[str, Any]:
    obj = take_card(game, entry, zone, made, _base(zone), FIELDS)
    for name in entry.take("nulls", list, []):
        if name not in FIELDS:
            raise entry.error("nulls", f"{name!r} is not a field of a card ({', '.join(FIELDS)})")
        obj[name] = None
    return obj


def _base(zone: str) -> dict[str, Any]:
    """What every card of ``zone`` has unless its entry says otherwise."""
    p = int(zone.split(":")[1])
    return {"owner": p, "controller": p, "vis": E.ZONES.vis(zone), "tapped": False}


def _player(node: Node, p: int) -> dict[str, Any]:
    return {"mana": node.take("mana", int), "actions": node.take("actions", int, 0, at_least=0)}


def players_of(data: dict) -> int:
    return len(E.PLAYERS)


# ------------------------------------------------------------------ writing
def dump(game: Table) -> dict[str, Any]:
    """The tables of ``game`` (the inverse of :func:`build`)."""
    st = game.state
    step = step_of(game)
    if step.startswith("@"):  # (a sub-phase's start: written as its first step)
        steps = game.rulebook.flow[st.turn["cursor"][0]].steps
        step = steps[steps.index(step) + 1].rsplit(".", 1)[-1]
    turn = dump_turn(game, step)
    zones = dump_zones(game, tuple(E.ZONES.ids(len(E.PLAYERS))), E.DECKS, _entry)
    players = [{"mana": pl["mana"], "actions": pl.get("actions", 0)} for pl in st.players]
    return {"turn": turn, "players": players, "zones": zones, **dump_vars(game, E.DECKS)}


def _entry(game: Table, oid: str, zone: str) -> dict[str, Any]:
    entry = card_entry(game.state.objects[oid], FIELDS, _base(zone))
    nulls = [name for name, value in entry.items() if value is None]
    for name in nulls:
        del entry[name]
    if nulls:
        entry["nulls"] = nulls
    return entry


SPEC = PositionSpec(build=build, dump=dump, rule="nb.assume.cards", players=players_of, set_up_options=("layout",))
