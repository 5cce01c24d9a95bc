"""The boons and conditions of Heroes of the Mists (000 L131-L142) as the kernel's statuses, and what each does
to an attack's damage, as data.

Each status is a :class:`~tabletop.core.statuses.Status`; how it ends under each reading of the text (digest
section 11) is the table :data:`ENDS`, passed to ``Statuses.gain`` as the end of that gain. What it does to a
damage value is the table :data:`DAMAGE`: an operation in a modifier stage of the attacker's side or the
target's (``docs/modifiers.md``), computed by the kernel's ``compute`` with the game's ``ModifierOrder``.
"""

from __future__ import annotations

from tabletop.core import ModifierOrder, Stage
from tabletop.core.statuses import Status, Statuses

BOONS = ("Aegis", "Might", "Protection")  # gw2.boons (L132)
CONDITIONS = ("Blind", "Vulnerability", "Weakness")  # gw2.conditions (L138)

AEGIS = Status("Aegis", "boon", rule="gw2.aegis")  # L133: stacks, each spent on an attack it blocks
MIGHT = Status(
    "Might", "boon", rule="gw2.might", limit=25, modifiers=(("damage", "add", 1),)
)  # L134; limit: gw2.assume.limits
PROTECTION = Status("Protection", "boon", rule="gw2.protection", stacking="none", limit=1, ends_on="wound")  # L135
# L139, L140: one stack ("does not stack"); a gain while it is held starts its duration again ("duration"): an attack
# that gets through ends the old one with its damage and then (L138: after the damage) applies the new one, which
# lasts to the next attack, so the one the attack applies is the one left (kept as "none", the attack's own end of
# the old one would take the new one away)
VULNERABILITY = Status(
    "Vulnerability", "condition", rule="gw2.vulnerability", stacking="duration", limit=1, ends_on="strike"
)
WEAKNESS = Status("Weakness", "condition", rule="gw2.weakness", stacking="duration", limit=1, ends_on="strike")  # L140
BLIND = Status("Blind", "condition", rule="gw2.blind", until="turn", next_turn=True, decay="one")  # L141
STATUSES = Statuses(AEGIS, MIGHT, PROTECTION, VULNERABILITY, WEAKNESS, BLIND, rule="gw2.tokens")  # L136, L142

# what a status does to an attack's damage: (op, value, side); Might's value is per stack (L134, L135, L139, L140)
DAMAGE: dict[str, tuple[str, int, str]] = {
    "Might": ("add", 1, "attacker"),
    "Weakness": ("div", 2, "attacker"),
    "Vulnerability": ("mul", 2, "target"),
    "Protection": ("div", 2, "target"),
}


def ends(name: str, holder_controller: int, options: dict) -> dict:
    """The end of one gain of ``name`` under the game's options (gw2.assume.blocked, .weakness, .protection,
    .blind, .durations): the ``until``/``of``/``times``/``ends_on``/``ends_match`` given to ``Statuses.gain``."""
    through = "attack" if options["blocked_gets_through"] else "strike"  # a blocked attack: no strike happens
    if name == "Vulnerability":
        return {"ends_on": through, "ends_match": {"target": "$holder"}}
    if name == "Weakness":
        side = "attacker" if options["weakness_ends"] == "own_attack" else "target"
        return {"ends_on": through, "ends_match": {side: "$holder"}}
    if name == "Protection":
        return {"ends_on": "wound", "ends_match": {"target": "$holder"}}
    if name == "Might" and options["might_lasts"] == "turn":
        return {"until": "turn", "of": holder_controller}
    if name == "Blind":
        if options["blind_countdown"] == "every_turn":
            return {"until": "turn", "times": 2}  # the end of the turn it was gained in does not count
        return {"until": "turn", "of": holder_controller}  # (next_turn: not the holder's turn it was gained in)
    return {}


def damage_order(might: str, rounding: str) -> ModifierOrder:
    """gw2.assume.damage_order: Might first (option might "first") or last; each side's stage rounds down at its
    end (option rounding "each_side") or only the last factor stage does ("end"). L135: 1 unit equals 0."""
    attacker = Stage(
        "attacker",
        ("mul", "div"),
        rounding="down" if rounding == "each_side" else "none",
        rule="gw2.assume.damage_order",
    )
    target = Stage("target", ("mul", "div"), rounding="down", rule="gw2.protection")
    add = Stage("might", ("add", "sub"))
    stages = (add, attacker, target) if might == "first" else (attacker, target, add)
    return ModifierOrder(stages=(*stages, ("set",)), floor=0, rounding="down", rule="gw2.assume.damage_order")


ORDERS = {(m, r): damage_order(m, r) for m in ("first", "last") for r in ("each_side", "end")}
