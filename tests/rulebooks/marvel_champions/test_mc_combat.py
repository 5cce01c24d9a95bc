"""Values and combat, from 000_7fc8e0fd1bcbc422.txt: modifiers (L582-588), attack and defence (L307-313,
L385-390, L415-423), damage and defeat, consequential and indirect damage, keywords and statuses (L484-485,
L609-611, L624-625, L665-666, L707-710, L758-780, L805-806, L843-844)."""

import pytest
from mc import RB, E, drive, encounter_deck, known, passive, reopen, rules_cited, sandbox, summaries, to_villain_phase


def hp(game, oid):
    return E.remaining_hp(game, oid)


# ---------------------------------------------------------------- modifiers
def test_l585_additions_before_halving_and_l588_round_up():
    game = sandbox(1)
    v = E.villain(game)  # ATK 1
    game.table.add_modifier(v, "atk", "div", 2, rule="mc.modifiers")  # applied first in time ...
    game.table.add_modifier(v, "atk", "add", 2, rule="mc.modifiers")  # ... but additions go before halving
    assert game.value(v, "atk") == 2  # (1 + 2) / 2 = 1.5, rounded up
    steps = [s.op for s in game.explain(v, "atk").steps]
    assert steps == ["base", "add", "div", "round"]


def test_l586_set_overrides_and_the_last_set_wins():
    game = sandbox(1)
    v = E.villain(game)
    game.table.add_modifier(v, "atk", "set", 5, rule="mc.modifiers")
    game.table.add_modifier(v, "atk", "add", 3, rule="mc.modifiers")
    game.table.add_modifier(v, "atk", "set", 2, rule="mc.modifiers")
    assert game.value(v, "atk") == 2


def test_l587_negative_values_become_zero():
    game = sandbox(1)
    v = E.villain(game)
    game.table.add_modifier(v, "atk", "sub", 4, rule="mc.modifiers")
    assert game.value(v, "atk") == 0
    assert game.explain(v, "atk").steps[-1].op == "floor"


def test_l584_values_are_recomputed_from_base_when_a_modifier_ends():
    game = RB.scenario("replacement-vs-prevention")  # Dampening Field halved ATK until the end of round 1
    hero = E.identity(game, 0)
    assert game.value(hero, "atk") == 2 and not game.state.modifiers


def test_dampening_field_halves_the_hero_atk_rounded_up_for_the_round():
    game = sandbox(1)
    hero = E.identity(game, 0)
    known(game.table, "haymaker", "hand:0", 0)
    game.table.add_modifier(hero, "atk", "add", 1, rule="mc.modifiers")
    game.table.add_modifier(hero, "atk", "div", 2, until="round", rule="mc.lasting")
    assert game.value(hero, "atk") == 2  # (2 + 1) / 2 = 1.5 -> 2


def test_l622_per_player_hit_points_count_the_players_who_started():
    assert RB.new_game(seed=0, players=1).value("c2", "hp") == 8
    two = RB.new_game(seed=0, players=2)
    assert two.value(E.villain(two), "hp") == 16
    assert E.target_threat(two, E.main_scheme(two)) == 14


# ---------------------------------------------------------------- attack and consequential damage
def test_l309_the_hero_attacks_for_its_atk_and_exhausts():
    game = sandbox(1)
    hero, v = E.identity(game, 0), E.villain(game)
    game.apply(f"attack:{hero}>{v}")
    assert game.state.objects[v]["damage"] == 2 and game.state.objects[hero]["exhausted"]
    assert f"attack:{hero}>{v}" not in game.legal()  # L446: exhausted, it cannot be used again


