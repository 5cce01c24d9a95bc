"""Marvel Champions: the other readings of its assumptions, as options (issue 13), each shown to change what
happens. Lines cite 000_7fc8e0fd1bcbc422.txt."""

import pytest
from mc import E, encounter_deck, known, reopen, sandbox, to_villain_phase


@pytest.mark.parametrize("face_up", [False, True])
def test_the_boost_card_is_seen_before_the_defenders_only_when_dealt_face_up(face_up):
    """mc.assume.boost_face_down, L319, L417-419: L319 deals the boost card face down ('закрытая карта') and
    L419 turns it face up after the defenders; L417 says to give an 'open' one. By default, when the player
    decides whether to defend (L418), the boost card is hidden; with boost_face_up he sees which card it is."""
    game = sandbox(1, boost_face_up=face_up)
    encounter_deck(game, ["dampening_field"] * 6)
    reopen(game)
    to_villain_phase(game)
    assert game.decision.kind == "defend" and game.decision.player == 0
    (boost,) = game.state.zone("boost")
    seen = game.view(0)["objects"][boost]
    assert (seen.get("card"), bool(seen.get("hidden"))) == (("dampening_field", False) if face_up else (None, True))


@pytest.mark.parametrize(("to_alter_ego", "excess"), [(False, 0), (True, 2)])
def test_overkill_excess_to_an_alter_ego_is_an_option(to_alter_ego, excess):
    """mc.assume.overkill_possible, L610, L274, L848: the excess goes 'if possible, to the hero of the player
    controlling the ally'. Player 1, in alter-ego form, defends player 0 with a Field Medic (1 hit point left)
    against an overkill Shock Trooper (ATK 3): by default the 2 excess is lost (an alter-ego is no hero); with
    overkill_to_alter_ego it goes to player 1's identity."""
    game = sandbox(2, overkill_to_alter_ego=to_alter_ego)
    st = game.state
    st.update_player(1, form="alter_ego")
    medic = known(game.table, "field_medic", "play:1", 1, damage=1)
    trooper = known(game.table, "shock_trooper", "play:engaged:0", None)
    game.table.add_modifier(trooper, "atk", "add", 2, rule="mc.modifiers")  # ATK 3, overkill
    encounter_deck(game, ["dampening_field"] * 8)
    reopen(game)
    to_villain_phase(game)
    trooper_name = E.name_of(game, trooper)
    while not (game.decision.player == 1 and trooper_name in game.decision.prompt):
        assert game.decision.kind == "defend"
        game.apply("no")  # nobody defends against the villain; player 0 does not defend against the trooper
    identity = E.identity(game, 1)
    before = st.objects[identity]["damage"]
    game.apply(medic)
    assert st.objects[medic]["zone"] == "discard:1"
    assert st.objects[identity]["damage"] - before == excess


@pytest.mark.parametrize(("order", "defender"), [("target_first", 0), ("others_first", 1)])
def test_who_is_offered_to_defend_first(order, defender):
    """mc.assume.defenders, L294, L418: any player may defend an attacked player with an ally, the first who
    defends is the defender, and the text gives no order. Both players have a ready ally and both would defend:
    by default player 0, the one attacked, is asked first and defends; with defender_order='others_first'
    player 1 is asked first, defends, and becomes the target (L418)."""
    game = sandbox(2, defender_order=order)
    allies = {p: known(game.table, "field_medic", f"play:{p}", p) for p in (0, 1)}
    encounter_deck(game, ["dampening_field"] * 8)
    reopen(game)
    to_villain_phase(game)
    first = game.decision
    assert first.kind == "defend" and first.player == defender and allies[defender] in first.ids
    game.apply(allies[defender])  # the first asked defends: the other is not asked
    assert game.state.objects[allies[defender]]["exhausted"]
    assert not game.state.objects[allies[1 - defender]]["exhausted"]


