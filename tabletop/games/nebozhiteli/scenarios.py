"""Named positions of Nebozhiteli (``RULEBOOK.scenario(name)``), each a layout (option ``layout``) of player 0's
first turn: the rule it shows, and the cards that show it. Hands and summoning fields are full unless a side
says otherwise, so that the first refill draws nothing (L35).

``LAYOUTS`` holds them all, in the order ``rb.scenarios`` lists them: first the rules one by one, then the
positions of notebook ``06_nebozhiteli`` (whose exercises play ``FIRST_STRIKE``). A notebook builds positions of
its own with :func:`side` and :func:`layout`.
"""

from __future__ import annotations

from typing import Any

HAND = ["blessing"] * 7  # a full hand of a card that needs no target (L35: no draw)
SUMMONING = [{"card": "vale_knight"}] * 5  # a full summoning field (L35: no refill)


def side(field: list | tuple = (), hand: list | None = None, summoning: list | None = None, **more: Any) -> dict:
    """One side of a layout: ``field`` in play; the hand and the summoning field full unless given."""
    out = {"field": list(field), "hand": list(HAND if hand is None else hand)}
    out["summoning"] = list(SUMMONING if summoning is None else summoning)
    return out | more


def layout(p0: dict, p1: dict) -> dict:
    """A layout of both sides (option ``layout``)."""
    return {"0": p0, "1": p1}


def _hand(*cards: str) -> list[str]:
    return [*cards, *HAND[len(cards) :]]


# name -> (description, layout, the rules it shows)
RULE_LAYOUTS: dict[str, tuple[str, dict, tuple[str, ...]]] = {
    "first-strike": (
        "The Elven Blademaster (first strike, 1 life) attacks; the Skeleton (1 life) may block: it dies before it "
        "strikes back.",
        {
            "0": side([{"card": "elf_blademaster", "lives": 1}]),
            "1": side([{"card": "skeleton", "lives": 1}]),
        },
        ("nb.first_strike", "nb.assume.first_strike", "nb.L76"),
    ),
    "armour-per-source": (
        "The Knight of the Vale in Chainmail (armour 2) attacks into two Skeletons with Longswords (3 each): the "
        "armour counts against each sword, 1 + 1 damage, not 6 - 2.",
        {
            "0": side([{"card": "vale_knight", "items": ["chainmail"]}]),
            "1": side([{"card": "skeleton", "items": ["longsword"]}, {"card": "skeleton", "items": ["longsword"]}]),
        },
        ("nb.sources", "nb.armour", "nb.assume.blocker_source"),
    ),
    "split-damage": (
        "The Orc Axeman with a Greataxe (4) is blocked by two creatures of 4 lives: his player splits the 4.",
        {
            "0": side([{"card": "orc_axeman", "items": ["greataxe"]}]),
            "1": side([{"card": "skeleton", "lives": 4}, {"card": "lich", "lives": 4}]),
        },
        ("nb.redistribute", "nb.assume.redistribute", "nb.block_one"),
    ),
    "phase-sum": (
        "At the end of the turn player 0 may burn the Skeleton (2 lives) with a Scroll of Fire, and player 1 may "
        "heal it with a Healing Potion in the same phase: summed at the phase's end, it lives (L76).",
        {
            "0": side(hand=_hand("fire_scroll")),
            "1": side([{"card": "skeleton", "lives": 2}], hand=_hand("healing_potion")),
        },
        ("nb.L76", "nb.assume.death", "nb.end_window"),
    ),
    "ranged": (
        "The Elven Archer with a Longbow shoots the Ghoul before the attack: not blocked, it dies in the ranged "
        "damage phase, and the Archer, turned, does not attack.",
        {
            "0": side([{"card": "elf_archer", "items": ["longbow"]}, {"card": "skeleton"}]),
            "1": side([{"card": "ghoul", "lives": 2}]),
        },
        ("nb.ranged", "nb.ranged_damage", "nb.assume.ranged"),
    ),
}

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

LESSON_LAYOUTS: dict[str, tuple[str, dict, tuple[str, ...]]] = {
    "combat": (
        "Player 0's Orc Axeman (Greataxe, 4), Vampire Lord (Steel Dagger, 2) and Knight of the Vale (Longsword 3, "
        "Chainmail 2) against a Skeleton Warrior (Longsword), a Lich (Silk Robe, armour 1) and a Ghoul.",
        COMBAT,
        ("nb.blockers", "nb.block_one", "nb.redistribute", "nb.armour", "nb.L76"),
    ),
    "ledger": (
        "Player 1's Skeleton Warrior has 2 lives; player 0 holds a Scroll of Fire (2 fire damage) and an Ambush (1 "
        "damage), player 1 a Healing Potion (2 lives): the end-of-turn goes decide.",
        LEDGER,
        ("nb.L76", "nb.L40", "nb.end_window"),
    ),
    "blademaster": (
        "An Elven Blademaster (first strike, 1 life, Steel Dagger 2) against a Skeleton Warrior (2 lives, "
        "Longsword 3).",
        FIRST_STRIKE,
        ("nb.first_strike", "nb.assume.first_strike"),
    ),
    "next-phase": (
        "An Orc Axeman with a Hand Axe (2) against a Skeleton Warrior of 2 lives whose player holds a Healing "
        "Potion (2 lives), which magic uses only in the end-of-turn goes.",
        NEXT_PHASE,
        ("nb.L76", "nb.end_window", "nb.assume.magic"),
    ),
    "summoning": (
        "Player 0's summoning field with mana on two creatures, a Knight and an Archer in play, items in hand.",
        SUMMONING_FIELD,
        ("nb.summon_mana", "nb.summoned", "nb.equip"),
    ),
}

# name -> (description, layout, the rules it shows)
LAYOUTS: dict[str, tuple[str, dict, tuple[str, ...]]] = {**RULE_LAYOUTS, **LESSON_LAYOUTS}
