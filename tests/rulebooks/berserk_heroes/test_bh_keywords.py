"""Glossary keywords: Vanguard X (L33), Free (L35), taking a card into the squad (L37), Protection from
[text] (L43), Create X and Created (L49-L51) of 001_240eaaff2b2d73c1.txt."""

import pytest
from bh import RB, oid

import tabletop as tt
from tabletop.games.berserk_heroes import engine as E


def events(game, type_, since=0):
    return [r for r in game.trace.records[since:] if r["kind"] == "event" and r["data"].get("type") == type_]


def open_coins(game, p):
    return [c for c in game.state.zone(f"coins:{p}") if not game.state.objects[c]["tapped"]]


# ------------------------------------------------------------------ Protection
def test_l43_protection_replaces_the_wound_event_from_a_creature():
    """L43: Stone Golem has Protection from creatures, a replacement effect: the Pikeman's wound event is
    prevented (status 'prevented' in the trace, with a replacement record citing bh.protection)."""
    game = RB.scenario("protection")
    pikeman, golem = oid(game, "Pikeman", "play:0"), oid(game, "Stone Golem", "play:1")
    mark = len(game.trace.records)
    game.apply(f"attack:{pikeman}>{golem}")
    wounds = events(game, "wound", mark)
    to_golem = [w for w in wounds if w["summary"].endswith(f"({golem})")]
    to_pikeman = [w for w in wounds if w["summary"].endswith(f"({pikeman})")]
    assert to_golem[0]["data"]["status"] == "prevented"
    assert to_pikeman[0]["data"]["status"] == "happened"  # the Golem's strike back is not prevented
    repl = [r for r in game.trace.records[mark:] if r["kind"] == "replacement"]
    assert len(repl) == 1 and repl[0]["rule"] == "bh.protection" and repl[0]["cause"] == to_golem[0]["i"]
    assert game.state.objects[golem]["counters"].get("wounds", 0) == 0
    assert game.state.objects[pikeman]["zone"] == "grave:0"  # 2 wounds, life 2: it dies
    graph = game.trace.graph()
    assert graph.nodes[to_golem[0]["i"]]["status"] == "prevented"
    assert graph.edges[to_golem[0]["i"], repl[0]["i"]]["kind"] == "replaced"


def test_l43_protection_from_creatures_does_not_stop_a_spell():
    """L43: Firebolt is a spell, not a creature: the Golem receives its 2 wounds."""
    game = RB.scenario("protection")
    golem = oid(game, "Stone Golem", "play:1")
    game.apply("play:" + oid(game, "Firebolt", "hand:0"))
    game.apply(golem)
    assert game.state.objects[golem]["counters"]["wounds"] == 2
    assert events(game, "wound")[-1]["data"]["status"] == "happened"


def test_l43_protection_from_spells_is_a_targeting_restriction():
    """L43 exception: a card with protection from spells cannot be chosen as a target by the spell's owner."""
    game = RB.scenario("protection")
    monk, golem = oid(game, "Warded Monk", "play:1"), oid(game, "Stone Golem", "play:1")
    pikeman = oid(game, "Pikeman", "play:0")
    game.apply("play:" + oid(game, "Firebolt", "hand:0"))
    assert game.decision.kind == "target"
    assert sorted(game.decision.ids) == sorted([pikeman, golem])
    with pytest.raises(tt.IllegalOption):
        game.apply(monk)
    assert monk not in game.decision.ids  # the failed choice changed nothing


def test_l43_protection_from_spells_does_not_stop_an_ability_or_an_attack():
    """L43: the mage hero's Arcane Spark is an ability, not a spell; it may target the Warded Monk."""
    game = RB.new_game(seed=0, scenario="protection", hero0="mage")
    monk = oid(game, "Warded Monk", "play:1")
    hero = game.state.zone("hero:0")[0]
    game.apply(f"use:{hero}#0")
    assert monk in game.decision.ids
    game.apply(monk)
    assert game.state.objects[monk]["counters"]["wounds"] == 1
    assert game.state.objects[hero]["tapped"]  # closing is part of the payment (L41)