@pytest.mark.parametrize("allowed", [False, True])
def test_actions_in_the_villain_phase_are_an_option(allowed):
    """mc.assume.villain_phase_actions, L279: 'players may use Action abilities during their own turn or on
    request during other players' turns'; the villain phase is no player's turn. By default the Shock Trooper
    engaged with player 0 activates and attacks; with villain_phase_actions player 0 may use Arc Gauntlet's
    Action (2 damage, 3 uses) before the activations: the first blast only discards the Trooper's tough status
    card, the next two defeat it (4 hit points), and it never attacks."""
    game = sandbox(1, villain_phase_actions=allowed)
    st = game.state
    known(game.table, "arc_gauntlet", "play:0", 0)
    trooper = known(game.table, "shock_trooper", "play:engaged:0", None)
    encounter_deck(game, ["dampening_field"] * 6)
    reopen(game)
    to_villain_phase(game)
    if allowed:
        for _ in range(3):
            assert game.decision.kind == "villain_phase_action" and game.decision.player == 0
            game.apply(next(o for o in game.legal() if o.endswith(f">{trooper}")))
        assert st.objects[trooper]["zone"] == "enc:discard"
        if game.decision.kind == "villain_phase_action":  # (nothing left to use: no question)
            game.apply("pass")
    else:
        assert "villain_phase_action" not in game.decision.kind
    prompts = []
    while game.decision is not None and game.state.turn.get("phase") == "villain":
        prompts.append(game.decision.prompt)
        game.apply("no" if "no" in game.legal() else game.legal()[0])
    trooper_attacks = any(p.startswith(E.name_of(game, trooper)) for p in prompts)
    assert trooper_attacks is not allowed


@pytest.mark.parametrize("keywords_forced", [True, False])
def test_keywords_rank_as_forced_only_by_default(keywords_forced):
    """mc.assume.keywords_forced, L263-264, L462-464: Iron Sentinel (retaliate 1) defends against the villain,
    whose attack also sets off two Forced Responses (Martial Law, Emergency Protocol). By default Retaliate
    counts as forced (L263: keywords are mandatory), so the first player orders all three together (L464) and
    resolves Retaliate first; with keywords_forced=False only the abilities marked 'Forced' (L462) have
    L463's priority: the first player orders those two and Retaliate resolves after both."""
    import tabletop as tt

    game = tt.rulebook("marvel_champions").new_game(
        seed=0, players=1, scenario="boost-after-defence", keywords_forced=keywords_forced
    )
    sentinel = next(c for c in game.state.zone("play:0") if E.card_of(game, c)["name"] == "Iron Sentinel")
    game.apply(sentinel)
    assert game.decision.kind == "order_triggers" and game.decision.player == 0
    labels = [o.label for o in game.decision.options]
    assert sum("Forced Response" in x for x in labels) == 2
    assert any("Retaliate" in x for x in labels) == keywords_forced
    while game.decision.kind == "order_triggers":  # Retaliate first whenever it may be
        game.apply(next((o.id for o in game.decision.options if "Retaliate" in o.label), game.decision.ids[0]))
    resolved = [r["rule"] for r in game.trace.records if r["kind"] == "resolution"][-3:]
    assert resolved == (
        ["mc.retaliate", "mc.forced", "mc.forced"] if keywords_forced else ["mc.forced", "mc.forced", "mc.retaliate"]
    )


@pytest.mark.parametrize("window_events", ["as_ability", "step_6"])
def test_an_event_played_in_a_window_opens_a_step_6_window_only_with_the_option(window_events):
    """mc.assume.window_events, L523-531, L442: the villain attacks the hero, who plays Deflect (Hero Interrupt:
    cancel that attack) and also holds Stand Down (Interrupt: when a player plays an event, cancel it). By
    default Deflect pays its cost and resolves as the interrupt its window used: the attack is cancelled and
    Stand Down is never offered. With window_events='step_6' Deflect begins to be played in step 6 (L530), an
    event Stand Down may interrupt: cancelled, Deflect still goes to the discard pile (L442) and the attack
    hits."""
    import tabletop as tt

    game = tt.rulebook("marvel_champions").new_game(
        seed=0, players=1, scenario="interrupt-cancels-attack", window_events=window_events
    )
    stand_down = known(game.table, "stand_down", "hand:0", 0)
    known(game.table, "energy_cell", "hand:0", 0)
    hero = E.identity(game, 0)
    deflect = next(o.id for o in game.decision.options if "Deflect" in o.label)
    game.apply(deflect)
    offered = False
    while game.decision.kind != "action":
        d = game.decision
        if d.kind == "pay":
            game.apply(next(o.id for o in d.options if "Energy Cell" in o.label))
        elif d.kind == "window" and any("Stand Down" in o.label for o in d.options):
            offered = True
            game.apply(next(o.id for o in d.options if "Stand Down" in o.label))
        else:
            game.apply("pass" if "pass" in d.ids else d.ids[0])
    assert offered == (window_events == "step_6")
    assert "Deflect" in [E.card_of(game, c)["name"] for c in game.state.zone("discard:0")]
    assert (game.state.objects[stand_down]["zone"] == "hand:0") == (window_events == "as_ability")
    assert (game.state.objects[hero]["damage"] > 0) == (window_events == "step_6")
