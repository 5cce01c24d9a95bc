"""Timing, from the glossary of 000_7fc8e0fd1bcbc422.txt: interrupts and responses, forced before optional, the
first player ordering, priority passing, cancels, replacements, delayed and lasting effects, the 7 steps."""

import pytest
from mc import RB, E, drive, encounter_deck, known, passive, reopen, rules_cited, sandbox, summaries, to_villain_phase

import tabletop as tt


def test_profile_answers_the_timing_questions_as_the_text_does():
    prof = RB.profile
    assert prof.ordering == "first_player_orders_all"  # L464: "regardless of who controls the cards"
    assert prof.forced_before_optional  # L463
    assert prof.optional == "priority_window"  # L539, L705: pass in player order until all pass in a row
    assert prof.replacements == "most_recent"  # L686: the last replacement is used
    assert prof.delayed_before_responses  # L393
    assert prof.expire_before_end_triggers  # L551
    m = prof.modifiers
    assert m.stages == (("add", "sub"), ("mul", "div"), ("set",)) and m.floor == 0 and m.rounding == "up"  # L585-588
    for step, rule in prof.rules.items():
        assert rule in RB.rules and RB.rules[rule].source == "000_7fc8e0fd1bcbc422.txt", step


# ---------------------------------------------------------------- interrupt cancels the attack
def test_l329_l541_an_interrupt_cancels_the_attack_and_its_responses_never_fire():
    game = RB.scenario("interrupt-cancels-attack")
    d = game.decision
    assert (d.player, d.kind) == (0, "window")
    assert game.trace.records[d.cause]["kind"] == "event"  # the window is about the imminent attack
    hero = E.identity(game, 0)
    since = len(game.trace)
    game.apply(d.ids[0])  # use Deflect
    game.apply(game.decision.ids[0])  # pay with Energy Cell
    kinds = [(r["kind"], r["rule"]) for r in game.trace.records[since:]]
    assert ("event", "mc.cancel") in kinds
    # L330: still initiated, its cost paid; the cancelled attack opens no response window: no boost, no damage,
    # Emergency Protocol (forced response) and Martial Law never fire
    assert not any("response window after Dread Marauder" in s for s in summaries(game, since=since))
    assert not any(r["rule"] == "mc.forced" for r in game.trace.records[since:])
    assert game.state.objects[hero]["damage"] == 0
    assert E.threat_of(game, E.main_scheme(game)) == 3
    names = [E.card_of(game, c)["name"] for c in game.state.zone("discard:0")]
    assert sorted(names) == ["Deflect", "Energy Cell"]  # L442: the event is discarded; L693 the excess is lost


def test_l463_forced_responses_fire_when_the_interrupt_is_declined():
    game = RB.scenario("interrupt-cancels-attack")
    game.apply("pass")
    d = game.decision
    assert d.kind == "order_triggers" and d.player == 0
    assert sorted(o.label.split(" (")[0] for o in d.options) == ["Emergency Protocol", "Martial Law"]


# ---------------------------------------------------------------- forced responses, first player orders
def test_l464_the_first_player_orders_forced_responses_whoever_controls_them():
    game = RB.scenario("forced-responses-ordered")
    d = game.decision
    ctrl = {t["name"]: t["controller"] for t in game.state.decision["resume"][1]["groups"][0][1]}
    assert ctrl == {"Martial Law (Forced Response)": None, "Emergency Protocol (Forced Response)": 1}
    assert (d.player, d.kind) == (0, "order_triggers")  # player 0 is the first player
    assert d.rule == "mc.forced"


