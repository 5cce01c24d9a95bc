"""Named positions of Heroes of the Mists (``RULEBOOK.scenario(name)``), each a layout (option ``layout``) of
player 0's first turn: the rule it shows, and the cards that show it. Decks of Rytlock Brimstone (cost 8) keep
the first draw from offering anything new."""

from __future__ import annotations

DECK = {"rytlock": 5}


def _side(table=(), **more):
    return {"table": list(table), "deck": dict(DECK), **more}


def _m(card: str, **statuses: int) -> dict:
    return {"card": card, "statuses": statuses}


# name -> (description, layout, the rules it shows)
LAYOUTS: dict[str, tuple[str, dict, tuple[str, ...]]] = {
    "aegis-blocks": (
        "The Centaur Spearman attacks Eir Stegalkin, who has Aegis x2: each attack spends one stack.",
        {"0": _side([_m("centaur_spearman")]), "1": _side([_m("eir", Aegis=2)])},
        ("gw2.aegis", "gw2.assume.blocked"),
    ),
    "after-damage": (
        "The Hylek Archer's attack deals its 1 damage, then applies Vulnerability: its own hit is not doubled.",
        {"0": _side([_m("hylek_archer")]), "1": _side([_m("logan")])},
        ("gw2.after_damage", "gw2.vulnerability"),
    ),
    "damage-order": (
        "The Centaur Spearman with Might x2 and Weakness attacks Logan with Vulnerability and Protection: every "
        "status counts, in the order and with the rounding of the options might and rounding.",
        {
            "0": _side([_m("centaur_spearman", Might=2, Weakness=1)]),
            "1": _side([_m("logan", Vulnerability=1, Protection=1)]),
        },
        ("gw2.might", "gw2.weakness", "gw2.vulnerability", "gw2.protection", "gw2.assume.damage_order"),
    ),
    "taunt": (
        "Two Taunt minions guard the hero: the Moa must attack one of them (option taunts).",
        {"0": _side([_m("moa")]), "1": _side([_m("skale"), _m("asura_golem"), _m("charr_legionnaire")])},
        ("gw2.taunt", "gw2.assume.taunts"),
    ),
    "fury": (
        "Player 0 holds a Pirate Brawler (Fury) and has the stamina to summon it and attack at once.",
        {"0": _side(hand=["pirate_brawler"], turns=1), "1": _side()},
        ("gw2.fury", "gw2.inactive"),
    ),
    "blind": (
        "Eir Stegalkin is blind (x2): she skips two of her player's turns.",
        {"0": _side([_m("moa")]), "1": _side([_m("eir", Blind=2)])},
        ("gw2.blind", "gw2.assume.blind"),
    ),
}
