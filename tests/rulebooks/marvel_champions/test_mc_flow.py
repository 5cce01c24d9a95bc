"""The round, from 000_7fc8e0fd1bcbc422.txt: set-up (L504), the player phase and turns (L644-655), form (L466-472),
the end of the player phase (L409-413), the villain phase (L856-862), the decks running out (L401-407),
schemes (L556-562, L735-743), villain stages (L850-855), elimination (L638-643) and the end (L874-875)."""

import pytest
from mc import RB, E, drive, encounter_deck, known, passive, reopen, rules_cited, sandbox, to_villain_phase


def records(game, rule):
    return [r for r in game.trace.records if r["rule"] == rule]


def test_l504_players_start_in_alter_ego_form_with_alter_ego_hand_size():
    game = RB.new_game(seed=3, players=3)
    for p in range(3):
        assert game.state.players[p]["form"] == "alter_ego"
        assert len(game.state.zone(f"hand:{p}")) == 6
    assert game.state.turn["first"] == 0 and game.decision.player == 0


def test_l645_each_player_takes_a_turn_in_player_order():
    game = RB.new_game(seed=3, players=3)
    turns = []
    drive(game, passive, lambda g: g.state.turn.get("phase") != "player")
    turns = [r["player"] for r in game.trace.records if r["rule"] == "mc.active_player"]
    assert turns == [0, 1, 2]


def test_l468_form_changes_once_per_round():
    game = RB.new_game(seed=1, players=1)
    game.apply("form")
    assert game.state.players[0]["form"] == "hero" and "form" not in game.legal()
    drive(game, passive, lambda g: g.state.turn["round"] == 2 and g.decision.kind == "action")
    assert "form" in game.legal()


def test_l411_a_player_over_hand_size_must_discard_down():
    game = sandbox(1)  # hero form: hand size 5
    for _ in range(7):
        known(game.table, "rally", "hand:0", 0)
    reopen(game)
    game.apply("end")
    d = game.decision
    assert d.kind == "end_discard" and "done" not in d.ids  # 7 > 5: discarding is not optional
    game.apply(d.ids[0])
    assert "done" not in game.decision.ids
    game.apply(game.decision.ids[0])
    assert "done" in game.decision.ids  # 5 cards: the player may stop (or discard more, L411)


def test_l412_l413_draw_up_to_hand_size_then_ready_everything():
    game = sandbox(1)
    hero, v = E.identity(game, 0), E.villain(game)
    ally = known(game.table, "field_medic", "play:0", 0)
    reopen(game)
    game.apply(f"attack:{hero}>{v}")
    game.apply(f"attack:{ally}>{v}")
    game.apply("end")
    assert len(game.state.zone("hand:0")) == 5
    assert not game.state.objects[hero]["exhausted"] and not game.state.objects[ally]["exhausted"]
    rules = rules_cited(game)
    assert rules.count("mc.end_player_phase") >= 2


def test_l858_step_1_places_acceleration_threat_with_icons_and_tokens():
    game = sandbox(2)
    known(game.table, "arms_cache", "play:side", None, threat=2)
    game.state.set_var("accel_tokens", 2)
    encounter_deck(game, ["dampening_field"] * 8)
    reopen(game)
    to_villain_phase(game)
    assert E.threat_of(game, E.main_scheme(game)) == 1 * 2 + 1 + 2  # per player, the icon, the tokens


def test_l860_l743_hazard_deals_extra_cards_in_player_order():
    game = sandbox(2)
    known(game.table, "rift_beacon", "play:side", None, threat=2)
    for p in (0, 1):
        game.state.update_player(p, form="alter_ego")
    encounter_deck(game, ["dampening_field"] * 10)
    reopen(game)
    drive(game, passive, lambda g: any(r["rule"] == "mc.villain_phase.5" for r in g.trace.records))
    reveals = [r["player"] for r in game.trace.records if r["kind"] == "event" and " reveals " in r["summary"]]
    assert reveals == [0, 0, 1]  # one each, and the hazard's extra card to the first player


def test_l861_reveals_go_in_player_order_from_the_first_player_and_l862_the_token_passes():
    game = sandbox(2)
    for p in (0, 1):
        game.state.update_player(p, form="alter_ego")
    game.state.set_turn(first=1)
    encounter_deck(game, ["dampening_field"] * 10)
    reopen(game)
    drive(game, passive, lambda g: any(r["rule"] == "mc.villain_phase.5" for r in g.trace.records))
    reveals = [r["player"] for r in game.trace.records if r["kind"] == "event" and " reveals " in r["summary"]]
    assert reveals == [1, 0]
    assert game.state.turn["first"] == 0


def test_l319_l320_the_boost_card_is_face_down_until_defenders_are_declared():
    game = RB.scenario("boost-after-defence")
    boost = game.state.zone("boost")[0]
    for viewer in (None, 0):
        assert game.view(viewer)["objects"][boost].get("hidden")
    assert game.state.objects[boost]["vis"] != "all"
    game.apply("no")
    flip = next(r["i"] for r in game.trace.records if r["rule"] == "mc.boost")
    defend = next(r["i"] for r in game.trace.records if r["kind"] == "decision" and r["rule"] == "mc.enemy_attack.2")
    assert defend < flip
    assert game.state.objects[boost]["zone"] == "enc:discard"