# -------------------------------------------------------------------- Vanguard
def play_captain_and_use_vanguard(game, creature="Pikeman"):
    game.apply("play:" + oid(game, "Scout Captain", "hand:0"))
    assert game.decision.kind == "optional_trigger" and game.decision.rule == "bh.vanguard"
    game.apply("use")
    assert game.decision.kind == "vanguard"
    target = oid(game, creature, "hand:0")
    game.apply(target)
    return target


def test_l33_vanguard_offers_only_creatures_with_cost_at_most_x():
    """L33: Vanguard 2 offers the Pikeman and the Sage (cost 2), not the Forest Troll (cost 4)."""
    game = RB.scenario("vanguard")
    game.apply("play:" + oid(game, "Scout Captain", "hand:0"))
    game.apply("use")
    names = {RB.cards[game.state.objects[o]["card"]]["name"] for o in game.decision.ids}
    assert names == {"Pikeman", "Wandering Sage"}


def test_l33_vanguard_free_play_rush_close_and_return_at_end_of_turn():
    """L33 + L35: the Pikeman is played free (no coin closed), gains Rush (it may attack at once), the Captain
    closes, and at the end of the turn the Pikeman returns to hand (a delayed effect)."""
    game = RB.scenario("vanguard")
    captain = oid(game, "Scout Captain", "hand:0")
    pikeman = play_captain_and_use_vanguard(game)
    assert len(open_coins(game, 0)) == 5 - 3  # only the Captain was paid for
    assert game.state.objects[pikeman]["zone"] == "play:0"
    assert game.state.objects[pikeman]["statuses"].get("rush")
    assert game.state.objects[captain]["tapped"]
    assert any(o.startswith(f"attack:{pikeman}>") for o in game.legal())  # Rush: it may attack this turn
    assert not any(o.startswith(f"attack:{captain}>") for o in game.legal())  # the Captain is fresh and closed
    entered = events(game, "enter_squad")
    assert [e["summary"].split(" is taken")[0] for e in entered] == [
        f"Scout Captain ({captain})",
        f"Pikeman ({pikeman})",
    ]
    assert game.state.delayed and game.state.delayed[0]["ability"] == "vanguard_return"
    mark = len(game.trace.records)
    game.apply("pass")
    returns = events(game, "return_to_hand", mark)
    assert len(returns) == 1 and returns[0]["rule"] == "bh.vanguard"
    assert game.state.objects[pikeman]["zone"] == "hand:0"
    assert game.state.objects[captain]["zone"] == "play:0"  # the Captain itself stays


def test_l33_vanguard_is_optional():
    """L33: 'you may' — declining plays nothing and the Captain stays open."""
    game = RB.scenario("vanguard")
    captain = oid(game, "Scout Captain", "hand:0")
    game.apply(f"play:{captain}")
    game.apply("decline")
    assert not game.state.objects[captain]["tapped"]
    assert len(events(game, "enter_squad")) == 1 and not game.state.delayed


def test_l33_vanguard_creature_that_left_play_does_not_come_back():
    """bh.assume.vanguard: a Vanguard creature that died before the end of the turn stays in the discard pile."""
    game = RB.new_game(seed=0, scenario="vanguard", hero0="mage")
    pikeman = play_captain_and_use_vanguard(game)
    game.state.set_in(pikeman, "counters", "wounds", 1)  # put it at 1 life left
    hero = game.state.zone("hero:0")[0]
    game.apply(f"use:{hero}#0")
    game.apply(pikeman)
    assert game.state.objects[pikeman]["zone"] == "grave:0"
    game.apply("pass")
    assert game.state.objects[pikeman]["zone"] == "grave:0"
    assert any(r["rule"] == "bh.assume.vanguard" and "no longer" in r["summary"] for r in game.trace.records)


