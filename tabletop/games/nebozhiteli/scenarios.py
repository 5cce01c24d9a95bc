"""Named positions of Nebozhiteli (``RULEBOOK.scenario(name)``), each a layout (option ``layout``) of player 0's
first turn: the rule it shows, and the cards that show it. Hands and summoning fields are full, so that the
first refill draws nothing (L35)."""

from __future__ import annotations

HAND = ["blessing"] * 7
FIELD = [{"card": "vale_knight"}] * 5


def _side(field=(), hand=HAND, **more):
    return {"field": list(field), "hand": list(hand), "summoning": list(FIELD), **more}


def _hand(*cards: str) -> list[str]:
    return [*cards, *HAND[len(cards) :]]


# name -> (description, layout, the rules it shows)
LAYOUTS: dict[str, tuple[str, dict, tuple[str, ...]]] = {
    "first-strike": (
        "The Elven Blademaster (first strike, 1 life) attacks; the Skeleton (1 life) may block: it dies before it "
        "strikes back.",
        {
            "0": _side([{"card": "elf_blademaster", "lives": 1}]),
            "1": _side([{"card": "skeleton", "lives": 1}]),
        },
        ("nb.first_strike", "nb.assume.first_strike", "nb.L76"),
    ),
    "armour-per-source": (
        "The Knight of the Vale in Chainmail (armour 2) attacks into two Skeletons with Longswords (3 each): the "
        "armour counts against each sword, 1 + 1 damage, not 6 - 2.",
        {
            "0": _side([{"card": "vale_knight", "items": ["chainmail"]}]),
            "1": _side([{"card": "skeleton", "items": ["longsword"]}, {"card": "skeleton", "items": ["longsword"]}]),
        },
        ("nb.sources", "nb.armour", "nb.assume.blocker_source"),
    ),
    "split-damage": (
        "The Orc Axeman with a Greataxe (4) is blocked by two creatures of 4 lives: his player splits the 4.",
        {
            "0": _side([{"card": "orc_axeman", "items": ["greataxe"]}]),
            "1": _side([{"card": "skeleton", "lives": 4}, {"card": "lich", "lives": 4}]),
        },
        ("nb.redistribute", "nb.assume.redistribute", "nb.block_one"),
    ),
    "phase-sum": (
        "At the end of the turn player 0 may burn the Skeleton (2 lives) with a Scroll of Fire, and player 1 may "
        "heal it with a Healing Potion in the same phase: summed at the phase's end, it lives (L76).",
        {
            "0": _side(hand=_hand("fire_scroll")),
            "1": _side([{"card": "skeleton", "lives": 2}], hand=_hand("healing_potion")),
        },
        ("nb.L76", "nb.assume.death", "nb.end_window"),
    ),
    "ranged": (
        "The Elven Archer with a Longbow shoots the Ghoul before the attack: not blocked, it dies in the ranged "
        "damage phase, and the Archer, turned, does not attack.",
        {
            "0": _side([{"card": "elf_archer", "items": ["longbow"]}, {"card": "skeleton"}]),
            "1": _side([{"card": "ghoul", "lives": 2}]),
        },
        ("nb.ranged", "nb.ranged_damage", "nb.assume.ranged"),
    ),
}
