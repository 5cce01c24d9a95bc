"""The rule table of gw2_heroes_of_the_mists (seed 000_7fc8e0fd1bcbc422.txt, L103-L158): every cited line holds
its Russian term, every assumption names an option of the rulebook or says why none is needed, and the digest's
section 11 ambiguities each have an assumption."""

import re

from gw2 import RB, SEED

SEED_LINES = 1526


def test_cited_lines_hold_the_russian_terms(seed_text):
    lines = seed_text(SEED).splitlines()
    assert len(lines) == SEED_LINES
    checked = 0
    for rule in RB.rules:
        if rule.assumption or not rule.term:
            continue
        text = " ".join(" ".join(lines[n - 1] for n in range(a, b + 1)) for a, b in rule.lines)
        for piece in re.split(r"\s*\.\.\.\s*|;\s*", rule.term):
            assert piece.strip() in text, (rule.id, piece)
        assert all(103 <= a <= b <= 158 for a, b in rule.lines), rule.id
        checked += 1
    assert checked >= 25


def test_every_assumption_names_an_option_or_why_none_is_needed():
    names = set(RB.options)
    for rule in RB.rules:
        if not rule.assumption:
            continue
        assert bool(rule.option) != bool(rule.fixed), rule.id
        for option in filter(None, (o.strip() for o in rule.option.split(","))):
            assert option in names, (rule.id, option)


def test_the_ambiguities_of_section_11_are_assumptions():
    """Digest section 11: stamina, counter-damage, the modifier order and rounding, blocked attacks and
    Vulnerability/Weakness, Protection at 0, Blind's countdown, several Taunts, attacks a turn, the first
    player: each an assumption with its option."""
    wanted = {
        "gw2.assume.stamina": "stamina",
        "gw2.assume.counter": "counter",
        "gw2.assume.damage_order": "might, rounding",
        "gw2.assume.blocked": "blocked_gets_through",
        "gw2.assume.weakness": "weakness_ends",
        "gw2.assume.protection": "zero_removes_protection",
        "gw2.assume.blind": "blind_countdown",
        "gw2.assume.taunts": "taunts",
        "gw2.assume.attacks": "attacks_per_turn",
        "gw2.assume.first_player": "first_player",
    }
    for rid, option in wanted.items():
        rule = RB.rules[rid]
        assert rule.assumption and rule.option == option, rid