def test_l350_consequential_damage_comes_after_the_attack_and_its_defeat_l825():
    """The attack's damage and the thug's defeat are one occurrence (L825): the thug's When Defeated resolves in
    its response window. Consequential damage comes after the ally attacked (L350), a later occurrence: the
    officer's defeat and its When Defeated follow, so its healing is not wasted."""
    game = RB.scenario("consequential-damage")
    officer, thug = game.state.zone("play:0")[1], game.state.zone("play:engaged:0")[0]
    since = len(game.trace)
    game.apply(f"attack:{officer}>{thug}")
    assert game.state.objects[officer]["zone"] == "discard:0" and game.state.objects[thug]["zone"] == "enc:discard"
    steps = summaries(game, since=since)
    order = [
        "1 attack damage to Marauder Thug",
        "Marauder Thug is defeated",
        "Marauder Thug (When Defeated) (c7) resolves",
        "1 effect damage to Aegis",
        "1 consequential damage to Patrol Officer",
        "Patrol Officer is defeated",
        "Patrol Officer (When Defeated) (c6) resolves",
        "heal 1 on Aegis",
    ]
    assert [s for s in steps if s in order] == order
    assert "mc.consequential" in rules_cited(game, since)
    assert game.decision.kind == "action"  # no ordering decision: one When Defeated per occurrence
    assert game.state.objects[E.identity(game, 0)]["damage"] == 0


def test_l293_consequential_damage_is_ordinary_damage_tough_prevents_it():
    game = sandbox(1)
    sentinel = known(game.table, "iron_sentinel", "play:0", 0)  # toughness: enters with a tough status card
    reopen(game)
    game.apply(f"attack:{sentinel}>{E.villain(game)}")
    assert game.state.objects[sentinel]["damage"] == 0 and "tough" not in E.status_cards(game, sentinel)


def test_l521_indirect_damage_is_divided_and_never_beyond_defeat():
    game = sandbox(2, chance="manual")
    officer = known(game.table, "patrol_officer", "play:0", 0, damage=1)  # 1 hit point left
    encounter_deck(game, ["cornered"])
    reopen(game)
    drive(
        game,
        lambda d: ("cornered" if "cornered" in d.ids else d.ids[0]) if d.player == "chance" else passive(d),
        lambda g: g.decision.kind == "indirect",
    )
    d = game.decision
    assert d.player == 0 and d.rule == "mc.indirect" and set(d.ids) == {E.identity(game, 0), officer}
    game.apply(officer)
    assert game.decision.ids == [E.identity(game, 0)]  # the officer cannot take more than defeats it
    game.apply(E.identity(game, 0))
    game.apply(E.identity(game, 0))
    drive(game, passive, lambda g: g.state.objects[officer]["zone"] != "play:0")
    assert game.state.objects[officer]["zone"] == "discard:0"
    assert game.state.objects[E.identity(game, 0)]["damage"] >= 2


# ---------------------------------------------------------------- defence
def test_l387_a_hero_defender_reduces_the_damage_by_def():
    game = sandbox(1)
    encounter_deck(game, ["marauder_thug"] * 4)  # boost 1: ATK 1 + 1 = 2, DEF 2 -> 0 damage
    reopen(game)
    to_villain_phase(game)
    game.apply(E.identity(game, 0))
    assert game.state.objects[E.identity(game, 0)]["damage"] == 0
    assert game.state.objects[E.identity(game, 0)]["exhausted"]


def test_l390_a_player_who_defends_another_players_attack_becomes_the_target():
    game = sandbox(2)
    ally = known(game.table, "patrol_officer", "play:1", 1)
    encounter_deck(game, ["dampening_field"] * 6)
    reopen(game)
    to_villain_phase(game)
    assert game.decision.player == 0 and game.decision.kind == "defend"
    game.apply("no")
    assert game.decision.player == 1 and ally in game.decision.ids and E.identity(game, 1) not in game.decision.ids
    game.apply(ally)
    assert game.state.objects[ally]["damage"] == 1
    assert "player 1 defends: they become the target of the attack" in [r["summary"] for r in game.trace.records]


def test_l610_overkill_excess_goes_from_a_defending_ally_to_its_hero():
    game = sandbox(1)
    st = game.state
    hero = E.identity(game, 0)
    st.update(hero, exhausted=True)
    ally = known(game.table, "field_medic", "play:0", 0, damage=1)  # 1 left
    trooper = known(game.table, "shock_trooper", "play:engaged:0", None)
    game.table.add_modifier(trooper, "atk", "add", 2, rule="mc.modifiers")  # ATK 3, overkill
    encounter_deck(game, ["dampening_field"] * 6)
    reopen(game)
    to_villain_phase(game)
    game.apply("no")  # nobody defends against the villain
    before = st.objects[hero]["damage"]
    assert game.decision.kind == "defend" and ally in game.decision.ids
    game.apply(ally)
    assert st.objects[ally]["zone"] == "discard:0"
    assert st.objects[hero]["damage"] - before == 2 and "mc.overkill" in rules_cited(game)


