"""Triggering conditions (L823-825) and the constant check (L583), from 000_7fc8e0fd1bcbc422.txt."""

import pytest
from mc import RB, E, encounter_deck, known, reopen, sandbox, summaries

import tabletop as tt


def thug_at_one_hit_point(**options):
    """Scenario damage-and-defeat: Aegis (ATK 2) faces a Marauder Thug with 1 hit point left; Informant Network
    ('after an enemy is defeated') and Pressure Point ('after an enemy takes damage') are in play."""
    game = RB.new_game(seed=0, players=1, scenario="damage-and-defeat", **options)
    hero = E.identity(game, 0)
    informant, pressure = game.state.zone("play:0")[1:3]
    thug = game.state.zone("play:engaged:0")[0]
    assert E.name_of(game, informant) == "Informant Network" and E.name_of(game, pressure) == "Pressure Point"
    return game, hero, informant, pressure, thug


def test_l825_the_damage_and_the_defeat_of_one_attack_are_one_batch():
    # 000_7fc8e0fd1bcbc422.txt L825: "one attack in which a character takes damage and is defeated"
    game, hero, _, _, thug = thug_at_one_hit_point()
    since = len(game.trace)
    game.apply(f"attack:{hero}>{thug}")
    recs = game.trace.records[since:]
    events = [r for r in recs if r["kind"] == "event"]
    damage = next(r for r in events if r["summary"] == "2 attack damage to Marauder Thug")
    defeat = next(r for r in events if r["summary"] == "Marauder Thug is defeated")
    assert defeat["rule"] == "mc.triggering_condition"
    between = recs[recs.index(damage) + 1 : recs.index(defeat)]
    assert not any(r["kind"] in ("window", "check") for r in between)  # no window and no check in between
    assert game.state.objects[thug]["zone"] == "enc:discard"


@pytest.mark.parametrize("first", ["Informant Network", "Pressure Point"])
def test_l825_abilities_about_either_condition_share_one_response_window_in_any_order(first):
    # 000_7fc8e0fd1bcbc422.txt L825: "one interrupt window and one response window ... in any order"
    game, hero, informant, pressure, thug = thug_at_one_hit_point()
    hand = len(game.state.zone("hand:0"))
    game.apply(f"attack:{hero}>{thug}")
    d = game.decision
    assert (d.player, d.kind, d.rule) == (0, "window", "mc.response")
    offered = {o.label for o in d.options}
    assert offered == {
        f"use Informant Network (Response) ({informant})",
        f"use Pressure Point (Response) ({pressure})",
        "pass",
    }
    # the thug is already defeated while the damage response is still open
    assert game.state.objects[thug]["zone"] == "enc:discard"
    game.apply(next(o.id for o in d.options if o.label.startswith(f"use {first}")))
    d = game.decision
    assert d.kind == "window" and len(d.options) == 2  # the other one, still in the same window, and pass
    game.apply(next(o.id for o in d.options if o.id != "pass"))
    assert E.threat_of(game, E.main_scheme(game)) == 3  # Pressure Point resolved
    assert len(game.state.zone("hand:0")) == hand + 1  # Informant Network drew a card
    assert game.decision.kind == "action"


def test_l825_damage_prevented_before_it_is_dealt_cancels_the_defeat_that_came_with_it():
    # L825 with L762: a tough status card prevents all of the damage, so the occurrence defeats nobody
    game, hero, _, _, thug = thug_at_one_hit_point()
    game.state.update(hero, damage=10)  # 1 hit point left: the thug's When Defeated (1 damage) would defeat Aegis
    E.give_status(game.table, hero, "tough", "mc.tough")
    reopen(game)
    since = len(game.trace)
    game.apply(f"attack:{hero}>{thug}")
    steps = summaries(game, since=since)
    assert "cancelled: Aegis is defeated" in steps
    assert not any(s.startswith("response window after Aegis is defeated") for s in steps)
    assert not game.state.players[0].get("out") and game.state.objects[hero]["damage"] == 10


def test_l583_a_defeat_no_single_event_causes_is_found_by_the_constant_check():
    # 000_7fc8e0fd1bcbc422.txt L583: the game constantly checks; L551: the lasting +2 hit points end with the round
    game = sandbox(1)
    encounter_deck(game, ["dampening_field"] * 6)
    hero = E.identity(game, 0)
    vigil = known(game.table, "rooftop_vigil", "play:0", 0)  # would remove threat at the end of the round
    game.table.add_modifier(hero, "hp", "add", 2, until="round", rule="mc.lasting")
    game.state.update(hero, damage=12)  # 13 hit points while the effect lasts: 1 left
    reopen(game)
    since = len(game.trace)
    while game.decision is not None:
        d = game.decision
        game.apply("end" if d.kind == "action" else ("pass" if "pass" in d.ids else d.ids[0]))
    recs = game.trace.records[since:]
    expire = next(i for i, r in enumerate(recs) if r["kind"] == "expire")
    check = next(i for i, r in enumerate(recs) if r["kind"] == "check" and i > expire)
    defeat = next(r for r in recs[check:] if r["kind"] == "event" and r["summary"] == "Aegis is defeated")
    assert recs[check]["rule"] == "mc.assume.state_checks" and defeat["rule"] == "mc.assume.state_checks"
    assert game.state.result is not None and game.state.players[0].get("out")
    # checked before anything responds to the end of the round: Rooftop Vigil never resolves
    assert not any(r["kind"] == "resolution" and r.get("data", {}).get("ability", "").startswith(vigil) for r in recs)


def test_l825_option_state_check_shows_what_the_one_window_changes():
    """Variant defeat_timing='state_check': the damage's window closes before the check defeats the thug, so
    Pressure Point can only be used before Informant Network, never after it."""
    game, hero, _, pressure, thug = thug_at_one_hit_point(defeat_timing="state_check")
    game.apply(f"attack:{hero}>{thug}")
    d = game.decision
    assert d.kind == "window" and {o.label for o in d.options} == {
        f"use Pressure Point (Response) ({pressure})",
        "pass",
    }
    assert game.state.objects[thug]["zone"] == "play:engaged:0"  # not yet defeated during the damage's window


def test_l825_the_consequential_damage_scenario_under_both_readings():
    """L350: consequential damage follows the attack. With L825 the thug's When Defeated resolves with its damage
    and the officer's healing comes last; with the state-check reading both defeats wait for one check and the
    first player orders their When Defeated abilities (L464)."""
    outcomes = {}
    for timing in ("with_damage", "state_check"):
        game = RB.new_game(seed=0, players=1, scenario="consequential-damage", defeat_timing=timing)
        officer, thug = game.state.zone("play:0")[1], game.state.zone("play:engaged:0")[0]
        game.apply(f"attack:{officer}>{thug}")
        if timing == "state_check":
            assert game.decision.kind == "order_triggers" and game.decision.player == 0
            report = tt.orderings(game)
            outcomes[timing] = sorted(o.game.state.objects[E.identity(o.game, 0)]["damage"] for o in report.outcomes)
        else:
            assert game.decision.kind == "action"
            outcomes[timing] = [game.state.objects[E.identity(game, 0)]["damage"]]
    assert outcomes == {"with_damage": [0], "state_check": [0, 1]}
