"""Deck and build validation (issue 15, piece 10): each constraint, when broken, names the deck, the card
and the constraint; a deck that breaks several gets every violation, in deck order.

The toy rule sets are the deck rules of the rule texts, on toy catalogues: Warlord (seed 004 L92, the same
text at L262), Guild Wars 2 (seed 000 L113-L114, L148, L154), Nebozhiteli (seed 003 L32) and Paragon (seed
000 L77).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tabletop.core.deckrules import (
    Allowed,
    Attached,
    Budget,
    Copies,
    Count,
    DeckError,
    DeckRules,
    Share,
    Size,
    Violation,
    matches,
)

HALF = Fraction(1, 2)


def cited(seed_text, seed, line, *phrases):
    text = seed_text(seed).splitlines()[line - 1]
    for phrase in phrases:
        assert phrase in text, (seed, line, phrase)


# ------------------------------------------------------------------ Warlord (004 L92/L262)
def warlord_cards():
    cards = {"w": {"name": "Warlord", "type": "character", "traits": ["Warlord"], "level": 5}}
    for i in range(8):  # 8 characters of levels 1 and 2, 8 actions, 8 items; 3 copies of each: 72 cards to take from
        cards[f"c{i}"] = {"name": f"Soldier {i}", "type": "character", "traits": [], "level": 1 + i % 2}
        cards[f"a{i}"] = {"name": f"Action {i}", "type": "action"}
        cards[f"i{i}"] = {"name": f"Item {i}", "type": "item"}
    cards["c0_alt"] = {**cards["c0"]}  # another printing of Soldier 0: the same card by name
    return cards


WARLORD = DeckRules(
    Size(at_least=50, rule="wl.deck"),
    Copies(at_most=3, by="name", rule="wl.deck"),
    Share(by="type", at_most=HALF, values=("character", "action", "item"), rule="wl.deck"),
    Count(where={"traits": "Warlord"}, at_least=1, about="a Warlord", rule="wl.army"),
    Count(where={"type": "character", "level": 1}, at_least=3, about="a level 1 character", rule="wl.army"),
    Count(where={"type": "character", "level": 2}, at_least=2, about="a level 2 character", rule="wl.army"),
)


def warlord_deck():
    """50 cards: the Warlord, 24 soldiers, 13 actions, 12 items (no type over 25)."""
    soldiers = [f"c{i}" for i in range(8) for _ in range(3)]
    return ["w", *soldiers, *[f"a{i}" for i in range(5) for _ in range(3)][:13], *[f"i{i % 6}" for i in range(12)]]


def test_warlord_rule_text(seed_text):
    for line in (92, 262):
        cited(seed_text, "004_445e52d7fb23d2a0.txt", line, "не менее 50 карт", "не более 3-х копий", "половину")


def test_a_legal_warlord_deck_has_no_violation():
    deck = warlord_deck()
    assert len(deck) == 50
    assert WARLORD.check(deck, warlord_cards()) == []
    WARLORD.validate(deck, warlord_cards())  # no error


def test_too_few_cards():
    deck = warlord_deck()
    del deck[1]  # a soldier: 24 characters of 49 stay under half
    [v] = WARLORD.check(deck, warlord_cards(), name="Nothrog")
    assert v == Violation("Nothrog", None, "a deck of at least 50 cards", "wl.deck", "49 cards; at least 50", -1)
    assert str(v) == "Nothrog: 49 cards; at least 50 (a deck of at least 50 cards [wl.deck])"


def test_copies_count_by_name_across_printings():
    deck = warlord_deck()
    deck[deck.index("c1")] = "c0_alt"  # a 4th Soldier 0, printed on another card
    [v] = WARLORD.check(deck, warlord_cards(), name="Nothrog")
    assert (v.deck, v.card, v.rule) == ("Nothrog", "c0", "wl.deck")
    assert v.constraint == "at most 3 copies of a card, by name"
    assert v.problem == "4 copies of name 'Soldier 0'; at most 3"


def test_a_type_over_half_the_deck_names_the_first_card_past_it():
    deck = warlord_deck()
    deck[deck.index("i2")] = "scout"
    cards = {**warlord_cards(), "scout": {"name": "Scout", "type": "character", "traits": [], "level": 1}}
    [v] = WARLORD.check(deck, cards, name="Nothrog")
    assert (v.constraint, v.rule) == ("no type more than 1/2 of the deck", "wl.deck")
    assert v.problem == "26 of the 50 cards have type 'character'; at most 25"
    assert (v.card, v.at) == ("scout", 40)  # the 26th character in deck order


def test_a_deck_without_a_starting_army():
    deck = [c for c in warlord_deck() if c != "w"] + ["a7"]
    [v] = WARLORD.check(deck, warlord_cards())
    assert (v.deck, v.card, v.constraint) == ("deck", None, "at least 1 of a Warlord")
    assert v.problem == "0 cards are a Warlord; at least 1"


def test_every_violation_is_reported_together():
    deck = ["w", "w", "w", "w", "c1", "nope"]
    with pytest.raises(DeckError) as info:
        WARLORD.validate(deck, warlord_cards(), name="mine")
    got = [(v.card, v.problem) for v in info.value.violations]
    assert got == [  # the deck's own first, in the order declared; then in deck order
        (None, "6 cards; at least 50"),
        (None, "0 cards are a level 1 character; at least 3"),
        (None, "1 card is a level 2 character; at least 2"),
        ("w", "4 copies of name 'Warlord'; at most 3"),
        ("w", "5 of the 6 cards have type 'character'; at most 3"),
        ("nope", "no card 'nope'"),
    ]
    assert [v.at for v in info.value.violations] == [-1, -1, -1, 0, 3, 5]
    text = str(info.value)
    assert text.startswith("deck 'mine' breaks 6 rule(s):\n  - mine: 6 cards; at least 50")
    assert "mine, card 'nope': no card 'nope'" in text


# ------------------------------------------------------------------ Guild Wars 2 (000 L113-L114, L148, L154)
def gw2_cards():
    cards = {"warrior": {"type": "profession"}}
    for i in range(5):
        cards[f"skill{i}"] = {"type": "skill", "profession": "warrior"}
    cards["ranger_skill"] = {"type": "skill", "profession": "ranger"}
    for i in range(14):
        cards[f"basic{i}"] = {"type": "minion", "rarity": "basic"}
    cards["exotic"] = {"type": "minion", "rarity": "exotic"}
    cards["legend0"] = {"type": "minion", "rarity": "legendary"}
    cards["legend1"] = {"type": "minion", "rarity": "legendary"}
    return cards


def gw2_rules(profession="warrior"):
    return DeckRules(
        Size(exactly=40, rule="gw2.deck"),
        Allowed(unless={"type": "profession"}, about="a skill or minion card", rule="gw2.deck"),
        Allowed(
            where=lambda c: c["type"] != "skill" or c["profession"] == profession, about="a skill of the profession"
        ),
        Count(where={"type": "skill"}, exactly=10, about="a skill", rule="gw2.skills"),
        Count(where={"type": "minion"}, exactly=30, about="a minion", rule="gw2.minions"),
        Copies(exactly=2, where={"type": "skill"}, about="a skill", rule="gw2.skills"),
        Copies(at_most=2, where={"rarity": ("basic", "exotic")}, rule="gw2.minions"),
        Copies(at_most=1, where={"rarity": "legendary"}, about="a Legendary card", rule="gw2.minions"),
    )


def gw2_deck():
    skills = [f"skill{i}" for i in range(5) for _ in range(2)]
    minions = [f"basic{i}" for i in range(14) for _ in range(2)] + ["legend0", "legend1"]
    return skills + minions


def test_gw2_rule_text(seed_text):
    seed = "000_7fc8e0fd1bcbc422.txt"
    cited(seed_text, seed, 113, "Карта профессии не является частью колоды")
    cited(seed_text, seed, 114, "40 карт", "10 карт умений", "30 миньонов")
    cited(seed_text, seed, 148, "по две каждого умения")
    cited(seed_text, seed, 154, "30 карт миньонов", "до двух одинаковых", "по 1 из каждых легендарных")


def test_a_legal_gw2_deck():
    assert len(gw2_deck()) == 40 and gw2_rules().check(gw2_deck(), gw2_cards()) == []


def test_gw2_one_copy_of_a_legendary():
    deck = gw2_deck()
    deck[-1] = "legend0"
    [v] = gw2_rules().check(deck, gw2_cards(), name="warrior deck")
    assert (v.card, v.rule, v.problem) == ("legend0", "gw2.minions", "2 copies of 'legend0'; at most 1")
    assert v.constraint == "at most 1 copies of a Legendary card"


def test_gw2_two_of_each_skill_and_the_skills_of_the_profession():
    deck = gw2_deck()
    deck[1] = "ranger_skill"  # skill0 once, and a ranger's skill
    violations = gw2_rules().check(deck, gw2_cards())
    assert [(v.card, v.constraint, v.problem) for v in violations] == [
        ("skill0", "exactly 2 copies of a skill", "1 copies of 'skill0'; at least 2"),
        ("ranger_skill", "only a skill of the profession", "'ranger_skill' is not allowed"),
        ("ranger_skill", "exactly 2 copies of a skill", "1 copies of 'ranger_skill'; at least 2"),
    ]


def test_gw2_the_profession_card_is_not_part_of_the_deck_and_sub_counts():
    deck = [*gw2_deck()[:-1], "warrior"]
    violations = gw2_rules().check(deck, gw2_cards())
    assert [(v.card, v.constraint) for v in violations] == [
        (None, "exactly 30 of a minion"),
        ("warrior", "only a skill or minion card"),
    ]
    deck = [*gw2_deck()[:-1], "skill4"]  # 11 skills: the first one too many is named
    [minions, copies, skills] = gw2_rules().check(deck, gw2_cards())
    assert (minions.card, minions.problem) == (None, "29 cards are a minion; at least 30")
    assert (copies.card, copies.at, copies.problem) == ("skill4", 8, "3 copies of 'skill4'; at most 2")
    assert (skills.card, skills.at, skills.problem) == ("skill4", 39, "11 cards are a skill; at most 10")


# ------------------------------------------------------------------ Nebozhiteli (003 L32): sub-decks
NEBO_CARDS = {f"cr{i}": {"type": "creature"} for i in range(16)} | {f"sp{i}": {"type": "spell"} for i in range(40)}
NEBOZHITELI = DeckRules(
    parts={
        "creatures": DeckRules(Size(exactly=16, rule="nb.decks"), Allowed(where={"type": "creature"}, rule="nb.decks")),
        "main": DeckRules(Size(exactly=40, rule="nb.decks"), Allowed(unless={"type": "creature"}, rule="nb.decks")),
        "additional": DeckRules(Size(exactly=16, rule="nb.decks"), optional=True),  # either kind, any ratio
    },
    rule="nb.decks",
)


def nebo_deck():
    return {"creatures": [f"cr{i}" for i in range(16)], "main": [f"sp{i}" for i in range(40)]}


def test_nebozhiteli_rule_text(seed_text):
    cited(seed_text, "003_d48e1762333e061a.txt", 32, "16 карт", "из 40 карт", "не лимитируется")


def test_nebozhiteli_parts():
    assert NEBOZHITELI.check(nebo_deck(), NEBO_CARDS) == []
    extra = {**nebo_deck(), "additional": [f"cr{i}" for i in range(8)] + [f"sp{i}" for i in range(8)]}
    assert NEBOZHITELI.check(extra, NEBO_CARDS) == []  # the additional set mixes both kinds freely
    bad = {"creatures": [f"cr{i}" for i in range(15)] + ["sp0"], "main": [f"sp{i}" for i in range(39)], "side": []}
    got = [(v.deck, v.card, v.problem) for v in NEBOZHITELI.check(bad, NEBO_CARDS, name="p1")]
    assert got == [
        ("p1", None, "unknown part 'side'"),
        ("p1/main", None, "39 cards; exactly 40"),
        ("p1/creatures", "sp0", "'sp0' is not allowed"),
    ]


def test_nebozhiteli_missing_part_and_a_flat_list():
    [v] = NEBOZHITELI.check({"creatures": nebo_deck()["creatures"]}, NEBO_CARDS)
    assert (v.deck, v.problem, v.rule) == ("deck", "no part 'main'", "nb.decks")
    [v] = NEBOZHITELI.check(["cr0"], NEBO_CARDS)
    assert v.problem == "the deck has parts 'creatures', 'main', 'additional'"


# ------------------------------------------------------------------ Paragon (000 L77): a points budget
PARAGON_CARDS = {"blade": {"cost": 3}, "shield": {"cost": 6}, "edge": {"cost": 1}, "gem": {"cost": 2}}
PARAGON = DeckRules(Budget(at_most=60, field="cost", rule="pg.points"), Attached(at_most=3, rule="pg.upgrades"))


def test_paragon_rule_text(seed_text):
    cited(seed_text, "000_7fc8e0fd1bcbc422.txt", 77, "максимум 3 усиления", "максимум 60 очков")


def test_paragon_upgrades_and_budget():
    build = [{"card": "blade", "attached": ["edge", "edge", "gem"]}] + ["shield"] * 8  # 3+4 + 48 = 55
    assert PARAGON.check(build, PARAGON_CARDS) == []
    build = [{"card": "blade", "attached": ["edge", "edge", "gem", "gem"]}] + ["shield"] * 9
    got = [(v.card, v.at, v.constraint, v.problem) for v in PARAGON.check(build, PARAGON_CARDS, name="Kallari")]
    assert got == [
        ("blade", 0, "at most 3 cards attached to a card", "4 cards attached to 'blade'; at most 3"),
        ("shield", 9, "at most 60 cost in all", "63 cost in all; at most 60"),  # the card that goes past 60
    ]
    assert DeckRules(Budget(at_most=60, attached=False)).check(build, PARAGON_CARDS) == []  # 3 + 54


# ------------------------------------------------------------------ the machinery
def test_unknown_and_malformed_entries_are_named_and_not_counted():
    rules = DeckRules(Size(exactly=3), Allowed(where={"cost": 3}))
    got = [(v.card, v.at, v.problem) for v in rules.check(["blade", 7, "x"], PARAGON_CARDS)]
    assert got == [(None, 1, "entry 2 is not a card: 7"), ("x", 2, "no card 'x'")]  # 3 entries: the size holds
    assert [v.problem for v in rules.check("blade", PARAGON_CARDS)] == [
        "a deck is a list of card ids, not 'blade'",
        "0 cards; exactly 3",
    ]
    assert rules.check([{"card": "blade", "attached": ["nope"]}, "blade", "blade"], PARAGON_CARDS)[0].card == "nope"


def test_says_words_a_violation_in_the_rulebooks_terms():
    rules = DeckRules(
        Size(exactly=2, says="a deck holds {limit} cards, not {count}"),
        Copies(at_most=1, says="{count} copies of {card!r} (cost {c[cost]}); at most {limit}"),
    )
    assert [v.problem for v in rules.check(["gem"] * 3, PARAGON_CARDS)] == [
        "a deck holds 2 cards, not 3",
        "3 copies of 'gem' (cost 2); at most 1",
    ]


def test_limit_field_lets_a_card_say_its_own_limit():
    cards = {"second_wind": {"name": "Second Wind", "max": 1}, "punch": {"name": "Punch"}}
    rules = DeckRules(Copies(limit_field="max", by="name"))
    [v] = rules.check(["second_wind", "second_wind", "punch", "punch", "punch"], cards)
    assert (v.card, v.problem) == ("second_wind", "2 copies of name 'Second Wind'; at most 1")
    assert v.constraint == "its own max copies of a card, by name"


def test_bad_declarations_fail_when_made():
    for make, says in [
        (lambda: Size(), "needs exactly, at_least or at_most"),
        (lambda: Size(exactly=3, at_most=4), "not both"),
        (lambda: Size(at_least=5, at_most=4), "more than"),
        (lambda: Copies(at_most=-1), "whole number"),
        (lambda: Count(where={}, at_most=True), "whole number"),
        (lambda: Share(at_most=Fraction(3, 2)), "a fraction from 0 to 1"),
    ]:
        with pytest.raises(ValueError, match=says):
            make()
    with pytest.raises(TypeError, match="takes constraints"):
        DeckRules({"size": 3})


def test_matches():
    card = {"traits": ["Warlord", "Orc"], "level": 3, "type": "character"}
    assert matches(card, None) and matches(card, {"traits": "Orc"}) and matches(card, {"level": {2, 3}})
    assert not matches(card, {"traits": "Elf"}) and not matches(card, {"faction": "Orc"})
    assert matches(card, lambda c: c["level"] > 2)


def test_a_share_counts_only_the_cards_that_have_the_field():
    cards = {"x": {"type": "action"}, "token": {}}
    assert DeckRules(Share(at_most=HALF)).check(["x", "token", "token", "token"], cards) == []
    [v] = DeckRules(Share(at_most=HALF)).check(["x", "x", "x", "token"], cards)
    assert (v.card, v.at, v.problem) == ("x", 2, "3 of the 4 cards have type 'action'; at most 2")
