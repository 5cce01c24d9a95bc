"""Cards and combat from the text (000_7fc8e0fd1bcbc422.txt L23-L68) and the keyword assumptions."""

import pytest
from hsx import RB, atk, hero, hp, options, position, reopen

import tabletop as tt
from tabletop.games.hearthstone import engine as E


def card(game, oid):
    return game.state.objects[oid]["card"]


def test_combat_damage_is_mutual_and_simultaneous():
    # 000_7fc8e0fd1bcbc422.txt L68: attacker and defender deal their attack to each other at the same time
    game, ids = position(board0=["mountain_yeti"], board1=["bog_crawler"])
    yeti, crawler = ids["board0"][0], ids["board1"][0]
    game.apply(f"attack:{yeti}>{crawler}")
    assert hp(game, yeti) == 5 - 3
    assert crawler not in game.state.zones["board:1"] and crawler in game.state.zones["grave:1"]


def test_both_die_when_both_take_lethal_damage():
    # 000_7fc8e0fd1bcbc422.txt L68: "if the attacker's health reaches 0, it also dies"
    game, ids = position(board0=["bog_crawler"], board1=["bog_crawler"])
    a, b = ids["board0"][0], ids["board1"][0]
    game.apply(f"attack:{a}>{b}")
    assert game.state.zones["board:0"] == () and game.state.zones["board:1"] == ()
    deaths = [r for r in game.trace if r["kind"] == "event" and r["data"].get("type") == "die"]
    assert len(deaths) == 2 and deaths[0]["cause"] == deaths[1]["cause"]  # one death phase, one batch


def test_spells_take_no_counter_damage():
    # 000_7fc8e0fd1bcbc422.txt L68: spells and abilities are not subject to counter-damage
    game, ids = position(hand0=["ice_shard"], board1=["mountain_yeti"])
    shard, yeti = ids["hand0"][0], ids["board1"][0]
    game.apply(f"play:{shard}>{yeti}")
    assert hp(game, yeti) == 2 and hp(game, hero(game, 0)) == 30
    assert game.state.players[0]["mana"] == 8  # L37-38: its cost is paid


def test_friendly_characters_cannot_be_attacked_but_the_hero_power_may_target_them():
    # 000_7fc8e0fd1bcbc422.txt L66
    game, ids = position(board0=["bog_crawler", "mountain_yeti"], board1=["footman_sentry"])
    mine = set(ids["board0"]) | {hero(game, 0)}
    for o in options(game, "attack:"):
        assert o.split(">")[1] not in mine
    powers = {o.split(">")[1] for o in options(game, "power>")}
    assert mine <= powers  # the mage's power may hit friendly characters (L35, L66)


def test_summoning_sickness_and_charge():
    # 000_7fc8e0fd1bcbc422.txt L27: a summoned minion cannot attack until the next turn; Charge: outside the text
    game, ids = position(hand0=["bog_crawler", "tusked_charger"])
    crawler, charger = ids["hand0"]
    game.apply(f"play:{crawler}@0").apply(f"play:{charger}@1")
    attackers = {o.split(":")[1].split(">")[0] for o in options(game, "attack:")}
    assert attackers == {charger}
    game.apply("end").apply("end")  # the opponent's turn, then ours again
    attackers = {o.split(":")[1].split(">")[0] for o in options(game, "attack:")}
    assert attackers == {crawler, charger}


def test_each_character_attacks_once_a_turn_and_actions_are_unlimited():
    # 000_7fc8e0fd1bcbc422.txt L67: any number of actions; hs.assume.attacks: each attacks once
    game, ids = position(board0=["bog_crawler", "mountain_yeti"], hand0=["footman_sentry"])
    a, b = ids["board0"]
    enemy = hero(game, 1)
    game.apply(f"attack:{a}>{enemy}")
    assert game.decision.player == 0 and game.decision.kind == "action"
    assert not options(game, f"attack:{a}>")
    game.apply(f"play:{ids['hand0'][0]}@0").apply(f"attack:{b}>{enemy}")
    assert hp(game, enemy) == 30 - 3 - 4
    assert hp(game, a) == 2 and hp(game, b) == 5  # hs.assume.hero_attack: an attacked hero strikes nothing back


