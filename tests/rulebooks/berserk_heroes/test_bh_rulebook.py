"""The rulebook as data: rule table, card catalogue and schema, options, scenarios and the board view."""

import json

import pytest

import tabletop as tt
from tabletop.games.berserk_heroes import catalogue

RB = tt.rulebook("berserk_heroes")
SEED = "001_240eaaff2b2d73c1.txt"
SEED_LINES = 53  # the seed file has 53 lines; the rules are in L1-L51


# ------------------------------------------------------------------ rule table
def test_every_rule_cites_the_seed_by_line():
    """Every rule names the seed; text rules have a line range inside L1-L51 and the Russian term."""
    for rule in RB.rules:
        assert rule.source == SEED, rule.id
        if rule.lines:
            for a, b in rule.lines:
                assert 1 <= a <= b <= 51, rule.id
        if not rule.assumption:
            assert rule.lines and rule.term, f"{rule.id} must cite lines and the Russian term"
            assert any("\u0400" <= ch <= "\u04ff" for ch in rule.term), f"{rule.id}: term is not Russian"


def test_rules_of_the_fragment_are_all_in_the_table():
    """520-522 and the glossary entries this rulebook models all have rule ids."""
    ids = {r.id for r in RB.rules}
    for rid in (
        "bh.520.1", "bh.520.2", "bh.520.3", "bh.520.4", "bh.520.5", "bh.lose_coin", "bh.521.1", "bh.522.1",
        "bh.522.1.spell", "bh.vanguard", "bh.free", "bh.squad", "bh.action", "bh.protection",
        "bh.protection.spell", "bh.create", "bh.created", "bh.warrior", "bh.mage",
    ):  # fmt: skip
        assert rid in ids


def test_assumptions_are_marked_and_options_point_to_rules():
    """Where the text is silent the rulebook states an assumption; options cite a rule of the table."""
    assumed = {r.id for r in RB.rules.assumptions()}
    for rid in ("bh.assume.turn", "bh.assume.combat", "bh.assume.death", "bh.assume.win", "bh.assume.setup"):
        assert rid in assumed
        assert RB.rules[rid].outside_text
    for rid in ("bh.assume.rounding", "bh.assume.temporary_limit", "bh.assume.payment"):
        assert rid in assumed
    for spec in RB.options.values():
        assert spec.rule is None or spec.rule in RB.rules, spec.name


def test_each_assumption_names_the_options_that_switch_it():
    """Every option that switches an assumption (its ``rule``) is named in that assumption's ``option``
    (several are comma-separated), and every option an assumption names exists and cites it back."""
    for spec in RB.options.values():
        rule = RB.rules.get(spec.rule) if spec.rule else None
        if rule is not None and rule.assumption:
            assert spec.name in [n.strip() for n in rule.option.split(",")], (spec.name, rule.id)
    named = 0
    for rule in RB.rules.assumptions():
        for name in filter(None, (n.strip() for n in rule.option.split(","))):
            assert name in RB.options and RB.options[name].rule == rule.id, (rule.id, name)
            named += 1
    assert named == len([s for s in RB.options.values() if s.rule and RB.rules[s.rule].assumption]) == 13
    assert RB.rules["bh.assume.vanguard"].option == "vanguard_cost"
    assert RB.rules["bh.assume.stalemate"].option == "stalemate"


def test_seed_file_lines_match_the_terms(seed_text):
    """The cited lines really contain the Russian terms (skipped where the seed is absent)."""
    lines = seed_text(SEED).splitlines()
    assert len(lines) == SEED_LINES
    for rid, word in (
        ("bh.520.3", "10 монет"),
        ("bh.521.1", "модификаторы применяются"),
        ("bh.522.1", "Конструктор"),
        ("bh.vanguard", "Авангард"),
        ("bh.free", "Бесплатно"),
        ("bh.squad", "Взять карту в отряд"),
        ("bh.protection", "Защита от"),
        ("bh.lose_coin", "Потеряйте монету"),
        ("bh.create", "Создайте"),
        ("bh.created", "Созданный"),
    ):
        ((a, b),) = RB.rules[rid].lines
        text = "\n".join(lines[a - 1 : b])
        if rid == "bh.522.1":
            text = "\n".join(lines[a - 3 : b])  # the heading is two lines above 522.1
        assert word in text, (rid, word)


# -------------------------------------------------------------------- options
@pytest.mark.parametrize(
    ("name", "value"),
    [("division_rounding", "sideways"), ("pay_with", "any"), ("starting_coins", -1), ("scenario", "nope")],
)
def test_bad_options_fail_at_load(name, value):
    with pytest.raises(tt.RulebookOptionError):
        RB.new_game(seed=0, **{name: value})


# ------------------------------------------------------------------ card data
def test_every_card_is_marked_invented_and_cites_known_rules():
    for cid, card in RB.cards.items():
        assert card["invented"] is True, cid
        for rid in card.get("rules", ()):
            assert rid in RB.rules, (cid, rid)


def write(tmp_path, text):
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """
[[card]]
id = "test_knight"
name = "Test Knight"
invented = true
type = "creature"
cost = 2
strike = 2
life = 3
text = ""
"""


