"""Why and why not: a death's causes reach the damage and the action behind it; an action not offered
says the rule that excludes it (issue 16). Each case cites the rule text it checks."""

from __future__ import annotations

import pytest
from hsx import RB, hero, position

import tabletop as tt
from tabletop.core.errors import ArgumentValueError
from tabletop.testing import check_offered_or_excluded


def _reasons(game, about):
    return [(e["rule"], e["reason"]) for e in game.why_not(about)]


def test_a_minion_just_played_cannot_attack_and_why_not_says_summoning_sickness():
    # 000_7fc8e0fd1bcbc422.txt L27: right after it is summoned a minion cannot attack until the next turn
    game, ids = position(hand0=["bog_crawler", "tusked_charger"])
    crawler, charger = ids["hand0"]
    game.apply(f"play:{crawler}@0").apply(f"play:{charger}@1")
    assert _reasons(game, crawler) == [
        ("hs.summoning_sickness", "summoning sickness: a minion cannot attack the turn it is summoned")
    ]
    assert _reasons(game, charger) == []  # hs.assume.charge: it may attack, so nothing excludes it
    assert any(o.startswith(f"attack:{charger}>") for o in game.legal())


def test_a_card_that_costs_more_than_the_mana_left_is_not_offered_citing_its_cost():
    # 000_7fc8e0fd1bcbc422.txt L37-38: a card costs mana to play
    game, ids = position(hand0=["mountain_yeti", "ice_shard"], mana=2)
    yeti, shard = ids["hand0"]
    cost = RB.cards["mountain_yeti"]["cost"]
    assert cost > 2
    assert _reasons(game, yeti) == [("hs.cost", f"it costs {cost} mana and player 0 has 2")]
    assert not [o for o in game.legal() if o.startswith(f"play:{yeti}")]
    assert _reasons(game, shard) == []  # it costs 1: it is offered


def test_taunt_excludes_the_other_targets_of_an_attack_and_names_the_taunt_minion():
    # hs.assume.taunt: while a player has Taunt minions, the enemy must attack one of them
    game, ids = position(board0=["bog_crawler"], board1=["footman_sentry", "mountain_yeti"])
    sentry, yeti = ids["board1"]
    enemy_hero = hero(game, 1)
    for target in (yeti, enemy_hero):
        ((rule, reason),) = _reasons(game, target)
        assert rule == "hs.assume.taunt" and reason.startswith(f"Footman Sentry ({sentry}) has Taunt")
    assert _reasons(game, sentry) == []


def test_a_minion_that_attacked_and_a_used_hero_power_are_not_offered_again():
    # hs.assume.attacks: once a turn; 000_7fc8e0fd1bcbc422.txt L35: the hero power once a turn
    game, ids = position(board0=["bog_crawler"])
    crawler = ids["board0"][0]
    game.apply(f"attack:{crawler}>{hero(game, 1)}")
    assert _reasons(game, crawler) == [("hs.assume.attacks", "it has attacked this turn (once a turn)")]
    game.apply(next(o for o in game.legal() if o.startswith("power")))
    power = game.state.zones["power:0"][0]
    assert _reasons(game, power) == [("hs.hero_power", "the hero power is used once a turn, and it was")]


def test_why_not_needs_a_traced_game():
    game, _ = position(tracing=False)
    with pytest.raises(ArgumentValueError, match="untraced"):
        game.why_not()


@pytest.mark.parametrize("seed", range(12))
def test_every_card_in_hand_and_on_the_board_is_either_offered_or_excluded_with_a_rule(seed):
    # property over random playouts: nothing the player holds is silently left out (hs.actions, L67)
    def holdings(game, p):
        return [*game.state.zones[f"hand:{p}"], *game.state.zones[f"board:{p}"]]

    def acting(option):  # play:<card>[@position|>target], attack:<attacker>><target>
        return option.split(":")[1].split("@")[0].split(">")[0] if ":" in option else None

    check_offered_or_excluded(RB, seed, holdings, acting)


def test_why_a_minion_died_reaches_the_damage_and_the_attack_that_dealt_it():
    # 000_7fc8e0fd1bcbc422.txt L27: as soon as a minion's health drops to 0 it is removed; L68: combat damage
    game, ids = position(board0=["mountain_yeti"], board1=["bog_crawler"])
    yeti, crawler = ids["board0"][0], ids["board1"][0]
    game.apply(f"attack:{yeti}>{crawler}")
    records = game.trace.records
    death = next(r for r in records if r["kind"] == "event" and r["data"].get("type") == "die")
    assert death["data"]["about"] == {"minion": crawler}
    chain = game.trace.causes(death["i"])
    kinds = [r["kind"] for r in chain]
    assert kinds[0] == "decision" and chain[0]["data"]["option"] == f"attack:{yeti}>{crawler}"
    damage = next(r for r in chain if r["kind"] == "event" and r["data"]["type"] == "damage")
    assert damage["data"]["about"]["target"] == crawler and damage["rule"] == "hs.combat"
    assert [r["rule"] for r in chain[-2:]] == ["hs.assume.death_phase", "hs.death"]
    # the graph of causes draws the same link, so tt.why on it walks the same way
    graph = game.trace.graph()
    check = chain[-2]["i"]
    assert graph.edges[damage["i"], check]["kind"] == "because"
    assert [n for n in tt.why(graph, death["i"]).nodes] == [r["i"] for r in chain]
    # the damage the dying minion dealt (as the source) is not what killed it: not a cause of its death
    dealt = [r["i"] for r in records if r["kind"] == "event" and r["data"].get("about", {}).get("source") == crawler]
    assert dealt and not set(dealt) & set(check_causes(game, check))


def check_causes(game, check):
    return game.trace.records[check]["data"].get("because", [])