@pytest.mark.parametrize(("option", "excess"), [("no_excess", 0), ("excess", 2)])
def test_tough_vs_overkill_is_an_option(option, excess):
    game = sandbox(1, tough_overkill=option)
    st = game.state
    hero = E.identity(game, 0)
    st.update(hero, exhausted=True)
    ally = known(game.table, "iron_sentinel", "play:0", 0, damage=2)  # 1 left, tough
    trooper = known(game.table, "shock_trooper", "play:engaged:0", None)
    game.table.add_modifier(trooper, "atk", "add", 2, rule="mc.modifiers")
    encounter_deck(game, ["dampening_field"] * 6)
    reopen(game)
    to_villain_phase(game)
    game.apply("no")
    before = st.objects[hero]["damage"]
    game.apply(ally)
    assert st.objects[hero]["damage"] - before == excess
    assert st.objects[ally]["zone"] == "play:0"  # tough prevented all of it


def test_l611_overkill_on_a_defeated_minion_carries_to_the_villain():
    game = sandbox(1)
    known(game.table, "haymaker", "hand:0", 0)
    known(game.table, "energy_cell", "hand:0", 0)
    thug = known(game.table, "marauder_thug", "play:engaged:0", None)  # 3 hit points
    reopen(game)
    game.apply(next(i for i in game.legal() if i.startswith("play:")))
    game.apply(game.decision.ids[0])
    assert game.decision.kind == "target" and E.villain(game) not in game.decision.ids  # guard (L485)
    game.apply(thug)
    assert game.state.objects[E.villain(game)]["damage"] == 1


# ---------------------------------------------------------------- statuses
def test_l766_a_stunned_hero_discards_the_card_instead_of_attacking():
    game = sandbox(1)
    hero, v = E.identity(game, 0), E.villain(game)
    E.give_status(game.table, hero, "stunned", "mc.stunned")
    reopen(game)
    game.apply(f"attack:{hero}>{v}")
    assert game.state.objects[v]["damage"] == 0
    assert game.state.objects[hero]["exhausted"]  # the cost is still paid
    assert "stunned" not in E.status_cards(game, hero)


@pytest.mark.parametrize(("option", "boosts"), [("replaced_whole", 0), ("deal_boost", 1)])
def test_l767_a_stunned_villain_discards_the_card_instead_of_attacking(option, boosts):
    game = sandbox(1, stunned_boost=option)
    v = E.villain(game)
    E.give_status(game.table, v, "stunned", "mc.stunned")
    encounter_deck(game, ["dampening_field"] * 6)
    reopen(game)
    drive(game, passive, lambda g: g.state.turn["round"] == 2)
    assert game.state.objects[E.identity(game, 0)]["damage"] == 0
    assert "stunned" not in E.status_cards(game, v)
    dealt = [r for r in game.trace.records if r["rule"] == "mc.enemy_attack.1"]
    assert len(dealt) == boosts


def test_l764_a_confused_hero_discards_the_card_instead_of_thwarting():
    game = sandbox(1)
    hero, ms = E.identity(game, 0), E.main_scheme(game)
    game.state.update(ms, threat=3)
    E.give_status(game.table, hero, "confused", "mc.confused")
    reopen(game)
    game.apply(f"thwart:{hero}>{ms}")
    assert E.threat_of(game, ms) == 3 and "confused" not in E.status_cards(game, hero)


def test_l761_one_status_card_of_each_type():
    game = sandbox(1)
    hero = E.identity(game, 0)
    E.give_status(game.table, hero, "tough", "mc.tough")
    E.give_status(game.table, hero, "tough", "mc.tough")
    assert len(game.state.zone("play:status")) == 1