def test_a_new_card_with_existing_effects_needs_no_python(tmp_path):
    """A card file using existing effects loads with the same loader and schema."""
    path = write(tmp_path, GOOD + '[[card.triggers]]\non = "enter_squad"\nself = true\n'
                 'effects = [{ effect = "create", card = "skeleton" }]\n')  # fmt: skip
    cards = catalogue.load([path])
    assert cards["test_knight"]["triggers"][0]["effects"][0]["effect"] == "create"
    assert [ab.kind for ab in catalogue.abilities(cards["test_knight"])] == ["triggered"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (("strike = 2\n", ""), "strike"),  # a creature without strike
        (("cost = 2", 'cost = "two"'), "cost"),
        (("life = 3", "life = 0"), "life"),
        (('type = "creature"', 'type = "artifact"'), "type"),
        (('text = ""', 'text = ""\nvanguard = "x"'), "vanguard"),
        (('text = ""', 'text = ""\neffects = [{ effect = "explode" }]'), "effects.0.effect"),
        (('text = ""', 'text = ""\nprotection = []'), "protection"),
        (('text = ""', 'text = ""\ncolour = "red"'), "colour"),
    ],
)
def test_a_broken_card_names_file_card_and_field(tmp_path, change, field):
    """Malformed card data fails at load with the file, the card and the field named."""
    path = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(tt.CardDataError) as info:
        catalogue.load([path])
    err = info.value
    assert err.file == "broken.toml" and err.card == "test_knight" and err.field == field
    assert "broken.toml" in str(err) and "test_knight" in str(err) and field in str(err)


def test_broken_toml_names_the_file(tmp_path):
    path = write(tmp_path, GOOD.replace("cost = 2", "cost = = 2"))
    with pytest.raises(tt.CardDataError, match=r"broken\.toml"):
        catalogue.load([path])


# ------------------------------------------------------------------ scenarios
def test_scenarios_build_and_cite_known_rules():
    expected = {"modifier-order", "temporary-coins", "constructor-chain", "protection", "vanguard", "create"}
    assert expected <= set(RB.scenarios)
    for name, sc in RB.scenarios.items():
        game = RB.scenario(name)
        assert game.decision is not None and game.decision.player == 0, name
        assert all(r in RB.rules for r in sc.rules), name
        assert game.replay().fingerprint() == game.fingerprint(), name


# ---------------------------------------------------------------- board view
def test_board_is_plain_json_with_zones_cards_and_options():
    game = RB.scenario("vanguard")
    board = RB.board(game.table, 0)
    assert json.loads(json.dumps(board)) == board
    assert board["layout"] == "zones"
    zone_ids = {z["id"] for z in board["zones"]}
    assert {"hand:0", "play:0", "deck:0", "grave:0", "supply:0", "coins:0", "hero:1"} <= zone_ids
    captain = next(c for c in board["cards"] if c.get("name") == "Scout Captain")
    assert captain["cost"] == 3 and captain["stats"] == {"strike": 2, "life": 3} and captain["vanguard"] == 2
    assert captain["option"] == [f"play:{captain['id']}"]
    assert captain["tapped"] is False and captain["face_down"] is False and captain["statuses"] == []
    coin = next(c for c in board["cards"] if c["zone"] == "coins:0")
    assert coin["kind"] == "coin" and coin["temporary"] is False and coin["tapped"] is False
    hero = next(c for c in board["cards"] if c["zone"] == "hero:0")
    assert hero["option"] == []  # Battle Cry needs a creature of yours, and there is none yet
    hero = next(c for c in RB.board(RB.scenario("protection"), 0)["cards"] if c["zone"] == "hero:0")
    assert hero["option"] == [f"use:{hero['id']}#0"]
    assert board["decision"]["kind"] == "action"


def test_board_hides_the_enemy_hand_and_options_of_the_other_player():
    game = RB.scenario("vanguard")
    board = RB.board(game, 1)
    hand = [c for c in board["cards"] if c["zone"] == "hand:0"]
    assert hand and all(c["name"] is None and c["face_down"] and c["option"] == [] for c in hand)
    assert board["decision"] is None and board["to_move"] == 0


def test_board_shows_counters_statuses_and_closing():
    game = RB.scenario("protection")
    spectator = RB.board(game.table)
    assert not [c for c in spectator["cards"] if c["zone"] == "hand:0" and c["name"]]  # a spectator sees no hand
    cards = RB.board(game, 0)["cards"]
    pikeman = next(c["id"] for c in cards if c.get("name") == "Pikeman")
    golem = next(c["id"] for c in cards if c.get("name") == "Stone Golem")
    spell = next(c["id"] for c in cards if c.get("name") == "Firebolt")
    game.apply(f"play:{spell}")
    board = {c["id"]: c for c in RB.board(game, 0)["cards"]}
    assert board[golem]["option"] == [golem]  # the target decision offers the Golem
    game.apply(golem)
    board = {c["id"]: c for c in RB.board(game, 0)["cards"]}
    assert board[golem]["counters"] == {"wounds": 2}
    assert any(c["tapped"] for c in board.values() if c["zone"] == "coins:0")
    attacks = [o for o in game.legal() if o.startswith(f"attack:{pikeman}>")]
    assert len(attacks) == 3 and board[pikeman]["option"] == attacks  # the hero, the Golem, the Monk