@pytest.mark.parametrize(("first", "damage", "threat"), [("Martial Law", 1, 2), ("Emergency Protocol", 0, 2)])
def test_l465_each_forced_ability_resolves_fully_before_the_next(first, damage, threat):
    """Martial Law needs 3 threat (its 'if'); Emergency Protocol removes 1: the order decides."""
    game = RB.scenario("forced-responses-ordered")
    before = game.state.objects[E.identity(game, 0)]["damage"]
    label = next(o.id for o in game.decision.options if o.label.startswith(first))
    game.apply(label)
    assert game.state.objects[E.identity(game, 0)]["damage"] - before == damage
    assert E.threat_of(game, E.main_scheme(game)) == threat


def test_orderings_finds_both_outcomes_of_the_forced_responses():
    report = tt.orderings(RB.scenario("forced-responses-ordered"))
    assert len(report.outcomes) == 2


# ---------------------------------------------------------------- priority windows
def test_l539_l705_a_window_asks_only_players_with_an_ability_and_a_pass_closes_it():
    """Both players hold Brace ('your hero'): when the villain's attack damages player 0's hero only player 0 is
    asked; after a pass nobody is asked again for that damage."""
    game = sandbox(2)
    for p in (0, 1):
        known(game.table, "brace", f"hand:{p}", p)
        known(game.table, "energy_cell", f"hand:{p}", p)
    encounter_deck(game, ["marauder_thug"] * 8)
    reopen(game)
    to_villain_phase(game)
    asked = []
    while game.decision is not None and len(asked) < 4:
        d = game.decision
        asked.append((d.player, d.kind))
        game.apply("no" if d.kind == "defend" else "pass" if d.kind == "window" else d.ids[0])
    assert asked == [(0, "defend"), (0, "window"), (1, "defend"), (1, "window")]


def test_l539_interrupts_from_several_players_to_one_event_are_asked_in_player_order():
    """Null Field (any player) against a revealed treachery: at each reveal the first player (1) is asked first,
    then player 0 (L457-458); the reveals themselves go in player order from the first player (L861)."""
    game = sandbox(2)
    for p in (0, 1):
        game.state.update_player(p, form="alter_ego")  # no attacks: the villain schemes
        known(game.table, "null_field", f"hand:{p}", p)
        known(game.table, "energy_cell", f"hand:{p}", p)
    game.state.set_turn(first=1)
    encounter_deck(game, ["dampening_field"] * 8)
    reopen(game)
    seen = []

    def answer(d):
        if d.kind == "window":
            event = game.state.decision["resume"][1]["cands"][0]["event"]  # what the window is about
            seen.append((d.player, RB.describe_event(game, event)))
        return passive(d)

    drive(game, answer, lambda g: any(r["rule"] == "mc.villain_phase.5" for r in g.trace.records))
    assert seen == [
        (1, "player 1 reveals Dampening Field"),
        (0, "player 1 reveals Dampening Field"),
        (1, "player 0 reveals Dampening Field"),
        (0, "player 0 reveals Dampening Field"),
    ]


# ---------------------------------------------------------------- replacement vs prevention
def test_l762_status_cards_go_first_tough_absorbs_the_damage():
    game = RB.scenario("replacement-vs-prevention")
    hero = E.identity(game, 0)
    assert game.state.objects[hero]["damage"] == 0
    assert "tough" not in E.status_cards(game, hero)  # discarded instead (L768)
    assert "mc.tough" in rules_cited(game) and "mc.prevent" not in rules_cited(game)


def test_l686_without_status_priority_the_most_recent_replacement_goes_first():
    game = RB.new_game(seed=0, players=1, scenario="replacement-vs-prevention", status_priority=False)
    hero = E.identity(game, 0)
    assert game.state.objects[hero]["damage"] == 0
    assert "tough" in E.status_cards(game, hero)  # Armored Plating (more recent) prevented it all: tough stays
    assert "mc.prevent" in rules_cited(game)


def test_orderings_of_the_replacements_when_the_first_player_chooses():
    game = RB.new_game(
        seed=0,
        players=1,
        scenario="replacement-vs-prevention",
        status_priority=False,
        profile=RB.profile.replace(replacements="first_player"),
    )
    assert game.decision.kind == "replacement_order"
    report = tt.orderings(game)
    kept = sorted("tough" in E.status_cards(o.game, E.identity(o.game, 0)) for o in report.outcomes)
    assert kept == [False, True]