def test_l33_gaining_vanguard_y_removes_vanguard_x():
    """L33: Scout Captain (Vanguard 2) gains Vanguard 1 from Rally Horn: it now has Vanguard 1 only."""
    game = RB.scenario("vanguard")
    captain = oid(game, "Scout Captain", "hand:0")
    game.apply("play:" + oid(game, "Rally Horn", "hand:0"))
    game.apply(captain)
    assert game.state.objects[captain]["vanguard"] == 1
    assert [ab.name for _key, ab in game.table.abilities_of(game.state.objects[captain])].count("Vanguard") == 1
    game.apply(f"play:{captain}")
    # no creature in hand costs 1 or less, so Vanguard 1 does not trigger at all
    assert game.decision.kind == "action"
    assert not any(r["kind"] == "trigger" and r["summary"].startswith("Vanguard (") for r in game.trace.records)


def test_l33_a_creature_without_vanguard_gains_it():
    """L33: Rally Horn gives the Pikeman Vanguard 1 (a granted ability)."""
    game = RB.scenario("vanguard")
    pikeman = oid(game, "Pikeman", "hand:0")
    game.apply("play:" + oid(game, "Rally Horn", "hand:0"))
    game.apply(pikeman)
    assert game.state.objects[pikeman]["grants"] == ["vanguard"]
    assert game.state.objects[pikeman]["vanguard"] == 1


def test_l35_free_play_loses_the_payment_modifier():
    """L35: Quartermaster's Order (next 2 creatures cost 1 less): the Captain uses one; the free Pikeman's
    modifier is not applied and is lost, so no discount is left."""
    game = RB.scenario("vanguard")
    game.apply("play:" + oid(game, "Quartermaster's Order", "hand:0"))
    captain = oid(game, "Scout Captain", "hand:0")
    ex = game.explain(captain, "payment")  # the payment: the card's cost with the modifiers to its payment
    assert ex.value == 2 == game.value(captain, "payment") and [s.op for s in ex.steps] == ["base", "sub"]
    assert ex.steps[1].rule == "bh.assume.discount"
    assert game.explain(captain, "cost").value == 3  # the card's printed cost characteristic is unchanged
    play_captain_and_use_vanguard(game)
    assert len(open_coins(game, 0)) == 5 - 2
    assert not [e for e in game.state.effects if e["kind"] == "cost_discount"]
    lost = [r for r in game.trace.records if r["rule"] == "bh.free" and "lost" in r["summary"]]
    assert len(lost) == 1
    troll = oid(game, "Forest Troll", "hand:0")
    assert game.value(troll, "payment") == 4  # the discount is gone


def test_l33_vanguard_reads_the_cost_the_main_phase_offers_discounts_included():
    """L33 "cost X or less" + bh.assume.vanguard + bh.assume.discount (L35): a Stone Golem (printed cost 3)
    that the main phase offers "for 2" under Quartermaster's Order (a one-shot -1) is a creature Vanguard 2
    may play; eligibility and payment read the same cost (engine.cost_to_pay)."""
    game = RB.scenario("vanguard")
    golem = E.new_card(game.table, 0, "stone_golem", "hand:0")
    game.apply("play:" + oid(game, "Quartermaster's Order", "hand:0"))
    labels = {o.id: o.label for o in game.decision.options}
    assert labels[f"play:{golem}"].endswith(" for 2")
    captain = oid(game, "Scout Captain", "hand:0")
    game.apply(f"play:{captain}")  # pays 2: one use of the discount is left
    assert len(open_coins(game, 0)) == 5 - 2
    assert game.value(golem, "payment") == 2 and game.value(golem, "cost") == 3
    assert game.decision.kind == "optional_trigger" and game.decision.rule == "bh.vanguard"
    game.apply("use")
    assert golem in game.decision.ids
    game.apply(golem)
    assert game.state.objects[golem]["zone"] == "play:0"
    assert len(open_coins(game, 0)) == 5 - 2  # free (L35): no coin closed, and the discount is lost
    assert not [e for e in game.state.effects if e["kind"] == "cost_discount"]


def test_l33_vanguard_printed_cost_option_ignores_the_discount():
    """bh.assume.vanguard, option vanguard_cost=printed: the Golem's printed cost 3 is above X = 2."""
    game = RB.new_game(seed=0, scenario="vanguard", vanguard_cost="printed")
    golem = E.new_card(game.table, 0, "stone_golem", "hand:0")
    game.apply("play:" + oid(game, "Quartermaster's Order", "hand:0"))
    game.apply("play:" + oid(game, "Scout Captain", "hand:0"))
    game.apply("use")
    assert golem not in game.decision.ids and oid(game, "Pikeman", "hand:0") in game.decision.ids


