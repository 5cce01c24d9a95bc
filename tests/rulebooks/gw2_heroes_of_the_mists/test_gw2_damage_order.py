"""The order and rounding of Might (L134), Weakness (L140), Vulnerability (L139) and Protection (L135) under each
reading (gw2.assume.damage_order: options might and rounding), through the kernel's modifier stages; the
explanation lists each status's contribution in order with the rounding steps."""

from dataclasses import replace

import pytest
from gw2 import attack, game, minion, table, wounds

from tabletop.games.gw2_heroes_of_the_mists import engine as E


def strike(attacker, target, **options):
    """(player 0's attacker, player 1's target, the explanation of the damage, the damage dealt)."""
    g = game({"table": [attacker]}, {"table": [target]}, counter="none", **options)
    a, b = table(g, 0)[0], table(g, 1)[0]
    why = g.explain(a, "damage", against=b)  # the public face of E.strike_damage, what the strike deals
    inner = E.strike_damage(g.table, a, b)
    assert why.against == b and [replace(s, source_name=None) for s in why.steps] == list(inner.steps)
    attack(g, a, b)
    return why, wounds(g, b)


@pytest.mark.parametrize(
    "options, dealt",
    [
        ({}, 2),  # 3 / 2 -> 1 (the attacker's side rounds), x 2
        ({"rounding": "end"}, 3),  # 3 / 2 x 2, rounded once
    ],
)
def test_weakness_then_vulnerability_rounds_at_each_side_or_once(options, dealt):
    why, hurt = strike(minion("centaur_spearman", Weakness=1), minion("logan", Vulnerability=1), **options)
    assert why.value == dealt == hurt


@pytest.mark.parametrize("might, dealt", [("first", 1), ("last", 2)])
def test_might_before_or_after_the_halving(might, dealt):
    """Base 2 with Might 1 and Weakness: (2 + 1) / 2 -> 1 when Might comes first, 2 / 2 + 1 = 2 when last."""
    why, hurt = strike(minion("dredge_miner", Might=1, Weakness=1), minion("logan"), might=might)
    assert why.value == dealt == hurt


ORDERS = [{}, {"might": "last"}, {"rounding": "end"}, {"might": "last", "rounding": "end"}]


@pytest.mark.parametrize("options", ORDERS)
def test_protection_makes_one_unit_zero_under_every_order(options):
    """L135: "1 unit of damage is equal to 0" (единица урона приравнивается к 0)."""
    why, hurt = strike(minion("moa"), minion("logan", Protection=1), **options)
    assert why.value == hurt == 0


@pytest.mark.parametrize("options, dealt", list(zip(ORDERS, [1, 2, 1, 2], strict=True)))
def test_might_added_after_protection_is_not_halved(options, dealt):
    """1 + Might 2 = 3, halved to 1; or 1 halved to 0, then + 2."""
    why, hurt = strike(minion("moa", Might=2), minion("logan", Protection=1), **options)
    assert why.value == hurt == dealt


def test_vulnerability_and_protection_together():
    why, hurt = strike(minion("centaur_spearman"), minion("logan", Vulnerability=1, Protection=1))
    assert why.value == hurt == 3  # 3 x 2 / 2, on the target's side together


def test_explain_lists_each_status_in_order_with_the_rounding_step():
    why, _ = strike(minion("centaur_spearman", Might=2, Weakness=1), minion("logan", Vulnerability=1, Protection=1))
    assert [(s.op, s.stage) for s in why.steps] == [
        ("base", None),
        ("add", "might"),  # L134
        ("div", "attacker"),  # L140
        ("round", "attacker"),  # L135: rounds down
        ("mul", "target"),  # L139
        ("div", "target"),  # L135
    ]
    assert [s.source for s in why.steps][1:3] == ["Might x2", f"Weakness of {why.steps[0].source}"]
    assert [s.rule for s in why.steps][1:] == [
        "gw2.might",
        "gw2.weakness",
        "gw2.assume.damage_order",
        "gw2.vulnerability",
        "gw2.protection",
    ]
    assert why.value == 2  # (3 + 2) / 2 -> 2, x 2 / 2 = 2
    text = str(why)
    assert "round (down)" in text and "stage attacker" in text and "stage target" in text
