"""The deck of 000 L107, L112-L114, L148, L150-L154, checked by the kernel's deck rules: the two shipped decks
are legal, and each constraint of the text refuses a deck that breaks it."""

import pytest
from gw2 import RB

from tabletop.games.gw2_heroes_of_the_mists.catalogue import deck_rules


def _problems(cards, profession="guardian"):
    return [str(v) for v in deck_rules(profession).check(cards, RB.cards, name="d")]


def test_the_shipped_decks_are_legal_and_every_card_is_marked_invented():
    for name, deck in RB.cards.decks.items():
        assert _problems(deck["cards"], deck["hero"]) == [], name
        assert RB.cards[deck["hero"]]["type"] == "profession"  # L113: the profession card is not in the deck
    assert all(c["invented"] for c in RB.cards.values())
    kinds = {c["type"] for c in RB.cards.values()}
    assert kinds == {"profession", "skill", "minion"}  # L112: three card types
    rarities = [c["rarity"] for c in RB.cards.values() if c["type"] == "minion"]
    assert {r: rarities.count(r) for r in set(rarities)} == {"basic": 8, "exotic": 7, "legendary": 5}
    for prof in ("guardian", "necromancer"):
        assert sum(c.get("profession") == prof for c in RB.cards.values()) == 5  # L148: five skills, two each


def _swap(cards, out, into, n=1):
    cards = list(cards)
    for _ in range(n):
        cards.remove(out)
        cards.append(into)
    return cards


GUARDIAN = RB.cards.decks["guardian"]["cards"]


@pytest.mark.parametrize(
    "change, wanted",
    [
        (lambda d: d[:-1], "39 cards; exactly 40"),  # L114: 40 cards
        (lambda d: _swap(d, "moa", "skale"), "3 copies"),  # L154: at most two of a Basic
        (lambda d: _swap(d, "rytlock", "logan"), "2 copies"),  # L154: only 1 of a Legendary
        (lambda d: _swap(d, "shelter", "moa"), "9 cards are skill cards"),  # L114: 10 skill cards
        (lambda d: _swap(d, "shelter", "enfeeble", 2), "a skill of the guardian"),  # L148: the profession's skills
        (lambda d: _swap(d, "moa", "guardian"), "a skill or a minion"),  # L113: not the profession card
    ],
)
def test_each_deck_rule_of_the_text_refuses_a_deck_that_breaks_it(change, wanted):
    problems = _problems(change(GUARDIAN))
    assert any(wanted in p for p in problems), problems


def test_two_of_each_skill_is_required():
    """L148: "you must take two of each skill" (вы должны взять по две каждого умения)."""
    deck = _swap(GUARDIAN, "shelter", "shield_of_absorption")
    assert any("1 copies" in p or "exactly 2" in p for p in _problems(deck))