# ------------------------------------------------------------ Create / Created
def test_l49_create_puts_a_card_into_play_from_the_supply():
    """L49, L51: Raise the Dead creates a Skeleton: a new object, marked created, not from the deck."""
    game = RB.scenario("create")
    before = set(game.state.objects)
    deck = len(game.state.zone("deck:0"))
    game.apply("play:" + oid(game, "Raise the Dead", "hand:0"))
    (skeleton,) = set(game.state.objects) - before
    obj = game.state.objects[skeleton]
    assert obj["card"] == "skeleton" and obj["created"] and obj["zone"] == "play:0"
    assert len(game.state.zone("deck:0")) == deck
    created = [e for e in events(game, "enter_squad") if "(created)" in e["summary"]]
    assert len(created) == 1 and created[0]["rule"] == "bh.create"


def test_l49_created_card_is_cleared_when_the_game_ends():
    """L51: 'after the game, clear your deck of created cards': the Skeletons leave the game at its end."""
    game = RB.scenario("create")
    game.apply("play:" + oid(game, "Necromancer's Apprentice", "hand:0"))
    assert game.decision.kind == "order_triggers"  # the Apprentice's Create and the Herald's call, together
    game.apply(game.legal()[0])
    skeletons = [o for o, ob in game.state.objects.items() if ob.get("created")]
    assert len(skeletons) == 1
    pikeman = oid(game, "Pikeman", "play:0")
    enemy = game.state.zone("hero:1")[0]
    game.apply(f"attack:{pikeman}>{enemy}")
    assert game.over and game.result["winners"] == [0] and game.result["rule"] == "bh.assume.win"
    assert game.decision is None
    assert not [o for o, ob in game.state.objects.items() if ob.get("created")]
    cleared = [r for r in game.trace.records if r["rule"] == "bh.created"]
    assert cleared and skeletons[0] in cleared[0]["summary"]


# --------------------------------------------------- taking a card into the squad
def test_l37_one_ability_reacts_to_all_five_ways_into_the_squad():
    """L37: play, summon, resurrect, take control, create are one event (enter_squad with a way); Herald of the
    Host's single triggered ability fires once for each."""
    game = RB.scenario("squad-ways")
    herald = oid(game, "Herald of the Host", "play:0")
    for spell in ("Border Guard", "Call to Arms", "Second Life", "Mind Chains", "Raise the Dead"):
        game.apply("play:" + oid(game, spell, "hand:0"))
        while game.decision.kind != "action":
            game.apply(game.legal()[0])
    entered = events(game, "enter_squad")
    ways = [e["summary"].rsplit("(", 1)[1].rstrip(")") for e in entered]
    assert ways == ["played", "summoned", "resurrected", "control_taken", "created"]
    assert all(e["data"]["type"] == "enter_squad" and e["data"]["status"] == "happened" for e in entered)
    calls = [r for r in game.trace.records if r["kind"] == "trigger" and r["summary"].startswith("Herald's call")]
    assert len(calls) == 5
    # each call comes from the response window that its enter_squad event opened
    windows = [game.trace.records[c["cause"]] for c in calls]
    assert all(w["kind"] == "window" for w in windows)
    assert sorted(w["cause"] for w in windows) == [e["i"] for e in entered]
    assert game.value(herald, "strike") == 1 + 5
    troll = oid(game, "Forest Troll", "play:0")
    assert game.state.objects[troll]["controller"] == 0 and game.state.objects[troll]["owner"] == 1


def test_l37_herald_ignores_the_enemys_squad():
    """L37 + card text 'your squad': cards entering the enemy's squad do not trigger the Herald."""
    game = RB.scenario("squad-ways")
    game.apply("pass")  # player 1 plays nothing, but nothing of player 1 enters either
    assert not [r for r in game.trace.records if r["kind"] == "trigger" and "Herald" in r["summary"]]
