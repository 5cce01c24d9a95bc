"""What 06_nebozhiteli's lesson adds to the rulebook: ready positions (scenarios, each a layout), ``game.explain``
of a creature's armour and attack item by item, and the notebook's exercises (:mod:`.exercises`).

None of it changes a rule: the scenarios are option ``layout`` (a game set up from one saves and replays like
any other), the explanations read what the rules code computes (``E.armour_against``, ``E.strength``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop.core import Rulebook, Scenario, Table
from tabletop.core.errors import RuleError
from tabletop.core.exercises import open_decision
from tabletop.core.modifiers import Explanation, Step

from . import engine as E

if TYPE_CHECKING:
    from tabletop.core import Game

PUZZLES = Path(__file__).resolve().parent / "data" / "puzzles"  # position files with a [puzzle] table
HAND = ["blessing"] * 7  # a full hand of a card that needs no target (L35: no draw)
SUMMONING = [{"card": "vale_knight"}] * 5  # a full summoning field (L35: no refill)
PASSES = ("done", "pass", "keep", "pick:none")


def side(field: list | tuple = (), hand: list | None = None, summoning: list | None = None, **more: Any) -> dict:
    """One side of a layout: ``field`` in play; the hand and the summoning field full unless given."""
    out = {"field": list(field), "hand": list(HAND if hand is None else hand)}
    out["summoning"] = list(SUMMONING if summoning is None else summoning)
    return out | more


def layout(p0: dict, p1: dict) -> dict:
    return {"0": p0, "1": p1}


# ----------------------------------------------------------------- the lesson's positions
# a Healing Potion and seven more: with the potion used or not, player 1 draws nothing at his turn's start (L35)
P1_HAND = ["healing_potion"] + ["blessing"] * 7
COMBAT = layout(
    side([{"card": "orc_axeman", "items": ["greataxe"]}, {"card": "vampire_lord", "items": ["steel_dagger"]},
          {"card": "vale_knight", "items": ["longsword", "chainmail"]}]),
    side([{"card": "skeleton", "items": ["longsword"]}, {"card": "lich", "items": ["silk_robe"]}, {"card": "ghoul"}]),
)  # fmt: skip
LEDGER = layout(
    side(hand=["fire_scroll", "ambush"] + ["blessing"] * 5),
    side([{"card": "skeleton", "lives": 2}], hand=P1_HAND),
)
FIRST_STRIKE = layout(
    side([{"card": "elf_blademaster", "lives": 1, "items": ["steel_dagger"]}]),
    side([{"card": "skeleton", "lives": 2, "items": ["longsword"]}]),
)
NEXT_PHASE = layout(
    side([{"card": "orc_axeman", "items": ["hand_axe"]}]),
    side([{"card": "skeleton", "lives": 2}], hand=P1_HAND),
)
SUMMONING_FIELD = layout(
    side(summoning=[{"card": "lich", "mana": 2}, {"card": "elf_archer", "mana": 1}, {"card": "ghoul"},
                    {"card": "elf_scout"}, {"card": "elf_druid"}],
         hand=["longsword", "buckler", "steel_dagger", "longbow", "leather_jerkin", "blessing", "fire_scroll"],
         field=[{"card": "vale_knight"}, {"card": "elf_archer"}]),
    side([{"card": "ghoul"}]),
)  # fmt: skip

LAYOUTS = {
    "combat": (
        COMBAT,
        "Player 0's Orc Axeman (Greataxe, 4), Vampire Lord (Steel Dagger, 2) and Knight of the Vale (Longsword 3, "
        "Chainmail 2) against a Skeleton Warrior (Longsword), a Lich (Silk Robe, armour 1) and a Ghoul.",
        ("nb.blockers", "nb.block_one", "nb.redistribute", "nb.armour", "nb.L76"),
    ),
    "ledger": (
        LEDGER,
        "Player 1's Skeleton Warrior has 2 lives; player 0 holds a Scroll of Fire (2 fire damage) and an Ambush (1 "
        "damage), player 1 a Healing Potion (2 lives): the end-of-turn goes decide.",
        ("nb.L76", "nb.L40", "nb.end_window"),
    ),
    "blademaster": (
        FIRST_STRIKE,
        "An Elven Blademaster (first strike, 1 life, Steel Dagger 2) against a Skeleton Warrior (2 lives, "
        "Longsword 3).",
        ("nb.first_strike", "nb.assume.first_strike"),
    ),
    "next-phase": (
        NEXT_PHASE,
        "An Orc Axeman with a Hand Axe (2) against a Skeleton Warrior of 2 lives whose player holds a Healing "
        "Potion (2 lives), which magic uses only in the end-of-turn goes.",
        ("nb.L76", "nb.end_window", "nb.assume.magic"),
    ),
    "summoning": (
        SUMMONING_FIELD,
        "Player 0's summoning field with mana on two creatures, a Knight and an Archer in play, items in hand.",
        ("nb.summon_mana", "nb.summoned", "nb.equip"),
    ),
}


def scenarios(rb: Rulebook) -> dict[str, Scenario]:
    def build(lay: dict) -> Callable[[], Game]:
        return lambda: rb.new_game(seed=0, layout=lay)

    return {name: Scenario(name, text, build(lay), rules) for name, (lay, text, rules) in LAYOUTS.items()}


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
    """Give ``rb`` (the shipped rulebook, or one with more cards) the lesson's scenarios, puzzles,
    explanations and exercises."""
    from .exercises import exercises

    mine = scenarios(rb)
    twice = sorted(set(mine) & set(rb.scenarios))
    if twice:
        raise RuleError(f"{rb.id}: the lesson's scenarios {', '.join(twice)} are the rulebook's names already")
    rb.scenarios = {**rb.scenarios, **mine}
    if rb.puzzle_folder is None:
        rb.puzzle_folder = PUZZLES
    if rb.explain is None:
        rb.explain = explain
    rb.exercises = exercises(rb)


# ----------------------------------------------------------------- the phase ledger, as a table
class Rows(list):
    """Rows of a table (plain dicts), shown as an HTML table in a notebook and as aligned text elsewhere."""

    def __str__(self) -> str:
        if not self:
            return "(no rows)"
        keys = list(self[0])
        width = {k: max(len(k), *(len(str(r.get(k, ""))) for r in self)) for k in keys}
        lines = ["  ".join(k.ljust(width[k]) for k in keys)]
        lines += ["  ".join(str(r.get(k, "")).ljust(width[k]) for k in keys).rstrip() for r in self]
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        from tabletop.analysis.profiles import rows_html

        return rows_html(list(self)) if self else "<p>(no rows)</p>"


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