# ---------------------------------------------------------------- keywords
def test_l710_retaliate_and_the_boost_star_give_the_villain_tough_first():
    game = RB.scenario("boost-after-defence")
    sentinel = next(c for c in game.state.zone("play:0") if E.card_of(game, c)["name"] == "Iron Sentinel")
    game.apply(sentinel)
    assert game.decision.kind == "order_triggers"
    v = E.villain(game)
    assert "tough" in E.status_cards(game, v)  # from the star boost ability (L321)
    retaliate = next(o.id for o in game.decision.options if "Retaliate" in o.label)
    game.apply(retaliate)
    while game.decision.kind == "order_triggers":
        game.apply(game.decision.ids[0])
    assert any(r["rule"] == "mc.retaliate" and r["kind"] == "action" for r in game.trace.records)
    assert game.state.objects[v]["damage"] == 0 and "tough" not in E.status_cards(game, v)


def test_l710_retaliate_needs_the_character_to_be_attacked_and_survive():
    game = RB.scenario("boost-after-defence")
    game.apply(E.identity(game, 0))  # the hero defends: it has no retaliate
    labels = [o.label for o in game.decision.options] if game.decision.kind == "order_triggers" else []
    assert not any("Retaliate" in x for x in labels)


def test_l485_guard_protects_the_villain_until_the_minion_is_gone():
    from tabletop.games.marvel_champions.turn import attack_targets

    game = sandbox(1)
    hero, v = E.identity(game, 0), E.villain(game)
    thug = known(game.table, "marauder_thug", "play:engaged:0", None, damage=1)
    reopen(game)
    assert f"attack:{hero}>{v}" not in game.legal() and f"attack:{hero}>{thug}" in game.legal()
    game.apply(f"attack:{hero}>{thug}")  # 2 damage: the thug (3 hit points) is defeated
    assert game.state.objects[thug]["zone"] == "enc:discard"
    assert v in attack_targets(game, 0)


@pytest.mark.parametrize(
    ("reading", "guarded_villain_attackable"), [("villain", False), ("villains_without_guard", True)]
)
def test_l485_guard_readings(monkeypatch, reading, guarded_villain_attackable):
    """mc.guard, mc.assume.guard, 000 L485 ("cannot attack villains without this keyword"): under both readings an
    engaged guard minion protects a villain without guard, and minions stay attackable; a villain that has guard
    itself is protected by default (option guard='villain') and may be attacked under the literal reading
    ('villains_without_guard')."""
    from tabletop.games.marvel_champions import data
    from tabletop.games.marvel_champions.turn import attack_targets

    game = sandbox(1, guard=reading)
    hero, v = E.identity(game, 0), E.villain(game)
    thug = known(game.table, "marauder_thug", "play:engaged:0", None)
    sniper = known(game.table, "marauder_sniper", "play:engaged:0", None)  # no guard
    reopen(game)
    assert v not in attack_targets(game, 0) and {thug, sniper} <= set(attack_targets(game, 0))
    assert f"attack:{hero}>{v}" not in game.legal() and f"attack:{hero}>{sniper}" in game.legal()
    card = data.CARDS[game.state.objects[v]["card"]]  # give this villain stage guard (no shipped villain has it)
    monkeypatch.setitem(data.CARDS, card["id"], {**card, "keywords": {**card.get("keywords", {}), "guard": True}})
    reopen(game)
    assert (v in attack_targets(game, 0)) is guarded_villain_attackable
    assert (f"attack:{hero}>{v}" in game.legal()) is guarded_villain_attackable
    assert {thug, sniper} <= set(attack_targets(game, 0))


@pytest.mark.parametrize(("form", "attacks"), [("hero", 1), ("alter_ego", 0)])
def test_l666_quickstrike_attacks_a_hero_on_engaging(form, attacks):
    """mc.assume.quickstrike: after the sniper engages a player in hero form, it attacks them at once."""
    game = sandbox(1)
    game.state.update_player(0, form=form)
    encounter_deck(game, ["marauder_sniper"] * 2)  # one is the villain's boost card, one is dealt
    reopen(game)
    drive(game, passive, lambda g: any(r["rule"] == "mc.villain_phase.5" for r in g.trace.records))
    sniper_attacks = [
        r for r in game.trace.records if r["kind"] == "event" and r["summary"].startswith("Marauder Sniper attacks")
    ]
    assert any(r["rule"] == "mc.engaged" for r in game.trace.records)
    assert len(sniper_attacks) == attacks


