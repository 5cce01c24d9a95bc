"""The named scenarios of Heroes of the Mists, each played as its description says (000_7fc8e0fd1bcbc422.txt), and
the greedy agent."""

import random

import pytest
from gw2 import RB, attack, end_turn, hero, statuses, table, wounds

from tabletop.analysis.agents import RandomAgent
from tabletop.games.gw2_heroes_of_the_mists import Gw2Agent


def _scenario(name):
    g = RB.scenario(name)
    while g.decision.kind != "action":
        g.apply(g.legal()[0])
    return g


def test_every_scenario_cites_rules_of_the_table_and_opens_an_action():
    for name, sc in RB.scenarios.items():
        assert all(r in RB.rules for r in sc.rules), name
        assert _scenario(name).decision.player == 0


def test_aegis_blocks_spends_a_stack_an_attack():
    """L133."""
    g = _scenario("aegis-blocks")
    a, b = table(g, 0)[0], table(g, 1)[0]
    attack(g, a, b)
    assert statuses(g, b) == {"Aegis": 1} and wounds(g, b) == 0


def test_after_damage_and_the_damage_order_are_logged_with_their_steps():
    """L121; the log shows the damage's explanation with the rounding step (gw2.assume.damage_order)."""
    g = _scenario("damage-order")
    attack(g, table(g, 0)[0], table(g, 1)[0])
    steps = [r["summary"] for r in g.trace.of_kind("modifier") if r["summary"].startswith("damage of")]
    assert steps and "round (down)" in steps[0] and "Might x2" in steps[0] and "Protection" in steps[0]
    g = _scenario("after-damage")
    b = table(g, 1)[0]
    attack(g, table(g, 0)[0], b)
    assert wounds(g, b) == 1 and statuses(g, b) == {"Vulnerability": 1}


def test_taunt_fury_and_blind_scenarios():
    g = _scenario("taunt")
    aims = {o.split(">")[1] for o in g.legal() if o.startswith("attack:")}
    assert aims == {table(g, 1, "asura_golem")[0], table(g, 1, "charr_legionnaire")[0]}  # L144
    g = _scenario("fury")
    g.apply(next(o for o in g.legal() if o.startswith("play:")))
    attack(g, table(g, 0)[0], hero(g, 1))  # L146
    assert wounds(g, hero(g, 1)) == 2
    g = _scenario("blind")
    end_turn(g)
    assert not [o for o in g.legal() if o.startswith(f"attack:{table(g, 1)[0]}")]  # L141


@pytest.mark.parametrize("seed", [0, 1])
def test_the_greedy_agent_plays_whole_games_and_beats_random_play(seed):
    seat = seed % 2
    agents = [RandomAgent(seed=seed), RandomAgent(seed=seed)]
    agents[seat] = Gw2Agent(seed=seed)
    game = RB.new_game(seed=seed, tracing=False)
    while not game.over:
        p = game.decision.player
        choice = agents[p].choose(game, p)
        assert choice in game.legal()
        game.apply(choice)
    assert game.result["winners"] == [seat]


def test_the_agent_attacks_a_hero_it_can_kill():
    layout = {"0": {"hand": ["pirate_brawler"], "turns": 1, "deck": {"rytlock": 5}}, "1": {"hero": {"wounds": 78}}}
    g = RB.new_game(seed=0, layout=layout)
    while g.decision.kind != "action":
        g.apply(g.legal()[0])
    choice = Gw2Agent(seed=0).choose(g, 0, random.Random(0))
    assert choice.startswith("play:")  # the Brawler first: only it can attack this turn
    g.apply(choice)
    assert Gw2Agent(seed=0).choose(g, 0) == f"attack:{table(g, 0)[0]}>{hero(g, 1)}"