def test_l260_a_prevention_that_could_not_change_the_game_is_not_offered():
    """Tough made the damage 0 in the replacement step, so Brace (prevent 2) is never offered."""
    game = RB.scenario("replacement-vs-prevention")
    assert not any(
        r["kind"] == "window" and "interrupt window before" in r["summary"] and "damage" in r["summary"]
        for r in game.trace.records
    )
    assert any(E.card_of(game, c).get("name") == "Brace" for c in game.state.zone("hand:0"))


# ---------------------------------------------------------------- delayed and lasting effects
def test_l393_a_delayed_effect_resolves_before_the_responses():
    game = sandbox(1)
    st = game.state
    known(game.table, "trip_wire", "hand:0", 0)
    known(game.table, "energy_cell", "hand:0", 0)
    known(game.table, "emergency_protocol", "play:0", 0)
    st.update(E.main_scheme(game), threat=3)
    encounter_deck(game, ["dampening_field"] * 8)
    reopen(game)
    trip = next(i for i in game.legal() if i.startswith("play:"))
    game.apply(trip)
    game.apply(game.decision.ids[0])  # pay
    assert len(game.state.delayed) == 1
    to_villain_phase(game)
    assert game.decision.kind == "defend"
    game.apply("no")
    recs = game.trace.records
    delayed = next(r["i"] for r in recs if r["kind"] == "resolution" and "Trip Wire" in r["summary"])
    protocol = next(r["i"] for r in recs if r["kind"] == "resolution" and "Emergency Protocol" in r["summary"])
    assert delayed < protocol
    assert game.state.objects[E.villain(game)]["damage"] == 2
    assert game.state.delayed == []


def test_l551_a_lasting_effect_expires_before_the_end_of_round_event():
    """Dampening Field halves the hero's ATK until the end of the round; the modifier is gone before
    'end_of_round' is announced."""
    game = RB.scenario("replacement-vs-prevention")
    recs = game.trace.records
    expire = next(r["i"] for r in recs if r["kind"] == "expire" and r["rule"] == "mc.lasting")
    end = next(r["i"] for r in recs if r["kind"] == "event" and r["summary"].startswith("the end of round"))
    assert expire < end
    assert game.value(E.identity(game, 0), "atk") == 2


# ---------------------------------------------------------------- the 7 steps
def test_l523_l531_playing_a_card_follows_the_seven_steps_in_order():
    game = sandbox(1)
    haymaker = known(game.table, "haymaker", "hand:0", 0)
    known(game.table, "energy_cell", "hand:0", 0)
    reopen(game)
    since = len(game.trace)
    game.apply(f"play:{haymaker}")
    assert game.decision.kind == "pay"  # step 4 asks which cards pay
    game.apply(game.decision.ids[0])
    assert game.decision.kind == "target"  # step 5: choose
    game.apply(E.villain(game))
    steps = [r for r in rules_cited(game, since) if r.startswith("mc.initiate.")]
    order = [s for i, s in enumerate(steps) if s not in steps[:i]]
    assert order == [f"mc.initiate.{k}" for k in range(1, 8)]
    assert game.state.objects[E.villain(game)]["damage"] == 4
    assert [E.card_of(game, c)["name"] for c in game.state.zone("discard:0")] == ["Energy Cell", "Haymaker"]


def test_l528_a_card_that_cannot_be_paid_is_not_offered():
    game = sandbox(1)
    haymaker = known(game.table, "haymaker", "hand:0", 0)
    known(game.table, "deflect", "hand:0", 0)  # 1 resource; Haymaker costs 2
    reopen(game)
    assert f"play:{haymaker}" not in game.legal()