def test_l780_surge_reveals_another_card_and_l402_an_empty_deck_is_reshuffled():
    game = sandbox(1, chance="manual")
    game.state.update_player(0, form="alter_ego")
    encounter_deck(game, ["sabotage", "dampening_field"])
    reopen(game)

    def answer(d):
        if d.player == "chance":
            return "dampening_field" if "dampening_field" in d.ids and "sabotage" in d.ids else d.ids[0]
        return passive(d)

    drive(game, answer, lambda g: any(r["rule"] == "mc.villain_phase.5" for r in g.trace.records))
    reveals = [r["summary"] for r in game.trace.records if r["kind"] == "event" and " reveals " in r["summary"]]
    assert reveals == ["player 0 reveals Sabotage", "player 0 reveals Dampening Field"]
    assert "mc.surge" in rules_cited(game) and "mc.encounter_deck_empty" in rules_cited(game)
    assert game.state.vars["accel_tokens"] == 1


def test_l780_a_surging_treachery_is_discarded_before_the_additional_card_so_a_reshuffle_includes_it():
    """mc.surge, 000 L779-780 ("finish resolving the original card before revealing the additional card"), with
    L716/L814 (a resolved treachery is discarded) and L402 (mc.encounter_deck_empty): two Sabotages (surge) and
    one other card. The first Sabotage resolves with exactly one card left in the encounter deck (the second
    Sabotage, its additional card); the second surges with the deck empty, so the reshuffle must hold both
    Sabotages (already discarded) and the boost card."""
    game = sandbox(1, chance="manual")
    game.state.update_player(0, form="alter_ego")
    encounter_deck(game, ["dampening_field", "sabotage", "sabotage"])
    reopen(game)
    draws = []  # (cards left in the encounter deck, the cards the draw may give)

    def answer(d):
        if d.player == "chance" and "encounter" in d.prompt:
            draws.append((len(game.state.zone("enc:deck")), sorted(d.ids), [o.probability for o in d.options]))
            if len(draws) == 1:
                return "dampening_field"  # the villain's boost card; Sabotage is dealt to player 0
            return "sabotage" if "sabotage" in d.ids else d.ids[0]
        return passive(d)

    drive(game, answer, lambda g: any(r["rule"] == "mc.villain_phase.5" for r in g.trace.records))
    assert draws[2][0] == 1  # the first Sabotage's additional card: the last card of the deck
    after = draws[3]  # the second Sabotage's additional card, from the reshuffled deck
    assert after[0] == 3 and after[1] == ["dampening_field", "sabotage"] and after[2] == [1 / 3, 2 / 3]
    assert game.state.vars["accel_tokens"] == 1
    reveals = [r["summary"] for r in game.trace.records if r["kind"] == "event" and " reveals " in r["summary"]]
    # both discarded Sabotages come back and surge in turn, until Dampening Field ends the chain
    assert reveals == ["player 0 reveals Sabotage"] * 4 + ["player 0 reveals Dampening Field"]
    assert "surges" not in game.state.vars


def test_l625_peril_keeps_other_players_out_of_the_windows():
    game = sandbox(2, chance="manual")
    for p in (0, 1):
        game.state.update_player(p, form="alter_ego")
    known(game.table, "null_field", "hand:1", 1)
    known(game.table, "energy_cell", "hand:1", 1)
    encounter_deck(game, ["cornered", "dampening_field", "dampening_field", "dampening_field"])
    reopen(game)
    windows = []

    def answer(d):
        if d.player == "chance":
            if "cornered" in d.ids:  # boosts and player 1's card: Dampening Field; player 0's: Cornered
                dealt = sum(1 for r in game.trace.records if r["rule"] == "mc.deal" and r["kind"] == "chance")
                return "cornered" if dealt == 2 else "dampening_field"
            return d.ids[0]
        if d.kind == "window":
            event = game.state.decision["resume"][1]["cands"][0]["event"]  # what the window is about
            windows.append((d.player, RB.describe_event(game, event)))
        return passive(d)

    drive(game, answer, lambda g: any(r["rule"] == "mc.villain_phase.5" for r in g.trace.records))
    assert "player 0 reveals Cornered" in [r["summary"] for r in game.trace.records]
    assert "mc.peril" in rules_cited(game)
    assert windows == [(1, "player 1 reveals Dampening Field")]