def test_taunt_must_be_attacked_first_but_spells_may_pass_it():
    # hs.assume.taunt (outside the text)
    game, ids = position(board0=["bog_crawler"], board1=["footman_sentry", "mountain_yeti"], hand0=["ice_shard"])
    crawler = ids["board0"][0]
    sentry, yeti = ids["board1"]
    assert {o.split(">")[1] for o in options(game, f"attack:{crawler}>")} == {sentry}
    assert {f"play:{ids['hand0'][0]}>{t}" for t in (yeti, hero(game, 1))} <= set(game.legal())


def test_divine_shield_absorbs_the_first_damage():
    # hs.assume.divine_shield (outside the text)
    game, ids = position(board0=["bog_crawler"], board1=["argent_novice"])
    crawler, novice = ids["board0"][0], ids["board1"][0]
    game.apply(f"attack:{crawler}>{novice}")
    assert novice in game.state.zones["board:1"] and hp(game, novice) == 1
    assert not game.state.objects[novice]["shield"]
    assert hp(game, crawler) == 2 - 1  # the counter-damage still happens


def test_weapon_durability_and_one_weapon_at_a_time():
    # 000_7fc8e0fd1bcbc422.txt L31: durability -1 per attack, at 0 the weapon disappears; one weapon at a time
    game, ids = position(hand0=["silverblade", "silverblade"], mana=8, deck0="paladin")
    first, second = ids["hand0"]
    game.apply(f"play:{first}")
    enemy = hero(game, 1)
    game.apply(f"attack:{hero(game, 0)}>{enemy}")
    assert hp(game, enemy) == 26 and game.state.objects[first]["dur"] == 1
    game.apply(f"play:{second}")
    assert first in game.state.zones["grave:0"] and game.state.zones["weapon:0"] == (second,)
    assert not options(game, f"attack:{hero(game, 0)}")  # the hero attacked this turn already
    game.apply("end").apply("end")
    game.apply(f"attack:{hero(game, 0)}>{enemy}").apply("end").apply("end")
    game.apply(f"attack:{hero(game, 0)}>{enemy}")
    assert game.state.zones["weapon:0"] == () and second in game.state.zones["grave:0"]
    assert hp(game, enemy) == 30 - 12


def test_a_hero_attacking_a_minion_takes_counter_damage():
    # 000_7fc8e0fd1bcbc422.txt L68: "attacking minion/Hero" takes the defender's attack back
    game, ids = position(board1=["bog_crawler"], weapon0="silverblade")
    game.apply(f"attack:{hero(game, 0)}>{ids['board1'][0]}")
    assert hp(game, hero(game, 0)) == 27 and ids["board1"][0] in game.state.zones["grave:1"]


def test_hero_power_two_mana_once_a_turn_summons_on_the_right():
    # 000_7fc8e0fd1bcbc422.txt L35
    game, ids = position(board0=["bog_crawler", "mountain_yeti"], deck0="paladin")
    game.apply("power")
    row = game.state.zones["board:0"]
    assert row[:2] == tuple(ids["board0"]) and card(game, row[2]) == "squire"
    assert game.state.players[0]["mana"] == 8
    assert not options(game, "power")