def test_illegal_choice_leaves_the_game_unchanged():
    game = RB.scenario("forced-responses-ordered")
    fp = game.fingerprint()
    with pytest.raises(tt.core.IllegalOption):
        game.apply("no such option")
    assert game.fingerprint() == fp


def test_l703_l705_an_optional_response_from_hand_after_the_hero_defends():
    """Counterpunch (Hero Response, after your hero defends): offered in the response window to the defend, before
    the boost card is turned over (the defence is step 2, the flip step 3: L418-419)."""
    game = sandbox(1)
    counter = known(game.table, "counterpunch", "hand:0", 0)
    known(game.table, "energy_cell", "hand:0", 0)
    encounter_deck(game, ["marauder_thug"] * 6)
    reopen(game)
    to_villain_phase(game)
    game.apply(E.identity(game, 0))  # the hero defends
    d = game.decision
    assert (d.player, d.kind, d.rule) == (0, "window", "mc.response")
    assert d.ids == [f"0:{counter}#0", "pass"]
    game.apply(d.ids[0])
    game.apply(game.decision.ids[0])  # pay
    recs = game.trace.records
    hit = next(r["i"] for r in recs if r["kind"] == "event" and r["summary"] == "2 effect damage to Dread Marauder (I)")
    flip = next(r["i"] for r in recs if r["rule"] == "mc.boost")
    assert hit < flip
    assert game.state.objects[E.villain(game)]["damage"] == 2


def test_l706_after_all_pass_no_more_responses_to_that_condition():
    game = sandbox(1)
    known(game.table, "counterpunch", "hand:0", 0)
    known(game.table, "energy_cell", "hand:0", 0)
    encounter_deck(game, ["marauder_thug"] * 6)
    reopen(game)
    to_villain_phase(game)
    game.apply(E.identity(game, 0))
    game.apply("pass")  # the only player with a response passed: the window is closed (L706)
    assert not any(r["kind"] == "resolution" and "Counterpunch" in r["summary"] for r in game.trace.records)
    assert game.state.objects[E.villain(game)]["damage"] == 0
    assert any(r["rule"] == "mc.boost" for r in game.trace.records)  # the attack went on to step 3


# ---------------------------------------------------------------- lasting effects and "at the end of" (L551)
def _play_focused_resolve_and_end_the_round(game):
    resolve = next(o for o in game.state.zone("hand:0") if E.name_of(game, o) == "Focused Resolve")
    game.apply(f"play:{resolve}")
    game.apply(game.decision.ids[0])  # pay with the Energy Cell
    assert game.value(E.identity(game, 0), "thw") == 3  # +2 THW until the end of the round
    since = len(game.trace)
    drive(game, passive, lambda g: g.state.turn.get("round", 1) > 1 and g.state.turn.get("phase") == "player")
    return game.trace.records[since:]


def test_l551_a_lasting_effect_ends_just_before_an_at_the_end_of_the_round_ability():
    # 000_7fc8e0fd1bcbc422.txt L551: an effect "until the end of the round" expires just before an "at the end
    # of the round" ability can trigger: Rooftop Vigil sees Aegis's printed THW 1, not the +2 of Focused Resolve
    game = RB.scenario("end-of-round")
    recs = _play_focused_resolve_and_end_the_round(game)
    kinds = [(r["kind"], r["summary"]) for r in recs]
    expire = next(i for i, (k, _) in enumerate(kinds) if k == "expire")
    vigil = kinds.index(("resolution", f"Rooftop Vigil (Forced Response) ({game.state.zone('play:0')[1]}) resolves"))
    assert expire < vigil and recs[expire]["rule"] == "mc.lasting"
    assert ("event", "remove 1 threat from Siege of the Harbor (I)") in kinds[vigil:]
    assert E.threat_of(game, E.main_scheme(game)) == 5  # 5 + 1 (step 1) - 1 (Vigil)