def test_l406_a_player_deck_running_out_deals_an_encounter_card():
    game = sandbox(1)
    for oid in list(game.state.zone("deck:0")):
        game.state.objects.pop(oid)
    game.state.zones["deck:0"] = ()
    game.state.set_var("_deck:0", {})
    for _ in range(3):
        known(game.table, "rally", "discard:0", 0)
    reopen(game)
    game.apply("end")
    while game.decision.kind == "end_discard":
        game.apply("done")
    empty = records(game, "mc.player_deck_empty")
    assert empty
    # the encounter card is dealt at once (the next record) and waits face down for the villain phase
    # (mc.assume.encounter_from_deck): still there while the villain attacks, before step 3 deals the rest
    dealt = game.trace.records[empty[0]["i"] + 1]
    assert dealt["rule"] == "mc.deal"
    assert not records(game, "mc.villain_phase.3")
    assert len(game.state.zone("queue:0")) == 1


def test_l380_a_card_dealt_in_step_4_to_a_player_who_already_revealed_is_revealed_in_step_4():
    """mc.deal, 000 L380 ("the extra encounter card is added to the queue of cards that are dealt and revealed in
    those same steps"), with L406 (mc.player_deck_empty) and L861: player 0 reveals first; then player 1's
    Marauder Sniper (quickstrike) attacks, player 1's hero defends and Counterpunch defeats it, player 0's Informant
    Network draws from an empty deck, and player 0 is dealt an encounter card. Player 0 has already revealed: the
    card is revealed in this step 4 all the same, before the first-player token passes."""
    game = sandbox(2, chance="manual")
    st = game.state
    known(game.table, "informant_network", "play:0", 0)
    for _ in range(game.value(E.identity(game, 0), "hand_size")):  # a full hand: nothing is drawn before step 4
        known(game.table, "energy_cell", "hand:0", 0)
    for oid in list(st.zone("deck:0")):
        st.objects.pop(oid)
    st.zones["deck:0"] = ()
    st.set_var("_deck:0", {})
    known(game.table, "energy_cell", "discard:0", 0)
    known(game.table, "counterpunch", "hand:1", 1)
    encounter_deck(game, ["dampening_field"] * 4 + ["marauder_sniper"])
    reopen(game)
    draws = []

    def answer(d):
        if d.player == "chance":
            if "encounter" not in d.prompt:
                return d.ids[0]
            draws.append(d)
            return "marauder_sniper" if len(draws) == 4 else "dampening_field"  # 2 boosts, player 0's, player 1's
        if d.kind == "defend" and d.player == 1 and "Sniper" in d.prompt:
            return E.identity(game, 1)
        if d.kind == "window":
            used = [o.id for o in d.options if "Counterpunch" in o.label or "Informant Network" in o.label]
            return used[0] if used else "pass"
        return passive(d)

    drive(game, answer, lambda g: bool(records(g, "mc.villain_phase.5")))
    deck_out = records(game, "mc.player_deck_empty")
    assert [r["player"] for r in deck_out] == [0] and deck_out[0]["i"] > records(game, "mc.villain_phase.4")[0]["i"]
    reveals = [r for r in game.trace.records if r["kind"] == "event" and " reveals " in r["summary"]]
    assert [(r["player"], r["summary"].split(" reveals ")[1]) for r in reveals] == [
        (0, "Dampening Field"),
        (1, "Marauder Sniper"),
        (0, "Dampening Field"),  # the card player 0 was dealt in step 4
    ]
    assert reveals[-1]["i"] < records(game, "mc.villain_phase.5")[0]["i"]
    assert not st.zone("queue:0") and not st.zone("queue:1")


def test_l741_crisis_protects_the_main_scheme():
    from tabletop.games.marvel_champions.turn import thwart_targets

    game = sandbox(1)
    ms = E.main_scheme(game)
    game.state.update(ms, threat=3)
    road = known(game.table, "roadblock", "play:side", None, threat=3)
    assert thwart_targets(game) == [road]
    game.state.update(road, threat=1)
    reopen(game)
    game.apply(f"thwart:{E.identity(game, 0)}>{road}")
    assert game.state.objects[road]["zone"] == "enc:discard"  # L383: a side scheme with no threat is defeated
    assert ms in thwart_targets(game)


def test_l558_the_main_scheme_advances_without_excess_and_l562_tokens_stay():
    game = sandbox(1)
    ms = E.main_scheme(game)
    game.state.update(ms, threat=6)
    game.state.set_var("accel_tokens", 1)
    encounter_deck(game, ["dampening_field"] * 8)
    reopen(game)
    to_villain_phase(game)  # step 1: 1 + 1 token = 2 -> 8 >= 7: advance
    ms2 = E.main_scheme(game)
    assert ms2 != ms and E.card_of(game, ms2)["stage"] == 2
    assert E.threat_of(game, ms2) >= 1 and game.state.vars["accel_tokens"] == 1
    assert records(game, "mc.main_scheme")


