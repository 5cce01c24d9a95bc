"""The named scenarios (RULEBOOK.scenario): each loads, cites rules of the table, and shows what it says."""

import pytest
from nb import RB, at, lives, one, until


@pytest.mark.parametrize("name", sorted(RB.scenarios))
def test_every_scenario_starts_at_a_decision_and_cites_rules(name):
    scenario = RB.scenarios[name]
    assert all(rule in RB.rules for rule in scenario.rules) and scenario.description
    assert RB.scenario(name).decision is not None


def test_first_strike_scenario():
    """003 L68: the Skeleton blocks and dies; the Blademaster keeps its 1 life."""
    g = until(RB.scenario("first-strike"), at("attackers"))
    bm = one(g, "field:0", "elf_blademaster")
    g.apply(f"pick:{bm}")
    sk = one(g, "field:1", "skeleton")
    g.apply(f"block:{sk}>{bm}")
    until(g, at("end"))
    assert g.state.objects[sk]["zone"] == "grave:1" and lives(g, bm) == 1


def test_phase_sum_scenario():
    """003 L76: burnt and healed in the end phase, the Skeleton lives."""
    g = until(RB.scenario("phase-sum"), at("end", "action"))
    sk = one(g, "field:1", "skeleton")
    g.apply(f"cast:{one(g, 'hand:0', 'fire_scroll')}>{sk}")
    g.apply(f"cast:{one(g, 'hand:1', 'healing_potion')}>{sk}")
    until(g, lambda g: g.state.turn["player"] == 1)
    assert g.state.objects[sk]["zone"] == "field:1" and lives(g, sk) == 2