def test_board_limit_seven():
    # 000_7fc8e0fd1bcbc422.txt L26: at most seven minions; a minion summoned beyond the limit is destroyed
    game, ids = position(
        board0=["bog_crawler"] * 6, hand0=["footman_sentry", "leeroy_jenkins"], board1=["bog_crawler"] * 6
    )
    game.apply(f"play:{ids['hand0'][0]}@0")
    assert len(game.state.zones["board:0"]) == 7
    assert not [o for o in options(game, "play:") if ids["hand0"][1] in o]  # hs.assume.board_full
    # the opponent's board takes one whelp of Leeroy; the second is destroyed
    game2, ids2 = position(board0=["bog_crawler"], hand0=["leeroy_jenkins"], board1=["bog_crawler"] * 6)
    game2.apply(f"play:{ids2['hand0'][0]}@0")
    whelps = [o for o in game2.state.zones["board:1"] if card(game2, o) == "whelp"]
    assert len(game2.state.zones["board:1"]) == 7 and len(whelps) == 1
    assert any("the board is full" in r["summary"] and r["rule"] == "hs.board_limit" for r in game2.trace)


def test_adjacent_is_about_the_position_chosen():
    # 000_7fc8e0fd1bcbc422.txt L50: adjacent = directly left and right; you choose the position
    game, ids = position(board0=["bog_crawler", "mountain_yeti", "footman_sentry"], hand0=["argus_defender"])
    crawler, yeti, sentry = ids["board0"]
    argus = ids["hand0"][0]
    assert {f"play:{argus}@{k}" for k in range(4)} <= set(game.legal())
    game.apply(f"play:{argus}@2")  # between the yeti and the sentry
    assert game.state.zones["board:0"] == (crawler, yeti, argus, sentry)
    assert (atk(game, yeti), hp(game, yeti)) == (5, 6) and game.state.objects[yeti]["taunt"]
    assert (atk(game, sentry), hp(game, sentry)) == (2, 3)
    assert (atk(game, crawler), hp(game, crawler)) == (3, 2) and not game.state.objects[crawler]["taunt"]


def test_an_adjacency_aura_follows_the_board():
    # 000_7fc8e0fd1bcbc422.txt L50, L52: the aura lasts while its source is in play (hs.assume.aura)
    game, ids = position(board0=["bog_crawler", "pack_wolf"], hand0=["footman_sentry"])
    crawler, wolf = ids["board0"]
    assert atk(game, crawler) == 4 and atk(game, wolf) == 2
    game.apply(f"play:{ids['hand0'][0]}@2")
    sentry = ids["hand0"][0]
    assert atk(game, sentry) == 2 and atk(game, crawler) == 4
    ex = game.explain(sentry, "attack")
    assert ex.value == 2 and [s.source for s in ex.steps if s.rule == "hs.assume.aura"] == [wolf]
    E.put(game.table, wolf, "grave:0")  # the wolf leaves: recomputed
    E.refresh_auras(game.table)
    assert atk(game, crawler) == 3 and atk(game, sentry) == 1


def test_damaged_enemy_minions_only():
    # 000_7fc8e0fd1bcbc422.txt L51: damaged = health below maximum; L47: enemy
    game, ids = position(
        hand0=["finishing_blow"], board1=["mountain_yeti", "bog_crawler"], board0=["footman_sentry"], deck0="paladin"
    )
    yeti, _crawler = ids["board1"]
    blow = ids["hand0"][0]
    assert not options(game, f"play:{blow}")  # nothing is damaged: no legal target
    game.state.objects[yeti] = {**game.state.objects[yeti], "dmg": 1}
    reopen(game)
    assert options(game, f"play:{blow}") == [f"play:{blow}>{yeti}"]
    game.apply(f"play:{blow}>{yeti}")
    assert yeti in game.state.zones["grave:1"]


def test_enemy_friendly_and_character_areas():
    # 000_7fc8e0fd1bcbc422.txt L47-L49: enemy, friendly, character
    game, ids = position(hand0=["arcane_burst", "ice_shard"], board0=["bog_crawler"], board1=["mountain_yeti"] * 2)
    burst, shard = ids["hand0"]
    game.apply(f"play:{burst}")
    assert [hp(game, o) for o in ids["board1"]] == [4, 4] and hp(game, ids["board0"][0]) == 2
    assert hp(game, hero(game, 1)) == 30
    targets = {o.split(">")[1] for o in options(game, f"play:{shard}>")}
    assert targets == {hero(game, 0), hero(game, 1), *ids["board0"], *ids["board1"]}


