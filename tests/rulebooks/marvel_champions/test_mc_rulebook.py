"""The rulebook as a whole: registration, the rule table and its assumptions (digest section 11), card data and its
schema, options, scenarios, the board view, and the trace citing the rulebook's own rules."""

import json

import pytest
from mc import RB, SEED, E, card_file_error, known, reopen, sandbox

import tabletop as tt
from tabletop.core import RulebookOptionError, RuleError
from tabletop.games.marvel_champions import data


def test_registered_and_described():
    assert "marvel_champions" in tt.rulebooks()
    assert RB.players == (1, 4)
    assert "L234-L879" in RB.source and "L1471-L1502" in RB.source


def test_every_rule_cites_the_marvel_champions_part_of_the_seed():
    for rule in RB.rules:
        if rule.lines is None:
            assert rule.assumption, rule.id
            continue
        assert rule.source == SEED, rule.id
        for a, b in rule.lines:
            assert a <= b, rule.id
            assert 234 <= a <= 879 or 1471 <= a <= 1502, rule.id
            assert 234 <= b <= 879 or 1471 <= b <= 1502, rule.id


def test_the_digest_ambiguities_are_assumptions():
    ids = {r.id for r in RB.rules.assumptions()}
    expected = {
        "mc.assume.quickstrike",  # 1
        "mc.assume.elimination_engage",  # 2
        "mc.assume.boost_face_down",  # 3
        "mc.assume.replacement_interrupts",  # 4
        "mc.assume.guard",  # 5
        "mc.assume.damage_terms",  # 6
        "mc.assume.activation_order",  # 7
        "mc.assume.state_checks",  # 8
        "mc.assume.grim_simultaneous",  # 8
        "mc.assume.hazard_count",  # 9
        "mc.assume.acceleration_token",  # 10
        "mc.assume.form_once",  # 11
        "mc.assume.stunned_boost",  # 12
        "mc.assume.tough_overkill",  # 12
        "mc.assume.gets_hp",  # 13
        "mc.assume.keywords_forced",  # 14
        "mc.assume.when",  # 15
        "mc.assume.overkill_possible",  # 16
        "mc.assume.attachment_target",  # 17
        "mc.assume.nemesis",  # 18
        "mc.assume.setup",  # 19
        "mc.assume.encounter_from_deck",  # 19
        "mc.assume.villain_phase_actions",  # 20
    }
    assert expected <= ids
    outside = {r.id for r in RB.rules.assumptions() if r.outside_text}
    assert {"mc.assume.quickstrike", "mc.assume.guard", "mc.assume.replacement_interrupts"} <= outside


def test_options_that_change_outcomes_name_their_assumption():
    for name, spec in RB.options.items():
        if name != "scenario":
            assert spec.rule in RB.rules and RB.rules[spec.rule].assumption, name
    with pytest.raises(RulebookOptionError, match="tough_overkill"):
        RB.new_game(seed=0, tough_overkill="sometimes")
    with pytest.raises(RulebookOptionError, match="for 2 player"):
        RB.new_game(seed=0, players=1, scenario="forced-responses-ordered")


def test_assumptions_name_the_option_that_switches_them():
    """Every option that switches an assumption (its ``rule``) is named by that assumption's ``option`` field, and
    every assumption's ``option`` is an option of the rulebook that names it back (mc.assume.guard: guard)."""
    switched = {spec.rule: name for name, spec in RB.options.items() if spec.rule}
    named = {r.id: r.option for r in RB.rules.assumptions() if r.option}
    assert named == switched
    assert named["mc.assume.guard"] == "guard" and RB.options["guard"].default == "villain"
    assert "[switched by option guard]" in str(RB.rules["mc.assume.guard"])


def test_cards_are_all_invented_and_cite_existing_rules():
    assert all(c["invented"] for c in data.CARDS.values())
    for cid, card in data.CARDS.items():
        for rule in card.get("rules", ()):
            assert rule in RB.rules, (cid, rule)
    types = {c["type"] for c in data.CARDS.values()}
    assert types == {
        "identity",
        "ally",
        "event",
        "upgrade",
        "support",
        "resource",
        "villain",
        "main_scheme",
        "minion",
        "treachery",
        "side_scheme",
        "obligation",
        "attachment",
        "environment",
    }
    keywords = {k for c in data.CARDS.values() for k in c.get("keywords", {})}
    assert keywords == {
        "guard",
        "overkill",
        "quickstrike",
        "peril",
        "restricted",
        "retaliate",
        "surge",
        "toughness",
        "uses",
    }  # L545: every keyword the text defines
    icons = {i for c in data.CARDS.values() for i in c.get("icons", ())}
    assert icons == {"crisis", "acceleration", "hazard"}


def test_broken_card_data_names_the_file_the_card_and_the_field(tmp_path):
    msg = card_file_error(
        tmp_path,
        '[[card]]\nid = "x"\nname = "X"\ninvented = true\ntype = "ally"\ntext = ""\ncost = 1\natk = 1\n'
        "thw = 1\nhp = 0\n",
    )
    assert "broken.toml" in msg and "'x'" in msg and "hp" in msg
    msg = card_file_error(
        tmp_path,
        '[[card]]\nid = "y"\nname = "Y"\ninvented = true\ntype = "event"\ntext = ""\ncost = 1\n'
        'timing = "interrupt"\neffects = []\n',
    )
    assert "trigger" in msg


def test_a_catalogue_without_an_identity_cannot_be_set_up():
    """A catalogue of some card files alone (here the encounter cards) has no hero to play: set-up says so (it
    failed with a bare KeyError: None before)."""
    from tabletop.games.marvel_champions.catalogue import load
    from tabletop.games.marvel_champions.game import make_rulebook

    rb = make_rulebook(load(paths=[data.CARD_DIR / "encounter.toml"]))
    with pytest.raises(RuleError, match="needs an identity card"):
        rb.new_game(seed=0)


def test_every_scenario_loads_and_names_rules_of_the_table():
    for name, sc in RB.scenarios.items():
        game = sc.build()
        assert game.decision is not None or game.over, name
        for rule in sc.rules:
            assert rule in RB.rules, (name, rule)


def test_the_trace_cites_the_marvel_champions_rules_for_kernel_steps():
    """Profile.rules: windows, ordering, checks and replacements cite the glossary, not the kernel."""
    game = RB.scenario("forced-responses-ordered")
    kinds = {r["kind"]: r["rule"] for r in game.trace.records}
    assert kinds["window"] == "mc.response"
    assert game.decision.rule == "mc.forced"
    game = sandbox(1)
    road = known(game.table, "roadblock", "play:side", None, threat=1)
    reopen(game)
    game.apply(f"thwart:{E.identity(game, 0)}>{road}")  # the side scheme left at 0 threat: found by the check
    assert any(r["kind"] == "check" and r["rule"] == "mc.assume.state_checks" for r in game.trace.records)
    assert not any(r["rule"].startswith("core.") for r in game.trace.records)


def test_board_view_is_plain_json_and_hides_what_it_must():
    game = RB.scenario("boost-after-defence")
    board = RB.board(game, 0)
    json.dumps(board)
    by_id = {c["id"]: c for c in board["cards"]}
    boost = game.state.zone("boost")[0]
    assert by_id[boost]["face_down"] and by_id[boost]["name"] is None
    ident = E.identity(game, 0)
    assert by_id[ident]["name"] == "Aegis" and by_id[ident]["option"] == [ident]  # it may defend
    html = game._repr_html_()
    assert "Dread Marauder" in html