def test_l559_completing_the_final_scheme_loses():
    game = sandbox(1)
    reopen(game)
    game.state.update(E.main_scheme(game), threat=6)
    game.state.update(game.state.zone("scheme:deck")[0], threat=0)
    encounter_deck(game, ["dampening_field"] * 8)
    # the first stage advances, then the final stage is set close to its target
    to_villain_phase(game)
    final = E.main_scheme(game)
    game.state.update(final, threat=E.target_threat(game, final) - 1)
    drive(game, passive, lambda g: g.over)
    assert game.result["winners"] == [] and game.result["rule"] == "mc.win"


def test_l853_l875_defeating_the_final_villain_stage_wins():
    game = sandbox(2)
    v = E.villain(game)
    game.state.update(v, damage=game.value(v, "hp") - 2)
    reopen(game)
    game.apply(f"attack:{E.identity(game, 0)}>{v}")
    v2 = E.villain(game)
    assert v2 != v and game.value(v2, "hp") == 20 and game.state.objects[v2]["damage"] == 0
    game.state.update(v2, damage=18)
    game.apply("end")
    game.apply(f"attack:{E.identity(game, 1)}>{v2}")
    assert game.over and game.result["winners"] == [0, 1] and game.result["rule"] == "mc.win"


@pytest.mark.parametrize(("option", "winners"), [("players_lose", []), ("players_win", [0])])
def test_grim_rule_decides_a_simultaneous_end(option, winners):
    game = sandbox(1, grim_simultaneous=option)
    st = game.state
    for zone in ("villain:deck", "scheme:deck"):
        for oid in st.zone(zone):
            st.update(oid, damage=0)
    # go straight to the final stages
    v, ms = E.villain(game), E.main_scheme(game)
    game.table.move(v, "removed")
    game.table.move(st.zone("villain:deck")[0], "play:villain")
    game.table.move(ms, "removed")
    game.table.move(st.zone("scheme:deck")[0], "play:scheme")
    v, ms = E.villain(game), E.main_scheme(game)
    st.update(ms, threat=E.target_threat(game, ms))
    st.update(v, damage=game.value(v, "hp"))
    reopen(game)
    game.apply("end")  # the state check runs once the action is over
    assert game.over and game.result["winners"] == winners
    assert game.result["rule"] == "mc.assume.grim_simultaneous"


def test_l639_elimination_moves_enemies_on_and_passes_the_first_player_token():
    game = sandbox(2)
    st = game.state
    thug = known(game.table, "marauder_thug", "play:engaged:0", None)
    known(game.table, "rally", "hand:0", 0)
    st.update(E.identity(game, 0), damage=10)
    encounter_deck(game, ["marauder_thug"] * 8)
    reopen(game)
    to_villain_phase(game)
    drive(game, passive, lambda g: g.state.players[0].get("out"))
    assert st.players[0]["out"]
    assert st.objects[thug]["zone"] == "play:engaged:1"  # mc.assume.elimination_engage
    assert st.turn["first"] == 1  # L454
    assert not st.zone("hand:0") and not st.zone("play:0")
    assert records(game, "mc.elimination")


def test_l643_all_players_eliminated_lose():
    game = sandbox(1)
    game.state.update(E.identity(game, 0), damage=10)
    encounter_deck(game, ["marauder_thug"] * 8)
    reopen(game)
    drive(game, passive, lambda g: g.over)
    assert game.result == {
        "winners": [],
        "draw": False,
        "reason": "all players are eliminated",
        "rule": "mc.elimination",
    }


def test_l640_elimination_option_attack_makes_the_enemies_attack_the_next_player():
    game = sandbox(2, elimination_enemies="attack")
    st = game.state
    known(game.table, "marauder_thug", "play:engaged:0", None)
    st.update(E.identity(game, 0), damage=10)
    encounter_deck(game, ["marauder_thug"] * 8)
    reopen(game)
    to_villain_phase(game)
    drive(game, passive, lambda g: g.state.players[0].get("out"))
    drive(
        game,
        passive,
        lambda g: any(r["summary"].startswith("Marauder Thug attacks player 1") for r in g.trace.records) or g.over,
    )
    assert any(r["summary"].startswith("Marauder Thug attacks player 1") for r in game.trace.records)


def test_l852_a_villain_stage_defeated_mid_phase_is_replaced_for_the_remaining_activations():
    """Retaliate defeats stage I during its activation against player 0; stage II activates against player 1."""
    game = sandbox(2)
    v = E.villain(game)
    game.state.update(v, damage=game.value(v, "hp") - 1)
    sentinel = known(game.table, "iron_sentinel", "play:0", 0)
    encounter_deck(game, ["dampening_field"] * 8)
    reopen(game)
    to_villain_phase(game)
    game.apply(sentinel)
    drive(game, passive, lambda g: any(r["rule"] == "mc.villain_phase.3" for r in g.trace.records))
    assert any(r["summary"] == "Dread Marauder (II) attacks player 1" for r in game.trace.records)  # before step 3
    assert game.state.objects[v]["zone"] == "removed"