def test_knife_juggler_before_leeroys_whelps():
    # 000_7fc8e0fd1bcbc422.txt L68: the Juggler's 1 damage happens before Leeroy's minions enter the battlefield
    for seed in range(8):
        game, ids = position(board0=["knife_juggler"], hand0=["leeroy_jenkins"], board1=["mountain_yeti"])
        game.state.rng.clear()
        game.table.seed = seed
        leeroy = ids["hand0"][0]
        game.apply(f"play:{leeroy}@1")
        damage = [r for r in game.trace if r["kind"] == "event" and r["data"].get("type") == "damage"]
        assert len(damage) == 1
        target = damage[0]["summary"].split(" to ")[1]
        assert "Whelp" not in target
        whelps = [o for o in game.state.zones["board:1"] if card(game, o) == "whelp"]
        assert len(whelps) == 2 and all(hp(game, w) == 1 for w in whelps)
        order = [r["summary"] for r in game.trace if r["kind"] == "resolution"]
        assert order[0].startswith("Knife Juggler") and order[1].startswith("Battlecry")


def test_the_same_play_under_a_profile_where_the_player_orders_triggers():
    # hs.order_of_play is the text's claim (L68); under another profile the battlecry may go first and
    # the whelps become targets of the Juggler
    profile = RB.profile.replace(ordering="controller_chooses")
    game, ids = position(board0=["knife_juggler"], hand0=["leeroy_jenkins"], profile=profile, chance="manual")
    game.apply(f"play:{ids['hand0'][0]}@1")
    assert game.decision.kind == "order_triggers"
    labels = sorted(o.label.split(" (")[0] for o in game.decision.options)
    assert labels == ["Battlecry", "Knife Juggler"]
    battlecry = next(o.id for o in game.decision.options if o.label.startswith("Battlecry"))
    game.apply(battlecry)
    whelps = [o for o in game.state.zones["board:1"] if card(game, o) == "whelp"]
    assert game.decision.kind == "random_target" and len(whelps) == 2
    assert set(whelps) <= set(game.decision.ids)  # now the Juggler may hit a whelp
    report = tt.orderings(
        position(board0=["knife_juggler"], hand0=["leeroy_jenkins"], profile=profile)[0].apply(
            f"play:{ids['hand0'][0]}@1"
        )
    )
    assert report.order_dependent


def test_sword_of_justice_buffs_each_summoned_minion_and_wears_out():
    # 000_7fc8e0fd1bcbc422.txt L32: +1/+1 to each summoned minion, losing 1 durability each time
    game, ids = position(hand0=["footman_sentry", "bog_crawler"], weapon0="sword_of_justice", deck0="paladin")
    sentry, crawler = ids["hand0"]
    sword = ids["weapon0"][0]
    game.apply(f"play:{sentry}@0").apply(f"play:{crawler}@1").apply("power")
    squire = game.state.zones["board:0"][2]
    assert [(atk(game, o), hp(game, o)) for o in (sentry, crawler, squire)] == [(2, 3), (4, 3), (2, 2)]
    assert game.state.objects[sword]["dur"] == 2