def test_l551_with_the_other_order_the_end_of_round_ability_would_still_see_the_lasting_effect():
    """Profile expire_before_end_triggers=False (not the text): Vigil resolves first and removes 3 threat."""
    game = RB.scenario("end-of-round")
    game.profile = game.profile.replace(expire_before_end_triggers=False)
    recs = _play_focused_resolve_and_end_the_round(game)
    kinds = [(r["kind"], r["summary"]) for r in recs]
    removal = kinds.index(("event", "remove 3 threat from Siege of the Harbor (I)"))
    expire = next(i for i, (k, _) in enumerate(kinds) if k == "expire")
    assert removal < expire
    assert E.threat_of(game, E.main_scheme(game)) == 3


# ---------------------------------------------------------------- replacements and the interrupt window (L685)
def stunned_villain_attacks(timing: str, deflect: bool):
    """Player 0 (hero form) holds Deflect and an Energy Cell; the villain is stunned and attacks in the villain
    phase. Returns the game once round 2 begins and whether a window offered Deflect against that attack."""
    game = sandbox(1, replacement_timing=timing)
    v = E.villain(game)
    E.give_status(game.table, v, "stunned", "mc.stunned")
    card = known(game.table, "deflect", "hand:0", 0)
    known(game.table, "energy_cell", "hand:0", 0)
    encounter_deck(game, ["dampening_field"] * 6)
    reopen(game)
    offered = []

    def answer(d):
        if d.kind == "window":
            mine = [o.id for o in d.options if "Deflect" in o.label]
            offered.append(bool(mine))
            return mine[0] if mine and deflect else "pass"
        if d.kind == "pay":
            return next(o.id for o in d.options if "Energy Cell" in o.label)
        return passive(d)

    drive(game, answer, lambda g: g.state.turn["round"] == 2)
    return game, any(offered), card


def test_l685_by_default_the_stunned_card_replaces_the_attack_before_any_interrupt():
    """mc.assume.replacement_interrupts, 000 L685 with L762 (status cards' timing priority) and L541 (a replacement
    closes the interrupt window): by default (replacement_timing='before_interrupts') the stunned card replaces
    the villain's attack as it is declared, so no window offers Deflect against it."""
    game, offered, card = stunned_villain_attacks("before_interrupts", deflect=True)
    assert not offered
    assert "stunned" not in E.status_cards(game, E.villain(game))
    assert game.state.objects[card]["zone"] == "hand:0"


def test_l685_after_interrupts_the_interrupt_window_comes_first_and_may_cancel_the_attack():
    """mc.assume.replacement_interrupts, 000 L685 as written (option replacement_timing='after_interrupts'): the
    replacement resolves once the interrupts to the attack have resolved. Deflect is offered against the stunned
    villain's attack; played, it cancels the attack, so the stunned card has nothing to replace and stays; passed,
    the stunned card replaces the attack as before."""
    game, offered, card = stunned_villain_attacks("after_interrupts", deflect=True)
    assert offered
    assert game.state.objects[card]["zone"] == "discard:0"
    assert any(
        r["summary"].startswith("cancelled: ") and "attacks player 0" in r["summary"] for r in game.trace.records
    )
    assert "stunned" in E.status_cards(game, E.villain(game))
    assert game.profile.replacement_timing == "after_interrupts"
    game, offered, card = stunned_villain_attacks("after_interrupts", deflect=False)
    assert offered and "stunned" not in E.status_cards(game, E.villain(game))
    assert game.state.objects[E.identity(game, 0)]["damage"] == 0


def test_replacement_timing_survives_a_save_and_a_replay():
    """The option sets the game's profile at setup, so a saved game and a replay keep it."""
    game = sandbox(1, replacement_timing="after_interrupts")
    assert tt.load_game(game.to_json()).profile.replacement_timing == "after_interrupts"
    assert game.replay().profile.replacement_timing == "after_interrupts"
    assert sandbox(1).profile.replacement_timing == "before_interrupts"