def test_l708_restricted_more_than_two_means_discarding():
    game = sandbox(1)
    known(game.table, "armored_plating", "play:0", 0)
    known(game.table, "armored_plating", "play:0", 0)
    gauntlet = known(game.table, "arc_gauntlet", "hand:0", 0)
    known(game.table, "energy_cell", "hand:0", 0)
    reopen(game)
    game.apply(f"play:{gauntlet}")
    game.apply(game.decision.ids[0])
    assert game.decision.kind == "discard" and game.decision.rule == "mc.restricted" and len(game.decision.ids) == 3


def test_l297_a_fourth_ally_means_discarding_one():
    game = sandbox(1)
    for _ in range(3):
        known(game.table, "field_medic", "play:0", 0)
    medic = known(game.table, "field_medic", "hand:0", 0)
    known(game.table, "energy_cell", "hand:0", 0)
    reopen(game)
    game.apply(f"play:{medic}")
    game.apply(game.decision.ids[0])
    assert game.decision.rule == "mc.ally_limit" and len(game.decision.ids) == 4


def test_l844_uses_are_spent_and_the_card_goes_after_the_last():
    game = sandbox(1)
    g = known(game.table, "arc_gauntlet", "play:0", 0)
    assert game.state.objects[g]["uses"] == 3
    reopen(game)
    v = E.villain(game)
    for n in (2, 1, 0):
        game.apply(f"use:{g}#0>{v}")
        if n:
            assert game.state.objects[g]["uses"] == n
    assert game.state.objects[g]["zone"] == "discard:0" and game.state.objects[v]["damage"] == 6


def test_l806_toughness_gives_a_tough_card_on_entering_play():
    game = sandbox(1)
    sentinel = known(game.table, "iron_sentinel", "hand:0", 0)
    for _ in range(2):
        known(game.table, "energy_cell", "hand:0", 0)
    reopen(game)
    game.apply(f"play:{sentinel}")
    while game.decision.kind == "pay":
        game.apply(game.decision.ids[0])
    assert "tough" in E.status_cards(game, sentinel)


def test_l300_an_attachment_modifies_the_villain_and_follows_it_to_the_next_stage():
    game = sandbox(1)
    v = E.villain(game)
    known(game.table, "charged_gauntlets", "play:attach", None, host=v)
    E.give_status(game.table, v, "stunned", "mc.stunned")
    assert game.value(v, "atk") == 2
    game.state.update(v, damage=7)
    reopen(game)
    game.apply(f"attack:{E.identity(game, 0)}>{v}")
    v2 = E.villain(game)
    assert v2 != v and E.card_of(game, v2)["stage"] == 2
    assert game.state.objects[v2]["damage"] == 0  # L854: excess not carried over
    assert game.value(v2, "atk") == 3 and "stunned" in E.status_cards(game, v2)  # L855


def test_explain_per_player_hit_points_a_form_and_an_attachment():
    """game.explain gives the reason of each base (mc.base_value L315-316, mc.per_player L621-623, mc.form
    L466-472) and the modifiers after it (mc.gets L480-483): the villain's 8 printed hit points times 2 players,
    its ATK with Charged Gauntlets' +1, and an identity's ATK of the side it shows."""
    game = sandbox(2)
    v = E.villain(game)
    ex = game.explain(v, "hp")
    assert [(s.op, s.amount, s.rule) for s in ex.steps] == [("base", 8, "mc.base_value"), ("mul", 2, "mc.per_player")]
    assert ex.value == 16 == game.value(v, "hp")
    gauntlets = known(game.table, "charged_gauntlets", "play:attach", None, host=v)
    atk = game.explain(v, "atk")
    assert [(s.op, s.source, s.rule) for s in atk.steps] == [
        ("base", v, "mc.base_value"),
        ("add", gauntlets, "mc.gets"),
    ]
    assert atk.value == atk.steps[0].amount + 1 == game.value(v, "atk")
    hero = E.identity(game, 0)
    form = game.explain(hero, "atk")  # the sandbox puts every player in hero form
    assert [(s.op, s.rule, s.note) for s in form.steps] == [("base", "mc.form", " (hero form)")]
    assert form.value == game.rulebook.cards[game.state.objects[hero]["card"]]["atk"]