def test_a_turn_of_several_deaths_in_two_death_phases():
    # hs.assume.death_phase: deaths wait for the outermost action; Deathrattles queue in order of play
    game = RB.scenario("death-chain")
    st = game.state
    crawler = st.zones["board:0"][0]
    golem, abom, gnome = st.zones["board:1"]
    hand1 = len(st.zones["hand:1"])
    game.apply(f"attack:{crawler}>{abom}")
    assert {crawler, abom, golem, gnome} <= set(st.zones["grave:0"]) | set(st.zones["grave:1"])
    heap = [o for o in st.zones["board:1"] if card(game, o) == "scrap_heap"]
    assert len(heap) == 1 and len(st.zones["hand:1"]) == hand1 + 1  # Scrap Golem's and Loot Gnome's deathrattles
    assert hp(game, hero(game, 0)) == 28 and hp(game, hero(game, 1)) == 28
    checks = [r for r in game.trace if r["kind"] == "check"]
    assert len(checks) == 2  # two death phases
    rattles = [r["summary"] for r in game.trace if r["kind"] == "resolution" and "Deathrattle" in r["summary"]]
    assert [s.split("(")[1].split(")")[0] for s in rattles] == [abom, golem, gnome]  # order of play


def test_the_coin_gives_one_mana_this_turn():
    # hs.assume.the_coin (outside the text; L1508 names the card only)
    game, ids = position(hand0=["the_coin"], mana=3)
    game.apply(f"play:{ids['hand0'][0]}")
    assert game.state.players[0]["mana"] == 4
    game.apply("end").apply("end")
    assert game.state.players[0]["mana"] == 10


def test_king_mukla_gives_two_bananas_and_the_hand_limit_holds():
    # 000_7fc8e0fd1bcbc422.txt L24; hs.assume.hand_limit (outside the text)
    game, ids = position(hand0=["king_mukla"], hand1=["bog_crawler"] * 9)
    game.apply(f"play:{ids['hand0'][0]}@0")
    hand1 = [card(game, o) for o in game.state.zones["hand:1"]]
    assert hand1.count("banana") == 1 and len(hand1) == 10
    assert [card(game, o) for o in game.state.zones["grave:1"]] == ["banana"]


@pytest.mark.parametrize("scenario", sorted(RB.scenarios))
def test_every_scenario_opens_an_action(scenario):
    game = RB.scenario(scenario)  # only the normal start (duel) opens with the mulligan (L1509)
    assert game.decision is not None and game.decision.kind == ("mulligan" if scenario == "duel" else "action")


def test_a_battlecry_with_a_chosen_target():
    # hs.assume.battlecry; 000_7fc8e0fd1bcbc422.txt L48: friendly
    game, ids = position(hand0=["sun_cleric", "sun_cleric"], board1=["bog_crawler"])
    first, second = ids["hand0"]
    game.apply(f"play:{first}@0")  # no friendly minion yet: no target to ask for, the Battlecry does nothing
    assert game.decision.kind == "action" and (atk(game, first), hp(game, first)) == (3, 2)
    game.apply(f"play:{second}@1")
    assert game.decision.kind == "target" and game.decision.ids == [first]  # not the enemy's, not itself
    game.apply(first)
    assert (atk(game, first), hp(game, first)) == (4, 3) and (atk(game, second), hp(game, second)) == (3, 2)
    assert game.state.players[0]["mana"] == 4


def test_a_defending_hero_strikes_back_only_under_the_literal_reading():
    # 000_7fc8e0fd1bcbc422.txt L68 "the defender's attack is subtracted from the attacker's health";
    # hs.assume.hero_attack: the real game's defending hero deals nothing back (the default)
    for literal, expected in ((False, 2), (True, 2 - 4)):
        game, ids = position(board0=["bog_crawler"], defending_hero_strikes_back=literal)
        crawler = ids["board0"][0]
        silverblade = E.new_card(game.table, 1, "silverblade", "weapon:1", atk=4, dur=2)
        game.apply(f"attack:{crawler}>{hero(game, 1)}")
        assert hp(game, hero(game, 1)) == 27
        if expected > 0:
            assert hp(game, crawler) == expected
        else:
            assert crawler in game.state.zones["grave:0"]
        assert game.state.objects[silverblade]["dur"] == 2  # defending does not wear the weapon (L31: per attack)
