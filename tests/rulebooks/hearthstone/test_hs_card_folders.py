"""A teacher's card folder for Hearthstone (issue 17): its cards and its own decks.toml, whose decks may name
them (hs.deck: 30 cards; hs.copies: at most 2 copies); the shipped rulebook and its decks stay as they were."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import tabletop as tt

IMP = """
[[card]]
id = "ember_imp"
name = "Ember Imp"
invented = true
type = "minion"
class = "neutral"
cost = 1
attack = 1
health = 1
text = "Battlecry: deal 1 damage to a character."
rules = ["hs.assume.battlecry"]
battlecry = [{ effect = "damage", amount = 1, target = "character" }]
"""


def deck(name: str, imps: int = 2, hero: str = "hero_mage") -> str:
    rest = tt.rulebook("hearthstone").cards.decks["mage"]["cards"][: 30 - imps]
    ids = ", ".join(f'"{c}"' for c in ["ember_imp"] * imps + rest)
    return f'[{name}]\nhero = "{hero}"\ncards = [{ids}]\n'


def folder(tmp_path: Path, decks: str | None) -> Path:
    path = tmp_path / "my_cards"
    path.mkdir()
    (path / "imps.toml").write_text(IMP, encoding="utf-8")
    if decks is not None:
        (path / "decks.toml").write_text(decks, encoding="utf-8")
    return path


def test_a_folder_deck_names_the_folder_cards_and_plays(tmp_path):
    hs = tt.rulebook("hearthstone")
    mine = hs.with_cards(folder(tmp_path, deck("imps")))
    assert "imps" in mine.cards.decks and "imps" in mine.options["deck0"].choices
    assert "imps" not in hs.cards.decks and "imps" not in hs.options["deck0"].choices
    game = mine.new_game(seed=3, deck0="imps", first="0")
    # the deck's cards are face down (anonymous objects): what it holds is in the position, the teacher's view
    zones = tomllib.loads(game.to_position())["zones"]
    in_hand = [c if isinstance(c, str) else c["card"] for c in zones["hand:0"]]
    in_deck = zones["deck:0"]["cards"]
    assert (
        in_hand.count("ember_imp")
        + (in_deck.get("ember_imp", 0) if isinstance(in_deck, dict) else in_deck.count("ember_imp"))
        == 2
    )
    with pytest.raises(tt.RulebookOptionError, match="'imps' is not one of"):
        hs.new_game(seed=3, deck0="imps")
    # the shipped decks are unchanged by the folder: the same seeded game
    assert mine.new_game(seed=3).fingerprint() == hs.new_game(seed=3).fingerprint()


def test_a_folder_without_decks_keeps_the_rulebook_options(tmp_path):
    mine = tt.rulebook("hearthstone").with_cards(folder(tmp_path, None))
    assert "ember_imp" in mine.cards and mine.options == tt.rulebook("hearthstone").options


def test_a_broken_folder_deck_names_the_file_the_deck_and_the_field(tmp_path):
    hs = tt.rulebook("hearthstone")
    with pytest.raises(tt.CardDataError, match=r"decks\.toml.*'imps'.*cards") as e:
        hs.with_cards(folder(tmp_path, deck("imps", imps=3)))
    assert "copies" in str(e.value) or "at most 2" in str(e.value)


def test_a_folder_deck_may_not_take_a_shipped_deck_name(tmp_path):
    with pytest.raises(tt.CardDataError, match="a deck of this name is in the rulebook already"):
        tt.rulebook("hearthstone").with_cards(folder(tmp_path, deck("mage")))
