"""What 06_nebozhiteli's lesson adds to the rulebook: ``game.explain`` of a creature's armour and attack item by
item, its puzzles, the notebook's exercises (:mod:`.exercises`), moving a lesson's game on, and the phase ledger
as a table. Its positions are scenarios like every other (:mod:`.scenarios`: ``side`` and ``layout`` build more).

None of it changes a rule: the explanations read what the rules code computes (``E.armour_against``,
``E.strength``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from tabletop.analysis.profiles import Rows
from tabletop.core import Rulebook, Table
from tabletop.core.exercises import open_decision
from tabletop.core.modifiers import Explanation, Step

from . import engine as E
from .scenarios import layout, side  # noqa: F401  (the notebook builds its positions with these)

if TYPE_CHECKING:
    from tabletop.core import Game

PUZZLES = Path(__file__).resolve().parent / "data" / "puzzles"  # position files with a [puzzle] table
PASSES = ("done", "pass", "keep", "pick:none")


# ----------------------------------------------------------------- moving a lesson's game on
def passing(game: Game) -> str:
    """The option of the open decision that does nothing (a pass, no attackers, no block, no discard; the
    first split of a blocked attacker's damage)."""
    ids = game.legal()
    if open_decision(game).kind == "distribute":
        return ids[0]
    for o in ids:
        if o in PASSES or o.startswith("none:"):
            return o
    raise ValueError(f"no option that passes among {ids}")


def pass_until(game: Game, sub: str, kind: str | None = None, limit: int = 200) -> Game:
    """Pass until a decision (of ``kind``) in sub-phase ``sub`` is open; ValueError if the game ends first."""
    for _ in range(limit):
        if game.over:
            raise ValueError(f"the game ended before the {sub} phase: {game.result}")
        if game.state.turn.get("sub") == sub and (kind is None or open_decision(game).kind == kind):
            return game
        game.apply(passing(game))
    raise ValueError(f"no {sub} decision within {limit} passes")


def card(game: Game, name: str, zone: str) -> str:
    """The id of the card called ``name`` in ``zone`` (``field:1``); the first, if there are several."""
    cards, objects = game.rulebook.cards, game.state.objects
    for oid in game.state.zone(zone):
        if cards.get(objects[oid].get("card") or "", {}).get("name") == name:
            return oid
    raise KeyError(f"no {name} in {zone}")


# ----------------------------------------------------------------- game.explain
def explain(game: Table, obj: dict, stat: str) -> Explanation | None:
    """The Rulebook.explain hook: ``armour`` (against physical damage; ``armour:fire`` against fire) as the
    sum of the creature's items, one step each (nb.assume.armour; nb.armour, L71, takes it off each source
    apart), and ``attack`` (nb.strength, L42: 1 unarmed, else its weapon's). Other stats: None."""
    oid = obj["id"]
    if E.card_of(game, oid).get("type") != "creature":
        return None
    if stat == "attack":
        weapon = E.weapon_of(game, oid)
        value = E.strength(game, oid)
        note = " (unarmed)" if weapon is None else " (its weapon's attack)"
        return Explanation(oid, stat, value, (Step("base", value, None, value, weapon or oid, "nb.strength", note),))
    if stat != "armour" and not stat.startswith("armour:"):
        return None
    kind = stat.partition(":")[2] or "physical"
    steps = [Step("base", 0, None, 0, oid, "nb.armour", f" (no armour against {kind} damage of its own)")]
    total = 0
    opts = game.options
    for item in E.items_on(game, oid):
        data = E.card_of(game, item)
        if data["type"] != "armour":
            continue
        if kind != "physical" and not opts["armour_vs_other"]:
            note, counted = f" ({data['name']}: armour counts against physical damage only)", 0
        elif data["armour_type"] == "amulet" and not opts["amulet_armour"]:
            note, counted = " (an amulet's number does not count: option amulet_armour)", 0
        else:
            note, counted = f" ({data['armour_type']})", int(data["armour_value"])
        steps.append(Step("add", counted, total, total + counted, item, "nb.assume.armour", note))
        total += counted
    if total != E.armour_against(game, oid, kind):  # (the explanation must end at the rules code's value)
        raise AssertionError(
            f"armour of {oid}: explained {total}, the rules code says {E.armour_against(game, oid, kind)}"
        )
    return Explanation(oid, stat, total, tuple(steps))


def add_to(rb: Rulebook) -> None:
    """Give ``rb`` (the shipped rulebook, or one with more cards) the lesson's puzzles, explanations and
    exercises."""
    from .exercises import exercises

    if rb.puzzle_folder is None:
        rb.puzzle_folder = PUZZLES
    if rb.explain is None:
        rb.explain = explain
    rb.exercises = exercises(rb)


# ----------------------------------------------------------------- the phase ledger, as a table
def ledger_rows(game: Game, since: int, lives: dict[str, int]) -> Rows:
    """The phase ledger (nb.L76, L76) of every creature from trace record ``since`` on, one row per amount it
    took and one at each phase's end: the phase, the creature, the amount (damage, healing, loss), what caused
    it, the running sum of its lives (``lives``: each creature's lives at ``since``; the running sum starts
    there) and, at the phase's end, whether it dies there (fewer than one life, L76)."""
    records = game.trace.records
    phase = next((r["summary"].removesuffix(" phase") for r in reversed(records[:since]) if _phase_start(r)), "?")
    running = dict(lives)
    rows = Rows()
    for r in records[since:]:
        if _phase_start(r):
            phase = r["summary"].removesuffix(" phase")
            continue
        data = r.get("data") or {}
        target = str(data.get("target"))
        if r["kind"] == "modifier" and data.get("stat") == E.LIFE.name:
            sign = E.LIFE.kinds[data["op"]]
            running[target] = running.get(target, 0) + sign * data["value"]
            cause = records[r["cause"]]["summary"] if r.get("cause") is not None else ""
            rows.append(_row(game, phase, target, f"{data['op']} {data['value']}", cause, running[target], ""))
        elif r["kind"] == "expire" and r["rule"] == E.LIFE.rule and "target" in data:
            left = running.get(target, 0)
            end = "dies at end of phase" if left < 1 else f"lives on with {left}"
            rows.append(_row(game, phase, target, "end of phase", "the sum is settled (L76)", left, end))
    return rows


def _phase_start(record: dict) -> bool:
    return record["kind"] == "flow" and record["rule"] == "nb.turn" and record["summary"].endswith(" phase")


def _row(game: Game, phase: str, oid: str, entry: str, cause: str, running: int, end: str) -> dict:
    return {"phase": phase, "creature": E.name_of(game.table, oid), "ledger": entry, "because": cause,
            "lives + sum": running, "at the phase's end": end}  # fmt: skip
